"""The site's versions of Django's message middleware and django-csp's: the same
behaviour, without their cost on requests that do not need them."""

import pytest
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.contrib import messages
from django.http import HttpResponse
from django.test import RequestFactory

from portal.middleware import CSPMiddleware, MessageMiddleware

pytestmark = pytest.mark.django_db


def through_messages(view, cookies=None):
    """Run ``view`` under the message middleware (cookie storage, no session)."""
    request = RequestFactory().get("/")
    request.COOKIES.update(cookies or {})
    return MessageMiddleware(view)(request)


@pytest.fixture
def cookie_messages(settings):
    settings.MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"


def adds_a_message(request):
    messages.success(request, "Saved.")
    return HttpResponse()


def reads_messages(request):
    return HttpResponse(" ".join(str(m) for m in messages.get_messages(request)))


def ignores_messages(request):
    return HttpResponse("a page that shows no messages")


def test_a_message_added_is_shown_by_the_next_page(cookie_messages):
    saved = through_messages(adds_a_message).cookies["messages"].value
    assert through_messages(reads_messages, {"messages": saved}).content == b"Saved."


def test_a_page_that_shows_no_messages_leaves_them_for_the_next(cookie_messages):
    saved = through_messages(adds_a_message).cookies["messages"].value
    response = through_messages(ignores_messages, {"messages": saved})
    assert "messages" not in response.cookies  # neither stored again nor deleted
    assert through_messages(reads_messages, {"messages": saved}).content == b"Saved."


def test_a_page_that_shows_no_messages_makes_no_storage(cookie_messages):
    from django.utils.functional import empty

    request = RequestFactory().get("/")
    MessageMiddleware(ignores_messages)(request)
    assert request._messages._wrapped is empty


def test_messages_read_are_cleared(cookie_messages):
    saved = through_messages(adds_a_message).cookies["messages"].value
    response = through_messages(reads_messages, {"messages": saved})
    assert response.cookies["messages"]["max-age"] == 0  # deleted once shown


def test_the_admin_still_shows_its_messages(admin_client):
    response = admin_client.post(
        "/admin/auth/user/add/",
        {
            "username": "editor",
            "password1": "a long pass phrase 9",
            "password2": "a long pass phrase 9",
        },
        follow=True,
    )
    assert "was added successfully" in response.content.decode()


def policies(request, response):
    """The header from the site's middleware and from django-csp's own, for the same
    request and response."""
    ours = CSPMiddleware(lambda r: response)
    theirs = DjangoCSPMiddleware(lambda r: response)
    ours.process_request(request)
    first = ours.process_response(request, response)["Content-Security-Policy"]
    del response["Content-Security-Policy"]
    theirs.process_request(request)
    second = theirs.process_response(request, response)["Content-Security-Policy"]
    return first, second


def test_a_plain_response_has_django_csps_policy():
    ours, theirs = policies(RequestFactory().get("/"), HttpResponse())
    assert ours == theirs
    assert "frame-ancestors 'none'" in ours


def test_a_response_that_updates_the_policy_gets_its_update():
    response = HttpResponse()
    response._csp_update = {"frame-src": ["https://game.example"]}
    ours, theirs = policies(RequestFactory().get("/"), response)
    assert ours == theirs
    assert "https://game.example" in ours


def test_a_nonce_used_by_the_page_is_in_its_policy():
    request = RequestFactory().get("/")
    middleware = CSPMiddleware(lambda r: HttpResponse())
    middleware.process_request(request)
    nonce = str(request.csp_nonce)
    policy = middleware.process_response(request, HttpResponse())["Content-Security-Policy"]
    assert f"'nonce-{nonce}'" in policy


def test_a_nonce_asked_for_after_the_header_is_an_error():
    from csp.exceptions import CSPNonceError

    request = RequestFactory().get("/")
    middleware = CSPMiddleware(lambda r: HttpResponse())
    middleware.process_request(request)
    middleware.process_response(request, HttpResponse())
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)


def test_a_changed_policy_setting_is_followed(client, settings):
    assert "img-src 'self' data:" in client.get("/about/").headers["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    assert client.get("/about/?b=1").headers["Content-Security-Policy"] == "default-src 'none'"
