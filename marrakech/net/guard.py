"""Each connection to a host, guarded: no peer can hold the event loop or the host's memory.

``GuardedConnection`` gives the WebSocket parser a connection's bytes a slice at a time
(``READ_SLICE``) and reads no more from the network while those wait; ``hear_only`` stops
reading a connection being closed after a few more bytes; ``bound_kernel_buffers`` keeps
the operating system's buffers of a connection small; a ``Door`` closes at once, as they
are accepted, the connections its host turns away; ``refuse`` tells a peer why in a
fatal ``error`` and closes it. See docs/security.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket as sockets
from collections.abc import Callable
from ipaddress import IPv6Address, ip_network
from socket import AF_INET, AF_INET6, SO_RCVBUF, SO_SNDBUF, SOL_SOCKET
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed

from marrakech.net.protocol import (
    encode,
)

CLOSE_SECONDS = 3.0
"""How long a closing connection may take to answer the close before it is cut."""

CLOSE_READS = 16
"""How many more messages a closing connection may send before it is not read."""

CLOSE_BYTES = 256
"""How many more bytes of a closing connection are parsed (its answer to the close
comes behind what it sent before; a flood behind it is not parsed)."""

READ_SLICE = 512
"""The most bytes of one connection parsed at a turn of the event loop."""

RECEIVE_BUFFER = 16384
"""The operating system's receive buffer of a connection: at most about twice this is
read at once."""

DOOR_CUTS = 64
"""How many connections turned away at the door are closed at most at one turn of the
event loop (it comes back at its next turn for the others)."""


async def refuse(socket: ServerConnection, reason: str) -> None:
    """Tell a peer why in a fatal ``error`` and close its connection, parsing only the
    few bytes its answer to the close needs."""
    broadcast([socket], encode("error", id=None, reason=reason, fatal=True))  # no waiting
    hear_only(socket, CLOSE_BYTES)
    await _close(socket, 1008, "refused")


async def _close(socket: ServerConnection, code: int, reason: str) -> None:
    """Close a connection, reading on (and letting go of) what its peer still sends, so
    that the peer's answer to the close is heard behind it; a peer that sends on and on
    is not read any more, and is cut after CLOSE_SECONDS."""
    closing = asyncio.ensure_future(socket.close(code, reason))
    with contextlib.suppress(ConnectionClosed):
        for _ in range(CLOSE_READS):
            await socket.recv()  # until the close is answered (ConnectionClosed)
    await closing


def bound_kernel_buffers(transport: asyncio.BaseTransport, send: int) -> None:
    """Keep the operating system's buffers of a connection small: its send buffer near
    ``send`` bytes (it would grow to megabytes for a peer that does not read), its
    receive buffer near RECEIVE_BUFFER (what one read brings)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (AF_INET, AF_INET6):
        with contextlib.suppress(OSError):
            sock.setsockopt(SOL_SOCKET, SO_SNDBUF, send)
            sock.setsockopt(SOL_SOCKET, SO_RCVBUF, RECEIVE_BUFFER)


class GuardedConnection(ServerConnection):
    """A server connection that reads its peer a slice at a time.

    Each frame costs the WebSocket parser the same whatever its size, so a read full of
    tiny frames would hold the event loop for as long as it takes to parse them all: a
    connection here gives the parser at most READ_SLICE bytes at a time, and its next
    slice only at the event loop's next turn, after everyone else's; it reads no more
    from the network while it holds bytes not yet parsed (or while the parsed messages
    wait: the WebSocket library's own flow control). ``hear_only`` stops reading it
    after a few more bytes (a connection being closed).
    """

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._unread = bytearray()
        self._feeding = False
        self._held = False
        """The WebSocket library's flow control wants the reading paused."""
        self._allowance: int | None = None
        """How many more bytes are parsed (None: all)."""
        self.recv_messages.pause = self._hold
        self.recv_messages.resume = self._release

    @property
    def dismissed(self) -> bool:
        """Whether the host is closing this connection (``hear_only`` was called)."""
        return self._allowance is not None

    def hear_only(self, size: int) -> None:
        """Parse at most ``size`` more bytes of this connection, then read it no more."""
        self._allowance = size if self._allowance is None else min(size, self._allowance)
        self._gate()

    def data_received(self, data: bytes) -> None:
        if self._allowance == 0:
            return  # not heard any more
        self._unread += data
        if not self._feeding:
            self._feed()
        self._gate()

    def eof_received(self) -> None:
        if self._unread and self._allowance != 0:
            rest = self._unread if self._allowance is None else self._unread[: self._allowance]
            data = bytes(rest)  # what came before the end, at once (one read at most)
            self._unread.clear()
            super().data_received(data)
        return super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unread.clear()
        self._allowance = 0
        super().connection_lost(exc)

    def _feed(self) -> None:
        """Give the parser the next slice; the one after it at the loop's next turn."""
        self._feeding = False
        if not self._unread or self._held or self._allowance == 0:
            self._gate()
            return
        size = READ_SLICE if self._allowance is None else min(READ_SLICE, self._allowance)
        piece = bytes(self._unread[:size])
        del self._unread[:size]
        if self._allowance is not None:
            self._allowance -= len(piece)
            if self._allowance == 0:
                self._unread.clear()
        super().data_received(piece)
        if self._unread and not self._held:
            self._feeding = True
            self.loop.call_soon(self._feed)
        self._gate()

    def _hold(self) -> None:
        self._held = True
        self._gate()

    def _release(self) -> None:
        self._held = False
        if self._unread and not self._feeding:
            self._feeding = True
            self.loop.call_soon(self._feed)
        self._gate()

    def _gate(self) -> None:
        """Read from the network only when nothing waits to be parsed or handled."""
        transport = self.transport
        if transport.is_closing():
            return
        wanted = not self._held and not self._unread and self._allowance != 0
        if wanted and not transport.is_reading():
            transport.resume_reading()
        elif not wanted and transport.is_reading():
            transport.pause_reading()


def hear_only(socket: ServerConnection, size: int) -> None:
    """Parse at most ``size`` more bytes of a connection (see GuardedConnection)."""
    if isinstance(socket, GuardedConnection):
        socket.hear_only(size)


class Door(sockets.socket):
    """A listening socket (a copy of ``listener``) whose ``accept`` closes at once the
    connections ``welcome`` turns away by their peer (``accept``'s address): the event
    loop makes no transport, nor the WebSocket library a connection, for them."""

    def __init__(self, listener: sockets.socket, welcome: Callable[[Any], bool]) -> None:
        copy = listener.dup().detach()
        super().__init__(listener.family, listener.type, listener.proto, fileno=copy)
        self.welcome = welcome

    def accept(self) -> tuple[sockets.socket, Any]:
        """The next connection welcome (BlockingIOError: none waits, for now)."""
        for _turned_away in range(DOOR_CUTS):
            connection, peer = super().accept()  # BlockingIOError when nobody waits
            if self.welcome(peer):
                return connection, peer
            connection.close()
        raise BlockingIOError  # more wait: the event loop comes back at its next turn


def peer_address(peer: object) -> str:
    """A peer's address without its port, as the caps count it: an IPv6 address as its
    /64 network (what one household or server gets), an IPv4 one as it is."""
    host = str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)
    if ":" not in host:
        return host  # IPv4 (or a path): as it is
    try:
        address = IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    if address.is_loopback:
        return "::1"
    return str(ip_network(f"{address}/64", strict=False))
