"""Language preference on the server, so there is no flash and no client redirect loop.

Django's LocaleMiddleware always serves unprefixed URLs in English when
``prefix_default_language=False``; this middleware adds the rules of docs/design.md "Languages":
an unprefixed page redirects to the stored (or, with none stored, the browser's)
non-English language. A prefixed page becomes the stored preference in the browser
(frontend/lib/shell.ts writes the cookie), so the page itself sets no cookie and a CDN
may cache it (docs/scaling.md).
"""

from csp.constants import HEADER as CSP_HEADER
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.messages.middleware import MessageMiddleware as DjangoMessageMiddleware
from django.contrib.messages.storage import default_storage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.functional import SimpleLazyObject, empty

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


class PublicPageCacheMiddleware:
    """Pages are the same for every visitor (docs/design.md "Who sees what"): a 200 page that
    sets no cookie may be kept by a CDN for ``PAGE_CACHE_SECONDS``, so staff edits reach
    visitors within that time. The player's data comes from the API (never cached)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and not response.cookies
            and not response.has_header("Cache-Control")
            and languages.is_localized(request.path_info)
        ):
            patch_cache_control(response, public=True, max_age=settings.PAGE_CACHE_SECONDS)
        return response


class MessageMiddleware(DjangoMessageMiddleware):
    """Django's, with the message storage made when a view or template first uses it.

    Django's builds it for every request: a cookie signer and a session store, 5% of a
    guess's time, for messages that only the admin sends. Messages nobody read stay
    stored for the next request that does."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        storage = getattr(request, "_messages", None)
        if isinstance(storage, SimpleLazyObject) and storage._wrapped is empty:
            return response  # never made: nothing to store
        return super().process_response(request, response)


class CSPMiddleware(DjangoCSPMiddleware):
    """django-csp's, with the site's own policy written once per process.

    django-csp builds the header from the settings for each response, 5% of a guess's
    time. A response that changes nothing (no decorator, no nonce, no report-only
    policy, no exemption) gets the same text, kept here until a setting changes."""

    _plain: str | None = None

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not _plain_policy_applies(request, response):
            return super().process_response(request, response)
        if CSPMiddleware._plain is None:
            CSPMiddleware._plain = build_policy()
        if CSPMiddleware._plain:
            response[CSP_HEADER] = CSPMiddleware._plain
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


_CSP_CHANGES = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_exempt",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt_ro",
)


def _plain_policy_applies(request: HttpRequest, response: HttpResponseBase) -> bool:
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}
    return not (
        settings.DEBUG  # django-csp leaves the debug pages alone
        or getattr(request, "_csp_nonce", None) is not None
        or any(getattr(response, name, None) is not None for name in _CSP_CHANGES)
        or CSP_HEADER in response
        or getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        or policy.get("EXCLUDE_URL_PREFIXES")
    )


@receiver(setting_changed)
def _forget_plain_policy(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        CSPMiddleware._plain = None
