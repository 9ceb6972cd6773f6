"""Fixtures shared by the puzzle app's tests."""

import pytest
from django.contrib.auth.models import User


@pytest.fixture
def staff(client, settings, tmp_path):
    """The test client signed in as a superuser, with uploads in a temporary folder."""
    settings.MEDIA_ROOT = tmp_path
    user = User.objects.create_superuser("staff", "staff@example.org", "pw-123456")
    client.force_login(user)
    return client
