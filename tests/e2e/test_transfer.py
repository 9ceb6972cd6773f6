"""Moving progress to another device in Chromium: one browser wins today's puzzle and
asks for a code; another opens the code's link (the QR code's), moves the progress
over, and finds today's game won."""

import re

from playwright.sync_api import expect

from tests.e2e.test_game import type_guess


def test_a_second_browser_takes_over_with_the_code(browser, server, page):
    page.goto("/")
    type_guess(page, "Pikachu")
    expect(page.get_by_role("heading", name="You got it! It's Pikachu!")).to_be_visible()
    page.goto("/transfer/")
    page.get_by_role("button", name="Get a transfer code").click()
    code = page.locator("[data-code]")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{8}$"))
    expect(page.locator("[data-qr] svg")).to_be_visible()

    other = browser.new_context(base_url=server, locale="en-US", service_workers="block")
    try:
        phone = other.new_page()
        phone.goto(f"/transfer/#{code.inner_text()}")
        expect(phone.get_by_label("Transfer code")).to_have_value(code.inner_text())
        phone.get_by_role("button", name="Move my progress here").click()
        expect(
            phone.get_by_text("Done! This browser now has your games and streak.")
        ).to_be_visible()
        phone.get_by_role("link", name="Play today's puzzle").click()
        expect(phone.get_by_role("heading", name="You got it! It's Pikachu!")).to_be_visible()
        # The code was spent.
        phone.goto(f"/transfer/#{code.inner_text()}")
        phone.get_by_role("button", name="Move my progress here").click()
        expect(phone.get_by_role("alert")).to_contain_text("wrong, used or expired")
    finally:
        other.close()
