"""A hosted game on disk: its autosave (as in hot-seat) and its host file, to resume.

The game itself autosaves after every decision to its own file in the unfinished games
(``marrakech.autosaves``), written by the flow. Beside it, ``online/<id>.json`` in the
data directory keeps what only the host knows: each remote seat's join code, the host's
own seat and where it listened. Killed and restarted with ``--resume ID``, the host
reads both and its players reconnect with their codes. The host file is removed when
the game ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from marrakech import storage
from marrakech.autosaves import GameFile, games_dir
from marrakech.flow import Notify
from marrakech.net.host import Host, HostFlow, HostGame
from marrakech.net.protocol import new_code, normal_code
from marrakech.records import SaveFileError, record_to_json
from marrakech.session import HUMAN, Session
from marrakech.text import quoted

ONLINE_DIR = "online"
HOST_FORMAT = "marrakech-host"
HOST_VERSION = 1
EXPOSED = ("0.0.0.0", "::", "")
"""Addresses that listen on every network interface."""
_GAME_ID = re.compile(r"[0-9a-f]{12}")


@dataclass(frozen=True, slots=True)
class Hosting:
    """What a hosted game needs besides the game: codes, the host's seat, the address."""

    game_id: str
    codes: dict[int, str]
    me: int | None
    host: str
    port: int


class BackgroundGameFile(GameFile):
    """A game's autosave file written off the event loop: the host never waits for the disk.

    Inside a running event loop, ``save`` notes the game and, at most every
    ``SAVE_INTERVAL`` seconds, takes its document and lets a writer thread put it on disk
    (a newer document replaces one not yet written). A failed write is raised by the next
    ``save``, so the flow reports it as hot-seat does. ``finish`` and ``close`` write what
    is pending first. Outside an event loop ``save`` writes at once.
    """

    SAVE_INTERVAL = 1.0
    """The longest a decision waits to be written: what a host killed at a bad moment loses."""

    _writers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="autosave")

    def __init__(self, path: Path, lock: int) -> None:
        super().__init__(path, lock)
        self._guard = threading.Lock()
        self._waiting: str | None = None
        self._written = threading.Event()
        self._written.set()
        self._failure: SaveFileError | None = None
        self._pending: Session | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._at_once = False

    def save(self, session: Session) -> None:
        """Note the game as it stands, to be written soon; raises the last write's failure."""
        with self._guard:
            failure, self._failure = self._failure, None
        if failure is not None:
            raise failure
        if self._at_once:
            super().save(session)
            return
        self._pending = session
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._hand_over()
            self.flush()
            return
        if self._timer is None:
            self._timer = loop.call_later(self.SAVE_INTERVAL, self._hand_over)

    def _hand_over(self) -> None:
        """Give the pending game's document to the writer thread."""
        self._timer = None
        session, self._pending = self._pending, None
        if session is None:
            return
        text = record_to_json(session)
        with self._guard:
            idle = self._written.is_set()
            self._waiting = text
            self._written.clear()
        if idle:
            self._writers.submit(self._write)

    def _write(self) -> None:
        while True:
            with self._guard:
                text, self._waiting = self._waiting, None
                if text is None:
                    self._written.set()
                    return
            try:
                storage.write_atomic(self.path, text)
            except SaveFileError as error:
                with self._guard:
                    self._failure = error

    def flush(self) -> None:
        """Write what is pending now and wait until it is on disk."""
        if self._timer is not None:
            self._timer.cancel()
        self._hand_over()
        self._written.wait()

    def finish(self, session: Session) -> Path:
        """Write the ended game now and move it to the finished games (see GameFile)."""
        self.flush()
        self._at_once = True  # the move to the finished games follows the write
        return super().finish(session)

    def close(self) -> None:
        """Write what is pending, then let go of the game (see GameFile)."""
        self.flush()
        super().close()


def _host_file(game_id: str) -> Path:
    return storage.data_dir() / ONLINE_DIR / f"{game_id}.json"


def _write(hosting: Hosting) -> None:
    document = {
        "format": HOST_FORMAT,
        "version": HOST_VERSION,
        "codes": {str(seat): code for seat, code in hosting.codes.items()},
        "me": hosting.me,
        "host": hosting.host,
        "port": hosting.port,
    }
    storage.write_atomic(_host_file(hosting.game_id), json.dumps(document, indent=1) + "\n")


def listening_on(hosting: Hosting, host: str, port: int) -> Hosting:
    """Remember where the host listens now (a resumed host listens there again)."""
    if (host, port) == (hosting.host, hosting.port):
        return hosting
    moved = replace(hosting, host=host, port=port)
    _write(moved)
    return moved


def forget(game_id: str) -> None:
    """Remove a finished game's host file (its join codes open nothing any more)."""
    with contextlib.suppress(OSError):
        _host_file(game_id).unlink()


def new_game(
    session: Session, notify: Notify, *, headless: bool, host: str, port: int
) -> tuple[HostFlow, Hosting]:
    """Host a new game: the host's own seat is the first person's unless ``headless``;
    every other person's seat gets a join code. The autosave is written at once."""
    people = [seat for seat, kind in enumerate(session.setup.seats) if kind == HUMAN]
    me = None if headless or not people else people[0]
    codes = {seat: new_code() for seat in people if seat != me}
    file = BackgroundGameFile.new()
    file.save(session)
    file.flush()  # on disk at once: a host killed straight away resumes
    hosting = Hosting(file.path.stem, codes, me, host, port)
    _write(hosting)
    flow = HostFlow(session, notify, me=me, remote=codes, game_file=file)
    return flow, hosting


def resume_game(game_id: str, notify: Notify) -> tuple[HostFlow, Hosting]:
    """Host again an unfinished game this machine hosted (after a crash, a kill...).

    SaveFileError, in one line, when there is no such game, it is open elsewhere, or its
    files cannot be read.
    """
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise SaveFileError(f"{quoted(game_id, 30)} is not a game id (12 letters a-f and digits)")
    path = games_dir() / f"{game_id}.json"
    host_file = _host_file(game_id)
    if not path.exists() or not host_file.exists():
        raise SaveFileError(f"no unfinished hosted game {game_id}")
    hosting = _read(game_id, storage.read_limited(host_file))
    file, session = BackgroundGameFile.resume(path)
    people = {seat for seat, kind in enumerate(session.setup.seats) if kind == HUMAN}
    if not set(hosting.codes) <= people or (hosting.me is not None and hosting.me not in people):
        file.close()
        raise SaveFileError(f"the host file of game {game_id} does not fit its seats")
    flow = HostFlow(session, notify, me=hosting.me, remote=hosting.codes, game_file=file)
    return flow, hosting


def _read(game_id: str, text: str) -> Hosting:
    problem = f"the host file of game {game_id} cannot be used"
    try:
        data = json.loads(text)
        if data.get("format") != HOST_FORMAT or data.get("version") != HOST_VERSION:
            raise ValueError("not a host file of this version")
        codes = {int(seat): normal_code(code) for seat, code in data["codes"].items()}
        me = data["me"]
        host, port = data["host"], data["port"]
        if me is not None and not isinstance(me, int):
            raise ValueError("me")
        if not isinstance(host, str) or not isinstance(port, int):
            raise ValueError("address")
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise SaveFileError(f"{problem}: {quoted(str(error), 60)}") from None
    return Hosting(game_id, codes, me, host, port)


@dataclass
class Hosted:
    """A game on the network: what ``start_hosting`` returns to its front end."""

    flow: HostFlow
    """The game; ``flow.listen`` hears every change, ``flow.play`` plays the host's seat."""
    game: HostGame
    hosting: Hosting
    server: Host
    address: str
    """Where clients join: HOST:PORT."""

    def join_lines(self) -> list[str]:
        """One line per remote seat for its player to paste, and one to watch."""
        lines = [
            f"seat {seat + 1}: marrakech join {self.address} {code}"
            for seat, code in sorted(self.hosting.codes.items())
        ]
        return [*lines, f"watch: marrakech join {self.address} --watch"]

    async def close(self) -> None:
        """Stop hosting: the autosave stays to resume (a finished game forgets its codes)."""
        await self.server.close()
        if self.flow.over:
            forget(self.hosting.game_id)


async def start_hosting(
    flow: HostFlow,
    hosting: Hosting,
    *,
    host: str | None = None,
    port: int | None = None,
    fill: str | None = None,
    grace: float = 30.0,
    computer_pause: float = 0.0,
) -> Hosted:
    """Put a game from ``new_game`` or ``resume_game`` on the network.

    It listens on ``host``:``port`` (by default where ``hosting`` says; port 0 picks a
    free one, remembered for a resume); ``fill``, ``grace`` and ``computer_pause`` as
    ``HostGame`` takes them. OSError when it cannot listen (the game is let go then).
    """
    bind = hosting.host if host is None else host
    game = HostGame(flow, hosting.codes, fill=fill, grace=grace, computer_pause=computer_pause)
    server = Host([game])
    try:
        _, bound = await server.start(bind, hosting.port if port is None else port)
    except OSError:
        flow.close()
        raise
    hosting = listening_on(hosting, bind, bound)
    shown_host = "THIS-MACHINE" if bind in EXPOSED else bind
    return Hosted(flow, game, hosting, server, f"{shown_host}:{bound}")
