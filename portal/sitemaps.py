"""``/sitemap.xml``: every route in every language, with hreflang alternates."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from games.models import Game
from portal import languages
from puzzle import rules
from puzzle.models import launch_date, today


class LocalizedSitemap(Sitemap):
    i18n = True
    languages = list(languages.CODES)
    alternates = True
    x_default = True

    # Absolute URLs use the configured public address, not the request's Host header.
    @property
    def protocol(self) -> str:
        return urlsplit(settings.SITE_URL).scheme

    def get_domain(self, site=None) -> str:
        return urlsplit(settings.SITE_URL).netloc


class StaticPagesSitemap(LocalizedSitemap):
    changefreq = "weekly"

    def items(self) -> list[str]:
        return [
            "pages:home",
            "pages:how_to_play",
            "pages:privacy",
            "pages:about",
            "pages:contact",
            "puzzle:archive",
        ]

    def location(self, item: str) -> str:
        return reverse(item)

    def priority(self, item: str) -> float:
        return 1.0 if item == "pages:home" else 0.6


class ArchiveSitemap(LocalizedSitemap):
    """Past puzzles, playable as practice at /archive/<number>/."""

    changefreq = "yearly"
    priority = 0.3

    def items(self) -> list[int]:
        latest = rules.puzzle_number(today(), launch_date())
        return list(range(latest - 1, 0, -1))

    def location(self, number: int) -> str:
        return reverse("puzzle:archive_puzzle", args=[number])


class GamesSitemap(LocalizedSitemap):
    changefreq = "monthly"
    priority = 0.8

    def items(self):
        return Game.objects.published()

    def lastmod(self, game: Game):
        return game.updated_at


sitemaps = {"pages": StaticPagesSitemap, "games": GamesSitemap, "archive": ArchiveSitemap}
