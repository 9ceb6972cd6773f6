"""Root URLconf: the localized site under ``i18n_patterns``; API, admin, sitemap outside."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.sitemaps import views as sitemap_views
from django.urls import include, path
from django.views.decorators.cache import cache_page

from portal import views
from portal.compression import compressed
from portal.sitemaps import sitemaps

SITEMAP_CACHE_SECONDS = 60 * 60

urlpatterns = [
    path("admin/", admin.site.urls),
    path("rosetta/", include("rosetta.urls")),
    path("api/", include("puzzle.api_urls")),
    path("language/", views.switch_language, name="switch_language"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
    # An index over per-app sections, each paginated (portal.sitemaps), cached for an
    # hour (a new day's puzzle appears in the archive within that time) whatever the
    # client's Accept-Encoding, then compressed from bytes each worker keeps.
    path(
        "sitemap.xml",
        compressed(cache_page(SITEMAP_CACHE_SECONDS)(sitemap_views.index)),
        {"sitemaps": sitemaps, "sitemap_url_name": "sitemap_section"},
        name="sitemap_index",
    ),
    path(
        "sitemap-<section>.xml",
        compressed(cache_page(SITEMAP_CACHE_SECONDS)(sitemap_views.sitemap)),
        {"sitemaps": sitemaps},
        name="sitemap_section",
    ),
]
urlpatterns += i18n_patterns(
    path("", include("pages.urls")),
    path("", include("puzzle.urls")),
    path("", include("games.urls")),
    prefix_default_language=False,
)
if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

handler404 = "portal.views.page_not_found"
handler500 = "portal.views.server_error"
