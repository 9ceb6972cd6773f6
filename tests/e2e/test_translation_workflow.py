"""A translator and a reviewer in Chromium: the German answer of a FAQ whose English
changed is marked outdated, translated, approved, and then shown on the German page."""

import json

import pytest
from playwright.sync_api import expect

from scripts.serve import manage

pytestmark = pytest.mark.e2e

SLUG = "color-tunnel"
REF = "what-is-color-tunnel"
PASSWORD = "e2e-translator-password"
NEW_ANSWER = "Die neue Antwort, von einer Übersetzerin geschrieben und geprüft."

SETUP = f"""
from django.contrib.auth.models import Group, User
from games.models import FaqItem
from translations.models import LanguageReview
for name, group in (("translator", "translators"), ("reviewer", "reviewers")):
    user = User.objects.create_user(name, password={PASSWORD!r}, is_staff=True)
    user.groups.add(Group.objects.get(name=group))
LanguageReview.objects.create(language="de", required=True)
faq = FaqItem.objects.get(game__slug={SLUG!r}, content_key={REF!r})
faq.answer_en = faq.answer_en + " It also works offline."
faq.save()
"""
RESTORE = """
import json
from django.contrib.auth.models import User
from games.models import FaqItem
from translations.models import ContentTranslation, LanguageReview, Suggestion
saved = json.loads({saved!r})
FaqItem.objects.filter(pk=saved["pk"]).update(answer_en=saved["en"], answer_de=saved["de"])
ContentTranslation.objects.filter(object_id=saved["pk"], field="answer").delete()
Suggestion.objects.all().delete()
LanguageReview.objects.filter(language="de").delete()
User.objects.filter(username__in=["translator", "reviewer"]).delete()
"""


def log_in(page, name: str) -> None:
    page.goto("/admin/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


@pytest.fixture
def outdated_answer(server_env, tmp_path):
    """The English answer changed after its translations were made; restored after."""
    out = tmp_path / "faq.json"
    manage(
        server_env,
        "shell",
        "-c",
        "import json, pathlib\nfrom games.models import FaqItem\n"
        f"faq = FaqItem.objects.get(game__slug={SLUG!r}, content_key={REF!r})\n"
        f"pathlib.Path({str(out)!r}).write_text(json.dumps("
        "{'pk': faq.pk, 'en': faq.answer_en, 'de': faq.answer_de, 'q': faq.question_de}))",
    )
    saved = json.loads(out.read_text())
    manage(server_env, "shell", "-c", SETUP)
    yield saved
    manage(server_env, "shell", "-c", RESTORE.format(saved=json.dumps(saved)))


def test_a_translator_updates_an_outdated_answer_and_a_reviewer_approves_it(
    page, context, outdated_answer
):
    log_in(page, "translator")
    page.get_by_role("link", name="Game page translations").click()
    page.get_by_role("link", name="German").click()
    row = page.get_by_role("row", name="Color Tunnel")
    row.get_by_role("link", name="1").first.click()  # the outdated count

    answer = page.get_by_role("region", name="FAQ item · answer")
    expect(answer.get_by_text("outdated", exact=True)).to_be_visible()
    expect(answer.locator("ins")).to_have_text(" It also works offline.")
    expect(answer.get_by_label("German")).to_have_value(outdated_answer["de"])
    answer.get_by_label("German").fill(NEW_ANSWER)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("1 translation waits for a reviewer.")).to_be_visible()
    page.get_by_role("button", name="Log out").click()

    log_in(page, "reviewer")
    page.goto("/admin/translations/suggestion/?language=de")
    suggestion = page.get_by_role("region", name="FAQ item · answer")
    expect(suggestion.get_by_text(NEW_ANSWER)).to_be_visible()
    suggestion.get_by_role("button", name="Approve").click()
    expect(page.get_by_text("Approved: the translation is live.")).to_be_visible()

    page.goto(f"/de/{SLUG}/")
    page.get_by_text(outdated_answer["q"]).click()
    expect(page.get_by_text(NEW_ANSWER)).to_be_visible()


def test_the_translators_page_fits_a_phone_in_arabic(browser, server, outdated_answer):
    """In the admin's language (Arabic here), right to left, at 390 px without scrolling
    sideways."""
    context = browser.new_context(
        base_url=server, locale="ar", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    context.add_cookies([{"name": "admin_language", "value": "ar", "url": server}])
    page = context.new_page()
    page.goto("/admin/login/")
    page.locator("#id_username").fill("translator")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.goto("/admin/translations/contenttranslation/translate/?show=all")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    field = page.locator("textarea[lang=ar]").first
    expect(field).to_have_attribute("dir", "rtl")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    context.close()
