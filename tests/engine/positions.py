"""A small position builder: a GameState from a readable description.

Each rule test pins one fact with a small drawn position, for example::

    state = build(
        players=3,
        carpets=["B 2.3-2.4", "B 2.2-3.2", ("R", (3, 4), (3, 5))],
        assam="3.3 N",
        phase="roll",
        current=0,
    )

* ``players``: 2, 3 or 4 (seat i owns the engine's colours for that player count).
* ``carpets``: carpets laid in order, later ones on top. Each is ``"B 2.3-2.4"`` (colour
  letter, then two squares ``row.col``), or a tuple ``(colour, square_a, square_b)`` where
  colour is a letter, a name or a Colour. Carpet ids are 0, 1, 2... in this order.
* ``assam``: ``"r.c F"`` or ``((r, c), "F")`` with F one of N, E, S, W.
* ``money``: one number for every seat, or a list per seat.
* ``piles``: per seat, a string of colour letters (top first); by default each seat holds the
  carpets of its colours not yet on the board (alternating colours in 2-player games).
* ``eliminated``: seats that are out (their pile is emptied, their carpets become neutral).

The state is made with ``GameState.from_dict``, so a description that the engine's save
format rejects raises InvalidState here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from marrakech.engine import (
    STATE_FORMAT,
    STATE_VERSION,
    Colour,
    GameState,
    Phase,
    Variant,
    carpets_per_colour,
    colours_for_seat,
)

Square = tuple[int, int]
CarpetSpec = str | tuple[Any, Square, Square]

_LETTERS = {c.name[0]: c for c in Colour}


def colour_of(value: object) -> Colour:
    """A Colour from a letter (R B Y G), a name, or a Colour."""
    if isinstance(value, Colour):
        return value
    if isinstance(value, str):
        text = value.strip().upper()
        if text in _LETTERS:
            return _LETTERS[text]
        return Colour[text]
    raise ValueError(f"not a colour: {value!r}")


def square_of(text: str) -> Square:
    """``"2.3"`` -> (2, 3)."""
    row, col = text.strip().split(".")
    return int(row), int(col)


def carpet_of(spec: CarpetSpec) -> tuple[Colour, Square, Square]:
    """``"B 2.3-2.4"`` or ``("B", (2, 3), (2, 4))`` -> (Colour.BLUE, (2, 3), (2, 4))."""
    if isinstance(spec, str):
        letter, squares = spec.split()
        a, b = squares.split("-")
        return colour_of(letter), square_of(a), square_of(b)
    colour, a, b = spec
    return colour_of(colour), (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))


def assam_of(spec: str | tuple[Square, str]) -> tuple[Square, str]:
    """``"3.3 N"`` or ``((3, 3), "N")`` -> ((3, 3), "N")."""
    if isinstance(spec, str):
        square, facing = spec.split()
        return square_of(square), facing.upper()
    square, facing = spec
    return (int(square[0]), int(square[1])), str(facing).upper()


def market_of(carpets: Iterable[CarpetSpec]) -> list[list[list[list[Any]]]]:
    """The save format's market: 7 rows of 7 stacks of [colour name, carpet id]."""
    market: list[list[list[list[Any]]]] = [[[] for _ in range(7)] for _ in range(7)]
    for carpet_id, spec in enumerate(carpets):
        colour, a, b = carpet_of(spec)
        for row, col in (a, b):
            market[row][col].append([colour.name.lower(), carpet_id])
    return market


def describe(
    *,
    players: int = 3,
    carpets: Sequence[CarpetSpec] = (),
    assam: str | tuple[Square, str] = "3.3 N",
    money: int | Sequence[int] = 30,
    phase: str | Phase = "place",
    current: int = 0,
    variant: str | Variant = "standard",
    piles: Sequence[str] | None = None,
    eliminated: Iterable[int] = (),
    discarded: Sequence[int] | None = None,
    next_carpet: int | None = None,
) -> dict[str, Any]:
    """The save-format dict for a description (see the module docstring)."""
    out = set(eliminated)
    laid = [carpet_of(spec)[0] for spec in carpets]
    moneys = [money] * players if isinstance(money, int) else list(money)
    if len(moneys) != players:
        raise ValueError(f"{len(moneys)} money values for {players} players")
    seats = []
    for seat in range(players):
        colours = colours_for_seat(seat, players)
        if seat in out:
            pile: list[Colour] = []
        elif piles is not None:
            pile = [colour_of(letter) for letter in piles[seat]]
        else:
            left = [max(0, carpets_per_colour(players) - laid.count(c)) for c in colours]
            pile = []
            while any(left):
                for i, colour in enumerate(colours):
                    if left[i] > 0:
                        pile.append(colour)
                        left[i] -= 1
        seats.append(
            {
                "money": moneys[seat],
                "colours": [c.name.lower() for c in colours],
                "pile": [c.name.lower() for c in pile],
                "eliminated": seat in out,
                "discarded": 0 if discarded is None else discarded[seat],
            }
        )
    square, facing = assam_of(assam)
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "variant": variant.value if isinstance(variant, Variant) else variant,
        "phase": phase.value if isinstance(phase, Phase) else phase,
        "current": current,
        "assam": {"square": list(square), "facing": facing},
        "next_carpet": len(carpets) if next_carpet is None else next_carpet,
        "players": seats,
        "market": market_of(carpets),
    }


def build(**description: Any) -> GameState:
    """The GameState for a description (see the module docstring)."""
    return GameState.from_dict(describe(**description))
