"""Where Assam is likely to stop over the next few rolls: the table the expert bot reads.

From Assam on a square with a facing fixed for the coming roll, ``stops(square, facing)``
gives, for the coming roll and each one after it, the chance of stopping on each square.
Later movers are assumed to turn left, go straight or turn right with equal chances; the
die and the walk (border loops included) are the engine's.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from marrakech.engine import DIE_PROBABILITIES, SIZE, SQUARES, Direction, Square, Turn, walk

ROLLS_AHEAD = 6
"""How many rolls ahead the table looks."""

Stops = tuple[tuple[int, float], ...]
"""Square index (``row * 7 + col``) and the chance of stopping there, for one roll."""

_CHANCES_KEPT = 1e-4
"""Chances below this are dropped from the table (they change no decision)."""


def _index(square: Square) -> int:
    return square[0] * SIZE + square[1]


_FACINGS = tuple(Direction)


def _state(square: Square, facing: Direction) -> int:
    """Assam on a square with a facing, as one number (the table's walks are kept by it)."""
    return _index(square) * len(_FACINGS) + _FACINGS.index(facing)


_WALKS: tuple[tuple[tuple[int, float], ...], ...] = tuple(
    tuple(
        (_state(*walk(square, facing, value)), probability)
        for value, probability in DIE_PROBABILITIES
    )
    for square in SQUARES
    for facing in _FACINGS
)
"""For each state (``_state``): each die outcome's state after the walk, and its chance."""

_TURNED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(_state(square, facing.turned(turn)) for turn in turns)
        for square in SQUARES
        for facing in _FACINGS
    )
    for turns in ((Turn.STRAIGHT,), tuple(Turn))
)
"""For the coming roll (facing fixed) and each later one (any turn): the states Assam may
set out from."""


def _stops_from(square: Square, facing: Direction) -> tuple[Stops, ...]:
    """The stop chances of the coming roll and of each later one, up to ROLLS_AHEAD."""
    standing: dict[int, float] = {_state(square, facing): 1.0}
    rolls: list[Stops] = []
    for roll in range(ROLLS_AHEAD):
        turned = _TURNED[min(roll, 1)]
        turns = len(turned[0])
        landed: dict[int, float] = defaultdict(float)
        for state, chance in standing.items():
            for setting_out in turned[state]:
                for landing, probability in _WALKS[setting_out]:
                    landed[landing] += chance * probability / turns
        by_square: dict[int, float] = defaultdict(float)
        for state, chance in landed.items():
            by_square[state // len(_FACINGS)] += chance
        rolls.append(tuple((i, c) for i, c in sorted(by_square.items()) if c >= _CHANCES_KEPT))
        standing = landed
    return tuple(rolls)


@cache
def stops(square: Square, facing: Direction) -> tuple[Stops, ...]:
    """For Assam on a square, facing fixed for the coming roll: the stop chances of each roll.

    Worked out the first time a position asks (a few milliseconds), then remembered.
    """
    return _stops_from(square, facing)


_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _index(other)
        for other in SQUARES
        if abs(other[0] - square[0]) + abs(other[1] - square[1]) == 1
    )
    for square in SQUARES
)


@cache
def pressure(square: Square, facing: Direction) -> tuple[float, ...]:
    """Per square index: how many stops of Assam beside it to expect over the rolls ahead.

    Carpets are laid beside Assam, so a square with a high pressure is likely to be covered.
    """
    near = [0.0] * len(SQUARES)
    for roll in stops(square, facing):
        for index, chance in roll:
            for beside in _NEIGHBOURS[index]:
                near[beside] += chance
    return tuple(near)
