"""When a game is written to the autosave, and what is kept when another game is there.

The autosave holds one unfinished game. Before a game's first write, an unfinished *other*
game found there is copied to the named saves (``saves/autosave-<date-time>.json``), so
starting a new game never destroys one; the autosave of this very game (resumed) or of a
finished game is simply replaced. When a game ends here the autosave is cleared; a
finished game opened from a file leaves the autosave alone. A failed write is reported
once, and the game goes on.
"""

from __future__ import annotations

from datetime import datetime

from marrakech import storage
from marrakech.engine import Phase
from marrakech.flow.notice import Notice, Notify
from marrakech.records import SaveFileError
from marrakech.session import Session


def same_game(first: Session, second: Session) -> bool:
    """True when two sessions are one game at different moments (one's actions lead on)."""
    if first.setup != second.setup:
        return False
    shorter = min(len(first.actions), len(second.actions))
    return first.actions[:shorter] == second.actions[:shorter]


class Autosaver:
    """The autosave policy of one game being played."""

    def __init__(self, session: Session, notify: Notify) -> None:
        """Autosave ``session``'s game; notices go to ``notify``."""
        self.session = session
        self.notify = notify
        self.wrote = False
        """Whether this game has been written (or its end cleared the autosave) here."""
        self._failing = False

    def save(self) -> None:
        """Write the game as it stands now (once per settled decision)."""
        if not self.wrote:
            self._keep_other_game()
        self.wrote = True
        try:
            storage.autosave(self.session)
        except (SaveFileError, OSError) as error:
            if not self._failing:
                self.notify(Notice(f"Autosave failed: {error}", severity="warning"))
            self._failing = True
        else:
            self._failing = False

    def game_over(self) -> None:
        """The game has ended: clear the autosave if this game was played here."""
        if not self.wrote:
            return
        try:
            storage.clear_autosave()
        except SaveFileError as error:
            self.notify(Notice(str(error), severity="warning"))

    def _keep_other_game(self) -> None:
        """Copy an unfinished other game out of the autosave before the first write."""
        path = storage.autosave_path()
        try:
            if not path.exists():
                return
            text = storage.read_limited(path)
        except (OSError, SaveFileError):
            return
        try:
            old: Session | None = storage.load_game(path)
        except SaveFileError:
            old = None
        if old is not None and (old.state.phase is Phase.OVER or same_game(old, self.session)):
            return
        stamp = f"{datetime.now():%Y-%m-%d-%H%M%S}"
        copy = storage.saves_dir() / f"autosave-{stamp}.json"
        number = 1
        while copy.exists():
            number += 1
            copy = storage.saves_dir() / f"autosave-{stamp}-{number}.json"
        try:
            storage.write_atomic(copy, text)
        except SaveFileError as error:
            self.notify(
                Notice(
                    f"The unfinished game in the autosave could not be kept: {error}",
                    severity="error",
                    lasting=True,
                )
            )
            return
        self.notify(
            Notice(
                f"The autosave held another unfinished game; it was kept as {copy} "
                "(open it with: marrakech load FILE).",
                title="Earlier game kept",
                severity="warning",
                lasting=True,
            )
        )
