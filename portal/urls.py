"""Root URLconf: the localized site under ``i18n_patterns``; API, admin, sitemap outside."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from portal import admin_i18n, views
from portal.sitemaps import sitemaps

urlpatterns = [
    path("admin/language/", admin_i18n.switch_admin_language, name="admin_language"),
    path("admin/", admin.site.urls),
    path("rosetta/", include("translations.urls")),
    path("api/", include("puzzle.api_urls")),
    path("language/", views.switch_language, name="switch_language"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
    path(
        "sitemap.xml",
        sitemap,
        {"sitemaps": sitemaps},
        name="django.contrib.sitemaps.views.sitemap",
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
