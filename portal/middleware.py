"""Language preference on the server, so there is no flash and no client redirect loop.

Django's LocaleMiddleware always serves unprefixed URLs in English when
``prefix_default_language=False``; this middleware adds the rules of DESIGN "Languages":
a prefixed URL becomes the stored preference; an unprefixed page redirects to the
stored (or, with none stored, the browser's) non-English language.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
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
        response = self.get_response(request)
        if stored != prefix:
            store_language(response, prefix)
        return response
