"""One seat at the table: name, colours, dirhams (as coins too), carpets, squares and score."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from marrakech.engine import Colour, GameState, Phase
from marrakech.games import language
from marrakech.games.language import _, ngettext
from marrakech.games.levels import computer_label, computer_word
from marrakech.tui.palette import carpet_style

_TIMES = "\N{MULTIPLICATION SIGN}"


def filled(template: str, **parts: str | Text) -> Text:
    """``template`` (a translated message) with each ``{name}`` replaced by its part, kept
    styled when it is Text."""
    text = Text()
    for piece in re.split(r"(\{\w+\})", template):
        name = piece[1:-1]
        if piece.startswith("{") and name in parts:
            part = parts[name]
            if isinstance(part, Text):
                text.append_text(part)
            else:
                text.append(part)
        elif piece:
            text.append(piece)
    return text


def _spaced_after(template: str, name: str, room: int) -> str:
    """``template`` with ``room`` spaces after its ``{name}`` and the punctuation that
    follows it ("{carpets},  next {chip}"): what follows a part narrower than it may be
    keeps its column, and no space comes before a comma."""
    return re.sub(
        rf"\{{{name}\}}[^\w\s{{]*", lambda part: part.group() + " " * room, template, count=1
    )


def coins(money: int) -> tuple[int, int]:
    """A sensible split of dirhams into (fives, ones), keeping five 1s for change.

    30 is five 5s and five 1s, as at the start of the game.
    """
    fives = max(0, money - 5) // 5
    return fives, money - 5 * fives


TOLL_ROOM = 10
"""A toll of two figures: the room kept beside the money for the last toll's change (a
level shown under the points does not come and go with it)."""

MIN_NAME_CELLS = 6
"""The fewest cells the title keeps before what is said beside the name ("away") where
that needs the room: the marker of the player to move, and the start of the name."""


def _fitting(forms: Sequence[str], room: int) -> str:
    """The first of ``forms`` (a computer's level, the longest first) that fits ``room``
    cells whole; "" where none does."""
    return next((form for form in forms if cell_len(form) <= room), "")


def _row(left: Text, right: str | Text) -> Table:
    """One line: text on the left, a figure on the right."""
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    width = right.cell_len if isinstance(right, Text) else cell_len(right)
    grid.add_column(justify="right", no_wrap=True, min_width=width)
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
        """The computer level that plays the seat now; None for a person."""
        self._shown: object = None
        self._drawn: tuple[GameState, int, str | None, str | None, str] | None = None
        """What ``show`` drew last, drawn again at the panel's new width on a resize."""

    def on_resize(self) -> None:
        if self._drawn is not None:
            state, change, name, chance, presence = self._drawn
            self.show(state, change, name, chance, presence=presence)

    def show(
        self,
        state: GameState,
        change: int = 0,
        name: str | None = None,
        chance: str | None = None,
        *,
        presence: str = "",
    ) -> None:
        """Draw the seat in this position; ``change`` is the dirhams the last toll moved;
        ``name`` the player's name, when it has changed (a network game's player);
        ``chance`` its chance to win as shown ("54%": ``words.percents``), when it is
        shown (beside the points); ``presence`` whether a player elsewhere is missing
        ("not joined", "away"), beside the name."""
        if name is not None:
            self.player_name = name
        self._drawn = (state, change, name, chance, presence)
        player = state.players[self.seat]
        score = state.scores()[self.seat]
        current = state.current == self.seat and state.phase is not Phase.OVER
        shown = (
            player,
            score,
            current,
            change,
            self.player_name,
            chance,
            presence,
            self.level,
            language.current(),
            self.content_size.width,
        )
        if shown == self._shown:
            return
        first = self._shown is None
        self._shown = shown
        self.set_class(current, "-current")
        self.set_class(player.eliminated, "-out")
        title = Text.assemble(("▶ " if current else "  "), (self.player_name, "bold"))
        levels = (
            (computer_label(self.level), computer_word(self.level))
            if self.level is not None
            else ()
        )
        money = Text()
        for colour in player.colours:
            money.append_text(self._chip(colour))
            money.append(" ")
        dirhams = ngettext("{count} dirham", "{count} dirhams", player.money)
        # Counts take two columns, so that the panels' columns line up whatever they hold.
        money.append(dirhams.format(count=f"{player.money:2d}"), style="bold")
        # The money's widest: with a toll of two figures beside it ("30 dirhams +12").
        widest_money = money.cell_len + cell_len(f" {TOLL_ROOM:+d}")
        if change:
            money.append(f" {change:+d}", style=self._style("gain" if change > 0 else "loss"))
        fives, ones = coins(player.money)
        if player.eliminated:
            carpets = Text(_("OUT: bankrupt"), style="bold")
        else:
            count = player.carpets_left
            left = ngettext("{count} carpet", "{count} carpets", count).format(count=f"{count:2d}")
            if player.top is not None and len(player.colours) > 1:
                # The room "1 carpet" leaves beside "10 carpets" goes after the words, so
                # that the next colour keeps its column as the count does.
                plural = ngettext("{count} carpet", "{count} carpets", 10).format(count="10")
                room = max(0, cell_len(plural) - cell_len(left))
                # Translators: {carpets} is "12 carpets"; {chip} the colour laid next.
                template = _spaced_after(_("{carpets}, next {chip}"), "carpets", room)
                carpets = filled(template, carpets=left, chip=self._chip(player.top))
            else:
                carpets = Text(left)
        squares = ngettext("{count} square", "{count} squares", score.visible)
        points = Text(ngettext("{count} pt", "{count} pts", score.total).format(count=score.total))
        if chance is not None:
            # Translators: a player's chance to win, after their points: "44 pts · 54%".
            points.append(_(" · {chance}").format(chance=chance), style="bold")
        # The computer's level, when it fits whole beside the points (the points come
        # first): "expert computer", else "expert" (beside a chance to win); else under
        # the points (below). The room is what the widest points of the game leave ("30
        # pts · 100%"), so that the tag does not come and go as the figures grow and shrink.
        widest = ngettext("{count} pt", "{count} pts", 10).format(count=f"{score.total:2d}")
        if chance is not None:
            widest += _(" · {chance}").format(chance="100%")
        width = self.content_size.width
        room = width - max(points.cell_len, cell_len(widest)) - 1
        level = _fitting(levels, room - title.cell_len - cell_len(" · "))
        if level:
            title.append(" · " + level, style="italic")
        if presence:
            away = " · " + presence
            if title.cell_len + cell_len(away) > room:  # the name gives way, never the news
                title.truncate(max(room - cell_len(away), MIN_NAME_CELLS), overflow="ellipsis")
            title.append(away, style="italic")
        # The coins give way where the money and its last change need the room (Japanese),
        # and to a level with no room beside the name (a chance to win beside the points),
        # where the money at its widest leaves it room.
        split = f"{fives}{_TIMES}5+{ones}{_TIMES}1" if player.money else ""
        if 0 < width < money.cell_len + 1 + cell_len(split):
            split = ""
        under = ""
        if levels and not level:
            under = _fitting(levels, width - max(money.cell_len, widest_money) - 1)
        rows = Group(
            _row(title, points),
            _row(money, Text(under, style="italic") if under else split),
            _row(carpets, squares.format(count=score.visible)),
        )
        self.update(rows, layout=first)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"player--{name}")

    def _chip(self, colour: Colour) -> Text:
        """A colour as its letter on its own colour: readable with and without colour."""
        return Text(f" {colour.letter} ", style=carpet_style(colour, bold=True))
