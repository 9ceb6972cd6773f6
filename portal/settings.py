"""Settings for the Pokéguess portal: one module, configured by environment variables.

The defaults run the site on SQLite with the local-memory cache (``make run``).
Production sets ``DJANGO_DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL``
(PostgreSQL) and ``REDIS_URL``; see the README for the full list.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE
from django.conf import locale
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def envbool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


DEBUG = envbool("DJANGO_DEBUG", False)
# The fallback is for local runs and tests only; `check --deploy` flags it (W009).
SECRET_KEY = env("SECRET_KEY", "django-insecure-local-key-for-development-and-tests-0123456789")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "modeltranslation",  # must precede django.contrib.admin
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django_vite",
    "adminsortable2",
    "translations",  # before rosetta: its file list shows only this project's catalogues
    "rosetta",
    "csp",
    "portal",
    "pages",
    "puzzle",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "translations.store.CatalogueMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "portal.middleware.LanguagePreferenceMiddleware",
    "portal.admin_i18n.AdminLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "portal.urls"
WSGI_APPLICATION = "portal.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Admin overrides (the language choice in its header) must come before the admin app.
        "DIRS": [BASE_DIR / "portal" / "admin_templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "portal.context_processors.site",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(env("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_PREFIX", "pokeguess"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "admin:login"

# --- Languages -----------------------------------------------------------------
# Spec §9: 19 languages; English is unprefixed. The codes are the URL prefixes.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh", _("Chinese")),
    ("ko", _("Korean")),
    ("es", _("Spanish")),
    ("fr", _("French")),
    ("pt", _("Portuguese")),
    ("da", _("Danish")),
    ("pl", _("Polish")),
    ("ru", _("Russian")),
    ("vi", _("Vietnamese")),
    ("th", _("Thai")),
    ("fil", _("Filipino")),
    ("ja", _("Japanese")),
    ("no", _("Norwegian")),
    ("nl", _("Dutch")),
    ("de", _("German")),
    ("it", _("Italian")),
    ("hi", _("Hindi")),
    ("ar", _("Arabic")),
]
LANGUAGES_BIDI = ["ar"]
# Django has no LANG_INFO for these codes; without it get_language_info() raises
# KeyError and the modeltranslation admin fails (STACK-NOTES "Languages").
locale.LANG_INFO.setdefault(
    "zh", {"bidi": False, "code": "zh", "name": "Chinese", "name_local": "中文"}
)
locale.LANG_INFO.setdefault(
    "fil", {"bidi": False, "code": "fil", "name": "Filipino", "name_local": "Filipino"}
)
locale.LANG_INFO.setdefault(
    "no", {"bidi": False, "code": "no", "name": "Norwegian", "name_local": "Norsk"}
)
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_admin"]
LANGUAGE_COOKIE_NAME = "django_language"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
# The admin's language tabs need jQuery UI; it comes from npm with the frontend build
# (Makefile), never from a CDN (the CSP and school networks would block it).
JQUERY_UI_URL = "vendor/jquery-ui.min.js"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)
MODELTRANSLATION_LANGUAGES = tuple(code for code, _name in LANGUAGES)

ROSETTA_STORAGE_CLASS = "rosetta.storage.SessionRosettaStorage"
ROSETTA_MESSAGES_PER_PAGE = 25
ROSETTA_SHOW_AT_ADMIN_PANEL = True
ROSETTA_EXCLUDED_APPLICATIONS = ("django", "rosetta", "modeltranslation", "django_vite")
# Translators see only locale/ (translations.urls allows no other filter); the admin's
# zh/no catalogues in locale_admin are copied from Django by the Makefile.
ROSETTA_EXCLUDED_PATHS = (str(BASE_DIR / "locale_admin"),)
# Saved translations live in the database (translations app); each worker reloads its
# catalogues when their revision moves, checked at most this often (docs/translations.md).
TRANSLATIONS_CHECK_SECONDS = float(env("TRANSLATIONS_CHECK_SECONDS", "2"))
# A save in Rosetta also goes to the database, and every worker reloads its catalogues
# from there (TRANSLATIONS_CHECK_SECONDS above): no server reload is needed.
ROSETTA_WSGI_AUTO_RELOAD = envbool("ROSETTA_WSGI_AUTO_RELOAD", False)

# --- Static files --------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
STATICFILES_DIRS = [FRONTEND_DIST]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "portal.storage.StaticStorage"},
}
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", str(BASE_DIR / "media")))
# Vite already hashes everything under assets/ (not hex in Vite 8): immutable.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+/assets/.+$"

DJANGO_VITE = {
    "default": {
        "dev_mode": envbool("VITE_DEV", False),
        "dev_server_port": int(env("VITE_PORT", "5173")),
        "manifest_path": FRONTEND_DIST / ".vite" / "manifest.json",
        "static_url_prefix": "",
    }
}

# --- Security ------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
# Behind HTTPS set SECURE_COOKIES=1 (check --deploy asks for it); plain-HTTP setups work as is.
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
X_FRAME_OPTIONS = "DENY"
# A game page in the admin posts every section and item in 19 languages (thousands of
# fields); Django's default of 1,000 would refuse the save.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20_000
CSRF_FAILURE_VIEW = "portal.views.csrf_failure"
SILENCED_SYSTEM_CHECKS = envlist("SILENCED_SYSTEM_CHECKS")

# --- Outside world (all optional, off by default) -------------------------------
ANALYTICS_ID = env("ANALYTICS_ID")  # e.g. a Google Analytics measurement ID
ADSENSE_CLIENT = env("ADSENSE_CLIENT")  # e.g. ca-pub-…
CONTACT_EMAIL = env("CONTACT_EMAIL", "hello@pokeguess.example")
SOCIAL_HANDLE = env("SOCIAL_HANDLE", "@pokeguess")
SOCIAL_URL = env("SOCIAL_URL", "")
CHAT_INVITE_URL = env("CHAT_INVITE_URL", "")

# Content Security Policy: same origin, plus the optional analytics/ad hosts and the
# game frames' hosts (kept in sync from the Game rows by games.csp).
_script_src = ["'self'"]
_connect_src = ["'self'"]
_img_src = ["'self'", "data:"]
_frame_src = ["'self'"]
if ANALYTICS_ID:
    _script_src += ["https://www.googletagmanager.com"]
    _connect_src += ["https://*.google-analytics.com", "https://*.googletagmanager.com"]
    _img_src += ["https://*.google-analytics.com"]
if envbool("VITE_DEV", False):
    _script_src += ["http://localhost:5173"]
    _connect_src += ["ws://localhost:5173", "http://localhost:5173"]
if ADSENSE_CLIENT:
    _script_src += ["https://pagead2.googlesyndication.com", "https://*.adtrafficquality.google"]
    _connect_src += ["https://pagead2.googlesyndication.com"]
    _img_src += ["https:"]
    _frame_src += ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com"]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": _script_src + [NONCE],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": _img_src,
        "connect-src": _connect_src,
        # Game pages add their frame's host (games.views); nothing else may be framed.
        "frame-src": _frame_src,
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- Daily game ----------------------------------------------------------------
PUZZLE_LAUNCH_DATE = env("PUZZLE_LAUNCH_DATE", "2026-11-01")
PUZZLE_SEED = env("PUZZLE_SEED", "pokeguess")
PLAYER_COOKIE_NAME = "pg_player"
PLAYER_COOKIE_AGE = 60 * 60 * 24 * 400
RATELIMIT_ENABLE = envbool("RATELIMIT_ENABLE", True)
RATELIMIT_USE_CACHE = "default"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
    "loggers": {"django.request": {"level": "ERROR"}},
}
