"""The fixed pages of the sitemap (gathered by portal.sitemaps)."""

from django.urls import reverse

from portal.sitemaps import LocalizedSitemap


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
