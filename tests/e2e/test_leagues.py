"""Names and friend leagues in the browser: two players, one league, today's board."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import type_guess

pytestmark = pytest.mark.e2e


def test_two_players_in_one_league_see_each_other_on_todays_board(browser, server):
    alice_context = browser.new_context(base_url=server, locale="en-US", bypass_csp=True)
    bob_context = browser.new_context(
        base_url=server, locale="en-US", viewport={"width": 390, "height": 844}, bypass_csp=True
    )
    alice, bob = alice_context.new_page(), bob_context.new_page()
    try:
        # Alice types a name of her own and makes a league.
        alice.goto("/name/")
        alice.get_by_label("Display name").fill("Alice Plays")
        alice.get_by_role("button", name="Save name").click()
        expect(alice.get_by_role("status")).to_contain_text("Your name is on the boards")
        alice.goto("/leagues/")
        alice.get_by_label("League name").fill("Lunch Break")
        alice.get_by_role("button", name="Make the league").click()
        expect(alice.get_by_role("heading", level=1)).to_have_text("Lunch Break")
        link = alice.get_by_label("Invite friends with this link").input_value()

        # Bob opens the link on his phone and joins with the name made for him.
        bob.goto(link)
        made_for_bob = bob.get_by_label("Display name").input_value()
        assert made_for_bob
        bob.get_by_role("button", name="Join this league").click()
        expect(bob.get_by_role("status")).to_contain_text("Welcome to the league")
        expect(bob.get_by_text("2 of 100 members")).to_be_visible()
        # No peeking before finishing today's puzzle.
        expect(bob.get_by_text("Finish today's puzzle to see how your friends did")).to_be_visible()

        for page in (alice, bob):
            page.goto("/")
            type_guess(page, "Pikachu")
            expect(page.get_by_role("heading", name="You got it! It's Pikachu!")).to_be_visible()

        # The end of the game leads to the boards.
        bob.get_by_role("link", name="See who else named it on today's leaderboard").click()
        expect(bob.get_by_role("heading", name="Leaderboards", level=1)).to_be_visible()
        bob.goto(link)
        board = bob.get_by_role("table", name="Today's winners in this league")
        rows = board.get_by_role("row").filter(has=bob.get_by_role("rowheader"))
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text("Alice Plays")  # same guesses: she won first
        expect(rows.nth(1)).to_contain_text(made_for_bob)
        expect(rows.nth(1)).to_contain_text("(you)")

        # Alice, the creator, removes Bob; he sees the league's door again.
        alice.goto(link)
        alice.get_by_role("button", name=f"Remove {made_for_bob} from the league").click()
        expect(alice.get_by_text("1 of 100 members")).to_be_visible()
        bob.reload()
        expect(bob.get_by_role("button", name="Join this league")).to_be_visible()
    finally:
        alice_context.close()
        bob_context.close()
