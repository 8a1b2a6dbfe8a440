"""A hosted game on disk: its autosave (as in hot-seat) and its host file, to resume.

The game itself autosaves after every decision to its own file in the unfinished games
(``marrakech.games.autosaves``), written by the flow; its die is loaded with the rolls
played at the table. Beside it, ``online/<id>.json`` in the data directory keeps what
only the host knows: each remote seat's join code, the host's own seat, where it
listened, and its dice (the master secret and every roll's share, written before the
roll is told: ``net.fair``). Killed and restarted with ``--resume ID``, the host reads
both and its players reconnect with their codes. When the game ends the host keeps the
record of its dice (``net.record``) and removes the host file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from marrakech.flow import Change, Notice, Notify
from marrakech.games import storage
from marrakech.games.autosaves import GameFile, discard, games_dir, history_dir
from marrakech.games.dice import LoadedDie
from marrakech.games.language import _
from marrakech.games.records import SaveFileError, record_to_json, setup_to_dict
from marrakech.games.session import PERSON, Session
from marrakech.games.text import quoted
from marrakech.net.fair import HostDice
from marrakech.net.host import RETURN_SECONDS, SHARE_SECONDS, SHARE_TOLD_SECONDS, HostGame
from marrakech.net.host_flow import HostFlow
from marrakech.net.protocol import STALL_SECONDS, Limits, new_code, normal_code
from marrakech.net.record import keep_record, record_document
from marrakech.net.server import Host

HOST_FORMAT = "marrakech-host"
HOST_VERSION = 2
"""Version 2 keeps the host's dice; a host file of version 1 (the seed's dice) does not
resume."""
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
        document = self.take_pending()
        if document is not None:
            self.write(*document)

    def take_pending(self) -> tuple[int, str] | None:
        """The document to write now instead of soon (to ``write`` in any thread), or None
        when nothing is pending."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        taken = self._writer.take(self)
        return self._document() or taken  # a newer document makes the older one moot

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
    return storage.data_dir() / storage.ONLINE_DIR / f"{game_id}.json"


def _write(hosting: Hosting, dice: dict[str, Any]) -> None:
    """Write the host file: ``hosting`` and the host's dice (``HostDice.to_dict``)."""
    document = {
        "format": HOST_FORMAT,
        "version": HOST_VERSION,
        "codes": {str(seat): code for seat, code in hosting.codes.items()},
        "me": hosting.me,
        "host": hosting.host,
        "port": hosting.port,
        "dice": dice,
    }
    storage.write_atomic(_host_file(hosting.game_id), json.dumps(document, indent=1) + "\n")


class Keeper:
    """Writes a hosted game before one of its rolls is told (``HostFlow.keep_dice``): the
    game so far first (the roll's facing is in it), then the host file with the dice, both
    off the event loop. A host killed at any moment resumes with every roll it told, and
    with the facing each was rolled for."""

    def __init__(self, hosting: Hosting, file: BackgroundGameFile) -> None:
        self.hosting = hosting
        """Where the host listens (the host file says it)."""
        self.file = file

    async def __call__(self, dice: dict[str, Any]) -> None:
        """Write the game and then ``dice``; SaveFileError when the host file cannot be."""
        game = self.file.take_pending()
        hosting = self.hosting

        def write() -> None:
            if game is not None:
                self.file.write(*game)  # a failure is told by the autosave's next save
            _write(hosting, dice)

        await asyncio.to_thread(write)


def listening_on(hosting: Hosting, dice: HostDice, host: str, port: int) -> Hosting:
    """Remember where the host listens now (a resumed host listens there again)."""
    if (host, port) == (hosting.host, hosting.port):
        return hosting
    moved = replace(hosting, host=host, port=port)
    _write(moved, dice.to_dict())
    return moved


def forget(game_id: str) -> None:
    """Remove a game's host file: a finished game's (its join codes open nothing any
    more), or one that never went on the network."""
    with contextlib.suppress(OSError):
        _host_file(game_id).unlink()


def abandon(game_id: str) -> None:
    """Remove a new game that could not go on the network (its host could not listen):
    its host file and its autosave, so that no unfinished game is left to resume."""
    forget(game_id)
    discard(games_dir() / f"{game_id}.json")


def new_game(
    session: Session, notify: Notify, *, headless: bool, host: str, port: int
) -> tuple[HostFlow, Hosting]:
    """Host a new game: the host's own seat is the first person's unless ``headless``;
    every other person's seat gets a join code. Its rolls are new dice's (``net.fair``),
    not the seed's. The autosave and the host file are written at once."""
    people = [seat for seat, kind in enumerate(session.setup.seats) if kind == PERSON]
    me = None if headless or not people else people[0]
    codes = {seat: new_code() for seat in people if seat != me}
    dice = HostDice()
    session.dice = LoadedDie(dice.values)
    file = BackgroundGameFile.new()
    file.save(session)
    assert isinstance(file, BackgroundGameFile)
    file.flush()  # on disk at once: a host killed straight away resumes
    hosting = Hosting(file.path.stem, codes, me, host, port)
    _write(hosting, dice.to_dict())
    flow = HostFlow(session, notify, me=me, remote=codes, game_file=file, dice=dice)
    flow.keep_dice = Keeper(hosting, file)
    return flow, hosting


def resume_game(game_id: str, notify: Notify) -> tuple[HostFlow, Hosting]:
    """Host again an unfinished game this machine hosted (after a crash, a kill...).

    SaveFileError, in one line, when there is no such game, it is over, it is open
    elsewhere, or its files cannot be read.
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
        if (history_dir() / path.name).exists():
            raise SaveFileError(
                _(
                    "game {game} is over: there is nothing left to resume (marrakech review "
                    "{game} looks back at it)"
                ).format(game=game_id)
            )
        raise SaveFileError(_("no unfinished hosted game {game}").format(game=game_id))
    hosting, dice = _read(game_id, storage.read_limited(host_file))
    file, session = BackgroundGameFile.resume(path)
    people = {seat for seat, kind in enumerate(session.setup.seats) if kind == PERSON}
    if not set(hosting.codes) <= people or (hosting.me is not None and hosting.me not in people):
        file.close()
        raise SaveFileError(
            _("the host file of game {game} does not fit its seats").format(game=game_id)
        )
    played = session.dice.values if isinstance(session.dice, LoadedDie) else None
    while played is not None and dice.settled < len(played):
        dice.settle(None, None)  # a roll of the game the host file lost: the host's alone?
    if played is None or dice.values[: len(played)] != played:
        file.close()
        raise SaveFileError(
            _("the host file of game {game} does not fit its rolls").format(game=game_id)
        )
    assert isinstance(file, BackgroundGameFile)
    flow = HostFlow(session, notify, me=hosting.me, remote=hosting.codes, game_file=file, dice=dice)
    flow.keep_dice = Keeper(hosting, file)
    return flow, hosting


def _read(game_id: str, text: str) -> tuple[Hosting, HostDice]:
    try:
        data = json.loads(text)
        if data.get("format") != HOST_FORMAT:
            raise ValueError("not a host file of this version")
        if data.get("version") != HOST_VERSION:
            raise SaveFileError(
                _(
                    "game {game} was hosted by an older Marrakech, whose rolls were the "
                    "host's alone: it cannot go on with the rolls every player checks"
                ).format(game=game_id)
            )
        codes = {int(seat): normal_code(code) for seat, code in data["codes"].items()}
        me = data["me"]
        host, port = data["host"], data["port"]
        if me is not None and not isinstance(me, int):
            raise ValueError("me")
        if not isinstance(host, str) or not isinstance(port, int):
            raise ValueError("address")
        dice = HostDice.from_dict(data.get("dice"))
    except SaveFileError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise SaveFileError(
            _("the host file of game {game} cannot be used: {problem}").format(
                game=game_id, problem=quoted(str(error), 60)
            )
        ) from None
    return Hosting(game_id, codes, me, host, port), dice


def keep_host_record(flow: HostFlow) -> Path:
    """Keep the record of a hosted game's dice (``net.record``); its path. SaveFileError
    when it cannot be written."""
    session = flow.session
    game = {
        "setup": setup_to_dict(session.setup, secret=False),
        "start": session.start.to_dict(),
        "actions": [str(action) for action in session.actions],
    }
    return keep_record(record_document(game, flow.public_dice(), role="host", seat=flow.me))


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
    record: Path | None = None
    """The record of the game's dice, kept the moment the game ends (a host stopped
    before it closes keeps it too)."""

    def __post_init__(self) -> None:
        self.flow.listen(self._heard)

    def _heard(self, change: Change) -> None:
        if change.kind == "played" and self.flow.over and self.record is None:
            self._keep_record()

    def _keep_record(self) -> None:
        """Keep the record of the finished game's dice; a failure to is a notice."""
        try:
            self.record = keep_host_record(self.flow)
        except SaveFileError as error:
            self.flow.notify(Notice(str(error), severity="error"))

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
        """Stop hosting: the autosave stays to resume. A finished game forgets its codes
        (and tries once more to keep the record of its dice if that failed at its end)."""
        await self.server.close()
        if self.flow.over:
            if self.record is None:
                self._keep_record()
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
    share_seconds: float = SHARE_SECONDS,
    return_seconds: float = RETURN_SECONDS,
    share_told_seconds: float = SHARE_TOLD_SECONDS,
    stall_seconds: float = STALL_SECONDS,
    hand_over: Callable[[int], str] | None = None,
) -> Hosted:
    """Put a game from ``new_game`` or ``resume_game`` on the network.

    It listens on ``host``:``port`` (by default where ``hosting`` says; port 0 picks a
    free one, remembered for a resume); ``fill``, ``grace``, ``computer_pause``,
    ``share_seconds``, ``return_seconds``, ``share_told_seconds``, ``stall_seconds`` and
    ``hand_over`` as ``HostGame`` takes them; ``limits`` are what connections may do (the
    caps, the queues, the rate, the renames; ``Limits()`` by default). OSError when it
    cannot listen (the game is let go then).
    """
    bind = hosting.host if host is None else host
    game = HostGame(
        flow,
        hosting.codes,
        fill=fill,
        grace=grace,
        computer_pause=computer_pause,
        share_seconds=share_seconds,
        return_seconds=return_seconds,
        share_told_seconds=share_told_seconds,
        stall_seconds=stall_seconds,
        hand_over=hand_over,
    )
    server = Host([game], limits)
    try:
        _, bound = await server.start(bind, hosting.port if port is None else port)
    except OSError:
        flow.close()
        raise
    hosting = listening_on(hosting, flow.dice, bind, bound)
    if isinstance(flow.keep_dice, Keeper):
        flow.keep_dice.hosting = hosting
    shown_host = "THIS-MACHINE" if bind in EXPOSED else bind
    return Hosted(flow, game, hosting, server, f"{shown_host}:{bound}")
