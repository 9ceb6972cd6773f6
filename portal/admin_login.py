"""Admin sign-in throttled per account and per client (docs/security.md).

The check runs in the login form before ``authenticate()``, so a throttled attempt never
reaches the deliberately slow password hash; only failed attempts are counted, so staff
who sign in correctly are never held back by their own visits.
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
        if ratelimits.exhausted(request, "login", account):
            # Read back by login() below; HttpRequest declares no such attribute.
            request.login_throttled = True  # type: ignore[attr-defined]
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        try:
            return super().clean()
        except ValidationError:
            ratelimits.hit(request, "login", account)
            raise


def login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
    response = admin.site.login(request, extra_context)
    if getattr(request, "login_throttled", False):
        response.status_code = 429
    return response
