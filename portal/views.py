"""Site-wide views: language switch, robots.txt, the error pages."""

import re
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language_bidi, override
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET
from django.views.static import serve

from portal import api, languages
from portal.absolute import site_url
from portal.middleware import store_language


@never_cache
@require_GET
def switch_language(request: HttpRequest) -> HttpResponse:
    """Store the chosen language and go to the same page (path and query) in it."""
    code = languages.normalize(request.GET.get("lang")) or languages.DEFAULT
    target = languages.localize(site_path(request.GET.get("next")), code)
    if not is_site_path(target) or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = languages.localize("/", code)
    response = HttpResponseRedirect(target)
    store_language(response, code)
    return response


def is_site_path(target: str) -> bool:
    """A path on this host: one leading slash, no backslash or control character, and
    the same once percent-decoded (browsers and proxies may decode it)."""
    for form in (target, unquote(target)):
        if not form.startswith("/") or form.startswith("//") or "\\" in form:
            return False
        if any(ord(char) < 32 or ord(char) == 127 for char in form):
            return False
    return True


def site_path(target: str | None) -> str:
    """The path and query of ``next`` when it points into this site, else ``/``.

    Repeated slashes are folded, so swapping the language prefix of ``/de//x`` cannot
    make a protocol-relative ``//x``."""
    if not target or not is_site_path(target):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    path = re.sub(r"/{2,}", "/", parts.path)
    return f"{path}?{parts.query}" if parts.query else path


@never_cache
@require_GET
def media(request: HttpRequest, path: str) -> HttpResponseBase:
    """Uploaded artwork when no proxy serves ``/media/`` (``SERVE_MEDIA``, on for the
    SQLite profile). ``serve`` refuses any path outside ``MEDIA_ROOT``."""
    if not (settings.SERVE_MEDIA or settings.DEBUG):
        raise Http404
    return serve(request, path, document_root=str(settings.MEDIA_ROOT))


@require_GET
@cache_control(max_age=86400, public=True)
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /rosetta/",
        "Disallow: /api/",
        "Disallow: /language/",
        "",
        f"Sitemap: {site_url(request)}{reverse('sitemap_index')}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if api.is_api(request):
        api.activate_language(request)
        return api.not_found_route()
    return render(request, "404.html", status=404)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api.is_api(request):
        api.activate_language(request)
        return api.too_large() if isinstance(exception, RequestDataTooBig) else api.bad_request()
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api.is_api(request):
        api.activate_language(request)
        return api.forbidden()
    return defaults.permission_denied(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if api.is_api(request):
        return api.server_error()
    # Rendered without context processors: whatever broke may be among them.
    code = getattr(request, "LANGUAGE_CODE", languages.DEFAULT)
    with override(code):
        context = {
            "LANGUAGE_CODE": code,
            "lang_dir": "rtl" if get_language_bidi() else "ltr",
            "request_id": getattr(request, "request_id", ""),
        }
        body = render_to_string("500.html", context)
    return HttpResponse(body, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """API calls get the JSON error shape; pages get a friendly translated page."""
    message = _("Your session expired. Reload the page and try again.")
    if api.is_api(request):
        return api.error(403, "csrf_failed", message)
    return render(request, "403_csrf.html", {"message": message}, status=403)
