"""docs/engine-api.md lists what the engine exports, as its source documents it."""

from __future__ import annotations

from pathlib import Path

from project_scripts import script

import marrakech.engine

ROOT = Path(__file__).resolve().parents[2]
HINT = "run `uv run python scripts/engine_api.py --write` and review the diff"


ENGINE_API = script("engine_api")


def test_the_api_page_is_up_to_date() -> None:
    assert (ROOT / "docs" / "engine-api.md").read_text(encoding="utf-8") == ENGINE_API.page(), HINT


def test_the_page_names_everything_the_engine_exports_and_nothing_else() -> None:
    page = ENGINE_API.page()
    headings = [line for line in page.splitlines() if line.startswith("## `")]
    assert len(headings) == len(marrakech.engine.__all__)
    for name in marrakech.engine.__all__:
        assert any(h.startswith((f"## `{name}`", f"## `{name}(")) for h in headings), name
    assert "(no docstring)" not in page and "(a constant)" not in page
