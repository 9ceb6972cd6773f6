"""Site-wide views: language switch, robots.txt, the error pages."""

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

from portal import languages
from portal.absolute import site_url
from portal.middleware import store_language


@never_cache
@require_GET
def switch_language(request: HttpRequest) -> HttpResponse:
    """Store the chosen language and go to the same page (path and query) in it."""
    code = languages.normalize(request.GET.get("lang")) or languages.DEFAULT
    target = request.GET.get("next") or "/"
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(languages.localize(target, code))
    store_language(response, code)
    return response


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers (and the bare-view baseline of ``make bench``)."""
    return HttpResponse("ok", content_type="text/plain")


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
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Rendered without context processors: whatever broke may be among them.
    code = getattr(request, "LANGUAGE_CODE", languages.DEFAULT)
    with override(code):
        body = render_to_string("500.html", {"LANGUAGE_CODE": code})
    return HttpResponse(body, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """API calls get the JSON error shape; pages get a friendly translated page."""
    message = _("Your session expired. Reload the page and try again.")
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": "csrf_failed", "message": message}}, status=403)
    return render(request, "403_csrf.html", {"message": message}, status=403)
