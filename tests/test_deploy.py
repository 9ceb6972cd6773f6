"""The files an operator installs (deploy/): the nginx site's template renders only
with every value, its cache key knows every language prefix, and the daily jobs name
commands that exist. nginx and systemd themselves check these files in
tests/topology/ (marker ``topology``)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands

from scripts import nginx_site

DEPLOY = Path(settings.BASE_DIR) / "deploy"
SITE = dict(
    listen="80",
    static_root="/srv/pokeguess/staticfiles/",
    upstreams=["10.0.0.1:8000", "10.0.0.2:8000"],
    cache_dir="/var/cache/nginx/pokeguess",
)


def test_the_site_lists_every_node_in_its_upstream():
    upstream = re.search(r"upstream pokeguess \{(.*?)\}", nginx_site.render(**SITE), re.S)
    assert upstream is not None
    assert re.findall(r"server (\S+) ", upstream.group(1)) == SITE["upstreams"]


def test_a_placeholder_without_a_value_stops_the_rendering():
    with pytest.raises(ValueError, match="WORKERS"):
        nginx_site.render(**SITE, template="listen ${LISTEN}; workers ${WORKERS};")


def test_a_site_without_nodes_is_refused():
    with pytest.raises(ValueError, match="upstream"):
        nginx_site.render(**{**SITE, "upstreams": []})


def test_the_cache_key_knows_every_language():
    # A language the template does not know is still served right, but its prefixed
    # pages would be kept once per visitor language instead of once.
    template = nginx_site.TEMPLATE.read_text()
    prefixes = re.search(r'"~\^/\(([a-z|]+)\)\(/\|\$\)" 0;', template)
    browser = re.search(r"\(\?<code>([a-z|]+)\)", template)
    assert prefixes is not None and browser is not None
    codes = {code for code, _name in settings.LANGUAGES}
    assert set(prefixes.group(1).split("|")) == codes - {settings.LANGUAGE_CODE}
    assert set(browser.group(1).split("|")) == codes


def test_media_is_served_from_disk_only_when_given():
    with_media = nginx_site.render(**SITE, media_root="/srv/pokeguess/media")
    assert "alias /srv/pokeguess/media/;" in with_media
    assert "location /media/" not in nginx_site.render(**SITE)


def test_https_is_served_only_with_a_certificate_and_plain_http_leads_there():
    plain = nginx_site.render(**SITE)
    assert "ssl" not in plain and "return 301" not in plain
    tls = nginx_site.render(
        **{**SITE, "listen": "443"}, tls=("/etc/tls/site.pem", "/etc/tls/site.key")
    )
    assert "listen 443 ssl http2;" in tls
    assert "ssl_certificate /etc/tls/site.pem;" in tls
    assert "ssl_certificate_key /etc/tls/site.key;" in tls
    assert re.search(r"listen 80;\s+server_name _;\s+server_tokens off;\s+return 301 https://", tls)


def test_a_certificate_without_its_key_is_refused(capsys):
    with pytest.raises(SystemExit):
        nginx_site.main(
            ["--listen", "443", "--static-root", "/s", "--upstream", "10.0.0.1:8000"]
            + ["--cache-dir", "/c", "--tls-certificate", "/etc/tls/site.pem"]
        )
    assert "go together" in capsys.readouterr().err


def test_the_daily_jobs_are_commands_of_the_site():
    service = (DEPLOY / "systemd" / "pokeguess-daily.service").read_text()
    commands = re.findall(r"^ExecStart=\S+ manage\.py (\S+)", service, re.M)
    assert commands == ["plan_puzzles", "purge_players"]
    assert set(commands) <= set(get_commands())
