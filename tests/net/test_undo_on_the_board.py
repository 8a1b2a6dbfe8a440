"""An undo asked over the network, on the full board: the player whose decision it takes
back is asked in a dialog (the board does not fall over), and every board says who took
back whose decision."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot
from tui.helpers import toasts

from marrakech.games.session import GameSetup
from marrakech.net.running import board_hand_over
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.confirm import ConfirmScreen
from net.harness import Peer, Table, hosted, until

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=11)


def flat(text: str) -> str:
    return " ".join(text.split())


@contextlib.asynccontextmanager
async def at_the_board() -> AsyncIterator[tuple[Table, MarrakechApp, Pilot[None], Peer]]:
    """Ayla's game hosted on her full board, Bo seated from elsewhere."""
    async with hosted(SETUP, headless=False, hand_over=board_hand_over) as table:
        app = MarrakechApp(network=NetworkGame(table.flow))
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await pilot.pause()
            bo, _ = await Peer.seat(table.address, table.code(1))
            await until(lambda: 1 in table.game.players)
            yield table, app, pilot, bo


async def ayla_plays_a_turn(pilot: Pilot[None], bo: Peer, table: Table) -> None:
    """Ayla, on the host's board, rolls with Assam facing as he is (Bo adding his share to
    the roll, as a client does) and lays the carpet the board offers first."""
    await pilot.press("enter")
    await bo.rolled()
    await until(lambda: len(table.flow.session.actions) == 2)
    await pilot.press("space")  # the walk shown ends at once
    await pilot.pause()
    await pilot.press("enter")
    await until(lambda: len(table.flow.session.actions) == 3)


async def bo_asks_the_board(app: MarrakechApp, pilot: Pilot[None], bo: Peer, table: Table) -> None:
    """Ayla plays a turn on the board, then Bo asks her to agree to take it back: the
    board's question is up."""
    await ayla_plays_a_turn(pilot, bo, table)
    await bo.send({"type": "undo", "id": 1, "at": 3})
    await until(lambda: isinstance(app.screen, ConfirmScreen))


def test_an_undo_asked_of_the_board_is_a_dialog_and_the_news_is_told() -> None:
    async def go() -> None:
        async with at_the_board() as (table, app, pilot, bo):
            await bo_asks_the_board(app, pilot, bo, table)
            assert "Bo asks to take back your last decision" in flat(
                str(app.screen.query_one("#question").render())
            )
            await pilot.press("y")
            synced = await bo.next("game")
            assert len(synced["actions"]) == 2
            await pilot.pause()
            told = flat(" ".join(toasts(app)))
            assert "Bo took back your last decision, with your agreement." in told

    asyncio.run(go())


def status(app: MarrakechApp) -> str:
    return flat(str(app.screen.query_one("#status").render()))


def test_the_question_goes_when_the_asker_plays_on_instead() -> None:
    async def go() -> None:
        async with at_the_board() as (table, app, pilot, bo):
            await bo_asks_the_board(app, pilot, bo, table)
            await bo.send({"type": "act", "id": 2, "at": 3, "action": "L"})  # plays on
            await until(lambda: not isinstance(app.screen, ConfirmScreen))
            await pilot.pause()
            told = flat(" ".join(toasts(app)))
            assert "Bo's request to take back your last decision is withdrawn" in told

    asyncio.run(go())


def test_the_host_asking_while_another_request_waits_is_told_why_not() -> None:
    async def go() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11, first=1)
        async with hosted(setup, headless=False, hand_over=board_hand_over) as table:
            flow = table.flow
            app = MarrakechApp(network=NetworkGame(flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                bo, _ = await Peer.seat(table.address, table.code(1))
                cem, _ = await Peer.seat(table.address, table.code(2))
                shares = cem.answering()
                await until(lambda: {1, 2} <= set(table.game.players))
                await bo.send({"type": "act", "id": 1, "at": 0, "action": "L"})
                await bo.rolled()
                await until(lambda: len(flow.session.actions) == 2)
                carpet = str(flow.state.legal_placements()[0])
                await bo.send({"type": "act", "id": 2, "at": 2, "action": carpet})
                await until(lambda: len(flow.session.actions) == 3)
                shares.cancel()
                await cem.send({"type": "undo", "id": 1, "at": 3})  # Cem asks Bo
                assert (await bo.next("undo_request"))["by"] == "Cem"
                await pilot.pause()
                await pilot.press("u")  # Ayla asks too: refused, the board stays up
                await pilot.pause()
                assert app.is_running
                assert "Cannot undo: Cem already asked Bo, who has not answered yet." in flat(
                    str(app.screen.query_one("#status").render())
                )
                assert len(flow.session.actions) == 3

    asyncio.run(go())


@pytest.mark.slow
def test_the_boards_asked_line_goes_with_each_no_and_a_third_ask_is_refused() -> None:
    async def go() -> None:
        async with at_the_board() as (table, app, pilot, bo):
            flow = table.flow
            await ayla_plays_a_turn(pilot, bo, table)
            await bo.send({"type": "act", "id": 1, "at": 3, "action": "L"})
            await bo.rolled()
            await until(lambda: len(flow.session.actions) == 5)
            carpet = str(flow.state.legal_placements()[0])
            await bo.send({"type": "act", "id": 2, "at": 5, "action": carpet})
            await until(lambda: flow.state.current == 0 and len(flow.session.actions) == 6)
            await pilot.pause()
            for _ in range(2):
                await pilot.press("u")
                await until(lambda: flow.asking == 0)
                await pilot.pause()
                assert "Asked Bo to agree" in status(app)
                await bo.next("undo_request")
                await bo.send({"type": "answer", "accept": False})
                await until(lambda: "Asked Bo" not in status(app))
                assert "Bo said no." in flat(" ".join(toasts(app)))
            await pilot.press("u")  # a third time: Bo is not asked again
            await until(lambda: "Cannot undo: Bo said no twice" in status(app))
            assert "Asked Bo" not in status(app)
            assert flow.asking is None

    asyncio.run(go())


def test_the_board_that_says_no_is_not_told_its_own_no() -> None:
    async def go() -> None:
        async with at_the_board() as (table, app, pilot, bo):
            await bo_asks_the_board(app, pilot, bo, table)
            await pilot.press("n")
            refused = await bo.next("undo_refused")
            assert refused["reason"] == "Ayla said no"
            await pilot.pause()
            assert "said no" not in flat(" ".join(toasts(app)))

    asyncio.run(go())
