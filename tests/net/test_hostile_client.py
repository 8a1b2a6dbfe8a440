"""A sturdy client: whatever a host sends, one clear line and an exit code.

A fake host (a bare WebSocket server, or not even that) sends what a broken or hostile
host might; the client must stop at once with one ``closed`` change saying what was
wrong, never a traceback and never a minute of retries. And one seat has one connection:
a second terminal with the same code takes the seat, and the first stops.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import subprocess
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from marrakech.flow.changes import Change
from marrakech.games.session import GameSetup
from marrakech.net.client import Client
from marrakech.net.protocol import MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION
from net.harness import WAIT, heard_seat, hosted, net_process, until

DEEP = "[" * 200_000 + "]" * 200_000
"""Nested far past any recursion limit, and still under the client's size limit."""

DEEP_ENOUGH = json.dumps({"type": "error", "id": None, "reason": json.loads("[" * 500 + "]" * 500)})
"""Nested deep, yet within what the JSON reader takes: the client must still refuse it."""

GAME = {
    "type": "game",
    "version": PROTOCOL_VERSION,
    "you": 0,
    "setup": {"players": 2},
    "start": {},
    "actions": [],
    "table": [],
    "news": "",
}

SENT = [
    ("too deep", DEEP, "the host sent a message nested too deep"),
    ("deep enough", DEEP_ENOUGH, "the host sent a message nested too deep"),
    (
        "2 MiB",
        json.dumps({"type": "error", "id": None, "reason": "x" * (2 * 1024 * 1024)}),
        f"the host sent a message larger than {MAX_HOST_MESSAGE_BYTES} bytes",
    ),
    ("binary", b'{"type": "pong", "id": 1}', "the host sent a binary message"),
    ("bad UTF-8", b"\xff\xfe{}", "the host sent a message that is not UTF-8 text"),
    ("a game of junk", json.dumps(GAME), "the host's set-up cannot be read"),
    ("a game with no table", json.dumps({**GAME, "setup": None}), "the host's set-up"),
    ("not JSON", "{", "the host sent a message that is not JSON"),
]


async def fake_host(sent: str | bytes) -> Callable[[ServerConnection], Awaitable[None]]:
    async def host(socket: ServerConnection) -> None:
        await socket.recv()
        if isinstance(sent, bytes) and sent.startswith(b"\xff"):
            await socket.send(sent, text=True)  # a text frame that is not UTF-8
        else:
            await socket.send(sent)
        await socket.wait_closed()

    return host


async def run_against(handler: Callable[[ServerConnection], Awaitable[None]]) -> list[Change]:
    """Run a client against a fake host; its changes (it must end with code 1)."""
    async with serve(handler, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        client = Client(f"127.0.0.1:{port}", code="AAAA-BBBB-CCCC", keep_finished=False)
        heard: list[Change] = []
        client.listen(heard.append)
        assert await asyncio.wait_for(client.run(), WAIT) == 1
        return heard


@pytest.mark.parametrize(
    ("sent", "problem"), [case[1:] for case in SENT], ids=[case[0] for case in SENT]
)
def test_whatever_a_host_sends_the_client_stops_with_one_line(
    sent: str | bytes, problem: str
) -> None:
    async def scenario() -> None:
        heard = await run_against(await fake_host(sent))
        assert [change.kind for change in heard] == ["closed"]
        assert heard[0].text.startswith(problem), heard[0].text
        assert "\n" not in heard[0].text and len(heard[0].text) < 300

    asyncio.run(scenario())


def test_a_server_that_is_no_game_host_is_one_line_not_a_minute_of_retries() -> None:
    async def scenario() -> None:
        async def http(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(http, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = Client(f"127.0.0.1:{port}", code="AAAA-BBBB-CCCC", keep_finished=False)
        heard: list[Change] = []
        client.listen(heard.append)
        assert await asyncio.wait_for(client.run(), WAIT) == 1
        server.close()
        assert [change.kind for change in heard] == ["closed"]
        assert heard[0].text.startswith(
            f"ws://127.0.0.1:{port} does not answer as a game host: "
        ), heard[0].text

    asyncio.run(scenario())


def test_a_secure_address_of_a_host_with_no_proxy_is_one_line_not_a_minute_of_retries() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=3)) as table:
            address = f"wss://{table.address}"
            client = Client(address, code=table.code(1), keep_finished=False)
            heard: list[Change] = []
            client.listen(heard.append)
            assert await asyncio.wait_for(client.run(), WAIT) == 1
        assert [change.kind for change in heard] == ["closed"]
        assert heard[0].text == (
            f"{address} does not answer securely (the connection was dropped): a host that "
            "friends reach directly, not through a secure proxy, is joined with ws:// or with "
            "no scheme"
        )

    asyncio.run(scenario())


def test_a_secure_server_with_a_certificate_nobody_trusts_says_so(tmp_path: Path) -> None:
    key, certificate = tmp_path / "key.pem", tmp_path / "certificate.pem"
    made = ("-subj", "/CN=localhost", "-keyout", str(key), "-out", str(certificate))
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *made],
        check=True,
        capture_output=True,
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)

    async def scenario() -> None:
        async def nothing(socket: ServerConnection) -> None:
            await socket.wait_closed()

        async with serve(nothing, "127.0.0.1", 0, ssl=context) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = Client(f"wss://127.0.0.1:{port}", code="AAAA-BBBB-CCCC", keep_finished=False)
            heard: list[Change] = []
            client.listen(heard.append)
            assert await asyncio.wait_for(client.run(), WAIT) == 1
        assert [change.kind for change in heard] == ["closed"]
        assert heard[0].text.startswith(
            f"wss://127.0.0.1:{port} has a certificate this computer does not trust: "
        ), heard[0].text

    asyncio.run(scenario())


def test_a_second_terminal_takes_the_seat_and_the_first_stops_trying() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=3)) as table:
            _, heard, running = await heard_seat(table, 1)
            second = Client(table.address, code=table.code(1), keep_finished=False)
            other = asyncio.create_task(second.run())
            assert await asyncio.wait_for(running, WAIT) == 1
            assert heard[-1].kind == "closed"
            assert heard[-1].text == "your seat was taken from another terminal"
            assert not [change for change in heard if change.kind == "lost"]
            await until(lambda: second.flow is not None and 1 in table.game.players)
            assert second.flow is not None and second.flow.me == 1
            assert not other.done()
            other.cancel()

    asyncio.run(scenario())


@pytest.mark.slow
def test_join_against_a_host_that_sends_junk_says_one_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serve(await fake_host(DEEP), "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            join = await net_process(
                "join",
                f"127.0.0.1:{port}",
                "AAAA-BBBB-CCCC",
                "--text",
                data_home=tmp_path,
                stdin=True,  # the input stays open: the player has not quit
            )
            assert join.stdout is not None and join.stderr is not None
            assert await asyncio.wait_for(join.wait(), 30) == 1
        said = (await join.stdout.read()).decode().splitlines()
        said += (await join.stderr.read()).decode().splitlines()
        assert said == ["The host sent a message nested too deep."]

    asyncio.run(scenario())
