"""A chart's legend: each line's name beside a stroke of the line's colour."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widget import Widget

GAP = "   "
"""Between two entries on a line."""

NAME_CELLS = 16
"""The most cells a name takes in the legend (a longer one ends in an ellipsis, so that
four names still fit in a few lines beside a short chart)."""


class ChartLegend(Widget):
    """The entries, as many whole ones to a line as fit: an entry never breaks between its
    stroke and its name, nor inside a name ("Player" on one line, "4" on the next). A long
    name ends in an ellipsis (at ``NAME_CELLS``) where that takes fewer lines, and where it
    is wider than the legend."""

    DEFAULT_CSS = """
    ChartLegend {
        height: auto;
    }
    """

    def __init__(self, entries: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        """A legend of (name, colour) entries, in order; a colour is a Rich colour, such
        as "#c0392b"."""
        super().__init__(id=id)
        self.entries = tuple(Text.assemble(("━━ ", colour), name) for name, colour in entries)
        self.short_entries = tuple(
            Text.assemble(("━━ ", colour), _shortened(name, NAME_CELLS)) for name, colour in entries
        )

    def lines(self, width: int) -> list[Text]:
        """The entries laid out in lines of ``width`` cells, the long names shortened where
        that saves a line (one still too wide has a line alone, cut at the width)."""
        whole = _laid_out(self.entries, width)
        short = _laid_out(self.short_entries, width)
        return short if len(short) < len(whole) else whole

    def render(self) -> RenderResult:
        return Text("\n").join(self.lines(self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))


def _laid_out(entries: tuple[Text, ...], width: int) -> list[Text]:
    """``entries`` in lines of ``width`` cells (one too wide has a line alone, cut)."""
    lines = [Text()]
    for entry in entries:
        line = lines[-1]
        if entry.cell_len > width > 0:
            entry = entry.copy()
            entry.truncate(width, overflow="ellipsis")
        if line.cell_len and line.cell_len + len(GAP) + entry.cell_len > width:
            lines.append(line := Text())
        if line.cell_len:
            line.append(GAP)
        line.append_text(entry)
    return lines


def _shortened(name: str, cells: int) -> Text:
    """``name`` in at most ``cells`` cells, ending in an ellipsis where it is longer."""
    text = Text(name)
    text.truncate(cells, overflow="ellipsis")
    return text
