"""A Redis cache that degrades to a miss when Redis is down or hangs.

The cache only ever speeds things up (the silhouette PNG, rate-limit counters), so an
unreachable Redis must not take the game down. Every call is bounded by the socket
timeouts in ``CACHES["default"]["OPTIONS"]``; an error counts as a miss, and for a few
seconds afterwards calls skip Redis at once, so a hanging server costs one timeout per
process, not one per request. Readiness (``/readyz``) still reports the outage.
"""

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from portal.observability import metrics

log = logging.getLogger(__name__)
RETRY_AFTER = 5.0  # seconds without Redis after a failure
_down_until: dict[str, float] = {}  # per server, shared by the threads of a process


class ResilientRedisCache(RedisCache):
    _servers: list[str]  # set by RedisCache.__init__

    def _available(self) -> bool:
        return _down_until.get(self._server_key, 0.0) <= time.monotonic()

    @property
    def _server_key(self) -> str:
        return ",".join(self._servers)

    def _failed(self, error: Exception) -> None:
        metrics.CACHE_ERRORS.inc()
        if self._available():
            log.warning("Cache unavailable, serving without it for %ss: %s", RETRY_AFTER, error)
        _down_until[self._server_key] = time.monotonic() + RETRY_AFTER

    def _call(self, name: str, fallback, *args, **kwargs):
        if not self._available():
            return fallback
        try:
            return getattr(super(), name)(*args, **kwargs)
        except (RedisError, OSError) as error:
            self._failed(error)
            return fallback

    def get(self, key, default=None, version=None):
        return self._call("get", default, key, default, version=version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, keys, version=version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, key, version=version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", False, key, value, timeout, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, key, value, timeout, version=version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", list(data), data, timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, key, timeout, version=version)

    def delete(self, key, version=None):
        return self._call("delete", False, key, version=version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", None, keys, version=version)

    def clear(self):
        return self._call("clear", None)

    def incr(self, key, delta=1, version=None):
        missing = object()
        result = self._call("incr", missing, key, delta, version=version)
        if result is missing:
            # The cache API's answer for a key it cannot count.
            raise ValueError(f"Key '{key}' not found (cache unavailable)")
        return result

    def decr(self, key, delta=1, version=None):
        return self.incr(key, -delta, version=version)
