"""The key to the market's marks, shown beside the game as far as there is room.

``LEGEND`` is the one list of marks and meanings: the game screen's side panel shows as
many entries as fit (whole entries only), the help shows them all.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from marrakech.games.language import N_, _, pgettext
from marrakech.games.lines import is_wide, wrapped_lines

_TIMES = "\N{MULTIPLICATION SIGN}"

LEGEND: tuple[tuple[str, str], ...] = (
    ("▲▶▼◀", N_("Assam, and the way he faces")),
    ("1 2 3 4", N_("where Assam stops for each roll (bright: the way picked)")),
    ("34", N_("a roll of 3 and a roll of 4 both stop there")),
    ("Y2", N_("the top carpet's colour, and how many carpets lie there")),
    ("═ ║", N_("joins the two halves of one carpet")),
    # Translators: {times} is the multiplication sign, drawn where the carpet may not go.
    (
        "░·░",
        N_(
            "the carpet to lay, not laid yet, drawn round what lies there; {times} where it "
            "may not go"
        ),
    ),
    ("$", N_("the region whose toll was just paid")),
    ("G1", N_("reversed: the carpet laid last")),
    ("r b y g", N_("grey carpets of a player who is out: free, worth nothing")),
    (f"5{_TIMES}5+7{_TIMES}1", N_("coins: five 5-dirham and seven 1-dirham coins")),
    ("pay", N_("risk table: the chance of paying a toll that way")),
    ("toll", N_("risk table: the toll to expect, on average")),
    ("out", N_("risk table: the chance of going bankrupt")),
)
"""Every mark of the game screen and what it means (to translate where shown: ``entries``),
most needed first."""

LANE_MARKS = frozenset(("1 2 3 4", "34"))
"""The marks drawn as the market draws where Assam stops (``Legend``'s ``legend--lane``
looks as the board's ``board--lane``: app.tcss gives both one rule)."""

NEWEST_MARK = "G1"
"""The mark drawn reversed, as the market draws the labels of the carpet laid last
(``board--newest``)."""

RISK_HEADINGS = ("pay", "toll", "out")
"""The marks that are the risk table's column headings: shown in the spoken language
(``pgettext("risk table", mark)``), as the table shows them."""


def entries() -> list[tuple[str, str]]:
    """The legend's marks and meanings in the language spoken now."""
    shown = []
    for mark, meaning in LEGEND:
        if mark in RISK_HEADINGS:
            mark = pgettext("risk table", mark)
        shown.append((mark, _(meaning).format(times=_TIMES)))
    return shown


def wrap(console: Console, meaning: str, width: int) -> list[Text]:
    """``meaning`` wrapped in ``width`` cells: at spaces for English (as Rich does); a
    text with wide characters as Japanese breaks (``lines.wrapped_lines``)."""
    if not is_wide(meaning):
        return list(Text(meaning).wrap(console, width))
    return [Text(line) for line in wrapped_lines(meaning, width)]


def legend_text(
    console: Console, width: int, height: int | None = None, lane: Style | None = None
) -> Text:
    """The legend in ``width`` columns: a heading, then the entries that fit in ``height``
    lines (all of them when None), each whole: the mark, and its meaning wrapped beside it
    (the marks of where Assam stops in the ``lane`` style, as the market draws them); the
    heading says where the rest is when some do not fit."""
    legend = entries()
    indent = max(cell_len(mark) for mark, _meaning in legend) + 1
    meanings = [wrap(console, meaning, max(width - indent, 10)) for _mark, meaning in legend]
    cut = height is not None and 1 + sum(map(len, meanings)) > height
    # Translators: the key's heading when not all of it fits beside the market: "?" opens
    # the help, whose Marks tab has it all.
    heading = _("Key to the market (more: ?)") if cut else _("Key to the market")
    lines = Text(heading, style="bold")
    used = len(wrap(console, heading, width))
    for (mark, _meaning), wrapped in zip(legend, meanings, strict=True):
        if height is not None and used + len(wrapped) > height:
            break
        for number, line in enumerate(wrapped):
            lines.append("\n")
            if number == 0 and lane is not None and mark in LANE_MARKS:
                lines.append(mark, style=lane)
                lines.append(" " * (indent - cell_len(mark)))
            elif number == 0 and mark == NEWEST_MARK:
                lines.append(mark, style=Style(bold=True, reverse=True))
                lines.append(" " * (indent - cell_len(mark)))
            else:
                pad = mark + " " * (indent - cell_len(mark)) if number == 0 else " " * indent
                lines.append(pad, style="bold")
            lines.append_text(line)
        used += len(wrapped)
    return lines


class Legend(Widget):
    """As much of the legend as fits in the widget, nothing when not even one entry does;
    or, made ``whole`` (the help's), every entry, as tall as they take at its width."""

    DEFAULT_CSS = """
    Legend {
        height: 1fr;
        padding: 1 1 0 1;
        color: $text-muted;
    }
    Legend.-whole {
        height: auto;
        color: $text;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"legend--lane"}

    def __init__(self, *, whole: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, classes="-whole" if whole else None)
        self.whole = whole

    def render(self) -> RenderableType:
        width, height = self.content_size
        lane = self.get_component_rich_style("legend--lane", partial=True)
        if self.whole:
            return legend_text(self.app.console, width, lane=lane)
        if height < 2:
            return Text()
        text = legend_text(self.app.console, width, height, lane)
        return text if "\n" in text.plain else Text()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.whole:
            return super().get_content_height(container, viewport, width)
        return len(legend_text(self.app.console, width).plain.splitlines())
