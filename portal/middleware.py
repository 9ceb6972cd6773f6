"""Language preference on the server, so there is no flash and no client redirect loop.

Django's LocaleMiddleware always serves unprefixed URLs in English when
``prefix_default_language=False``; this middleware adds the rules of docs/design.md "Languages":
an unprefixed page redirects to the stored (or, with none stored, the browser's)
non-English language. A prefixed page becomes the stored preference in the browser
(frontend/lib/shell.ts writes the cookie), so the page itself sets no cookie and a CDN
may cache it (docs/scaling.md).
"""

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers

from portal import languages


def store_language(response: HttpResponse, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.SESSION_COOKIE_SECURE,
    )


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Django's, except that a path's language is read from an exact prefix only
    (``languages.split_path``).

    Django also reads a code with variants: "/no-such-page/" reads as Norwegian ("no"
    with the variants "such" and "page"), so a mistyped address starting with a
    language code showed its not-found page in that language."""

    def process_request(self, request: HttpRequest) -> None:
        urlconf = getattr(request, "urlconf", settings.ROOT_URLCONF)
        i18n_patterns_used, prefixed_default_language = is_language_prefix_patterns_used(urlconf)
        language, _bare = languages.split_path(request.path_info)
        if language is None:
            if i18n_patterns_used and not prefixed_default_language:
                language = settings.LANGUAGE_CODE  # an unprefixed page is English
            else:
                language = translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()


class LanguagePreferenceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if not languages.is_localized(path):
            return self.get_response(request)
        prefix, _bare = languages.split_path(path)
        stored = languages.normalize(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if prefix is None:
            wanted = stored or languages.from_accept_language(
                request.headers.get("Accept-Language", "")
            )
            if wanted and wanted != languages.DEFAULT and request.method in ("GET", "HEAD"):
                response: HttpResponse = HttpResponseRedirect(
                    languages.localize(request.get_full_path(), wanted)
                )
            else:
                response = self.get_response(request)
            patch_vary_headers(response, ("Cookie", "Accept-Language"))
            return response
        return self.get_response(request)


class PermissionsPolicyMiddleware:
    """``Permissions-Policy`` on every response: the features in
    ``PERMISSIONS_POLICY_DISABLED`` are off for the page and for every frame in it, so
    a script that gets in (an ad, a compromised game frame) cannot ask for the camera
    or the location in the site's name. Django has no setting for this header."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.header = ", ".join(f"{feature}=()" for feature in settings.PERMISSIONS_POLICY_DISABLED)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response
