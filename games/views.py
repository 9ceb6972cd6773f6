"""Game landing pages: one template, sections rendered in the row's order."""

import json

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games import keys, kinds
from games.models import PAGE_PARTS, Game, GameQuerySet
from games.text import plain
from portal.absolute import site_url
from portal.public_cache import public_page


def json_ld(request: HttpRequest, game: Game, faq: list) -> str:
    video_game: dict = {
        "@context": "https://schema.org",
        "@type": "VideoGame",
        "name": game.name,
        "description": game.seo_description,
        "url": site_url(request) + request.path,
        "gamePlatform": "Web browser",
        "applicationCategory": "Game",
        "operatingSystem": "Any",
        "offers": {"@type": "Offer", "price": "0", "priceCurrency": "USD"},
    }
    if game.genre:
        video_game["genre"] = game.genre
    if game.developer:
        video_game["author"] = {"@type": "Organization", "name": game.developer}
    documents = [video_game]
    if faq:
        documents.append(
            {
                "@context": "https://schema.org",
                "@type": "FAQPage",
                "mainEntity": [
                    {
                        "@type": "Question",
                        "name": item.question,
                        "acceptedAnswer": {"@type": "Answer", "text": plain(item.answer)},
                    }
                    for item in faq
                ],
            }
        )
    # json_script-style escaping so text can never close the <script> element.
    raw = json.dumps(documents, ensure_ascii=False)
    return raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def pages() -> GameQuerySet:
    """Pages with everything they show."""
    return Game.objects.prefetch_related(*PAGE_PARTS, "related__target")


def render_page(request: HttpRequest, game: Game, draft: bool = False) -> HttpResponseBase:
    """A page; a ``draft`` (an unpublished page, or a preview) is marked as one and kept
    by no cache."""
    sections = []
    for section in game.sections.all():
        kind = kinds.BY_VALUE.get(section.kind)
        attr = kind.items if kind else ""
        items = list(getattr(game, attr).all()) if attr else []
        if attr == "related":
            items = [item for item in items if item.target.published]
        sections.append({"section": section, "items": items})
    needs_computer = keys.needs_keyboard_or_mouse([c.keys for c in game.controls.all()])
    faq = list(game.faq_items.all())
    context = {
        "game": game,
        "sections": sections,
        "json_ld": json_ld(request, game, faq),
        "dots": range(game.decorative_dots),
        "needs_computer": needs_computer,
        "draft": draft,
    }

    def page(request: HttpRequest) -> HttpResponse:
        return render(request, "games/detail.html", context)

    # The frame's host joins the CSP frame allowlist for this page only.
    origin = game.frame_origin
    response = csp_update({"frame-src": [origin]})(page)(request) if origin else page(request)
    if draft:
        patch_cache_control(response, private=True, no_store=True)
    return response


@public_page
def public_detail(request: HttpRequest, slug: str) -> HttpResponseBase:
    game = pages().published().filter(slug=slug).first()
    if game is None:
        raise Http404
    return render_page(request, game)


@require_safe
def detail(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The public page; staff who may edit pages also see an unpublished one, marked as
    a draft. Only a request with a session (a signed-in browser) is looked at twice, so
    the public page stays the same for everyone, and cached."""
    if (
        settings.SESSION_COOKIE_NAME in request.COOKIES
        and not Game.objects.published().filter(slug=slug).exists()
        and request.user.has_perm("games.change_game")
    ):
        game = pages().filter(slug=slug).first()
        if game is not None:
            return render_page(request, game, draft=True)
    return public_detail(request, slug)
