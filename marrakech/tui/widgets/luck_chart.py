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
"""The most cells a player's name takes beside the bars (longer names end in an ellipsis),
more where the bars keep ``HALF_FOR_A_NAME`` cells a side besides."""

HALF_FOR_A_NAME = 6
"""The cells of bar a side that a name longer than ``NAME_WIDTH`` leaves, at least."""

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
        "none, and a computer that looks further, hard or expert, gains it against you; it "
        "swings from game to game: read it over many)"
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
        with_parts = any(pair is not None for pair in parts)
        label_width = max(
            cell_len(label) for label in (*labels, *(" " + p for p in part_labels if with_parts))
        )
        widest = max(cell_len(names[a.seat]) for a in accounts)
        # Each column has a cell of padding either side. Where the names' column would
        # leave the bars too short to tell the figures apart, each name heads its rows.
        room = self.content_size.width - label_width - FIGURE_WIDTH - 6
        name_width = min(widest, max(NAME_WIDTH, room - 2 - 1 - 2 * HALF_FOR_A_NAME))
        beside = (room - name_width - 2 - 1) // 2 >= NAMES_BESIDE_FROM
        half = max(1, min(HALF, (room - (name_width + 2 if beside else 0) - 1) // 2))
        rows = []
        for account, (luck, skill), pair in zip(accounts, shown, parts, strict=True):
            mine: list[tuple[RenderableType, RenderableType, RenderableType]] = [
                (labels[0], f"{account.margin:+.0f}", ""),
                (labels[1], f"{luck:+.1f}", bar(luck, biggest, "yellow", half)),
                (labels[2], f"{skill:+.1f}", bar(skill, biggest, "cyan", half)),
            ]
            for label, value in zip(part_labels, pair or (), strict=False):
                mine.append(
                    (
                        Text(" " + label, style="dim"),
                        Text(f"{value:+.1f}", style="dim"),
                        bar(value, biggest, SKILL_PART_STYLE, half),
                    )
                )
            rows.append((Text(names[account.seat], style="bold"), mine))
        title = _("Margin: luck + skill")
        if beside:
            chart: RenderableType = _figures_table(rows, title, name_width)
        else:
            chart = Group(
                Text(title, style="italic", justify="center"),
                *(
                    part
                    for name, mine in rows
                    for part in (
                        Padding(name, (0, 0, 0, 1), expand=False),
                        _figures_table([(None, mine)], None, 0),
                    )
                ),
            )
        words = (labels[1], labels[2], *((" " + p for p in part_labels) if with_parts else ()))
        notes = [WrappedText(Text(note)) for note in self.notes]
        return Group(chart, Text(""), *notes, *([Text("")] if notes else []), key(words))


NAMES_BESIDE_FROM = 3
"""The fewest cells of bar a side that the names' column may leave; below, each name heads
its own rows."""

Row = tuple[RenderableType, RenderableType, RenderableType]
"""A row of the chart: its label, its figure and its bar."""


def _figures_table(
    rows: Sequence[tuple[Text | None, Sequence[Row]]], title: str | None, name_width: int
) -> Table:
    """The chart's rows in a table, each player's name beside its first row (when given)."""
    # No heading row: the names in bold say what the first column holds.
    table = Table(title=title, box=None, padding=(0, 1), show_header=False)
    if name_width:
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=name_width)
    table.add_column("", no_wrap=True)
    table.add_column("", justify="right", no_wrap=True, min_width=FIGURE_WIDTH - 1)
    table.add_column("", no_wrap=True, overflow="crop")
    for name, mine in rows:
        for index, row in enumerate(mine):
            first = (name if index == 0 and name is not None else "",) if name_width else ()
            table.add_row(*first, *row)
    return table
