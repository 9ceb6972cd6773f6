"""The default secret key and daily seed are public: production, and any site on a
database server, refuses to start with them, `check --deploy` reports them, and a local
SQLite checkout needs no configuration (README "Production profile")."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from portal import checks, profile

ROOT = Path(settings.BASE_DIR)
STRONG_KEY = "k" * 20 + "-strong-secret-key-for-tests-" + "9" * 10
STRONG_SEED = "a-long-private-daily-seed"


def start_wsgi(**overrides: str) -> subprocess.CompletedProcess:
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in ("SECRET_KEY", "PUZZLE_SEED", "SILHOUETTE_SECRET", "DJANGO_ENV", "DATABASE_URL")
    }
    env.update(overrides)
    return subprocess.run(
        [sys.executable, "-c", "import portal.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


class TestProductionStart:
    @pytest.mark.slow
    def test_it_refuses_to_start_without_secrets(self):
        result = start_wsgi(DJANGO_ENV="production")
        assert result.returncode != 0
        assert "Refusing to start with public secrets" in result.stderr
        assert "SECRET_KEY" in result.stderr and "PUZZLE_SEED" in result.stderr

    # What the entry point calls once the settings are read (the start above shows it
    # is called); each public secret on its own, without starting a process each.
    @pytest.mark.slow
    def test_a_site_on_a_database_server_refuses_to_start_without_secrets(self):
        # DJANGO_ENV unset or mistyped must not turn a deployment into a checkout.
        result = start_wsgi(DATABASE_URL="postgres://pokeguess@127.0.0.1:1/pokeguess")
        assert result.returncode != 0
        assert "Refusing to start with public secrets" in result.stderr
        assert "SECRET_KEY" in result.stderr and "PUZZLE_SEED" in result.stderr

    @override_settings(OWN_SECRETS_REQUIRED=True, SECRET_KEY=STRONG_KEY, PUZZLE_SEED="pokeguess")
    def test_it_refuses_the_public_seed(self):
        with pytest.raises(ImproperlyConfigured, match="PUZZLE_SEED") as refused:
            checks.refuse_public_secrets()
        assert "SECRET_KEY is" not in str(refused.value)

    @override_settings(
        OWN_SECRETS_REQUIRED=True, SECRET_KEY=profile.PUBLIC_SECRET_KEY, PUZZLE_SEED=STRONG_SEED
    )
    def test_it_refuses_the_public_key(self):
        with pytest.raises(ImproperlyConfigured, match="SECRET_KEY") as refused:
            checks.refuse_public_secrets()
        assert "PUZZLE_SEED" not in str(refused.value)

    @override_settings(OWN_SECRETS_REQUIRED=False, SECRET_KEY=profile.PUBLIC_SECRET_KEY)
    def test_a_local_checkout_is_not_refused(self):
        checks.refuse_public_secrets()

    @pytest.mark.slow
    def test_it_starts_with_its_own_secrets(self):
        result = start_wsgi(DJANGO_ENV="production", SECRET_KEY=STRONG_KEY, PUZZLE_SEED=STRONG_SEED)
        assert result.returncode == 0, result.stderr

    @pytest.mark.slow
    def test_development_starts_with_no_configuration(self):
        result = start_wsgi()
        assert result.returncode == 0, result.stderr


class TestDeployCheck:
    def test_it_reports_the_public_key_and_seed(self):
        with override_settings(SECRET_KEY=profile.PUBLIC_SECRET_KEY, PUZZLE_SEED="pokeguess"):
            ids = {problem.id for problem in checks.secret_problems()}
        assert ids == {"portal.E001", "portal.E002"}

    def test_check_deploy_fails_on_them(self):
        with (
            override_settings(SECRET_KEY=profile.PUBLIC_SECRET_KEY, PUZZLE_SEED="pokeguess"),
            pytest.raises(SystemCheckError, match="portal.E002"),
        ):
            call_command("check", deploy=True, tags=["security"], verbosity=0)

    @pytest.mark.parametrize("key", ["", "short", "django-insecure-" + "x" * 40])
    def test_it_reports_weak_keys(self, key):
        with override_settings(SECRET_KEY=key, PUZZLE_SEED=STRONG_SEED, SILHOUETTE_SECRET=key):
            ids = {problem.id for problem in checks.secret_problems()}
        assert ids == {"portal.E001"}

    def test_it_accepts_private_secrets(self):
        with override_settings(
            SECRET_KEY=STRONG_KEY, PUZZLE_SEED=STRONG_SEED, SILHOUETTE_SECRET=STRONG_KEY
        ):
            assert checks.secret_problems() == []

    def test_the_plain_check_stays_quiet_in_development(self):
        call_command("check", verbosity=0)


class TestLocalSecret:
    def test_it_is_created_once_and_kept(self, tmp_path):
        first = profile.local_secret_key(tmp_path)
        assert len(first) >= 50 and first != profile.PUBLIC_SECRET_KEY
        assert profile.local_secret_key(tmp_path) == first
        assert json.loads((tmp_path / ".local-secrets.json").read_text()) == {"SECRET_KEY": first}

    def test_a_read_only_folder_falls_back_to_the_public_key(self, tmp_path):
        missing = tmp_path / "does-not-exist"
        assert profile.local_secret_key(missing) == profile.PUBLIC_SECRET_KEY

    def test_the_file_is_ignored_by_git(self):
        assert ".local-secrets.json" in (ROOT / ".gitignore").read_text().splitlines()

    @pytest.mark.parametrize(
        ("value", "production"),
        [("production", True), (" Production ", True), ("test", False), (None, False)],
    )
    def test_only_an_explicit_switch_means_production(self, value, production):
        environ = {} if value is None else {"DJANGO_ENV": value}
        assert profile.is_production(environ) is production

    @pytest.mark.parametrize("value", ["prod", "", "staging"])
    def test_an_unknown_profile_is_refused(self, value):
        with pytest.raises(ImproperlyConfigured, match="DJANGO_ENV must be one of"):
            profile.current({"DJANGO_ENV": value})
