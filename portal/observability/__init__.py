"""What operators see: one log line per request with a request id, Prometheus
metrics at ``/metrics`` and optional error reports to Sentry (docs/observability.md).

Nothing here stores or sends a raw cookie, and a client's address is only logged
when ``LOG_CLIENT_IP`` is set.
"""
