"""Enter lays only the carpet on screen; undo and redo are safe from anywhere, at any time."""

from __future__ import annotations

import pytest

from marrakech.engine import Phase
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.game_status import walk_timing
from marrakech.tui.widgets.board import BoardWidget

from .helpers import run, screen_text
from .test_game_app import cell


def game_screen(app: MarrakechApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


@run
async def test_enter_over_an_illegal_mouse_spot_lays_nothing_then_the_shown_carpet() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # orient and roll
        await pilot.pause()
        screen = game_screen(app)
        assert screen.state.phase is Phase.PLACE
        covered = {square for p in screen.state.legal_placements() for square in (p.a, p.b)}
        illegal = next((r, c) for r in range(7) for c in range(7) if (r, c) not in covered)
        await pilot.hover(BoardWidget, offset=cell(illegal[1], illegal[0]))
        assert screen.pointing.probe is not None
        assert not screen.state.is_legal(screen.pointing.probe)
        before = len(screen.flow.session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.flow.session.actions) == before  # nothing laid
        assert screen.pointing.probe is None  # the legal carpet is shown again
        assert "Enter lays the carpet shown now." in screen_text(app)
        shown = screen.pointing.carpet
        await pilot.press("enter")
        await pilot.pause()
        assert screen.flow.session.actions[before] == shown


@run
async def test_undo_and_redo_with_nothing_to_do_say_why_instead_of_raising() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.action_undo()  # as the command palette would, whatever check_action says
        await pilot.pause()
        assert "Cannot undo: nothing to undo." in screen_text(app)
        screen.action_redo()
        await pilot.pause()
        assert "Cannot redo: nothing to redo." in screen_text(app)
        assert app.is_running


@run
async def test_undo_says_what_it_took_back_and_that_the_die_rolls_anew() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "easy"), seed=2)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # orient and roll
        await pilot.pause()
        screen = game_screen(app)
        assert screen.state.phase is Phase.PLACE
        await pilot.press("u")
        await pilot.pause()
        status = screen.query_one("#status").region
        rows = screen_text(app).splitlines()[status.y : status.bottom]
        shown = " ".join(" ".join(row[status.x : status.right] for row in rows).split())
        assert shown.endswith(  # the whole of it, on the status line's last two rows
            "Taken back: Player 1 goes straight, rolls 3, walks to (0,3). Play on and the die "
            "rolls anew; redo brings back what was taken back."
        ), shown
        await pilot.press("ctrl+r")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Played again: Player 1 goes straight, rolls" in shown, shown


@run
async def test_undo_during_a_walk_stops_it_and_never_settles_the_undone_roll() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "easy"), seed=2)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.animation_level = "full"
        screen = game_screen(app)
        # Enter's action, then the undo, with nothing awaited between them: no load on the
        # machine can let the walk end first (a key press waits for the app to go idle).
        screen.action_roll()  # orient and roll, as Enter does: Assam walks
        assert not screen.active_bindings["enter"].enabled  # the walk is shown
        roll = screen.flow.session.transitions[-1]
        screen.action_undo()
        assert screen.active_bindings["enter"].enabled  # no walk: Enter rolls again
        assert screen.flow.session.actions == ()
        # Past the walk's end a leftover timer would have settled the undone roll.
        await pilot.pause(sum(walk_timing(roll, app.settings.step_seconds)) + 0.1)
        await pilot.pause()
        assert screen.flow.session.actions == ()
        assert screen.state.phase is Phase.ORIENT


@pytest.mark.slow
@run
async def test_undo_while_the_computer_thinks_returns_to_the_person() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "hard"), seed=2)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("enter", "enter")  # the person's turn; the computer's begins
        screen.action_undo()
        await pilot.pause(0.5)
        assert screen.state.current == 0  # back with the person, the computer stopped
        assert app.is_running
