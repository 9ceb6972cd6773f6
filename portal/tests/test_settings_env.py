"""Settings read typed environment variables (portal.env, django-environ): the README's
defaults hold, values mean what they say, and a malformed value stops the start with the
variable's name (README "Production profile")."""

import runpy

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from portal import profile
from portal.env import Env
from portal.tests.test_production_secrets import STRONG_KEY, STRONG_SEED, start_wsgi

SETTINGS = str(settings.BASE_DIR / "portal" / "settings.py")
# Everything the settings read, so that the machine's own environment plays no part.
VARIABLES = [
    "DJANGO_ENV",
    "DJANGO_DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SITE_URL",
    "DATABASE_URL",
    "DB_CONN_MAX_AGE",
    "DB_CONNECT_TIMEOUT",
    "DB_POOL",
    "DB_PREPARED_STATEMENTS",
    "DB_LOCK_TIMEOUT",
    "DB_STATEMENT_TIMEOUT",
    "DB_POOL_MIN",
    "DB_POOL_MAX",
    "REDIS_URL",
    "REDIS_TIMEOUT",
    "CACHE_PREFIX",
    "SERVE_MEDIA",
    "AWS_STORAGE_BUCKET_NAME",
    "AWS_S3_ENDPOINT_URL",
    "AWS_S3_CUSTOM_DOMAIN",
    "AWS_S3_REGION_NAME",
    "SECURE_COOKIES",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "PUZZLE_LAUNCH_DATE",
    "PUZZLE_SEED",
    "SILHOUETTE_SECRET",
    "PAGE_CACHE_SECONDS",
    "PLAYER_RETENTION_DAYS",
    "TRUSTED_PROXY_HOPS",
    "METRICS_ALLOWED_NETWORKS",
    "SENTRY_DSN",
]


@pytest.fixture
def load(monkeypatch):
    """Run the settings module afresh with these variables (the rest unset)."""

    def run(**variables: str) -> dict:
        for name in VARIABLES:
            monkeypatch.delenv(name, raising=False)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(SETTINGS)

    return run


def env_of(**variables: str) -> Env:
    env = Env()
    env.ENVIRON = variables
    return env


class TestDefaults:
    def test_the_readme_defaults(self, load):
        values = load()
        assert values["DEBUG"] is False
        assert values["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "testserver"]
        assert values["SITE_URL"] == ""
        assert values["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
        assert values["DATABASES"]["default"]["CONN_MAX_AGE"] == 60
        assert values["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
        assert values["PAGE_CACHE_SECONDS"] == 60
        assert values["TRUSTED_PROXY_HOPS"] == 0
        assert values["PUZZLE_LAUNCH_DATE"] == "2026-11-01"
        assert values["PLAYER_RETENTION_DAYS"] == 400
        assert values["METRICS_ALLOWED_NETWORKS"] == ["127.0.0.1/32", "::1/128"]
        assert values["SERVE_MEDIA"] is True

    def test_the_production_profile(self, load):
        values = load(
            DJANGO_ENV="production",
            DJANGO_DEBUG="0",
            ALLOWED_HOSTS="pokeguess.example, www.pokeguess.example,",
            SITE_URL="https://pokeguess.example/",
            DATABASE_URL="postgres://user:p%40ss@db:5432/pokeguess?sslmode=require",
            DB_POOL="1",
            DB_POOL_MAX="8",
            REDIS_URL="redis://cache:6379/0",
            REDIS_TIMEOUT="1.5",
            SECURE_HSTS_SECONDS="31536000",
            TRUSTED_PROXY_HOPS="2",
            SERVE_MEDIA="0",
        )
        assert values["ALLOWED_HOSTS"] == ["pokeguess.example", "www.pokeguess.example"]
        assert values["SITE_URL"] == "https://pokeguess.example"
        database = values["DATABASES"]["default"]
        assert database["ENGINE"] == "django.db.backends.postgresql"
        assert (database["HOST"], database["PORT"], database["NAME"]) == ("db", 5432, "pokeguess")
        assert (database["USER"], database["PASSWORD"]) == ("user", "p@ss")
        assert database["CONN_MAX_AGE"] == 0  # the pool manages connections
        assert database["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8}
        assert database["OPTIONS"]["sslmode"] == "require"
        assert database["OPTIONS"]["connect_timeout"] == 3
        assert database["OPTIONS"]["server_side_binding"] is True
        assert database["OPTIONS"]["prepare_threshold"] == 5
        assert database["OPTIONS"]["options"] == "-c lock_timeout=3000 -c statement_timeout=20000"
        assert values["CACHES"]["default"]["OPTIONS"]["socket_timeout"] == 1.5
        assert values["SECURE_HSTS_SECONDS"] == 31536000 and values["SECURE_HSTS_PRELOAD"]
        assert values["TRUSTED_PROXY_HOPS"] == 2
        assert values["SERVE_MEDIA"] is False
        # A secret the README asks for is not a setting of its own.
        assert "DATABASE_URL" not in values

    def test_a_local_sqlite_checkout_makes_its_own_key(self, load):
        values = load()
        assert values["OWN_SECRETS_REQUIRED"] is False
        assert values["SECRET_KEY"] != profile.PUBLIC_SECRET_KEY

    def test_a_database_server_requires_its_own_secrets_whatever_django_env_says(self, load):
        values = load(DATABASE_URL="postgres://user:pw@db:5432/pokeguess")
        assert values["OWN_SECRETS_REQUIRED"] is True
        # Public, so that the WSGI start refuses it (portal.checks).
        assert values["SECRET_KEY"] == profile.PUBLIC_SECRET_KEY

    def test_x_forwarded_proto_is_ignored_without_a_trusted_proxy(self, load):
        assert load()["SECURE_PROXY_SSL_HEADER"] is None

    def test_x_forwarded_proto_is_read_behind_a_trusted_proxy(self, load):
        values = load(TRUSTED_PROXY_HOPS="1")
        assert values["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")

    def test_prepared_statements_can_be_switched_off_for_a_pooling_proxy(self, load):
        values = load(
            DATABASE_URL="postgres://user:pw@db:5432/pokeguess", DB_PREPARED_STATEMENTS="0"
        )
        options = values["DATABASES"]["default"]["OPTIONS"]
        assert options["server_side_binding"] is True
        assert "prepare_threshold" not in options  # Django's default: never prepare

    def test_the_database_timeouts_can_be_switched_off_for_a_pooling_proxy(self, load):
        # PgBouncer refuses the startup parameter "options" unless told to ignore it.
        values = load(
            DATABASE_URL="postgres://user:pw@db:5432/pokeguess",
            DB_LOCK_TIMEOUT="0",
            DB_STATEMENT_TIMEOUT="0",
        )
        assert "options" not in values["DATABASES"]["default"]["OPTIONS"]

    def test_the_database_timeouts_are_read_in_seconds(self, load):
        values = load(
            DATABASE_URL="postgres://user:pw@db:5432/pokeguess",
            DB_LOCK_TIMEOUT="0.5",
            DB_STATEMENT_TIMEOUT="8",
        )
        options = values["DATABASES"]["default"]["OPTIONS"]["options"]
        assert options == "-c lock_timeout=500 -c statement_timeout=8000"


class TestArtworkStorage:
    def test_without_a_bucket_uploads_stay_on_the_file_system(self, load):
        values = load()
        assert values["STORAGES"]["default"]["BACKEND"].endswith("FileSystemStorage")

    def test_a_bucket_sends_uploads_to_its_s3_endpoint(self, load):
        values = load(AWS_STORAGE_BUCKET_NAME="art", AWS_S3_ENDPOINT_URL="https://s3.example:9000")
        default = values["STORAGES"]["default"]
        assert default["BACKEND"] == "storages.backends.s3.S3Storage"
        assert default["OPTIONS"]["bucket_name"] == "art"
        assert default["OPTIONS"]["endpoint_url"] == "https://s3.example:9000"

    def test_the_page_policy_lets_artwork_load_from_the_endpoint(self, load):
        values = load(
            AWS_STORAGE_BUCKET_NAME="art", AWS_S3_ENDPOINT_URL="https://s3.example:9000/x"
        )
        directives = values["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]
        assert "https://s3.example:9000" in directives["img-src"]

    def test_a_custom_domain_is_the_origin_artwork_loads_from(self, load):
        values = load(AWS_STORAGE_BUCKET_NAME="art", AWS_S3_CUSTOM_DOMAIN="cdn.example/art")
        assert values["STORAGES"]["default"]["OPTIONS"]["custom_domain"] == "cdn.example/art"
        assert "https://cdn.example" in values["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]["img-src"]


class TestValues:
    def test_a_value_starting_with_a_dollar_is_taken_as_written(self):
        # django-environ alone would read "$abc" as the variable "abc".
        env = env_of(SECRET_KEY="$abc-secret", abc="other")
        assert env.str("SECRET_KEY", default="") == "$abc-secret"

    @pytest.mark.parametrize(
        ("raw", "expected"),
        [("1", True), ("true", True), ("Yes", True), ("on", True), ("0", False), ("", False)],
    )
    def test_booleans(self, raw, expected):
        assert env_of(FLAG=raw).bool("FLAG", default=not expected) is expected

    def test_lists_drop_blanks_around_items(self):
        env = env_of(HOSTS=" a.example , b.example,, ")
        assert env.items("HOSTS", default=[]) == ["a.example", "b.example"]
        assert env.items("UNSET", default=["x"]) == ["x"]


class TestMalformedValues:
    @pytest.mark.parametrize(
        ("variables", "message"),
        [
            ({"TRUSTED_PROXY_HOPS": "two"}, "TRUSTED_PROXY_HOPS must be a whole number, not 'two'"),
            ({"TRUSTED_PROXY_HOPS": "-1"}, "TRUSTED_PROXY_HOPS must be 0 or more"),
            ({"PAGE_CACHE_SECONDS": "1m"}, "PAGE_CACHE_SECONDS must be a whole number"),
            ({"REDIS_URL": "cache:6379"}, "REDIS_URL must start with redis://"),
            ({"SITE_URL": "pokeguess.example"}, "SITE_URL must be a public base URL"),
            ({"PUZZLE_LAUNCH_DATE": "01/11/2026"}, "PUZZLE_LAUNCH_DATE must be a date"),
            ({"METRICS_ALLOWED_NETWORKS": "10.0.0.0/33"}, "METRICS_ALLOWED_NETWORKS must list"),
            ({"DJANGO_ENV": "prod"}, "DJANGO_ENV must be one of development, test, production"),
        ],
    )
    def test_they_stop_the_start_naming_the_variable(self, load, variables, message):
        with pytest.raises(ImproperlyConfigured, match=message):
            load(**variables)

    def test_an_unknown_database_scheme_is_named_without_the_password(self, load):
        with pytest.raises(ImproperlyConfigured, match="scheme 'mongodb'") as caught:
            load(DATABASE_URL="mongodb://user:hunter2@db/pokeguess")
        assert "hunter2" not in str(caught.value)

    def test_production_refuses_to_start_on_one(self):
        result = start_wsgi(
            DJANGO_ENV="production",
            SECRET_KEY=STRONG_KEY,
            PUZZLE_SEED=STRONG_SEED,
            TRUSTED_PROXY_HOPS="two",
        )
        assert result.returncode != 0
        assert "ImproperlyConfigured: TRUSTED_PROXY_HOPS must be a whole number" in result.stderr
