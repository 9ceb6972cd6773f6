"""Translators in Rosetta: only this project's catalogues, saves that would break a page
are refused, saved text lives in the database and reaches every worker, and a bad
translation already on disk falls back to English."""

import gettext as gettext_module
import hashlib
import io
import re
import shutil
import time
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import OperationalError
from django.utils import translation

from translations import catalogue, store
from translations.models import TranslationOverride

pytestmark = pytest.mark.django_db

FRAME_HINT = (
    'Game not loading? Your network may block it: <a href="%(url)s" target="_blank" '
    'rel="noopener">open %(name)s in a new tab</a>.'
)
GUESS_ERROR = "“%(text)s” is not a Pokémon we know. Check the spelling."
COPYRIGHT = "© %(year)s Pokéguess. All rights reserved."  # in the footer of every page
LINK = '<a href="%(url)s" target="_blank" rel="noopener">'
SITE_DESCRIPTION = (
    "Guess the Pokémon from its silhouette in six tries. A new free puzzle every day at "
    "00:00 UTC, plus guides for the best browser games."
)
FORM = "/rosetta/files/project/de/0/"


@pytest.fixture
def locale_dir(tmp_path, settings):
    """A writable copy of the German catalogue as the project's only catalogue."""
    target = tmp_path / "locale" / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(django_settings.BASE_DIR / "locale/de/LC_MESSAGES/django.po", target)
    polib.pofile(str(target / "django.po")).save_as_mofile(str(target / "django.mo"))
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    settings.ROSETTA_EXCLUDED_PATHS = (
        str(django_settings.BASE_DIR / "locale"),
        str(django_settings.BASE_DIR / "locale_admin"),
    )
    settings.TRANSLATIONS_CHECK_SECONDS = 0
    settings.PAGE_CACHE_SECONDS = 0  # each page rendered afresh, not kept its minute
    yield target / "django.po"
    settings.LOCALE_PATHS = django_settings.LOCALE_PATHS


@pytest.fixture
def translator(client):
    user = User.objects.create_user("tr", "tr@example.org", "pw-123456", is_staff=True)
    user.groups.add(Group.objects.get(name="translators"))
    client.force_login(user)
    return client


def field(po_path: Path, msgid: str) -> str:
    entry = polib.pofile(str(po_path)).find(msgid)
    digest = hashlib.md5((entry.msgid + entry.msgstr + (entry.msgctxt or "")).encode()).hexdigest()
    return f"m_{digest}"


def page(client, path: str = "/de/") -> str:
    """A page's HTML without what differs on every response (the CSP nonce)."""
    response = client.get(path)
    assert response.status_code == 200
    return re.sub(r'nonce="[^"]*"', "", response.content.decode())


class MetaTags(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "meta":
            self.found.append(dict(attrs))


def german(msgid: str) -> str:
    with translation.override("de"):
        return translation.gettext(msgid)


class TestProjectCataloguesOnly:
    def test_the_file_list_shows_only_the_project_locale(self, translator):
        html = translator.get("/rosetta/files/project/").content.decode()
        assert "/locale/de/LC_MESSAGES/django.po" in html
        assert "site-packages" not in html and "locale_admin" not in html
        assert "Third party" not in html

    def test_pages_leave_no_temporary_file_behind(self, translator, monkeypatch):
        import tempfile

        made: list[str] = []
        mkstemp = tempfile.mkstemp

        def counted(*args, **kwargs):
            handle, path = mkstemp(*args, **kwargs)
            made.append(path)
            return handle, path

        monkeypatch.setattr(tempfile, "mkstemp", counted)
        assert translator.get("/rosetta/files/project/").status_code == 200
        assert translator.get(FORM).status_code == 200
        # Rosetta's own mkstemp() calls would be the only ones (Django's file cache
        # writes its temporary files in its own folder, and removes them).
        assert [path for path in made if Path(path).exists()] == []

    @pytest.mark.parametrize("other", ["django", "third-party", "all"])
    def test_other_filters_lead_back_to_the_project(self, translator, other):
        response = translator.get(f"/rosetta/files/{other}/")
        assert response.status_code == 302
        assert response["Location"] == "/rosetta/files/project/"
        assert translator.get(f"/rosetta/files/{other}/de/0/").status_code == 404


class TestSavingInRosetta:
    def test_a_changed_placeholder_is_refused_with_a_clear_message(self, translator, locale_dir):
        before = locale_dir.read_text()
        response = translator.post(
            FORM, {field(locale_dir, GUESS_ERROR): "„%(eingabe)s“ kennen wir nicht."}, follow=True
        )
        html = response.content.decode()
        assert "was not saved" in html and "%(text)s" in html
        assert locale_dir.read_text() == before
        assert not TranslationOverride.objects.exists()

    def test_added_markup_is_refused(self, translator, locale_dir):
        response = translator.post(
            FORM,
            {field(locale_dir, "Quick links"): "Schnelllinks<script>alert(1)</script>"},
            follow=True,
        )
        assert "its HTML may only be that of the source" in response.content.decode()
        assert polib.pofile(str(locale_dir)).find("Quick links").msgstr == "Schnelllinks"

    def test_a_good_translation_is_saved_in_the_database_and_goes_live(
        self, translator, locale_dir, client
    ):
        name = field(locale_dir, "Quick links")
        response = translator.post(FORM, {name: "Nützliche Links"})
        assert response.status_code == 302
        row = TranslationOverride.objects.get(language="de", msgid="Quick links")
        assert row.msgstr == "Nützliche Links" and row.updated_by.username == "tr"
        assert polib.pofile(str(locale_dir)).find("Quick links").msgstr == "Nützliche Links"
        assert "Nützliche Links" in client.get("/de/").content.decode()

    def test_a_save_changes_only_the_saved_entry_and_the_header(self, translator, locale_dir):
        before = locale_dir.read_text(encoding="utf-8").split("\n\n")
        translator.post(FORM, {field(locale_dir, SITE_DESCRIPTION): "Errate das Pokémon."})
        after = locale_dir.read_text(encoding="utf-8").split("\n\n")
        changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
        assert len(changed) == 2  # the header (who, when) and the entry
        assert changed[0][0].startswith("# Pokéguess portal")
        assert SITE_DESCRIPTION.split()[0] in changed[1][0]
        assert 'msgstr "Errate das Pokémon."' in changed[1][1]

    def test_good_and_bad_fields_in_one_post_save_only_the_good_ones(self, translator, locale_dir):
        translator.post(
            FORM,
            {
                field(locale_dir, "Quick links"): "Nützliche Links",
                field(locale_dir, GUESS_ERROR): "%(falsch)s",
            },
        )
        assert list(TranslationOverride.objects.values_list("msgid", flat=True)) == ["Quick links"]


class TestHostileTranslations:
    """Saved in Rosetta's form by a superuser, a translation that would break the pages
    of its language leaves them as they were."""

    @pytest.mark.parametrize(
        ("path", "msgid", "hostile"),
        [
            ("/de/", COPYRIGHT, "© %(year)s Pokéguess. 100 % der Rechte vorbehalten."),
            ("/de/", COPYRIGHT, "© %(year)s Pokéguess. Alle Rechte vorbehalten. %"),
            # A comment would hide the rest of the page after the hero.
            ("/de/", "Who's that Pokémon?", "Wer ist das Pokémon?<!--"),
            (
                "/de/vex5/",
                FRAME_HINT,
                f'Lädt nicht? {LINK[:-1]} style="font-size:9em">%(name)s</a>',
            ),
            (
                "/de/vex5/",
                FRAME_HINT,
                '<a href="https://evil.example/" target="_blank" rel="noopener">%(name)s</a> '
                "(%(url)s)",
            ),
        ],
    )
    def test_it_is_refused_and_the_page_stays_the_same(
        self, admin_client, client, locale_dir, path, msgid, hostile
    ):
        before = page(client, path)
        response = admin_client.post(FORM, {field(locale_dir, msgid): hostile}, follow=True)
        assert "was not saved" in response.content.decode()
        assert page(client, path) == before

    def test_a_quote_stays_inside_the_attribute_it_is_printed_in(
        self, admin_client, client, locale_dir
    ):
        hostile = '0;url=https://evil.example/" http-equiv="refresh'
        admin_client.post(FORM, {field(locale_dir, SITE_DESCRIPTION): hostile})
        response = client.get("/de/missing-page/")  # shows the site's description
        metas = MetaTags(response.content.decode()).found
        assert {"name": "description", "content": hostile} in metas
        assert not [meta for meta in metas if "http-equiv" in meta]


class TestEveryWorkerEveryNode:
    def test_a_good_save_is_on_the_page_within_the_check_interval(
        self, admin_client, client, locale_dir, settings, monkeypatch
    ):
        settings.TRANSLATIONS_CHECK_SECONDS = 2
        clock = [time.monotonic()]
        monkeypatch.setattr(time, "monotonic", lambda: clock[0])
        assert "Schnelllinks" in page(client)  # this worker has just looked
        admin_client.post(FORM, {field(locale_dir, "Quick links"): "Nützliche Links"})
        clock[0] += settings.TRANSLATIONS_CHECK_SECONDS
        assert "Nützliche Links" in page(client)

    def test_a_row_saved_on_another_node_reaches_this_worker_without_its_file(
        self, client, locale_dir
    ):
        page(client)
        TranslationOverride.objects.create(language="de", msgid="Quick links", msgstr="Links")
        store.bump_revision()  # as the other node's save does
        assert ">Links<" in page(client)
        assert polib.pofile(str(locale_dir)).find("Quick links").msgstr == "Schnelllinks"

    def test_a_catalogue_another_worker_built_is_read_without_a_revision(self, client, locale_dir):
        # With the local-memory cache, workers of one machine share only the files.
        page(client)
        TranslationOverride.objects.create(language="de", msgid="Quick links", msgstr="Nebenan")
        catalogue.build_all()  # another worker's save, its revision in its own memory
        assert "Nebenan" in page(client)

    def test_checking_for_a_new_revision_costs_a_request_no_query(
        self, client, locale_dir, django_assert_num_queries
    ):
        client.get("/robots.txt")
        with django_assert_num_queries(0):
            client.get("/robots.txt")

    def test_a_fuzzy_translation_is_never_shown(self, client, locale_dir):
        TranslationOverride.objects.create(
            language="de", msgid="Quick links", msgstr="Vielleicht", fuzzy=True
        )
        store.bump_revision()
        html = page(client)
        assert "Vielleicht" not in html and "Quick links" in html

    def test_forgetting_reloads_on_the_next_request(self, client, locale_dir, settings):
        # What the suite does after a test whose saved rows were rolled back.
        TranslationOverride.objects.create(language="de", msgid="Quick links", msgstr="Kurzwege")
        store.bump_revision()
        assert "Kurzwege" in page(client)
        settings.TRANSLATIONS_CHECK_SECONDS = 3600
        TranslationOverride.objects.all().delete()
        assert "Kurzwege" in page(client)  # looked again an hour from now
        store.forget()
        assert "Kurzwege" not in page(client)

    def test_a_bad_row_in_the_database_is_left_out(self, client, locale_dir):
        TranslationOverride.objects.create(language="de", msgid=GUESS_ERROR, msgstr="%(x)s")
        store.bump_revision()
        page(client)
        assert german(GUESS_ERROR).startswith("„%(text)s“ ist kein Pokémon")

    def test_pages_are_served_when_the_database_is_down(self, client, locale_dir, monkeypatch):
        page(client)
        store.bump_revision()

        def down():
            raise OperationalError("connection refused")

        monkeypatch.setattr(catalogue, "saved", down)
        assert "Schnelllinks" in page(client)

    def test_a_worker_that_cannot_read_them_tries_again_only_at_the_next_check(
        self, client, locale_dir, settings, monkeypatch
    ):
        settings.TRANSLATIONS_CHECK_SECONDS = 60
        attempts = []

        def down():
            attempts.append(1)
            raise OperationalError("connection timeout expired")

        monkeypatch.setattr(catalogue, "saved", down)
        store.forget()  # a worker that has just started
        for _request in range(3):
            assert "Schnelllinks" in page(client)
        assert len(attempts) == 1

    def test_pages_are_served_when_the_cache_is_down(self, client, locale_dir, monkeypatch):
        read = store.cache.get

        def down(key, *args, **kwargs):
            if key == store.REVISION_KEY:
                raise ConnectionError("cache unreachable")
            return read(key, *args, **kwargs)

        monkeypatch.setattr(store.cache, "get", down)
        assert "Schnelllinks" in page(client)

    def test_export_writes_the_database_into_the_catalogue(self, locale_dir):
        TranslationOverride.objects.create(
            language="de", msgid="Quick links", msgstr="Exportierte Links"
        )
        call_command("export_translations", "--language", "de", stdout=io.StringIO())
        assert polib.pofile(str(locale_dir)).find("Quick links").msgstr == "Exportierte Links"
        with (locale_dir.parent / "django.mo").open("rb") as handle:
            assert gettext_module.GNUTranslations(handle).gettext("Quick links") == (
                "Exportierte Links"
            )


class TestBadMerge:
    def test_a_bad_entry_in_a_po_file_is_left_out_of_the_built_catalogue(self, client, locale_dir):
        po = polib.pofile(str(locale_dir))
        po.find(GUESS_ERROR).msgstr = "„%(eingabe)s“ kennen wir nicht."
        po.find(COPYRIGHT).msgstr = "© %(year)s Pokéguess. 100 % der Rechte vorbehalten."
        po.find(FRAME_HINT).msgstr = f"Lädt nicht? {LINK}%(name)s</a><script>alert(1)</script>"
        po.save()
        call_command("build_catalogues", "--language", "de")  # as make and a deploy do
        html = page(client, "/de/vex5/")
        assert "<script>alert(1)</script>" not in html
        assert "Game not loading?" in html and "All rights reserved." in html
        assert "Schnelllinks" in html  # the rest of the catalogue is German
        assert german(GUESS_ERROR) == GUESS_ERROR


class TestRosettaShowsTheDatabase:
    def test_a_node_whose_file_lacks_a_save_shows_it_to_the_translator(
        self, translator, locale_dir
    ):
        TranslationOverride.objects.create(
            language="de", msgid="Quick links", msgstr="Links aus der Datenbank"
        )
        html = translator.get(FORM, {"query": "Quick links"}).content.decode()
        assert "Links aus der Datenbank" in html
        assert "Links aus der Datenbank" not in locale_dir.read_text()


class TestSavedTranslationsAdmin:
    def test_an_edit_that_breaks_the_placeholders_is_refused(self, admin_client):
        row = TranslationOverride.objects.create(
            language="de", msgid=GUESS_ERROR, msgstr="„%(text)s“ kennen wir nicht."
        )
        url = f"/admin/translations/translationoverride/{row.pk}/change/"
        assert admin_client.get(url).status_code == 200
        response = admin_client.post(
            url, {"msgstr": "„%(eingabe)s“", "msgstr_plural": "{}", "fuzzy": ""}
        )
        assert response.status_code == 200
        assert "was not saved" in response.content.decode()
        row.refresh_from_db()
        assert row.msgstr == "„%(text)s“ kennen wir nicht."

    def test_the_list_can_be_searched_and_filtered(self, admin_client):
        TranslationOverride.objects.create(language="fr", msgid="Quick links", msgstr="Liens")
        response = admin_client.get(
            "/admin/translations/translationoverride/", {"q": "Quick", "language": "fr"}
        )
        assert "Liens" in response.content.decode()


class TestWhatTheTranslatorSees:
    def test_a_refused_entry_comes_back_as_typed_to_be_corrected(self, translator, locale_dir):
        typed = "„%(eingabe)s“ kennen wir nicht – bitte prüfen."
        url = FORM + "?query=is+not+a+Pok%C3%A9mon+we+know"
        response = translator.post(url, {field(locale_dir, GUESS_ERROR): typed}, follow=True)
        html = response.content.decode()
        assert "was not saved" in html
        assert "„%(eingabe)s“ kennen wir nicht – bitte prüfen." in html
        assert polib.pofile(str(locale_dir)).find(GUESS_ERROR).msgstr != typed
        # Shown once: the next visit shows the catalogue's text again.
        assert "bitte prüfen" not in translator.get(url).content.decode()

    def test_a_good_save_is_confirmed(self, translator, locale_dir):
        response = translator.post(
            FORM, {field(locale_dir, "Quick links"): "Nützliche Links"}, follow=True
        )
        html = response.content.decode()
        assert "The translations of this page were saved." in html
        assert "errornote save-conflict" not in html

    def test_a_partly_refused_save_confirms_what_was_saved(self, translator, locale_dir):
        response = translator.post(
            FORM,
            {
                field(locale_dir, "Quick links"): "Nützliche Links",
                field(locale_dir, GUESS_ERROR): "%(falsch)s",
            },
            follow=True,
        )
        html = response.content.decode()
        assert "The other translations of this page were saved." in html
        assert "was not saved" in html
