"""A network game in the full-screen app: the host's seat and a joined seat on one board."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot
from tui.helpers import screen_text, toasts
from websockets.sync.server import ServerConnection, serve

from marrakech.cli import main
from marrakech.engine import GameState, Orient, Turn
from marrakech.games.session import PERSON, GameSetup
from marrakech.net.client import Client
from marrakech.net.protocol import encode
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.confirm import ConfirmScreen
from net.harness import Table, hosted, until


def seen(state: GameState) -> tuple[object, ...]:
    """What every player sees of a position (a pile only by its top and its size)."""
    players = tuple((p.money, p.top, p.carpets_left, p.eliminated) for p in state.players)
    return state.market, players, state.assam, state.phase, state.current


@asynccontextmanager
async def guest_board() -> AsyncIterator[tuple[Table, Client, MarrakechApp, Pilot[None]]]:
    """Host (at the host, played through its flow) and Guest, joined on a full board."""
    setup = GameSetup(2, names=("Host", "Guest"), seats=(PERSON, PERSON), seed=4)
    async with hosted(setup, headless=False) as table:
        client = Client(table.address, code=table.code(1), keep_finished=False)
        playing = asyncio.create_task(client.run())
        await until(lambda: client.flow is not None)
        assert client.flow is not None
        app = MarrakechApp(network=NetworkGame(client.flow))
        try:
            async with app.run_test(size=(100, 34), notifications=True) as pilot:
                await pilot.pause()
                yield table, client, app, pilot
        finally:
            playing.cancel()


@pytest.mark.slow
def test_a_joined_seat_sees_the_hosts_move_and_plays_its_own() -> None:
    async def go() -> None:
        async with guest_board() as (table, client, app, pilot):
            assert "Host is playing on another machine" in screen_text(app)
            table.flow.play(Orient(Turn.STRAIGHT))  # the host, on its own screen
            await until(lambda: client.flow.state.phase.value == "place")
            table.flow.play(table.flow.state.legal_placements()[0])
            await until(lambda: client.flow.state.current == 1)
            for _ in range(400):  # the walk and the carpet shown, then the guest's turn
                await pilot.pause(0.05)
                if "Guest: Assam will go" in screen_text(app):
                    break
            text = screen_text(app)
            assert "Host goes straight, rolls" in text
            assert "Guest: Assam will go" in text
            await pilot.press("enter")  # the guest's roll goes to the host...
            await until(lambda: table.flow.state.phase.value == "place")
            await until(lambda: app.screen.check_action("lay", ()) is True)  # walked here too
            await pilot.press("enter")  # ...and so does its carpet
            await until(lambda: table.flow.state.current == 0)
            assert seen(client.flow.state) == seen(table.flow.state)

    asyncio.run(go())


def test_a_spectator_follows_moves_that_come_faster_than_their_walks() -> None:
    async def go() -> None:
        setup = GameSetup(2, names=("Host", "Guest"), seats=(PERSON, PERSON), seed=4)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            watcher = Client(table.address, keep_finished=False)
            playing = asyncio.create_task(watcher.run())
            await until(lambda: watcher.flow is not None)
            assert watcher.flow is not None
            app = MarrakechApp(network=NetworkGame(watcher.flow))
            async with app.run_test(size=(100, 34)) as pilot:
                await pilot.pause()
                assert "You are watching the game." in screen_text(app)
                flow = table.flow
                flow.play(Orient(Turn.LEFT))  # three decisions, before any is shown
                await until(lambda: flow.state.phase.value == "place")  # no guest to add
                flow.play(flow.state.legal_placements()[0])
                table.flow.give_to_computer(1, "greedy")
                await until(lambda: watcher.flow.state.current == 0, timeout=20)
                for _ in range(400):  # the walks are shown one after the other
                    await pilot.pause(0.05)
                    text = screen_text(app)
                    guest_moved = "Guest turns" in text or "Guest goes" in text
                    if guest_moved and "Host is playing on another machine" in text:
                        break
                text = screen_text(app)
                assert "Host turns left, rolls" in text  # every move is shown, in order
                assert "Guest turns" in text or "Guest goes" in text
                assert "Host is playing on another machine" in text
                assert seen(watcher.flow.state) == seen(flow.state)
            playing.cancel()

    asyncio.run(go())


@pytest.mark.parametrize("key", ["enter", "escape"])
def test_the_host_sees_the_join_lines_and_enter_or_esc_takes_it_to_the_board(key: str) -> None:
    async def go() -> None:
        setup = GameSetup(2, names=("Host", "Guest"), seats=(PERSON, PERSON), seed=4)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            intro = "\n".join(table.hosted.join_lines())
            app = MarrakechApp(network=NetworkGame(table.flow, intro))
            async with app.run_test(size=(100, 34)) as pilot:
                await pilot.pause()
                assert table.code(1) in screen_text(app)
                assert "y, Esc: Play · n: Quit" in screen_text(app)
                await pilot.press(key)  # Play is the default, and Esc closes an invitation
                await pilot.pause()
                assert "Host: Assam will go" in screen_text(app)
                await pilot.press("enter")  # the host's own roll: no guest to add to it
                await until(lambda: table.flow.state.phase.value == "place")

    asyncio.run(go())


async def host_plays_a_turn(
    table: Table, client: Client, app: MarrakechApp, pilot: Pilot[None]
) -> None:
    """The host goes straight and lays its first carpet; the guest's board shows its turn."""
    table.flow.play(Orient(Turn.STRAIGHT))
    await until(lambda: client.flow.state.phase.value == "place")
    table.flow.play(table.flow.state.legal_placements()[0])
    for _ in range(400):  # the walk and the carpet shown, then the guest's turn
        await pilot.pause(0.05)
        if "Guest: Assam will go" in screen_text(app):
            break


def joined_status(app: MarrakechApp) -> str:
    return " ".join(str(app.screen.query_one("#status").render()).split())


@pytest.mark.slow
def test_a_joined_boards_asked_line_goes_with_each_no_and_a_third_ask_says_why() -> None:
    async def go() -> None:
        async with guest_board() as (table, client, app, pilot):
            await host_plays_a_turn(table, client, app, pilot)
            for _ in range(2):
                await pilot.press("u")
                await until(lambda: table.flow.undo_asker == "Guest")
                await pilot.pause()
                assert "Asked Host to agree" in joined_status(app)
                table.flow.answer_undo(False)
                await until(lambda: "Asked Host" not in joined_status(app))
            await pilot.press("u")  # a third time: the host is not asked again
            await until(lambda: "Host said no twice" in " ".join(toasts(app)))
            await pilot.pause()
            assert "Asked Host" not in joined_status(app)
            assert table.flow.undo_asker is None

    asyncio.run(go())


@pytest.mark.slow
def test_a_joined_board_asked_to_agree_keeps_one_question_through_a_rename() -> None:
    async def go() -> None:
        async with guest_board() as (table, client, app, pilot):
            await host_plays_a_turn(table, client, app, pilot)
            await pilot.press("enter")
            await until(lambda: table.flow.state.phase.value == "place")
            await until(lambda: app.screen.check_action("lay", ()) is True)  # walked here too
            await pilot.press("enter")
            await until(lambda: table.flow.state.current == 0)
            played = len(table.flow.session.actions)
            table.flow.undo()  # the host asks the guest to agree
            await until(lambda: isinstance(app.screen, ConfirmScreen))
            table.flow.rename(0, "Hostess")  # the whole game goes to the guest again
            await until(lambda: client.flow.names[0] == "Hostess")
            await until(lambda: client.flow.undo_asker == "Hostess")
            await pilot.pause()
            questions = [s for s in app.screen_stack if isinstance(s, ConfirmScreen)]
            assert len(questions) == 1
            assert app.screen is questions[0]
            await pilot.press("y")
            await until(lambda: len(table.flow.session.actions) < played)

    asyncio.run(go())


@pytest.mark.slow
def test_a_join_the_host_refuses_says_why_before_any_board_opens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refusing_host(socket: ServerConnection) -> None:
        socket.recv()
        socket.send(
            encode("error", id=None, reason="that join code opens no seat here", fatal=True)
        )

    with serve(refusing_host, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        monkeypatch.setattr("sys.stdin.isatty", lambda: True)  # a player at a terminal
        monkeypatch.setattr("sys.stdout.isatty", lambda: True)
        assert main(["join", f"127.0.0.1:{port}", "AAAA-BBBB-CCCC"]) == 1
        server.shutdown()
    assert "The host refused: that join code opens no seat here." in capsys.readouterr().out


def test_a_key_pressed_at_another_players_turn_says_whose_turn_it_is() -> None:
    async def go() -> None:
        async with guest_board() as (_table, client, app, pilot):
            assert client.flow is not None
            await pilot.press("enter")
            await pilot.pause()
            assert "It is Host's turn: wait for their decision." in screen_text(app)
            client.flow.reconnecting = True  # as while the connection is being made again
            await pilot.press("enter")
            await pilot.pause()
            assert "The host is out of reach: your keys work" in screen_text(app)

    asyncio.run(go())


def test_s_on_a_joined_board_says_only_the_host_saves_before_the_end() -> None:
    async def go() -> None:
        async with guest_board() as (_table, _client, app, pilot):
            assert "Save" not in screen_text(app).splitlines()[-1]  # not offered
            await pilot.press("s")
            await pilot.pause()
            said = "Only the host saves a network game before its end."
            assert said in joined_status(app)

    asyncio.run(go())
