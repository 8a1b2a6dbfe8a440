"""16-colour terminals and NO_COLOR: the market stays readable without the full palette."""

from __future__ import annotations

import pytest
from rich.color import ColorType

from marrakech.bots import make_bot
from marrakech.engine import Colour, Phase
from marrakech.games.session import GameSetup, Session
from marrakech.tui import palette
from marrakech.tui.app import MarrakechApp
from marrakech.tui.widgets.board import BoardWidget

from .helpers import run, screen_text, wait_until


def a_game() -> Session:
    """A 2-player game with every colour showing on the market."""
    session = Session(GameSetup(2, seed=3))
    bot = make_bot("greedy", seed=1)
    while {stack[-1].colour for _, stack in session.state.squares() if stack} != set(Colour):
        session.play(bot.choose(session.state))
        if session.state.phase is Phase.ROLL:
            session.roll()
    return session


@run
async def test_sixteen_colours_use_only_the_consoles_eight_backgrounds() -> None:
    app = MarrakechApp(session=a_game(), basic_colours=True)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert app.current_theme.ansi
        board = app.screen.query_one(BoardWidget)
        backgrounds = {
            segment.style.bgcolor
            for y in range(board.size.height)
            for segment in board.render_line(y)
            if segment.style is not None and segment.style.bgcolor is not None
        }
    for colour in backgrounds:
        assert colour.type in (ColorType.STANDARD, ColorType.DEFAULT), colour
        assert colour.number is None or colour.number < 8, colour  # no bright background
    numbers = {colour.number for colour in backgrounds}
    assert {1, 2, 3, 4, 7} <= numbers  # red, green, yellow, blue carpets on a white floor
    assert palette.current() is palette.BASIC


@run
async def test_a_full_colour_terminal_keeps_the_market_palette() -> None:
    app = MarrakechApp(session=a_game(), basic_colours=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert app.theme == "marrakech"
        assert palette.current() is palette.FULL


@run
async def test_with_no_color_every_carpet_still_reads_by_its_letter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = MarrakechApp(session=a_game())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert app.no_color
        text = screen_text(app)
    for letter in "RBYG":
        assert f"{letter}1" in text  # on the market
        assert f" {letter} " in text  # the colour chips in the panels


@pytest.mark.slow
@pytest.mark.parametrize("basic", [True, False])
@run
async def test_the_theme_picker_offers_the_themes_the_terminal_can_draw(basic: bool) -> None:
    app = MarrakechApp(session=a_game(), basic_colours=basic)
    async with app.run_test(size=(100, 34)) as pilot:
        app.search_themes()
        await pilot.pause()
        await pilot.press(*"nord")
        if basic:
            await wait_until(pilot, lambda: "No matches found" in screen_text(app), "no match")
        else:
            await wait_until(pilot, lambda: screen_text(app).count("nord") == 2, "the nord theme")
        await pilot.press(*["backspace"] * 4, *"ansi")
        await wait_until(pilot, lambda: "ansi-light" in screen_text(app), "the ANSI themes")
        assert "ansi-dark" in screen_text(app)


@run
async def test_the_theme_picker_opens_on_the_theme_in_use() -> None:
    app = MarrakechApp(session=a_game())
    async with app.run_test(size=(100, 34)) as pilot:
        app.theme = "nord"
        await pilot.pause()
        app.search_themes()
        await wait_until(pilot, lambda: "The theme in use" in screen_text(app), "the theme list")
        await pilot.press("enter")  # keeps it: it was the one highlighted
        await pilot.pause()
        assert app.theme == "nord"
