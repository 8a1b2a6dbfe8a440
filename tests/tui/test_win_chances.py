"""The chances to win in the app (``w``): beside each player's points when a person plays
alone against computers, refused with the reason at a table of people."""

from __future__ import annotations

import functools
import re

import pytest

from marrakech.engine import GameState
from marrakech.flow import GameFlow
from marrakech.games.session import WIN_CHANCE_AID, GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.widgets.player_panel import PlayerPanel

from .helpers import run, screen_text, wait_until

PERCENT = re.compile(r"pts · \d+%")
FIVES = "\N{MULTIPLICATION SIGN}5"
"""The coins beside the money, as in "5x5+5x1" (with multiplication signs)."""


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


@run
async def test_the_chances_shown_add_up_to_a_hundred_percent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each rounded alone, 4.6%, 29.6% and 65.8% showed 5%, 30% and 66%: 101%.
    def chances(flow: GameFlow, state: GameState | None = None) -> tuple[float, ...]:
        return (0.046, 0.296, 0.658)

    monkeypatch.setattr(GameFlow, "win_chances", chances)
    session = Session(GameSetup(3, seats=("person", "greedy", "greedy"), seed=8))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await wait_until(pilot, lambda: len(PERCENT.findall(screen_text(app))) == 3, "chances")
        shown = re.findall(r"pts · (\d+)%", screen_text(app))
    assert shown == ["5", "29", "66"]


def panel_title(app: MarrakechApp, panel: PlayerPanel) -> str:
    """The first row of a player's panel as shown: the name, the level, the points."""
    return panel_rows(app, panel)[0]


def panel_rows(app: MarrakechApp, panel: PlayerPanel) -> list[str]:
    """A player's panel as shown, row by row."""
    region = panel.content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [row[region.x : region.right] for row in rows]


@pytest.mark.parametrize(
    ("players", "size"),
    [
        pytest.param(2, (110, 34), marks=pytest.mark.slow),
        pytest.param(3, (100, 32), marks=pytest.mark.slow),
    ],
)
@run
async def test_a_level_with_no_room_beside_the_chance_shows_under_it_instead_of_the_coins(
    players: int, size: tuple[int, int]
) -> None:
    # "Player 2 · expert" and "30 pts · 28%" need a column more than a panel has: the
    # level went from the panel while the chances showed. The coins give way to it.
    seats = ("person", *("expert",) * (players - 1))
    session = Session(GameSetup(players, seats=seats, seed=3))
    app = MarrakechApp(session=session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.screen.query(PlayerPanel)[1]
        rows = functools.partial(panel_rows, app, panel)
        assert "Player 2 · expert" in rows()[0] and FIVES in rows()[1]
        await pilot.press("w")
        await wait_until(pilot, lambda: PERCENT.search(rows()[0]), "the chance")
        assert "…" not in rows()[0] and "expe" not in rows()[0]  # whole, or not at all
        assert rows()[1].endswith(" expert") and FIVES not in rows()[1], rows()
        await pilot.press("w")
        await wait_until(pilot, lambda: not PERCENT.search(rows()[0]), "no chance")
        assert "Player 2 · expert" in rows()[0] and FIVES in rows()[1]


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
