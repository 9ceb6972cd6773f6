"""Admin sign-in throttled per account and client, and per client (docs/security.md).

The check runs in the login form before ``authenticate()``, so a throttled attempt never
reaches the deliberately slow password hash; only failed attempts are counted, so staff
who sign in correctly are never held back by their own visits. Failures count against
the pair of account and client address, never the account alone: otherwise anyone could
lock a staff member out by typing wrong passwords for their account.
"""

from typing import Any

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from portal import ratelimits


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    error_messages = {
        **AdminAuthenticationForm.error_messages,
        "throttled": _(
            "Too many failed sign-in attempts. Please wait a few minutes and try again."
        ),
    }

    def clean(self) -> dict[str, Any]:
        request = self.request
        assert request is not None, "the admin's login view always passes the request"
        account = (self.cleaned_data.get("username") or "").casefold()
        # The address comes first and has no spaces, so no typed username can make one
        # client's key equal another's.
        pair = f"{ratelimits.client_ip(request)} {account}"
        if ratelimits.exhausted(request, "login", pair):
            # Read back by login() below; HttpRequest declares no such attribute.
            request.login_throttled = True  # type: ignore[attr-defined]
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        try:
            return super().clean()
        except ValidationError:
            ratelimits.hit(request, "login", pair)
            raise


def login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
    response = admin.site.login(request, extra_context)
    if getattr(request, "login_throttled", False):
        response.status_code = 429
    return response
