"""Browser tests: the real site under gunicorn (as `make run` serves it, on its own
SQLite file) driven by Playwright in Debian's Chromium. Never downloads a browser."""

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scripts.serve import gunicorn, manage

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Today's and yesterday's answers are fixed so the tests can win and lose on purpose.
TODAY_ANSWER = 25  # Pikachu
YESTERDAY_ANSWER = 1  # Bulbasaur
STAFF_PASSWORD = "e2e-staff-password"


@pytest.fixture(scope="session")
def server_env(tmp_path_factory) -> dict[str, str]:
    """The environment of the browser tests' site, its database ready."""
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "REDIS_URL": "",
        "RATELIMIT_ENABLE": "0",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "import_pokedex", "-v", "0")
    manage(env, "load_games", "-v", "0")
    today = datetime.now(UTC).date()
    yesterday = today - timedelta(days=1)
    script = "\n".join(
        [
            "from datetime import date",
            "from puzzle.models import DailyPuzzle",
            f"DailyPuzzle.for_date(date.fromisoformat('{yesterday}'), save=True)",
            f"DailyPuzzle.objects.filter(date='{yesterday}').update(pokemon_id={YESTERDAY_ANSWER})",
            f"DailyPuzzle.objects.update_or_create(date='{today}', "
            f"defaults={{'pokemon_id': {TODAY_ANSWER}}})",
        ]
    )
    manage(env, "shell", "-c", script)
    manage(
        {**env, "DJANGO_SUPERUSER_PASSWORD": STAFF_PASSWORD},
        "createsuperuser", "--noinput", "--username", "staff", "--email", "staff@example.org",
    )  # fmt: skip
    return env


@pytest.fixture(scope="session")
def server(server_env) -> Iterator[str]:
    with gunicorn(server_env) as base:
        yield base


# CI machines are shared and noisy: a reload there has taken over Playwright's default
# 5 s to bring the island's first answer. Waiting longer costs nothing when all is well.
EXPECT_TIMEOUT_MS = 15_000


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run `make chromium` (apt-get install chromium)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def context(browser, server):
    ctx = browser.new_context(
        base_url=server,
        locale="en-US",
        viewport={"width": 1280, "height": 900},
        bypass_csp=True,
        # Requests a test routes must reach it, not a service worker (tests/e2e/test_app.py
        # tests the worker in a context of its own).
        service_workers="block",
    )
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, errors


@pytest.fixture
def phone(browser, server):
    ctx = browser.new_context(
        base_url=server,
        locale="en-US",
        viewport={"width": 375, "height": 740},
        is_mobile=True,
        has_touch=True,
        bypass_csp=True,
        service_workers="block",
    )
    page = ctx.new_page()
    yield page
    ctx.close()


@pytest.fixture
def staff_phone(browser, server):
    """A signed-in staff member's page on a phone-sized screen (390 px)."""
    from playwright.sync_api import expect

    context = browser.new_context(
        base_url=server, locale="en-US", viewport={"width": 390, "height": 844}, bypass_csp=True
    )
    page = context.new_page()
    page.goto("/admin/login/")
    page.get_by_label("Username").fill("staff")
    page.get_by_label("Password").fill(STAFF_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    yield page
    context.close()
