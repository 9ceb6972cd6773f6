"""Rate limits that protect the game without locking everyone out (docs/security.md).

- They key on the real client: behind ``TRUSTED_PROXY_HOPS`` proxies the address comes
  from ``X-Forwarded-For``; a missing address (a Unix socket) is one shared bucket, not
  a 500.
- Every budget is counted per player and per client, and guesses of real Pokémon and
  junk (unknown names) have separate budgets, so a typo spree cannot use up the game.
- Counters live in the ``ratelimit`` cache alias, shared by every worker (Redis, or a
  directory on one machine), so a limit holds once, not once per worker.
- When that cache is down or hangs the limits fail open: each cache call gives up
  within its short socket timeout, and the next few seconds skip the cache entirely.
"""

import ipaddress
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

logger = logging.getLogger("portal.ratelimits")

# Budgets per client address and per player. A school behind one address is many
# players: the client budgets are several players' worth.
BUDGETS = {
    "guess": {"player": "30/m", "client": "300/m"},
    "junk": {"player": "30/m", "client": "120/m"},
    # Failed admin sign-ins, counted per account and client address (the "player" key)
    # and per client across accounts (portal.admin_login).
    "login": {"player": "5/15m", "client": "20/15m"},
    # Practice rounds (puzzle/api/views.py), per client.
    "practice-start": {"client": "30/m"},
    "practice-guess": {"client": "120/m"},
    # Transfer codes (puzzle/services/transfer.py): asking for one, and typing one in,
    # which is where guessing would happen.
    "transfer": {"player": "10/h", "client": "60/h"},
    "transfer-redeem": {"client": "20/h"},
    # Names, reports and leagues (puzzle/boards.py): every change of any of them.
    "community": {"player": "60/h", "client": "600/h"},
}
UNKNOWN_CLIENT = "0.0.0.0"
FAIL_OPEN_SECONDS = 10.0

_cache_down_until = 0.0
_warned_shared_bucket = False


def client_ip(request: HttpRequest) -> str:
    """The client's address (``RATELIMIT_IP_META_KEY``).

    Each trusted proxy appends the address it received the request from to
    ``X-Forwarded-For``, so with N trusted hops the client is the N-th entry from the
    right; anything further left was written by the client and is not trusted.
    """
    hops = settings.TRUSTED_PROXY_HOPS
    candidate = request.META.get("REMOTE_ADDR") or ""
    if not candidate and not hops:
        _warn_shared_bucket()
    if hops > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if forwarded:
            candidate = forwarded[-hops] if len(forwarded) >= hops else forwarded[0]
    try:
        return str(ipaddress.ip_address(candidate.split("%", 1)[0]))
    except ValueError:
        return UNKNOWN_CLIENT


def _warn_shared_bucket() -> None:
    """Once per process: no address and no trusted proxy means gunicorn listens on a
    Unix socket behind a proxy that nobody declared, and every client shares one
    rate-limit bucket. Seen at the first request, whatever way gunicorn was told to
    bind (docs/security.md "Rate limits")."""
    global _warned_shared_bucket
    if _warned_shared_bucket:
        return
    _warned_shared_bucket = True
    logger.error(
        "Requests arrive without a client address (gunicorn on a Unix socket?) and "
        "TRUSTED_PROXY_HOPS is 0: every client shares one rate-limit bucket. Set "
        "TRUSTED_PROXY_HOPS to the number of proxies in front of gunicorn."
    )


def _guarded(check: Callable[[], bool]) -> bool:
    """Run a cache-backed check; if the cache fails, allow (fail open) and remember."""
    global _cache_down_until
    if not settings.RATELIMIT_ENABLE or time.monotonic() < _cache_down_until:
        return False
    try:
        return check()
    except Exception:
        _cache_down_until = time.monotonic() + FAIL_OPEN_SECONDS
        logger.warning("Rate-limit cache unavailable: limits are open for now", exc_info=True)
        return False


def _usages(request: HttpRequest, budget: str, player_key: str | None, increment: bool):
    rates = BUDGETS[budget]
    yield get_usage(
        request, group=f"{budget}-client", key="ip", rate=rates["client"], increment=increment
    )
    if player_key is not None:
        yield get_usage(
            request,
            group=f"{budget}-player",
            key=lambda _group, _request: player_key,
            rate=rates["player"],
            increment=increment,
        )


def hit(request: HttpRequest, budget: str, player_key: str | None) -> bool:
    """Count one request against ``budget``; True when it is over the limit."""

    def check() -> bool:
        usages = list(_usages(request, budget, player_key, increment=True))
        return any(usage and usage["should_limit"] for usage in usages)

    return _guarded(check)


def exhausted(request: HttpRequest, budget: str, player_key: str | None) -> bool:
    """True when ``budget`` is used up, without counting this request."""

    def check() -> bool:
        for usage in _usages(request, budget, player_key, increment=False):
            if usage and usage["count"] >= usage["limit"]:
                return True
        return False

    return _guarded(check)


def reset_fail_open() -> None:
    """Forget an earlier cache failure (tests)."""
    global _cache_down_until
    _cache_down_until = 0.0
