"""The chances to win in the app (``w``): beside each player's points when a person plays
alone against computers, refused with the reason at a table of people."""

from __future__ import annotations

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
