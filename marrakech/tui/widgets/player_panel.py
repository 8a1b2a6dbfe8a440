"""One seat at the table: name, colours, dirhams (as coins too), carpets, squares and score."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from marrakech.engine import Colour, GameState, Phase
from marrakech.tui.palette import carpet_style

_TIMES = "\N{MULTIPLICATION SIGN}"


def coins(money: int) -> tuple[int, int]:
    """A sensible split of dirhams into (fives, ones), keeping five 1s for change.

    30 is five 5s and five 1s, as at the start of the game.
    """
    fives = max(0, money - 5) // 5
    return fives, money - 5 * fives


def _row(left: Text, right: str) -> Table:
    """One line: text on the left, a figure on the right."""
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    grid.add_column(justify="right", no_wrap=True, min_width=len(right))
    grid.add_row(left, right)
    return grid


class PlayerPanel(Static):
    """A seat's panel; ``show`` redraws it. The player to move gets the -current class."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"player--gain", "player--loss"}

    def __init__(self, seat: int, name: str, level: str | None, *, id: str | None = None) -> None:
        """The panel of a seat, with the player's name and its computer level (None when
        a person plays it)."""
        super().__init__(id=id)
        self.seat = seat
        self.player_name = name
        self.level = level
        self._shown: object = None

    def show(self, state: GameState, change: int = 0, name: str | None = None) -> None:
        """Draw the seat in this position; ``change`` is the dirhams the last toll moved;
        ``name`` the player's name, when it has changed (a network game's player)."""
        if name is not None:
            self.player_name = name
        player = state.players[self.seat]
        score = state.scores()[self.seat]
        current = state.current == self.seat and state.phase is not Phase.OVER
        shown = (player, score, current, change, self.player_name)
        if shown == self._shown:
            return
        first = self._shown is None
        self._shown = shown
        self.set_class(current, "-current")
        self.set_class(player.eliminated, "-out")
        title = Text.assemble(("▶ " if current else "  "), (self.player_name, "bold"))
        if self.level is not None:
            title.append(f" · {self.level} bot", style="italic")
        money = Text()
        for colour in player.colours:
            money.append_text(self._chip(colour))
            money.append(" ")
        money.append(f"{player.money} dirhams", style="bold")
        if change:
            money.append(f" {change:+d}", style=self._style("gain" if change > 0 else "loss"))
        fives, ones = coins(player.money)
        if player.eliminated:
            carpets = Text("OUT: bankrupt", style="bold")
        else:
            carpets = Text(f"{player.carpets_left} carpets")
            if player.top is not None and len(player.colours) > 1:
                carpets.append(", next ")
                carpets.append_text(self._chip(player.top))
        rows = Group(
            _row(title, f"{score.total} pts"),
            _row(money, f"{fives}{_TIMES}5+{ones}{_TIMES}1"),
            _row(carpets, f"{score.visible} squares"),
        )
        self.update(rows, layout=first)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"player--{name}")

    def _chip(self, colour: Colour) -> Text:
        """A colour as its letter on its own colour: readable with and without colour."""
        return Text(f" {colour.letter} ", style=carpet_style(colour, bold=True))
