"""Published game pages, kept in each worker's memory with all their parts (docs/scaling.md).

A page is read in one language at a time, but its rows hold every language (the
translated fields pick the active one when read), so a worker loads the published pages
once per content version (``games.apps.CONTENT_VERSION``, bumped by every staff edit in
this app) and renders them in all 19 languages from the same objects. All of them are
loaded together, a handful of queries for the nine pages, so an address that names no
published game costs no query and takes no memory. The objects are shared between
requests of a worker: read them, never change them.
"""

from games import kinds
from games.apps import CONTENT_VERSION
from games.models import Game
from portal import versions

_pages: tuple[int, dict[str, Game]] = (0, {})


def published_page(slug: str) -> Game | None:
    """The published game with this slug and every part its page shows, or None."""
    global _pages
    version = versions.get(CONTENT_VERSION)
    if _pages[0] != version:
        games = Game.objects.published().prefetch_related(
            "sections",
            "hero_buttons",
            *(kind.items for kind in kinds.LISTS),
            "related__target",
        )
        _pages = (version, {game.slug: game for game in games})
    return _pages[1].get(slug)


def clear() -> None:
    """Forget every page (tests that write with ``update()``, which bumps nothing)."""
    global _pages
    _pages = (0, {})
