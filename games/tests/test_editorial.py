"""Revisions, revert, recovery, drafts and previews of game pages and Pokémon
(portal.admin_revisions, games.drafts; docs/editorial.md)."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from reversion.models import Version

from games.models import Draft, FaqItem, Game
from puzzle.models import Pokemon
from tests.admin_forms import form_of

pytestmark = pytest.mark.django_db


def change_url(game: Game, part: str | None = None) -> str:
    base = f"/admin/games/game/{game.pk}/"
    return base + (f"part/{part}/" if part else "change/")


def save(client: Client, url: str, button: str = "_save", **changes: str):
    form = form_of(client, url)
    data = {**form.data, **{name: [value] for name, value in changes.items()}, button: ["1"]}
    return client.post(url, data)


def first_faq(game: Game) -> FaqItem:
    return game.faq_items.order_by("order", "id").first()


def revisions(obj) -> list[Version]:
    return list(Version.objects.get_for_object(obj))


class TestRevisions:
    def test_a_save_makes_a_revision_holding_the_page_and_its_parts(self, staff):
        game = Game.objects.get(slug="vex5")
        assert save(staff, change_url(game), hero_title_en="New hero").status_code == 302
        latest = revisions(game)[0]
        models = {v.content_type.model for v in latest.revision.version_set.all()}
        assert {"game", "section", "faqitem", "herobutton"} <= models
        assert latest.field_dict["hero_title_en"] == "New hero"
        # The state before that first edit is a revision too, so it can be reverted.
        assert len(revisions(game)) == 2

    def test_a_part_save_makes_a_revision_of_the_whole_page(self, staff):
        game = Game.objects.get(slug="vex5")
        faq = first_faq(game)
        index = list(game.faq_items.order_by("order", "id")).index(faq)
        response = save(staff, change_url(game, "faq"), **{f"faq_items-{index}-answer_de": "Neu"})
        assert response.status_code == 302
        revision = revisions(game)[0].revision
        faq_version = revision.version_set.get(object_id=str(faq.pk))
        assert faq_version.field_dict["answer_de"] == "Neu"

    def test_the_compare_page_shows_old_and_new_values_per_language(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), hero_title_de="Alter Titel")
        save(staff, change_url(game), hero_title_de="Neuer Titel")
        older = revisions(game)[1]
        html = staff.get(f"/admin/games/game/{game.pk}/history/{older.pk}/").content.decode()
        assert "Alter Titel" in html and "Neuer Titel" in html
        assert "[de]" in html
        history = staff.get(f"/admin/games/game/{game.pk}/history/").content.decode()
        assert f"/history/{older.pk}/" in history

    def test_revert_restores_values_and_the_items_added_or_removed(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), hero_title_en="Before")
        before = revisions(game)[0]
        faq = first_faq(game).pk
        count = game.faq_items.count()
        save(staff, change_url(game), hero_title_en="After")
        FaqItem.objects.filter(pk=faq).delete()
        FaqItem.objects.create(game=game, question="Added?", answer="Yes.", order=99)
        version = Game.objects.get(pk=game.pk).version
        response = staff.post(f"/admin/games/game/{game.pk}/history/{before.pk}/")
        assert response.status_code == 302
        game.refresh_from_db()
        assert game.hero_title_en == "Before"
        assert game.faq_items.count() == count
        assert game.faq_items.filter(pk=faq).exists()
        assert not game.faq_items.filter(question="Added?").exists()
        # A revert is a save: every form opened before it is refused.
        assert game.version == version + 1
        assert all(count >= 1 for count in game.part_versions.values())
        assert len(game.part_versions) >= 10
        assert "Reverted" in revisions(game)[0].revision.get_comment()

    def test_a_list_form_opened_before_a_revert_is_refused(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), hero_title_en="Before")
        before = revisions(game)[0]
        opened = form_of(staff, change_url(game, "faq"))
        staff.post(f"/admin/games/game/{game.pk}/history/{before.pk}/")
        response = staff.post(change_url(game, "faq"), {**opened.data, "_save": ["1"]})
        assert response.status_code == 200
        assert "saved by someone else" in response.content.decode()

    def test_a_revert_counts_as_a_staff_edit_for_load_games(self, staff):
        game = Game.objects.get(slug="vex5")
        original = game.hero_title_en
        save(staff, change_url(game), hero_title_en="Staff title")
        staff_revision = revisions(game)[0]
        save(staff, change_url(game), hero_title_en=original)
        staff.post(f"/admin/games/game/{game.pk}/history/{staff_revision.pk}/")
        call_command("load_games", verbosity=0)
        game.refresh_from_db()
        assert game.hero_title_en == "Staff title"

    def test_a_deleted_page_is_recovered_with_its_parts(self, staff):
        game = Game.objects.get(slug="vex5")
        faqs = game.faq_items.count()
        response = staff.post(f"/admin/games/game/{game.pk}/delete/", {"post": "yes"})
        assert response.status_code == 302 and not Game.objects.filter(slug="vex5").exists()
        listing = staff.get("/admin/games/game/recover/").content.decode()
        deleted = Version.objects.get_deleted(Game).get(object_id=str(game.pk))
        assert f"/admin/games/game/recover/{deleted.pk}/" in listing
        assert staff.post(f"/admin/games/game/recover/{deleted.pk}/").status_code == 302
        recovered = Game.objects.get(slug="vex5")
        assert recovered.faq_items.count() == faqs
        # load_games finds the rows again by their keys: nothing is created twice.
        call_command("load_games", verbosity=0)
        assert Game.objects.filter(slug="vex5").count() == 1
        assert recovered.faq_items.count() == faqs

    def test_pokemon_have_revisions_and_revert(self, staff):
        url = "/admin/puzzle/pokemon/25/change/"
        save(staff, url, name_de="Pikachu-Test")
        pokemon = Pokemon.objects.get(pk=25)
        first = revisions(pokemon)[-1]
        html = staff.get(f"/admin/puzzle/pokemon/25/history/{first.pk}/").content.decode()
        assert "Pikachu-Test" in html
        staff.post(f"/admin/puzzle/pokemon/25/history/{first.pk}/")
        assert Pokemon.objects.get(pk=25).name_de == "Pikachu"

    def test_the_compare_page_speaks_the_admin_language(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), hero_title_en="X")
        version = revisions(game)[0]
        html = staff.get(
            f"/admin/games/game/{game.pk}/history/{version.pk}/", HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
        assert "Auf diese Revision zurücksetzen" in html


class TestDrafts:
    def test_a_new_page_starts_unpublished(self, staff):
        form = form_of(staff, "/admin/games/game/add/")
        assert "checked" not in form.inputs["published"]

    def test_an_unpublished_page_is_404_for_visitors_and_a_draft_for_staff(self, staff):
        Game.objects.filter(slug="vex5").update(published=False)
        assert Client().get("/vex5/").status_code == 404
        response = staff.get("/de/vex5/")
        assert response.status_code == 200
        assert "Entwurf" in response.content.decode()
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
        # Nothing of it was kept for anyone else.
        assert Client().get("/de/vex5/").status_code == 404

    def test_save_as_draft_leaves_the_live_page_unchanged(self, staff):
        game = Game.objects.get(slug="vex5")
        response = save(staff, change_url(game), "_draft", hero_title_de="Entwurfstitel")
        assert response.status_code == 302
        assert Game.objects.get(pk=game.pk).hero_title_de != "Entwurfstitel"
        assert Draft.objects.filter(game=game).count() == 1
        assert "Entwurfstitel" not in Client().get("/de/vex5/").content.decode()
        html = staff.get(change_url(game)).content.decode()
        assert f"/admin/games/game/{game.pk}/draft/de/" in html

    def test_only_one_draft_per_page(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_en="One")
        save(staff, change_url(game), "_draft", hero_title_en="Two")
        assert Draft.objects.get(game=game).objects_data[0]["fields"]["hero_title_en"] == "One"

    def test_a_draft_of_a_list_is_previewed_in_german(self, staff):
        game = Game.objects.get(slug="vex5")
        faq = first_faq(game)
        index = list(game.faq_items.order_by("order", "id")).index(faq)
        save(staff, change_url(game, "faq"), "_draft", **{f"faq_items-{index}-answer_de": "Neu!"})
        assert FaqItem.objects.get(pk=faq.pk).answer_de != "Neu!"
        response = staff.get(f"/admin/games/game/{game.pk}/draft/de/")
        html = response.content.decode()
        assert response.status_code == 200 and "Neu!" in html and 'lang="de"' in html
        assert "no-store" in response["Cache-Control"]
        assert FaqItem.objects.get(pk=faq.pk).answer_de != "Neu!"

    def test_publish_applies_the_draft_and_makes_a_revision(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_de="Veröffentlicht")
        response = staff.post(f"/admin/games/game/{game.pk}/draft/publish/")
        assert response.status_code == 302
        assert Game.objects.get(pk=game.pk).hero_title_de == "Veröffentlicht"
        assert not Draft.objects.exists()
        assert revisions(game)[0].field_dict["hero_title_de"] == "Veröffentlicht"

    def test_discard(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_de="Weg")
        staff.post(f"/admin/games/game/{game.pk}/draft/discard/")
        assert not Draft.objects.exists()
        assert Game.objects.get(pk=game.pk).hero_title_de != "Weg"

    def test_a_stale_draft_is_refused_unless_confirmed(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_de="Entwurf")
        save(staff, change_url(game), hero_title_en="Changed live")
        html = staff.get(change_url(game)).content.decode()
        assert 'name="confirm"' in html
        staff.post(f"/admin/games/game/{game.pk}/draft/publish/")
        assert Game.objects.get(pk=game.pk).hero_title_de != "Entwurf"
        assert Draft.objects.exists()
        staff.post(f"/admin/games/game/{game.pk}/draft/publish/", {"confirm": "1"})
        assert Game.objects.get(pk=game.pk).hero_title_de == "Entwurf"

    def test_a_draft_is_not_stale_for_an_admin_in_another_language(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_de="Entwurf")
        html = staff.get(change_url(game), HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert 'name="confirm"' not in html and "/draft/publish/" in html

    def test_a_preview_needs_permission_on_game_pages(self, staff):
        game = Game.objects.get(slug="vex5")
        save(staff, change_url(game), "_draft", hero_title_de="Geheim")
        User.objects.create_user("helper", password="pw-123456", is_staff=True)
        other = Client()
        other.login(username="helper", password="pw-123456")
        assert other.get(f"/admin/games/game/{game.pk}/draft/de/").status_code == 403
        Game.objects.filter(pk=game.pk).update(published=False)
        assert other.get("/de/vex5/").status_code == 404

    def test_a_draft_with_errors_shows_them_and_keeps_nothing(self, staff):
        game = Game.objects.get(slug="vex5")
        response = save(staff, change_url(game), "_draft", hero_title_en="")
        assert response.status_code == 200 and "errornote" in response.content.decode()
        assert not Draft.objects.exists()

    def test_an_item_added_in_a_draft_is_created_on_publishing(self, staff):
        game = Game.objects.get(slug="vex5")
        url = change_url(game, "faq")
        form = form_of(staff, url)
        count = int(form.data["faq_items-TOTAL_FORMS"][0])
        new = {
            f"faq_items-{count}-question_en": ["New question?"],
            f"faq_items-{count}-answer_en": ["New answer."],
            f"faq_items-{count}-order": [str(count + 1)],
            f"faq_items-{count}-game": [str(game.pk)],
            "faq_items-TOTAL_FORMS": [str(count + 1)],
        }
        staff.post(url, {**form.data, **new, "_draft": ["1"]})
        assert not game.faq_items.filter(question_en="New question?").exists()
        # A row created meanwhile takes the key the rolled-back save had given.
        FaqItem.objects.create(game=Game.objects.get(slug="pokerogue"), question="Q", answer="A")
        staff.post(f"/admin/games/game/{game.pk}/draft/publish/")
        assert game.faq_items.filter(question_en="New question?").count() == 1
        assert Game.objects.get(slug="pokerogue").faq_items.filter(question="Q").exists()
