"""Save files on disk: named saves and exported logs, all in one data dir.

The unfinished games' autosave files live beside them (``marrakech.games.autosaves``).

Every path is built here from ``data_dir()`` and a checked plain file name, so nothing a
user types or a save file contains can make the program read or write elsewhere. There
is one way to read (``read_limited``: regular files only, opened without blocking and
checked after opening, size-capped, never through a link inside the data directory) and
one way to write (``write_atomic``: never into a folder that a link takes outside the
data directory, never through a link).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from marrakech.engine import Phase
from marrakech.games.language import _, ngettext
from marrakech.games.narrate import turns_played
from marrakech.games.records import (
    LOG_START,
    MAX_SAVE_BYTES,
    SaveFileError,
    export_log,
    outside_seats,
    record_from_json,
    record_to_json,
)
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.games.words import listed

APP_NAME = "marrakech"
SAVES_DIR = "saves"
GAMES_DIR = "games"
"""The folder of unfinished games, one autosave file each (see marrakech.games.autosaves)."""
HISTORY_DIR = "history"
"""The folder of finished games (see marrakech.games.autosaves)."""
ONLINE_DIR = "online"
"""The host files of the games this machine hosts on the network (``online/<id>.json``,
beside the game's autosave ``games/<id>.json``; see marrakech.net.hosting)."""
DICE_DIR = "dice"
"""Where the host and each player of a network game keep its dice, to check them
(``marrakech verify``; see marrakech.net.record)."""
LOGS_DIR = "logs"
SCREENSHOTS_DIR = "screenshots"
"""Where screenshots go when the user has no downloads folder."""
MAX_FILE_NAME = 64
"""A save or log name is 1 to this many characters."""

NAME_MARKS = " _.-"
"""What a save or log name may hold besides letters and digits (of any script)."""


def data_dir() -> Path:
    """Where saves live: $XDG_DATA_HOME/marrakech when that is an absolute path, else the
    platform's user data directory (platformdirs)."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / APP_NAME
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def check_name(name: str) -> str:
    """Return ``name`` (in its compatibility-composed Unicode form, NFKC: a bold or
    full-width letter is the plain one) if it is a plain file name for a save or log,
    else SaveFileError.

    Allowed: 1 to MAX_FILE_NAME letters and digits of any script ("friday", "金曜日",
    "हिंदी", with the marks that go on a letter), spaces, ``-``, ``_`` and ``.``, not
    starting with a dot or a space and not ending with a dot or a space, and at most
    MAX_NAME_BYTES in UTF-8 (what a file system allows, with room for the ending). Nothing
    else reaches a file's name: no control, no mark that changes how text runs, no letter
    that draws as a blank.
    """
    if not isinstance(name, str) or not name:
        raise SaveFileError(_("a save name cannot be empty"))
    name = unicodedata.normalize("NFKC", name)
    if len(name) > MAX_FILE_NAME:
        raise SaveFileError(
            _("a save name is at most {limit} characters").format(limit=MAX_FILE_NAME)
        )
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise SaveFileError(_("a save name is too long for a file's name: use fewer characters"))
    plain = all(_name_char(char, index) for index, char in enumerate(name))
    if not plain or name.startswith((".", " ")) or name.endswith((".", " ")):
        raise SaveFileError(
            _(
                "cannot use {name} as a save name: use letters, digits, spaces, '-', '_' "
                "and '.', not starting with '.' or a space and not ending with '.' or a space"
            ).format(name=repr(name[:MAX_FILE_NAME]))
        )
    return name


def _name_char(char: str, index: int) -> bool:
    """Whether a save name may hold ``char`` at ``index``: a letter or a decimal digit of
    any script, a mark on the letter before it, or one of ``NAME_MARKS``; never a letter
    that draws as a blank (``BLANK_LETTERS``)."""
    if char in NAME_MARKS:
        return True
    category = unicodedata.category(char)
    if category in _LETTER_MARKS:
        return index > 0
    return category in _NAME_CATEGORIES and char not in BLANK_LETTERS


_NAME_CATEGORIES = frozenset(("Lu", "Ll", "Lt", "Lm", "Lo", "Nd"))
"""Unicode's letters (capital, small, title, modifier, other) and decimal digits."""

_LETTER_MARKS = frozenset(("Mn", "Mc"))
"""Unicode's marks that go on a letter (the vowel signs of Hindi or Thai, say)."""

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
"""The Hangul fillers: letters to Unicode, but drawn as blanks (a name of them looks empty)."""

MAX_NAME_BYTES = 120
"""A save's name is at most this many bytes in UTF-8 (40 Japanese characters): file
systems allow 255 bytes for a name, encrypted home folders 143, and the file's ending and
a write's temporary name add 19."""


STALE_SECONDS = 60
"""A temporary file of an atomic write older than this was left by an interrupted write."""


def inside_data_dir(path: Path, root: Path | None = None) -> bool:
    """True when ``path`` is the data directory (or ``root``) or lies in it, links followed."""
    top = (root or data_dir()).resolve()
    real = Path(path).resolve()
    return real == top or top in real.parents


def screenshot_folder() -> Path:
    """The user's downloads folder when it exists and can be written, else the data
    directory's screenshots folder (created when missing)."""
    downloads = Path(platformdirs.user_downloads_dir())
    if downloads.is_dir() and os.access(downloads, os.W_OK | os.X_OK):
        return downloads
    return data_folder(data_dir() / SCREENSHOTS_DIR)


def data_folder(folder: Path, root: Path | None = None) -> Path:
    """A folder of the data directory (or of ``root``), created when missing; SaveFileError
    when a link takes it outside (it is then left as it is)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveFileError(
            _("cannot make {folder}: {reason}").format(
                folder=shown(str(folder)), reason=error.strerror or error
            )
        ) from error
    if not inside_data_dir(folder, root):
        top = shown(str(root or data_dir()))
        raise SaveFileError(
            _("{folder} leads outside {top}: it is left alone").format(
                folder=shown(str(folder)), top=top
            )
        )
    return folder


def write_atomic(path: Path, text: str, *, root: Path | None = None) -> None:
    """Write a text file (UTF-8) so that it is either fully old or fully new, even on a crash.

    Writes a temporary file in the same directory, fsyncs it and renames it over ``path``
    (a link at ``path`` is replaced, never written through). Creates the directory when
    missing; raises SaveFileError when the write fails or the directory leads outside the
    data directory (or ``root``, for files kept elsewhere, such as the settings).
    """
    path = Path(path)
    temp_name: str | None = None
    data_folder(path.parent, root)
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
        temp_name = None
        _fsync_dir(path.parent)
    except OSError as error:
        raise SaveFileError(
            _("cannot write {path}: {reason}").format(
                path=shown(str(path)), reason=error.strerror or error
            )
        ) from error
    finally:
        if temp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp_name)


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable; not every platform can open a directory, which is fine."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def read_limited(path: Path) -> str:
    """The text of a regular file of at most MAX_SAVE_BYTES bytes; SaveFileError otherwise.

    Inside the data directory a link is never followed (a file there that is a link, or a
    folder that leads elsewhere, is refused); a file the user names elsewhere is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    path = Path(path)
    if _in_data_tree(path):
        if not inside_data_dir(path.parent):
            raise SaveFileError(
                _("cannot load {path}: its folder leads elsewhere").format(path=shown(str(path)))
            )
        flags |= getattr(os, "O_NOFOLLOW", 0)
        if path.is_symlink():
            raise SaveFileError(_("cannot load {path}: it is a link").format(path=shown(str(path))))
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise SaveFileError(
            _("cannot open {path}: {reason}").format(
                path=shown(str(path)), reason=error.strerror or error
            )
        ) from error
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveFileError(
                _("cannot load {path}: it is not a regular file").format(path=shown(str(path)))
            )
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_SAVE_BYTES:
            chunk = os.read(fd, MAX_SAVE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise SaveFileError(
            _("cannot read {path}: {reason}").format(
                path=shown(str(path)), reason=error.strerror or error
            )
        ) from error
    finally:
        os.close(fd)
    if size > MAX_SAVE_BYTES:
        raise SaveFileError(
            _("cannot load {path}: it is larger than {limit} bytes").format(
                path=shown(str(path)), limit=MAX_SAVE_BYTES
            )
        )
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveFileError(
            _("cannot load {path}: it is not UTF-8 text").format(path=shown(str(path)))
        ) from error


def _in_data_tree(path: Path) -> bool:
    """True when ``path`` is named inside the data directory (before following links)."""
    root = Path(os.path.abspath(data_dir()))
    named = Path(os.path.abspath(path))
    return root in named.parents


def remove_stale_temporaries() -> int:
    """Remove what interrupted atomic writes left behind (``.NAME.*.tmp``, over a minute old)
    in the data directory and its folders; returns how many were removed."""
    removed = 0
    now = time.time()
    root = data_dir()
    folders = (SAVES_DIR, LOGS_DIR, GAMES_DIR, HISTORY_DIR, ONLINE_DIR, DICE_DIR)
    for folder in (root, *(root / name for name in folders)):
        try:
            if folder.is_symlink() or not folder.is_dir():
                continue
            entries = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for entry in entries:
            with contextlib.suppress(OSError):
                info = entry.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                    entry.unlink()
                    removed += 1
    return removed


READ_ERRORS = (SaveFileError, OSError, ValueError, OverflowError)
"""What reading a save may raise, for a caller that lists saves and says why one cannot
be read (a folder that vanished, a broken file)."""


def load_game(path: Path) -> Session:
    """The game saved in a file, replayed and checked; the file is only read.

    Raises SaveFileError naming the file (once) and the problem.
    """
    path = Path(path)
    text = read_limited(path)  # its errors name the file already
    try:
        return record_from_json(text)
    except SaveFileError as error:
        raise SaveFileError(f"{shown(path.name)}: {error}") from error


def game_problem(error: SaveFileError, path: Path) -> str:
    """What ``load_game`` said of ``path``, without the file's name in front (for a caller
    that names the file itself)."""
    said = str(error)
    prefix = f"{shown(Path(path).name)}: "
    return said[len(prefix) :] if said.startswith(prefix) else said


def saves_dir() -> Path:
    """The directory of named saves."""
    return data_dir() / SAVES_DIR


def save_problem(name: str, session: Session) -> str | None:
    """Why saving ``session`` as ``name`` would lose a game, or None when it loses none:
    no save of that name, or one of this very game (the same set-up, one's moves the
    start of the other's). A file of that name that cannot be read is never replaced."""
    path = saves_dir() / f"{check_name(name)}.json"
    if not path.exists():
        return None
    try:
        held = load_game(path)
    except SaveFileError as error:
        return _("{name} is a file that cannot be read ({problem})").format(
            name=shown(name, 40), problem=game_problem(error, path)
        )
    mine, theirs = session.actions, held.actions
    shorter = min(len(mine), len(theirs))
    if held.setup == session.setup and mine[:shorter] == theirs[:shorter]:
        return None
    return _("{name} holds another game, of {players} ({turns} turns)").format(
        name=shown(name, 40),
        players=listed([shown(player, 40) for player in held.setup.names]),
        turns=turns_played(held.transitions, held.state),
    )


def save_named(name: str, session: Session, *, most: int | None = None) -> Path:
    """Save the game as ``saves/<name>.json``, replacing any save of that name (ask
    ``save_problem`` first); its path. SaveFileError where the name is new and ``most``
    games are saved under names already (pasted games apart: a browser's page keeps a
    few, on the server)."""
    path = saves_dir() / f"{check_name(name)}.json"
    if most is not None and not path.exists():
        named = [p for p in list_saves() if not p.stem.startswith(f"{PASTED_PREFIX}-")]
        if len(named) >= most:
            raise SaveFileError(
                ngettext(
                    "{count} game is saved here under a name already, the most there is room "
                    "for: save under one of their names to replace it (a new page starts with "
                    "none)",
                    "{count} games are saved here under names already, the most there is room "
                    "for: save under one of their names to replace it (a new page starts with "
                    "none)",
                    len(named),
                ).format(count=len(named))
            )
    write_atomic(path, record_to_json(session))
    return path


PASTED_PREFIX = "pasted"
"""The start of the name a pasted game is saved under ("pasted-2026-12-06-11-05-12")."""


def _same_game(held: Session, session: Session) -> bool:
    """Whether two sessions are the very same game (a save written by an older version
    differs in its text, not in its set-up and moves)."""
    return held.setup == session.setup and held.actions == session.actions


@dataclass(frozen=True, slots=True)
class Pasted:
    """A game pasted as text, kept among the named saves (``save_pasted``)."""

    path: Path
    new: bool
    """False when a save of the very same game was there already (nothing was written)."""
    over: bool
    """Whether the game is finished (to replay or review, not to play on)."""


def save_pasted(
    text: str, when: datetime, *, in_browser: bool = False, most: int | None = None
) -> Pasted:
    """Keep a game pasted as text (a save file's whole text, as a browser downloaded it)
    among the named saves, under a new name ("pasted-2026-12-06-11-05-12"), unless a save
    of the very same game is there already. Raises SaveFileError saying why the text is
    not a game, or (``in_browser``) that an outside bot plays in it, whose code would run
    on the server; or that ``most`` pasted games are kept already (``most`` is a browser
    page's bound: its files are on the server). Nothing is written then."""
    # A character is one byte at least: a text this long is too big before encoding it.
    if len(text) > MAX_SAVE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SAVE_BYTES:
        raise SaveFileError(
            _("the text pasted is larger than {limit} bytes").format(limit=MAX_SAVE_BYTES)
        )
    text = text.strip()
    if text.startswith(LOG_START):  # an exported log, pasted for the save
        raise SaveFileError(
            _("this is a game's log (the .txt file e exports), not a save: paste the .json file")
        )
    try:
        session = record_from_json(text)
    except SaveFileError as error:
        if text.startswith("{") and not text.endswith("}"):
            raise SaveFileError(
                _("the text breaks off before the save ends: copy all of the .json file")
            ) from error
        raise
    bots = outside_seats(session.setup)
    if bots and in_browser:
        raise SaveFileError(
            _("an outside bot plays in it ({bot}), and a game in a browser runs none").format(
                bot=shown(next(iter(bots.values())), 60)
            )
        )
    over = session.state.phase is Phase.OVER
    document = record_to_json(session)
    saves = list_saves()
    for path in saves:
        with contextlib.suppress(*READ_ERRORS):
            if read_limited(path) == document or _same_game(load_game(path), session):
                return Pasted(path, False, over)
    pasted = [path for path in saves if path.stem.startswith(f"{PASTED_PREFIX}-")]
    if most is not None and len(pasted) >= most:
        raise SaveFileError(
            ngettext(
                "{count} pasted game is kept here already, the most there is room for (a new "
                "page starts with none)",
                "{count} pasted games are kept here already, the most there is room for (a new "
                "page starts with none)",
                len(pasted),
            ).format(count=len(pasted))
        )
    stem = f"{PASTED_PREFIX}-{when:%Y-%m-%d-%H-%M-%S}"
    name, count = stem, 1
    while (saves_dir() / f"{name}.json").exists():
        count += 1
        name = f"{stem}-{count}"
    path = saves_dir() / f"{name}.json"
    write_atomic(path, document)
    return Pasted(path, True, over)


def list_saves() -> list[Path]:
    """The named saves, newest first."""
    directory = saves_dir()
    found: list[tuple[float, str, Path]] = []
    try:
        if not directory.is_dir() or not inside_data_dir(directory):
            return []
        entries = list(directory.iterdir())
    except OSError:
        return []
    for path in entries:
        if path.suffix != ".json" or path.name.startswith("."):
            continue
        try:
            info = path.lstat()  # a link is not listed, and never read
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((-info.st_mtime, path.name, path))
    return [path for _, _, path in sorted(found)]


def export_log_file(session: Session, name: str) -> Path:
    """Write the game's text log to ``logs/<name>.txt`` and return its path."""
    path = data_dir() / LOGS_DIR / f"{check_name(name)}.txt"
    write_atomic(path, export_log(session))
    return path
