"""Every player's score after each turn, a line per player in its colour."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual_plotext import PlotextPlot

AXIS_ROWS = 2
"""The rows under the lines: the turns' axis and its numbers."""

MOST_TICKS = 6
"""The most marks on either axis."""


def whole_ticks(low: int, high: int, most: int = MOST_TICKS) -> list[int]:
    """Whole-number ticks between ``low`` and ``high`` (the scores' range), at most
    ``most`` of them, a round step apart (1, 2, 5, 10, 20, 25, 50...): points are whole,
    so are the chart's marks."""
    step = 1
    while (high - low) // step + 1 > most:
        step = _next_step(step)
    first = -(-low // step) * step  # the first multiple of the step from low up
    return list(range(first, high + 1, step))


def _next_step(step: int) -> int:
    """The next round step after ``step``: 1, 2, 5, 10, 20, 25, 50, 100, 200, 250..."""
    digits = str(step)
    if digits.startswith("20"):
        return step * 5 // 4  # 20 to 25
    if digits == "2":
        return 5
    return step * 2  # 1 to 2, 25 to 50, 5 to 10


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = int(hex_colour.lstrip("#"), 16)
    return value >> 16, (value >> 8) & 0xFF, value & 0xFF


class ScoreChart(PlotextPlot):
    """A line per player in its colour: the scores of each turn (``scores``: a player's
    after turn 0, 1, 2...), or with ``percent`` chances from 0 to 100 at the turns
    ``turns`` gives. The marks up the side are a round step apart, and one row apart at
    least, whatever the height: a mark with no row of its own was dropped, and the steps
    read unequal (50, 45, 35)."""

    def __init__(
        self,
        scores: Sequence[Sequence[float]],
        colours: Sequence[str],
        *,
        turns: Sequence[int] | None = None,
        percent: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.scores = [list(line) for line in scores]
        self.colours = list(colours)
        self.turns = list(turns) if turns is not None else None
        self.percent = percent

    def on_mount(self) -> None:
        self.theme = "pro"
        plot = self.plt
        # The names are drawn above the chart (``ChartLegend``): plotext counts a
        # character as one cell, so a Japanese name would push its frame out of line.
        for line, colour in zip(self.scores, self.colours, strict=True):
            at = self.turns if self.turns is not None else list(range(len(line)))
            plot.plot(at, line, color=_rgb(colour), marker="braille")
        if self.percent:
            plot.ylim(0, 100)
        last = (
            self.turns[-1]
            if self.turns
            else max((len(line) for line in self.scores), default=1) - 1
        )
        at = whole_ticks(0, last)
        plot.xticks([float(tick) for tick in at], [str(tick) for tick in at])

    def on_resize(self, event: events.Resize) -> None:
        """Mark the points as often as the height has rows for (every other row at most)."""
        rows = event.size.height - AXIS_ROWS
        most = min(MOST_TICKS, max(2, (rows + 1) // 2))
        if self.percent:
            ticks = whole_ticks(0, 100, most)
        else:
            every = [round(score) for line in self.scores for score in line]
            ticks = whole_ticks(min(every, default=0), max(every, default=0), most)
        unit = "%" if self.percent else ""
        self.plt.yticks([float(tick) for tick in ticks], [f"{tick}{unit}" for tick in ticks])
        self.refresh()
