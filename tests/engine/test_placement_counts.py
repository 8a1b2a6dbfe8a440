"""The placement-count table: the engine agrees with counts established without it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marrakech.engine import GameState, Phase, Variant, new_game, parse_action

from .placement_table import BUILT, TABLE, reference_position
from .positions import build
from .reference import ref_legal

ENTRIES: list[dict[str, Any]] = json.loads(TABLE.read_text())


def engine_position(entry: dict[str, Any]) -> GameState:
    if "builder" in entry:
        return build(**entry["builder"])
    game = entry["game"]
    state = new_game(game["players"], seed=game["seed"], variant=Variant(game["variant"]))
    for text in game["actions"].split():
        state = state.apply(parse_action(text))
    return state


def test_the_table_has_about_twenty_positions_with_edge_cases() -> None:
    assert len(ENTRIES) >= 20
    assert sum("hand" in e for e in ENTRIES) >= 10
    assert sum("game" in e for e in ENTRIES) >= 5
    assert len({e["name"] for e in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_the_stored_count_is_the_brute_force_count(entry: dict[str, Any]) -> None:
    assert len(ref_legal(reference_position(entry))) == entry["count"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_the_engine_agrees(entry: dict[str, Any]) -> None:
    state = engine_position(entry)
    assert state.phase is Phase.PLACE
    placements = state.legal_placements()
    assert len(placements) == entry["count"]
    assert {str(p) for p in placements} == ref_legal(reference_position(entry))
    assert len(set(placements)) == len(placements)  # no duplicates


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_engine_and_reference_reach_the_same_position(entry: dict[str, Any]) -> None:
    assert engine_position(entry).to_dict() == reference_position(entry)


def test_the_built_positions_in_the_file_are_up_to_date() -> None:
    """The builder entries match placement_table.BUILT (the game entries are fixed data:
    their action strings came from seeded games once and are replayed, not regenerated)."""
    stored = [{k: v for k, v in e.items() if k != "count"} for e in ENTRIES if "builder" in e]
    assert stored == json.loads(json.dumps(BUILT)), (
        "run: uv run python -m tests.engine.placement_table (and review the diff)"
    )
