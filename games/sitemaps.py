"""The game landing pages of the sitemap (gathered by portal.urls)."""

from games.models import Game
from portal.sitemaps import LocalizedSitemap


class GamesSitemap(LocalizedSitemap):
    changefreq = "monthly"
    priority = 0.8

    def items(self):
        return Game.objects.published().only("slug", "updated_at").order_by("slug")

    def lastmod(self, game: Game):
        return game.updated_at
