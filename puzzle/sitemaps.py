"""Past puzzles in the sitemap, playable as practice at /archive/<number>/.

Oldest first, so a full page never changes again and only the last one grows
(19 URLs a day: 365 puzzles a year fill about seven pages).
"""

from django.urls import reverse
from django.utils.translation import get_language

from portal.sitemaps import LocalizedSitemap
from puzzle import rules
from puzzle.models import launch_date, today


class ArchiveSitemap(LocalizedSitemap):
    changefreq = "yearly"
    priority = 0.3

    def items(self) -> range:
        latest = rules.puzzle_number(today(), launch_date())
        return range(1, latest)

    def __init__(self) -> None:
        super().__init__()
        self._archive: dict[str | None, str] = {}  # language -> its /<lang>/archive/

    def location(self, number: int) -> str:
        # Each URL is located in every language for its alternates: a page of the
        # archive asks for tens of thousands, which reverse() made the slow part.
        lang = get_language()
        archive = self._archive.get(lang)
        if archive is None:
            archive = self._archive[lang] = reverse("puzzle:archive")
        return f"{archive}{number}/"
