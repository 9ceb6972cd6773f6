"""Past puzzles in the sitemap, playable as practice at /archive/<number>/.

Oldest first, so a full page never changes again and only the last one grows
(19 URLs a day: 365 puzzles a year fill about seven pages).
"""

from django.core.cache import cache
from django.urls import reverse

from portal.sitemaps import LocalizedSitemap
from puzzle import rules
from puzzle.models import launch_date, today


class ArchiveSitemap(LocalizedSitemap):
    changefreq = "yearly"
    priority = 0.3

    def items(self) -> range:
        latest = rules.puzzle_number(today(), launch_date())
        return range(1, latest)

    def location(self, number: int) -> str:
        return reverse("puzzle:archive_puzzle", args=[number])

    def get_urls(self, page=1, site=None, protocol=None) -> list[dict]:
        # A page of a thousand puzzles in every language takes seconds to work out and
        # changes only at midnight: kept in the cache for the day.
        key = f"sitemap:archive:{today()}:{page}:{self.get_domain(site)}:{protocol}"
        urls = cache.get(key)
        if urls is None:
            urls = super().get_urls(page, site, protocol)
            cache.set(key, urls, timeout=24 * 60 * 60)
        return urls
