"""The key to the market's marks, shown beside the game as far as there is room.

``LEGEND`` is the one list of marks and meanings: the game screen's side panel shows as
many entries as fit (whole entries only), the help shows them all.
"""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.text import Text
from textual.widget import Widget

_TIMES = "\N{MULTIPLICATION SIGN}"

LEGEND: tuple[tuple[str, str], ...] = (
    ("▲▶▼◀", "Assam, and the way he faces"),
    ("1 2 3 4", "where Assam stops for each roll (bright: the way picked)"),
    ("Y2", "the top carpet's colour, and how many carpets lie there"),
    ("═ ║", "joins the two halves of one carpet"),
    ("░G1░", f"your carpet, not laid yet; {_TIMES} where it may not go"),
    ("$", "the region whose toll was just paid"),
    ("r b y g", "grey carpets of a player who is out: free, worth nothing"),
    (f"5{_TIMES}5+7{_TIMES}1", "coins: five 5-dirham and seven 1-dirham coins"),
    ("pay", "risk table: the chance of paying a toll that way"),
    ("toll", "risk table: the toll to expect, on average"),
    ("out", "risk table: the chance of going bankrupt"),
)
"""Every mark of the game screen and what it means, most needed first."""


def legend_text(console: Console, width: int, height: int | None = None) -> Text:
    """The legend in ``width`` columns: a heading, then the entries that fit in ``height``
    lines (all of them when None), each whole: the mark, and its meaning wrapped beside it."""
    indent = max(len(mark) for mark, _ in LEGEND) + 1
    lines = Text("Key to the market", style="bold")
    used = 1
    for mark, meaning in LEGEND:
        wrapped = Text(meaning).wrap(console, max(width - indent, 10))
        if height is not None and used + len(wrapped) > height:
            break
        for number, line in enumerate(wrapped):
            lines.append("\n")
            lines.append(mark.ljust(indent) if number == 0 else " " * indent, style="bold")
            lines.append_text(line)
        used += len(wrapped)
    return lines


class Legend(Widget):
    """As much of the legend as fits in the widget; nothing when not even one entry does."""

    DEFAULT_CSS = """
    Legend {
        height: 1fr;
        padding: 1 1 0 1;
        color: $text-muted;
    }
    """

    def render(self) -> RenderableType:
        width, height = self.content_size
        if height < 2:
            return Text()
        text = legend_text(self.app.console, width, height)
        return text if "\n" in text.plain else Text()
