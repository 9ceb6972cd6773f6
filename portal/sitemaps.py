"""``/sitemap.xml``: an index over each app's sections (``pages``, ``games``,
``puzzle``), every route in every language with hreflang alternates.

Each URL carries 20 alternates (~2 KB), so a section page holds at most ``LIMIT``
URLs (~2 MB, far below the protocol's 50,000 URLs / 50 MB) and the archive grows by
pages, not by one ever larger file. Shared caches may keep a section an hour; the
archive's URLs, long to work out (hundreds of puzzles, each with every language's
alternates), are also kept in Django's cache for the day (puzzle/sitemaps.py).
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.views.decorators.cache import cache_control

from portal import languages

LIMIT = 1000
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

    def get_domain(self, site=None) -> str:
        return urlsplit(settings.SITE_URL).netloc or super().get_domain(site)


def sitemap_view(view):
    """Django's sitemap ``view``, which shared caches may keep an hour."""
    return cache_control(public=True, max_age=CACHE_SECONDS)(view)
