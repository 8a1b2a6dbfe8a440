"""The network protocol: versioned JSON messages over WebSocket (see docs/protocol.md).

Everything here is pure: the limits, the join codes, and reading a client's message into
a checked ``Request`` (``ProtocolError`` names what is wrong). The host and the clients
build their messages with ``encode``. ``Limits`` holds what a host allows (caps, queues,
the rate); docs/security.md lists each promise and the test that holds it.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from marrakech.engine import Aim, MarrakechError, Orient, Place, parse_action
from marrakech.engine.errors import QUOTE_LIMIT
from marrakech.engine.errors import quoted as engine_quoted
from marrakech.games.language import N_
from marrakech.games.reasons import learn
from marrakech.games.text import quoted
from marrakech.net import texts
from marrakech.net.fair import is_hex

PROTOCOL_VERSION = 5
"""The protocol version this program speaks (a hello with another one is refused)."""

MAX_MESSAGE_BYTES = 4096
"""A client's message larger than this is refused with an error."""

MAX_FRAME_BYTES = 16384
"""A frame larger than this closes the connection (code 1009) before it is read."""

MAX_HOST_MESSAGE_BYTES = 1024 * 1024
"""The largest message a client accepts from the host (a whole game fits many times)."""

MAX_HOST_DEPTH = 32
"""The deepest a host's message may nest arrays and objects (a game nests 5 deep)."""

RATE_PER_SECOND = 50.0
"""A player's connection may send this many messages a second on average..."""

RATE_BURST = 100
"""...and this many at once; the first message past that gets an error (fatal) and the
connection is closed."""

SPECTATOR_RATE = 2.0
"""A spectator has nothing to send but pings: this many a second on average..."""

SPECTATOR_BURST = 10
"""...and this many at once (then as for a player: one error, and closed)."""

RECEIVE_QUEUE = 4
"""How many of a connection's messages the host reads ahead before it stops reading
that connection until they are handled."""

SEND_QUEUE_BYTES = 64 * 1024
"""A connection whose unread messages at the host pass this many bytes (on top of what
the operating system holds for it) is dropped: a peer that does not read is not
buffered. A whole game, the largest message, fits many times."""

MAX_CONNECTIONS = 128
"""Connections a host keeps besides its players': spectators and connections that have
not said hello yet. Each may cost the host about SEND_QUEUE_BYTES of unread messages and
a read not yet parsed (see ``host.RECEIVE_BUFFER``) besides itself: about 100 KiB, so the
cap keeps the worst a crowd can cost near 15 MB."""

MAX_PER_ADDRESS = 16
"""Of those, from one address (behind a proxy every client has the proxy's address)."""

MAX_SPECTATORS = 64
"""Spectators of one game."""

CONNECT_RATE = 2.0
"""New connections a second from one address on average (a client that lost the host
tries twice a second)..."""

CONNECT_BURST = 5
"""...and at once; a connection past that is cut as it opens, before any handshake."""

SPECTATOR_IDLE_SECONDS = 600.0
"""A spectator that sent nothing and was sent nothing for this long is closed."""

STALL_SECONDS = 60.0
"""How long a player here may let their turn wait without moving before the host may let
a computer play their seat, as it may the seat of a player away."""

MAX_NAME_CHARS = 40
"""A player's name is at most this long (as everywhere in the game)."""

RENAMES_PER_MINUTE = 3
"""A seat's player may take a new name this many times in a minute; a hello with a new
name past that is refused (renaming sends every peer the whole game)."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Join codes use letters and digits that cannot be misread (no 0/O, 1/I/L)."""

CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4

KINDS = ("hello", "act", "undo", "answer", "share", "back", "ping")
"""The message types a client may send."""

# The host's closing sentences (a fatal error's reason), in English on the wire; a client
# says them in its own language (``texts.local``).
SEAT_TAKEN = N_("your seat was taken from another terminal")
NO_ROOM_TO_WATCH = N_("no room for another spectator: this game has {count} already")
TOO_MANY_HERE = N_("too many connections from your address: at most {count}")
HOST_FULL = N_("the host is full: at most {count} connections besides the players")
IDLE = N_("nothing was sent either way for {seconds} seconds")

HOST_STOPPED = "the host stopped"
"""The reason of the WebSocket close (code 1001, going away) a host sends everyone when it
stops its game: it may host it again from its autosave, so a client waits for it."""

CLOSINGS = (SEAT_TAKEN, NO_ROOM_TO_WATCH, TOO_MANY_HERE, HOST_FULL, IDLE)
learn(CLOSINGS)


@dataclass(frozen=True, slots=True)
class Limits:
    """What a host allows its connections (the defaults are this module's constants).

    The caps count spectators and connections that have not said hello yet, never the
    players: a player with a valid join code always gets in.
    """

    connections: int = MAX_CONNECTIONS
    """At most this many connections besides the players'."""
    per_address: int = MAX_PER_ADDRESS
    """At most this many of them from one address."""
    spectators: int = MAX_SPECTATORS
    """At most this many spectators of one game."""
    idle: float = SPECTATOR_IDLE_SECONDS
    """A spectator with no message either way for this many seconds is closed."""
    send_queue: int = SEND_QUEUE_BYTES
    """A connection with more unread bytes than this at the host is dropped."""
    connect_rate: float = CONNECT_RATE
    """New connections a second from one address on average..."""
    connect_burst: int = CONNECT_BURST
    """...and at once; past that a new connection is cut as it opens."""
    rate: float = RATE_PER_SECOND
    """Messages a second a player's connection may send on average..."""
    burst: int = RATE_BURST
    """...and at once; past that it gets one error and is closed."""
    spectator_rate: float = SPECTATOR_RATE
    """Messages a second a spectator may send on average..."""
    spectator_burst: int = SPECTATOR_BURST
    """...and at once."""
    renames: int = RENAMES_PER_MINUTE
    """New names a seat's player may take in a minute."""


def _quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``games.text.quoted``, with plain ASCII (the usual case) checked at C speed: a
    flood of junk is refused at little cost."""
    text = engine_quoted(value, limit)
    if len(text) <= limit and text.isascii() and text.isprintable():
        return text
    return quoted(value, limit)


class ProtocolError(MarrakechError):
    """A message that cannot be used; the text names what is wrong. ``id`` is the
    message's own id when it could be read (a whole number from 0), else None."""

    id: int | None = None


def new_code() -> str:
    """A fresh join code, e.g. ``K7QF-2MXA-9PRT`` (about 60 bits from ``secrets``)."""
    groups = (
        "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP_LENGTH))
        for _ in range(CODE_GROUPS)
    )
    return "-".join(groups)


def normal_code(text: str) -> str:
    """A code as typed (any case, with or without dashes) in the form ``new_code`` writes."""
    plain = "".join(char for char in text.upper() if char != "-")
    size = CODE_GROUP_LENGTH
    return "-".join(plain[start : start + size] for start in range(0, len(plain), size))


def looks_like_a_code(text: str) -> bool:
    """Whether ``text`` is written as a join code is ("K7QF-2MXA-9PRT", any case, with or
    without dashes)."""
    groups = normal_code(text).split("-")
    return len(groups) == CODE_GROUPS and all(
        len(group) == CODE_GROUP_LENGTH and set(group) <= set(CODE_ALPHABET) for group in groups
    )


def codes_match(given: str, secret: str) -> bool:
    """True when ``given`` (in the form ``normal_code`` writes) is ``secret``, compared in
    constant time."""
    return secrets.compare_digest(given.encode(), secret.encode())


def encode(kind: str, **fields: Any) -> str:
    """One message as JSON text: ``{"type": kind, ...fields}``."""
    return json.dumps({"type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Request:
    """A client's message, checked: what it asks and the fields it gave."""

    kind: str
    """One of KINDS."""
    id: int | None = None
    """The client's number for the message, echoed in the reply."""
    at: int | None = None
    """How many actions the client had seen when it sent the message."""
    action: Orient | Place | Aim | None = None
    """The decision of an ``act`` (None: roll the die, a decision in the aiming variant)."""
    code: str | None = None
    name: str | None = None
    watch: bool = False
    accept: bool = False
    roll: int | None = None
    """The roll a ``share`` adds to (0 first)."""
    share: str | None = None
    """A ``share``: 32 random bytes in hexadecimal (see ``net.fair``)."""


_FIELDS = {
    "hello": {"type", "version", "code", "name", "watch"},
    "act": {"type", "id", "at", "action"},
    "undo": {"type", "id", "at"},
    "answer": {"type", "id", "accept"},
    "share": {"type", "roll", "share"},
    "back": {"type", "id"},
    "ping": {"type", "id"},
}


def _no_constants(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def decode(text: str | bytes) -> Request:
    """Read one client message; ProtocolError says what is wrong with it."""
    if isinstance(text, bytes):
        raise ProtocolError("binary messages are not accepted: send JSON text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"the message is larger than {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"the message is not valid JSON ({_quoted(str(error), 60)})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    try:
        return _request(data)
    except ProtocolError as error:
        if _is_whole(data.get("id")):
            error.id = data["id"]  # the error echoes it, whatever else is wrong
        raise


def _request(data: dict[str, Any]) -> Request:
    """A message read as a JSON object, checked; ProtocolError says what is wrong."""
    kind = data.get("type")
    if kind not in _FIELDS:
        raise ProtocolError(f"unknown message type {_quoted(kind, 30)}: use {', '.join(KINDS)}")
    extra = sorted(set(data) - _FIELDS[kind])
    if extra:
        raise ProtocolError(f"the {kind} message has no field {_quoted(extra[0], 30)}")
    if kind == "hello":
        return _hello(data)
    if kind == "share":
        share = data.get("share")
        if not is_hex(share):
            raise ProtocolError("a share is 64 hexadecimal digits (0-9, a-f)")
        return Request(kind, roll=_whole(data, "roll"), share=share)
    request = Request(kind, id=_whole(data, "id", required=kind != "answer"))
    if kind == "act":
        return Request(kind, request.id, _whole(data, "at"), _action(data.get("action")))
    if kind == "undo":
        return Request(kind, request.id, _whole(data, "at"))
    if kind == "answer":
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("an answer needs accept: true or false")
        return Request(kind, request.id, accept=accept)
    return request


def _hello(data: dict[str, Any]) -> Request:
    version = data.get("version")
    if type(version) is not int or version != PROTOCOL_VERSION:  # 3.0 and true are no version
        raise ProtocolError(
            texts.OTHER_VERSION.format(version=_quoted(version, 20), spoken=PROTOCOL_VERSION)
        )
    watch = data.get("watch", False)
    if not isinstance(watch, bool):
        raise ProtocolError("watch must be true or false")
    code = data.get("code")
    name = data.get("name")
    if watch:
        if code is not None or name is not None:
            raise ProtocolError("a spectator sends no code and no name")
        return Request("hello", watch=True)
    if not isinstance(code, str) or len(code) > 40:
        raise ProtocolError("a hello needs the seat's join code (or watch: true)")
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME_CHARS):
        raise ProtocolError(f"a name is text of at most {MAX_NAME_CHARS} characters")
    return Request("hello", code=code, name=name)


def _is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number a message field may hold (0 to 2**31 - 1)."""
    return type(value) is int and 0 <= value < 2**31


def _whole(data: dict[str, Any], field: str, *, required: bool = True) -> int | None:
    value = data.get(field)
    if value is None and not required:
        return None
    if not _is_whole(value):
        raise ProtocolError(f"{field} must be a whole number from 0, not {_quoted(value, 20)}")
    return value


def _action(value: object) -> Orient | Place | Aim | None:
    if value == "roll":
        return None
    if not isinstance(value, str) or len(value) > 16:
        raise ProtocolError(f"action must be a move in the game's notation, not {_quoted(value)}")
    try:
        action = parse_action(value)
    except MarrakechError as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(action, Orient | Place | Aim):
        raise ProtocolError("the die is the host's: send action roll, never a value")
    return action


class RateLimit:
    """A token bucket: ``allow()`` is False once a connection sends too fast."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last = time.monotonic()

    def allow(self) -> bool:
        """Spend one message; False when none is left."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def rested(self) -> bool:
        """True when the bucket is full again (nothing spent lately counts any more)."""
        return self._tokens + (time.monotonic() - self._last) * self.rate >= self.burst
