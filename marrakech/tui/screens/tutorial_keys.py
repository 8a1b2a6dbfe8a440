"""The lessons' keys and their carpet, beside the lessons' screen (``tutorial.py``).

``LESSON_KEYS`` are the screen's bindings and ``ACTS`` says in which steps each key that
tries something acts; ``picked_again`` is what a way's key says when that way is picked
already. The carpet a learner moves about goes anywhere on the market, legal or not (the
rules are tried when it is laid): ``moved``, ``rotated`` and ``over`` move it.
"""

from __future__ import annotations

from textual.binding import Binding

from marrakech.engine import SIZE, GameState, Place, Square, Turn
from marrakech.games.language import N_, _
from marrakech.games.words import STRAIGHT_ON, way_words
from marrakech.tutorial.lessons import PICKED_AGAIN, How

LESSON_KEYS: tuple[Binding, ...] = (
    Binding("left", "turn('left')", N_("Left")),
    Binding("right", "turn('right')", N_("Right")),
    Binding("up", "turn('straight')", N_("Ahead")),
    Binding("down", "turn_around", N_("U-turn"), show=False),
    # Where Assam already faces his way, a turn key says so (as the text mode does).
    Binding("left,right", "already_facing", "", show=False),
    # A way's key pressed again, that way picked already: the lesson says so.
    Binding("left", "picked_again('left')", "", show=False),
    Binding("right", "picked_again('right')", "", show=False),
    Binding("up", "picked_again('straight')", "", show=False),
    Binding("left", "move_carpet('left')", N_("Carpet left"), show=False),
    Binding("right", "move_carpet('right')", N_("Carpet right"), show=False),
    Binding("up", "move_carpet('up')", N_("Carpet up"), show=False),
    Binding("down", "move_carpet('down')", N_("Carpet down"), show=False),
    Binding("r", "rotate", N_("Rotate")),
    Binding("space", "rotate", N_("Rotate"), show=False),
    Binding("enter", "roll", N_("Roll")),
    Binding("enter", "lay", N_("Lay")),
    Binding("enter", "answer", N_("Answer")),
    Binding("enter", "next", N_("Next")),
    Binding("enter", "practice", N_("Play")),
    *(Binding(str(digit), f"type_digit({digit})", N_("Type"), show=False) for digit in range(10)),
    Binding("backspace", "erase", N_("Erase"), show=False),
    Binding("b", "back", N_("Back")),
    Binding("n", "skip", N_("Skip lesson")),
    Binding("escape", "leave", N_("Leave")),
    Binding("q", "leave", N_("Leave"), show=False),
)
"""The lessons' keys (several share a key: ``check_action`` picks the one that acts)."""

LESSON_LETTERS = frozenset({"b", "n"})
"""The letters that move through the lessons; any other letter typed for an answer is
only a wrong try (q, which leaves elsewhere, too), and so are these once an answer is
under way (``LESSON_MOVES`` dim then)."""

LESSON_MOVES = frozenset({"back", "skip"})
"""The actions of ``LESSON_LETTERS``: they wait while an answer is typed."""

ACTS = {
    "turn": (How.TURN,),
    "turn_around": (How.TURN,),
    "already_facing": (How.ROLL,),
    "picked_again": (How.TURN,),
    "roll": (How.TURN, How.ROLL),
    "move_carpet": (How.LAY,),
    "rotate": (How.LAY,),
    "lay": (How.LAY,),
    "answer": (How.ANSWER,),
    "type_digit": (How.ANSWER,),
    "erase": (How.ANSWER,),
}
"""The keys that try something, and the steps they act in."""

WAYS: dict[str, Square] = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
"""The ways the carpet moves, as (row, col) steps."""

MAX_DIGITS = 2
"""The longest answer a lesson asks for."""


def picked_again(state: GameState, turn: Turn) -> str:
    """What a lesson says to the key of ``turn`` pressed while that way is picked already:
    Assam goes that way, a turn is no more than a quarter, and the keys that do act."""
    way = way_words(turn, state.assam.facing, straight=STRAIGHT_ON)
    return _(PICKED_AGAIN[turn]).format(way=way)


def on_market(square: Square) -> bool:
    """True for a square of the market."""
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def moved(carpet: Place, way: str) -> Place | None:
    """The carpet one square ``way``; None at the market's edge."""
    d_row, d_col = WAYS[way]
    squares = [(row + d_row, col + d_col) for row, col in (carpet.a, carpet.b)]
    return Place(*squares) if all(on_market(square) for square in squares) else None


def rotated(carpet: Place) -> Place:
    """The carpet turned a quarter round its first square (the other way at the edge)."""
    (row, col), vertical = carpet.a, carpet.a[1] == carpet.b[1]
    for other in ((row, col + 1), (row, col - 1)) if vertical else ((row + 1, col), (row - 1, col)):
        if on_market(other):
            return Place(carpet.a, other)
    return carpet


def over(carpet: Place, square: Square) -> Place:
    """The carpet moved to cover ``square``, lying the same way when it fits there."""
    d_row, d_col = carpet.b[0] - carpet.a[0], carpet.b[1] - carpet.a[1]
    for other in ((square[0] + d_row, square[1] + d_col), (square[0] - d_row, square[1] - d_col)):
        if on_market(other):
            return Place(square, other)
    return carpet
