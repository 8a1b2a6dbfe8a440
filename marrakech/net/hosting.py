"""A hosted game on disk: its autosave (as in hot-seat) and its host file, to resume.

The game itself autosaves after every decision to its own file in the unfinished games
(``marrakech.games.autosaves``), written by the flow. Beside it, ``online/<id>.json`` in the
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
import time
from dataclasses import dataclass, replace
from pathlib import Path

from marrakech.flow import Notify
from marrakech.games import storage
from marrakech.games.autosaves import GameFile, games_dir
from marrakech.games.language import _
from marrakech.games.records import SaveFileError, record_to_json
from marrakech.games.session import PERSON, Session
from marrakech.games.text import quoted
from marrakech.net.host import Host, HostFlow, HostGame
from marrakech.net.protocol import Limits, new_code, normal_code

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


class _Writer:
    """The one thread that puts hosted games' autosaves on disk, a few times a second.

    Handing it a document costs the event loop no wake-up of another thread: the writer
    wakes on its own every ``PERIOD`` seconds and writes what it was given since.
    """

    PERIOD = 0.1

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._queue: dict[BackgroundGameFile, tuple[int, str]] = {}
        self._thread: threading.Thread | None = None

    def put(self, file: BackgroundGameFile, number: int, text: str) -> None:
        """Write ``text`` (the file's document number ``number``) soon."""
        with self._guard:
            self._queue[file] = (number, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()

    def take(self, file: BackgroundGameFile) -> tuple[int, str] | None:
        """The file's document not written yet, taken back to write at once."""
        with self._guard:
            return self._queue.pop(file, None)

    def _run(self) -> None:
        while True:
            time.sleep(self.PERIOD)
            with self._guard:
                batch, self._queue = self._queue, {}
            for file, (number, text) in batch.items():
                file.write(number, text)


class BackgroundGameFile(GameFile):
    """A game's autosave file written off the event loop: the host never waits for the disk.

    Inside a running event loop, ``save`` notes the game and, at most every
    ``SAVE_INTERVAL`` seconds, takes its document and hands it to the writer thread,
    which writes it within a tenth of a second (a newer document replaces one not yet
    written). A failed write is raised by the next ``save``, so the flow reports it as
    hot-seat does. ``flush``, ``finish`` and ``close`` write what is pending at once.
    Outside an event loop ``save`` writes at once.
    """

    SAVE_INTERVAL = 1.0
    """About the longest a decision waits to be written: what a host killed at a bad
    moment loses."""

    _writer = _Writer()

    def __init__(self, path: Path, lock: int) -> None:
        super().__init__(path, lock)
        self._disk = threading.Lock()
        self._numbered = 0
        self._on_disk = 0
        self._failure: SaveFileError | None = None
        self._pending: Session | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._at_once = False
        self._let_go = False

    def save(self, session: Session) -> None:
        """Note the game as it stands, to be written soon; raises the last write's failure."""
        with self._disk:
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
            self.flush()
            return
        if self._timer is None:
            self._timer = loop.call_later(self.SAVE_INTERVAL, self._hand_over)

    def _hand_over(self) -> None:
        """Give the pending game's document to the writer thread."""
        self._timer = None
        document = self._document()
        if document is not None:
            self._writer.put(self, *document)

    def _document(self) -> tuple[int, str] | None:
        """The pending game's document, numbered (None when nothing is pending)."""
        session, self._pending = self._pending, None
        if session is None:
            return None
        self._numbered += 1
        return self._numbered, record_to_json(session)

    def write(self, number: int, text: str) -> None:
        """Put document ``number`` on disk, unless a newer one is there already (or the
        file was let go)."""
        with self._disk:
            if number <= self._on_disk or self._let_go:
                return
            try:
                storage.write_atomic(self.path, text)
            except SaveFileError as error:
                self._failure = error
            else:
                self._on_disk = number

    def flush(self) -> None:
        """Write what is pending now (waiting for a write under way)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        taken = self._writer.take(self)
        document = self._document() or taken  # a newer document makes the older one moot
        if document is not None:
            self.write(*document)

    def _let_go_of_it(self) -> None:
        """Write what is pending, and nothing more after it (a write under way ends first)."""
        self.flush()
        with self._disk:
            self._let_go = True

    def finish(self, session: Session) -> Path:
        """Write the ended game now and move it to the finished games (see GameFile)."""
        self._let_go_of_it()
        self._at_once = True  # written here, then moved
        return super().finish(session)

    def close(self) -> None:
        """Write what is pending, then let go of the game (see GameFile)."""
        if not self._let_go:
            self._let_go_of_it()
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
    people = [seat for seat, kind in enumerate(session.setup.seats) if kind == PERSON]
    me = None if headless or not people else people[0]
    codes = {seat: new_code() for seat in people if seat != me}
    file = BackgroundGameFile.new()
    file.save(session)
    assert isinstance(file, BackgroundGameFile)
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
        raise SaveFileError(
            _("{game} is not a game id (12 letters a-f and digits)").format(
                game=quoted(game_id, 30)
            )
        )
    path = games_dir() / f"{game_id}.json"
    host_file = _host_file(game_id)
    if not path.exists() or not host_file.exists():
        raise SaveFileError(_("no unfinished hosted game {game}").format(game=game_id))
    hosting = _read(game_id, storage.read_limited(host_file))
    file, session = BackgroundGameFile.resume(path)
    people = {seat for seat, kind in enumerate(session.setup.seats) if kind == PERSON}
    if not set(hosting.codes) <= people or (hosting.me is not None and hosting.me not in people):
        file.close()
        raise SaveFileError(
            _("the host file of game {game} does not fit its seats").format(game=game_id)
        )
    flow = HostFlow(session, notify, me=hosting.me, remote=hosting.codes, game_file=file)
    return flow, hosting


def _read(game_id: str, text: str) -> Hosting:
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
        raise SaveFileError(
            _("the host file of game {game} cannot be used: {problem}").format(
                game=game_id, problem=quoted(str(error), 60)
            )
        ) from None
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
        # Translators: the command after the colon is typed as it is.
        seat_line = _("seat {seat}: {command}")
        lines = [
            seat_line.format(seat=seat + 1, command=f"marrakech join {self.address} {code}")
            for seat, code in sorted(self.hosting.codes.items())
        ]
        # Translators: the command after the colon is typed as it is.
        watch = _("watch: {command}").format(command=f"marrakech join {self.address} --watch")
        return [*lines, watch]

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
    limits: Limits | None = None,
) -> Hosted:
    """Put a game from ``new_game`` or ``resume_game`` on the network.

    It listens on ``host``:``port`` (by default where ``hosting`` says; port 0 picks a
    free one, remembered for a resume); ``fill``, ``grace`` and ``computer_pause`` as
    ``HostGame`` takes them; ``limits`` are what connections may do (the caps, the
    queues, the rate; ``Limits()`` by default). OSError when it cannot listen (the game
    is let go then).
    """
    bind = hosting.host if host is None else host
    game = HostGame(flow, hosting.codes, fill=fill, grace=grace, computer_pause=computer_pause)
    server = Host([game], limits)
    try:
        _, bound = await server.start(bind, hosting.port if port is None else port)
    except OSError:
        flow.close()
        raise
    hosting = listening_on(hosting, bind, bound)
    shown_host = "THIS-MACHINE" if bind in EXPOSED else bind
    return Hosted(flow, game, hosting, server, f"{shown_host}:{bound}")
