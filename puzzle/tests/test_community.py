"""Names, boards and friend leagues (puzzle/services/community.py, puzzle/boards.py)."""

import random
import re
from datetime import date, timedelta
from functools import partial

import pytest
from django.test import Client

from puzzle.models import DailyPuzzle, League, LeagueMember, NameReport, Player, PlayerGame
from puzzle.services import community, play
from puzzle.tests.test_api import NOON, at, guess, schedule
from puzzle.tests.test_guess_transaction import at_once, on_postgresql

pytestmark = pytest.mark.django_db
TODAY = NOON.date()


@pytest.fixture
def pikachu_today():
    with at(NOON):
        schedule(TODAY - timedelta(days=1), 1)
        yield schedule(TODAY, 25)


def named(name: str) -> Player:
    return Player.objects.create(display_name=name)


def won(player: Player, day: date, attempts: int, seconds: int, finished_minute: int = 0):
    """A counted win of ``day``'s puzzle (scheduled beforehand)."""
    finished = NOON.replace(minute=finished_minute)
    game = PlayerGame.objects.create(
        player=player,
        puzzle=DailyPuzzle.objects.get(date=day),
        guesses=list(range(1, attempts)) + [25],
        attempts=attempts,
        status=PlayerGame.Status.WON,
        finished_at=finished,
    )
    # started_at is set on creation: the first guess, ``seconds`` before the win.
    PlayerGame.objects.filter(pk=game.pk).update(started_at=finished - timedelta(seconds=seconds))
    return game


# Names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "ja", "ar", "fr", "ru"])
def test_a_generated_name_is_a_word_a_local_pokemon_and_a_number(lang):
    name = community.generated_name(lang, random.Random(7))
    assert re.search(r"\d\d$", name)
    entry = community._lists()[lang]
    assert any(word in name for word in entry["words"])
    assert len(name) <= 40


@pytest.mark.parametrize(
    "text",
    ["Ash Ketchum", "Rot-Blau 2", "ミカン", "Ночной", "Léa's team", "كرة", "  Misty   42  "],
)
def test_a_typed_name_in_any_script_is_kept(text):
    assert community.clean_display_name(text) == " ".join(text.split())


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ab", "3 to 20"),
        ("x" * 21, "3 to 20"),
        ("1234", "letters"),
        ("<script>", "letters"),
        ("a\u200bb c", "letters"),
        ("Pikachu", "Pokémon"),
        ("glumanda", "Pokémon"),  # German for Charmander
        ("ピカチュウ", "Pokémon"),
        ("Moderator Ash", "not allowed"),
        ("Nintendo Staff", "not allowed"),
        ("sh1t lord", "not allowed"),
        ("S H I T", "not allowed"),
    ],
)
def test_a_typed_name_is_refused_with_the_reason(text, reason):
    with pytest.raises(community.NameRefused) as refused:
        community.clean_display_name(text)
    assert reason in refused.value.message


def test_only_a_signed_generated_name_skips_the_checks():
    name = "Fearless Crabominable 42"  # longer than a typed name may be
    assert community.checked_name(name, community.sign_name(name)) == name
    with pytest.raises(community.NameRefused):
        community.checked_name(name, community.sign_name("Calm Eevee 10"))
    with pytest.raises(community.NameRefused):
        community.checked_name(name, "forged")


def test_three_reports_hide_a_name_until_staff_show_it():
    troll = named("Grumpy")
    for _ in range(community.REPORTS_TO_HIDE - 1):
        assert community.report(Player.objects.create(), community.report_token(troll.pk))
    reporter = Player.objects.create()
    community.report(reporter, community.report_token(troll.pk))
    community.report(reporter, community.report_token(troll.pk))  # once per pair
    assert NameReport.objects.filter(player=troll).count() == community.REPORTS_TO_HIDE
    troll.refresh_from_db()
    assert troll.name_hidden
    assert not community.report(reporter, "forged")
    assert not community.report(troll, community.report_token(troll.pk))  # not oneself


# Boards --------------------------------------------------------------------------------


def test_todays_board_ranks_guesses_then_time_then_who_finished_first(pikachu_today):
    slow_three = won(named("Slow Three"), TODAY, 3, seconds=300)
    quick_three = won(named("Quick Three"), TODAY, 3, seconds=60, finished_minute=5)
    tie_later = won(named("Tie Later"), TODAY, 3, seconds=60, finished_minute=9)
    two = won(named("Two"), TODAY, 2, seconds=900)
    won(Player.objects.create(), TODAY, 1, seconds=5)  # no name: not on boards
    hidden = named("Hidden")
    Player.objects.filter(pk=hidden.pk).update(name_hidden=True)
    won(hidden, TODAY, 1, seconds=5)
    board = community.day_board(TODAY, tie_later.player_id)
    assert [row.name for row in board.rows] == ["Two", "Quick Three", "Tie Later", "Slow Three"]
    assert [row.rank for row in board.rows] == [1, 2, 3, 4]
    assert board.rows[1].time == "1:00" and board.rows[0].time == "15:00"
    assert board.viewer == board.rows[2]
    # Below the top rows, the viewer still learns their place.
    small = community.day_board(TODAY, slow_three.player_id, size=2)
    assert small.viewer is not None and small.viewer.rank == 4
    assert quick_three.player_id != two.player_id


def test_the_all_time_boards_read_the_figures_each_guess_keeps(pikachu_today):
    client = Client()
    with at(NOON - timedelta(days=1)):
        guess(client, 20, "Bulbasaur")
    guess(client, 21, "Pikachu")
    player = Player.objects.get()
    assert (player.played, player.wins, player.streak, player.streak_day) == (2, 2, 2, TODAY)
    Player.objects.update(display_name="Streaky")
    assert [(r.name, r.streak) for r in community.streak_board(TODAY, None).rows] == [
        ("Streaky", 2)
    ]
    # A day missed: the streak is no longer current.
    assert community.streak_board(TODAY + timedelta(days=2), None).rows == []
    assert community.rate_board(None).rows == []  # fewer than MIN_GAMES games
    Player.objects.update(played=community.MIN_GAMES, wins=7)
    other = Player.objects.create(display_name="Perfect", played=20, wins=20)
    rates = community.rate_board(other.pk)
    assert [(r.name, r.percent) for r in rates.rows] == [("Perfect", 100), ("Streaky", 70)]
    assert rates.viewer == rates.rows[0]


def test_the_board_page_waits_until_the_viewer_finished(pikachu_today):
    won(named("Early Bird"), TODAY, 2, seconds=30)
    client = Client()
    page = client.get("/boards/")
    assert page.status_code == 200
    assert "Finish today's puzzle" in page.text and "Early Bird" not in page.text
    assert "no-store" in page["Cache-Control"] and "private" in page["Cache-Control"]
    assert '<meta name="robots" content="noindex">' in page.text
    guess(client, 21, "Pikachu")
    page = client.get("/boards/")
    assert "Early Bird" in page.text


def test_boards_name_players_and_counts_never_an_answer(pikachu_today):
    winner = named("Early Bird")
    won(winner, TODAY, 2, seconds=30)
    league = community.create_league(winner, "Friends")
    client = Client()
    guess(client, 21, "Bulbasaur")  # still playing
    community.join(league, Player.objects.get(display_name=""))
    boards, league_page = (_main(client.get(url).text) for url in ("/boards/", league.url))
    assert "Pikachu" not in boards + league_page and "Early Bird" not in boards
    assert "Today's winners" not in league_page
    guess(client, 21, "Pikachu")
    main = _main(client.get(league.url).text)
    assert "Today's winners" in main and "Pikachu" not in main


def _main(html: str) -> str:
    return html.split("<main", 1)[1].split("</main>", 1)[0]


# Names through the page -----------------------------------------------------------------


def test_a_player_takes_the_generated_name_and_leaves_the_boards(pikachu_today):
    client = Client()
    page = client.get("/de/name/")
    assert page.status_code == 200
    name = page.context["suggestion"]["name"]
    token = page.context["suggestion"]["token"]
    saved = client.post("/de/name/", {"name": name, "token": token})
    assert saved.status_code == 303
    player = Player.objects.get()
    assert player.display_name == name
    assert name in client.get("/de/name/").text
    client.post("/de/name/", {"action": "remove"})
    player.refresh_from_db()
    assert player.display_name == ""


def test_a_refused_name_is_explained_in_the_pages_language_and_kept(pikachu_today):
    client = Client()
    page = client.post("/fr/name/", {"name": "Pikachu"})
    assert page.status_code == 200
    assert 'aria-invalid="true"' in page.text and 'value="Pikachu"' in page.text
    assert "Pokémon" in page.context["form"].errors["name"][0]
    assert not Player.objects.exists()


# Leagues -------------------------------------------------------------------------------


def test_leagues_join_leave_and_remove(pikachu_today):
    owner, friend, third = named("Owner"), named("Friend"), named("Third")
    league = community.create_league(owner, "Lunch Break")
    assert re.fullmatch(r"[a-z2-9]{8}", league.code)
    community.join(league, friend)
    community.join(league, friend)  # twice: once
    community.join(league, third)
    league.refresh_from_db()
    assert league.size == 3
    with pytest.raises(community.NotAllowed):
        community.leave(league, third.pk, by=friend.pk)
    community.leave(league, third.pk, by=owner.pk)
    community.leave(league, owner.pk)  # the creator leaves: the next member takes over
    league.refresh_from_db()
    assert (league.size, league.owner_id) == (1, friend.pk)
    community.leave(league, friend.pk)
    assert not League.objects.exists()


def test_a_league_holds_at_most_its_limit(pikachu_today, settings):
    league = community.create_league(named("Owner"), "Big One")
    League.objects.filter(pk=league.pk).update(size=community.LEAGUE_LIMIT - 1)
    community.join(league, named("Last In"))
    with pytest.raises(community.LeagueFull) as full:
        community.join(league, named("Too Late"))
    assert "100" in full.value.message
    assert league.members.count() == 2


def test_erasing_a_player_counts_them_out_of_their_leagues(pikachu_today):
    owner, friend = named("Owner"), named("Friend")
    league = community.create_league(owner, "Club")
    community.join(league, friend)
    play.erase_player(owner.pk)
    league.refresh_from_db()
    assert (league.size, league.owner_id) == (1, friend.pk)
    play.erase_player(friend.pk)
    assert not League.objects.exists() and not LeagueMember.objects.exists()


def _join(league: League, player: Player) -> str:
    try:
        community.join(league, player)
    except community.LeagueFull:
        return "full"
    return "joined"


@on_postgresql
def test_players_joining_at_once_never_pass_the_limit():
    """Six players join a league with two places left, each on its own connection."""

    def setup():
        owner = named("Owner")
        league = community.create_league(owner, "Race")
        League.objects.filter(pk=league.pk).update(size=community.LEAGUE_LIMIT - 2)
        return league, [owner, *(named(f"Joiner {i}") for i in range(6))]

    ((league, people),) = at_once(setup)
    try:
        outcomes = at_once(*(partial(_join, league, player) for player in people[1:]))
        assert sorted(outcomes) == ["full"] * 4 + ["joined"] * 2
        (size,) = at_once(lambda: League.objects.get(pk=league.pk).size)
        assert size == community.LEAGUE_LIMIT
    finally:
        at_once(lambda: Player.objects.filter(pk__in=[p.pk for p in people]).erase())


def test_two_friends_in_a_league_see_each_other_after_they_finish(pikachu_today):
    alice, bob = Client(), Client()
    alice.post("/name/", {"name": "Alice Plays"})
    made = alice.post("/leagues/", {"name": "Pals"})
    assert made.status_code == 303
    url = made["Location"]
    page = bob.get(url)
    assert "Join this league" in page.text
    suggested = page.context["name_form"].initial
    joined = bob.post(
        url, {"action": "join", "me-name": suggested["name"], "me-token": suggested["token"]}
    )
    assert joined.status_code == 303
    guess(alice, 21, "Pikachu")
    assert "Finish today's puzzle" in bob.get(url).text
    guess(bob, 21, "Bulbasaur")
    guess(bob, 21, "Pikachu")
    page = bob.get(url).text
    assert page.index("Alice Plays") < page.index(
        Player.objects.exclude(display_name="Alice Plays").get().display_name
    )


def test_a_player_without_a_name_gives_one_when_making_a_league(pikachu_today):
    client = Client()
    refused = client.post("/leagues/", {"name": "Pals", "me-name": "Pikachu"})
    assert refused.status_code == 200 and not League.objects.exists()
    assert 'value="Pals"' in refused.text and 'aria-invalid="true"' in refused.text
    made = client.post("/leagues/", {"name": "Pals", "me-name": "Ash 2000"})
    assert made.status_code == 303
    league = League.objects.get()
    assert (league.name, league.owner.display_name) == ("Pals", "Ash 2000")
    assert "Pals" in client.get("/leagues/").text  # the cookie names the new player


def test_unknown_leagues_are_404_and_writes_are_rate_limited(pikachu_today, settings):
    assert Client().get("/leagues/nosuchcode/").status_code == 404
    settings.RATELIMIT_ENABLE = True
    client = Client()
    answers = [client.post("/name/", {"name": f"Misty {i:02d}"}).status_code for i in range(62)]
    assert answers[-1] == 303
    page = client.get("/name/")
    assert "Too many changes" in page.text
