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

from portal import profile
from portal.observability.logs import logging_config
from portal.observability.sentry import init_sentry

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
# DJANGO_ENV=production refuses to start with a missing or public SECRET_KEY or
# PUZZLE_SEED (portal.checks); elsewhere a checkout makes its own key once.
PRODUCTION = profile.is_production()
SECRET_KEY = env("SECRET_KEY") or (
    profile.PUBLIC_SECRET_KEY if PRODUCTION else profile.local_secret_key(BASE_DIR)
)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")
# Empty: absolute URLs use the address each request came to (portal.absolute).
SITE_URL = env("SITE_URL").rstrip("/")

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
    "portal.observability.middleware.RequestObservabilityMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "portal.public_cache.UrlOnlyVaryMiddleware",
    "translations.store.CatalogueMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "portal.middleware.LanguagePreferenceMiddleware",
    "portal.admin_i18n.AdminLanguageMiddleware",
    "portal.middleware.PublicPageCacheMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # The API's catch-all (JSON 500) sits outside the database-down handler (503), so an
    # unreachable database is answered as 503 first.
    "puzzle.errors.ApiMiddleware",
    "portal.faults.ServiceUnavailableMiddleware",
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
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers write at once (docs/design.md "SQLite under several workers"): WAL lets readers
    # run beside a writer, IMMEDIATE takes the write lock up front so a read-then-write
    # transaction waits for it instead of failing, and the timeout bounds that wait.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # An unreachable server fails fast (a 503 page) instead of holding a worker.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(
        env("DB_CONNECT_TIMEOUT", "3")
    )
# DB_POOL=1: psycopg's connection pool (PostgreSQL) instead of persistent connections;
# Django requires CONN_MAX_AGE=0 with it. See docs/scaling.md.
if envbool("DB_POOL") and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(env("DB_POOL_MIN", "1")),
        "max_size": int(env("DB_POOL_MAX", "4")),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            # A down or hanging Redis degrades to cache misses (portal.cache).
            "BACKEND": "portal.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_PREFIX", "pokeguess"),
            "OPTIONS": {
                "socket_connect_timeout": float(env("REDIS_TIMEOUT", "0.5")),
                "socket_timeout": float(env("REDIS_TIMEOUT", "0.5")),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Rate-limit counters must hold once across every gunicorn worker (docs/security.md):
# Redis when configured, else a directory all workers of the machine share. Short
# socket timeouts let the limits fail open quickly when Redis is down or hangs.
RATELIMIT_REDIS_TIMEOUT = 0.2  # seconds per cache call; the limits then fail open
if REDIS_URL:
    CACHES["ratelimit"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env("CACHE_PREFIX", "pokeguess") + ":rl",
        "OPTIONS": {
            "socket_timeout": RATELIMIT_REDIS_TIMEOUT,
            "socket_connect_timeout": RATELIMIT_REDIS_TIMEOUT,
        },
    }
else:
    CACHES["ratelimit"] = {
        "BACKEND": "puzzle.ratelimits.CounterFileCache",
        "LOCATION": env("RATELIMIT_CACHE_DIR", str(BASE_DIR / ".cache" / "ratelimit")),
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
# Version numbers of staff-edited data held in each worker's memory (portal.versions):
# shared by every worker, so Redis when there is one, else a small file cache.
if REDIS_URL:
    CACHES["versions"] = {**CACHES["default"], "KEY_PREFIX": CACHES["default"]["KEY_PREFIX"] + "v"}
else:
    CACHES["versions"] = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env("VERSION_CACHE_DIR", str(BASE_DIR / ".cache" / "versions")),
        "TIMEOUT": None,
    }

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
# KeyError and the modeltranslation admin fails (docs/design.md "Languages").
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
# Number and date formats for the codes Django names differently (no, zh) or lacks (fil).
FORMAT_MODULE_PATH = ["portal.formats"]
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
# Uploaded artwork is served by Django when nothing else does (SQLite profile, `make run`);
# production sets SERVE_MEDIA=0 and the proxy serves /media/ (README "Production profile").
SERVE_MEDIA = envbool("SERVE_MEDIA", DATABASES["default"]["ENGINE"].endswith("sqlite3"))
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
PUZZLE_SEED = env("PUZZLE_SEED", profile.PUBLIC_PUZZLE_SEED)
# Keys each puzzle's silhouette variation (puzzle.silhouette); defaults to SECRET_KEY.
# Set it to rotate SECRET_KEY without changing the images of past puzzles.
SILHOUETTE_SECRET = env("SILHOUETTE_SECRET") or SECRET_KEY
PLAYER_COOKIE_NAME = "pg_player"
# How long a CDN (and browsers) may keep a public page (docs/scaling.md).
PAGE_CACHE_SECONDS = int(env("PAGE_CACHE_SECONDS", "60"))
PLAYER_COOKIE_AGE = 60 * 60 * 24 * 400
# purge_players deletes players (and their games) not seen for this long (privacy page).
PLAYER_RETENTION_DAYS = int(env("PLAYER_RETENTION_DAYS", "400"))
RATELIMIT_ENABLE = envbool("RATELIMIT_ENABLE", True)
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_FAIL_OPEN = True
RATELIMIT_IP_META_KEY = "puzzle.ratelimits.client_ip"
# Proxies in front of gunicorn that append to X-Forwarded-For (0: use REMOTE_ADDR).
TRUSTED_PROXY_HOPS = int(env("TRUSTED_PROXY_HOPS", "0"))

# --- Observability (docs/observability.md) ---------------------------------------
LOGGING = logging_config(env("LOG_FORMAT", "text"), env("LOG_LEVEL", "INFO"))
LOG_CLIENT_IP = envbool("LOG_CLIENT_IP", False)
# Keep a proxy's X-Request-ID only when the proxy is trusted to set it.
TRUST_REQUEST_ID_HEADER = envbool("TRUST_REQUEST_ID_HEADER", False)
METRICS_TOKEN = env("METRICS_TOKEN")
METRICS_ALLOWED_NETWORKS = envlist("METRICS_ALLOWED_NETWORKS", "127.0.0.1/32,::1/128")
SENTRY_DSN = env("SENTRY_DSN")
if SENTRY_DSN:
    init_sentry(
        SENTRY_DSN,
        environment=env("SENTRY_ENVIRONMENT", "production"),
        release=env("SENTRY_RELEASE"),
        traces_sample_rate=float(env("SENTRY_TRACES_SAMPLE_RATE", "0")),
    )
