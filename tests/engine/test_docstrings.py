"""The examples in the engine's docstrings run and show what they say (``>>>`` lines)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "marrakech" / "engine"
MODULES = sorted(
    "marrakech.engine" + ("" if path.stem == "__init__" else f".{path.stem}")
    for path in ENGINE.glob("*.py")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_run(name: str) -> None:
    results = doctest.testmod(importlib.import_module(name), report=True, verbose=False)
    assert results.failed == 0, f"{results.failed} examples in {name} failed (output above)"


def test_every_example_in_the_sources_is_run() -> None:
    """A docstring doctest cannot see (e.g. in a module compiled by mypyc) would go untested."""
    written = sum(
        line.lstrip().startswith(">>>")
        for path in ENGINE.glob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
    )
    run = sum(doctest.testmod(importlib.import_module(name)).attempted for name in MODULES)
    assert written >= 1  # the package's own example
    assert run == written
