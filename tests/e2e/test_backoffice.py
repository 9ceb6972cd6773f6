"""Content staff in Chromium: the Pokémon editor refuses bad input with the reason, and
an accepted upload shows its preview under gunicorn (DEBUG off, as `make run`)."""

from io import BytesIO

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.test_admin_staff import log_in

pytestmark = pytest.mark.e2e


def picture(path, cut_out: bool) -> str:
    image = Image.new("RGBA", (300, 300), (0, 0, 0, 0) if cut_out else (255, 255, 255, 255))
    image.paste((200, 30, 30, 255), (80, 80, 220, 220))
    out = BytesIO()
    image.save(out, "PNG")
    path.write_bytes(out.getvalue())
    return str(path)


def test_staff_see_why_artwork_or_names_are_refused_and_a_good_upload_previews(page, tmp_path):
    log_in(page)
    page.goto("/admin/puzzle/pokemon/700/change/")
    page.get_by_label("Uploaded artwork").set_input_files(picture(tmp_path / "flat.png", False))
    page.get_by_label("Other accepted names").fill('{"en": "Sylveon"}')
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("The image has no transparent background.")).to_be_visible()
    expect(page.get_by_text("Enter one name per line, not data or code.")).to_be_visible()

    page.get_by_label("Uploaded artwork").set_input_files(picture(tmp_path / "cut.png", True))
    page.get_by_label("Other accepted names").fill("Nymphia-Test")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    expect(page.get_by_label("Other accepted names")).to_have_value("Nymphia-Test")
    # The preview is decorative (alt=""), so it has no role or name, and its "Preview"
    # label belongs to no field: it is found in the admin's row for the preview field.
    preview = page.locator(".field-preview img")
    expect(preview).to_be_visible()
    expect(preview).to_have_js_property("naturalWidth", 256)
