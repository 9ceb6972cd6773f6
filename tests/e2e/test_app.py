"""The site as an installable app (pages/app.py): in Chromium with the site's own CSP,
a service worker takes over, keeps nothing from the API, and shows the offline page in
the visitor's language when the network is gone."""

import time

import pytest

OFFLINE_HEADING = "Tu es hors ligne"


@pytest.fixture
def french(browser, server):
    context = browser.new_context(base_url=server, locale="fr-FR")
    yield context
    context.close()


def test_the_site_is_installable_and_works_offline_in_the_visitors_language(french):
    page = french.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/fr/")
    manifest = page.evaluate(
        "() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["lang"] == "fr" and manifest["start_url"] == "/fr/"
    # (Polled from here: the CSP refuses the eval behind Playwright's wait_for_function.)
    assert page.evaluate(
        """() => navigator.serviceWorker.controller !== null || new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""
    )

    # A page read online leaves the French offline page in the worker's cache.
    page.goto("/fr/how-to-play/")
    deadline = time.monotonic() + 15
    while not page.evaluate(
        "() => caches.open('pokeguess-shell-v1').then(c => c.match('/fr/offline/')).then(Boolean)"
    ):
        assert time.monotonic() < deadline, "the French offline page was never kept"
        time.sleep(0.2)
    kept = page.evaluate(
        "() => caches.open('pokeguess-shell-v1').then(c => c.keys()).then(k => k.map(r => r.url))"
    )
    assert kept and not [url for url in kept if "/api/" in url]

    french.set_offline(True)
    try:
        page.goto("/fr/about/")
        assert page.locator("h1").inner_text() == OFFLINE_HEADING
    finally:
        french.set_offline(False)
    page.goto("/fr/about/")
    assert page.locator("h1").inner_text() != OFFLINE_HEADING
    assert not errors, errors
