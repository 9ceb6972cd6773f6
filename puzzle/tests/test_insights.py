"""The staff dashboard: aggregates, refused names, SVG charts and the admin pages."""

import json
import re
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.test import RequestFactory
from django.utils import translation

from puzzle.admin import figures as insights
from puzzle.admin import insights as admin_insights
from puzzle.admin.charts import Bar, bar_chart
from puzzle.models import DailyPuzzle, Player, PlayerGame, Pokemon, RefusedName

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # puzzle #21
DAY = NOON.date()


@pytest.fixture
def frozen():
    with time_machine.travel(NOON, tick=False):
        yield


@pytest.fixture
def puzzle(frozen) -> DailyPuzzle:
    return DailyPuzzle.objects.create(date=DAY, pokemon_id=25, scheduled=True)


@pytest.fixture
def superuser(client):
    client.force_login(User.objects.create_superuser("boss", "b@example.org", "pw-123456"))
    return client


def make_games(puzzle: DailyPuzzle, outcomes: list[tuple[str, int, str]]) -> None:
    players = Player.objects.bulk_create([Player(id=uuid.uuid4()) for _ in outcomes])
    PlayerGame.objects.bulk_create(
        PlayerGame(
            player=player,
            puzzle=puzzle,
            status=status,
            attempts=attempts,
            guesses=list(range(1, attempts + 1)),
            language=lang,
            counts_for_stats=True,
        )
        for player, (status, attempts, lang) in zip(players, outcomes, strict=True)
    )


def render_dashboard(lang: str) -> str:
    request = RequestFactory().get("/admin/insights/")
    request.user = User.objects.create_superuser(f"staff-{lang}", f"{lang}@example.org", "pw")
    with translation.override(lang):
        response = admin_insights.dashboard(request)
        return response.render().content.decode()


def guess(client, number: int, name: str, lang: str = "en"):
    return client.post(
        f"/api/puzzle/{number}/guesses?lang={lang}",
        json.dumps({"name": name}),
        content_type="application/json",
    )


class TestRefusedNames:
    def test_an_unknown_name_is_counted_once_per_spelling(self, client, puzzle):
        guess(client, 21, "Pikachoo")
        guess(client, 21, "  PIKACHOO ")
        guess(client, 21, "Raichoo")
        rows = {r.key: r.count for r in RefusedName.objects.filter(puzzle=puzzle)}
        assert rows == {"pikachoo": 2, "raichoo": 1}

    def test_it_never_stores_who_typed_it(self):
        names = {f.name for f in RefusedName._meta.get_fields()}
        assert names == {"id", "puzzle", "key", "text", "count"}

    def test_a_known_name_is_not_counted(self, client, puzzle):
        guess(client, 21, "Bulbasaur")
        assert not RefusedName.objects.exists()

    def test_the_game_keeps_the_language_and_the_number_of_attempts(self, client, puzzle):
        guess(client, 21, "Bisasam", lang="de")
        guess(client, 21, "Glumanda", lang="de")
        game = PlayerGame.objects.get()
        assert (game.language, game.attempts) == ("de", 2)


class TestFigures:
    def test_a_puzzle_adds_up_in_sql(self, puzzle):
        outcomes = (
            [("won", 1, "en")] * 30
            + [("won", 3, "de")] * 50
            + [("won", 6, "ja")] * 20
            + [("lost", 6, "en")] * 40
            + [("playing", 2, "fr")] * 60
        )
        make_games(puzzle, outcomes)
        figures = insights.for_puzzle(puzzle)
        assert (figures.started, figures.finished, figures.won) == (200, 140, 100)
        assert figures.win_rate == round(100 * 100 / 140, 1)
        assert figures.average_guesses == round((30 * 1 + 50 * 3 + 20 * 6) / 100, 2)
        assert figures.distribution == [30, 0, 50, 0, 0, 20]
        assert figures.players == 200

    def test_practice_games_do_not_count(self, puzzle):
        make_games(puzzle, [("won", 2, "en")] * 3)
        PlayerGame.objects.filter(pk=PlayerGame.objects.first().pk).update(counts_for_stats=False)
        assert insights.for_puzzle(puzzle).won == 2

    def test_the_last_days_list_every_released_puzzle_oldest_first(self, puzzle):
        earlier = DailyPuzzle.objects.create(date=DAY - timedelta(days=2), pokemon_id=1)
        make_games(earlier, [("lost", 6, "en")])
        days = insights.last_days(DAY)
        assert [d.day for d in days] == [earlier.date, puzzle.date]
        assert days[0].finished == 1

    def test_language_share_is_a_percentage_of_players(self, puzzle):
        make_games(puzzle, [("won", 2, "de")] * 3 + [("won", 2, "en")])
        assert insights.language_share(DAY, DAY) == [("de", 3, 75.0), ("en", 1, 25.0)]

    def test_figures_are_cached_briefly(self, puzzle, django_assert_num_queries):
        insights.for_puzzle(puzzle)
        with django_assert_num_queries(0):
            insights.for_puzzle(puzzle)
        cache.clear()
        with django_assert_num_queries(4):
            insights.for_puzzle(puzzle)


class TestCharts:
    def test_labels_and_titles_are_escaped(self):
        svg = bar_chart("<b>t</b>", [Bar("<x>", 1, "1 & 2")])
        assert "<b>" not in svg and "&lt;b&gt;" in svg and "1 &amp; 2" in svg

    def test_right_to_left_puts_the_first_bar_on_the_right(self):
        bars = [Bar("a", 1, "1"), Bar("b", 2, "2")]
        ltr, rtl = bar_chart("t", bars), bar_chart("t", bars, rtl=True)
        assert ltr.index(">a<") < ltr.index(">b<")
        assert rtl.index(">a<") < rtl.index(">b<")  # same order in the markup…
        first_x = lambda svg: float(svg.split('x="', 2)[2].split('"')[0])  # noqa: E731
        assert first_x(rtl) > first_x(ltr)  # …but drawn from the right

    def test_every_bar_shows_its_value_over_a_scale_with_the_axes_named(self):
        bars = [Bar(str(day), day * 10, f"{day * 10} %") for day in range(1, 31)]
        svg = bar_chart("t", bars, x_title="Date", y_title="Win rate", unit=" %", maximum=100)
        values = re.findall(r'class="value">([^<]*)<', svg)
        assert values == [f"{day * 10} %" for day in range(1, 31)]
        assert re.findall(r'class="scale">([^<]*)<', svg) == ["0 %", "50 %", "100 %"]
        assert re.findall(r'class="axis-title">([^<]*)<', svg) == ["Date", "Win rate"]

    def test_an_empty_chart_draws_no_bars(self):
        assert "<rect" not in bar_chart("t", [])
        assert 'height="0.0"' in bar_chart("t", [Bar("a", 0, "0")])


class TestDashboardPages:
    def test_it_shows_the_last_days_with_charts_and_tables(self, superuser, puzzle):
        make_games(puzzle, [("won", 2, "de")] * 4 + [("lost", 6, "en")])
        body = superuser.get("/admin/insights/").content.decode()
        assert body.count('class="insights-chart"') == 3
        assert "#21" in body and "80.0 %" in body

    def test_it_speaks_the_staff_members_language(self, puzzle):
        body = render_dashboard("de")
        assert "Spieler pro Tag" in body and 'lang="de"' in body

    def test_arabic_is_right_to_left(self, puzzle):
        body = render_dashboard("ar")
        assert 'dir="rtl"' in body

    def test_visitors_are_sent_to_the_login(self, client):
        response = client.get("/admin/insights/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"]

    def test_staff_without_the_permission_are_refused(self, client):
        user = User.objects.create_user("helper", password="pw-123456", is_staff=True)
        client.force_login(user)
        assert client.get("/admin/insights/").status_code == 403

    def test_a_future_puzzle_has_no_page(self, superuser, frozen):
        DailyPuzzle.objects.create(date=DAY + timedelta(days=3), pokemon_id=4, scheduled=True)
        assert superuser.get("/admin/insights/24/").status_code == 404

    def test_a_refused_spelling_is_accepted_in_one_click(self, superuser, client, puzzle):
        Pokemon.objects.update(updated_at=NOON - timedelta(days=1))  # imported before today
        guess(client, 21, "Pikachuu")
        page = superuser.get("/admin/insights/21/").content.decode()
        assert "Pikachuu" in page
        refused = RefusedName.objects.get()
        response = superuser.post(
            "/admin/insights/21/", {"refused": refused.pk, "pokemon": 25}, follow=True
        )
        assert "is now accepted for" in response.content.decode()
        assert "Pikachuu" in Pokemon.objects.get(pk=25).extra_names
        assert not RefusedName.objects.exists()
        assert guess(client, 21, "pikachuu").status_code == 201

    def test_a_spelling_like_no_pokemon_offers_none_chosen(self, superuser, puzzle):
        RefusedName.record(puzzle, "Zzqxv")
        refused = RefusedName.objects.get()
        page = superuser.get(f"/admin/insights/{puzzle.number}/").content.decode()
        select = page[page.index(f'id="pokemon-{refused.pk}"') :].split("</select>")[0]
        assert "required" in select.split(">")[0]
        assert (
            '<option value="" selected>' in select
            and "selected" not in select.split("</option>", 1)[1]
        )
        response = superuser.post(
            f"/admin/insights/{puzzle.number}/", {"refused": refused.pk, "pokemon": ""}
        )
        assert response.status_code == 302 and RefusedName.objects.exists()
        assert "Zzqxv" not in Pokemon.objects.get(pk=1).extra_names

    @pytest.mark.parametrize(
        ("typed", "reason"),
        [
            ('Qik"a<chu>z', "without brackets or quotes"),
            ("Pikachu" + "u" * 53, "is too long"),
        ],
    )
    def test_a_spelling_that_is_no_name_is_not_accepted(self, superuser, puzzle, typed, reason):
        before = Pokemon.objects.get(pk=25).extra_names
        RefusedName.record(puzzle, typed)
        refused = RefusedName.objects.get()
        response = superuser.post(
            "/admin/insights/21/", {"refused": refused.pk, "pokemon": 25}, follow=True
        )
        assert reason in response.content.decode()
        assert Pokemon.objects.get(pk=25).extra_names == before

    def test_another_pokemons_name_is_not_accepted(self, superuser, puzzle):
        charmander = Pokemon.objects.get(pk=4)
        before = Pokemon.objects.get(pk=25).extra_names
        RefusedName.record(puzzle, charmander.name_de)
        refused = RefusedName.objects.get()
        response = superuser.post(
            "/admin/insights/21/", {"refused": refused.pk, "pokemon": 25}, follow=True
        )
        assert f"is already a name of {charmander}" in response.content.decode()
        assert Pokemon.objects.get(pk=25).extra_names == before

    def test_a_refused_spelling_is_explained_in_the_staff_language(self, superuser, puzzle):
        RefusedName.record(puzzle, "Pikachu" + "u" * 53)
        refused = RefusedName.objects.get()
        response = superuser.post(
            "/admin/insights/21/",
            {"refused": refused.pk, "pokemon": 25},
            headers={"accept-language": "de"},
            follow=True,
        )
        assert "ist zu lang" in response.content.decode()

    def test_accepting_needs_the_change_permission(self, client, puzzle):
        user = User.objects.create_user("viewer", password="pw-123456", is_staff=True)
        user.user_permissions.add(Permission.objects.get(codename="view_dailypuzzle"))
        client.force_login(user)
        RefusedName.record(puzzle, "Pikachuu")
        refused = RefusedName.objects.get()
        assert client.get("/admin/insights/21/").status_code == 200
        response = client.post("/admin/insights/21/", {"refused": refused.pk, "pokemon": 25})
        assert response.status_code == 403
        assert "Pikachuu" not in Pokemon.objects.get(pk=25).extra_names


def test_a_day_without_games_shows_dashes(superuser, puzzle):
    body = superuser.get("/admin/insights/21/").content.decode()
    assert "–" in body
    assert date(2026, 11, 21).year == 2026


def test_the_admin_home_links_the_dashboard(superuser):
    assert 'href="/admin/insights/"' in superuser.get("/admin/").content.decode()
