"""Admin sign-in is throttled per account and client, and per client (docs/security.md
"Admin sign-in")."""

import pytest
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.models import User
from django.test import Client
from django.utils.translation import override

from portal.admin_login import ThrottledAdminAuthenticationForm

pytestmark = pytest.mark.django_db

URL = "/admin/login/?next=/admin/"


@pytest.fixture
def staff():
    return User.objects.create_user("editor", password="correct horse 42", is_staff=True)


@pytest.fixture
def hashes(monkeypatch):
    """Count calls of authenticate(), where the slow password hash happens."""
    calls = []
    real = auth_forms.authenticate

    def counting(*args, **kwargs):
        calls.append(kwargs.get("username"))
        return real(*args, **kwargs)

    monkeypatch.setattr(auth_forms, "authenticate", counting)
    return calls


def sign_in(client: Client, username: str, password: str, **extra):
    return client.post(URL, {"username": username, "password": password}, **extra)


def test_a_correct_sign_in_works(staff):
    response = sign_in(Client(), "editor", "correct horse 42")
    assert response.status_code == 302


def test_correct_sign_ins_are_never_throttled(staff):
    for _ in range(8):
        assert sign_in(Client(), "editor", "correct horse 42").status_code == 302


def test_an_account_is_throttled_after_five_failures_before_the_hash(staff, hashes):
    for _ in range(5):
        assert sign_in(Client(), "editor", "wrong").status_code == 200
    assert len(hashes) == 5
    response = sign_in(Client(), "editor", "correct horse 42")
    assert response.status_code == 429
    assert "Too many failed sign-in attempts" in response.content.decode()
    assert len(hashes) == 5  # refused before authenticate() and its password hash


def test_the_throttle_ignores_the_case_of_the_account(staff):
    for _ in range(5):
        sign_in(Client(), "Editor", "wrong")
    assert sign_in(Client(), "editor", "correct horse 42").status_code == 429


def test_failures_from_one_address_never_lock_the_account_for_others(staff):
    # Anyone can type wrong passwords for a staff account: that must not lock its owner out.
    for _ in range(6):
        sign_in(Client(), "editor", "wrong", REMOTE_ADDR="198.51.100.1")
    response = sign_in(Client(), "editor", "correct horse 42", REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 302
    again = sign_in(Client(), "editor", "correct horse 42", REMOTE_ADDR="198.51.100.1")
    assert again.status_code == 429


def test_a_client_is_throttled_after_twenty_failures_on_any_accounts(staff):
    for n in range(20):
        sign_in(Client(), f"guess{n}", "wrong", REMOTE_ADDR="203.0.113.5")
    assert (
        sign_in(Client(), "editor", "correct horse 42", REMOTE_ADDR="203.0.113.5").status_code
        == 429
    )
    assert (
        sign_in(Client(), "editor", "correct horse 42", REMOTE_ADDR="203.0.113.6").status_code
        == 302
    )


def test_the_message_is_translated():
    # The admin renders in the active language; the message follows it.
    with override("de"):
        message = str(ThrottledAdminAuthenticationForm.error_messages["throttled"])
    assert message.startswith("Zu viele fehlgeschlagene Anmeldeversuche")
