"""The market's marks at every square size: every roll where it stops, Assam as one figure.

Each test reads the board as a player sees it: the characters drawn and their colours,
square by square (``BoardWidget.square_at`` says which square a point belongs to).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.color import Color
from rich.style import Style

from marrakech.engine import SIZE, Colour, Direction, Square, Turn
from marrakech.flow.risk import lane_risks
from marrakech.tui.palette import CARPET_COLOURS
from marrakech.tui.widgets.board import ARROWS, BoardWidget, Lane

from .helpers import position, run
from .test_board import BoardApp

SIZES = {"5x1": (47, 16), "7x3": (64, 31), "11x5": (90, 45)}
"""A terminal size that draws the market's squares at each cell size."""

Picture = list[list[tuple[str, Style]]]


def picture(board: BoardWidget) -> Picture:
    """The board as drawn: a character and its style at each point."""
    return [
        [
            (char, segment.style or Style())
            for segment in board.render_line(y)
            for char in segment.text
        ]
        for y in range(board.size.height)
    ]


def boxes(board: BoardWidget) -> dict[Square, tuple[range, range]]:
    """The columns and lines of the widget that show each square."""
    points: dict[Square, list[tuple[int, int]]] = {}
    for y in range(board.size.height):
        for x in range(board.size.width):
            square = board.square_at(x, y)
            if square is not None:
                points.setdefault(square, []).append((x, y))
    return {
        square: (
            range(min(x for x, _y in found), max(x for x, _y in found) + 1),
            range(min(y for _x, y in found), max(y for _x, y in found) + 1),
        )
        for square, found in points.items()
    }


def beside(box: tuple[range, range]) -> Iterator[tuple[int, int]]:
    """The points of a square's box, and of the line just above and just below it."""
    xs, ys = box
    for y in range(ys.start - 1, ys.stop + 1):
        for x in xs:
            yield x, y


def way_lanes(square: Square, facing: str, chosen: Turn) -> dict[Turn | None, Lane]:
    """The lanes the game draws for Assam on an empty market before the roll, one way picked."""
    state = position(assam=(square, facing))
    return {risk.turn: Lane(risk.stops, chosen=risk.turn == chosen) for risk in lane_risks(state)}


def lane_colours(board: BoardWidget) -> dict[bool, Color | None]:
    """The background of a roll's digit: of the way picked (True) or of another way."""
    return {
        chosen: board.get_component_rich_style(
            "board--lane-chosen" if chosen else "board--lane"
        ).bgcolor
        for chosen in (True, False)
    }


def unseen_rolls(
    board: BoardWidget,
    drawn: Picture,
    box_of: dict[Square, tuple[range, range]],
    lanes: dict[Turn | None, Lane],
) -> list[tuple[object, ...]]:
    """Each (way, roll, square) whose roll is not drawn on (or right beside) its square,
    bright when the way picked stops there with it (else in the other ways' colour); and
    the count of rolls' digits drawn when it is not one per roll and square (two ways
    that stop on one square with one roll show it once: "11" would read like "34")."""
    colours = lane_colours(board)
    bright = {
        (square, roll)
        for lane in lanes.values()
        if lane.chosen
        for roll, square in enumerate(lane.stops, start=1)
    }
    unseen: list[tuple[object, ...]] = []
    for turn, lane in lanes.items():
        for roll, square in enumerate(lane.stops, start=1):
            colour = colours[(square, roll) in bright]
            seen = any(
                0 <= y < len(drawn)
                and drawn[y][x][0] == str(roll)
                and drawn[y][x][1].bgcolor == colour
                for x, y in beside(box_of[square])
            )
            if not seen:
                unseen.append((turn, roll, square))
    marks = {
        (square, roll) for lane in lanes.values() for roll, square in enumerate(lane.stops, start=1)
    }
    digits = sum(
        1
        for line in drawn
        for char, style in line
        if char.isdigit() and style.bgcolor in colours.values()
    )
    if digits != len(marks):
        unseen.append(("digits drawn", digits, "rolls", len(marks)))
    return unseen


async def check_every_way(size: str, places: list[tuple[Square, str]]) -> list[tuple[object, ...]]:
    """Draw every way from each (square, facing) listed, each way picked in turn, at one
    cell size; the (way, roll) pairs not visible, and any digit too many."""
    app = BoardApp()
    problems: list[tuple[object, ...]] = []
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        box_of = boxes(board)
        for square, facing in places:
            for chosen in Turn:
                lanes = way_lanes(square, facing, chosen)
                board.show(position(assam=(square, facing)), lanes=tuple(lanes.values()))
                for problem in unseen_rolls(board, picture(board), box_of, lanes):
                    problems.append((square, facing, chosen, *problem))
    return problems


@pytest.mark.parametrize("size", SIZES)
@run
async def test_rolls_that_share_a_square_all_show(size: str) -> None:
    # (0,3) facing E: ahead, a 3 and a 4 both stop on (0,6). (0,5) facing N: to the
    # right, a 1 and a 2 both stop on (0,6); to the left, the 1 stops on (0,4) as the 1
    # ahead does (shown once). (0,6) facing N: the 1 ahead and the 1 to the right both stop
    # on his own square; (6,0) facing S: the same in the other corner, on the last row.
    places = [((0, 3), "E"), ((0, 5), "N"), ((0, 6), "N"), ((6, 0), "S")]
    assert await check_every_way(size, places) == []


@pytest.mark.slow
# The two smaller cells, where the marks are most crowded (the largest is checked on the
# crowded cases above).
@pytest.mark.parametrize("size", ["5x1", "7x3"])
@run
async def test_every_roll_of_every_way_shows_from_every_square(size: str) -> None:
    places = [
        ((row, col), facing) for row in range(SIZE) for col in range(SIZE) for facing in "NESW"
    ]
    assert await check_every_way(size, places) == []


def drawn_on(board: BoardWidget, square: Square) -> list[tuple[str, Style]]:
    """What is drawn on a square, point by point."""
    xs, ys = boxes(board)[square]
    drawn = picture(board)
    return [drawn[y][x] for y in ys for x in xs]


@pytest.mark.parametrize("size", SIZES)
@run
async def test_assam_is_one_figure_and_his_carpet_keeps_its_colour(size: str) -> None:
    app = BoardApp()
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        for facing in Direction:
            state = position(carpets=[("R", (3, 3), (3, 4))], assam=((3, 3), facing.name))
            board.show(state)
            points = drawn_on(board, (3, 3))
            figures = [char for char, _style in points if char in ARROWS.values()]
            assert figures == [ARROWS[facing]], (facing, figures)
            text = "".join(char for char, _style in points)
            assert "R1" in text
            carpet = [
                style.bgcolor.name if style.bgcolor else None
                for char, style in points
                if char != ARROWS[facing]
            ]
            assert set(carpet) == {CARPET_COLOURS[Colour.RED]}, (facing, set(carpet))


@run
async def test_without_colour_the_arrow_still_gives_the_facing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardApp()
    async with app.run_test(size=SIZES["7x3"]) as pilot:
        await pilot.pause()
        assert app.no_color
        board = app.query_one(BoardWidget)
        board.show(position(carpets=[("R", (3, 3), (3, 4))], assam=((3, 3), "W")))
        points = drawn_on(board, (3, 3))
    text = "".join(char for char, _style in points)
    assert text.count("◀") == 1 and not set("▲▶▼") & set(text)
    assert "◀R1" in text


def lines_on(board: BoardWidget, square: Square) -> list[str]:
    """The text drawn on a square, line by line."""
    xs, ys = boxes(board)[square]
    drawn = picture(board)
    return ["".join(drawn[y][x][0] for x in xs) for y in ys]


@pytest.mark.parametrize("size", SIZES)
@run
async def test_rolls_that_share_a_square_read_as_the_key_says(size: str) -> None:
    # The key to the market: "34", a roll of 3 and a roll of 4 both stop there. Spaced,
    # "3 4" would read as two marks, so the digits sit side by side at every size.
    # (0,3) facing E: ahead, a 3 and a 4 stop on (0,6); (0,5) facing N: to the right, a
    # 1 and a 2 stop on (0,6).
    app = BoardApp()
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        seen = {}
        for square, facing, chosen, digits in [
            ((0, 3), "E", Turn.STRAIGHT, "34"),
            ((0, 5), "N", Turn.RIGHT, "12"),
        ]:
            lanes = way_lanes(square, facing, chosen)
            board.show(position(assam=(square, facing)), lanes=tuple(lanes.values()))
            lines = lines_on(board, (0, 6))
            seen[digits] = [line for line in lines if any(char.isdigit() for char in line)]
    assert [digits in "".join(lines) for digits, lines in seen.items()] == [True, True], seen
    spaced = [line for lines in seen.values() for line in lines if re.search(r"\d +\d", line)]
    assert spaced == [], seen


@pytest.mark.parametrize("size", SIZES)
@run
async def test_rolls_never_touch_the_carpet_they_stop_on(size: str) -> None:
    # (6,0) facing S beside a blue carpet on (6,1)-(6,2): a 1 and a 2 stop on (6,1), a 2
    # and a 3 on (6,2). On the one-line squares "12B1" read as one word.
    state = position(players=3, carpets=[("B", (6, 1), (6, 2))], assam=((6, 0), "S"))
    app = BoardApp()
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        board.show(state, lanes=tuple(Lane(risk.stops) for risk in lane_risks(state)))
        await pilot.pause()
        seen = {square: "\n".join(lines_on(board, square)) for square in ((6, 1), (6, 2))}
    assert ["12" in seen[(6, 1)], "23" in seen[(6, 2)]] == [True, True], seen
    assert all("B1" in text for text in seen.values()), seen
    assert [text for text in seen.values() if re.search(r"\d[A-Za-z·]", text)] == [], seen


@run
async def test_a_carpet_s_join_never_runs_into_the_rolls_after_it() -> None:
    # The same carpet, Assam at (6,0) facing S: on the one-line squares "B1 ═23 B1" read
    # "=23". The join keeps the carpet's colour, without its mark.
    state = position(players=3, carpets=[("B", (6, 1), (6, 2))], assam=((6, 0), "S"))
    app = BoardApp()
    async with app.run_test(size=SIZES["5x1"]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        board.show(state, lanes=tuple(Lane(risk.stops) for risk in lane_risks(state)))
        await pilot.pause()
        drawn = picture(board)
        row = next(line for line in drawn if "".join(char for char, _ in line).count("B1") == 2)
        text = "".join(char for char, _style in row)
        assert re.search(r"B1 +23 B1", text) and "═" not in text, text
        board.show(state)  # no rolls: the join is marked again
        await pilot.pause()
        text = "".join(char for char, _style in picture(board)[drawn.index(row)])
        assert re.search(r"B1 +═ +B1", text), text


@pytest.mark.parametrize("size", SIZES)
@run
async def test_the_carpet_laid_last_shows_its_labels_reversed(size: str) -> None:
    # A computer's carpet appeared with nothing to say where it went.
    state = position(players=3, carpets=[("R", (2, 2), (2, 3)), ("B", (4, 4), (5, 4))])
    app = BoardApp()
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        board.show(state)
        await pilot.pause()
        drawn = picture(board)
        squares = boxes(board)

    def label_reversed(square: Square) -> bool:
        xs, ys = squares[square]
        return any(
            char.isalpha() and bool(style.reverse)
            for y in ys
            for x in xs
            for char, style in [drawn[y][x]]
        )

    assert [label_reversed(square) for square in ((4, 4), (5, 4))] == [True, True]
    assert [label_reversed(square) for square in ((2, 2), (2, 3), (0, 0))] == [False] * 3
