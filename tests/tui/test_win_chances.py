"""The chances to win in the app (``w``): beside each player's points when a person plays
alone against computers, refused with the reason at a table of people."""

from __future__ import annotations

import functools
import re

from marrakech.games.session import WIN_CHANCE_AID, GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.widgets.player_panel import PlayerPanel

from .helpers import run, screen_text, wait_until

PERCENT = re.compile(r"pts · \d+%")


def panels_text(app: MarrakechApp) -> str:
    return "\n".join(str(panel.render()) for panel in app.screen.query(PlayerPanel))


@run
async def test_w_shows_each_players_chance_beside_the_points_and_hides_it() -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=8))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not PERCENT.search(screen_text(app))
        await pilot.press("w")
        await wait_until(pilot, lambda: len(PERCENT.findall(screen_text(app))) == 2, "chances")
        assert session.aids == {WIN_CHANCE_AID}
        await pilot.press("w")
        await pilot.pause()
        assert not PERCENT.search(screen_text(app))


@run
async def test_a_game_resumed_where_the_chances_were_used_shows_them_from_the_start() -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=8))
    session.aids.add(WIN_CHANCE_AID)  # as a game where w was pressed, saved and resumed
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: len(PERCENT.findall(screen_text(app))) == 2, "chances")
        await pilot.press("w")
        await pilot.pause()
        assert not PERCENT.search(screen_text(app))


def panel_title(app: MarrakechApp, panel: PlayerPanel) -> str:
    """The first row of a player's panel as shown: the name, the level, the points."""
    rows = screen_text(app).splitlines()
    return rows[panel.content_region.y][panel.content_region.x :]


@run
async def test_a_level_that_no_longer_fits_beside_the_chance_gives_way_whole() -> None:
    session = Session(GameSetup(2, seats=("person", "expert"), seed=3))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        panel = app.screen.query(PlayerPanel)[1]
        first_row = functools.partial(panel_title, app, panel)
        assert "Player 2 · expert" in first_row() and "…" not in first_row()
        await pilot.press("w")
        await wait_until(pilot, lambda: PERCENT.search(first_row()), "the chance")
        assert "…" not in first_row() and "expe" not in first_row()  # whole, or not at all
        await pilot.press("w")
        await wait_until(pilot, lambda: not PERCENT.search(first_row()), "no chance")
        assert "Player 2 · expert" in first_row()


@run
async def test_beside_the_chance_a_short_name_keeps_its_level_in_a_word() -> None:
    session = Session(GameSetup(2, names=("Bo", "Ayla"), seats=("person", "expert"), seed=3))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        panel = app.screen.query(PlayerPanel)[1]
        first_row = functools.partial(panel_title, app, panel)
        assert "Ayla · expert computer" in first_row()
        await pilot.press("w")
        await wait_until(pilot, lambda: PERCENT.search(first_row()), "the chance")
        assert "Ayla · expert " in first_row() and "computer" not in first_row()


@run
async def test_at_a_table_of_people_w_says_why_not() -> None:
    session = Session(GameSetup(2, seats=("person", "person"), seed=8))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("w")
        await pilot.pause()
        assert "Chances to win: not against other people before the end." in screen_text(app)
        assert not PERCENT.search(screen_text(app))
        assert session.aids == set()
        await pilot.press("question_mark")  # the help leaves w out: it never acts at this table
        await pilot.pause()
        assert "Chances to win" not in screen_text(app)
        assert "Hint" in screen_text(app)
