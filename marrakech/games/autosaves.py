"""Unfinished games: each game autosaves to a file of its own, locked while it is open.

Every game being played writes ``games/<id>.json`` in the data directory after each
decision, so two windows never share a file and starting a new game never touches
another one. A window holds a lock on the game it has open (``games/<id>.lock``, an
operating-system lock that dies with the process, so a crash never leaves a game locked);
a second window lists that game as open elsewhere and cannot open it twice. A game that
ends moves to ``history/``, the finished games, kept to look back on and replay (and
back, should its end be taken back in the window where it ended).

A game this machine hosts on the network autosaves there too, and has a host file of the
same id (``online/<id>.json``): it is hosted again (``host_command``), never resumed at
one keyboard. Where the folder cannot be written (a read-only data folder), a game is
read, and played, but not autosaved (``FolderNotWritable``): its file stays as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from marrakech.engine import Phase
from marrakech.games import storage
from marrakech.games.language import _
from marrakech.games.locks import READ_ONLY_ERRORS, try_lock, unlock
from marrakech.games.records import SaveFileError, record_to_json, setup_to_dict
from marrakech.games.session import Session
from marrakech.games.text import shown

LEGACY_AUTOSAVE = "autosave.json"
"""Where versions before per-game files kept the one autosave; it is moved on start."""


class GameInUse(SaveFileError):
    """The game is open in another window."""


class FolderNotWritable(SaveFileError):
    """The folder of unfinished games cannot be written: its games can be read and played,
    not autosaved (nor locked)."""


def games_dir() -> Path:
    """The folder of unfinished games."""
    return storage.data_dir() / storage.GAMES_DIR


def history_dir() -> Path:
    """The folder of finished games."""
    return storage.data_dir() / storage.HISTORY_DIR


def is_unfinished_game(path: Path) -> bool:
    """True for a file of the folder of unfinished games (to be resumed, not copied)."""
    return Path(os.path.abspath(path)).parent == Path(os.path.abspath(games_dir()))


def folder_not_writable() -> FolderNotWritable | None:
    """What keeps unfinished games from being written here: the folder (or, while it is
    missing, the nearest folder above it) that this user cannot write; None when they can
    be written."""
    folder = games_dir()
    try:
        while not folder.is_dir() and folder.parent != folder:
            folder = folder.parent
        if os.access(folder, os.W_OK | os.X_OK):
            return None
    except OSError:
        pass  # a folder that cannot even be looked at cannot be written
    return FolderNotWritable(_("{folder} cannot be written").format(folder=shown(str(folder))))


def is_hosted(game: Path) -> bool:
    """True for an unfinished game this machine hosts on the network (its host file lies
    in the data directory): it is hosted again with ``host_command``, never resumed at one
    keyboard (its friends' seats would be lost)."""
    host_file = storage.data_dir() / storage.ONLINE_DIR / f"{game.stem}.json"
    try:
        return host_file.is_file()
    except OSError:
        return False


def host_command(game: Path) -> str:
    """The command that hosts a network game again (its id is its autosave's name),
    escaped for the terminal."""
    return f"marrakech host --resume {shown(game.stem)}"


def _lock_path(game: Path) -> Path:
    return game.with_suffix(".lock")


def in_use(game: Path) -> bool:
    """True when a live window holds ``game`` open (or its lock file is not one: a link).

    A game without a lock file is free; looking creates none.
    """
    lock = _lock_path(game)
    try:
        if not lock.is_symlink() and not lock.exists():
            return False
        fd = try_lock(lock, create=False)
    except OSError:
        return True
    if fd is None:
        return True
    unlock(fd)
    return False


class GameFile:
    """The autosave file of one game being played here, locked for as long as it is open."""

    def __init__(self, path: Path, lock: int) -> None:
        self.path = path
        self._lock: int | None = lock

    @classmethod
    def new(cls) -> GameFile:
        """A file for a new game (nothing is written until the first ``save``)."""
        folder = storage.data_folder(games_dir())
        while True:
            path = folder / f"{secrets.token_hex(6)}.json"
            if path.exists():
                continue
            lock = _lock(path)
            return cls(path, lock)

    @classmethod
    def resume(cls, path: Path) -> tuple[GameFile, Session]:
        """Open an unfinished game: lock it, then read it. GameInUse when another window
        has it; FolderNotWritable when its folder cannot be written (read the game with
        ``storage.load_game`` to play it without autosaving); SaveFileError when it cannot
        be read. The file is left as it is."""
        storage.data_folder(path.parent)
        problem = folder_not_writable()
        if problem is not None:
            raise problem
        lock = _lock(path)
        try:
            session = storage.load_game(path)
        except SaveFileError:
            unlock(lock)
            raise
        return cls(path, lock), session

    @classmethod
    def reopen(cls, finished: Path) -> GameFile:
        """Bring a game that ended here (``finish`` kept it as ``finished``, or left it where
        it was played when it could not move it) back among the unfinished games under its
        own name, locked: its end was taken back. A finished copy deleted meanwhile is no
        matter: the next ``save`` writes the game. SaveFileError saying why when the copy
        cannot be moved back; it then stays as it was."""
        path = storage.data_folder(games_dir()) / finished.name
        lock = _lock(path)
        try:
            os.replace(finished, path)  # where it could not be moved, a move onto itself
        except FileNotFoundError:
            pass
        except OSError as error:
            cls(path, lock).close()  # its lock file goes too: there is no game there
            raise SaveFileError(
                _("cannot move {path} back: {reason}").format(
                    path=shown(str(finished)), reason=error.strerror or error
                )
            ) from error
        return cls(path, lock)

    def save(self, session: Session) -> None:
        """Write the game as it stands (atomically)."""
        storage.write_atomic(self.path, record_to_json(session))

    def finish(self, session: Session) -> Path:
        """The game has ended: move it, finished, to the history and let go of its file.

        The ended game is written to its own file first, so if the move fails it stays
        there as a finished game (moved to the history at the next listing), never as an
        unfinished one to play again.
        """
        try:
            self.save(session)
            kept = storage.data_folder(history_dir()) / self.path.name
            os.replace(self.path, kept)
        except OSError as error:
            reason = error.strerror or error
            raise SaveFileError(
                _("the finished game stays in {path}: {reason}").format(
                    path=shown(str(self.path)), reason=reason
                )
            ) from error
        finally:
            self.close()
        return kept

    def close(self) -> None:
        """Let go of the game (it stays, for another window or a later start)."""
        if self._lock is not None:
            lock, self._lock = self._lock, None
            gone = not self.path.exists()
            if gone and sys.platform != "win32":
                with contextlib.suppress(OSError):
                    _lock_path(self.path).unlink()  # before unlocking: no one can take it
            unlock(lock)
            if gone and sys.platform == "win32":
                with contextlib.suppress(OSError):
                    _lock_path(self.path).unlink()  # Windows removes no file still open


def discard(path: Path) -> None:
    """Remove a game that never began (a network game whose host could not listen): its
    file and its lock file; nothing while a window holds it open."""
    if in_use(path):
        return
    for gone in (path, _lock_path(path)):
        with contextlib.suppress(OSError):
            gone.unlink()


def why_not_delete(path: Path) -> str | None:
    """Why ``path`` cannot be deleted (``delete``), or None: it is no saved game here (a
    named save, a finished or an unfinished game: a file of those folders, no link), or a
    network game this machine hosts, or a game open in another window."""
    kept_in = {Path(os.path.abspath(place)) for place in (storage.saves_dir(), history_dir())}
    folder = Path(os.path.abspath(path)).parent
    if path.suffix != ".json" or path.is_symlink():
        return _("{path} is no saved game").format(path=shown(str(path)))
    if is_unfinished_game(path):
        if is_hosted(path):
            return _("{name} is a network game hosted here: {command} plays it on").format(
                name=shown(path.stem), command=host_command(path)
            )
        if in_use(path):
            return _("{name} is open in another window").format(name=shown(path.stem))
        return None
    if folder not in kept_in:
        return _("{path} is no saved game").format(path=shown(str(path)))
    return None


def delete(path: Path) -> None:
    """Remove a saved game for good: a named save, a finished game, or an unfinished game
    (locked while it goes, with its lock file). SaveFileError saying why not
    (``why_not_delete``; GameInUse for a game another window has just opened), or when the
    file cannot be removed.
    """
    reason = why_not_delete(path)
    if reason is not None:
        raise SaveFileError(reason)
    if not is_unfinished_game(path):
        _remove(path)
        return
    game = GameFile(path, _lock(path))  # held while it goes: no window opens it meanwhile
    try:
        _remove(path)
    finally:
        game.close()  # its lock file goes with it, as when a game ends


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError as error:
        raise SaveFileError(
            _("cannot remove {path}: {reason}").format(
                path=shown(str(path)), reason=error.strerror or error
            )
        ) from error


def _lock(path: Path) -> int:
    try:
        lock = try_lock(_lock_path(path))
    except OSError as error:
        reason = error.strerror or error
        if error.errno in READ_ONLY_ERRORS:
            raise FolderNotWritable(
                _("{folder} cannot be written: {reason}").format(
                    folder=shown(str(path.parent)), reason=reason
                )
            ) from error
        raise SaveFileError(
            _("cannot lock {path}: {reason}").format(path=shown(str(path)), reason=reason)
        ) from error
    if lock is None:
        raise GameInUse(_("{name} is open in another window").format(name=shown(path.stem)))
    return lock


@dataclass(frozen=True)
class Unfinished:
    """An unfinished game found in the folder."""

    path: Path
    modified: float
    """When it was last written (seconds since the epoch)."""
    session: Session | None
    """The game, or None when the file cannot be read."""
    problem: str | None = None
    """Why it cannot be read (the file's name not in front: say it where it is wanted)."""
    open_elsewhere: bool = False
    """True while another window plays it."""
    hosted: bool = False
    """True for a network game this machine hosts (see ``is_hosted``)."""


def _game_files(folder: Path) -> Iterator[tuple[Path, float]]:
    try:
        if not folder.is_dir() or not storage.inside_data_dir(folder):
            return
        entries = list(folder.iterdir())
    except OSError:
        return
    for path in entries:
        if path.suffix != ".json" or path.name.startswith("."):
            continue
        with contextlib.suppress(OSError):
            info = path.lstat()
            if stat.S_ISREG(info.st_mode):
                yield path, info.st_mtime


def unfinished_games() -> list[Unfinished]:
    """Every unfinished game, newest first; unreadable files are listed with the reason."""
    adopt_legacy_autosave()
    found = []
    for path, modified in sorted(_game_files(games_dir()), key=lambda item: -item[1]):
        elsewhere = in_use(path)
        hosted = is_hosted(path)
        try:
            session = storage.load_game(path)
        except SaveFileError as error:
            problem = storage.game_problem(error, path)
            found.append(Unfinished(path, modified, None, problem, elsewhere, hosted))
            continue
        if session.state.phase is not Phase.OVER:
            found.append(Unfinished(path, modified, session, None, elsewhere, hosted))
        elif not elsewhere:
            _move_to_history(path)  # a finished game whose move was cut short
    return found


def twin(session: Session) -> GameFile | None:
    """The unfinished game that is ``session`` exactly (the same set-up, start and
    decisions), opened (locked) to go on in: what a game saved by name and left is, when
    its save is opened again; so it is not offered as unfinished ever after. None when
    there is none free (one open in another window, or hosted, is not taken)."""

    def played(game: Session) -> tuple[object, ...]:
        return (game.setup, game.start, game.actions)

    for path, _modified in sorted(_game_files(games_dir()), key=lambda item: -item[1]):
        if is_hosted(path):
            continue
        try:
            other = storage.load_game(path)
            if played(other) != played(session):
                continue
            game_file, other = GameFile.resume(path)  # locked now: read again, as it is
        except SaveFileError:
            continue
        if played(other) == played(session):
            return game_file
        game_file.close()
    return None


def draws_seen_beyond(session: Session) -> int:
    """The die's next draw after every roll seen in a game that went on from ``session``:
    one of this machine's games (unfinished, finished or saved by name) with the same
    set-up and start whose decisions begin with its own. ``session.next_draw`` when there
    is none. A save opened again plays on with the draws after it (``Session.
    pass_draws_seen``), so that saving before a roll and opening the save after seeing it
    tells nothing of the roll to come."""
    setup, played = setup_to_dict(session.setup), session.actions
    furthest = session.next_draw
    paths = [path for folder in (games_dir(), history_dir()) for path, _ in _game_files(folder)]
    for path in [*paths, *storage.list_saves()]:
        try:
            if json.loads(storage.read_limited(path)).get("setup") != setup:
                continue  # (the set-up read first: most games are another's)
            other = storage.load_game(path)
        except (OSError, ValueError, RecursionError, AttributeError):
            continue  # unreadable, not JSON, not a game: no game of this one
        if other.start == session.start and other.actions[: len(played)] == played:
            furthest = max(furthest, other.next_draw)
    return furthest


def _move_to_history(path: Path) -> None:
    with contextlib.suppress(OSError, SaveFileError):
        os.replace(path, storage.data_folder(history_dir()) / path.name)
        _lock_path(path).unlink(missing_ok=True)


def finished_games() -> list[Path]:
    """The finished games kept in the history, newest first."""
    return [path for path, _ in sorted(_game_files(history_dir()), key=lambda item: -item[1])]


def games_kept() -> int:
    """How many games the data folder keeps: unfinished, saved by name, and finished."""
    unfinished = len(list(_game_files(games_dir())))
    return unfinished + len(storage.list_saves()) + len(finished_games())


def adopt_legacy_autosave() -> None:
    """Move the one autosave of earlier versions into the folder of unfinished games."""
    legacy = storage.data_dir() / LEGACY_AUTOSAVE
    try:
        if legacy.is_symlink() or not legacy.is_file():
            return
        folder = storage.data_folder(games_dir())
        os.replace(legacy, folder / f"{secrets.token_hex(6)}.json")
    except (OSError, SaveFileError):
        return  # another window moved it first, or it cannot move: it stays as it is
