"""Operators' view of the site: request ids, the request log, /metrics and Sentry."""

import json
import logging
import re
import sys
from datetime import UTC, date, datetime

import pytest
import time_machine
from django.db import OperationalError
from django.test import Client, RequestFactory
from prometheus_client import REGISTRY

from portal import views
from portal.observability import metrics
from portal.observability.logs import logging_config
from portal.observability.middleware import RequestObservabilityMiddleware
from portal.observability.sentry import scrub
from puzzle.models import DailyPuzzle

pytestmark = pytest.mark.django_db

HEX_ID = re.compile(r"^[0-9a-f]{32}$")


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


class TestRequestIds:
    def test_every_response_carries_a_fresh_request_id(self, client):
        first = client.get("/healthz")["X-Request-ID"]
        second = client.get("/healthz")["X-Request-ID"]
        assert HEX_ID.match(first) and HEX_ID.match(second)
        assert first != second

    def test_a_proxy_id_is_ignored_unless_trusted(self, client, settings):
        sent = "edge-1234abcd"
        assert client.get("/healthz", HTTP_X_REQUEST_ID=sent)["X-Request-ID"] != sent
        settings.TRUST_REQUEST_ID_HEADER = True
        assert client.get("/healthz", HTTP_X_REQUEST_ID=sent)["X-Request-ID"] == sent

    def test_a_malformed_proxy_id_is_replaced(self, client, settings):
        settings.TRUST_REQUEST_ID_HEADER = True
        returned = client.get("/healthz", HTTP_X_REQUEST_ID="bad id\twith spaces")
        assert HEX_ID.match(returned["X-Request-ID"])

    def test_the_500_page_shows_the_request_id(self):
        request = RequestFactory().get("/")
        request.request_id = "0123456789abcdef0123456789abcdef"
        body = views.server_error(request).content.decode()
        assert "0123456789abcdef0123456789abcdef" in body


class TestRequestLog:
    def test_one_line_per_request_with_view_status_and_duration(self, client, caplog):
        with caplog.at_level(logging.INFO, logger="portal.requests"):
            response = client.get("/how-to-play/")
        (record,) = [r for r in caplog.records if r.name == "portal.requests"]
        assert record.request_id == response["X-Request-ID"]
        assert record.status == 200
        assert record.view == "pages:how_to_play"
        assert record.duration_ms >= 0
        assert not hasattr(record, "client_ip")

    def test_the_player_appears_as_a_keyed_hash_never_the_cookie(self, client, caplog):
        with time_machine.travel(datetime(2026, 11, 21, 12, tzinfo=UTC), tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            client.post("/api/puzzle/21/guesses", {"name": "Bulbasaur"}, "application/json")
            cookie = client.cookies["pg_player"].value
            caplog.clear()
            with caplog.at_level(logging.INFO, logger="portal.requests"):
                client.get("/api/stats")
        (record,) = [r for r in caplog.records if r.name == "portal.requests"]
        assert re.match(r"^[0-9a-f]{16}$", record.player)
        assert record.player not in cookie and cookie.split(":")[0] not in record.getMessage()

    def test_the_client_address_is_logged_only_when_configured(self, client, caplog, settings):
        settings.LOG_CLIENT_IP = True
        with caplog.at_level(logging.INFO, logger="portal.requests"):
            client.get("/how-to-play/", REMOTE_ADDR="198.51.100.7")
        (record,) = [r for r in caplog.records if r.name == "portal.requests"]
        assert record.client_ip == "198.51.100.7"

    def test_a_line_break_in_the_path_cannot_forge_a_text_log_line(self, client):
        config = logging_config("text", "INFO")
        formatter = logging.config.DictConfigurator(config).configure_formatter(
            dict(config["formatters"]["text"])  # type: ignore[index]
        )
        record = None

        class Keep(logging.Handler):
            def emit(self, emitted: logging.LogRecord) -> None:
                nonlocal record
                record = emitted

        handler = Keep()
        logger = logging.getLogger("portal.requests")
        logger.addHandler(handler)
        try:
            client.get("/about/%0a2026-11-25 00:00:00,000 INFO [x] portal.requests: forged")
        finally:
            logger.removeHandler(handler)
        assert record is not None
        record.request_id = "abc"
        line = formatter.format(record)
        assert "\n" not in line
        assert "/about/\\n2026-11-25" in line

    def test_a_traceback_keeps_its_lines_in_the_text_log(self):
        config = logging_config("text", "INFO")
        formatter = logging.config.DictConfigurator(config).configure_formatter(
            dict(config["formatters"]["text"])  # type: ignore[index]
        )
        try:
            raise ValueError("boom")
        except ValueError:
            record = logging.LogRecord(
                "portal.api", logging.ERROR, "", 0, "failed", (), sys.exc_info()
            )
        record.request_id = "abc"
        first, *rest = formatter.format(record).splitlines()
        assert first.endswith("portal.api: failed")
        assert rest[0] == "Traceback (most recent call last):"

    def test_json_format_writes_one_object_per_line(self):
        config = logging_config("json", "INFO")
        formatter = logging.config.DictConfigurator(config).configure_custom(
            dict(config["formatters"]["json"])  # type: ignore[index]
        )
        record = logging.LogRecord("portal.requests", logging.INFO, "", 0, "GET /", (), None)
        record.request_id = "abc123abc123"
        record.status = 200
        line = json.loads(formatter.format(record))
        assert line["request_id"] == "abc123abc123"
        assert line["status"] == 200
        assert line["level"] == "INFO"


class TestMetrics:
    def test_it_serves_prometheus_text_to_loopback(self, client):
        client.get("/how-to-play/")
        response = client.get("/metrics")
        assert response.status_code == 200
        body = response.content.decode()
        assert "pokeguess_http_requests_total" in body
        assert "pokeguess_http_request_duration_seconds_bucket" in body

    def test_other_addresses_get_a_404(self, client):
        assert client.get("/metrics", REMOTE_ADDR="203.0.113.9").status_code == 404

    def test_a_token_opens_it_from_anywhere(self, client, settings):
        settings.METRICS_TOKEN = "s3cret-token"
        ok = client.get(
            "/metrics", REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer s3cret-token"
        )
        wrong = client.get("/metrics", REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer x")
        assert ok.status_code == 200
        assert wrong.status_code == 404

    def test_a_visitor_through_a_proxy_on_the_same_host_gets_a_404(self, client, settings):
        settings.TRUSTED_PROXY_HOPS = 1
        response = client.get(
            "/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9"
        )
        assert response.status_code == 404

    def test_a_scraper_through_a_proxy_on_the_same_host_is_allowed(self, client, settings):
        settings.TRUSTED_PROXY_HOPS = 1
        response = client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="::1")
        assert response.status_code == 200

    def test_configured_networks_are_allowed(self, client, settings):
        settings.METRICS_ALLOWED_NETWORKS = ["10.0.0.0/8"]
        assert client.get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 200
        assert client.get("/metrics").status_code == 404

    def test_guesses_are_counted_by_result(self, client: Client):
        with time_machine.travel(datetime(2026, 11, 21, 12, tzinfo=UTC), tick=False):
            DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
            accepted = sample("pokeguess_guesses_total", result="201")
            unknown = sample("pokeguess_guesses_total", result="422")
            client.post("/api/puzzle/21/guesses", {"name": "Bulbasaur"}, "application/json")
            client.post("/api/puzzle/21/guesses", {"name": "Notamon"}, "application/json")
        assert sample("pokeguess_guesses_total", result="201") == accepted + 1
        assert sample("pokeguess_guesses_total", result="422") == unknown + 1

    def test_requests_are_counted_per_view_and_status(self, client):
        before = sample(
            "pokeguess_http_requests_total", view="pages:about", method="GET", status="200"
        )
        client.get("/about/")
        after = sample(
            "pokeguess_http_requests_total", view="pages:about", method="GET", status="200"
        )
        assert after == before + 1

    def test_unknown_methods_share_one_series(self, client):
        before = sample(
            "pokeguess_http_requests_total", view="pages:about", method="other", status="405"
        )
        for number in range(20):
            client.generic(f"RANDOM{number}", "/about/")
        series = {
            point.labels["method"]
            for metric in REGISTRY.collect()
            if metric.name == "pokeguess_http_requests"
            for point in metric.samples
        }
        assert not any(method.startswith("RANDOM") for method in series)
        after = sample(
            "pokeguess_http_requests_total", view="pages:about", method="other", status="405"
        )
        assert after == before + 20

    def test_database_errors_are_counted(self):
        middleware = RequestObservabilityMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
        before = sample("pokeguess_database_errors_total")
        middleware.process_exception(RequestFactory().get("/"), OperationalError("down"))
        middleware.process_exception(RequestFactory().get("/"), ValueError("not a db error"))
        assert sample("pokeguess_database_errors_total") == before + 1

    def test_rate_limit_refusals_are_counted(self):
        before = sample("pokeguess_rate_limited_total", view="api:guesses")
        metrics.observe_request("api:guesses", "POST", 429, 0.01)
        assert sample("pokeguess_rate_limited_total", view="api:guesses") == before + 1


class TestSentry:
    def test_nothing_is_sent_without_a_dsn(self, settings):
        import sentry_sdk  # here, so that collecting the suite need not import it

        assert not settings.SENTRY_DSN
        assert not sentry_sdk.get_client().is_active()

    def test_events_carry_no_personal_data(self):
        event = {
            "request": {
                "url": "https://pokeguess.example/api/stats",
                "cookies": {"pg_player": "secret"},
                "query_string": "lang=de",
                "data": {"name": "Pikachu"},
                "headers": {
                    "Cookie": "pg_player=secret",
                    "User-Agent": "x",
                    "X-Forwarded-For": "1.2.3.4",
                },
                "env": {"REMOTE_ADDR": "1.2.3.4", "SERVER_NAME": "web"},
            },
            "user": {"ip_address": "1.2.3.4"},
        }
        cleaned = scrub(event)
        assert "cookies" not in cleaned["request"]
        assert "data" not in cleaned["request"]
        assert cleaned["request"]["headers"] == {"User-Agent": "x"}
        assert cleaned["request"]["env"] == {"SERVER_NAME": "web"}
        assert "user" not in cleaned
        assert "request_id" in cleaned["tags"]
