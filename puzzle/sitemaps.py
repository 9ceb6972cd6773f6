"""Past puzzles in the sitemap, playable as practice at /archive/<number>/.

Oldest first, so a full page never changes again and only the last one grows
(19 URLs a day: 365 puzzles a year fill about seven pages).
"""

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
