"""The site shell in Chromium: mobile menu, language switcher, smooth scroll, RTL,
accordions, the game frame that loads on a click and its fullscreen button."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def faq(page):
    """The FAQ section of a game page: not a landmark, so found by its heading."""
    return page.locator("section").filter(
        has=page.get_by_role("heading", name="Frequently Asked Questions")
    )


def triggers(section):
    """The accordion's triggers: each item's <summary>, which has no role of its own."""
    return section.locator("summary")


def test_the_mobile_menu_opens_and_closes_when_a_link_is_chosen(phone):
    phone.goto("/how-to-play/")
    toggle = phone.get_by_role("button", name="Menu")
    nav = phone.get_by_role("navigation", name="Main")
    expect(toggle).to_be_visible()
    expect(nav).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(nav).to_be_visible()
    phone.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()
    expect(toggle).to_be_focused()
    toggle.click()
    nav.get_by_role("link", name="Home").click()
    expect(phone).to_have_url(re.compile(r"/$"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()


def test_the_switcher_keeps_the_path_and_stores_the_choice(page):
    # A page reads no query: it redirects to its clean URL (docs/scaling.md).
    page.goto("/how-to-play/?ref=test")
    expect(page).to_have_url(re.compile(r"/how-to-play/$"))
    page.get_by_label("Language: English. Change language").click()
    page.get_by_role("link", name="Deutsch").click()
    # wait_for_url also waits for the load event: the shell script has run by then.
    page.wait_for_url(re.compile(r"/de/how-to-play/$"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("localStorage.getItem('language')") == "de"
    # The stored choice now sends the unprefixed address to German.
    page.goto("/about/")
    expect(page).to_have_url(re.compile(r"/de/about/$"))
    page.get_by_label("Sprache: Deutsch. Sprache ändern").click()
    page.get_by_role("link", name="English").click()
    page.wait_for_url(re.compile(r"/about/$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.evaluate("localStorage.getItem('language')") == "en"


def test_the_start_button_scrolls_smoothly_to_the_game_area(page):
    page.goto("/")
    expect(page.locator("html")).to_have_css("scroll-behavior", "smooth")
    page.get_by_role("link", name="Start playing").click()
    expect(page).to_have_url(re.compile(r"#game-area$"))
    # A scroll position: the game area is already partly in view before the click, so
    # to_be_in_viewport could not fail; only its distance from the top says it arrived.
    page.wait_for_function("document.getElementById('game-area').getBoundingClientRect().top < 200")


def test_arabic_pages_are_right_to_left(page):
    page.goto("/ar/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    brand = page.get_by_role("banner").get_by_role("link", name="Pokéguess")
    expect(brand).to_be_visible()
    width = page.viewport_size["width"]
    assert brand.bounding_box()["x"] > width / 2  # the brand sits on the right


def test_the_accordion_keeps_one_item_open_and_moves_focus_with_keys(page):
    page.goto("/vex5/")
    items = faq(page).get_by_role("group")
    keys = triggers(faq(page))
    expect(items).to_have_count(8)
    # The island marks each trigger when it mounts; before that, keys do nothing.
    expect(keys.nth(0)).to_have_attribute("aria-expanded", "false")
    keys.nth(0).click()
    expect(items.nth(0)).to_have_js_property("open", True)
    keys.nth(1).click()
    expect(items.nth(1)).to_have_js_property("open", True)
    expect(items.nth(0)).to_have_js_property("open", False)
    keys.nth(1).click()  # the open item can be closed again
    expect(items.nth(1)).to_have_js_property("open", False)
    keys.nth(0).focus()
    page.keyboard.press("ArrowUp")
    expect(keys.nth(7)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(keys.nth(0)).to_be_focused()
    page.keyboard.press("End")
    expect(keys.nth(7)).to_be_focused()
    page.keyboard.press("Home")
    expect(keys.nth(0)).to_be_focused()
    expect(keys.nth(0)).to_have_attribute("aria-expanded", "false")


def test_the_accordion_in_multiple_mode_lets_several_items_open(page):
    def multiple(route):
        response = route.fetch()
        body = response.text().replace('data-mode="single"', 'data-mode="multiple"')
        route.fulfill(response=response, body=body)

    page.route("**/stickman-hook/", multiple)
    page.goto("/stickman-hook/")
    items = faq(page).get_by_role("group")
    keys = triggers(faq(page))
    # Until the island mounts, the items' shared name lets the browser keep one open.
    expect(keys.nth(0)).to_have_attribute("aria-expanded", "false")
    keys.nth(0).click()
    keys.nth(2).click()
    expect(items.nth(0)).to_have_js_property("open", True)
    expect(items.nth(2)).to_have_js_property("open", True)


def test_the_faq_is_readable_without_javascript(browser, server):
    context = browser.new_context(base_url=server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/capybara-clicker/")
    item = faq(page).get_by_role("group").first
    answer = item.get_by_role("paragraph").first
    expect(answer).to_be_hidden()
    triggers(item).click()
    expect(answer).to_be_visible()
    context.close()


def test_the_game_frame_loads_only_when_the_visitor_asks(page):
    requested = []
    page.route(
        re.compile(r"^https://"),
        lambda route: requested.append(route.request.url) or route.fulfill(body="<p>game</p>"),
    )
    page.goto("/time-shooter-3/")
    expect(page.locator("[data-island=game-frame]")).to_have_attribute("data-ready", "true")
    frame = page.get_by_role("region", name="Play Time Shooter 3: SWAT Now")
    play = frame.get_by_role(
        "button", name=re.compile(r"^Play Time Shooter 3.* loads the game from \S+$")
    )
    expect(play).to_be_visible()
    expect(frame.locator("iframe")).to_have_count(0)
    expect(frame.get_by_role("button", name="Fullscreen")).to_be_hidden()
    assert not requested
    # From the keyboard: focus the button and press Enter.
    play.focus()
    page.keyboard.press("Enter")
    iframe = frame.locator("iframe")
    expect(iframe).to_have_count(1)
    expect(iframe).to_be_focused()
    expect(play).to_have_count(0)
    expect(page.frame_locator("iframe").get_by_text("game")).to_be_visible()
    assert requested


def test_a_wide_game_takes_a_good_part_of_an_upright_phone(phone):
    phone.route(re.compile(r"^https://"), lambda route: route.fulfill(body="<p>game</p>"))
    phone.goto("/time-shooter-3/")
    expect(phone.locator("[data-island=game-frame]")).to_have_attribute("data-ready", "true")
    frame = phone.get_by_role("region", name="Play Time Shooter 3: SWAT Now")
    # 16:9 across 375 px would be 211 px; the box is 60 % of the 740 px screen instead.
    poster = frame.locator(".frame__poster").bounding_box()
    assert poster and poster["height"] >= 0.55 * 740
    frame.get_by_role("button", name=re.compile(r"^Play Time Shooter 3")).click()
    loaded = frame.locator("iframe").bounding_box()
    assert loaded and loaded["height"] >= 0.55 * 740


def test_the_fullscreen_button_puts_the_game_in_fullscreen(page):
    page.route(re.compile(r"^https://"), lambda route: route.fulfill(body="<p>game</p>"))
    page.goto("/time-shooter-3/")
    expect(page.locator("[data-island=game-frame]")).to_have_attribute("data-ready", "true")
    frame = page.get_by_role("region", name="Play Time Shooter 3: SWAT Now")
    frame.get_by_role("button", name=re.compile(r"^Play Time Shooter 3")).click()
    expect(frame.locator("iframe")).to_have_count(1)
    frame.get_by_role("button", name="Fullscreen").click()
    # The element in fullscreen holds the game's iframe, not the page or the button bar.
    fullscreen = page.locator(":fullscreen")
    expect(fullscreen).to_have_count(1)
    expect(fullscreen.locator("iframe")).to_have_count(1)
    expect(fullscreen.get_by_role("button", name="Fullscreen")).to_have_count(0)


def test_a_prefixed_page_becomes_the_stored_language_in_the_browser(page):
    # The server sets no cookie on pages (a CDN caches them); the shell script stores it.
    page.goto("/ja/about/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("django_language") == "ja"
    page.goto("/how-to-play/")
    expect(page).to_have_url(re.compile(r"/ja/how-to-play/$"))
