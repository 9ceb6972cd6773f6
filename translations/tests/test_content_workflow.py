"""Game-page text in translation: outdated fields, the progress page, the translator's
page without content-staff rights, and the optional review step."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from games import content as game_content
from games.models import FaqItem, Game, Weapon
from tests.admin_forms import form_of
from translations import content
from translations.models import LanguageReview, Suggestion

pytestmark = pytest.mark.django_db


def member(*groups: str) -> User:
    user = User.objects.create_user("-".join(groups), password="pw-123456", is_staff=True)
    user.groups.add(*Group.objects.filter(name__in=groups))
    return user


@pytest.fixture
def faq() -> FaqItem:
    return FaqItem.objects.filter(game__slug="vex5").order_by("order").first()


@pytest.fixture
def translator(client):
    client.force_login(member("translators"))
    return client


def entry_of(faq: FaqItem, language: str, field: str = "answer") -> content.Entry:
    found = content.entries([faq.game], [language])
    return next(e for e in found if e.obj == faq and e.field == field)


def translate_url(game: Game, language: str = "de", show: str = "all") -> str:
    return reverse("admin:translations_translate_page", args=[language, game.pk]) + f"?show={show}"


def post_text(client, faq: FaqItem, text: str, language: str = "de", field: str = "answer"):
    entry = entry_of(faq, language, field)
    data = {f"text-{entry.key}": text, f"was-{entry.key}": entry.text}
    return client.post(translate_url(faq.game, language), data)


class TestOutdated:
    def test_it_counts_existing_translations_as_done(self, faq):
        assert {entry_of(faq, code).status for code in content.LANGUAGES} == {"done"}

    def test_editing_the_english_answer_marks_its_18_translations_outdated(self, faq):
        faq.answer_en = "A new answer in English."
        faq.save()
        statuses = [entry_of(faq, code).status for code in content.LANGUAGES]
        assert statuses == ["outdated"] * 18
        assert entry_of(faq, "de", "question").status == "done"

    def test_the_translation_keeps_the_english_it_was_made_from(self, faq):
        before = faq.answer_en
        faq.answer_en = before + " More."
        faq.save()
        assert entry_of(faq, "de").source == before
        assert "<ins> More.</ins>" in entry_of(faq, "de").changes

    def test_a_translation_saved_with_the_new_english_is_done(self, faq):
        faq.answer_en = "A new answer."
        faq.answer_fr = "Une nouvelle réponse."
        faq.save()
        assert entry_of(faq, "fr").status == "done"
        assert entry_of(faq, "de").status == "outdated"

    def test_an_admin_edit_of_the_english_marks_the_translations_outdated(self, admin_client, faq):
        part = f"/admin/games/game/{faq.game.pk}/part/faq/"
        form = form_of(admin_client, part)
        index = next(
            k.split("-")[1]
            for k, v in form.data.items()
            if k.endswith("-id") and v == [str(faq.pk)]
        )
        form.data[f"faq_items-{index}-answer_en"] = ["An answer typed in the admin."]
        assert admin_client.post(part, form.data).status_code == 302
        assert entry_of(faq, "de").status == "outdated"
        assert entry_of(faq, "de", "question").status == "done"

    def test_load_games_changing_the_english_marks_the_translations_outdated(self, faq):
        document = game_content.read(game_content.CONTENT_DIR / "vex5.json")
        faq_section = next(s for s in document["sections"] if s["kind"] == "faq")
        item = next(i for i in faq_section["items"] if i["ref"] == faq.content_key)
        item["answer"] = "The file's new answer."
        game_content.Loader().load([document])
        faq.refresh_from_db()
        assert faq.answer_en == "The file's new answer."
        assert entry_of(faq, "ja").status == "outdated"

    def test_an_empty_translation_is_missing(self, faq):
        FaqItem.objects.filter(pk=faq.pk).update(answer_de="")
        assert entry_of(faq, "de").status == "missing"


class TestProgress:
    def test_the_admin_page_counts_each_language_and_page(self, admin_client, faq):
        faq.answer_en = "A new answer."
        faq.save()
        FaqItem.objects.filter(pk=faq.pk).update(question_de="")
        url = reverse("admin:translations_contenttranslation_changelist") + "?language=de"
        response = admin_client.get(url)
        pages = dict((game.slug, counts) for game, counts in response.context["pages"])
        assert (pages["vex5"]["outdated"], pages["vex5"]["missing"]) == (1, 1)
        assert pages["pokerogue"]["outdated"] == 0
        assert translate_url(faq.game, "de", "outdated") in response.content.decode()

    def test_a_translator_sees_it(self, translator):
        url = reverse("admin:translations_contenttranslation_changelist")
        assert translator.get(url).status_code == 200


class TestTranslatorPage:
    def test_a_translator_can_open_it_but_not_the_game_change_form(self, translator, faq):
        assert translator.get(translate_url(faq.game)).status_code == 200
        change = reverse("admin:games_game_change", args=[faq.game.pk])
        assert translator.get(change).status_code == 403

    def test_it_is_refused_to_staff_who_may_not_translate(self, client, faq):
        client.force_login(User.objects.create_user("staff", password="pw-123456", is_staff=True))
        assert client.get(translate_url(faq.game)).status_code == 403

    def test_it_shows_the_english_beside_the_translation_and_marks_the_outdated(
        self, translator, faq
    ):
        faq.answer_en = faq.answer_en + " Changed."
        faq.save()
        response = translator.get(translate_url(faq.game, show="outdated"))
        rows = response.context["rows"]
        assert [row["entry"].obj for row in rows] == [faq]
        html = response.content.decode()
        assert "<ins> Changed.</ins>" in html
        assert 'lang="de" dir="ltr"' in html

    def test_a_page_or_language_that_is_not_one_is_no_error(self, translator, faq):
        choose = reverse("admin:translations_translate")
        assert translator.get(choose + "?page=abc&language=xx&show=zz").status_code == 302
        assert translator.get(translate_url(faq.game, "en")).status_code == 404

    def test_arabic_is_typed_right_to_left(self, client, faq):
        client.force_login(member("translators"))
        html = client.get(translate_url(faq.game, "ar")).content.decode()
        assert 'lang="ar" dir="rtl"' in html

    def test_translating_an_outdated_answer_makes_it_live_and_done(self, translator, faq):
        faq.answer_en = "A new answer."
        faq.save()
        versions = faq.game.part_versions.get("faq", 0)
        response = post_text(translator, faq, "Eine neue Antwort.\r\nZweite Zeile.")
        assert response.status_code == 302
        faq.refresh_from_db()
        assert faq.answer_de == "Eine neue Antwort.\nZweite Zeile."
        assert entry_of(faq, "de").status == "done"
        # A FAQ form opened before this save is refused by its lock (portal.admin_lock).
        assert Game.objects.get(pk=faq.game.pk).part_versions["faq"] == versions + 1

    def test_an_outdated_translation_still_right_is_kept_and_marked_done(self, translator, faq):
        german = faq.answer_de
        faq.answer_en = faq.answer_en + " "  # a change the translation needs not follow
        faq.save()
        entry = entry_of(faq, "de")
        data = {f"text-{entry.key}": german, f"was-{entry.key}": german, f"keep-{entry.key}": "on"}
        response = translator.post(translate_url(faq.game), data, follow=True)
        assert "1 translation marked as still right." in response.content.decode()
        faq.refresh_from_db()
        assert faq.answer_de == german
        assert entry_of(faq, "de").status == "done"
        assert entry_of(faq, "fr").status == "outdated"

    def test_an_admin_form_of_the_list_opened_before_the_save_is_refused(
        self, translator, admin_client, faq
    ):
        part = f"/admin/games/game/{faq.game.pk}/part/faq/"
        form = form_of(admin_client, part)
        post_text(translator, faq, "Übersetzt, während die Liste offen war.")
        response = admin_client.post(part, form.data)
        assert response.status_code == 200
        assert "saved by someone else" in response.content.decode()

    def test_a_refused_text_is_shown_again_as_typed_with_the_admins_reason(self, translator):
        weapon = Weapon.objects.exclude(damage_en="").first() or Weapon.objects.first()
        Weapon.objects.filter(pk=weapon.pk).update(damage_en="Area Effect", damage_percent=None)
        weapon.refresh_from_db()
        entry = next(
            e
            for e in content.entries([weapon.game], ["de"])
            if e.obj == weapon and e.field == "damage"
        )
        data = {f"text-{entry.key}": "85", f"was-{entry.key}": entry.text}
        response = translator.post(translate_url(weapon.game), data)
        assert response.status_code == 200
        html = response.content.decode()
        assert "A percentage goes in its own field" in html
        assert 'value="85"' in html
        weapon.refresh_from_db()
        assert weapon.damage_de != "85"

    def test_a_save_over_someone_elses_newer_translation_is_refused_and_kept(self, translator, faq):
        entry = entry_of(faq, "de")
        FaqItem.objects.filter(pk=faq.pk).update(answer_de="Jemand anderes.")
        data = {f"text-{entry.key}": "Meine Antwort.", f"was-{entry.key}": entry.text}
        response = translator.post(translate_url(faq.game), data)
        assert "Jemand anderes." in response.content.decode()
        assert "Meine Antwort." in response.content.decode()
        faq.refresh_from_db()
        assert faq.answer_de == "Jemand anderes."


class TestReview:
    @pytest.fixture(autouse=True)
    def review_german(self):
        LanguageReview.objects.create(language="de", required=True)

    def test_a_translators_save_waits_as_a_suggestion(self, translator, faq):
        live = faq.answer_de
        post_text(translator, faq, "Vorschlag.")
        faq.refresh_from_db()
        assert faq.answer_de == live
        assert Suggestion.objects.get().text == "Vorschlag."

    def test_an_approved_suggestion_goes_live_and_is_done(self, translator, client, faq):
        faq.answer_en = "A new answer."
        faq.save()
        post_text(translator, faq, "Eine neue Antwort.")
        client.force_login(member("reviewers"))
        review = reverse("admin:translations_suggestion_changelist") + "?language=de"
        page = client.get(review)
        assert "Eine neue Antwort." in page.content.decode()
        suggestion = Suggestion.objects.get()
        client.post(review, {"suggestion": suggestion.pk, "action": "approve"})
        faq.refresh_from_db()
        assert faq.answer_de == "Eine neue Antwort."
        assert entry_of(faq, "de").status == "done"

    def test_a_rejected_suggestion_leaves_the_live_text_and_tells_the_translator(
        self, translator, client, faq
    ):
        live = faq.answer_de
        post_text(translator, faq, "Schlecht.")
        client.force_login(member("reviewers"))
        review = reverse("admin:translations_suggestion_changelist") + "?language=de"
        suggestion = Suggestion.objects.get()
        client.post(review, {"suggestion": suggestion.pk, "action": "reject", "note": "Zu kurz."})
        faq.refresh_from_db()
        assert faq.answer_de == live
        assert "Zu kurz." in translator.get(translate_url(faq.game)).content.decode()

    def test_the_reviewer_sees_what_changed_in_the_english_since_the_suggestion(
        self, translator, client, faq
    ):
        post_text(translator, faq, "Vorschlag.")
        faq.answer_en = faq.answer_en + " Changed later."
        faq.save()
        client.force_login(member("reviewers"))
        review = reverse("admin:translations_suggestion_changelist") + "?language=de"
        assert "<ins> Changed later.</ins>" in client.get(review).content.decode()

    def test_a_suggestion_that_is_not_one_is_no_error(self, client):
        client.force_login(member("reviewers"))
        review = reverse("admin:translations_suggestion_changelist")
        assert client.post(review, {"suggestion": "abc", "action": "approve"}).status_code == 404

    def test_a_translator_may_not_review(self, translator):
        url = reverse("admin:translations_suggestion_changelist")
        assert translator.get(url).status_code == 403

    def test_with_review_off_a_save_is_live(self, translator, faq):
        LanguageReview.objects.filter(language="de").update(required=False)
        post_text(translator, faq, "Sofort live.")
        faq.refresh_from_db()
        assert faq.answer_de == "Sofort live."
        assert not Suggestion.objects.exists()


def test_a_saved_translation_reaches_the_public_page(translator, client, faq, settings):
    settings.PAGE_CACHE_SECONDS = 0
    post_text(translator, faq, "Die Antwort von der Übersetzerin.")
    assert "Die Antwort von der Übersetzerin." in client.get("/de/vex5/").content.decode()
