"""The site as an installable app (docs/design.md "Pages"): the web manifest, the
service worker, the page it shows without a network, and a daily reminder for the
player's calendar.

The service worker keeps the page shell's static files (hashed, so never stale) and
each language's offline page; it never keeps a page or an API answer, which are per
day and per player.
"""

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from portal.absolute import site_url
from portal.public_cache import public_page, url_only

CALENDAR_LINE_OCTETS = 75  # RFC 5545 3.1: longer lines are folded


def _start_url() -> str:
    return reverse("pages:home")


@public_page
def manifest(request: HttpRequest) -> HttpResponse:
    language = translation.get_language()
    data = {
        "id": "/",
        "name": gettext("Pokéguess – Daily Pokémon Silhouette Game"),
        "short_name": "Pokéguess",
        "description": gettext(
            "Guess the Pokémon from its silhouette in six tries. A new free puzzle every "
            "day at 00:00 UTC, plus guides for the best browser games."
        ),
        "lang": language,
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "start_url": _start_url(),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fff8e1",
        "theme_color": "#fff8e1",
        "categories": ["games", "entertainment"],
        "icons": [
            {"src": static("portal/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("portal/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("portal/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("portal/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )


@public_page
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/offline.html")


@url_only
@public_page
def service_worker(request: HttpRequest) -> HttpResponse:
    offline_pages = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            offline_pages[code] = reverse("pages:offline")
    response = render(
        request,
        "pages/sw.js",
        {
            "offline_pages": json.dumps(offline_pages),
            "default_language": json.dumps(settings.LANGUAGE_CODE),
            "static_url": json.dumps(settings.STATIC_URL),
        },
        content_type="text/javascript",
    )
    return response


def _calendar_text(value: str) -> str:
    """A TEXT value of RFC 5545 3.3.11: backslash, semicolon, comma and newline escaped."""
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> str:
    """One content line folded into lines of at most 75 octets, never inside a character."""
    parts: list[str] = []
    current = ""
    for char in line:
        limit = CALENDAR_LINE_OCTETS - (1 if parts else 0)  # a folded line starts with a space
        if len((current + char).encode()) > limit:
            parts.append(current)
            current = ""
        current += char
    parts.append(current)
    return "\r\n ".join(parts)


@public_page
def reminder(request: HttpRequest) -> HttpResponse:
    """A daily event five minutes after the new puzzle (00:05 UTC), which the player's
    calendar shows in their own time zone, with a link to the game in their language."""
    game_url = site_url(request) + _start_url()
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Pokéguess//Daily reminder//EN",
        "CALSCALE:GREGORIAN",
        "BEGIN:VEVENT",
        f"UID:daily-reminder-{translation.get_language()}@pokeguess",
        "DTSTAMP:20260101T000000Z",
        "DTSTART:20260101T000500Z",
        "DURATION:PT5M",
        "RRULE:FREQ=DAILY",
        "TRANSP:TRANSPARENT",
        # Translators: title of the daily event in the player's calendar (the reminder file).
        "SUMMARY:" + _calendar_text(gettext("A new Pokéguess puzzle is ready")),
        "DESCRIPTION:"
        + _calendar_text(
            # Translators: the daily calendar event's description; %(url)s is the game's address.
            gettext("Guess today's Pokémon from its silhouette: %(url)s") % {"url": game_url}
        ),
        f"URL:{game_url}",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    response = HttpResponse(
        "".join(_fold(line) + "\r\n" for line in lines), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="pokeguess-reminder.ics"'
    return response
