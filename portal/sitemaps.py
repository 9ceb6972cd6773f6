"""``/sitemap.xml``: an index over each app's sections (``pages``, ``games``,
``puzzle``), every route in every language with hreflang alternates.

Each URL carries 20 alternates (~2 KB), so a section page holds at most ``LIMIT``
URLs (~2 MB, far below the protocol's 50,000 URLs / 50 MB) and the archive grows by
pages, not by one ever larger file. Shared caches may keep a section an hour; the
index and the archive, which grow at midnight and take long to render (hundreds of
puzzles, each with every language's alternates), are also kept an hour in Django's
cache, under a key of the day (``sitemap_view``).
"""

from functools import wraps
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import cache_control, cache_page

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


def sitemap_view(view, *, cached: bool = False):
    """Django's sitemap ``view``, which shared caches may keep an hour; ``cached``: the
    origin keeps it an hour too, until midnight at most (a new day, a new key)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not cached:
            return view(request, *args, **kwargs)
        day = timezone.now().date().isoformat()
        kept = cache_page(CACHE_SECONDS, key_prefix=f"sitemap:{day}")(view)
        return kept(request, *args, **kwargs)

    return cache_control(public=True, max_age=CACHE_SECONDS)(wrapper)
