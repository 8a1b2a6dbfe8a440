"""Beside the market: a panel per player, the die, the risk preview and the legend."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from marrakech.engine import Phase
from marrakech.flow import Seat
from marrakech.games.language import _
from marrakech.games.words import percents
from marrakech.tui.screens.game_status import Frame
from marrakech.tui.widgets.die_face import ROLL_HINT, DieFace
from marrakech.tui.widgets.legend import Legend
from marrakech.tui.widgets.player_panel import PlayerPanel
from marrakech.tui.widgets.risk_preview import RiskPreview

RISK_ROWS = 7
"""The risk preview's rows before a roll: its title, headings, a row for each way and two
lines of where each roll stops."""

NOTICE_ROWS = 7
"""The rows a notice takes at the foot of the side panel (a hint's reasons, most often)."""


class SidePanel(Vertical):
    """The players, the die and the risks; ``show`` tells each what a frame shows."""

    def __init__(self, seats: Sequence[Seat], *, risk_preview: bool, id: str | None = None) -> None:
        """One panel per seat; the risk preview shown or hidden (``toggle_risk``)."""
        super().__init__(id=id)
        self.seats = tuple(seats)
        self._risk_preview = risk_preview
        self._over = False

    def compose(self) -> ComposeResult:
        for seat in self.seats:
            yield PlayerPanel(seat.number, seat.name, seat.level, id=f"seat-{seat.number}")
        yield DieFace(id="die")
        preview = RiskPreview(id="risk")
        preview.display = self._risk_preview
        yield preview
        hidden = Static(_("p shows the chance of paying."), id="risk-hidden")
        hidden.display = not self._risk_preview
        yield hidden
        yield Legend()

    def show(
        self,
        frame: Frame,
        names: Sequence[str],
        *,
        can_roll: bool,
        chances: Sequence[float] | None = None,
        levels: Sequence[str | None] = (),
    ) -> None:
        """Show ``frame``'s players (``names``: as they are called now; whether those
        playing from elsewhere are at the table), die and risks; ``can_roll``: the die says
        Enter (⏎) or a click rolls it; ``chances``: each seat's chance to win, when it is
        shown; ``levels``: the computer that plays each seat now (None: a person), when
        that can change (a computer standing in for a player or an outside bot)."""
        shown = percents(chances) if chances is not None else None  # together: 100%
        for panel in self.query(PlayerPanel):
            chance = shown[panel.seat] if shown is not None else None
            presence = frame.presence[panel.seat] if frame.presence else ""
            if levels:
                panel.level = levels[panel.seat]
            panel.show(
                frame.state,
                frame.money_change(panel.seat),
                names[panel.seat],
                chance,
                presence=presence,
            )
        self.query_one(DieFace).show(frame.die, _(ROLL_HINT) if can_roll else "")
        over = frame.state.phase is Phase.OVER
        preview = self.query_one(RiskPreview)
        preview.show(frame.risks, frame.turn, frame.risk_title, over=over)
        self._over = over
        self._offer_risk()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.remove_class("-crowded")  # worked out again for the new height
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Close the gaps between the players' panels where, with them, the panels, the die
        and the risk preview would not leave room under them for a notice (a hint's
        reasons) at the bottom: at 80x24 with three players a notice hid the risk
        preview's last rows, with four its last line was cut even without one."""
        if self.has_class("-crowded"):
            return  # closed up until the next resize: the panels do not jump between turns
        die = self.query_one(DieFace)
        needed = die.region.bottom - self.region.y  # the rows down to the die
        risk = self.query_one(RiskPreview)
        if risk.display:  # as tall as before a roll (Japanese may need a row more)
            needed += max(RISK_ROWS, risk.outer_size.height)
        self.set_class(needed + NOTICE_ROWS > self.size.height, "-crowded")

    def toggle_risk(self) -> bool:
        """Show or hide the risk preview; True when it is shown now."""
        preview = self.query_one(RiskPreview)
        preview.display = not preview.display
        self._offer_risk()
        self.call_after_refresh(self._fit)
        return preview.display

    def _offer_risk(self) -> None:
        """Say that p shows the risk preview, where it is hidden; once the game is over p
        still shows it, but nobody is to pay: no line offers it."""
        hidden = not self.query_one(RiskPreview).display
        self.query_one("#risk-hidden").display = hidden and not self._over
