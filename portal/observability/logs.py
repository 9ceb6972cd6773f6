"""Logging pieces referenced from ``settings.LOGGING``."""

import logging
import re

from portal.observability.context import request_id

# Line breaks and other control characters, as Python writes them escaped: a request
# path decoded from %0a would otherwise start a forged log line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class RequestIdFilter(logging.Filter):
    """Stamp every record with the id of the request being served ("-" outside one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get()
        return True


class OneLineFormatter(logging.Formatter):
    """The text format: each record's message on its own line, whatever it contains.
    A traceback is appended after the escaping and keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return _CONTROL.sub(
            lambda match: match.group().encode("unicode_escape").decode("ascii"),
            super().formatMessage(record),
        )


def logging_config(log_format: str, level: str) -> dict[str, object]:
    """``text`` (readable, the default) or ``json`` (one object a line, for collectors)."""
    formatter = "json" if log_format.strip().lower() == "json" else "text"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "portal.observability.logs.RequestIdFilter"}},
        "formatters": {
            "text": {
                "()": "portal.observability.logs.OneLineFormatter",
                "format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s",
            },
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
