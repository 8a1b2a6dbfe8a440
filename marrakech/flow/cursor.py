"""The choosing cursors: which turn and which carpet a person has picked, before it is played.

Pure functions over the engine's legal moves, so every front end moves the same cursor
the same way: the arrow keys of the full-screen game, the words of the text mode.
A cursor only ever lands on a legal choice; None means there is nothing that way.
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import SIZE, Aim, GameState, Orient, Place, Square, Turn
from marrakech.games.language import N_, _

WAYS: dict[str, Square] = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
"""The four ways a carpet cursor moves, as (row, col) steps."""


# -- the turn cursor (orienting and aiming) ----------------------------------------------


def turn_choices(state: GameState) -> tuple[Turn, ...]:
    """The turns the engine allows now (Orient or Aim), left to right."""
    return tuple(
        action.turn for action in state.legal_actions() if isinstance(action, Orient | Aim)
    )


def default_turn(state: GameState) -> Turn | None:
    """The turn picked before a person chooses: straight ahead when allowed, else none."""
    return Turn.STRAIGHT if Turn.STRAIGHT in turn_choices(state) else None


NO_UTURN = N_("No U-turn: ← left, → right or ↑ ahead.")
"""What the key ↓ says while a player chooses Assam's way (one line of the status)."""


_TURNS = {"left": Turn.LEFT, "right": Turn.RIGHT, "straight": Turn.STRAIGHT}
"""The turn each way a key or a word picks."""


def turned(state: GameState, current: Turn | None, way: str) -> Turn | None:
    """The turn that ``way`` ("left", "right" or "straight") picks: that way, whatever was
    picked before (a hint's right, then left, is left: it went straight ahead, one step
    back, where the keys and the risk table's rows say left). None when that way is no
    choice here (Assam never turns back; an aim must turn) or is picked already.
    """
    wanted = _TURNS[way]
    return wanted if wanted in turn_choices(state) and wanted is not current else None


def why_not_turned(current: Turn | None, way: str) -> str | None:
    """Why ``way``'s key does nothing when it is the way picked now (``current``: before a
    person picks, straight ahead), "picked already"; None for another way."""
    # Translators: why the key of a way does nothing: it is the way picked (the help's
    # keys: "Ahead (picked already)").
    return _("picked already") if _TURNS[way] is current else None


# -- the carpet cursor ---------------------------------------------------------------------


def _centre(place: Place) -> tuple[float, float]:
    return (place.a[0] + place.b[0]) / 2, (place.a[1] + place.b[1]) / 2


def is_vertical(place: Place) -> bool:
    """True for a carpet lying along a column."""
    return place.a[1] == place.b[1]


def _distance(first: tuple[float, float], second: tuple[float, float]) -> float:
    return abs(first[0] - second[0]) + abs(first[1] - second[1])


def first_carpet(state: GameState) -> Place | None:
    """The legal carpet nearest the two squares straight ahead of Assam."""
    (row, col), facing = state.assam
    d_row, d_col = facing.delta
    ahead = (row + 1.5 * d_row, col + 1.5 * d_col)
    return min(state.legal_placements(), key=lambda p: _distance(_centre(p), ahead), default=None)


def moved_carpet(state: GameState, carpet: Place, way: str) -> Place | None:
    """The nearest legal carpet in ``way`` (a key of WAYS) from ``carpet``.

    Nearest counts the distance along the way, twice the distance across it, and a
    quarter square for lying the other way, so the cursor keeps its line and direction.
    """
    d_row, d_col = WAYS[way]
    row, col = _centre(carpet)
    best: tuple[float, Place] | None = None
    for place in state.legal_placements():
        p_row, p_col = _centre(place)
        along = (p_row - row) * d_row + (p_col - col) * d_col
        if place == carpet or along <= 0:
            continue
        across = abs((p_row - row) * d_col - (p_col - col) * d_row)
        score = along + 2 * across + (0.25 if is_vertical(place) != is_vertical(carpet) else 0)
        if best is None or score < best[0]:
            best = (score, place)
    return None if best is None else best[1]


def shifted_carpet(carpet: Place, way: str) -> Place | None:
    """``carpet`` one square ``way`` (a key of WAYS), legal or not; None off the market."""
    d_row, d_col = WAYS[way]
    a, b = ((row + d_row, col + d_col) for row, col in (carpet.a, carpet.b))
    if not all(0 <= n < SIZE for n in (*a, *b)):
        return None
    return Place(a, b)


def rotated_carpet(state: GameState, carpet: Place) -> Place | None:
    """The nearest legal carpet lying the other way, sharing a square when possible."""
    others = [p for p in state.legal_placements() if is_vertical(p) != is_vertical(carpet)]
    sharing = [p for p in others if {p.a, p.b} & {carpet.a, carpet.b}]
    return min(
        sharing or others, key=lambda p: _distance(_centre(p), _centre(carpet)), default=None
    )


def cycled_carpet(state: GameState, carpet: Place | None, step: int) -> Place | None:
    """The legal carpet ``step`` places on from ``carpet`` in the engine's order, wrapping."""
    placements: Sequence[Place] = state.legal_placements()
    if not placements:
        return None
    index = placements.index(carpet) if carpet in placements else -1
    return placements[(index + step) % len(placements)]


def carpet_over(state: GameState, square: Square, current: Place | None) -> Place:
    """The carpet a pointer over ``square`` means, with ``current`` the carpet picked now.

    ``current`` itself when it covers the square; else a legal carpet covering it, lying
    the way ``current`` lies when one does. With no legal carpet over the square, the one
    that starts there that way (or reaches back at the market's edge): illegal, for
    showing why (``state.why_illegal``).
    """
    if current is not None and square in (current.a, current.b):
        return current
    vertical = current is not None and is_vertical(current)
    covering = [p for p in state.legal_placements() if square in (p.a, p.b)]
    if covering:
        return min(covering, key=lambda p: is_vertical(p) != vertical)
    row, col = square
    if vertical:
        other = (row + 1, col) if row + 1 < SIZE else (row - 1, col)
    else:
        other = (row, col + 1) if col + 1 < SIZE else (row, col - 1)
    return Place(square, other)
