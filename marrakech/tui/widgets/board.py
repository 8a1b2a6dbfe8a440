"""The market: 7x7 squares, the border loops, Assam, his lanes, a ghost carpet, a toll region.

Public API (the game and replay screens use it)::

    board = BoardWidget(id="board")
    board.show(state, assam=None, lanes=(), ghost=None, region=frozenset())
    board.square_at(x, y) -> Square | None
    BoardWidget.drawing_height(width, height) -> int

``show`` draws a position. ``assam`` overrides where Assam stands (the walk animation);
``lanes`` marks where he would stop for each die outcome (``Lane(stops, chosen)``);
``ghost`` is a carpet not laid yet (``Ghost(place, colour, legal)``); ``region`` is the
region a toll charged, highlighted. ``square_at`` maps a point of the widget to a square
(None on gaps, loops and labels); ``drawing_height`` is the lines the drawing takes in a
widget of a size (a screen may give the blank room round it to what goes under it). The
board posts ``BoardWidget.SquareClicked`` and ``BoardWidget.SquareHovered`` (square or
None) and never changes the game itself.

Every square reads without colour: a letter per colour (R, B, Y, G; lower case when the
owner is bankrupt), the stack height, ``═`` and ``║`` joining the two halves of a carpet,
one arrow for Assam (on the larger squares also a frame round his square; his square keeps
its carpet's colour), the digits 1-4 on the squares a lane stops on (each roll that stops
there by any way, once, bright when by the picked way; side by side at every size, as the
key says: "34" where a 3 and a 4 stop, above the letter on the larger squares, before it
on a one-line square and never touching it: "34 Y1", the letter a column further right; a
carpet's ``═`` before them leaves its colour only, "═34" reading as one word), a
ghost carpet as an outline of ``░`` in its colour (``x`` marks when it is illegal: the
first and last column of a one-line square, the edge of a larger one) round what its
squares show now (their carpets, labels and Assam stay readable under it), ``$`` on a
charged region, and the labels of the carpet laid last reversed (a computer's move shows
where it went). The drawing grows with the widget (three cell sizes) and is centred.
Carpets take their colours from ``marrakech.tui.palette``, everything else from the
component classes in app.tcss. The border loops are drawn from the rules' own table,
``engine.BORDER_LOOPS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from marrakech.engine import (
    BORDER_LOOPS,
    SIZE,
    Assam,
    BorderLoop,
    Colour,
    Direction,
    GameState,
    LoopEnd,
    Place,
    Square,
)
from marrakech.tui.palette import carpet_style, neutral_style

ARROWS = {Direction.N: "▲", Direction.E: "▶", Direction.S: "▼", Direction.W: "◀"}
"""Assam's facing as one character."""

_CELL_SIZES = ((11, 5), (7, 3), (5, 1))
"""Cell (width, height) options, largest first; the content sits in a 5-column core."""

_CORE = 5
"""The columns of a square's content line: a roll (on the one-line squares), Assam (or a
second roll), letter, height, mark (two rolls there move the letter and height a column
right, over the mark's: ``_rolls_in_core``)."""
_OVERLAYS = frozenset({"ghost", "region", "assam-frame", "newest"})
"""Marks drawn over a square that keep its carpet's colours (only the text style changes)."""
_LEFT = 4
"""Columns left of the market: row label, space, loop, loop."""
_TOP = 2
"""Rows above the market: column labels, then the top loops."""

_CORNERS = {
    frozenset({Direction.S, Direction.E}): "╭",
    frozenset({Direction.S, Direction.W}): "╮",
    frozenset({Direction.N, Direction.E}): "╰",
    frozenset({Direction.N, Direction.W}): "╯",
}
"""The rounded corner joining a line going two ways on the screen (N is up)."""


class Lane(NamedTuple):
    """Where Assam would stop for each die outcome one way; the chosen lane stands out."""

    stops: tuple[Square, ...]
    chosen: bool = False


class Ghost(NamedTuple):
    """A carpet about to be laid: where, in which colour, and whether that is legal."""

    place: Place
    colour: Colour
    legal: bool = True


@dataclass(frozen=True, slots=True)
class _View:
    state: GameState
    assam: Assam
    lanes: tuple[Lane, ...]
    ghost: Ghost | None
    region: frozenset[Square]


class _Layout(NamedTuple):
    """Where everything goes for one cell size."""

    cell_width: int
    cell_height: int

    @property
    def width(self) -> int:
        return _LEFT + SIZE * self.cell_width + SIZE - 1 + 2

    @property
    def height(self) -> int:
        return _TOP + SIZE * self.cell_height + SIZE - 1 + 1

    def x(self, col: int) -> int:
        return _LEFT + col * (self.cell_width + 1)

    def y(self, row: int) -> int:
        return _TOP + row * (self.cell_height + 1)

    def centre_x(self, col: int) -> int:
        return self.x(col) + self.cell_width // 2

    def centre_y(self, row: int) -> int:
        return self.y(row) + self.cell_height // 2

    @property
    def right(self) -> int:
        """The first column right of the market."""
        return self.x(SIZE - 1) + self.cell_width

    @property
    def bottom(self) -> int:
        """The row of the bottom loops."""
        return self.y(SIZE - 1) + self.cell_height


def _fitting(width: int, height: int) -> _Layout:
    """The largest layout that fits ``width`` x ``height`` (the smallest where none does)."""
    for cell in _CELL_SIZES:
        layout = _Layout(*cell)
        if layout.width <= width and layout.height <= height:
            return layout
    return _Layout(*_CELL_SIZES[-1])


class _Canvas:
    """A grid of characters with a style each."""

    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width = width
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[style] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        for offset, char in enumerate(text):
            self.chars[y][x + offset] = char
            self.styles[y][x + offset] = style

    def strips(self) -> list[Strip]:
        strips = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            segments = []
            start = 0
            for end in range(1, self.width + 1):
                if end == self.width or (
                    styles[end] is not styles[start] and styles[end] != styles[start]
                ):
                    segments.append(Segment("".join(chars[start:end]), styles[start]))
                    start = end
            strips.append(Strip(segments, self.width))
        return strips


class BoardWidget(Widget):
    """The market with its border loops; see the module docstring for the API."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--market",
        "board--gap",
        "board--loop",
        "board--label",
        "board--assam",
        "board--assam-frame",
        "board--lane",
        "board--lane-chosen",
        "board--ghost",
        "board--illegal",
        "board--region",
        "board--newest",
    }

    class SquareClicked(Message):
        """A square of the market was clicked."""

        def __init__(self, square: Square) -> None:
            super().__init__()
            self.square = square

    class SquareHovered(Message):
        """The mouse moved onto a square of the market (None: off the squares)."""

        def __init__(self, square: Square | None) -> None:
            super().__init__()
            self.square = square

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: _View | None = None
        self._strips: list[Strip] | None = None
        self._drawn_for = Size(0, 0)
        """The size the strips were drawn for: at another, they are drawn again."""
        self._offset = (0, 0)
        self._layout = _Layout(*_CELL_SIZES[-1])
        self._hovered: Square | None = None
        self._styles: dict[str, Style] = {}

    # -- the API ----------------------------------------------------------------------

    def show(
        self,
        state: GameState,
        *,
        assam: Assam | None = None,
        lanes: tuple[Lane, ...] = (),
        ghost: Ghost | None = None,
        region: frozenset[Square] = frozenset(),
    ) -> None:
        """Draw a position with the given overlays (see the module docstring)."""
        view = _View(state, state.assam if assam is None else assam, lanes, ghost, region)
        if view != self._view:
            self._view = view
            self._strips = None
            self.refresh()

    def square_at(self, x: int, y: int) -> Square | None:
        """The square under a point of the widget, or None."""
        layout = self._layout
        x -= self._offset[0] + _LEFT
        y -= self._offset[1] + _TOP
        if x < 0 or y < 0:
            return None
        col, col_offset = divmod(x, layout.cell_width + 1)
        row, row_offset = divmod(y, layout.cell_height + 1)
        if col >= SIZE or row >= SIZE:
            return None
        if col_offset == layout.cell_width or row_offset == layout.cell_height:
            return None
        return (row, col)

    @staticmethod
    def drawing_height(width: int, height: int) -> int:
        """The lines the market's drawing takes in a widget of this size (the rest is blank
        room round it)."""
        return _fitting(width, height).height

    # -- mouse --------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        square = self.square_at(event.x, event.y)
        if square is not None:
            self.post_message(self.SquareClicked(square))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.square_at(event.x, event.y))

    def on_leave(self, _event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, square: Square | None) -> None:
        if square != self._hovered:
            self._hovered = square
            self.post_message(self.SquareHovered(square))

    # -- drawing ------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._strips = None

    def render_line(self, y: int) -> Strip:
        # Drawn again at a new size (a repaint at it can come before the Resize event).
        if self._strips is None or self._drawn_for != self.size:
            self._strips, self._drawn_for = self._draw(), self.size
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def _draw(self) -> list[Strip]:
        """The whole widget, line by line: the drawing centred in the widget's size."""
        layout = self._layout = _fitting(*self.size)
        width, height = self.size
        left = max(0, (width - layout.width) // 2)
        top = max(0, (height - layout.height) // 2)
        self._offset = (left, top)
        canvas = _Canvas(layout.width, layout.height, self.rich_style)
        self._draw_labels(canvas, layout)
        self._draw_loops(canvas, layout)
        if self._view is not None:
            self._draw_market(canvas, layout, self._view)
        background = self.rich_style
        blank = Strip.blank(width, background)
        pad = Segment(" " * left, background)
        lines = [blank] * top
        for strip in canvas.strips():
            line = Strip([pad, *strip], left + strip.cell_length)
            lines.append(line.adjust_cell_length(width, background))
        return lines + [blank] * max(0, height - len(lines))

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self.get_component_rich_style(f"board--{name}")
            if name in _OVERLAYS:
                style = style.without_color
            self._styles[name] = style
        return style

    def _draw_labels(self, canvas: _Canvas, layout: _Layout) -> None:
        style = self._style("label")
        for index in range(SIZE):
            canvas.put(layout.centre_x(index), 0, str(index), style)
            canvas.put(0, layout.centre_y(index), str(index), style)

    def _draw_loops(self, canvas: _Canvas, layout: _Layout) -> None:
        """The printed border, one line per loop of BORDER_LOOPS: an arc along one side
        between its two ends, or a corner loop turning round its corner square."""
        style = self._style("loop")
        for loop in BORDER_LOOPS:
            points = _loop_points(layout, loop)
            for (x1, y1), (x2, y2) in pairwise(points):
                for x in range(min(x1, x2) + 1, max(x1, x2)):
                    canvas.put(x, y1, "─", style)
                for y in range(min(y1, y2) + 1, max(y1, y2)):
                    canvas.put(x1, y, "│", style)
            last = len(points) - 1
            for index, point in enumerate(points):
                ways = set()  # where the line goes from this corner
                if index > 0:
                    ways.add(_towards(point, points[index - 1]))
                if index < last:
                    ways.add(_towards(point, points[index + 1]))
                if index == 0:
                    ways.add(loop.first.outward.opposite)  # back to the end's square
                if index == last:
                    ways.add(loop.second.outward.opposite)
                canvas.put(*point, _CORNERS[frozenset(ways)], style)
            for end, (x, y) in ((loop.first, points[0]), (loop.second, points[-1])):
                if end.outward in (Direction.E, Direction.W):
                    # A side loop sits one column out: a dash joins it to the square.
                    canvas.put(x + end.outward.opposite.delta[1], y, "─", style)

    def _draw_market(self, canvas: _Canvas, layout: _Layout, view: _View) -> None:
        state = view.state
        ghost = view.ghost
        ghost_squares = (ghost.place.a, ghost.place.b) if ghost is not None else ()
        gap = self._style("gap")
        pad = (layout.cell_width - _CORE) // 2
        rolls = _rolls_by_square(view.lanes)
        in_core = {
            square: _rolls_in_core(
                layout,
                len(square_rolls),
                assam_here=square == view.assam.square,
                last_column_used=square in view.region or square in ghost_squares,
            )
            for square, square_rolls in rolls.items()
        }
        for row in range(SIZE):
            for col in range(SIZE):
                square = (row, col)
                base = self._square_style(state, square)
                if square in view.region:
                    base += self._style("region")
                x, y = layout.x(col), layout.y(row)
                for line in range(layout.cell_height):
                    canvas.put(x, y + line, " " * layout.cell_width, base)
                if square == view.assam.square and layout.cell_height > 1:
                    self._draw_assam_frame(canvas, layout, square, base)
                shift = 1 if in_core.get(square, 0) > 1 else 0
                self._draw_core(canvas, x + pad, layout.centre_y(row), square, base, view, shift)
                if ghost is not None and square in ghost_squares:
                    self._draw_ghost_outline(canvas, layout, square, ghost)
                if col < SIZE - 1:
                    join = self._joined(state, square, (row, col + 1), ghost)
                    # The join's colour alone where a roll starts the next square's line:
                    # "═3" read as one word ("Y1 ═3 Y2").
                    marked = join and not in_core.get((row, col + 1), 0)
                    for line in range(layout.cell_height):
                        mark = "═" if marked and line == layout.cell_height // 2 else " "
                        canvas.put(x + layout.cell_width, y + line, mark, join or gap)
                if row < SIZE - 1:
                    join = self._joined(state, square, (row + 1, col), ghost)
                    text = " " * layout.cell_width
                    if join:
                        middle = layout.cell_width // 2
                        text = text[:middle] + "║" + text[middle + 1 :]
                    canvas.put(x, y + layout.cell_height, text, join or gap)
                    if col < SIZE - 1:
                        canvas.put(x + layout.cell_width, y + layout.cell_height, " ", gap)
        for square, square_rolls in rolls.items():
            places = _roll_places(layout, square, len(square_rolls), in_core[square])
            for roll, (x, y) in zip(square_rolls, places, strict=False):
                lane = self._style("lane-chosen" if roll.chosen else "lane")
                canvas.put(x, y, str(roll.value), canvas.styles[y][x] + lane)

    def _draw_assam_frame(
        self, canvas: _Canvas, layout: _Layout, square: Square, base: Style
    ) -> None:
        """A frame round Assam's square, in the square's own colours (the larger squares)."""
        style = base + self._style("assam-frame")
        row, col = square
        x, y = layout.x(col), layout.y(row)
        width, bottom = layout.cell_width, y + layout.cell_height - 1
        canvas.put(x, y, "┏" + "━" * (width - 2) + "┓", style)
        for line in range(y + 1, bottom):
            canvas.put(x, line, "┃", style)
            canvas.put(x + width - 1, line, "┃", style)
        canvas.put(x, bottom, "┗" + "━" * (width - 2) + "┛", style)

    def _draw_ghost_outline(
        self, canvas: _Canvas, layout: _Layout, square: Square, ghost: Ghost
    ) -> None:
        """A ghost carpet's half: an outline in its colour round the square's own drawing
        (the first and last column of a one-line square; the edge of a larger one)."""
        style = self._ghost_style(ghost)
        hatch = "░" if ghost.legal else "\N{MULTIPLICATION SIGN}"
        row, col = square
        x, y = layout.x(col), layout.y(row)
        width, height = layout.cell_width, layout.cell_height
        if height > 1:
            canvas.put(x, y, hatch * width, style)
            canvas.put(x, y + height - 1, hatch * width, style)
        for line in range(y, y + height):
            canvas.put(x, line, hatch, style)
            canvas.put(x + width - 1, line, hatch, style)

    def _draw_core(
        self, canvas: _Canvas, x: int, y: int, square: Square, base: Style, view: _View, shift: int
    ) -> None:
        """The core's Assam, letter, height and mark (the rolls come last: ``_roll_places``);
        the letter and height ``shift`` columns right, where two rolls go before them."""
        state = view.state
        stack = state.stack(square)
        label = base
        if stack:
            top = stack[-1]
            letter = (
                top.colour.letter.lower() if state.is_neutral(top.colour) else top.colour.letter
            )
            height = str(len(stack)) if len(stack) < 10 else "+"
            if top.carpet == state.next_carpet - 1:  # the carpet laid last
                label = base + self._style("newest")
        else:
            letter, height = "·", " "
        canvas.put(x + 2 + shift, y, f"{letter}{height}", label)
        if square in view.region:
            canvas.put(x + 4, y, "$", base)
        if square == view.assam.square:
            canvas.put(x + 1, y, ARROWS[view.assam.facing], base + self._style("assam"))

    def _ghost_style(self, ghost: Ghost) -> Style:
        return carpet_style(ghost.colour) + self._style("ghost" if ghost.legal else "illegal")

    def _square_style(self, state: GameState, square: Square) -> Style:
        top = state.top(square)
        if top is None:
            return self._style("market")
        if state.is_neutral(top.colour):
            return neutral_style()
        return carpet_style(top.colour)

    def _joined(
        self, state: GameState, first: Square, second: Square, ghost: Ghost | None
    ) -> Style | None:
        """The style of the gap between two squares when one carpet covers both, else None."""
        if ghost is not None and {first, second} == {ghost.place.a, ghost.place.b}:
            return self._ghost_style(ghost)
        top, other = state.top(first), state.top(second)
        if top is None or other is None or top.carpet != other.carpet:
            return None
        return self._square_style(state, first)


def _port(layout: _Layout, end: LoopEnd) -> tuple[int, int]:
    """The (x, y) where a loop end's line turns, just off the market beside its square."""
    row, col = end.square
    if end.outward is Direction.N:
        return layout.centre_x(col), _TOP - 1
    if end.outward is Direction.S:
        return layout.centre_x(col), layout.bottom
    if end.outward is Direction.W:
        return _LEFT - 2, layout.centre_y(row)
    return layout.right + 1, layout.centre_y(row)


def _loop_points(layout: _Layout, loop: BorderLoop) -> list[tuple[int, int]]:
    """The corners of a loop's line, end to end: straight along one side for an arc; for
    a corner loop, round the corner where the two sides' lines meet."""
    start, stop = _port(layout, loop.first), _port(layout, loop.second)
    if not loop.is_corner:
        return [start, stop]
    if loop.first.outward in (Direction.E, Direction.W):
        return [start, (start[0], stop[1]), stop]
    return [start, (stop[0], start[1]), stop]


def _towards(here: tuple[int, int], there: tuple[int, int]) -> Direction:
    """The screen direction from one point to another on the same row or column."""
    (x1, y1), (x2, y2) = here, there
    if x1 == x2:
        return Direction.S if y2 > y1 else Direction.N
    return Direction.E if x2 > x1 else Direction.W


class _Roll(NamedTuple):
    """A roll that stops on a square, and whether it is the picked way's."""

    value: int
    chosen: bool


def _rolls_by_square(lanes: tuple[Lane, ...]) -> dict[Square, list[_Roll]]:
    """Every roll of every lane on the square it stops on, each value once (bright when
    the picked way stops there with it: two ways alike would read as "11", like "34"),
    in order of value."""
    chosen: dict[Square, dict[int, bool]] = {}
    for lane in lanes:
        for value, square in enumerate(lane.stops, start=1):
            values = chosen.setdefault(square, {})
            values[value] = values.get(value, False) or lane.chosen
    return {
        square: [_Roll(value, bright) for value, bright in sorted(values.items())]
        for square, values in chosen.items()
    }


def _rolls_in_core(layout: _Layout, count: int, *, assam_here: bool, last_column_used: bool) -> int:
    """How many of a square's ``count`` rolls go on its core's line: none on the larger
    squares (theirs go above it). A one-line square holds two, with a space before its
    letter, which moves a column right ("34 Y1": "34Y1" read as one word); one beside
    Assam, or where the core's last column is taken (a "$", a carpet's outline) and the
    letter cannot move."""
    if layout.cell_height > 1:
        return 0
    return min(count, 1 if assam_here or last_column_used else 2)


def _roll_places(
    layout: _Layout, square: Square, count: int, in_core: int
) -> list[tuple[int, int]]:
    """Where a square's rolls go, an (x, y) each, side by side at every size ("34", as the
    key to the market says: spaced, "3 4" would read as two marks). On the larger squares:
    the line above the core, centred. On the one-line squares: the core's first
    ``in_core`` columns (``_rolls_in_core``); a roll that finds no room there goes on the
    gap line beside the square, towards the middle of the market."""
    row, col = square
    x, y = layout.x(col), layout.centre_y(row)
    if layout.cell_height > 1:
        start = x + (layout.cell_width - count) // 2
        return [(start + index, y - 1) for index in range(count)]
    beside = y + 1 if row < SIZE - 1 else y - 1
    core = [(x, y), (x + 1, y)][:in_core]
    return [*core, (x, beside), (x + 1, beside)]
