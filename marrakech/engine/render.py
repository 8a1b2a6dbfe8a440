"""A plain-text picture of a position, used by str(state) and the golden playthroughs."""

from __future__ import annotations

from typing import Protocol

from .pieces import Assam, PlayerState, Stack
from .types import SIZE, Colour, Direction, Phase


class Drawable(Protocol):
    """What the picture reads of a position (GameState has all of it)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def current(self) -> int: ...
    @property
    def assam(self) -> Assam: ...
    @property
    def players(self) -> tuple[PlayerState, ...]: ...
    @property
    def stacks(self) -> tuple[Stack, ...]: ...
    def is_neutral(self, colour: Colour) -> bool: ...
    def winners(self) -> tuple[int, ...]: ...


ARROWS = {Direction.N: "^", Direction.E: ">", Direction.S: "v", Direction.W: "<"}
"""Assam's facing as one character."""

_CELL = 4


def render_state(state: Drawable) -> str:
    """The market (letter, stack height, Assam's arrow, '=' and '|' joining halves) and seats.

    Each cell is ``<arrow><letter><height>``: ``R2`` is a red half on a stack of two,
    a lower-case letter a neutral carpet, ``.`` an empty square.
    """
    stacks = state.stacks
    assam_index = state.assam.square[0] * SIZE + state.assam.square[1]
    lines = ["    " + "".join(f" {col}  " for col in range(SIZE)).rstrip()]
    for row in range(SIZE):
        cells = []
        joins_below = []
        for col in range(SIZE):
            index = row * SIZE + col
            stack = stacks[index]
            arrow = ARROWS[state.assam.facing] if index == assam_index else " "
            if stack:
                top = stack[-1]
                letter = top.colour.letter
                if state.is_neutral(top.colour):
                    letter = letter.lower()
                cell = f"{arrow}{letter}{len(stack)}"
            else:
                cell = f"{arrow}. "
            right = stacks[index + 1] if col < SIZE - 1 else ()
            joined = bool(stack and right and right[-1].carpet == stack[-1].carpet)
            cells.append(cell + ("=" if joined else " "))
            below = stacks[index + SIZE] if row < SIZE - 1 else ()
            joins_below.append(bool(stack and below and below[-1].carpet == stack[-1].carpet))
        lines.append(f" {row}  " + "".join(cells).rstrip())
        if row < SIZE - 1:
            lines.append(
                ("    " + "".join(" |  " if j else " " * _CELL for j in joins_below)).rstrip()
            )
    lines.append("")
    lines.append(_status(state))
    for seat, player in enumerate(state.players):
        marker = "*" if seat == state.current and state.phase is not Phase.OVER else " "
        colours = "/".join(c.letter for c in player.colours)
        if player.eliminated:
            detail = "out (bankrupt)"
        else:
            upcoming = f", next {player.top.letter}" if player.top is not None else ""
            detail = f"{player.carpets_left} carpets left{upcoming}"
        lines.append(f"{marker} seat {seat} {colours:<3} {player.money:>3} dirhams  {detail}")
    return "\n".join(lines)


def _status(state: Drawable) -> str:
    row, col = state.assam.square
    where = f"Assam on ({row},{col}) facing {state.assam.facing.name}"
    if state.phase is Phase.OVER:
        winners = ", ".join(str(seat) for seat in state.winners())
        return f"game over, won by seat {winners}; {where}"
    return f"seat {state.current} to {state.phase.value}; {where}"
