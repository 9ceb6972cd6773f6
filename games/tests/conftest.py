import pytest
from django.contrib.auth.models import User


@pytest.fixture
def staff(client):
    """A client signed in as a superuser."""
    User.objects.create_superuser("staff", "staff@example.org", "pw-123456")
    client.login(username="staff", password="pw-123456")
    return client
