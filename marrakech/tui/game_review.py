"""A finished game's review, worked out once, off the app's thread, for every screen that
shows it (the review and the summary's luck and skill)."""

from __future__ import annotations

import threading

from marrakech.flow.review import Progress, Review, review
from marrakech.games.session import Session


class GameReview:
    """The review of one game: ``work`` computes it the first time and returns it after."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.computers = not any(
            session.setup.is_person(seat) for seat in range(session.setup.players)
        )
        """True when nobody played in person: then the computers' decisions are reviewed."""
        self._found: Review | None = None
        self._lock = threading.Lock()

    @property
    def found(self) -> Review | None:
        """The review, once worked out."""
        return self._found

    def work(self, progress: Progress | None = None) -> Review:
        """The review, worked out now if it was not yet (call it from a worker thread)."""
        with self._lock:
            if self._found is None:
                self._found = review(self.session, computers=self.computers, progress=progress)
            return self._found
