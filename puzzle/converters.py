"""URL converter for puzzle numbers on every route (API and pages).

``<int:…>`` accepts any number of digits, and a huge number overflows the date
arithmetic (a 500). Six digits reach beyond the year 4700, so longer numbers are simply
not a route: a 404 like any other unknown puzzle.
"""

from django.urls import register_converter

MAX_DIGITS = 6
MAX_PUZZLE_NUMBER = 10**MAX_DIGITS - 1


class PuzzleNumberConverter:
    regex = f"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(PuzzleNumberConverter, "puzzle")
