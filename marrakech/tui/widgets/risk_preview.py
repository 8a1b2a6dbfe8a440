"""The risk preview: for each way Assam may go, the chance of paying, the mean toll, bankruptcy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from marrakech.engine import Turn
from marrakech.flow.risk import LaneRisk

_WAYS = {Turn.LEFT: "◀ left", Turn.STRAIGHT: "▲ ahead", Turn.RIGHT: "▶ right", None: "  roll"}


class RiskPreview(Static):
    """A small table of LaneRisk rows; the chosen way is highlighted."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"risk--chosen", "risk--header"}

    _shown: tuple[tuple[LaneRisk, ...], Turn | None, str] = ((), None, "")

    def show(self, risks: Sequence[LaneRisk], chosen: Turn | None, title: str) -> None:
        """Show the rows under a title such as "If Ayla rolls:"; no risks clear it."""
        shown = (tuple(risks), chosen, title)
        if shown == self._shown:
            return
        resized = len(shown[0]) != len(self._shown[0])
        self._shown = shown
        if not risks:
            self.update("", layout=resized)
            return
        header = self.get_component_rich_style("risk--header")
        text = Text(title, style=header)
        text.append("\n" + f"{'way':<11}{'pay':>5}{'toll':>6}{'out':>6}", style=header)
        for risk in risks:
            row = (
                f"{_WAYS[risk.turn]:<9}{risk.facing.name:<2}"
                f"{risk.chance_to_pay:>5.0%}{risk.expected_toll:>6.1f}"
                f"{risk.chance_of_bankruptcy:>6.0%}"
            )
            is_chosen = risk.turn == chosen and len(risks) > 1
            style = self.get_component_rich_style("risk--chosen") if is_chosen else ""
            text.append("\n")
            text.append(row, style=style)
        self.update(text, layout=resized)
