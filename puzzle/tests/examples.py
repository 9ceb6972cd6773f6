"""How many examples the generated tests try (schemathesis, Hypothesis).

The suite runs a quick sweep. ``make fuzz`` (run by CI too) sets
``HYPOTHESIS_DEPTH`` and tries that many times as many examples.
"""

import os

DEPTH = max(1, int(os.environ.get("HYPOTHESIS_DEPTH") or 1))


def examples(quick: int) -> int:
    """The number of examples for a test that tries ``quick`` in the plain suite."""
    return quick * DEPTH
