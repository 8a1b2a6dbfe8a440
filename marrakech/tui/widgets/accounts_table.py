"""Each player's margin, luck and skill in a table, and skill's two parts under it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from marrakech.flow.luck import Account, rounded
from marrakech.flow.review import skill_parts_words
from marrakech.games.language import _
from marrakech.tui.widgets.wrapped import WrappedText

NAME_WIDTH = 12
"""The most cells a player's name takes (longer names end in an ellipsis)."""


class Accounts(Widget):
    """A widget that draws the seats' accounts ``show`` gives it, for its width when drawn
    (``render``)."""

    _shown: tuple[tuple[Account, ...], tuple[str, ...]] | None = None
    """The accounts and the names shown (None until ``show``)."""

    def show(self, accounts: Sequence[Account], names: Sequence[str]) -> None:
        """Draw each seat's margin, luck and skill (luck + skill = margin), and with 2
        players skill's two parts (decisions + foresight = skill)."""
        self._shown = (tuple(accounts), tuple(names))
        self.refresh(layout=True)


class AccountsTable(Accounts):
    """The accounts as a table laid out for the width the widget has when drawn: the
    figures always show whole, and a long name ends in an ellipsis instead."""

    DEFAULT_CSS = """
    AccountsTable {
        width: 100%;
        height: auto;
    }
    """

    def render(self) -> RenderableType:
        if self._shown is None:
            return ""
        accounts, names = self._shown
        rows = []
        for account in accounts:
            luck, skill = rounded(account.margin, account.skill)
            rows.append((f"{account.margin:+.0f}", f"{luck:+.1f}", f"{skill:+.1f}"))
        headings = (_("Margin"), _("Luck"), _("Skill"))
        widths = [
            max(cell_len(text) for text in (heading, *(row[column] for row in rows)))
            for column, heading in enumerate(headings)
        ]
        room = self.content_size.width - sum(widths) - 2 * len(widths)
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
        table.add_column(
            _("Player"), no_wrap=True, overflow="ellipsis", max_width=max(4, min(NAME_WIDTH, room))
        )
        for heading, width in zip(headings, widths, strict=True):
            table.add_column(heading, justify="right", no_wrap=True, min_width=width)
        for account, row in zip(accounts, rows, strict=True):
            table.add_row(Text(names[account.seat]), *row)
        parts = (skill_parts_words(names[account.seat], account) for account in accounts)
        lines = (WrappedText(Text("\n" + words, style="dim")) for words in parts if words)
        return Group(table, *lines)
