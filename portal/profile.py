"""Which profile the settings run in, and the local secrets of a development checkout.

Production is switched on explicitly with ``DJANGO_ENV=production`` (README "Production
profile"); there, and wherever ``DATABASE_URL`` names a database server, the site
refuses to start with a public secret (``portal.checks``). A local SQLite checkout runs
with zero configuration: its secret key is generated once into ``.local-secrets.json``
(ignored by git), so no two machines share one.
"""

import json
import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

# Public values: whoever reads this repository knows them.
PUBLIC_SECRET_KEY = "django-insecure-local-key-for-development-and-tests-0123456789"
PUBLIC_PUZZLE_SEED = "pokeguess"


PROFILES = ("development", "test", "production")


def current(environ=os.environ) -> str:
    """The profile ``DJANGO_ENV`` names; unset is development. Any other value (``prod``,
    an empty variable) is refused: read as development, it would run a deployment with
    the public secrets above."""
    raw = environ.get("DJANGO_ENV")
    if raw is None:
        return "development"
    if raw.strip().lower() not in PROFILES:
        raise ImproperlyConfigured(
            f"DJANGO_ENV must be one of {', '.join(PROFILES)} (unset means development), "
            f"not {raw!r}."
        )
    return raw.strip().lower()


def is_production(environ=os.environ) -> bool:
    return current(environ) == "production"


def local_secret_key(base_dir: Path) -> str:
    """The checkout's own secret key, created on first use; the public fallback when the
    folder is read-only (a development run still works, ``check --deploy`` flags it)."""
    path = base_dir / ".local-secrets.json"
    try:
        return json.loads(path.read_text())["SECRET_KEY"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    secret = get_random_secret_key()
    temp = path.with_name(f".local-secrets.{os.getpid()}.tmp")
    try:
        temp.write_text(json.dumps({"SECRET_KEY": secret}) + "\n")
        temp.chmod(0o600)
        # Parallel first runs (test workers, gunicorn workers) must agree on one key:
        # link fails when another process won, and then its key is read.
        try:
            os.link(temp, path)
        except FileExistsError:
            return json.loads(path.read_text())["SECRET_KEY"]
        finally:
            temp.unlink(missing_ok=True)
    except (OSError, ValueError, KeyError, TypeError):
        return PUBLIC_SECRET_KEY
    return secret
