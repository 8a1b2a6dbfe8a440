"""The game in a browser: ``marrakech serve`` (textual-serve, the ``web`` extra).

Every visitor's page runs a game process of its own (``marrakech --visitor``), with a
private data and settings directory that is removed when the page closes: no autosave,
save or resume is shared between visitors. Saving and exporting reach the visitor's
browser as downloads (see ``tui.files``); a save is also listed in the page's Saved games,
by its name, while the page is open.

The server stays within bounds:

* at most ``max_visitors`` games run at once (by default ``default_max_visitors``, from
  the machine's cores and memory); one more visitor gets a polite page saying the tables
  are full, and a page that connects anyway is told the same and closed;
* each visitor is one process, the server's child (the shell textual-serve starts it
  with ``exec``s it), and it ends when the server does, even a killed one
  (``die_with_server``: Linux's parent-death signal, and a watch on the parent for
  every system);
* each visitor's folder is locked while its game runs; a new ``serve`` removes the
  folders of visitors that are gone (``remove_leftovers``).
"""

from __future__ import annotations

import contextlib
import html
import os
import shlex
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from marrakech.games import language
from marrakech.games.language import _, ngettext
from marrakech.games.locks import try_lock, unlock

if TYPE_CHECKING:
    from aiohttp import web

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Hosts that only this machine can reach."""

VISITOR_PREFIX = "marrakech-visitor-"
"""The start of each visitor's private directory's name (in the system's temporary folder)."""

LOCK_NAME = ".visitor.lock"
"""The file in a visitor's directory its game holds locked while it runs."""

SERVER_ENV = "MARRAKECH_SERVER_PID"
"""The environment variable that tells a visitor's game the process id of its server."""

VISITORS_PER_CORE = 4
"""Games a core serves at once: a game idles while its visitor thinks, and a computer's
decision takes a few hundredths of a second (docs/bots.md)."""

VISITOR_MEMORY = 150 * 1024 * 1024
"""The memory set aside per visitor: a game's process measured about 45 MB at the new-game
screen, and the app's code with a whole game of four experts peaked at 46 MB; three times
that leaves room for the screens, a replay and the computers' search."""

MEMORY_SHARE = 0.5
"""The share of the machine's available memory the visitors may take together."""

WATCH_SECONDS = 1.0
"""How often a visitor's game looks whether its server is still there."""

EXIT_GRACE = 5.0
"""Seconds a visitor's game has to close by itself once its server is gone."""

LEFTOVER_AGE = 60.0
"""A visitor's folder without a lock is left alone this many seconds (it may be starting)."""

FULL_RETRY_SECONDS = 30
"""After how many seconds the "full" page tries again by itself."""


def serve(host: str, port: int, max_visitors: int | None = None) -> int:
    """Serve the game on ``host:port`` until interrupted; 2 when textual-serve is missing.

    ``max_visitors``: how many games may run at once (None: ``default_max_visitors``).
    """
    try:
        from textual_serve.server import Server  # noqa: F401 (only: is it installed?)
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
    remove_leftovers()
    limit = default_max_visitors() if max_visitors is None else max_visitors
    at_most = ngettext(
        "marrakech serve: at most {count} visitor at once (--max-visitors).",
        "marrakech serve: at most {count} visitors at once (--max-visitors).",
        limit,
    )
    print(at_most.format(count=limit), file=sys.stderr)
    os.environ[SERVER_ENV] = str(os.getpid())  # each visitor's environment is a copy
    bounded_server(visitor_command(), host=host, port=port, max_visitors=limit).serve()
    return 0


def visitor_command() -> str:
    """The shell command that starts one visitor's game: the shell ``exec``s it, so each
    visitor is one process, the server's child (not a shell waiting for it)."""
    words = [sys.executable, "-m", "marrakech", "--visitor"]
    if language.current() != language.ENGLISH:  # each visitor's game speaks the server's
        words += ["--lang", language.current()]
    if sys.platform == "win32":
        return " ".join(f'"{word}"' if " " in word else word for word in words)
    return "exec " + shlex.join(words)


# -- how many visitors ----------------------------------------------------------------


def default_max_visitors(cores: int | None = None, memory: int | None = None) -> int:
    """How many visitors the machine serves at once: ``VISITORS_PER_CORE`` per core, and no
    more than ``MEMORY_SHARE`` of the available memory holds at ``VISITOR_MEMORY`` each
    (at least 1). ``cores`` and ``memory`` (bytes) are the machine's when not given."""
    cores = cores if cores is not None else usable_cores()
    memory = memory if memory is not None else available_memory()
    by_cores = VISITORS_PER_CORE * max(1, cores)
    if memory is None:
        return by_cores
    by_memory = int(memory * MEMORY_SHARE) // VISITOR_MEMORY
    return max(1, min(by_cores, by_memory))


def usable_cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        with contextlib.suppress(OSError):
            return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def available_memory() -> int | None:
    """The memory (bytes) free for new processes: Linux's MemAvailable, else the machine's
    whole memory; None when neither can be read."""
    with contextlib.suppress(OSError, ValueError), open("/proc/meminfo", encoding="ascii") as info:
        for line in info:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    with contextlib.suppress(AttributeError, OSError, ValueError):
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    return None


# -- the server -----------------------------------------------------------------------


DOCTYPE = " ".join(("<!DOCTYPE", "html>"))
"""What an HTML5 page starts with."""

CSS = "body { font-family: sans-serif; max-width: 36em; margin: 4em auto; }"
"""The style of the "full" page."""


def full_page() -> str:
    """The page a visitor gets while every table is taken (it tries again by itself)."""
    title = html.escape(_("Marrakech is full"))
    said = html.escape(
        _(
            "Every table is taken right now. Please try again in a few minutes: this page "
            "tries again by itself."
        )
    )
    head = "".join(
        [
            _element("meta", charset="utf-8"),
            _element("meta", content=str(FULL_RETRY_SECONDS), **{"http-equiv": "refresh"}),
            _element("title", title),
            _element("style", CSS),
        ]
    )
    body = _element("h1", title) + _element("p", said)
    page = _element(
        "html", _element("head", head) + _element("body", body), lang=language.current()
    )
    return f"{DOCTYPE}\n{page}\n"


def _element(tag: str, inner: str | None = None, /, **attributes: str) -> str:
    """An HTML element: its attributes escaped, what it holds as given (already escaped)."""
    opening = "".join(f' {name}="{html.escape(value)}"' for name, value in attributes.items())
    if inner is None:
        return f"<{tag}{opening}>"
    return f"<{tag}{opening}>{inner}</{tag}>"


def full_terminal_text() -> bytes:
    """What a page that connects while every table is taken shows in its terminal."""
    said = _("Marrakech is full: every table is taken right now. Please try again later.")
    return ("\r\n  " + said + "\r\n").encode("utf-8")


PAGES = Path(__file__).parent / "templates"
"""The game's own page (``marrakech.html``): its title, icon and words in the game's
language, and the terminal's font from this server, never from another site."""


def page_words() -> dict[str, str]:
    """The words of the game's page, in the game's language (``page`` in its template)."""
    return {
        "language": language.current(),
        "title": "Marrakech",
        "starting": _("The market is opening..."),
        "start": _("Start"),
        "ended": _("The market has closed."),
        "again": _("Open it again"),
    }


def bounded_server(command: str, *, host: str, port: int, max_visitors: int) -> Any:
    """A textual-serve ``Server`` that runs at most ``max_visitors`` games at once, with
    the game's own page."""
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class BoundedServer(Server):
        """textual-serve's server with a cap on the games running at once."""

        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title="Marrakech", templates_path=PAGES)
            self.max_visitors = max_visitors
            self.visitors = 0
            """The games running now (one per open page)."""

        @property
        def full(self) -> bool:
            return self.visitors >= self.max_visitors

        async def handle_index(self, request: web.Request) -> Any:
            if self.full:
                return web.Response(
                    status=503,
                    text=full_page(),
                    content_type="text/html",
                    headers={"Retry-After": str(FULL_RETRY_SECONDS)},
                )
            router = request.app.router
            static = str(router["static"].url_for(filename="/")).rstrip("/") + "/"
            context = {
                "page": page_words(),
                "font_size": _font_size(request.query.get("fontsize", "")),
                "app_websocket_url": _websocket_url(request, str(router["websocket"].url_for())),
                "config": {"static": {"url": static}},
            }
            return aiohttp_jinja2.render_template("marrakech.html", request, context)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if self.full:  # a page opened before the others came: tell it, start nothing
                websocket = web.WebSocketResponse()
                await websocket.prepare(request)
                await websocket.send_bytes(full_terminal_text())
                await websocket.close()
                return websocket
            self.visitors += 1  # one event loop: nothing runs between the check and this
            try:
                return await super().handle_websocket(request)
            finally:
                self.visitors -= 1

    return BoundedServer()


def _font_size(asked: str) -> int:
    """The terminal's font size in pixels: the page's ``fontsize`` when it is one, else 16."""
    if asked.isascii() and asked.isdigit() and len(asked) <= 2 and int(asked) >= 6:
        return int(asked)
    return 16


def _websocket_url(request: web.Request, path: str) -> str:
    """Where the page's terminal connects: the address the browser asked for (behind a
    proxy that ends TLS, as it says it was asked), so a page served through a proxy or on
    another name of the machine reaches its own server."""
    secure = request.headers.get("X-Forwarded-Proto", request.scheme) == "https"
    return f"{'wss' if secure else 'ws'}://{request.host}{path}"


# -- a visitor's game -----------------------------------------------------------------


@contextmanager
def visitor_home() -> Iterator[str]:
    """A private data and settings directory for one visitor, removed afterwards; locked
    while the game runs, and the game ends when its server does (``die_with_server``)."""
    with tempfile.TemporaryDirectory(prefix=VISITOR_PREFIX, ignore_cleanup_errors=True) as home:
        lock = _hold_lock(Path(home) / LOCK_NAME)
        try:
            die_with_server(home)
            os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
            os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
            yield home
        finally:
            if lock is not None:
                unlock(lock)


def die_with_server(home: str | None = None) -> None:
    """End this visitor's game when its server process ends, however it ends.

    On Linux the kernel sends SIGTERM when the parent dies (the game then closes as when
    its page closes); everywhere, a daemon thread looks every ``WATCH_SECONDS`` whether
    the parent is still the server and, when not, sends the same and, if the game has not
    closed ``EXIT_GRACE`` seconds later, removes ``home`` and ends the process.
    """
    expected = os.environ.get(SERVER_ENV, "")
    server = int(expected) if expected.isdigit() else None
    parent = os.getppid()
    if sys.platform == "linux":
        _parent_death_signal(signal.SIGTERM)
    if server is not None and sys.platform != "win32" and parent != server:
        _end(home)  # the server was gone before the watch began
        return
    thread = threading.Thread(
        target=_watch_parent, args=(parent, home), name="server-watch", daemon=True
    )
    thread.start()


def _parent_death_signal(number: int) -> None:
    """Ask Linux to send ``number`` to this process when its parent dies (prctl)."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, number, 0, 0, 0)  # PR_SET_PDEATHSIG


def _watch_parent(parent: int, home: str | None) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    _end(home)


def _end(home: str | None) -> None:
    """Close this visitor's game (SIGTERM: as when the page closes); end it if it lingers."""
    if sys.platform != "win32":
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(EXIT_GRACE)
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
    os._exit(1)


def _hold_lock(path: Path) -> int | None:
    """An open descriptor holding ``path`` locked (released when the process ends)."""
    try:
        return try_lock(path)
    except OSError:
        return None


def remove_leftovers(folder: Path | None = None) -> int:
    """Remove the folders visitors' games left behind (a game killed, or its server):
    those in ``folder`` (the system's temporary folder) whose lock no game holds. Only
    real folders of this user are touched; returns how many were removed."""
    root = Path(folder if folder is not None else tempfile.gettempdir())
    removed = 0
    try:
        entries = list(root.glob(VISITOR_PREFIX + "*"))
    except OSError:
        return 0
    for entry in entries:
        if _left_over(entry):
            shutil.rmtree(entry, ignore_errors=True)
            removed += not entry.exists()
    return removed


def _left_over(entry: Path) -> bool:
    """True for a visitor's folder whose game is gone."""
    try:
        info = entry.lstat()
    except OSError:
        return False
    getuid = getattr(os, "getuid", None)
    if not stat.S_ISDIR(info.st_mode) or (getuid is not None and info.st_uid != getuid()):
        return False
    try:
        fd = try_lock(entry / LOCK_NAME, create=False)
    except FileNotFoundError:
        return time.time() - info.st_mtime > LEFTOVER_AGE  # none yet: maybe starting
    except OSError:
        return False
    if fd is None:
        return False  # its game runs
    unlock(fd)  # let go of the lock taken to look
    return True
