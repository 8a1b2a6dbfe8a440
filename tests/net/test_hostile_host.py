"""A hostile peer cannot stall the host: it is bounded, capped, and dropped.

Each test runs a host in its own event loop on a free loopback port and plays the
hostile peer with raw sockets or raw protocol peers; what it checks is what the peers
see: a refusal in words, a connection closed, a player who still gets in and plays.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.connection import Connection
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import OPEN, Protocol, Side

from marrakech.games.session import GameSetup
from marrakech.net.guard import READ_SLICE
from marrakech.net.protocol import (
    PROTOCOL_VERSION,
    RATE_BURST,
    SPECTATOR_BURST,
    Limits,
    encode,
)
from net.harness import WAIT, Peer, hosted, net_process, until

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=11)


def act(action: str, at: int = 0, id: int = 1) -> dict[str, Any]:
    return {"type": "act", "id": id, "at": at, "action": action}


async def everything_until_closed(socket: ClientConnection) -> list[dict[str, Any]]:
    """Every message the host sent before it closed the connection."""
    messages = []
    try:
        while True:
            messages.append(json.loads(await asyncio.wait_for(socket.recv(), WAIT)))
    except ConnectionClosed:
        return messages


async def closed_raw(raw: socket.socket) -> bool:
    """Whether the host has closed (or reset) a raw TCP connection."""
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.sock_recv(raw, 1024), WAIT) == b""
    except ConnectionResetError:
        return True


async def raw_connection(address: str, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the host from ``source`` that never says anything (not even
    HTTP). Another loopback address than 127.0.0.1 is another machine to the host's
    limits per address (those do not count this machine's own connections)."""
    host, port = address.rsplit(":", 1)
    raw = socket.socket()
    raw.setblocking(False)
    try:
        raw.bind((source, 0))
    except OSError:
        raw.close()
        pytest.skip(f"this system cannot connect from {source}")
    await asyncio.get_running_loop().sock_connect(raw, (host, int(port)))
    return raw


async def peer_from(source: str, address: str, hello: dict[str, Any] | None = None) -> Peer:
    """A raw protocol peer connecting from ``source`` (see raw_connection)."""
    raw = await raw_connection(address, source)
    peer = Peer(await connect(f"ws://{address}", sock=raw))
    if hello is not None:
        await peer.send(encode("hello", version=PROTOCOL_VERSION, **hello))
    return peer


ELSEWHERE = "127.0.0.2"
OTHER_PLACE = "127.0.0.3"


def test_past_the_rate_limit_a_peer_gets_one_error_and_is_closed() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, limits=Limits(rate=1, burst=5)) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            for number in range(10):  # at once: past the burst
                try:
                    await ayla.send({"type": "ping", "id": number})
                except ConnectionClosed:
                    break
            replies = await everything_until_closed(ayla.socket)
            errors = [reply for reply in replies if reply["type"] == "error"]
            assert errors == [
                {
                    "type": "error",
                    "id": None,
                    "reason": "too many messages: at most 1 a second",
                    "fatal": True,
                }
            ]
            assert replies[-1] == errors[0]  # nothing after it
            assert 5 <= sum(reply["type"] == "pong" for reply in replies) <= 6
            assert ayla.socket.close_code == 1008
            await bo.send({"type": "ping", "id": 5})  # the others are still served
            assert (await bo.next("pong"))["id"] == 5
            await until(lambda: 0 not in table.game.players)
            told = [notice.text for notice in table.notices if "disconnected" in notice.text]
            assert told == ["Ayla was disconnected: too many messages (at most 1 a second)."]

    asyncio.run(scenario())


@pytest.mark.slow  # the flood still in flight is not read: the close waits CLOSE_SECONDS
def test_the_default_rate_limit_closes_a_flood_and_others_are_still_served() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            for number in range(RATE_BURST * 3):
                try:
                    await ayla.send({"type": "ping", "id": number})
                except ConnectionClosed:
                    break
            replies = await everything_until_closed(ayla.socket)
            errors = [reply["reason"] for reply in replies if reply["type"] == "error"]
            assert errors == ["too many messages: at most 50 a second"]
            assert sum(reply["type"] == "pong" for reply in replies) < RATE_BURST * 2
            await bo.send({"type": "ping", "id": 5})
            assert (await bo.next("pong"))["id"] == 5

    asyncio.run(scenario())


def test_a_peer_that_does_not_read_is_dropped_and_the_others_get_everything() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            heard: list[str] = []

            async def read_on() -> None:
                while True:
                    message = await ayla.next("game")
                    heard.append(message["setup"]["names"][1])

            reading = asyncio.create_task(read_on())
            # A spectator whose receive buffer is tiny and who reads nothing at all.
            host, port = table.address.rsplit(":", 1)
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.setblocking(False)
            await asyncio.get_running_loop().sock_connect(raw, (host, int(port)))
            lazy = await connect(f"ws://{table.address}", sock=raw, max_queue=1)
            await lazy.send(encode("hello", version=PROTOCOL_VERSION, watch=True))
            await until(lambda: len(table.game.watchers) == 1)
            sent = 0
            while table.game.watchers and sent < 3000:
                sent += 1
                table.flow.rename(1, f"Bo {sent}")  # every peer gets the whole game again
                await asyncio.sleep(0)
            assert not table.game.watchers, "the peer that does not read is still served"
            last = f"Bo {sent}"
            await until(lambda: last in heard)
            assert heard == [f"Bo {number}" for number in range(1, sent + 1)]
            reading.cancel()
            # Reading at last, the lazy peer finds its connection cut short.
            got = 0
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(lazy.recv(), WAIT)
                    got += 1
            assert got < sent
            assert 0 in table.game.players

    asyncio.run(scenario())


def test_a_player_who_does_not_read_is_dropped_and_the_host_is_told_why() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            host, port = table.address.rsplit(":", 1)
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.setblocking(False)
            await asyncio.get_running_loop().sock_connect(raw, (host, int(port)))
            lazy = await connect(f"ws://{table.address}", sock=raw, max_queue=1)
            await lazy.send(encode("hello", version=PROTOCOL_VERSION, code=table.code(1)))
            await until(lambda: 1 in table.game.players)
            sent = 0
            while 1 in table.game.players and sent < 3000:
                sent += 1
                table.flow.rename(0, f"Ayla {sent}")  # Bo is sent the whole game again
                await asyncio.sleep(0)
            await until(lambda: 1 not in table.game.players)
            told = [notice.text for notice in table.notices if "disconnected" in notice.text]
            assert len(told) == 1
            assert re.fullmatch(
                r"Bo was disconnected: their program did not read what the host sent "
                r"\(\d+ bytes unread\)\.",
                told[0],
            ), told

    asyncio.run(scenario())


def test_a_flood_of_tiny_frames_is_parsed_a_slice_at_a_time_and_not_past_the_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parsed: dict[int, list[int]] = {}
    parse = Connection.data_received

    def spy(connection: Connection, data: bytes) -> None:
        if isinstance(connection, ServerConnection):
            parsed.setdefault(id(connection), []).append(len(data))
        parse(connection, data)

    monkeypatch.setattr(Connection, "data_received", spy)

    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            flooder = await Peer.open(table.address, {"watch": True})
            await flooder.next("game")
            frames = Protocol(Side.CLIENT, state=OPEN)  # 20,000 tiny frames in one write
            for _ in range(20_000):
                frames.send_text(b"x")
            junk = b"".join(frames.data_to_send())
            flooder.socket.transport.write(junk)
            errors = [await flooder.next("error")]
            while not errors[-1].get("fatal"):
                errors.append(await flooder.next("error"))
            assert errors[-1]["reason"] == "too many messages: at most 2 a second"
            assert len(errors) > SPECTATOR_BURST  # each junk frame refused, then the last word
            await ayla.send({"type": "ping", "id": 3})  # the others are served meanwhile
            assert (await ayla.next("pong"))["id"] == 3
            flooder.socket.transport.abort()
            heard = max(parsed.values(), key=sum)  # the flooder's connection at the host
            assert max(heard) <= READ_SLICE  # a slice at a time, whatever it sent at once
            assert sum(heard) < len(junk) / 10  # the junk past the close is not parsed

    asyncio.run(scenario())


SPECTATORS = Limits(spectators=1)
PER_ADDRESS = Limits(per_address=1)
TOTAL = Limits(connections=1)


@pytest.mark.parametrize(
    ("limits", "reason"),
    [
        (SPECTATORS, "no room for another spectator: this game has 1 already"),
        (PER_ADDRESS, "too many connections from your address: at most 1"),
        (TOTAL, "the host is full: at most 1 connections besides the players"),
    ],
    ids=["spectators per game", "per address", "in all"],
)
def test_a_spectator_past_a_cap_is_refused_and_the_players_still_join(
    limits: Limits, reason: str
) -> None:
    async def scenario() -> None:
        async with hosted(SETUP, limits=limits) as table:
            first = await peer_from(ELSEWHERE, table.address, {"watch": True})
            await first.next("game")
            second = await peer_from(ELSEWHERE, table.address, {"watch": True})
            refusal = await second.next("error")
            assert refusal == {"type": "error", "id": None, "reason": reason, "fatal": True}
            await second.socket.wait_closed()
            assert len(table.game.watchers) == 1
            ayla, game = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            assert game["you"] == 0
            await ayla.send(act("L"))
            assert (await bo.next("played"))["at"] == 0
            assert (await first.next("played"))["at"] == 0  # the first spectator watches on

    asyncio.run(scenario())


def test_when_full_the_oldest_silent_connection_makes_way_and_a_player_always_gets_in() -> None:
    async def scenario() -> None:
        limits = Limits(connections=2, per_address=2, spectators=1)
        async with hosted(SETUP, limits=limits) as table:
            watcher = await Peer.open(table.address, {"watch": True})
            await watcher.next("game")
            silent = await raw_connection(table.address)  # holds the last place
            await until(lambda: table.hosted.server.connections_counted() == 2)
            # A silent WebSocket connection arrives: the silent TCP one makes way.
            quiet = await Peer.open(table.address)
            assert await closed_raw(silent)
            # The player arrives: the silent WebSocket connection makes way, she sits.
            ayla, game = await Peer.seat(table.address, table.code(0))
            assert game["you"] == 0
            with pytest.raises(ConnectionClosed):
                await quiet.next()
            # Her seat again from another terminal: still room, whatever the spectators do.
            again, game = await Peer.seat(table.address, table.code(0))
            assert game["you"] == 0
            taken = await everything_until_closed(ayla.socket)
            assert taken[-1]["reason"] == "your seat was taken from another terminal"
            await again.send(act("L"))
            assert (await watcher.next("played"))["at"] == 0
            assert table.hosted.server.connections_counted() == 1  # the spectator only
            silent.close()

    asyncio.run(scenario())


def test_an_idle_spectator_is_closed_with_a_reason_and_a_quiet_player_is_not() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, limits=Limits(idle=0.2)) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            watcher = await Peer.open(table.address, {"watch": True})
            await watcher.next("game")
            messages = await everything_until_closed(watcher.socket)
            assert messages == [
                {
                    "type": "error",
                    "id": None,
                    "reason": "nothing was sent either way for 0.2 seconds",
                    "fatal": True,
                }
            ]
            assert watcher.socket.close_code == 1008
            assert not table.game.watchers
            assert 0 in table.game.players  # as quiet, but a player: she stays
            await ayla.send(act("L"))
            assert (await ayla.next("played"))["at"] == 0

    asyncio.run(scenario())


def test_a_second_connection_with_a_code_takes_the_seat_and_the_first_is_told() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            first, _ = await Peer.seat(table.address, table.code(1))
            second, game = await Peer.seat(table.address, table.code(1))
            assert game["you"] == 1
            told = await everything_until_closed(first.socket)
            assert told[-1] == {
                "type": "error",
                "id": None,
                "reason": "your seat was taken from another terminal",
                "fatal": True,
            }
            assert first.socket.close_code == 1000
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))
            assert (await second.next("played"))["seat"] == 0  # the second plays on
            assert list(table.game.players) == [1, 0]

    asyncio.run(scenario())


def test_messages_of_a_connection_whose_seat_was_taken_play_nothing() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            first, _ = await Peer.seat(table.address, table.code(0))
            connection = table.game.players[0]
            second, _ = await Peer.seat(table.address, table.code(0))
            table.game.receive(connection, json.dumps(act("L")))  # in flight when replaced
            assert table.flow.session.actions == ()
            await second.send(act("L"))
            assert (await second.next("played"))["at"] == 0
            await first.close()

    asyncio.run(scenario())


def test_the_host_command_sets_the_caps_and_refuses_a_cap_of_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from marrakech.cli import build_parser
    from marrakech.net.running import limits_of

    parser = build_parser()
    options = ["--max-connections", "9", "--max-per-address", "3", "--max-spectators", "2"]
    args = parser.parse_args(["host", *options, "--spectator-idle", "90"])
    assert limits_of(args) == Limits(connections=9, per_address=3, spectators=2, idle=90.0)
    assert limits_of(parser.parse_args(["host"])) == Limits()
    with pytest.raises(SystemExit):
        parser.parse_args(["host", "--max-spectators", "0"])
    assert "--max-spectators: a whole number from 1, not '0'" in capsys.readouterr().err


@pytest.mark.slow
def test_a_host_process_started_with_a_spectator_cap_keeps_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        host = await net_process(
            "host", "--headless", "--port", "0", "--max-spectators", "1", data_home=tmp_path
        )
        try:
            assert host.stdout is not None
            heading = (await asyncio.wait_for(host.stdout.readline(), WAIT)).decode()
            address = heading.split(" on ", 1)[1].split(" ", 1)[0]
            first = await Peer.open(address, {"watch": True})
            assert (await first.next("game"))["you"] is None
            second = await Peer.open(address, {"watch": True})
            refusal = await second.next("error")
            assert refusal["reason"] == "no room for another spectator: this game has 1 already"
        finally:
            host.terminate()
            await host.wait()

    asyncio.run(scenario())


def test_a_crowd_from_one_address_makes_way_for_a_player_from_another() -> None:
    async def scenario() -> None:
        limits = Limits(connections=3, connect_burst=100)  # the crowd opens many at once
        async with hosted(SETUP, limits=limits) as table:
            crowd = [await raw_connection(table.address, ELSEWHERE) for _ in range(2)]
            mine = await raw_connection(table.address, OTHER_PLACE)  # a player, slow to speak
            await until(lambda: table.hosted.server.connections_counted() == 3)
            crowd += [await raw_connection(table.address, ELSEWHERE) for _ in range(5)]
            for cut in crowd[:5]:  # the crowd's oldest made way, one after another
                assert await closed_raw(cut)
            assert table.hosted.server.connections_counted() == 3
            # The player's connection is still open: she speaks now, and sits.
            ayla = Peer(await connect(f"ws://{table.address}", sock=mine))
            await ayla.send(encode("hello", version=PROTOCOL_VERSION, code=table.code(0)))
            assert (await ayla.next("game"))["you"] == 0
            for raw in crowd:
                raw.close()

    asyncio.run(scenario())


def test_an_address_opening_connections_too_fast_is_cut_and_a_player_still_joins() -> None:
    async def scenario() -> None:
        limits = Limits(connect_rate=0.001, connect_burst=2)
        async with hosted(SETUP, limits=limits) as table:
            first = await raw_connection(table.address, ELSEWHERE)
            second = await raw_connection(table.address, ELSEWHERE)
            third = await raw_connection(table.address, ELSEWHERE)
            assert await closed_raw(third)  # cut as it opened
            assert table.hosted.server.connections_counted() == 2
            bo = await peer_from(OTHER_PLACE, table.address, {"code": table.code(1)})
            assert (await bo.next("game"))["you"] == 1
            ayla, _ = await Peer.seat(table.address, table.code(0))  # this machine: no limit
            await ayla.send(act("L"))
            assert (await bo.next("played"))["at"] == 0
            first.close()
            second.close()

    asyncio.run(scenario())


def test_the_host_closes_at_once_while_a_roll_waits_and_a_connection_has_not_opened() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, share_seconds=30) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))  # Ayla's facing: the roll asks her for a share...
            assert (await ayla.next("share_ask"))["roll"] == 0
            await ayla.socket.close()  # ...and she leaves: it waits for a player to come
            await until(lambda: 0 not in table.game.players)
            assert table.flow.rolling
            # A connection (Bo's client trying again, say) in its opening handshake:
            raw = await raw_connection(table.address, ELSEWHERE)
            await until(lambda: table.hosted.server.connections_counted() == 1)
            # Closed at once, not when the handshake's time is up (10 seconds).
            await asyncio.wait_for(table.hosted.close(), WAIT / 2)
            assert await closed_raw(raw)
            raw.close()

    asyncio.run(scenario())
