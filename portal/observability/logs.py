"""Logging pieces referenced from ``settings.LOGGING``."""

import logging

from portal.observability.context import request_id


class RequestIdFilter(logging.Filter):
    """Stamp every record with the id of the request being served ("-" outside one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get()
        return True


def logging_config(log_format: str, level: str) -> dict[str, object]:
    """``text`` (readable, the default) or ``json`` (one object a line, for collectors)."""
    formatter = "json" if log_format.strip().lower() == "json" else "text"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "portal.observability.logs.RequestIdFilter"}},
        "formatters": {
            "text": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"},
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            },
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": formatter,
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Our request log replaces Django's own 4xx warnings; errors still come through.
            "django.request": {"level": "ERROR"},
            "django.server": {"level": "ERROR"},
            "portal.requests": {"level": "INFO"},
        },
    }
