"""Settings of the Python test suite: the site's own settings, except that static files
are not collected and the front end is not built.

``{% static %}`` gives plain names (no manifest of hashed names to read, so no
``collectstatic``), whitenoise indexes no ``STATIC_ROOT`` for each new test client, and
django-vite reads a small manifest kept beside the tests instead of ``frontend/dist``.
The production storage and the real manifest path are tested on their own, against
files a test writes (portal/tests/test_static.py); the browser tests serve the real
build with the real settings.
"""

from portal.settings import *  # noqa: F403
from portal.settings import BASE_DIR, DJANGO_VITE, STORAGES

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT = None
DJANGO_VITE = {
    "default": {
        **DJANGO_VITE["default"],
        "dev_mode": False,
        "manifest_path": BASE_DIR / "portal" / "tests" / "vite-manifest.json",
    }
}

# Test accounts sign in many times; the production hash is slow on purpose.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tests write the Pokédex and roll back: every read checks whether it is still current.
POKEDEX_CHECK_SECONDS = 0.0
