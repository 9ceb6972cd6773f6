"""Settings for the Pokéguess portal: one module, configured by environment variables.

The defaults run the site on SQLite with the local-memory cache (``make run``).
Production sets ``DJANGO_DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL``
(PostgreSQL) and ``REDIS_URL``; see the README for the full list.

Every variable is read with its type (django-environ, ``portal.env``); a value that does
not parse, or that names no usable database, cache, address, date or network, stops the
start with ``ImproperlyConfigured`` naming the variable.
"""

import ipaddress
from datetime import date
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from csp.constants import NONCE
from django.conf import locale
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from portal import profile
from portal.env import Env
from portal.inline import THEME_SCRIPT_SOURCE
from portal.observability.logs import logging_config
from portal.observability.sentry import init_sentry

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env()

DEBUG: bool = env.bool("DJANGO_DEBUG", default=False)
PRODUCTION = profile.is_production()  # refuses a DJANGO_ENV it does not know
ALLOWED_HOSTS = env.items("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.items("CSRF_TRUSTED_ORIGINS", default=[])
# Empty: absolute URLs use the address each request came to (portal.absolute).
SITE_URL: str = env.str("SITE_URL", default="").rstrip("/")
if SITE_URL and (
    urlsplit(SITE_URL).scheme not in ("http", "https") or not urlsplit(SITE_URL).netloc
):
    raise ImproperlyConfigured(
        f"SITE_URL must be a public base URL such as https://pokeguess.example, not {SITE_URL!r}."
    )

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
    "reversion",
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
    # /healthz is answered here, before any middleware that reads the cache or the
    # database (portal.health).
    "portal.health.LivenessMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "portal.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers; a proxy in front may compress instead (docs/scaling.md).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "portal.public_cache.UrlOnlyVaryMiddleware",
    "translations.store.CatalogueMiddleware",
    "portal.middleware.LocaleMiddleware",
    "portal.middleware.LanguagePreferenceMiddleware",
    "portal.admin_i18n.AdminLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # The API's catch-all (JSON 500) sits outside the database-down handler (503), so an
    # unreachable database is answered as 503 first.
    "portal.api.ApiMiddleware",
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
                "games.navigation.links",
                "pages.links.social",
                "puzzle.island.today_puzzle",
            ],
        },
    },
]

# Lower case, so it is no setting: the URL may hold a password.
database_url: str = env.str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
if urlsplit(database_url).scheme not in Env.DB_SCHEMES:
    raise ImproperlyConfigured(
        "DATABASE_URL must be a database URL such as postgres://user:pass@host:5432/db or "
        f"sqlite:///path; its scheme {urlsplit(database_url).scheme!r} is not one."
    )
DATABASES: dict[str, dict[str, Any]] = {
    "default": {
        **Env.db_url_config(database_url),
        "CONN_MAX_AGE": env.int("DB_CONN_MAX_AGE", default=60),
        "CONN_HEALTH_CHECKS": True,
    }
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
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env.int(
        "DB_CONNECT_TIMEOUT", default=3
    )
    # Parameters travel apart from the statement, and a statement a connection has run
    # five times is prepared: PostgreSQL then skips parsing and planning it, and Python
    # quoting its values (docs/scaling.md "The guess"). A proxy that shares server
    # connections between transactions (PgBouncer before 1.21 in transaction mode) cannot
    # keep prepared statements: DB_PREPARED_STATEMENTS=0 there.
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    if env.bool("DB_PREPARED_STATEMENTS", default=True):
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 5
    # A statement waiting on a lock (a migration or a long admin transaction holding the
    # games table) or running away would hold its worker until gunicorn kills it, and
    # every worker queues behind the same lock: the server gives up first, and the
    # request becomes the API's JSON 503 (portal.faults). 0 turns either off.
    _timeouts = {
        "lock_timeout": env.float("DB_LOCK_TIMEOUT", default=3.0),
        "statement_timeout": env.float("DB_STATEMENT_TIMEOUT", default=20.0),
    }
    if any(_timeouts.values()):
        DATABASES["default"]["OPTIONS"]["options"] = " ".join(
            f"-c {name}={round(seconds * 1000)}" for name, seconds in _timeouts.items()
        )
# DB_POOL=1: psycopg's connection pool (PostgreSQL) instead of persistent connections;
# Django requires CONN_MAX_AGE=0 with it. See docs/scaling.md.
if env.bool("DB_POOL", default=False) and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN", default=1),
        "max_size": env.int("DB_POOL_MAX", default=4),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Production, and any site on a database server (a deployment, whatever DJANGO_ENV
# says), refuses to start with a missing or public SECRET_KEY or PUZZLE_SEED
# (portal.checks, at the WSGI start). A local SQLite checkout makes its own key once.
OWN_SECRETS_REQUIRED = PRODUCTION or not DATABASES["default"]["ENGINE"].endswith("sqlite3")
SECRET_KEY: str = env.str("SECRET_KEY", default="") or (
    profile.PUBLIC_SECRET_KEY if OWN_SECRETS_REQUIRED else profile.local_secret_key(BASE_DIR)
)

REDIS_URL: str = env.str("REDIS_URL", default="")
if REDIS_URL and urlsplit(REDIS_URL).scheme not in ("redis", "rediss", "unix"):
    # Caught here: at run time a bad address would only look like a Redis outage.
    raise ImproperlyConfigured("REDIS_URL must start with redis://, rediss:// or unix://.")
CACHE_PREFIX: str = env.str("CACHE_PREFIX", default="pokeguess")
REDIS_TIMEOUT: float = env.float("REDIS_TIMEOUT", default=0.5)
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            # A down or hanging Redis degrades to cache misses (portal.cache).
            "BACKEND": "portal.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CACHE_PREFIX,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT,
                "socket_timeout": REDIS_TIMEOUT,
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
        "KEY_PREFIX": CACHE_PREFIX + ":rl",
        "OPTIONS": {
            "socket_timeout": RATELIMIT_REDIS_TIMEOUT,
            "socket_connect_timeout": RATELIMIT_REDIS_TIMEOUT,
        },
    }
else:
    CACHES["ratelimit"] = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env.str("RATELIMIT_CACHE_DIR", default=str(BASE_DIR / ".cache" / "ratelimit")),
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
# How often a worker checks whether the Pokédex it keeps in memory changed (puzzle.pokedex):
# staff edits reach every worker within this many seconds.
POKEDEX_CHECK_SECONDS: float = env.float("POKEDEX_CHECK_SECONDS", default=2.0)

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
LANGUAGE_COOKIE_SAMESITE: Literal["Lax", "Strict", "None", False] = "Lax"

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
# Unset, Rosetta tells a case-sensitive filesystem by making a temporary file on every
# catalogue lookup, and never closes or deletes it: one open descriptor and one empty
# file per translator's page, until the worker runs out of descriptors. Servers are
# Linux; on a case-insensitive disk it only lists a catalogue twice if its path is
# spelt two ways.
ROSETTA_CASE_SENSITIVE_FILESYSTEM = True
# Saved translations live in the database (translations app); each worker reloads its
# catalogues when their revision moves, checked at most this often (docs/translations.md).
TRANSLATIONS_CHECK_SECONDS: float = env.float("TRANSLATIONS_CHECK_SECONDS", default=2.0)
# A save in Rosetta also goes to the database, and every worker reloads its catalogues
# from there (TRANSLATIONS_CHECK_SECONDS above): no server reload is needed. The .mo
# files are built by translations.catalogue, which leaves out what would break a page;
# Rosetta's own compiling would write them unchecked.
ROSETTA_AUTO_COMPILE = False
ROSETTA_WSGI_AUTO_RELOAD: bool = env.bool("ROSETTA_WSGI_AUTO_RELOAD", default=False)

# --- Static files --------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT: Path | None = BASE_DIR / "staticfiles"
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
STATICFILES_DIRS = [FRONTEND_DIST]
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "portal.storage.StaticStorage"},
}
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
# Uploaded artwork lives under MEDIA_ROOT on one machine. With a bucket it goes to
# S3-compatible object storage instead (django-storages), so several nodes share it
# without a shared disk (docs/deploy.md). The keys come from AWS_ACCESS_KEY_ID and
# AWS_SECRET_ACCESS_KEY, or the machine's role, read by boto3 itself.
AWS_STORAGE_BUCKET_NAME: str = env.str("AWS_STORAGE_BUCKET_NAME", default="")
# Where artwork URLs point when that is not this site: the CSP lets images load from it.
MEDIA_ORIGIN = ""
if AWS_STORAGE_BUCKET_NAME:
    _endpoint: str = env.str("AWS_S3_ENDPOINT_URL", default="")
    _custom_domain: str = env.str("AWS_S3_CUSTOM_DOMAIN", default="")
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            "endpoint_url": _endpoint or None,
            "region_name": env.str("AWS_S3_REGION_NAME", default="") or None,
            # A public host in front of the bucket (a CDN): plain URLs. Without one the
            # URLs are signed and expire, so the bucket can stay private.
            "custom_domain": _custom_domain or None,
            # A new upload gets a new name, as on the file system, so no cache in
            # front keeps showing the image it replaced.
            "file_overwrite": False,
        },
    }
    if _custom_domain:
        MEDIA_ORIGIN = "https://" + _custom_domain.split("/", 1)[0]
    elif _endpoint:
        MEDIA_ORIGIN = f"{urlsplit(_endpoint).scheme}://{urlsplit(_endpoint).netloc}"
    else:
        MEDIA_ORIGIN = "https://*.amazonaws.com"
# Uploaded artwork is served by Django when nothing else does (SQLite profile, `make run`);
# production sets SERVE_MEDIA=0 and the proxy serves /media/ (README "Production profile").
SERVE_MEDIA: bool = env.bool(
    "SERVE_MEDIA", default=DATABASES["default"]["ENGINE"].endswith("sqlite3")
)
# Vite already hashes everything under assets/ (not hex in Vite 8): immutable.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+/assets/.+$"

VITE_DEV: bool = env.bool("VITE_DEV", default=False)
DJANGO_VITE = {
    "default": {
        "dev_mode": VITE_DEV,
        "dev_server_port": env.int("VITE_PORT", default=5173),
        "manifest_path": FRONTEND_DIST / ".vite" / "manifest.json",
        "static_url_prefix": "",
    }
}

# --- Security ------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
# Behind HTTPS set SECURE_COOKIES=1 (check --deploy asks for it); plain-HTTP setups work as is.
SESSION_COOKIE_SECURE: bool = env.bool("SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT: bool = env.bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS: int = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
X_FRAME_OPTIONS = "DENY"
# Browser features no page uses, switched off for the page and everything it embeds
# (portal.middleware.PermissionsPolicyMiddleware). A feature listed here cannot be
# granted to a game frame by its `allow` attribute (Game.frame_allow: fullscreen and
# gamepad today), so neither is listed; a game that needs one of these needs it removed.
PERMISSIONS_POLICY_DISABLED = [
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "usb",
]
# A game page in the admin posts every section and item in 19 languages (thousands of
# fields); Django's default of 1,000 would refuse the save.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20_000
CSRF_FAILURE_VIEW = "portal.views.csrf_failure"
SILENCED_SYSTEM_CHECKS = env.items("SILENCED_SYSTEM_CHECKS", default=[])

# --- Outside world (all optional, off by default) -------------------------------
ANALYTICS_ID: str = env.str("ANALYTICS_ID", default="")  # e.g. a Google Analytics ID
ADSENSE_CLIENT: str = env.str("ADSENSE_CLIENT", default="")  # e.g. ca-pub-…
CONTACT_EMAIL: str = env.str("CONTACT_EMAIL", default="hello@pokeguess.example")
SOCIAL_HANDLE: str = env.str("SOCIAL_HANDLE", default="@pokeguess")
SOCIAL_URL: str = env.str("SOCIAL_URL", default="")
CHAT_INVITE_URL: str = env.str("CHAT_INVITE_URL", default="")

# Content Security Policy: same origin, plus the optional analytics/ad hosts and the
# game frames' hosts (kept in sync from the Game rows by games.csp).
_script_src = ["'self'"]
_connect_src = ["'self'"]
_img_src = ["'self'", "data:"]
_frame_src = ["'self'"]
if MEDIA_ORIGIN:
    _img_src += [MEDIA_ORIGIN]
if ANALYTICS_ID:
    _script_src += ["https://www.googletagmanager.com"]
    _connect_src += ["https://*.google-analytics.com", "https://*.googletagmanager.com"]
    _img_src += ["https://*.google-analytics.com"]
if VITE_DEV:
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
        # The theme script by its hash (portal/inline.py); a nonce for what else may need one.
        "script-src": _script_src + [NONCE, THEME_SCRIPT_SOURCE],
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
# An ISO date, kept as text (puzzle.models.launch_date parses it).
PUZZLE_LAUNCH_DATE: str = env.str("PUZZLE_LAUNCH_DATE", default="2026-11-01")
try:
    date.fromisoformat(PUZZLE_LAUNCH_DATE)
except ValueError:
    raise ImproperlyConfigured(
        f"PUZZLE_LAUNCH_DATE must be a date such as 2026-11-01, not {PUZZLE_LAUNCH_DATE!r}."
    ) from None
PUZZLE_SEED: str = env.str("PUZZLE_SEED", default=profile.PUBLIC_PUZZLE_SEED)
# Keys each puzzle's silhouette variation (puzzle/images/silhouette.py); defaults to SECRET_KEY.
# Set it to rotate SECRET_KEY without changing the images of past puzzles.
SILHOUETTE_SECRET: str = env.str("SILHOUETTE_SECRET", default="") or SECRET_KEY
PLAYER_COOKIE_NAME = "pg_player"
# How long a public page is kept by Django's cache, and may be by a CDN and browsers
# (docs/scaling.md).
PAGE_CACHE_SECONDS: int = env.int("PAGE_CACHE_SECONDS", default=60)
PLAYER_COOKIE_AGE = 60 * 60 * 24 * 400
# purge_players deletes players (and their games) not seen for this long (privacy page).
PLAYER_RETENTION_DAYS: int = env.int("PLAYER_RETENTION_DAYS", default=400)
RATELIMIT_ENABLE: bool = env.bool("RATELIMIT_ENABLE", default=True)
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_FAIL_OPEN = True
RATELIMIT_IP_META_KEY = "portal.ratelimits.client_ip"
# Proxies in front of gunicorn that append to X-Forwarded-For (0: use REMOTE_ADDR).
TRUSTED_PROXY_HOPS: int = env.int("TRUSTED_PROXY_HOPS", default=0)
if TRUSTED_PROXY_HOPS < 0:
    raise ImproperlyConfigured(f"TRUSTED_PROXY_HOPS must be 0 or more, not {TRUSTED_PROXY_HOPS}.")
# X-Forwarded-Proto is believed only from a trusted proxy: sent by a visitor straight
# to gunicorn, it would put https:// links into pages every later visitor is served
# from the cache.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXY_HOPS else None

# --- Observability (docs/observability.md) ---------------------------------------
LOGGING = logging_config(
    env.str("LOG_FORMAT", default="text"), env.str("LOG_LEVEL", default="INFO")
)
LOG_CLIENT_IP: bool = env.bool("LOG_CLIENT_IP", default=False)
# Keep a proxy's X-Request-ID only when the proxy is trusted to set it.
TRUST_REQUEST_ID_HEADER: bool = env.bool("TRUST_REQUEST_ID_HEADER", default=False)
METRICS_TOKEN: str = env.str("METRICS_TOKEN", default="")
METRICS_ALLOWED_NETWORKS = env.items(
    "METRICS_ALLOWED_NETWORKS", default=["127.0.0.1/32", "::1/128"]
)
for _network in METRICS_ALLOWED_NETWORKS:
    try:
        ipaddress.ip_network(_network)
    except ValueError:
        raise ImproperlyConfigured(
            f"METRICS_ALLOWED_NETWORKS must list networks such as 10.0.0.0/8, not {_network!r}."
        ) from None
SENTRY_DSN: str = env.str("SENTRY_DSN", default="")
if SENTRY_DSN:
    init_sentry(
        SENTRY_DSN,
        environment=env.str("SENTRY_ENVIRONMENT", default="production"),
        release=env.str("SENTRY_RELEASE", default=""),
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
    )
