"""The game links of the header and footer: the published game pages, in staff order.

Every page shows them, so each worker keeps them in memory, keyed by the game pages'
data version (``portal.versions``, bumped by every staff edit in this app): the rows are
read once for every language (their translated names follow the active language), and
each language's links are built once from them. Pages cached by ``portal.pagecache``
name that version in their keys too. The context processor is lazy: a template that
shows no game link (the admin) makes no query.
"""

from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language

from games.apps import CONTENT_VERSION
from games.models import Game
from portal import languages, versions

HEADER_GAMES = 3  # the header links the first three games, the footer those staff choose


@dataclass(frozen=True)
class GameLink:
    slug: str
    name: str
    url: str
    in_footer: bool


# The version, the published games read for it, and each language's links built from them.
_links: tuple[int, list[Game], dict[str, tuple[GameLink, ...]]] = (0, [], {})


def game_links() -> tuple[GameLink, ...]:
    """The published games in the active language, in their staff order."""
    global _links
    version = versions.get(CONTENT_VERSION)
    if _links[0] != version:
        _links = (version, list(Game.objects.published()), {})  # ordered as staff order them
    _version, games, by_language = _links
    lang = get_language() or languages.DEFAULT
    links = by_language.get(lang)
    if links is None:
        links = tuple(GameLink(g.slug, g.name, g.get_absolute_url(), g.in_footer) for g in games)
        by_language[lang] = links
    return links


def clear() -> None:
    """Forget the links (tests that write with ``update()``, which bumps nothing)."""
    global _links
    _links = (0, [], {})


def links(request: HttpRequest) -> dict:
    """Context processor: ``header_games`` and ``footer_games``."""
    return {
        "header_games": SimpleLazyObject(lambda: game_links()[:HEADER_GAMES]),
        "footer_games": SimpleLazyObject(lambda: [g for g in game_links() if g.in_footer]),
    }
