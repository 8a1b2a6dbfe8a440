"""The game log: what happened, one sentence per turn (see marrakech.narrate)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import RichLog


class GameLog(RichLog):
    """A scrolling log; ``show`` sets its sentences, appending when it only grew."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=20)
        self.can_focus = False
        self._shown: list[str] = []

    def show(self, sentences: Sequence[str]) -> None:
        """Show these sentences, oldest first."""
        sentences = list(sentences)
        if sentences == self._shown:
            return
        same = len(self._shown)
        if sentences[:same] != self._shown:
            self.clear()
            same = 0
        for sentence in sentences[same:]:
            self.write(sentence)
        self._shown = sentences
