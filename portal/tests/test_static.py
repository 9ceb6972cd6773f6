"""The production static files, on files these tests write.

The rest of the suite runs on ``portal.settings_test`` (plain static storage, a small
Vite manifest beside the tests), so it needs no ``collectstatic`` and no front-end
build. What those settings replace is tested here: ``portal.storage.StaticStorage`` as
``collectstatic`` runs it, and django-vite reading a manifest in Vite's real layout.
"""

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.template import Context, Template
from django.templatetags.static import static
from django_vite.core.asset_loader import DjangoViteAssetLoader

from portal import settings as site_settings

PRODUCTION_STORAGES = {
    **site_settings.STORAGES,
    "staticfiles": {"BACKEND": "portal.storage.StaticStorage"},
}


@pytest.fixture
def collected(tmp_path, settings) -> Path:
    """A tiny Vite build and one file of our own, collected as a deploy collects them."""
    source = tmp_path / "dist"
    (source / "assets").mkdir(parents=True)
    (source / "assets" / "main-AbC123_x.js").write_text("import './chunk-Zz9.js';\n" * 40)
    (source / "assets" / "chunk-Zz9.js").write_text("export const x = 1;\n" * 40)
    (source / "site").mkdir()
    (source / "site" / "icon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>" * 20)
    settings.STATICFILES_DIRS = [source]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = PRODUCTION_STORAGES
    call_command("collectstatic", "--noinput", verbosity=0)
    return settings.STATIC_ROOT


def test_the_site_collects_with_the_production_storage():
    assert site_settings.STORAGES["staticfiles"]["BACKEND"] == "portal.storage.StaticStorage"
    assert site_settings.STATIC_ROOT == site_settings.BASE_DIR / "staticfiles"


def test_vite_assets_keep_their_names_and_our_files_get_hashed(collected):
    # Vite's chunks import each other by name: hashing them again would break that.
    assert static("assets/main-AbC123_x.js") == "/static/assets/main-AbC123_x.js"
    url = static("site/icon.svg")
    assert url.startswith("/static/site/icon.") and url.endswith(".svg")
    assert url != "/static/site/icon.svg"
    assert (collected / url.removeprefix("/static/")).exists()


def test_collected_files_are_compressed_with_brotli_and_gzip(collected):
    for name in ("assets/main-AbC123_x.js", "assets/chunk-Zz9.js"):
        assert (collected / f"{name}.br").exists(), name
        assert (collected / f"{name}.gz").exists(), name


def test_the_site_reads_vites_own_manifest():
    # vite.config.ts writes frontend/dist/.vite/manifest.json (build.manifest: true).
    config = site_settings.DJANGO_VITE["default"]
    assert config["manifest_path"] == site_settings.FRONTEND_DIST / ".vite" / "manifest.json"
    vite_config = (site_settings.BASE_DIR / "vite.config.ts").read_text()
    assert 'outDir: "frontend/dist"' in vite_config and "manifest: true" in vite_config


@pytest.fixture
def vite_manifest(tmp_path, settings):
    """A manifest in the shape ``npx vite build`` writes it, read by django-vite."""
    manifest = tmp_path / ".vite" / "manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(
        json.dumps(
            {
                "_consent-Cnr2xeIX.js": {"file": "assets/consent-Cnr2xeIX.js", "name": "consent"},
                "frontend/main.ts": {
                    "file": "assets/main-B8qSKtOn.js",
                    "name": "main",
                    "src": "frontend/main.ts",
                    "isEntry": True,
                    "dynamicImports": ["frontend/islands/consent/index.ts"],
                    "css": ["assets/main-DBovHekY.css"],
                },
            }
        )
    )
    settings.DJANGO_VITE = {
        "default": {**site_settings.DJANGO_VITE["default"], "manifest_path": manifest}
    }
    DjangoViteAssetLoader._instance = None  # it keeps the manifest it parsed first
    yield manifest
    DjangoViteAssetLoader._instance = None


def test_the_entry_loads_its_script_and_stylesheet_from_the_manifest(vite_manifest):
    html = Template("{% load django_vite %}{% vite_asset 'frontend/main.ts' %}").render(Context())
    assert 'src="/static/assets/main-B8qSKtOn.js"' in html
    assert 'href="/static/assets/main-DBovHekY.css"' in html
    assert "consent" not in html  # a lazy island loads when the page needs it
