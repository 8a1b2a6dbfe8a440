"""Small helpers shared by the rule tests."""

from __future__ import annotations

from typing import Any

from marrakech.engine import GameState, Roll, Transition

from .positions import build


def landing(square: tuple[int, int], **description: Any) -> Transition:
    """Roll a 1 that brings Assam onto ``square`` from a neighbour; the position is built
    from ``description`` in the ROLL phase with Assam one step away."""
    row, col = square
    start = f"{row - 1}.{col} S" if row > 0 else f"{row + 1}.{col} N"
    state = build(assam=start, phase="roll", **description)
    return state.transition(Roll(1))


def moneys(state: GameState) -> list[int]:
    return [p.money for p in state.players]
