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
    """The scores of each turn (``scores``: a player's after turn 0, 1, 2...), each line in
    its colour (``colours``, "#rrggbb"). The points' marks are a round step apart, and one
    row apart at least, whatever the height: a mark with no row of its own was dropped,
    and the steps read unequal (50, 45, 35)."""

    def __init__(
        self, scores: Sequence[Sequence[int]], colours: Sequence[str], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.scores = [list(line) for line in scores]
        self.colours = list(colours)

    def on_mount(self) -> None:
        self.theme = "pro"
        plot = self.plt
        turns = max((len(line) for line in self.scores), default=1) - 1
        # The names are drawn above the chart (``ChartLegend``): plotext counts a
        # character as one cell, so a Japanese name would push its frame out of line.
        for line, colour in zip(self.scores, self.colours, strict=True):
            plot.plot(list(range(len(line))), line, color=_rgb(colour), marker="braille")
        at = whole_ticks(0, turns)
        plot.xticks([float(tick) for tick in at], [str(tick) for tick in at])

    def on_resize(self, event: events.Resize) -> None:
        """Mark the points as often as the height has rows for (every other row at most)."""
        rows = event.size.height - AXIS_ROWS
        every = [score for line in self.scores for score in line]
        most = min(MOST_TICKS, max(2, (rows + 1) // 2))
        ticks = whole_ticks(min(every, default=0), max(every, default=0), most)
        self.plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
        self.refresh()
