"""Root URLconf: the localized site under ``i18n_patterns``; API, admin, sitemap outside."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps import views as sitemap_views
from django.urls import include, path, re_path

from games.sitemaps import GamesSitemap
from pages.app import service_worker
from pages.sitemaps import StaticPagesSitemap
from portal import admin_i18n, admin_login, health, views
from portal.api import create_api
from portal.observability.metrics import metrics_view
from portal.sitemaps import sitemap_view
from puzzle.admin import insights as admin_insights
from puzzle.api.views import router as puzzle_api
from puzzle.sitemaps import ArchiveSitemap

api = create_api()
api.add_router("", puzzle_api)
sitemaps = {"pages": StaticPagesSitemap, "games": GamesSitemap, "archive": ArchiveSitemap}

admin.site.login_form = admin_login.ThrottledAdminAuthenticationForm

urlpatterns = [
    path("admin/language/", admin_i18n.switch_admin_language, name="admin_language"),
    path("admin/insights/", admin_insights.dashboard_view, name="insights"),
    path("admin/insights/<int:number>/", admin_insights.puzzle_detail_view, name="insights_puzzle"),
    path("admin/login/", admin_login.login),
    path("admin/", admin.site.urls),
    path("rosetta/", include("translations.urls")),
    path("api/", api.urls),
    path("language/", views.switch_language, name="switch_language"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("sw.js", service_worker, name="service_worker"),
    path("metrics", metrics_view, name="metrics"),
    path("readyz", health.readyz, name="readyz"),
    # An index over per-app sections, each paginated (portal.sitemaps).
    path(
        "sitemap.xml",
        sitemap_view(sitemap_views.index, cached=True, paged=False),
        {"sitemaps": sitemaps, "sitemap_url_name": "sitemap_section"},
        name="sitemap_index",
    ),
    path(
        "sitemap-archive.xml",
        sitemap_view(sitemap_views.sitemap, cached=True),
        {"sitemaps": sitemaps, "section": "archive"},
    ),
    path(
        "sitemap-<section>.xml",
        sitemap_view(sitemap_views.sitemap),
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
urlpatterns.append(re_path(rf"^{settings.MEDIA_URL.strip('/')}/(?P<path>.+)$", views.media))

handler400 = "portal.views.bad_request"
handler403 = "portal.views.permission_denied"
handler404 = "portal.views.page_not_found"
handler500 = "portal.views.server_error"
