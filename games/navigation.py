"""The game links of the header and footer: the published game pages, in staff order.

The context processor is lazy: a template that shows no game link (the admin) makes no
query, and a page that shows both reads the games once.
"""

from dataclasses import dataclass
from functools import cached_property

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import Game

# A wide screen's header links the first three games; the phone menu lists them all,
# and the footer those staff choose.
HEADER_GAMES = 3


@dataclass(frozen=True)
class GameLink:
    slug: str
    name: str
    url: str
    in_footer: bool
    in_wide_header: bool


class _Links:
    @cached_property
    def all(self) -> list[GameLink]:
        """The published games in the active language, in their staff order."""
        games = Game.objects.published().only("slug", "name", "in_footer", "order")
        return [
            GameLink(g.slug, g.name, g.get_absolute_url(), g.in_footer, i < HEADER_GAMES)
            for i, g in enumerate(games)
        ]


def links(request: HttpRequest) -> dict:
    """Context processor: ``header_games`` and ``footer_games``."""
    games = _Links()
    return {
        "header_games": SimpleLazyObject(lambda: games.all),
        "footer_games": SimpleLazyObject(lambda: [g for g in games.all if g.in_footer]),
    }
