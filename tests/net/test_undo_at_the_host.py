"""Undo on the host's board: a computer's moves for a seat whose player is not there are
taken back with the decision before them (or not at all, with takebacks off), and every
move played after an undo is shown, even one equal to a move taken back: the game goes
on."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from tui.helpers import screen_text

from marrakech.engine import Place
from marrakech.games.session import GameSetup
from marrakech.net.host_flow import HostFlow
from marrakech.tui.app import MarrakechApp, NetworkGame
from net.harness import Peer, hosted, until

AYLA_FIRST = GameSetup(2, names=("Ayla", "Player 2"), seed=5)


def flat(text: str) -> str:
    return " ".join(text.split())


async def shows(pilot: Pilot[Any], words: str) -> str:
    """The screen's text once it shows ``words`` (the walks shown take a while)."""
    text = ""
    for _ in range(200):
        await pilot.pause(0.05)
        text = flat(screen_text(pilot.app))
        if words in text:
            return text
    raise AssertionError(f"{words!r} never shown: {text}")


async def lay_and_give_seat_2(pilot: Pilot[Any], flow: HostFlow) -> None:
    """Ayla's turn (straight on, the carpet shown), then c: a computer plays seat 2,
    whose player never joined, until it is Ayla's turn again."""
    await shows(pilot, "Ayla: Assam will go")
    await pilot.press("enter")
    screen = pilot.app.screen
    await until(lambda: screen.check_action("lay", ()) is True)  # rolled and walked
    await pilot.press("enter")
    await shows(pilot, "Waiting for Player 2 to join (seat 2)")
    await pilot.press("c")
    await until(lambda: flow.state.current == 0 and flow.actions_played == 6)
    await shows(pilot, "Ayla: Assam will go")


@pytest.mark.slow
def test_with_takebacks_off_undo_past_the_computers_roll_is_refused_and_ayla_plays_on() -> None:
    async def go() -> None:
        async with hosted(AYLA_FIRST, headless=False, return_seconds=0) as table:
            flow = table.flow
            app = MarrakechApp(network=NetworkGame(flow))
            async with app.run_test(size=(110, 40)) as pilot:
                await lay_and_give_seat_2(pilot, flow)
                computers_turn = flow.log()[-1]
                await pilot.press("u")
                text = await shows(pilot, "Cannot undo")
                assert (
                    "Cannot undo: takebacks are off, so a roll that was seen cannot be undone."
                    in text
                )
                assert flow.actions_played == 6 and flow.log()[-1] == computers_turn
                assert "is thinking" not in text
                await pilot.press("enter")  # Ayla plays on
                await until(lambda: flow.actions_played > 6)

    asyncio.run(go())


@pytest.mark.slow
def test_with_takebacks_on_undo_takes_back_ayla_s_carpet_and_the_computer_plays_again() -> None:
    async def go() -> None:
        setup = GameSetup(2, names=("Ayla", "Player 2"), seed=5, takeback=True)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            flow = table.flow
            app = MarrakechApp(network=NetworkGame(flow))
            async with app.run_test(size=(110, 40)) as pilot:
                await lay_and_give_seat_2(pilot, flow)
                await pilot.press("u")  # her carpet, and the computer's whole turn
                await until(lambda: flow.actions_played == 2)
                assert flow.to_move is not None and flow.to_move.name == "Ayla"
                assert flow.state.phase.value == "place"
                screen = app.screen
                await until(lambda: screen.check_action("lay", ()) is True)
                await pilot.press("enter")  # she lays again: the computer plays again
                await until(lambda: flow.state.current == 0 and flow.actions_played == 6)
                text = await shows(pilot, "Ayla: Assam will go")
                assert "is thinking" not in text

    asyncio.run(go())


def test_a_move_played_again_after_an_undo_is_shown_though_it_equals_the_one_taken_back() -> None:
    async def go() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11, first=1)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            flow = table.flow
            app = MarrakechApp(network=NetworkGame(flow))
            async with app.run_test(size=(110, 40)) as pilot:
                bo, _ = await Peer.seat(table.address, table.code(1))
                await bo.send({"type": "act", "id": 1, "at": 0, "action": "L"})
                await bo.rolled()
                carpet = str(flow.state.legal_placements()[0])
                await bo.send({"type": "act", "id": 2, "at": 2, "action": carpet})
                await bo.played_at(2)
                await shows(pilot, "Ayla: Assam will go")
                await bo.send({"type": "undo", "id": 3, "at": 3})  # his own carpet
                await bo.next("game")
                await until(lambda: flow.state.phase.value == "place")
                await shows(pilot, "Bo is playing on another machine")
                await bo.send({"type": "act", "id": 4, "at": 2, "action": carpet})  # again
                await until(lambda: flow.state.current == 0)
                assert isinstance(flow.session.actions[-1], Place)
                text = await shows(pilot, "Ayla: Assam will go")
                assert "Bo is playing on another machine" not in text

    asyncio.run(go())
