"""When a game is written to its autosave file, and what happens to the file at the end.

Each game has a file of its own (``marrakech.games.autosaves``): it is made at the game's first
decision, written after every decision, and moved to the finished games when the game
ends here (and back, under its own name, if its end is taken back). A finished game
opened from a file writes nothing. A failed write is reported once, and the game goes on.
"""

from __future__ import annotations

from pathlib import Path

from marrakech.engine import Phase
from marrakech.flow.notice import Notice, Notify
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session


class Autosaver:
    """The autosave policy of one game being played."""

    def __init__(self, session: Session, notify: Notify, file: GameFile | None = None) -> None:
        """Autosave ``session``'s game into ``file`` (a new one when None); notices go up."""
        self.session = session
        self.notify = notify
        self.file = file
        """The game's autosave file, once it has one."""
        self.finished = session.state.phase is Phase.OVER
        """True while the game is over (ended here, or over already): nothing to write."""
        self._failing = False
        self._kept: Path | None = None
        """Where the game that ended here was kept: among the finished games, or where it
        was played when it could not be moved there."""

    def save(self) -> None:
        """Write the game as it stands now (after each decision, and a seat's new name)."""
        if self.finished:
            return
        try:
            if self.file is None:
                self.file = GameFile.new()
            self.file.save(self.session)
        except (SaveFileError, OSError) as error:
            if not self._failing:
                self.notify(
                    Notice(_("Autosave failed: {error}").format(error=error), severity="warning")
                )
            self._failing = True
        else:
            self._failing = False

    def game_over(self) -> None:
        """The game has just ended here: keep it with the finished games."""
        if self.finished:
            return
        self.finished = True
        try:
            if self.file is None:
                self.file = GameFile.new()
            self._kept = self.file.path  # until it is moved
            self._kept = self.file.finish(self.session)
        except SaveFileError as error:
            self.notify(
                Notice(
                    _("The finished game was not kept: {error}").format(error=error),
                    severity="warning",
                )
            )

    def reopen(self) -> None:
        """The end of the game was taken back: it goes on, back among the unfinished games
        under its own name (the finished copy moved back), written at the next ``save``."""
        if not self.finished:
            return
        self.finished = False
        kept, self._kept = self._kept, None
        if kept is None:  # it had no file yet: the next save gives it one
            self.file = None
            return
        try:
            self.file = GameFile.reopen(kept)
        except SaveFileError as error:
            self.file = None  # the next save gives it a file of its own
            self.notify(
                Notice(
                    _("The game goes on, but its finished copy stays: {error}").format(error=error),
                    severity="warning",
                )
            )

    def close(self) -> None:
        """The game is left unfinished here: let another window (or a later start) have it."""
        if self.file is not None:
            self.file.close()
