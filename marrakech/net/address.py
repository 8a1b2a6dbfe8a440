"""Where a host is: the address a player types, as the WebSocket address to connect to."""

from __future__ import annotations

from urllib.parse import urlsplit

from marrakech.games.language import _
from marrakech.games.text import quoted
from marrakech.net import DEFAULT_PORT

WEB_SCHEMES = {"http": "ws", "https": "wss"}
"""An address pasted from a browser, read as the WebSocket address it stands for."""


def host_uri(address: str) -> str:
    """The WebSocket address of a host named HOST:PORT, HOST alone (on ``DEFAULT_PORT``,
    where a host listens unless told otherwise), ws://... or wss://... (as it is), or
    http://... or https://... (pasted: read as ws:// and wss://). ValueError says what
    is wrong with any other."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "", address
    scheme = WEB_SCHEMES.get(scheme.lower(), scheme.lower())
    if scheme not in ("", "ws", "wss"):
        raise ValueError(
            _("{address} is not a host's address: give HOST:PORT").format(address=quoted(address))
        )
    parts = urlsplit(f"{scheme or 'ws'}://{rest}")
    at = parts.netloc.rpartition("@")[2]  # no user and password (a pasted address)
    if at.count(":") > 1 and "[" not in at:
        raise ValueError(
            _("{address}: put an IPv6 address in brackets, as [::1]:8765").format(
                address=quoted(address)
            )
        )
    try:
        port = parts.port
    except ValueError:
        port = 0
        written = parts.netloc.rpartition(":")[2]
        if written.isascii() and written.isdigit():  # a number refused: out of range
            raise ValueError(
                _("{address} has a port out of range: a port is 1 to 65535").format(
                    address=quoted(address)
                )
            ) from None
    if port == 0 or parts.netloc.endswith(":"):
        raise ValueError(
            _("{address} has no port a host listens on: give HOST:PORT, PORT a number").format(
                address=quoted(address)
            )
        )
    if not parts.hostname:
        raise ValueError(
            _("{address} names no host: give HOST:PORT").format(address=quoted(address))
        )
    if port is None and not scheme:  # HOST alone: the port a host listens on by default
        parts = parts._replace(netloc=f"{parts.netloc}:{DEFAULT_PORT}")
    return parts.geturl()
