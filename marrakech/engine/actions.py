"""Actions, and their short text notation.

Notation, one token per action:
    ``L`` / ``S`` / ``R``     Orient: turn left, keep straight, turn right
    ``1`` .. ``4``            Roll: the die showed this many marks
    ``c2.3-2.4``              Place: a carpet on (2, 3) and (2, 4)
    ``aL`` / ``aS`` / ``aR``  Aim (variant): turn Assam for the next player
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import IllegalAction, MarrakechError, quoted
from .interning import AIMS, ORIENTS, ROLLS, new_aim, new_orient, new_roll
from .types import Square, Turn

DIE_FACES: tuple[int, ...] = (1, 2, 2, 3, 3, 4)
"""The six faces of the Marrakech die: one 1, two 2s, two 3s, one 4 (the die's one table)."""

DIE_PROBABILITIES: tuple[tuple[int, float], ...] = tuple(
    (value, DIE_FACES.count(value) / len(DIE_FACES)) for value in sorted(set(DIE_FACES))
)
"""Each value the die shows, smallest first, with its probability: (1, 1/6), (2, 1/3)..."""


# Orient(turn), Aim(turn) and Roll(1) to Roll(4) hand back one shared instance each, made
# and checked once at import, so that building one costs a look-up. Any other value, and
# any subclass, is made and checked anew. Copies and pickles come back through the
# constructor (__reduce__), shared in turn. Each __new__ is a function of interning.py,
# which mypyc compiles while these classes stay Python classes (see there why); type
# checkers read the signature declared under TYPE_CHECKING.


@dataclass(frozen=True, slots=True, init=False)
class Orient:
    """Keep Assam's facing or turn him a quarter before the roll."""

    turn: Turn

    if TYPE_CHECKING:

        def __new__(cls, turn: Turn) -> Orient: ...

    else:
        __new__ = new_orient

    def __post_init__(self) -> None:
        _check_turn(self.turn, "Orient")

    def __reduce__(self) -> tuple[type[Orient], tuple[Turn]]:
        return type(self), (self.turn,)

    def __str__(self) -> str:
        return _TURN_LETTERS[self.turn]


@dataclass(frozen=True, slots=True, init=False)
class Roll:
    """The outcome of the die: Assam walks this many squares."""

    value: int

    if TYPE_CHECKING:

        def __new__(cls, value: int) -> Roll: ...

    else:
        __new__ = new_roll

    def __post_init__(self) -> None:
        if type(self.value) is not int:
            raise IllegalAction(f"Roll needs a whole number of steps, not {quoted(self.value)}")

    def __reduce__(self) -> tuple[type[Roll], tuple[int]]:
        return type(self), (self.value,)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Place:
    """Lay a carpet on two orthogonally adjacent squares.

    The pair is unordered: the smaller square (row-major) is always stored as ``a``, so
    ``Place((2, 4), (2, 3)) == Place((2, 3), (2, 4))``.
    """

    a: Square
    b: Square

    def __post_init__(self) -> None:
        a, b = _as_square(self.a), _as_square(self.b)
        if b < a:
            a, b = b, a
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"c{self.a[0]}.{self.a[1]}-{self.b[0]}.{self.b[1]}"


@dataclass(frozen=True, slots=True, init=False)
class Aim:
    """Variant only: after laying a carpet, turn Assam for the next player."""

    turn: Turn

    if TYPE_CHECKING:

        def __new__(cls, turn: Turn) -> Aim: ...

    else:
        __new__ = new_aim

    def __post_init__(self) -> None:
        _check_turn(self.turn, "Aim")

    def __reduce__(self) -> tuple[type[Aim], tuple[Turn]]:
        return type(self), (self.turn,)

    def __str__(self) -> str:
        return "a" + _TURN_LETTERS[self.turn]


def _check_turn(turn: object, name: str) -> None:
    if not isinstance(turn, Turn):
        raise IllegalAction(
            f"{name} needs Turn.LEFT, Turn.STRAIGHT or Turn.RIGHT, not {quoted(turn)}"
        )


def _as_square(square: object) -> Square:
    if (
        isinstance(square, tuple | list)
        and len(square) == 2
        and type(square[0]) is int
        and type(square[1]) is int
    ):
        return (square[0], square[1])
    raise IllegalAction(f"a square is (row, col) in whole numbers, not {quoted(square)}")


# The shared values are the first ones made (while the tables are still empty).
ORIENTS.update({turn: Orient(turn) for turn in Turn})
AIMS.update({turn: Aim(turn) for turn in Turn})
ROLLS.update({value: Roll(value) for value in sorted(set(DIE_FACES))})


Action = Orient | Roll | Place | Aim
"""Any action a GameState accepts."""

_TURN_LETTERS = {Turn.LEFT: "L", Turn.STRAIGHT: "S", Turn.RIGHT: "R"}
_LETTER_TURNS = {letter: turn for turn, letter in _TURN_LETTERS.items()}
_PLACE_RE = re.compile(r"c([0-6])\.([0-6])-([0-6])\.([0-6])", re.ASCII)


def parse_action(text: str) -> Action:
    """Read one action written in this module's notation (``L``, ``3``, ``c2.3-2.4``,
    ``aR``); ``str(action)`` writes it back. MarrakechError for any other text.

    One action at a time: a save's ``moves`` writes each turn as one token (``L3c2.3-2.4``,
    docs/save-format.md), which ``marrakech.games.records.parse_turns`` reads."""
    token = text.strip()
    if token in _LETTER_TURNS:
        return Orient(_LETTER_TURNS[token])
    if len(token) == 2 and token[0] == "a" and token[1] in _LETTER_TURNS:
        return Aim(_LETTER_TURNS[token[1]])
    if token in ("1", "2", "3", "4"):
        return Roll(int(token))
    match = _PLACE_RE.fullmatch(token)
    if match:
        r1, c1, r2, c2 = (int(g) for g in match.groups())
        return Place((r1, c1), (r2, c2))
    raise MarrakechError(
        f"cannot read action {quoted(text)}: expected L, S, R, a die value 1-4, "
        "a carpet like c2.3-2.4 or an aim like aL"
    )


def turn_bounds(actions: Sequence[Action]) -> tuple[tuple[int, int], ...]:
    """The turns of a run of actions, as (start, end) index pairs (end exclusive).

    A turn begins with an Orient, or with a Roll not preceded by an Orient (the aim
    variants: Roll, Place, Aim). Anything before the first such action is a turn of its own.
    """
    bounds: list[tuple[int, int]] = []
    start = 0
    for index, action in enumerate(actions):
        begins = isinstance(action, Orient) or (
            isinstance(action, Roll) and (index == 0 or not isinstance(actions[index - 1], Orient))
        )
        if begins and index > start:
            bounds.append((start, index))
            start = index
    if start < len(actions):
        bounds.append((start, len(actions)))
    return tuple(bounds)
