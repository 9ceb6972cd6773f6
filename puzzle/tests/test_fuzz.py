"""Fuzz the API from its OpenAPI document with schemathesis (``-m fuzz``).

Runs through Django's WSGI app in the test process, with a CSRF token so writes reach
the view. Checks: never a 5xx, documented status codes, content types and schemas, and no request
the document allows refused as malformed.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from puzzle.tests.examples import examples

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())

CSRF = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"  # a 32-character secret, as the cookie holds
# What a request the document allows may get: success, a redirect to the canonical URL
# (docs/scaling.md), or a refusal of the game's rules or state (no such puzzle, game
# over, not a Pokémon, rate limited); never 400, which says the request was malformed.
ACCEPTED = {200, 201, 204, 301, 302, 403, 404, 409, 422, 429}


def documented_requests_are_accepted(ctx, response, case) -> None:
    """schemathesis's ``positive_data_acceptance`` with this API's refusals: the document
    allows no request that the server turns down as invalid."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if response.status_code not in ACCEPTED:
        raise AssertionError(
            f"{case.method} {case.formatted_path} with {case.body!r} is allowed by the "
            f"document but answered {response.status_code}: {response.text[:200]}"
        )


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    documented_requests_are_accepted,
]


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    # Django's test client does the same: a request's end must not close the database
    # connection that holds the test's transaction (PostgreSQL would lose it).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.fuzz
@pytest.mark.django_db
@schema.parametrize()
@settings(
    # Past ten, the quick sweep finds nothing new; `make fuzz` tries many more.
    max_examples=examples(10),
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_survives_generated_requests(case):
    case.call_and_validate(
        # identity: the checks read bodies as sent, and brotli is not decoded for them.
        headers={"X-CSRFToken": CSRF, "Accept-Encoding": "identity"},
        cookies={"csrftoken": CSRF},
        checks=CHECKS,
    )
