"""Deploys never undo staff work: ``load_games`` brings new content from the files and
leaves every field, row and page staff changed, cleared or deleted as they left it."""

import importlib
import json
import shutil

import pytest

from games import content
from games.models import ContentBaseline, FaqItem, Game

pytestmark = pytest.mark.django_db
SLUG = "pokerogue"


class Files:
    """An editable copy of one page's content files, used by the loader."""

    def __init__(self, root):
        self.root = root
        (root / "i18n").mkdir()
        shutil.copy(content.CONTENT_DIR / f"{SLUG}.json", root)
        for code in ("de", "fr"):
            (root / "i18n" / code).mkdir()
            shutil.copy(content.TRANSLATIONS_DIR / code / f"{SLUG}.json", root / "i18n" / code)

    def path(self, code: str = "en"):
        return (
            self.root / f"{SLUG}.json"
            if code == "en"
            else self.root / "i18n" / code / f"{SLUG}.json"
        )

    def read(self, code: str = "en") -> dict:
        return json.loads(self.path(code).read_text(encoding="utf-8"))

    def write(self, data: dict, code: str = "en") -> None:
        self.path(code).write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")

    def faq(self, data: dict) -> list[dict]:
        return next(s for s in data["sections"] if s["kind"] == "faq")["items"]


@pytest.fixture
def files(tmp_path, monkeypatch):
    copy = Files(tmp_path)
    monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
    monkeypatch.setattr(content, "TRANSLATIONS_DIR", tmp_path / "i18n")
    return copy


def faq_rows() -> list[FaqItem]:
    return list(FaqItem.objects.filter(game__slug=SLUG).order_by("order", "id"))


def test_loading_unchanged_files_changes_nothing(files):
    report = content.load_all()
    assert (report.created_rows, report.written, report.kept) == (0, 0, 0)


def test_a_deleted_faq_item_stays_deleted_and_a_new_one_gets_no_stale_translations(files):
    first = faq_rows()[0]
    first.delete()
    added = FaqItem.objects.create(
        game=Game.objects.get(slug=SLUG), order=9, question_en="Staff question", answer_en="Mine."
    )
    report = content.load_all()
    rows = faq_rows()
    assert len(rows) == 6 and first.content_key not in {r.content_key for r in rows}
    added.refresh_from_db()
    assert added.question_de is None and added.question_fr is None
    assert added.question_en == "Staff question"
    assert report.created_rows == 0


def test_a_cleared_translation_stays_cleared(files):
    row = faq_rows()[1]
    row.question_de = ""
    row.answer_fr = None
    row.save()
    content.load_all()
    row.refresh_from_db()
    assert row.question_de == "" and row.answer_fr is None


def test_a_staff_edit_is_kept_when_the_file_text_changes(files):
    row = faq_rows()[2]
    row.answer_de = "Von der Redaktion"
    row.save()
    de = files.read("de")
    files.faq(de)[2]["answer"] = "Neuer Text aus der Datei"
    files.write(de, "de")
    report = content.load_all()
    row.refresh_from_db()
    assert row.answer_de == "Von der Redaktion"
    assert report.kept == 1 and report.written == 0


def test_changed_file_text_reaches_fields_staff_never_touched(files):
    english = files.read()
    files.faq(english)[0]["question"] = "What is PokeRogue, in short?"
    english["hero_title"] = "Play PokeRogue now"
    files.write(english)
    fr = files.read("fr")
    files.faq(fr)[0]["question"] = "PokeRogue, en bref ?"
    files.write(fr, "fr")
    report = content.load_all()
    row = faq_rows()[0]
    assert row.question_en == "What is PokeRogue, in short?"
    assert row.question_fr == "PokeRogue, en bref ?"
    assert Game.objects.get(slug=SLUG).hero_title_en == "Play PokeRogue now"
    assert report.written == 3
    # The next deploy goes on tracking the new text: a staff edit of it is kept.
    row.question_fr = "Édité"
    row.save()
    content.load_all()
    row.refresh_from_db()
    assert row.question_fr == "Édité"


def test_a_reorder_in_the_file_moves_rows_with_their_translations(files):
    before = {r.content_key: (r.question_en, r.question_de) for r in faq_rows()}
    for code in ("en", "de", "fr"):
        data = files.read(code)
        items = files.faq(data)
        items[0], items[1] = items[1], items[0]
        files.write(data, code)
    content.load_all()
    after = faq_rows()
    assert [r.content_key for r in after[:2]] == [
        files.faq(files.read())[0]["ref"],
        files.faq(files.read())[1]["ref"],
    ]
    assert {r.content_key: (r.question_en, r.question_de) for r in after} == before


def test_a_staff_reordering_is_kept(files):
    rows = faq_rows()
    rows[0].order, rows[5].order = 5, 0
    rows[0].save()
    rows[5].save()
    content.load_all()
    assert [r.pk for r in faq_rows()][0] == rows[5].pk
    assert [r.pk for r in faq_rows()][5] == rows[0].pk


def test_a_new_item_in_the_files_arrives_with_its_translations(files):
    for code, question in (("en", "Is there a daily run?"), ("de", "Gibt es einen Tageslauf?")):
        data = files.read(code)
        files.faq(data).insert(1, {"ref": "daily-run", "question": question, "answer": "Yes."})
        files.write(data, code)
    report = content.load_all()
    new = FaqItem.objects.get(game__slug=SLUG, content_key="daily-run")
    assert (new.question_en, new.question_de, new.question_fr) == (
        "Is there a daily run?",
        "Gibt es einen Tageslauf?",
        None,
    )
    assert report.created_rows == 1
    assert [r.content_key for r in faq_rows()].index("daily-run") == 1


def test_a_deleted_page_does_not_come_back(files):
    Game.objects.get(slug=SLUG).delete()
    report = content.load_all()
    assert not Game.objects.filter(slug=SLUG).exists()
    assert report.created_pages == []


def test_rows_from_before_keys_are_adopted_without_duplicates_or_overwrites(files):
    game = Game.objects.get(slug=SLUG)
    ContentBaseline.objects.filter(key__startswith=SLUG).delete()
    for model in (FaqItem, *(m for m, _k in content.ITEM_MODELS.values() if m is not FaqItem)):
        model.objects.filter(game=game).update(content_key="")
    game.sections.update(content_key="")
    game.hero_buttons.update(content_key="")
    edited = faq_rows()[3]
    edited.question_de = "Von der Redaktion"
    edited.answer_fr = ""
    edited.save()
    report = content.load_all()
    assert report.created_rows == 0
    assert len(faq_rows()) == 6 and all(r.content_key for r in faq_rows())
    edited.refresh_from_db()
    assert edited.question_de == "Von der Redaktion"
    # Before baselines existed, an empty field was filled (the old rule) once.
    assert edited.answer_fr
    edited.answer_fr = ""
    edited.save()
    content.load_all()
    edited.refresh_from_db()
    assert edited.answer_fr == ""


def test_adopting_old_rows_staff_reordered_and_edited_pairs_them_by_text(files):
    game = Game.objects.get(slug=SLUG)
    first, second, third = faq_rows()[:3]
    expected = {first.pk: first.content_key, second.pk: second.content_key}
    ContentBaseline.objects.filter(key__startswith=SLUG).delete()
    FaqItem.objects.filter(game=game).update(content_key="")
    first.order, second.order = 1, 0
    first.save(update_fields=["order"])
    second.save(update_fields=["order"])
    third.question_en = "Rewritten by staff"
    third.answer_en = "Also rewritten"
    third.answer_de = ""
    third.save(update_fields=["question_en", "answer_en", "answer_de", "order"])
    report = content.load_all()
    assert report.created_rows == 0
    keys = {r.pk: r.content_key for r in faq_rows()}
    assert {pk: keys[pk] for pk in expected} == expected
    third.refresh_from_db()
    assert third.content_key == "" and third.answer_de == ""
    assert len(faq_rows()) == 6


@pytest.mark.parametrize("path", content.content_files(), ids=lambda p: p.stem)
def test_every_entry_of_a_content_file_has_a_ref_unique_in_its_list(path):
    data = content.read(path)
    lists = [data.get("hero_buttons", []), data["sections"]]
    lists += [s["items"] for s in data["sections"] if "items" in s]
    for entries in lists:
        refs = [entry.get("ref") for entry in entries]
        assert all(refs), path.name
        assert len(set(refs)) == len(refs), path.name


def test_text_saved_with_crlf_line_breaks_is_no_staff_edit(files):
    """Rows an older admin saved with the browser's CRLF still follow the files."""
    de = files.read("de")
    files.faq(de)[0]["answer"] = "Erste Zeile\nZweite Zeile"
    files.write(de, "de")
    content.load_all()
    row = faq_rows()[0]
    row.answer_de = "Erste Zeile\r\nZweite Zeile"
    row.save()
    files.faq(de)[0]["answer"] = "Neuer Text aus der Datei"
    files.write(de, "de")
    report = content.load_all()
    row.refresh_from_db()
    assert row.answer_de == "Neuer Text aus der Datei"
    assert report.kept_fields == []


def test_the_migration_turns_stored_crlf_into_lf(files):
    from django.apps import apps

    migration = importlib.import_module("games.migrations.0009_text_line_breaks")
    row = faq_rows()[0]
    row.answer_fr = "Un\r\ndeux\rtrois"
    row.save()
    migration.to_lf(apps, None)
    row.refresh_from_db()
    assert row.answer_fr == "Un\ndeux\ntrois"
