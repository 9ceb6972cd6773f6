"""The games admin for content staff: parts on their own pages, drag-and-drop order,
optimistic locking, translated inputs with lang/dir, the admin in the staff's language,
labels, filters and search."""

import io
import json
import shutil

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games import content
from games.models import FaqItem, Game, Mission
from tests.admin_forms import FormFields, form_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def other():
    client = Client()
    User.objects.create_superuser("alice", "alice@example.org", "pw-123456")
    client.login(username="alice", password="pw-123456")
    return client


def change_url(game: Game, part: str | None = None) -> str:
    base = f"/admin/games/game/{game.pk}/"
    return base + (f"part/{part}/" if part else "change/")


class TestParts:
    def test_the_game_page_links_every_part_instead_of_one_huge_form(self, staff):
        game = Game.objects.get(slug="time-shooter-3")
        html = staff.get(change_url(game)).content.decode()
        for part in ("sections", "faq", "weapons", "missions", "related"):
            assert f'href="{change_url(game, part)}"' in html
        assert "faq_items-TOTAL_FORMS" not in html
        assert "hero_title_de" in html

    def test_a_part_page_shows_only_its_items(self, staff):
        game = Game.objects.get(slug="time-shooter-3")
        html = staff.get(change_url(game, "faq")).content.decode()
        assert "faq_items-TOTAL_FORMS" in html
        assert "weapons-TOTAL_FORMS" not in html and 'name="hero_title_en"' not in html

    def test_a_part_page_offers_no_delete_of_the_whole_game_page(self, staff):
        game = Game.objects.get(slug="vex5")
        part = staff.get(change_url(game, "faq")).content.decode()
        assert "/delete/" not in part
        assert "/delete/" in staff.get(change_url(game)).content.decode()

    def test_the_add_page_opens_without_parts(self, staff):
        response = staff.get("/admin/games/game/add/")
        assert response.status_code == 200
        assert 'name="version"' in response.content.decode()

    def test_an_unknown_part_leads_back_to_the_game_page(self, staff):
        game = Game.objects.get(slug="vex5")
        response = staff.get(change_url(game, "nothing"))
        assert response.status_code == 302 and response["Location"] == change_url(game)


class TestOrdering:
    def test_a_faq_reordered_by_drag_and_drop_saves_its_new_order(self, staff):
        game = Game.objects.get(slug="vex5")
        form = form_of(staff, change_url(game, "faq"))
        first, last = list(game.faq_items.order_by("order"))[0], list(game.faq_items.all())[-1]
        count = int(form.data["faq_items-TOTAL_FORMS"][0])
        # What the drag handle does: it rewrites the hidden order inputs.
        for index in range(count):
            form.data[f"faq_items-{index}-order"] = [str(index + 2)]
        form.data[f"faq_items-{count - 1}-order"] = ["1"]
        response = staff.post(change_url(game, "faq"), form.data)
        assert response.status_code == 302, response.content.decode()[:2000]
        order = list(game.faq_items.order_by("order").values_list("pk", flat=True))
        assert order[0] == last.pk and order[1] == first.pk

    @pytest.mark.parametrize(
        ("slug", "part", "prefix"),
        [
            ("time-shooter-3", "controls", "controls"),
            ("time-shooter-3", "weapons", "weapons"),
            ("pokerogue", "sections", "sections"),
            ("vex5", "related", "related"),
            ("pokemon-clicker-2", "timeline", "timeline"),
        ],
    )
    def test_every_list_saves_a_reversed_order(self, staff, slug, part, prefix):
        game = Game.objects.get(slug=slug)
        form = form_of(staff, change_url(game, part))
        count = int(form.data[f"{prefix}-TOTAL_FORMS"][0])
        assert count >= 2
        ids = [form.data[f"{prefix}-{index}-id"][0] for index in range(count)]
        for index in range(count):
            form.data[f"{prefix}-{index}-order"] = [str(count - index)]
        response = staff.post(change_url(game, part), form.data)
        assert response.status_code == 302, response.content.decode()[:3000]
        related = getattr(game, {"sections": "sections"}.get(part, part))
        saved = [str(pk) for pk in related.order_by("order").values_list("pk", flat=True)]
        assert saved == list(reversed(ids))

    def test_the_order_inputs_are_drag_handles_not_numbers_to_type(self, staff):
        game = Game.objects.get(slug="vex5")
        form = form_of(staff, change_url(game, "faq"))
        assert form.inputs["faq_items-0-order"]["type"] == "hidden"
        assert 'class="sort"' in form.html and "Move to first position" in form.html

    def test_a_new_item_can_be_placed_between_two_others(self, staff):
        game = Game.objects.get(slug="vex5")
        form = form_of(staff, change_url(game, "faq"))
        count = int(form.data["faq_items-TOTAL_FORMS"][0])
        for index in range(count):
            form.data[f"faq_items-{index}-order"] = [str(index + 1 if index < 1 else index + 2)]
        form.data["faq_items-TOTAL_FORMS"] = [str(count + 1)]
        form.data.update(
            {
                f"faq_items-{count}-order": ["2"],
                f"faq_items-{count}-game": [str(game.pk)],
                f"faq_items-{count}-question_en": ["Is it free?"],
                f"faq_items-{count}-answer_en": ["Yes."],
            }
        )
        response = staff.post(change_url(game, "faq"), form.data)
        assert response.status_code == 302, response.content.decode()[:3000]
        questions = list(game.faq_items.order_by("order").values_list("question_en", flat=True))
        assert questions[1] == "Is it free?" and len(questions) == count + 1


def text_columns(row) -> dict[str, str]:
    return {
        f.attname: getattr(row, f.attname)
        for f in row._meta.concrete_fields
        if f.get_internal_type() == "TextField"
    }


class TestLineBreaks:
    """Browsers post textareas with CRLF; a field nobody edited must stay as it was."""

    def test_editing_one_mission_leaves_the_others_byte_identical(
        self, staff, tmp_path, monkeypatch
    ):
        game = Game.objects.get(slug="time-shooter-3")
        before = {m.pk: text_columns(m) for m in game.missions.all()}
        form = form_of(staff, change_url(game, "missions"))
        assert "\r\n" in form.data["missions-0-objectives_de"][0]  # what a browser posts
        form.data["missions-0-title_en"] = ["Training Grounds"]
        response = staff.post(change_url(game, "missions"), form.data)
        assert response.status_code == 302, response.content.decode()[:2000]
        edited = form.data["missions-0-id"][0]
        for mission in game.missions.exclude(pk=edited):
            assert text_columns(mission) == before[mission.pk]
        message = LogEntry.objects.latest("action_time").get_change_message()
        assert "Title [en]" in message
        assert "Objectives" not in message and "Description" not in message

        # The next deploy updates another mission's objectives: nobody edited them.
        shutil.copy(content.CONTENT_DIR / "time-shooter-3.json", tmp_path)
        monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
        monkeypatch.setattr(content, "TRANSLATIONS_DIR", tmp_path / "i18n")
        data = json.loads((tmp_path / "time-shooter-3.json").read_text(encoding="utf-8"))
        missions = next(s for s in data["sections"] if s["kind"] == "missions")["items"]
        missions[1]["objectives"][0] = "Secure the whole bank lobby"
        (tmp_path / "time-shooter-3.json").write_text(json.dumps(data), encoding="utf-8")
        (tmp_path / "i18n").mkdir()
        out = io.StringIO()
        call_command("load_games", stdout=out)
        second = Mission.objects.get(game=game, content_key=missions[1]["ref"])
        assert second.objectives_en.splitlines()[0] == "Secure the whole bank lobby"
        kept = [line for line in out.getvalue().splitlines() if "kept:" in line]
        assert kept == ["  kept: time-shooter-3/missions/mission-1: title [en]"]

    def test_typing_the_files_text_back_makes_the_field_follow_the_files_again(self, staff):
        game = Game.objects.get(slug="time-shooter-3")
        form = form_of(staff, change_url(game, "missions"))
        original = form.data["missions-1-objectives_en"][0]
        form.data["missions-1-objectives_en"] = ["Edited"]
        assert staff.post(change_url(game, "missions"), form.data).status_code == 302
        assert content.load_all().kept_fields == [
            "time-shooter-3/missions/mission-2: objectives [en]"
        ]
        form = form_of(staff, change_url(game, "missions"))
        form.data["missions-1-objectives_en"] = [original]
        assert staff.post(change_url(game, "missions"), form.data).status_code == 302
        assert content.load_all().kept == 0


class TestOptimisticLocking:
    def test_a_stale_save_is_refused_with_what_changed(self, staff, other):
        game = Game.objects.get(slug="vex5")
        mine = form_of(staff, change_url(game))
        theirs = form_of(other, change_url(game))
        theirs.data["hero_title_de"] = ["Alices Titel"]
        assert other.post(change_url(game), theirs.data).status_code == 302
        mine.data["hero_title_de"] = ["Mein Titel"]
        response = staff.post(change_url(game), mine.data)
        assert response.status_code == 200
        html = response.content.decode()
        assert "saved by someone else" in html and "alice" in html and "Hero title [de]" in html
        game.refresh_from_db()
        assert game.hero_title_de == "Alices Titel"

    def test_a_stale_save_of_a_part_is_refused_too(self, staff, other):
        game = Game.objects.get(slug="vex5")
        mine = form_of(staff, change_url(game, "faq"))
        theirs = form_of(other, change_url(game, "faq"))
        assert other.post(change_url(game, "faq"), theirs.data).status_code == 302
        mine.data["faq_items-0-question_en"] = ["Overwritten?"]
        assert staff.post(change_url(game, "faq"), mine.data).status_code == 200
        assert not FaqItem.objects.filter(question_en="Overwritten?").exists()

    def test_a_save_of_one_list_does_not_refuse_a_form_of_another(self, staff, other):
        game = Game.objects.get(slug="time-shooter-3")
        mine = form_of(staff, change_url(game, "missions"))
        theirs = form_of(other, change_url(game, "weapons"))
        theirs.data["weapons-0-name_en"] = ["Alice's pistol"]
        assert other.post(change_url(game, "weapons"), theirs.data).status_code == 302
        mine.data["missions-0-title_en"] = ["Training Grounds"]
        response = staff.post(change_url(game, "missions"), mine.data)
        assert response.status_code == 302, response.content.decode()[:2000]
        assert game.missions.filter(title_en="Training Grounds").exists()
        assert game.weapons.filter(name_en="Alice's pistol").exists()

    def test_a_refused_form_keeps_what_was_typed_and_can_be_saved_again(self, staff, other):
        game = Game.objects.get(slug="vex5")
        mine = form_of(staff, change_url(game, "faq"))
        theirs = form_of(other, change_url(game, "faq"))
        theirs.data["faq_items-1-question_en"] = ["Alice's question"]
        assert other.post(change_url(game, "faq"), theirs.data).status_code == 302
        mine.data["faq_items-0-question_en"] = ["My question"]
        refused = staff.post(change_url(game, "faq"), mine.data)
        assert refused.status_code == 200
        html = refused.content.decode()
        assert "saved by someone else" in html and "alice" in html and "Alice" in html
        assert "still holds what you typed" in html
        again = FormFields()
        again.feed(html)
        assert again.data["faq_items-0-question_en"] == ["My question"]
        assert again.data["version"] != mine.data["version"]
        again.data["faq_items-1-question_en"] = ["Alice's question"]  # what was checked
        response = staff.post(change_url(game, "faq"), again.data)
        assert response.status_code == 302, response.content.decode()[:2000]
        questions = set(game.faq_items.values_list("question_en", flat=True))
        assert {"My question", "Alice's question"} <= questions

    def test_each_save_moves_the_version_on(self, staff):
        game = Game.objects.get(slug="vex5")
        before = game.version
        for _ in range(2):
            form = form_of(staff, change_url(game))
            assert staff.post(change_url(game), form.data).status_code == 302
        game.refresh_from_db()
        assert game.version == before + 2


class TestOptimisticLockingInTheList:
    """The list's editable columns (order, published, in footer) go through the lock."""

    LIST = "/admin/games/game/"

    def row(self, form: FormFields, game: Game) -> str:
        count = int(form.data["form-TOTAL_FORMS"][0])
        return next(
            f"form-{i}-" for i in range(count) if form.data[f"form-{i}-id"] == [str(game.pk)]
        )

    def test_a_stale_list_edit_is_refused(self, staff, other):
        game = Game.objects.get(slug="vex5")
        mine = form_of(staff, self.LIST)
        theirs = form_of(other, change_url(game))
        theirs.data["in_footer"] = [] if game.in_footer else ["on"]
        assert other.post(change_url(game), theirs.data).status_code == 302
        mine.data[self.row(mine, game) + "order"] = ["99"]
        response = staff.post(self.LIST, {**mine.data, "_save": ["Save"]})
        assert response.status_code == 200
        assert "saved by someone else" in response.content.decode()
        refreshed = Game.objects.get(pk=game.pk)
        assert refreshed.order == game.order and refreshed.in_footer != game.in_footer

    def test_a_list_edit_saves_and_moves_the_version_on(self, staff):
        game = Game.objects.get(slug="vex5")
        mine = form_of(staff, self.LIST)
        mine.data[self.row(mine, game) + "order"] = ["99"]
        response = staff.post(self.LIST, {**mine.data, "_save": ["Save"]})
        assert response.status_code == 302
        refreshed = Game.objects.get(pk=game.pk)
        assert refreshed.order == 99 and refreshed.version == game.version + 1

    def test_a_row_saved_by_someone_else_does_not_refuse_another_rows_edit(self, staff, other):
        theirs_game, my_game = Game.objects.get(slug="vex5"), Game.objects.get(slug="pokerogue")
        mine = form_of(staff, self.LIST)
        theirs = form_of(other, change_url(theirs_game))
        assert other.post(change_url(theirs_game), theirs.data).status_code == 302
        mine.data[self.row(mine, my_game) + "order"] = ["99"]
        response = staff.post(self.LIST, {**mine.data, "_save": ["Save"]})
        assert response.status_code == 302
        assert Game.objects.get(pk=my_game.pk).order == 99


class TestLanguages:
    def test_every_translated_input_says_its_language_and_direction(self, staff):
        game = Game.objects.get(slug="vex5")
        form = form_of(staff, change_url(game))
        assert form.inputs["hero_title_ar"]["lang"] == "ar"
        assert form.inputs["hero_title_ar"]["dir"] == "rtl"
        assert form.inputs["hero_text_ja"]["lang"] == "ja"
        assert form.inputs["hero_text_ja"]["dir"] == "ltr"
        faq = form_of(staff, change_url(game, "faq"))
        assert faq.inputs["faq_items-0-answer_ar"]["dir"] == "rtl"

    def test_the_admin_follows_the_browser_language(self, staff):
        response = staff.get("/admin/", headers={"accept-language": "de-DE,de;q=0.9"})
        assert "Website-Verwaltung" in response.content.decode()

    def test_the_sign_in_page_follows_the_language_chosen_on_the_site(self):
        visitor = Client()
        visitor.cookies["django_language"] = "de"
        html = visitor.get("/admin/login/", headers={"accept-language": "en"}).content.decode()
        assert 'lang="de"' in html and "Anmelden" in html
        visitor.cookies["admin_language"] = "fr"
        assert 'lang="fr"' in visitor.get("/admin/login/").content.decode()

    def test_the_language_chosen_in_the_admin_switches_its_interface(self, staff):
        response = staff.post("/admin/language/", {"language": "ar", "next": "/admin/"})
        assert response.status_code == 302 and response["Location"] == "/admin/"
        html = staff.get("/admin/").content.decode()
        assert 'dir="rtl"' in html and 'lang="ar"' in html
        staff.post("/admin/language/", {"language": "zh", "next": "https://evil.example/"})
        assert "站点管理" in staff.get("/admin/").content.decode()

    def test_the_site_itself_stays_in_its_url_language(self, staff, client):
        staff.post("/admin/language/", {"language": "de", "next": "/admin/"})
        assert 'lang="en"' in staff.get("/").content.decode()


class TestLabelsFiltersSearch:
    def test_the_two_addresses_are_told_apart(self, staff):
        html = staff.get(change_url(Game.objects.get(slug="vex5"))).content.decode()
        assert "Page address" in html and "Game address (embedded frame)" in html

    def test_every_list_has_filters_and_search(self, staff):
        from django.contrib import admin

        for model, model_admin in admin.site._registry.items():
            # A list that is a page of its own (translations: progress, review) has its own.
            own_page = type(model_admin).changelist_view is not admin.ModelAdmin.changelist_view
            if model._meta.app_label in ("games", "translations") and not own_page:
                assert model_admin.search_fields, model
                assert model_admin.list_filter, model
