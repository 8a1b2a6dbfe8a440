"""Pilot tests of the replay screen: stepping shows the positions of session.states."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.app import App
from textual.widgets import OptionList, Static

from marrakech.engine import Action, GameState, Roll, Square
from marrakech.games import narrate
from marrakech.games.dice import LoadedDie, SeededDie, die_roll
from marrakech.games.playout import play_out_steps
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.replay import ReplayScreen
from marrakech.tui.widgets.board import BoardWidget

from .helpers import run, screen_text, wait_until


def finished_game() -> Session:
    """A whole 2-player game, played with varied but fixed choices."""
    setup = GameSetup(players=2, names=("Ayla", "Bo"), seed=3)

    def choose(state: GameState) -> Action:
        actions = state.legal_actions()
        return actions[(state.next_carpet * 7 + len(actions)) % len(actions)]

    steps = play_out_steps(setup.initial_state(), choose, SeededDie(setup.seed))
    return Session(setup, [step.action for step in steps])


class Harness(App[None]):
    """Pushes the replay screen and records what it dismisses with."""

    def __init__(self, screen: ReplayScreen) -> None:
        super().__init__()
        self.under_test = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.under_test, self.results.append)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GameState, frozenset[Square]]]:
    """Every position (and toll region) the board is asked to draw, in order."""
    calls: list[tuple[GameState, frozenset[Square]]] = []
    show = BoardWidget.show

    def spy(board: BoardWidget, state: GameState, **overlays: Any) -> None:
        calls.append((state, overlays.get("region", frozenset())))
        show(board, state, **overlays)

    monkeypatch.setattr(BoardWidget, "show", spy)
    return calls


@pytest.mark.slow
def test_stepping_shows_the_positions_of_the_session(
    drawn: list[tuple[GameState, frozenset[Square]]],
) -> None:
    session = finished_game()
    states = session.states
    names = session.setup.names

    async def run() -> None:
        screen = ReplayScreen(session)
        app = Harness(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            log = screen.query_one("#turns", OptionList)
            assert drawn[-1][0] == states[0]
            assert screen.check_action("step", (-1,)) is None
            assert screen.check_action("jump", (0,)) is None
            assert screen.check_action("step", (1,)) is True
            # A turn is orient, roll and place: one press moves three actions on.
            await pilot.press("right")
            assert drawn[-1][0] == states[3]
            assert log.highlighted == 1
            line = Console(width=200, record=True)
            line.print(log.get_option_at_index(1).prompt)
            said = " ".join(line.export_text().split())
            assert said == "1 " + narrate.sentence(session.transitions[:3], names)
            await pilot.press("right")
            assert drawn[-1][0] == states[6]
            await pilot.press("left")
            assert drawn[-1][0] == states[3]
            await pilot.press("end")
            assert drawn[-1][0] == states[-1]
            assert screen.check_action("step", (1,)) is None
            status = str(screen.query_one("#status", Static).render())
            assert "the game is over" in status
            await pilot.press("home")
            assert drawn[-1][0] == states[0]
            # The log moves too: down a line is a turn forward.
            await pilot.press("down")
            assert drawn[-1][0] == states[3]
            await pilot.press("escape")
            assert app.results == [None]

    asyncio.run(run())


def test_a_turn_that_paid_a_toll_shows_the_region(
    drawn: list[tuple[GameState, frozenset[Square]]],
) -> None:
    session = finished_game()
    turns = narrate.turns(session.transitions)
    number, roll = next(
        (number, t)
        for number, turn in enumerate(turns, start=1)
        for t in turn
        if isinstance(t.action, Roll) and t.payee is not None
    )

    async def run() -> None:
        screen = ReplayScreen(session)
        app = Harness(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            screen.step = number
            await pilot.pause()
            assert drawn[-1] == (turns[number - 1][-1].after, roll.region)
            assert screen.query_one("#turns", OptionList).highlighted == number

    asyncio.run(run())


def test_keys_pressed_in_a_burst_each_step_once_and_then_all_is_still(
    drawn: list[tuple[GameState, frozenset[Square]]],
) -> None:
    session = finished_game()

    async def run() -> None:
        screen = ReplayScreen(session)
        app = Harness(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            for _key in range(3):  # three presses before the screen has drawn any
                app.post_message(events.Key("right", None))
            for _pause in range(5):
                await pilot.pause()
            assert screen.query_one("#turns", OptionList).highlighted == 3
            assert "Turn 3 of" in str(screen.query_one("#status", Static).render())
            settled = len(drawn)
            for _pause in range(5):
                await pilot.pause()
            assert len(drawn) == settled  # nothing goes on drawing by itself

    asyncio.run(run())


@pytest.mark.slow
@run
async def test_the_replay_fits_80_by_24_whole() -> None:
    session = finished_game()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(session))
        await pilot.pause()
        await pilot.press("right", "right")
        text = screen_text(app)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("pagedown")  # as the line says: a page of turns on
        await pilot.pause()
        assert replay.step > 3
    rows = text.splitlines()
    assert any(row.rstrip().endswith("pts") for row in rows), text  # the points, not cut
    assert any(row.rstrip().endswith("squares") for row in rows), text
    under_the_market = " ".join(" ".join(row[:47] for row in rows[-4:-1]).split())
    assert under_the_market.endswith(
        "← → step through the turns; PgUp PgDn, Home, End or a click in the list jump."
    )
    # The list of turns: a turn's number stands out, its words wrap under its words (they
    # ran back to the edge, under the number).
    log = [row[48:].rstrip() for row in rows[-14:-1] if row[48:].strip()]
    numbered = [row for row in log if re.match(r" *\d+ \S", row)]
    assert numbered and len(numbered) < len(log), log
    for row in log:
        assert re.match(r"( {0,2}\d+ | {4})\S", row), log


def test_on_too_small_a_terminal_the_replay_asks_for_room_and_its_keys_wait() -> None:
    async def go() -> None:
        session = finished_game()
        screen = ReplayScreen(session)
        app = MarrakechApp(session=session)  # the app's stylesheet lays the notice out
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await app.push_screen(screen)
            await pilot.pause()
            assert "needs a terminal of at least 80x24" in screen_text(app)
            assert screen.check_action("step", (1,)) is False
            await pilot.resize_terminal(100, 30)
            await wait_until(pilot, lambda: "needs a terminal" not in screen_text(app), "replay")
            assert screen.check_action("step", (1,)) is True

    asyncio.run(go())


@pytest.mark.parametrize("networked", [False, True])
def test_the_replay_names_the_seed_only_where_it_made_the_rolls(networked: bool) -> None:
    game = finished_game()
    # A network game's rolls are every player's (kept as the values rolled), not a seed's.
    rolled = LoadedDie(tuple(die_roll(3, draw) for draw in range(game.next_draw)))
    session = Session(game.setup, game.actions, dice=rolled) if networked else game

    async def go() -> str:
        app = Harness(ReplayScreen(session))
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            return str(app.under_test.query_one("#title", Static).render())

    title = asyncio.run(go())
    assert title == ("Replay" if networked else "Replay · seed 3")
