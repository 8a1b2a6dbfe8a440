"""Each player's margin split into luck and skill, as bars either side of zero."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from marrakech.flow.luck import Account, rounded, rounded_skill_parts
from marrakech.games.language import _, pgettext

HALF = 9
"""Cells of bar on each side of zero for the biggest figure."""


def bar(value: float, biggest: float, style: str | Style) -> Text:
    """A bar for ``value`` either side of an axis: left of it when negative."""
    cells = round(abs(value) / biggest * HALF) if biggest > 0 else 0
    left = " " * (HALF - cells) + "█" * cells if value < 0 else " " * HALF
    right = "█" * cells if value > 0 else ""
    return Text.assemble((left, style), ("│", "dim"), (right.ljust(HALF), style))


SKILL_PART_STYLE = Style(color="cyan", dim=True)
"""Skill's two parts: skill's colour, dimmed."""


class LuckChart(Static):
    """Luck and skill of each player (``show``), as figures and bars."""

    DEFAULT_CSS = """
    LuckChart {
        width: 100%;
        height: auto;
        padding: 0 1;
    }
    """

    def show(self, accounts: Sequence[Account], names: Sequence[str]) -> None:
        """Draw each seat's margin, luck and skill (luck + skill = margin), and with 2
        players skill's two parts under it (decisions + foresight = skill)."""
        shown = [rounded(account.margin, account.skill) for account in accounts]
        parts = [rounded_skill_parts(account.skill, account.skill_parts) for account in accounts]
        figures = [*shown, *(pair for pair in parts if pair is not None)]
        biggest = max((abs(value) for pair in figures for value in pair), default=0.0)
        table = Table(
            title=_("Margin: luck + skill"), box=None, padding=(0, 1), header_style="bold"
        )
        table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", max_width=12)
        table.add_column("")
        table.add_column("", justify="right")
        table.add_column("")
        for account, (luck, skill), pair in zip(accounts, shown, parts, strict=True):
            name = Text(names[account.seat], style="bold")
            table.add_row(name, _("margin"), f"{account.margin:+.0f}", "")
            table.add_row("", _("luck"), f"{luck:+.1f}", bar(luck, biggest, "yellow"))
            table.add_row("", _("skill"), f"{skill:+.1f}", bar(skill, biggest, "cyan"))
            if pair is None:
                continue
            for label, value in zip(
                (pgettext("skill part", "decisions"), pgettext("skill part", "foresight")),
                pair,
                strict=True,
            ):
                table.add_row(
                    "",
                    Text(" " + label, style="dim"),
                    Text(f"{value:+.1f}", style="dim"),
                    bar(value, biggest, SKILL_PART_STYLE),
                )
        self.update(table)
