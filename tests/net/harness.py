"""Helpers of the network tests: a host in this process, raw protocol peers, join processes."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from marrakech.flow import Notice
from marrakech.flow.changes import Change
from marrakech.games.session import GameSetup, Session
from marrakech.net.client import Client
from marrakech.net.host import HostGame
from marrakech.net.host_flow import HostFlow
from marrakech.net.hosting import Hosted, Hosting, new_game, start_hosting
from marrakech.net.protocol import MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION, encode
from marrakech.textmode.game import TextGame

ROOT = Path(__file__).parents[2]
WAIT = 10.0


@dataclass
class Table:
    """A game hosted in the test's own event loop."""

    hosted: Hosted
    notices: list[Notice]

    @property
    def flow(self) -> HostFlow:
        return self.hosted.flow

    @property
    def game(self) -> HostGame:
        return self.hosted.game

    @property
    def hosting(self) -> Hosting:
        return self.hosted.hosting

    @property
    def address(self) -> str:
        return self.hosted.address

    def code(self, seat: int) -> str:
        return self.hosting.codes[seat]


@asynccontextmanager
async def hosted(
    setup: GameSetup, *, headless: bool = True, **options: Any
) -> AsyncIterator[Table]:
    """Host ``setup``'s game on a free loopback port for the test's duration."""
    notices: list[Notice] = []
    flow, hosting = new_game(
        Session(setup), notices.append, headless=headless, host="127.0.0.1", port=0
    )
    table = Table(await start_hosting(flow, hosting, **options), notices)
    try:
        yield table
    finally:
        await table.hosted.close()


class Peer:
    """A raw protocol client: sends what the test says, reads what the host answers."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket

    @classmethod
    async def open(cls, address: str, hello: dict[str, Any] | None = None) -> Peer:
        socket = await connect(f"ws://{address}", max_size=MAX_HOST_MESSAGE_BYTES)
        peer = cls(socket)
        if hello is not None:
            await peer.send(encode("hello", version=PROTOCOL_VERSION, **hello))
        return peer

    @classmethod
    async def seat(cls, address: str, code: str) -> tuple[Peer, dict[str, Any]]:
        """Join a seat; returns the peer and the host's game message."""
        peer = await cls.open(address, {"code": code})
        return peer, await peer.next("game")

    async def send(self, message: str | bytes | dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message) if isinstance(message, dict) else message)

    async def next(self, kind: str | None = None) -> dict[str, Any]:
        """The next message (of ``kind``, skipping others). A share the host asks for on
        the way is added, as a client does, unless ``kind`` is ``share_ask``."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), WAIT))
            if kind is None or message["type"] == kind:
                return message
            if message["type"] == "share_ask":
                await self.send({"type": "share", "roll": message["roll"], "share": "ab" * 32})

    def answering(self) -> asyncio.Task[None]:
        """Read on in a task of its own (to cancel), adding the shares the host asks for."""
        return asyncio.create_task(self.next("none comes"))

    async def played_at(self, at: int) -> dict[str, Any]:
        """The ``played`` message for action ``at`` (adding the shares asked for)."""
        while True:
            played = await self.next("played")
            if played["at"] == at:
                return played

    async def rolled(self) -> dict[str, Any]:
        """The next ``played`` message that holds a roll (adding the shares asked for)."""
        while True:
            played = await self.next("played")
            if "dice" in played:
                return played

    async def close(self) -> None:
        await self.socket.close()


async def until(condition: Any, timeout: float = WAIT) -> None:
    """Wait (polling the event loop) until ``condition()`` is true."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise TimeoutError("the condition did not come true in time")
        await asyncio.sleep(0.01)


async def says(game: TextGame, words: str) -> list[str]:
    """What a seat in lines says (``advance``) until it says a line with ``words``."""
    lines: list[str] = []
    await until(lambda: bool(lines.extend(game.advance())) or any(words in x for x in lines))
    return lines


async def net_process(
    *args: str, data_home: Path, stdin: bool = False
) -> asyncio.subprocess.Process:
    """``python -m marrakech ARGS`` (host or join) with its own data directory."""
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "marrakech",
        *args,
        stdin=asyncio.subprocess.PIPE if stdin else asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )


def finished_games(data_home: Path) -> list[dict[str, Any]]:
    """The save documents of the finished games kept in a data directory."""
    folder = data_home / "marrakech" / "history"
    return [json.loads(path.read_text(encoding="utf-8")) for path in folder.glob("*.json")]


async def heard_seat(table: Table, seat: int) -> tuple[Client, list[Change], asyncio.Task[int]]:
    """A client playing ``seat`` of the table, every change it tells kept in order, and
    its running task (the test ends it); once it has read the game."""
    client = Client(table.address, code=table.code(seat), keep_finished=False)
    heard: list[Change] = []
    client.listen(heard.append)
    playing = asyncio.create_task(client.run())
    await until(lambda: client.flow is not None)
    return client, heard, playing


@asynccontextmanager
async def seated(table: Table, seat: int | None, level: str | None = None) -> AsyncIterator[Client]:
    """A client playing ``seat`` of the table (None: watching it; ``level``: a computer
    of that level plays it), once it has read the game; it stops when the block ends."""
    code = None if seat is None else table.code(seat)
    client = Client(table.address, code=code, keep_finished=False, level=level)
    playing = asyncio.create_task(client.run())
    try:
        await until(lambda: client.flow is not None)
        yield client
    finally:
        playing.cancel()
