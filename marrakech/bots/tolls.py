"""Where Assam can land and what it would cost: the expected-toll arithmetic bots share.

Everything here goes through the engine's ``walk`` and ``GameState.toll_at``; the table
only remembers ``walk``'s answers so a bot does not ask for them on every decision.
"""

from __future__ import annotations

from marrakech.engine import DIE_PROBABILITIES, SQUARES, Direction, GameState, Square, walk

Landing = tuple[Square, float]
"""A square Assam may end on, with its probability."""

LANDINGS: dict[tuple[Square, Direction], tuple[Landing, ...]] = {
    (square, facing): tuple(
        (walk(square, facing, value)[0], probability) for value, probability in DIE_PROBABILITIES
    )
    for square in SQUARES
    for facing in Direction
}
"""For Assam on a square with a facing: each die outcome's landing square and probability."""


def expected_toll(
    state: GameState, payer: int, facing: Direction, payee: int | None = None
) -> float:
    """The toll ``payer`` expects to be charged when Assam, facing this way, is rolled.

    With ``payee`` given, only tolls paid to that seat count.
    """
    total = 0.0
    for square, probability in LANDINGS[state.assam.square, facing]:
        toll, owner = state.toll_at(square, payer)
        if payee is None or owner == payee:
            total += probability * toll
    return total
