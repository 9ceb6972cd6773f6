"""``/sitemap.xml``: an index over each app's sections (``pages``, ``games``,
``puzzle``), every route in every language with hreflang alternates.

Each URL carries 20 alternates (~2 KB), so a section page holds at most ``LIMIT``
URLs (~2 MB, far below the protocol's 50,000 URLs / 50 MB) and the archive grows by
pages, not by one ever larger file. Shared caches may keep a section an hour; the
index and the archive, which grow at midnight and take long to render (hundreds of
puzzles, each with every language's alternates), are also kept an hour in Django's
cache, under a key of the day (``sitemap_view``).
"""

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.http import HttpRequest
from django.views.decorators.cache import cache_control

from portal import languages
from portal.public_cache import canonical_query, kept_for_the_day, url_only

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


def section_page(request: HttpRequest) -> dict[str, str]:
    """The one query parameter a section reads, Django's page ``p``, as the index writes
    it: a number from 2 up, without leading zeros; page 1 has none. Anything else is
    page 1 (a page past the last is the view's 404, which no cache keeps)."""
    page = request.GET.get("p", "")
    if re.fullmatch(r"[0-9]{1,6}", page) and int(page) > 1:
        return {"p": str(int(page))}
    return {}


def sitemap_view(view, *, cached: bool = False, paged: bool = True):
    """Django's sitemap ``view``, which shared caches may keep an hour; ``cached``: the
    origin keeps it an hour too, until midnight at most (a new day, a new key). It
    answers at its canonical URL only (``portal.public_cache.canonical_query``): the
    section's page for a section (``paged``), no query for the index. It depends on
    its URL alone, never on the browser's language."""

    if cached:
        view = kept_for_the_day(view, lambda: CACHE_SECONDS, "sitemap")
    canonical = canonical_query(section_page) if paged else canonical_query()
    return url_only(cache_control(public=True, max_age=CACHE_SECONDS)(canonical(view)))
