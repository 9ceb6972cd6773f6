"""The current request's id, readable from any code (log records, Sentry events)."""

import re
import uuid
from contextvars import ContextVar

request_id: ContextVar[str] = ContextVar("request_id", default="-")

# An id sent by a proxy is kept only if it looks like one: no spaces, no control
# characters, nothing long enough to flood a log line.
_INCOMING = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")


def new_request_id(incoming: str | None = None) -> str:
    if incoming and _INCOMING.match(incoming):
        return incoming
    return uuid.uuid4().hex
