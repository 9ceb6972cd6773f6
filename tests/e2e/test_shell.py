"""The site shell in Chromium: mobile menu, language switcher, smooth scroll, RTL,
accordions and the game frame's fullscreen button."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_mobile_menu_opens_and_closes_when_a_link_is_chosen(phone):
    phone.goto("/how-to-play/")
    toggle = phone.locator("[data-nav-toggle]")
    nav = phone.locator("#site-nav")
    assert toggle.is_visible()
    assert not nav.is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert nav.is_visible()
    phone.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    nav.get_by_role("link", name="Home").click()
    phone.wait_for_url(re.compile(r"/$"))
    assert phone.locator("[data-nav-toggle]").get_attribute("aria-expanded") == "false"
    assert not phone.locator("#site-nav").is_visible()


def test_the_switcher_keeps_the_path_and_query_and_stores_the_choice(page):
    page.goto("/how-to-play/?ref=test")
    page.locator(".lang-switcher__button").click()
    page.get_by_role("link", name="Deutsch").click()
    page.wait_for_url("**/de/how-to-play/?ref=test")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.evaluate("localStorage.getItem('language')") == "de"
    # The stored choice now sends the unprefixed address to German.
    page.goto("/about/")
    assert page.url.endswith("/de/about/")
    page.locator(".lang-switcher__button").click()
    page.get_by_role("link", name="English").click()
    page.wait_for_url(re.compile(r"/about/$"))
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate("localStorage.getItem('language')") == "en"


def test_the_start_button_scrolls_smoothly_to_the_game_area(page):
    page.goto("/")
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "smooth"
    page.get_by_role("link", name="Start playing").click()
    page.wait_for_function("document.getElementById('game-area').getBoundingClientRect().top < 200")
    assert page.url.endswith("#game-area")


def test_arabic_pages_are_right_to_left(page):
    page.goto("/ar/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    width = page.viewport_size["width"]
    brand = page.locator(".brand").bounding_box()
    assert brand["x"] > width / 2  # the brand sits on the right


def test_the_accordion_keeps_one_item_open_and_moves_focus_with_keys(page):
    page.goto("/vex5/")
    items = page.locator("#faq details")
    triggers = page.locator("#faq summary")
    assert items.count() == 8
    triggers.nth(0).click()
    assert items.nth(0).evaluate("el => el.open")
    triggers.nth(1).click()
    assert items.nth(1).evaluate("el => el.open")
    assert not items.nth(0).evaluate("el => el.open")
    triggers.nth(1).click()  # the open item can be closed again
    assert not items.nth(1).evaluate("el => el.open")
    triggers.nth(0).focus()
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.textContent") == triggers.nth(7).text_content()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.textContent") == triggers.nth(0).text_content()
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.textContent") == triggers.nth(7).text_content()
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.textContent") == triggers.nth(0).text_content()
    assert triggers.nth(0).get_attribute("aria-expanded") == "false"


def test_the_accordion_in_multiple_mode_lets_several_items_open(page, server):
    def multiple(route):
        response = route.fetch()
        body = response.text().replace('data-mode="single"', 'data-mode="multiple"')
        route.fulfill(response=response, body=body)

    page.route("**/stickman-hook/", multiple)
    page.goto("/stickman-hook/")
    triggers = page.locator("#faq summary")
    triggers.nth(0).click()
    triggers.nth(2).click()
    assert page.locator("#faq details[open]").count() == 2


def test_the_faq_is_readable_without_javascript(browser, server):
    context = browser.new_context(base_url=server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/capybara-clicker/")
    page.locator("#game-faq summary").first.click()
    assert page.locator("#game-faq details[open] .accordion__panel").first.is_visible()
    context.close()


def test_the_fullscreen_button_puts_the_game_in_fullscreen(page):
    page.route(re.compile(r"^https://"), lambda route: route.fulfill(body="<p>game</p>"))
    page.goto("/time-shooter-3/")
    button = page.locator("[data-fullscreen]")
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    button.click()
    page.wait_for_function("document.fullscreenElement !== null")
    assert page.evaluate("document.fullscreenElement.classList.contains('frame')")


def test_a_prefixed_page_becomes_the_stored_language_in_the_browser(page):
    # The server sets no cookie on pages (a CDN caches them); the shell script stores it.
    page.goto("/ja/about/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("django_language") == "ja"
    page.goto("/how-to-play/")
    page.wait_for_url("**/ja/how-to-play/")
