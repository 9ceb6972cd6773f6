"""The admin in the staff member's language, and translated inputs that say theirs.

``AdminLanguageMiddleware`` serves /admin/ and /rosetta/ in the language chosen in the
admin's header (a cookie), else the one chosen on the site (its cookie), else the
browser's, else English; Django ships admin translations for all our languages but
Filipino (zh and no are merged into locale_admin by the Makefile). ``TranslatedInputsMixin`` gives every translated input
(``name_ar``, ``name_ja`` …) its ``lang`` and ``dir`` attributes.
"""

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.admin.options import BaseModelAdmin
from django.db.models import Field
from django.forms import Field as FormField
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from modeltranslation.fields import TranslationField

from portal import languages

COOKIE = "admin_language"
ADMIN_PREFIXES = ("/admin/", "/rosetta/")


def admin_language(request: HttpRequest) -> str:
    return (
        languages.normalize(request.COOKIES.get(COOKIE))
        # The language the visitor chose on the site (its switcher's cookie): staff who
        # read the site in German sign in to an admin in German.
        or languages.normalize(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        or languages.from_accept_language(request.headers.get("Accept-Language", ""))
        or languages.DEFAULT
    )


class AdminLanguageMiddleware:
    """After LocaleMiddleware, which serves every unprefixed path in English."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path_info.startswith(ADMIN_PREFIXES):
            return self.get_response(request)
        code = admin_language(request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", code)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return response


@require_POST
def switch_admin_language(request: HttpRequest) -> HttpResponse:
    code = languages.normalize(request.POST.get("language")) or languages.DEFAULT
    target = request.POST.get("next") or "/admin/"
    if not url_has_allowed_host_and_scheme(
        target, {request.get_host()}, require_https=request.is_secure()
    ):
        target = "/admin/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        COOKIE,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
    )
    return response


if TYPE_CHECKING:
    # What the mixin is combined with: a ModelAdmin or an inline.
    _AdminBase = BaseModelAdmin[Any]
else:
    _AdminBase = object


class TranslatedInputsMixin(_AdminBase):
    """For ModelAdmins and inlines: ``lang`` and ``dir`` on each translated input."""

    def formfield_for_dbfield(
        self, db_field: "Field[Any, Any]", request: HttpRequest, **kwargs: Any
    ) -> FormField | None:
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        code = getattr(db_field, "language", None)
        if field is not None and isinstance(db_field, TranslationField) and code:
            field.widget.attrs["lang"] = code
            field.widget.attrs["dir"] = "rtl" if code in settings.LANGUAGES_BIDI else "ltr"
        return field
