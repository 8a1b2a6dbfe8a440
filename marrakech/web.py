"""The game in a browser: ``marrakech serve`` (textual-serve, the ``web`` extra).

Every visitor's page runs a game process of its own (``marrakech --visitor``), with a
private data and settings directory that is removed when the page closes: no autosave,
save or resume is shared between visitors. Saving and exporting reach the visitor's
browser as downloads (see ``tui.files``).
"""

from __future__ import annotations

import os
import shlex
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from marrakech.games import language
from marrakech.games.language import _

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Hosts that only this machine can reach."""

VISITOR_PREFIX = "marrakech-visitor-"
"""The start of each visitor's private directory's name (in the system's temporary folder)."""


def serve(host: str, port: int) -> int:
    """Serve the game on ``host:port`` until interrupted; 2 when textual-serve is missing."""
    try:
        from textual_serve.server import Server
    except ImportError:
        missing = _(
            "marrakech serve: the browser version needs the web extra: {install} (or {sync})"
        )
        install, sync = "pip install 'marrakech[web]'", "uv sync --extra web"
        print(missing.format(install=install, sync=sync), file=sys.stderr)
        return 2
    if host not in LOOPBACK:
        warning = _(
            "marrakech serve: warning: listening on {address}, where other machines can "
            "reach it; anyone who can open the page can play (see docs/security.md)."
        )
        print(warning.format(address=host), file=sys.stderr)
    words = [sys.executable, "-m", "marrakech", "--visitor"]
    if language.current() != language.ENGLISH:  # each visitor's game speaks the server's
        words += ["--lang", language.current()]
    command = shlex.join(words)
    Server(command, host=host, port=port, title="Marrakech").serve()
    return 0


@contextmanager
def visitor_home() -> Iterator[str]:
    """A private data and settings directory for one visitor, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=VISITOR_PREFIX, ignore_cleanup_errors=True) as home:
        os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
        os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        yield home
