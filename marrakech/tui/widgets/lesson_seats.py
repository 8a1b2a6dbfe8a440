"""Under the market in the lessons: each player on one line, with their dirhams and carpets."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from marrakech.engine import GameState, Phase
from marrakech.games.language import _, ngettext
from marrakech.tui.screens.chips import chips

NAME_CELLS = 8
"""The cells a name takes on its line (longer names are cut)."""


class LessonSeats(Static):
    """The players of a lesson: ``show`` draws them (not their squares or points: a lesson
    asks the learner to count those)."""

    _shown: object = None

    def show(self, state: GameState, names: Sequence[str]) -> None:
        """Draw each seat of ``state``: the one to move marked, a bankrupt one said out."""
        shown = (state, tuple(names))
        if shown == self._shown:
            return
        self._shown = shown
        text = Text()
        for seat, player in enumerate(state.players):
            moving = seat == state.current and state.phase is not Phase.OVER
            name = names[seat]
            while cell_len(name) > NAME_CELLS:
                name = name[:-1]
            text.append("▶ " if moving else "  ")
            text.append(name + " " * (NAME_CELLS - cell_len(name)) + " ", style="bold")
            text.append_text(chips(player.colours, dim=player.eliminated))
            if player.eliminated:
                text.append(" " + _("OUT: bankrupt"))
            else:
                dirhams = ngettext("{count} dirham", "{count} dirhams", player.money)
                carpets = ngettext("{count} carpet", "{count} carpets", player.carpets_left)
                text.append(" " + dirhams.format(count=player.money), style="bold")
                text.append(" · " + carpets.format(count=player.carpets_left))
            if seat < len(state.players) - 1:
                text.append("\n")
        self.update(text)
