"""Translators work in Rosetta."""

import pytest
from django.contrib.auth.models import Group, User

pytestmark = pytest.mark.django_db


@pytest.fixture
def translator(client):
    user = User.objects.create_user("tr", "tr@example.org", "pw-123456", is_staff=True)
    user.groups.add(Group.objects.get(name="translators"))
    client.force_login(user)
    return client


def test_a_translator_can_open_a_catalogue_in_rosetta(translator):
    response = translator.get("/rosetta/files/project/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "German" in html and 'href="/rosetta/files/project/de/0/"' in html
    detail = translator.get("/rosetta/files/project/de/0/")
    assert detail.status_code == 200


def test_anyone_else_is_sent_to_the_login(client):
    response = client.get("/rosetta/files/project/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
