"""A client: one connection to a host, its replica of the game, and reconnecting.

``Client.run`` connects, says hello with the seat's join code (or as a spectator),
builds a ``ReplicaFlow`` from the host's game and keeps it by the host's messages. When
the connection drops it connects again with the same code and reads the game afresh.
Every change goes to the listeners (``listen``, and the replica's own); a front end (the
text mode, the full-screen game) reacts there. When the game ends the client keeps
it with the finished games, as hot-seat does, and ``run`` returns 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from marrakech.engine import IllegalAction
from marrakech.flow.changes import Change, Listener
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _
from marrakech.games.records import SaveFileError
from marrakech.games.text import quoted, shown
from marrakech.net.protocol import MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION, encode
from marrakech.net.replica import HostError, ReplicaFlow
from marrakech.net.texts import local

RETRY_SECONDS = 60.0
"""How long a client keeps trying to reach a host it lost."""


class Client:
    """One seat (or a spectator) of a game hosted elsewhere; see the module docstring."""

    def __init__(
        self,
        address: str,
        *,
        code: str | None = None,
        name: str | None = None,
        retry_seconds: float = RETRY_SECONDS,
        keep_finished: bool = True,
        level: str | None = None,
    ) -> None:
        """``address`` is HOST:PORT (or a ws:// or wss:// address); no ``code`` watches."""
        self.uri = address if address.startswith(("ws://", "wss://")) else f"ws://{address}"
        self.code = code
        self.name = name
        self.retry_seconds = retry_seconds
        self.keep_finished = keep_finished
        self.level = level
        """The computer level that plays the seat here (None: a person plays it)."""
        self.flow: ReplicaFlow | None = None
        """The replica, once the host has sent the game."""
        self._listeners: list[Listener] = []
        self._socket: ClientConnection | None = None

    def listen(self, listener: Listener) -> None:
        """Call ``listener`` with every Change from now on, before and after the game
        arrived (the replica's own listeners, ``flow.listen``, hear those after it arrived,
        and each change before this client's listeners do)."""
        self._listeners.append(listener)

    def _tell(self, change: Change) -> None:
        if self.flow is not None:  # the game's own listeners first: they record the change
            self.flow.tell(change)
        for listener in self._listeners:
            listener(change)

    def send(self, text: str) -> None:
        """Send a message to the host now; IllegalAction when not connected."""
        socket = self._socket
        if socket is None:
            raise IllegalAction(_("not connected to the host: wait for the connection"))
        asyncio.get_running_loop().create_task(self._send(socket, text))

    async def _send(self, socket: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(text)

    async def run(self) -> int:
        """Play until the game ends (0) or the host cannot be reached or refuses (1)."""
        lost_at: float | None = None
        loop = asyncio.get_running_loop()
        while True:
            try:
                async with connect(
                    self.uri, max_size=MAX_HOST_MESSAGE_BYTES, open_timeout=5, compression=None
                ) as socket:
                    lost_at = None
                    outcome = await self._session(socket)
                    if outcome is not None:
                        return outcome
            except HostError as error:
                return self._closed(str(error))
            except (InvalidURI, ValueError) as error:
                return self._closed(
                    _("cannot reach {address}: {problem}").format(
                        address=shown(self.uri), problem=error
                    )
                )
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
                pass
            finally:
                self._socket = None
            if self.flow is not None and self.flow.over:
                self._keep()  # the host went before sending the whole game
                return 0
            now = loop.time()
            if lost_at is None:
                lost_at = now
                if self.flow:
                    lost = _("the connection to the host is lost at {address}; trying again")
                else:
                    lost = _("no host answers at {address}; trying again")
                self._tell(Change("lost", text=lost.format(address=shown(self.uri))))
            elif now - lost_at > self.retry_seconds:
                return self._closed(
                    _("the host at {address} cannot be reached").format(address=shown(self.uri))
                )
            await asyncio.sleep(0.5)

    def _closed(self, reason: str) -> int:
        self._tell(Change("closed", text=reason))
        return 1

    async def _session(self, socket: ClientConnection) -> int | None:
        """Serve one connection: None when it dropped (to reconnect), else the exit code."""
        hello: dict[str, Any] = {"version": PROTOCOL_VERSION}
        if self.code is None:
            hello["watch"] = True
        else:
            hello["code"] = self.code
            if self.name is not None:
                hello["name"] = self.name
        await socket.send(encode("hello", **hello))
        self._socket = socket
        async for text in socket:
            try:
                message = json.loads(text)
            except ValueError:
                raise HostError(_("the host sent a message that is not JSON")) from None
            if not isinstance(message, dict):
                raise HostError(_("the host sent a message that is not a JSON object"))
            if message.get("type") == "error" and message.get("fatal"):
                reason = shown(local(str(message.get("reason"))))
                return self._closed(_("the host refused: {reason}").format(reason=reason))
            self._receive(message)
            # The host follows the last move with the whole game (its piles no longer
            # hidden): that is the game to keep.
            if self.flow is not None and self.flow.over and message.get("type") == "game":
                self._keep()
                return 0
        return None

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "game":
            if self.flow is None:
                self.flow = ReplicaFlow(message, self.send, level=self.level)
            else:
                self.flow.load(message)
            self._tell(Change("synced", text=shown(local(str(message.get("news", ""))), 200)))
            return
        flow = self.flow
        if flow is None:
            raise HostError(_("the host sent {kind} before the game").format(kind=quoted(kind, 20)))
        if kind == "played":
            played = flow.apply(message)
            self._tell(Change("played", played[0].seat if played else None, played))
        elif kind == "seats":
            flow.read_table(message.get("table"))
            self._tell(Change("seats"))
        elif kind == "undo_request":
            asker = message.get("by")
            flow.undo_asker = shown(asker, 60) if isinstance(asker, str) else _("someone")
            self._tell(Change("undo_asked", flow.me, text=flow.undo_asker))
        elif kind == "undo_refused":
            self._tell(
                Change("undo_refused", flow.me, text=shown(local(str(message.get("reason")))))
            )
        elif kind == "error":
            reason = shown(local(str(message.get("reason"))), 200)
            self._tell(Change("error", flow.me, text=reason))
        elif kind != "pong":
            raise HostError(
                _("the host sent the unknown message {kind}").format(kind=quoted(kind, 20))
            )

    def _keep(self) -> None:
        """Keep the finished game with the finished games (its rolls were the host's)."""
        if not self.keep_finished or self.flow is None:
            return
        try:
            GameFile.new().finish(self.flow.session)
        except (SaveFileError, OSError) as error:
            text = _("the finished game was not kept: {problem}").format(problem=error)
            self._tell(Change("error", text=text))
