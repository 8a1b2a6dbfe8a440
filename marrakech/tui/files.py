"""Saving and exporting a game from any screen (the name prompt, the write), notices, settings."""

from __future__ import annotations

import contextlib
import io
import os
import re
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.app import App
from textual.dom import DOMNode
from textual.message import Message

from marrakech.flow import Notice, Notify
from marrakech.games import storage
from marrakech.games.language import _
from marrakech.games.records import SaveFileError, export_log, record_to_json
from marrakech.games.session import Session
from marrakech.games.words import as_sentence

READING_CELLS_PER_SECOND = 20
"""How fast a notice is read, in terminal cells (about 250 words a minute in English; a
Japanese character takes two cells)."""


def reading_seconds(app: App[Any], text: str) -> float:
    """How long a notice of ``text`` stays: the app's usual time, or longer if reading it
    takes longer."""
    return max(float(app.NOTIFICATION_TIMEOUT), 2 + cell_len(text) / READING_CELLS_PER_SECOND)


SAVES_IN_A_BROWSER = 20
"""The most games a browser's page keeps saved under names (its files are on the server);
saving under one of their names replaces it all the same."""

NOTICE_TEXT_WIDTH = 30
"""The cells a notice's text takes across: the 33 of a notice (``Toast`` in app.tcss, as
wide as the game's side panel) less its border and padding."""


def show_notice(app: App[Any], notice: Notice, *, at_least: float = 0.0) -> float:
    """Show one of the game flow's notices as a toast (lasting ones stay longer, long ones
    as long as they take to read, and none less than ``at_least`` seconds); returns the
    seconds it stays."""
    timeout = max(at_least, 10 if notice.lasting else 0, reading_seconds(app, notice.text))
    app.notify(
        notice.text, title=notice.title, severity=notice.severity, timeout=timeout, markup=False
    )
    return timeout


_cleared = [0.0]
"""When (``time.monotonic``) the notices were last taken off all at once here."""


def clear_notices(app: App[Any]) -> None:
    """Take every notice off the screen (Textual does it only all at once), and note
    when: a ``PassingNotice`` shown before then is gone already."""
    app.clear_notifications()
    _cleared[0] = time.monotonic()


class PassingNotice:
    """A notice that a later one takes the place of, or that goes once what it speaks of
    is gone (a hint's reasons, an undo's news): ``show`` it, ``take_back`` it. Textual
    takes notices off only all at once, so a notice shown meanwhile goes with it."""

    def __init__(self) -> None:
        self._shown = self._until = 0.0
        """When (``time.monotonic``) the notice last shown came, and when it goes."""

    def show(self, app: App[Any], notice: Notice, *, at_least: float = 0.0) -> None:
        """Show ``notice`` (``show_notice``) in the place of the last one, if still up."""
        self.take_back(app)
        self._shown = time.monotonic()
        self._until = self._shown + show_notice(app, notice, at_least=at_least)

    def take_back(self, app: App[Any]) -> None:
        """Take the notice off the screen, if it is still there (not gone by itself, nor
        taken off with all the others since)."""
        if self._shown > _cleared[0] and time.monotonic() < self._until:
            clear_notices(app)
        self._until = 0.0


class SettingsChanged(Message):
    """A screen changed a setting; the app keeps it and writes it down."""

    def __init__(self, **changes: object) -> None:
        super().__init__()
        self.changes = changes


def notifier(node: DOMNode) -> Notify:
    """A way for the game flow to tell the player things, through ``node``'s app."""

    def notify(notice: Notice) -> None:
        show_notice(node.app, notice)

    return notify


class GameDocuments:
    """Saving and exporting one game, from the game screen or its results.

    Remembers the name the game was last saved under, so the next save offers it again
    and an exported log takes it. Before any save, both go by one name of the game's own,
    from when this screen opened it (``default_name``): its save and its log then match.
    """

    def __init__(self, session: Session | Callable[[], Session]) -> None:
        """``session``: the game, or where to read it (a network client's copy of the game
        is made anew as the host reveals its hidden piles)."""
        self._session = session if callable(session) else lambda: session
        self.name: str | None = None
        """The name the game was last saved under, if it was."""
        self.default_name = f"game-{datetime.now():%Y-%m-%d-%H-%M-%S}"
        """The name a save offers and a log takes before the game is saved under one."""

    @property
    def session(self) -> Session:
        """The game as it is now."""
        return self._session()

    def save(self, app: App[Any]) -> None:
        """Ask for a name (an invalid one keeps the prompt open with the reason) and save;
        in a browser the save is downloaded too (the page's Saved games, which list it
        by its name as a terminal's do, last only as long as the page)."""

        def named(name: str | None) -> None:
            if not name:
                return
            problem = storage.save_problem(name, self.session)
            if problem is None:
                write(name)
                return
            from marrakech.tui.screens.confirm import ConfirmScreen  # only when asked

            question = _("{problem}. Replace it with this game?").format(problem=problem)
            replace = ConfirmScreen(question, yes=_("Replace"), no=_("Cancel"), default=False)
            app.push_screen(replace, lambda yes: write(name) if yes else None)

        def write(name: str) -> None:
            name = storage.check_name(name)  # as the file is named (full-width letters made plain)
            self.name = name
            if app.is_web:
                keep_and_download(name)
                return
            if not _write(
                app,
                _("Saved"),
                _("Not saved"),
                _("Saved to {path}"),
                lambda: storage.save_named(name, self.session),
            ):
                self.name = None

        def keep_and_download(name: str) -> None:
            text = record_to_json(self.session)
            said: str | None = _(
                "Kept in Saved games while this page is open, and on its way to your "
                "browser's downloads:\n{filename}"
            )
            try:
                storage.save_named(name, self.session, most=SAVES_IN_A_BROWSER)
            except (SaveFileError, OSError) as error:  # the download goes all the same
                app.notify(str(error), title=_("Not saved"), severity="error", markup=False)
                said = None
            download(app, text, f"{name}.json", "application/json", said=said, title=_("Saved"))

        from marrakech.tui.screens.name_prompt import NamePromptScreen  # only when saving

        default = self.name or self.default_name
        prompt = NamePromptScreen(_("Save the game as"), default, check=_name_problem)
        app.push_screen(prompt, named)

    def export(self, app: App[Any]) -> None:
        """Write the game log as text into the data directory (logs/<name>.txt), named
        after the save when there is one, else as a save would be offered to be; the
        file's name has no spaces (``file_name``)."""
        name = file_name(self.name or self.default_name)
        if app.is_web:
            download(app, export_log(self.session), f"{name}.txt", "text/plain")
            return
        export = partial(storage.export_log_file, self.session, name)
        _write(app, _("Exported"), _("Not exported"), _("Log written to {path}"), export)


def file_name(name: str) -> str:
    """A name safe to type in a shell or a link: each run of spaces a hyphen
    ("my game" -> "my-game")."""
    return "-".join(name.split())


def screenshot_name(folder: Path, when: datetime, time_format: str | None = None) -> str:
    """A screenshot's file name, with no spaces and short enough for a notice's line:
    "marrakech-20261206-081530.svg", or with "-2", "-3"... where ``folder`` already has one
    of that second."""
    stem = "marrakech-" + when.strftime(time_format or "%Y%m%d-%H%M%S")
    name, count = f"{stem}.svg", 1
    while (folder / name).exists():
        count += 1
        name = f"{stem}-{count}.svg"
    return name


def download(
    app: App[Any],
    text: str,
    filename: str,
    mime_type: str,
    *,
    said: str | None = None,
    title: str | None = None,
) -> None:
    """Send a file to the visitor's browser (the game runs on a server it does not own),
    saying so: in ``said`` (a message with ``{filename}``), under ``title``, when given."""
    app.deliver_text(io.StringIO(text), save_filename=filename, mime_type=mime_type)
    name = "\n".join(_name_lines(filename))  # on lines of its own, as a path's name is
    if said is None:
        said, title = _("On its way to your browser's downloads:\n{filename}"), None
    app.notify(said.format(filename=name), title=title or _("Download"), markup=False)


def _name_problem(name: str) -> str | None:
    try:
        storage.check_name(name)
    except SaveFileError as error:
        return as_sentence(str(error))
    return None


def _write(app: App[Any], title: str, failed: str, done: str, write: Callable[[], Path]) -> bool:
    """Write a file with ``write``; tell the player where it went (``done``, a message with
    ``{path}``, under ``title``) or why it could not be written (under ``failed``)."""
    try:
        path = write()
    except (SaveFileError, OSError) as error:
        app.notify(str(error), title=failed, severity="error", markup=False)
        return False
    app.notify(done.format(path=shown_path(path)), title=title, markup=False)
    return True


def shown_path(path: Path) -> str:
    """A file's path as a notice shows it: the home folder as ~, the folder broken after a
    separator where it is wider than a notice, and the file's name on a line of its own, broken
    after a "-" where it is wider still (a path has no spaces, so it would
    otherwise break inside a word). Joined again, the lines are the path."""
    with contextlib.suppress(RuntimeError, ValueError):  # no home known, or not under it
        path = Path("~") / path.relative_to(Path.home())
    folder = str(path.parent)
    if not folder.endswith(("/", os.sep)):
        folder += os.sep
    folder_parts = re.findall(r"[^/\\]*[/\\]", folder)
    return "\n".join([*_lines_of(folder_parts), *_name_lines(path.name)])


def _name_lines(name: str) -> list[str]:
    """A file's name in lines as wide as a notice, broken after a "-" (a name has no
    spaces, so it would otherwise break inside a word)."""
    return _lines_of(re.findall(r"[^-]+-?|-", name))


def _lines_of(parts: list[str]) -> list[str]:
    """``parts`` run together in lines as wide as a notice (a part wider stays whole)."""
    lines = [""]
    for part in parts:
        if lines[-1] and cell_len(lines[-1] + part) > NOTICE_TEXT_WIDTH:
            lines.append("")
        lines[-1] += part
    return lines
