"""The network protocol: versioned JSON messages over WebSocket (see docs/protocol.md).

Everything here is pure: the limits, the join codes, and reading a client's message into
a checked ``Request`` (``ProtocolError`` names what is wrong). The host and the clients
build their messages with ``encode``.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from marrakech.engine import Aim, MarrakechError, Orient, Place, parse_action
from marrakech.games.text import quoted
from marrakech.net import texts

PROTOCOL_VERSION = 3
"""The protocol version this program speaks (a hello with another one is refused)."""

MAX_MESSAGE_BYTES = 4096
"""A client's message larger than this is refused with an error."""

MAX_FRAME_BYTES = 65536
"""A frame larger than this closes the connection (code 1009) before it is read."""

MAX_HOST_MESSAGE_BYTES = 1024 * 1024
"""The largest message a client accepts from the host (a whole game fits many times)."""

RATE_PER_SECOND = 50.0
"""A connection may send this many messages a second on average..."""

RATE_BURST = 100
"""...and this many at once; more are refused with an error."""

MAX_NAME_CHARS = 40
"""A player's name is at most this long (as everywhere in the game)."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Join codes use letters and digits that cannot be misread (no 0/O, 1/I/L)."""

CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4

KINDS = ("hello", "act", "undo", "answer", "ping")
"""The message types a client may send."""


class ProtocolError(MarrakechError):
    """A message that cannot be used; the text names what is wrong."""


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


_FIELDS = {
    "hello": {"type", "version", "code", "name", "watch"},
    "act": {"type", "id", "at", "action"},
    "undo": {"type", "id", "at"},
    "answer": {"type", "id", "accept"},
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
        raise ProtocolError(f"the message is not valid JSON ({quoted(str(error), 60)})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    kind = data.get("type")
    if kind not in _FIELDS:
        raise ProtocolError(f"unknown message type {quoted(kind, 30)}: use {', '.join(KINDS)}")
    extra = sorted(set(data) - _FIELDS[kind])
    if extra:
        raise ProtocolError(f"a {kind} message has no field {quoted(extra[0], 30)}")
    if kind == "hello":
        return _hello(data)
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
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ProtocolError(
            texts.OTHER_VERSION.format(version=quoted(version, 20), spoken=PROTOCOL_VERSION)
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


def _whole(data: dict[str, Any], field: str, *, required: bool = True) -> int | None:
    value = data.get(field)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise ProtocolError(f"{field} must be a whole number from 0, not {quoted(value, 20)}")
    return value


def _action(value: object) -> Orient | Place | Aim | None:
    if value == "roll":
        return None
    if not isinstance(value, str) or len(value) > 16:
        raise ProtocolError(f"action must be a move in the game's notation, not {quoted(value)}")
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
