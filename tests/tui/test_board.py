"""The board widget: a fixed position drawn as text (golden files), and the mouse."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult

import marrakech.tui
from marrakech.engine import Colour, GameState, Place, Variant
from marrakech.tui.palette import CARPET_COLOURS, FULL
from marrakech.tui.widgets.board import BoardWidget, Ghost, Lane

from .helpers import check_golden, position, run, wait_until

STYLESHEET = Path(marrakech.tui.__file__).parent / "app.tcss"


class BoardApp(App[None]):
    """Just the board, with the game's stylesheet."""

    CSS_PATH = STYLESHEET

    def __init__(self) -> None:
        super().__init__()
        self.clicked: list[tuple[int, int]] = []

    def compose(self) -> ComposeResult:
        yield BoardWidget()

    def on_board_widget_square_clicked(self, event: BoardWidget.SquareClicked) -> None:
        self.clicked.append(event.square)


def sample() -> GameState:
    """Three players, BLUE bankrupt (neutral), stacks of two, carpets both ways."""
    return position(
        players=3,
        carpets=[
            ("B", (2, 4), (2, 5)),
            ("R", (1, 3), (2, 3)),
            ("Y", (2, 5), (3, 5)),
            ("R", (4, 1), (4, 2)),
            ("Y", (5, 1), (5, 2)),
            ("B", (0, 0), (1, 0)),
        ],
        assam=((3, 3), "E"),
        eliminated=(1,),
        money=(30, 0, 30),
    )


def board_text(board: BoardWidget) -> str:
    lines = []
    for y in range(board.size.height):
        lines.append("".join(segment.text for segment in board.render_line(y)).rstrip())
    return "\n".join(lines).strip("\n")


@run
async def test_compact_board_matches_golden() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(
            sample(),
            lanes=(Lane(((3, 4), (3, 5), (3, 6), (4, 6)), chosen=True), Lane(((2, 3),))),
        )
        await pilot.pause()
        check_golden("board_compact.txt", board_text(board))


@run
async def test_large_board_matches_golden() -> None:
    app = BoardApp()
    async with app.run_test(size=(64, 31)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(
            sample(),
            ghost=Ghost(Place((3, 4), (4, 4)), Colour.RED),
            region=frozenset({(1, 3), (2, 3)}),
        )
        await pilot.pause()
        check_golden("board_large.txt", board_text(board))


@run
async def test_every_square_reads_without_colour() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(sample())
        await pilot.pause()
        text = board_text(board)
    rows = text.splitlines()
    assert "▶·" in rows[2 + 3 * 2]  # Assam on (3,3) facing E, on an empty square
    assert "b1" in rows[2]  # a neutral (bankrupt) blue carpet is lower case
    assert "Y2" in rows[2 + 2 * 2]  # yellow on top of the blue half: a stack of two
    assert "═" in rows[2 + 4 * 2]  # the red carpet (4,1)-(4,2) is joined sideways
    assert "║" in rows[2 + 1 * 2 + 1]  # the red carpet (1,3)-(2,3) is joined downwards


@run
async def test_carpets_are_drawn_in_the_palette_colours() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(sample())
        await pilot.pause()
        backgrounds = {
            segment.text.strip(): segment.style.bgcolor
            for y in range(board.size.height)
            for segment in board.render_line(y)
            if segment.style is not None and segment.text.strip() in ("R1", "Y2", "b1")
        }
    assert {text: colour.name for text, colour in backgrounds.items() if colour} == {
        "R1": CARPET_COLOURS[Colour.RED],
        "Y2": CARPET_COLOURS[Colour.YELLOW],
        "b1": FULL.neutral,
    }


@run
async def test_clicks_name_the_square_and_gaps_name_nothing() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(sample())
        await pilot.pause()
        assert board.square_at(4, 2) == (0, 0)
        assert board.square_at(4 + 6 * 6 + 4, 2 + 6 * 2) == (6, 6)
        assert board.square_at(9, 2) is None  # the gap between (0,0) and (0,1)
        assert board.square_at(1, 1) is None  # the loops
        await pilot.click(BoardWidget, offset=(4 + 3 * 6 + 2, 2 + 2 * 2))
        await pilot.pause()
    assert app.clicked == [(2, 3)]


def test_a_variant_position_builds() -> None:
    state = position(variant=Variant.AIM, phase="roll")
    assert state.variant is Variant.AIM


def backgrounds_of(board: BoardWidget, texts: set[str]) -> dict[str, str | None]:
    """The background colour of each listed piece of text drawn on the board."""
    return {
        segment.text.strip(): segment.style.bgcolor.name if segment.style.bgcolor else None
        for y in range(board.size.height)
        for segment in board.render_line(y)
        if segment.style is not None and segment.text.strip() in texts
    }


def styles_at(board: BoardWidget, row: int) -> list[tuple[str, str | None]]:
    """Each character of a line of the board, with its background colour."""
    return [
        (char, segment.style.bgcolor.name if segment.style and segment.style.bgcolor else None)
        for segment in board.render_line(row)
        for char in segment.text
    ]


@run
async def test_a_carpet_not_laid_yet_is_an_outline_that_hides_nothing() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(
            sample(), ghost=Ghost(Place((2, 5), (2, 6)), Colour.RED), region=frozenset({(4, 1)})
        )
        await pilot.pause()
        text = board_text(board)
        assert "░ Y2░═░ · ░" in text  # the yellow half under it still reads Y2
        assert "R1$" in text  # the paid region, marked in letters too
        line = styles_at(board, 2 + 2 * 2)
        assert backgrounds_of(board, {"R1$"}) == {"R1$": CARPET_COLOURS[Colour.RED]}
    start = "".join(char for char, _ in line).index("░ Y2░")
    colours = [colour for _, colour in line[start : start + 5]]
    red, yellow = CARPET_COLOURS[Colour.RED], CARPET_COLOURS[Colour.YELLOW]
    assert colours == [red, yellow, yellow, yellow, red]  # an outline in the carpet's red


@run
async def test_assam_is_drawn_over_a_carpet_not_laid_yet() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(sample(), ghost=Ghost(Place((2, 3), (3, 3)), Colour.RED, legal=False))
        await pilot.pause()
        rows = board_text(board).splitlines()
    times = "\N{MULTIPLICATION SIGN}"
    assert f"{times} R1{times}" in rows[2 + 2 * 2]  # the red half under it still reads R1
    assert f"{times}▶· {times}" in rows[2 + 3 * 2]  # Assam's arrow on top of the carpet


@run
async def test_assam_grows_with_the_squares() -> None:
    app = BoardApp()
    async with app.run_test(size=(47, 16)) as pilot:
        board = app.query_one(BoardWidget)
        board.show(sample())
        await pilot.pause()
        small = board_text(board)
        await pilot.resize_terminal(64, 31)
        await wait_until(pilot, lambda: board.size.width > 47, "the larger board")
        await pilot.pause()
        large = board_text(board)
    assert small.count("▶") == large.count("▶") == 1  # one arrow, the way he faces
    assert "┏" not in small  # no room for more on a one-line square
    assert large.count("┏") == large.count("┛") == 1  # a frame round his square
    assert "┃ ▶·  ┃" in large
