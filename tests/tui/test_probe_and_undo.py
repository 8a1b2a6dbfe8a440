"""Enter lays only the carpet on screen; undo and redo are safe from anywhere, at any time."""

from __future__ import annotations

from marrakech.engine import Phase
from marrakech.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen

from .helpers import run


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
        screen._probe_square(illegal)
        assert screen._probe is not None and not screen._probe.legal
        before = len(screen.session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.actions) == before  # nothing laid
        assert screen._probe is None  # the legal carpet is shown again
        shown = screen.ghost
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.actions[before] == shown
