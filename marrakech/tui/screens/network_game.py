"""The game screen at a network table: the same table, told of what happens elsewhere.

Its ``NetworkLink`` hears the host (or, on the host, the players who joined) and posts
each change of the table; the screen shows the moves it has not shown yet.
"""

from __future__ import annotations

from textual.app import ComposeResult

from marrakech.engine import Transition
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.widgets.network_link import NetworkLink


class NetworkGameScreen(GameScreen):
    """One seat (or a spectator's view) of a network game."""

    _shown: Transition | None = None
    """The last move this screen showed (the table tells it of its own moves too)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield NetworkLink(self.flow)

    def _show(self, played: tuple[Transition, ...]) -> None:
        self._shown = played[-1]
        super()._show(played)

    def on_network_link_heard(self, event: NetworkLink.Heard) -> None:
        """Show what happened elsewhere in a network game."""
        change = event.change
        if change.kind == "seats":
            self._draw()
        elif change.kind != "played" or change.transitions[-1:] != (self._shown,):
            if (skipped := self.pacer.skip()) is not None:  # a walk still shown ends at once
                self._advance(skipped)
            if change.kind == "played" and change.transitions:
                self._show(change.transitions)
            elif skipped is None:
                self._advance()
