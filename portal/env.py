"""Typed environment variables for the settings, read with django-environ.

``Env`` is ``environ.Env`` with two changes, so that a value means what it says:

- A value is taken as written. django-environ reads a value starting with ``$`` as the
  name of another variable to read instead, and a generated secret may start with ``$``
  (django-environ issue #415).
- A value that does not parse stops the start with the variable's name and the value
  (``ImproperlyConfigured``), instead of a bare ``ValueError``.
"""

from typing import Any

import environ
from django.core.exceptions import ImproperlyConfigured

KINDS = {int: "a whole number", float: "a number", bool: "a boolean"}


class Env(environ.Env):
    def get_value(
        self,
        var: str,
        cast: Any = None,
        default: Any = environ.Env.NOTSET,
        parse_default: bool = False,
    ) -> Any:
        raw = self.ENVIRON.get(f"{self.prefix}{var}")
        if cast is None and default is not None and default is not self.NOTSET:
            cast = type(default)  # as django-environ's smart cast
        try:
            if raw is not None and raw.startswith("$"):
                return self.parse_value(raw, cast)
            return super().get_value(var, cast=cast, default=default, parse_default=parse_default)
        except (ValueError, TypeError) as error:
            kind = KINDS.get(cast, "a valid value") if isinstance(cast, type) else "a valid value"
            raise ImproperlyConfigured(f"{var} must be {kind}, not {raw!r}.") from error

    def items(self, var: str, default: list[str]) -> list[str]:
        """A comma-separated list, each item stripped, empty ones left out."""
        return [item for item in self.list(var, cast=str.strip, default=default) if item]
