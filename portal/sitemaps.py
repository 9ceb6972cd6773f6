"""``/sitemap.xml``: an index over each app's sections (``pages``, ``games``,
``puzzle``), every route in every language with hreflang alternates.

Each URL carries 20 alternates (~2 KB), so a section page holds at most ``LIMIT``
URLs (~2 MB, far below the protocol's 50,000 URLs / 50 MB) and the archive grows by
pages, not by one ever larger file. Each worker keeps the responses rendered and
compressed (``sitemap_view``).
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.views.decorators.cache import cache_control

from portal import languages
from portal.pagecache import cached_page

LIMIT = 1000
# Sitemap._location, private to Django and so left out of django-stubs.
_django_location = getattr(Sitemap, "_location")  # noqa: B009
CACHE_SECONDS = 60 * 60  # for shared caches (a CDN, a crawler's proxy)


class LocalizedSitemap(Sitemap):
    i18n = True
    languages = list(languages.CODES)
    alternates = True
    x_default = True
    limit = LIMIT

    def __init__(self) -> None:
        # Absolute URLs use SITE_URL when set, else the address of the request. Django's
        # views make one instance per request (the settings can change in tests).
        self.protocol = urlsplit(settings.SITE_URL).scheme or None
        self._located: dict[tuple[object, str], str] = {}

    def _location(self, item, force_lang_code=None):
        # Django locates each URL for its own entry and again as an alternate of the
        # entry of every language: 20 times, each under translation.override() and
        # reverse(), most of a section's render. Each item and language once a render.
        obj, lang_code = item
        key = (getattr(obj, "pk", obj), force_lang_code or lang_code)
        location = self._located.get(key)
        if location is None:
            location = self._located[key] = _django_location(self, item, force_lang_code)
        return location

    def get_domain(self, site=None) -> str:
        return urlsplit(settings.SITE_URL).netloc or super().get_domain(site)


def gather() -> dict[str, type[Sitemap]]:
    from games.sitemaps import GamesSitemap
    from pages.sitemaps import StaticPagesSitemap
    from puzzle.sitemaps import ArchiveSitemap

    return {"pages": StaticPagesSitemap, "games": GamesSitemap, "archive": ArchiveSitemap}


sitemaps = gather()


def sitemap_view(view):
    """Django's sitemap ``view``, rendered once per worker, day and game pages' version
    (``portal.pagecache`` keys every page by the latter), then served from memory."""
    from puzzle.models import today  # the archive section grows at midnight

    kept = cached_page(key=lambda request: today())(view)
    return cache_control(public=True, max_age=CACHE_SECONDS)(kept)
