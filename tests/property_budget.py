"""How many examples a property test tries: all of them in the full suite, fewer in the
quick one (``-m "not slow"``), which a developer runs between changes. CI runs the full
suite, so every property still meets its whole budget before anything lands."""

from __future__ import annotations

QUICK_SHARE = 4
"""The quick suite tries a quarter of each property's examples."""

quick = False
"""Set by tests/conftest.py when the run leaves the slow tests out."""


def examples(full: int) -> int:
    """The number of examples to try of a property whose full budget is ``full``."""
    return max(5, full // QUICK_SHARE) if quick else full
