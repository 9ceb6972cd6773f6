"""Error reports to Sentry, only when ``SENTRY_DSN`` is set, and with no personal data."""

from typing import Any

from portal.observability.context import request_id

# Request parts that could identify a visitor; never sent.
_PRIVATE_HEADERS = {"cookie", "authorization", "x-forwarded-for", "x-real-ip", "forwarded"}


def scrub(event: dict[str, Any], hint: object = None) -> dict[str, Any]:
    request = event.get("request") or {}
    request.pop("cookies", None)
    request.pop("data", None)
    request.pop("query_string", None)
    headers = request.get("headers")
    if isinstance(headers, dict):
        request["headers"] = {k: v for k, v in headers.items() if k.lower() not in _PRIVATE_HEADERS}
    env = request.get("env")
    if isinstance(env, dict):
        env.pop("REMOTE_ADDR", None)
    event.pop("user", None)
    event.setdefault("tags", {})["request_id"] = request_id.get()
    return event


def init_sentry(dsn: str, environment: str, release: str, traces_sample_rate: float) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        integrations=[DjangoIntegration()],
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
        before_send=scrub,  # type: ignore[arg-type]
        max_request_body_size="never",
    )
