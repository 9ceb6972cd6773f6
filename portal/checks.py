"""Deploy checks for the secrets only this site has (README "Production profile").

``manage.py check --deploy`` reports them as errors; in production (``DJANGO_ENV=
production``) and on a database server the WSGI application refuses to start while any
of them fails.
"""

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from portal import profile


def secret_problems() -> list[checks.Error]:
    problems = []
    try:
        key = settings.SECRET_KEY
    except ImproperlyConfigured:  # an empty key
        key = ""
    if key == profile.PUBLIC_SECRET_KEY or key.startswith("django-insecure-") or len(key) < 32:
        problems.append(
            checks.Error(
                "SECRET_KEY is missing or left at a public default.",
                hint="Set SECRET_KEY to a long random value (at least 32 characters).",
                id="portal.E001",
            )
        )
    seed = settings.PUZZLE_SEED or ""
    if seed.strip().lower() == profile.PUBLIC_PUZZLE_SEED or len(seed) < 16:
        problems.append(
            checks.Error(
                "PUZZLE_SEED is missing or left at its public default, so anyone can "
                "compute every day's Pokémon.",
                hint="Set PUZZLE_SEED to a long random value (at least 16 characters) "
                "before launch, and never change it afterwards.",
                id="portal.E002",
            )
        )
    secret = settings.SILHOUETTE_SECRET or ""
    if secret and secret != settings.SECRET_KEY and len(secret) < 32:
        problems.append(
            checks.Error(
                "SILHOUETTE_SECRET is too short.",
                hint="Leave it unset (SECRET_KEY is used) or set at least 32 characters.",
                id="portal.E003",
            )
        )
    return problems


@checks.register(checks.Tags.security, deploy=True)
def check_secrets(app_configs=None, **kwargs) -> list[checks.Error]:
    return secret_problems()


def refuse_public_secrets() -> None:
    """Called by the WSGI entry point: production, and any site on a database server,
    never runs with public secrets (``OWN_SECRETS_REQUIRED``). The test suite never
    starts it, so CI runs on PostgreSQL without secrets."""
    if not settings.OWN_SECRETS_REQUIRED:
        return
    problems = secret_problems()
    if problems:
        lines = "\n".join(f"- {p.msg} {p.hint}" for p in problems)
        raise ImproperlyConfigured(
            "Refusing to start with public secrets (DJANGO_ENV=production, or a "
            f"DATABASE_URL that is not SQLite):\n{lines}"
        )
