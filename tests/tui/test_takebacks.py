"""Takebacks in the app: undoing to go another way never shows the roll seen again, the
new-game form says what the setting allows, and the summary says takebacks were used."""

from __future__ import annotations

import pytest
from engine.positions import build
from textual.app import App
from textual.widgets import Select

from marrakech.engine import Orient, Phase, Roll, Turn
from marrakech.games.session import TAKEBACK_AID, GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.setup import NewGameScreen

from .helpers import open_summary, run, screen_text, wait_until


@pytest.mark.slow
@run
async def test_undoing_to_go_another_way_never_shows_the_roll_seen_again() -> None:
    session = Session(GameSetup(2, seats=("person", "random"), seed=0))  # draws 3, 1, 2...
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        seen = []
        for way in ("up", "right", "left"):
            await pilot.press(way, "enter")
            await wait_until(pilot, lambda: session.state.phase is Phase.PLACE, "the roll")
            seen.append(session.actions[-2:])
            await pilot.press("u")
            await wait_until(pilot, lambda: session.actions == (), "the undo")
        assert seen == [
            (Orient(Turn.STRAIGHT), Roll(3)),
            (Orient(Turn.RIGHT), Roll(1)),  # not the 3 seen going straight
            (Orient(Turn.LEFT), Roll(2)),
        ]
        assert session.aids == {TAKEBACK_AID}


class _Form(App[None]):
    def on_mount(self) -> None:
        self.push_screen(NewGameScreen())


@pytest.mark.slow
@run
async def test_the_new_game_form_says_what_takebacks_allow() -> None:
    app = _Form()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#takeback", Select).focus()
        await pilot.pause()
        words = " ".join(screen_text(app).replace("│", " ").split())  # lines run on
        # In plain words, not "a roll seen, or a turn handed on": what undo may do, and
        # its limit. Off says that a move stands once the next person's turn has begun,
        # too: friends read "a roll once seen stands" as "a carpet may be taken back".
        assert (
            "Undo takes back the last move. On: even after the die was rolled (it then rolls"
            " again) or the turn passed; the game's summary notes it." in words
        )
        await pilot.press("enter")  # the choices
        await pilot.pause()
        shown = screen_text(app)
        for label in (
            "Auto: on only for one person against computers",
            "On: undo even after a roll; the die rolls again",
            "Off: no undo after a roll or once the turn passes",
        ):
            assert label in shown
        assert "handed on" not in shown


@pytest.mark.slow
@run
async def test_the_summary_says_takebacks_were_used() -> None:
    session = Session(GameSetup(2, seed=4), start=build(players=2, piles=["R", "B"]))
    while session.state.phase is not Phase.OVER:
        state = session.state
        if state.phase is Phase.ORIENT:
            session.play(Orient(Turn.STRAIGHT))
            session.roll()
        else:
            session.play(state.legal_placements()[0])
    session.aids.add(TAKEBACK_AID)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(pilot, session)
        assert "Help used while playing: takebacks." in screen_text(app)
