"""The installable app (pages/app.py): manifest, service worker, offline page, reminder."""

import json
import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_every_page_links_the_manifest_of_its_language_and_a_touch_icon(client):
    html = client.get("/de/").content.decode()
    assert '<link rel="manifest" href="/de/manifest.webmanifest">' in html
    assert re.search(r'<link rel="apple-touch-icon" href="[^"]+apple-touch-icon[^"]*\.png">', html)


@pytest.mark.parametrize("prefix, lang, direction", [("", "en", "ltr"), ("/ar", "ar", "rtl")])
def test_the_manifest_makes_the_site_installable_in_the_visitors_language(
    client, prefix, lang, direction
):
    response = client.get(f"{prefix}/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    assert "public" in response["Cache-Control"]
    manifest = json.loads(response.content)
    assert (manifest["lang"], manifest["dir"]) == (lang, direction)
    assert manifest["start_url"] == f"{prefix}/"
    assert manifest["display"] == "standalone" and manifest["short_name"] == "Pokéguess"
    if lang == "ar":
        assert "Pokémon" not in manifest["name"]  # translated
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].split("/static/", 1)[1]), icon["src"]


def test_the_service_worker_never_keeps_an_api_answer_or_a_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "Vary" not in response or "Accept-Language" not in response["Vary"]
    script = response.content.decode()
    offline_pages = json.loads(re.search(r"const OFFLINE_PAGES = (\{.*\});", script).group(1))
    assert offline_pages["en"] == "/offline/" and offline_pages["ja"] == "/ja/offline/"
    # What it keeps: static files (cache-first) and offline pages; navigations go to the
    # network, and nothing else is answered by the worker at all.
    assert script.count("cache.put(") == 1 and "keptOrFetched(request)" in script
    assert "/api/" not in script.replace("(the API above all)", "")


@pytest.mark.parametrize("prefix", ["", "/fr", "/ar"])
def test_the_offline_page_is_translated_and_not_indexed(client, prefix):
    response = client.get(f"{prefix}/offline/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<meta name="robots" content="noindex">' in html
    assert 'rel="canonical"' not in html
    if prefix:
        assert "You're offline" not in html


def unfolded(text: str) -> list[str]:
    return text.replace("\r\n ", "").split("\r\n")


@pytest.mark.parametrize("prefix", ["", "/th"])
def test_the_reminder_is_a_daily_calendar_event_after_the_new_puzzle(client, prefix):
    response = client.get(f"{prefix}/reminder.ics")
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="pokeguess-reminder.ics"'
    text = response.content.decode()
    # RFC 5545: CRLF line ends, lines of at most 75 octets (folded), one event.
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    lines = unfolded(text)
    assert lines[0] == "BEGIN:VCALENDAR" and lines.count("BEGIN:VEVENT") == 1
    # 00:05 UTC every day: the calendar shows it in the player's own time zone.
    assert "DTSTART:20260101T000500Z" in lines and "RRULE:FREQ=DAILY" in lines
    assert f"URL:http://testserver{prefix}/" in lines
    summary = next(line for line in lines if line.startswith("SUMMARY:"))
    assert ("Pokéguess" in summary) and (bool(prefix) != ("puzzle is ready" in summary))


def test_calendar_text_is_escaped_and_folded_between_characters():
    from pages.app import _calendar_text, _fold

    assert _calendar_text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"
    line = "DESCRIPTION:" + "ปริศนา" * 30
    folded = _fold(line)
    assert all(len(part.encode()) <= 75 for part in folded.split("\r\n"))
    assert folded.replace("\r\n ", "") == line
