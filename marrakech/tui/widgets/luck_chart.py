"""Each player's margin split into luck and skill, as bars either side of zero."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text

from marrakech.flow.luck import Account, rounded, rounded_skill_parts
from marrakech.games.language import N_, _, pgettext
from marrakech.tui.widgets.accounts_table import Accounts
from marrakech.tui.widgets.wrapped import WrappedText

HALF = 9
"""Cells of bar on each side of zero for the biggest figure, where there is room."""

NAME_WIDTH = 12
"""The most cells a player's name takes (longer names end in an ellipsis)."""

FIGURE_WIDTH = 6
"""Cells for a figure such as "-15.1" or "+100"."""

SKILL_PART_STYLE = Style(color="cyan", dim=True)
"""Skill's two parts: skill's colour, dimmed."""


MEANINGS = (
    N_(
        "what nobody decided, against what was expected: the dice, the start, and with 3 or 4 "
        "players how the others' decisions fell on you"
    ),
    N_("what the decisions made of the margin"),
    N_("the points the others' decisions lost against the best, minus yours"),
    N_(
        "what looking further ahead than the evaluator gained (following its hints gains "
        "none; it swings from game to game: read it over many)"
    ),
)
"""What luck, skill and skill's two parts mean, for the key under the chart."""


def key(labels: Sequence[str]) -> Padding:
    """The key under the chart: each of ``labels`` (luck, skill and maybe skill's parts)
    beside what it means, then where to read more."""
    table = Table.grid(padding=(0, 2))  # two cells: an indented word stands apart
    table.add_column(no_wrap=True)
    table.add_column()
    for label, meaning in zip(labels, MEANINGS, strict=False):
        table.add_row(Text(label, style="dim"), WrappedText(Text(_(meaning), style="dim")))
    # In from the edge as the chart's names are (its table pads each column by a cell).
    return Padding(Group(table, Text(_("? (help) says more."), style="dim")), (0, 0, 0, 1))


def bar(value: float, biggest: float, style: str | Style, half: int = HALF) -> Text:
    """A bar for ``value`` either side of an axis, ``half`` cells a side: left of it when
    negative."""
    cells = round(abs(value) / biggest * half) if biggest > 0 else 0
    left = " " * (half - cells) + "█" * cells if value < 0 else " " * half
    right = "█" * cells if value > 0 else ""
    return Text.assemble((left, style), ("│", "dim"), (right.ljust(half), style))


class LuckChart(Accounts):
    """Luck and skill of each player (``show``), as figures and bars as long as the width
    allows; then the lines of ``notes`` (each player's luckiest and unluckiest roll), then
    the key to the words."""

    notes: tuple[str, ...] = ()
    """Lines shown between the chart and its key (``show``)."""

    def show(
        self, accounts: Sequence[Account], names: Sequence[str], notes: Sequence[str] = ()
    ) -> None:
        """Draw the accounts (``Accounts.show``), ``notes`` between the chart and its key."""
        self.notes = tuple(notes)
        super().show(accounts, names)

    DEFAULT_CSS = """
    LuckChart {
        width: 100%;
        height: auto;
        padding: 0 1;
    }
    """

    def render(self) -> RenderableType:
        if self._shown is None:
            return ""
        accounts, names = self._shown
        shown = [rounded(account.margin, account.skill) for account in accounts]
        parts = [rounded_skill_parts(account.skill, account.skill_parts) for account in accounts]
        figures = [*shown, *(pair for pair in parts if pair is not None)]
        biggest = max((abs(value) for pair in figures for value in pair), default=0.0)
        labels = (_("margin"), _("luck"), _("skill"))
        part_labels = (pgettext("skill part", "decisions"), pgettext("skill part", "foresight"))
        label_width = max(cell_len(label) for label in (*labels, *(" " + p for p in part_labels)))
        widest = max(cell_len(names[a.seat]) for a in accounts)
        name_width = min(NAME_WIDTH, widest)
        # Each of the four columns has a cell of padding either side.
        room = self.content_size.width - name_width - label_width - FIGURE_WIDTH - 8
        half = max(1, min(HALF, (room - 1) // 2))
        # No heading row: the names in bold say what the first column holds.
        table = Table(title=_("Margin: luck + skill"), box=None, padding=(0, 1), show_header=False)
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=NAME_WIDTH)
        table.add_column("", no_wrap=True)
        table.add_column("", justify="right", no_wrap=True)
        table.add_column("", no_wrap=True, overflow="crop")
        with_parts = False
        for account, (luck, skill), pair in zip(accounts, shown, parts, strict=True):
            name = Text(names[account.seat], style="bold")
            table.add_row(name, labels[0], f"{account.margin:+.0f}", "")
            table.add_row("", labels[1], f"{luck:+.1f}", bar(luck, biggest, "yellow", half))
            table.add_row("", labels[2], f"{skill:+.1f}", bar(skill, biggest, "cyan", half))
            if pair is None:
                continue
            with_parts = True
            for label, value in zip(part_labels, pair, strict=True):
                table.add_row(
                    "",
                    Text(" " + label, style="dim"),
                    Text(f"{value:+.1f}", style="dim"),
                    bar(value, biggest, SKILL_PART_STYLE, half),
                )
        words = (labels[1], labels[2], *((" " + p for p in part_labels) if with_parts else ()))
        notes = [WrappedText(Text(note)) for note in self.notes]
        return Group(table, Text(""), *notes, *([Text("")] if notes else []), key(words))
