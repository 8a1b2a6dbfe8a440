"""The host's WebSocket server: one or more games, their caps, and who may come in.

``Host`` listens through doors (``guard.Door``) that turn away an address opening
connections too fast, counts spectators and connections that have not said hello against
the caps of its ``Limits`` (never the players), and hands each connection that says hello
to its game (``net.host.HostGame``). See docs/security.md.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from marrakech.net import texts
from marrakech.net.guard import (
    CLOSE_SECONDS,
    Door,
    GuardedConnection,
    bound_kernel_buffers,
    peer_address,
    refuse,
)
from marrakech.net.host import HostGame
from marrakech.net.protocol import (
    HOST_FULL,
    MAX_FRAME_BYTES,
    NO_ROOM_TO_WATCH,
    RECEIVE_QUEUE,
    TOO_MANY_HERE,
    Limits,
    ProtocolError,
    RateLimit,
    decode,
)

HELLO_SECONDS = 10.0
"""A connection that says no hello within this long is closed."""

THIS_MACHINE = frozenset({"127.0.0.1", "::1"})
"""Addresses the limits per address do not apply to: every client of an SSH tunnel or a
TLS proxy on this machine comes from there (the other limits do apply)."""

ARRIVALS_KEPT = 4096
"""How many addresses' recent connections the host remembers (the quiet ones are
forgotten first)."""


class Host:
    """The WebSocket server of one or more games (a client's join code finds its game).

    The caps of ``limits`` count spectators and connections that have not said hello
    (from the moment the TCP connection opens), never the players: when a connection
    arrives past a cap (from its address, or in all), the oldest connection that has not
    said hello (from that address, or from the address with the most connections) is cut
    to make way for it, and a spectator's hello past a cap is refused in words. A player
    with a valid join code always gets in. An address opening connections too fast has
    the new ones cut at once. The limits per address spare this machine (THIS_MACHINE).
    """

    def __init__(self, games: list[HostGame], limits: Limits | None = None) -> None:
        self.games = games
        self.limits = Limits() if limits is None else limits
        for game in games:
            game.limits = self.limits
        self.servers: list[Server] = []
        """The WebSocket servers, one for each address listened on."""
        self._waiting: dict[ServerConnection, str] = {}
        """Connections that have not said hello, oldest first, and their addresses."""
        self._watching: dict[ServerConnection, str] = {}
        """The spectators' connections and their addresses."""
        self._counted: Counter[str] = Counter()
        """Of both, how many per address."""
        self._arrivals: dict[str, RateLimit] = {}
        """Each address's new connections, rate-limited."""
        self._let_in_at_door: set[Any] = set()
        """The peers of the connections the door let in that have not opened yet."""
        self._closing = False
        """Set when the host closes: a connection opening is cut at once."""

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen on ``host``:``port`` (0: any free port); returns the address bound
        (the first, when ``host`` has several addresses)."""
        for game in self.games:
            game.start()
        # Bound as the event loop binds (a socket for each of the host's addresses), then
        # listened on through doors that close at once a connection from an address that
        # opens too many too fast: a connection flood costs an accept and a close each.
        bound = await asyncio.get_running_loop().create_server(
            asyncio.Protocol, host, port, start_serving=False
        )
        doors = [Door(listener, self._at_door) for listener in bound.sockets]
        bound.close()
        connection = self._counted_connection()
        for door in doors:
            self.servers.append(
                await serve(
                    self._attend,
                    sock=door,
                    max_size=MAX_FRAME_BYTES,
                    max_queue=RECEIVE_QUEUE,
                    close_timeout=CLOSE_SECONDS,
                    compression=None,
                    create_connection=connection,
                )
            )
        address = doors[0].getsockname()
        return address[0], address[1]

    def connections_counted(self) -> int:
        """The connections the caps count now: spectators and those with no hello yet."""
        return len(self._waiting) + len(self._watching)

    def _counted_connection(self) -> type[ServerConnection]:
        """The class of the server's connections: each is counted as it opens and as it
        goes (an idle TCP connection too, before any HTTP)."""
        door = self

        class CountedConnection(GuardedConnection):
            cut = False
            """Cut as it opened (the host closes, or its address opens too many too
            fast): the WebSocket library never heard of it."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                peer = transport.get_extra_info("peername")
                address = peer_address(peer)
                if door._closing or not door._let_in(peer, address):
                    # Cut before the library starts a handshake (a task, and its undoing
                    # when the connection goes): the host closes, or its address opens
                    # too many too fast (seen here only where the event loop accepts
                    # connections without the door, ``Door``, which closes them first).
                    self.cut = True
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()
                    return
                super().connection_made(transport)
                bound_kernel_buffers(transport, door.limits.send_queue)
                door._arrived(self, address)

            def connection_lost(self, exc: Exception | None) -> None:
                if self.cut:
                    return
                door._forget(self)
                super().connection_lost(exc)

        return CountedConnection

    def _arrived(self, socket: ServerConnection, address: str) -> None:
        """Count a new connection from ``address`` (its rate of arrivals checked already),
        cutting the oldest silent one past a cap."""
        local = address in THIS_MACHINE
        if not local and self._counted[address] >= self.limits.per_address:
            self._make_way(address)
        if self.connections_counted() >= self.limits.connections:
            self._make_way(self._heaviest())
        self._waiting[socket] = address
        self._counted[address] += 1

    def _arrival_allowed(self, address: str) -> bool:
        """Spend one of the address's new connections (False: none is left)."""
        limits = self.limits
        bucket = self._arrivals.get(address)
        if bucket is None:
            if len(self._arrivals) >= ARRIVALS_KEPT:  # forget the addresses gone quiet
                self._arrivals = {a: b for a, b in self._arrivals.items() if not b.rested()}
            bucket = self._arrivals[address] = RateLimit(limits.connect_rate, limits.connect_burst)
        return bucket.allow()

    def _at_door(self, peer: Any) -> bool:
        """Whether the door lets in a connection from ``peer`` (``accept``'s address):
        not when its address opens too many too fast."""
        address = peer_address(peer)
        if address in THIS_MACHINE or self._arrival_allowed(address):
            self._let_in_at_door.add(peer)
            return True
        return False

    def _let_in(self, peer: Any, address: str) -> bool:
        """Whether a connection opening from ``peer`` (at ``address``) stays: let in at
        the door, or allowed now (an event loop that accepts without the door)."""
        if peer in self._let_in_at_door:
            self._let_in_at_door.discard(peer)
            return True
        return address in THIS_MACHINE or self._arrival_allowed(address)

    def _heaviest(self) -> str | None:
        """The address with the most connections counted among those with a connection
        that has not said hello (the one to make way first)."""
        waiting = set(self._waiting.values())
        return max(waiting, key=self._counted.__getitem__, default=None)

    def _make_way(self, address: str | None) -> None:
        """Cut the oldest connection from ``address`` that has not said hello."""
        oldest = next((socket for socket, where in self._waiting.items() if where == address), None)
        if oldest is not None:
            self._forget(oldest)
            oldest.transport.abort()

    def _forget(self, socket: ServerConnection) -> None:
        """No longer count a connection (it went, or it is a player's now)."""
        address = self._waiting.pop(socket, None)
        if address is None:
            address = self._watching.pop(socket, None)
        if address is None:
            return
        self._counted[address] -= 1
        if self._counted[address] <= 0:
            del self._counted[address]

    def _no_room(self, socket: ServerConnection, game: HostGame) -> str | None:
        """Why a connection cannot watch ``game`` (None: it can), in English."""
        limits = self.limits
        if len(game.watchers) >= limits.spectators:
            return NO_ROOM_TO_WATCH.format(count=limits.spectators)
        address = self._waiting.get(socket)
        if address is None or (
            address not in THIS_MACHINE and self._counted[address] > limits.per_address
        ):
            return TOO_MANY_HERE.format(count=limits.per_address)
        if self.connections_counted() > limits.connections:
            return HOST_FULL.format(count=limits.connections)
        return None

    def _watch(self, socket: ServerConnection) -> None:
        """A connection that said hello as a spectator: counted as one from now on."""
        address = self._waiting.pop(socket, None)
        if address is not None:
            self._watching[socket] = address

    async def close(self) -> None:
        """Stop every game and the server (the autosaves stay, to resume).

        The connections that have not said hello are cut at once, and any opening from
        now on as it opens: one in its opening handshake would hold the server's close
        until the handshake's time is up (10 seconds)."""
        self._closing = True
        for socket in list(self._waiting):
            socket.transport.abort()
        for game in self.games:
            await game.stop()
        for socket in [*self._waiting, *self._watching]:
            if isinstance(socket, GuardedConnection) and socket.dismissed:
                socket.transport.abort()  # told why already, maybe not heard: no waiting
        for server in self.servers:
            server.close()
        for server in self.servers:
            await server.wait_closed()

    async def _attend(self, socket: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(socket.recv(), HELLO_SECONDS)
        except (TimeoutError, ConnectionClosed):
            await socket.close(1008, "no hello")
            return
        try:
            hello = decode(first)
        except ProtocolError as error:
            await refuse(socket, str(error))
            return
        if hello.kind != "hello":
            await refuse(socket, texts.HELLO_FIRST)
            return
        if hello.watch:
            game = self.games[0]
            refusal = self._no_room(socket, game)
            if refusal is not None:
                await refuse(socket, refusal)
                return
            self._watch(socket)
        else:
            found = [g for g in self.games if g.seat_for(hello.code or "") is not None]
            if not found:
                await refuse(socket, texts.NO_SEAT_HERE)
                return
            game = found[0]
            self._forget(socket)  # a player's connection: no cap counts it
        await game.attend(socket, hello)
