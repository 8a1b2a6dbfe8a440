"""The risk preview: for each way Assam may go, the chance of paying, the mean toll, bankruptcy;
under it, where each roll of the way picked stops."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.theme import Theme

from marrakech.engine import Direction, Turn
from marrakech.flow.risk import LaneRisk
from marrakech.games import language
from marrakech.games.language import _, pgettext
from marrakech.games.words import compass_letter, roll_stops
from marrakech.tui.widgets.board import ARROWS
from marrakech.tui.widgets.wrapped import WrappedStatic

WAY_WIDTH = 9
"""The way column's cells in English (wider when a language's words need it)."""


def _way(turn: Turn | None, facing: Direction) -> str:
    """A row's way (None: the aiming variant's one row, a plain roll), after the arrow of
    the way Assam then faces, as the market draws him (turning left while he faces south
    points him east: ▶)."""
    words = {
        Turn.LEFT: pgettext("risk table", "left"),
        Turn.STRAIGHT: pgettext("risk table", "ahead"),
        Turn.RIGHT: pgettext("risk table", "right"),
        None: pgettext("risk table", "roll"),
    }
    return f"{ARROWS[facing]} {words[turn]}"


def _stops_line(risk: LaneRisk) -> str:
    """Where each roll of one way stops, in the text mode's words: "A roll of 1 to (0,4),
    2 to (0,5), 3 to (0,6), 4 to (0,6)"."""
    stops = roll_stops(risk.stops)
    # Translators: under the risk table, where each roll of the way picked stops; {stops}
    # lists them, e.g. "1 to (0,4), 2 to (0,5), 3 to (0,6), 4 to (0,6)".
    return _("A roll of {stops}.").format(stops=stops)


def _pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` cells (on the left when ``right``)."""
    space = " " * max(0, width - cell_len(text))
    return space + text if right else text + space


class RiskPreview(WrappedStatic):
    """A small table of LaneRisk rows, the chosen way highlighted, and where each roll of
    the chosen way (or of the only one) stops (in Japanese, broken where Japanese may)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"risk--chosen", "risk--header"}

    _shown: tuple[tuple[LaneRisk, ...], Turn | None, str, str, bool] | None = None
    _shape: tuple[int, bool, str] = (0, False, "")
    """The rows shown, whether a line of stops is, and in which language: a change may
    change the height."""

    _asked: tuple[Sequence[LaneRisk], Turn | None, str, bool] | None = None
    """What ``show`` was last asked to show (drawn again in a new theme's colours)."""

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._restyle)

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _restyle(self, _theme: Theme) -> None:
        """Draw the table again in a new theme's colours (the text keeps the old ones)."""
        if self._asked is not None:
            risks, chosen, title, over = self._asked
            self._shown = None
            self.show(risks, chosen, title, over=over)

    def show(
        self, risks: Sequence[LaneRisk], chosen: Turn | None, title: str, *, over: bool = False
    ) -> None:
        """Show the rows under a title such as "If Ayla rolls:"; with no risks, say when
        they show (nothing once the game is ``over``)."""
        shown = (tuple(risks), chosen, title, language.current(), over)
        if shown == self._shown:
            return
        self._asked = (risks, chosen, title, over)
        picked = [risk for risk in risks if len(risks) == 1 or risk.turn == chosen]
        shape = (len(risks), bool(picked), language.current())
        resized = shape != self._shape
        self._shown, self._shape = shown, shape
        if not risks:  # a carpet to lay, or the game over: no facing to weigh
            waiting = "" if over else _("The chance of paying shows before each roll.")
            self.update(Text(waiting, style="dim"), layout=resized)
            return
        header = self.get_component_rich_style("risk--header")
        way_width = max(WAY_WIDTH, *(cell_len(_way(risk.turn, risk.facing)) + 1 for risk in risks))
        facing_width = max(2, *(cell_len(compass_letter(risk.facing)) for risk in risks))
        headings = (
            _pad(pgettext("risk table", "way"), way_width + facing_width)
            + _pad(pgettext("risk table", "pay"), 5, right=True)
            + _pad(pgettext("risk table", "toll"), 6, right=True)
            + _pad(pgettext("risk table", "out"), 6, right=True)
        )
        text = Text(title, style=header)
        text.append("\n" + headings, style=header)
        for risk in risks:
            row = (
                _pad(_way(risk.turn, risk.facing), way_width)
                + _pad(compass_letter(risk.facing), facing_width)
                + f"{risk.chance_to_pay:>5.0%}{risk.expected_toll:>6.1f}"
                f"{risk.chance_of_bankruptcy:>6.0%}"
            )
            is_chosen = risk.turn == chosen and len(risks) > 1
            style = self.get_component_rich_style("risk--chosen") if is_chosen else ""
            text.append("\n")
            text.append(row, style=style)
        for risk in picked:
            text.append("\n" + _stops_line(risk))
        self.update(text, layout=resized)
