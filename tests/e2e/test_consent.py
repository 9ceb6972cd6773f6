"""Consent in Chromium: nothing from the analytics or ad hosts loads until the visitor
agrees, refusing is one click, and the choice can be changed from the footer."""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scripts.serve import gunicorn

pytestmark = pytest.mark.e2e
THIRD_PARTIES = ("googletagmanager.com", "googlesyndication.com")


@pytest.fixture(scope="module")
def ads_server(server_env) -> Iterator[str]:
    env = {**server_env, "ANALYTICS_ID": "G-TEST123", "ADSENSE_CLIENT": "ca-pub-123"}
    with gunicorn(env) as base:
        yield base


@pytest.fixture
def visitor(browser, ads_server) -> Iterator[tuple[Page, list[str]]]:
    context = browser.new_context(base_url=ads_server, locale="en-US", bypass_csp=True)
    requested: list[str] = []

    def stub(route):
        requested.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body="")

    for host in THIRD_PARTIES:
        context.route(f"https://**.{host}/**", stub)
        context.route(f"https://{host}/**", stub)
    page = context.new_page()
    yield page, requested
    context.close()


def test_refusing_loads_nothing_and_is_remembered(visitor):
    page, requested = visitor
    page.goto("/pokerogue/")
    dialog = page.get_by_role("dialog", name="Your privacy choices")
    expect(dialog).to_be_visible()
    assert requested == []
    dialog.get_by_role("button", name="Refuse all").click()
    expect(dialog).to_be_hidden()
    page.reload()
    expect(page.get_by_role("button", name="Privacy choices")).to_be_visible()
    expect(dialog).to_be_hidden()
    assert requested == []


def test_accepting_loads_analytics_and_fills_the_ad_slots(visitor):
    page, requested = visitor
    page.goto("/pokerogue/")
    accept = page.get_by_role("dialog", name="Your privacy choices").get_by_role(
        "button", name="Accept all"
    )
    with (
        page.expect_request(re.compile(r"googletagmanager\.com/gtag/js\?id=G-TEST123")),
        page.expect_request(
            re.compile(r"googlesyndication\.com/.*adsbygoogle\.js\?client=ca-pub-123")
        ),
    ):
        accept.click()
    # An ad slot has no role or name; the island marks each one it pushed to AdSense.
    slots = page.locator("[data-island=ad-slot]")
    expect(slots).to_have_count(3)
    for slot in slots.all():
        expect(slot).to_have_attribute("data-pushed", "true")
    assert page.evaluate("window.adsbygoogle.length") == 3


def test_the_footer_reopens_the_choices_and_a_withdrawal_reloads(visitor):
    page, requested = visitor
    page.goto("/about/")
    page.get_by_role("button", name="Accept all").click()
    page.get_by_role("button", name="Privacy choices").click()
    dialog = page.get_by_role("dialog", name="Your privacy choices")
    expect(dialog.get_by_role("checkbox", name="Ads")).to_be_checked()
    dialog.get_by_role("checkbox", name="Ads").uncheck()
    requested.clear()
    with (
        page.expect_request(re.compile(r"googletagmanager\.com/gtag/js")),
        page.expect_navigation(),
    ):
        dialog.get_by_role("button", name="Save my choices").click()
    # Both scripts are added in one step, so the ad script would be there by now.
    expect(page.locator("script[src*='googlesyndication.com']")).to_have_count(0)
    assert not any("googlesyndication.com" in url for url in requested)
