"""The game log: what happened, one sentence per turn (see marrakech.games.narrate).

Plain text in a scrolling container, kept at its latest line. (Textual's RichLog would
bring Rich's pretty-printer, and with it a tenth of the start-up, for nothing.)
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from marrakech.tui.widgets.wrapped import hanging

BULLET = "•"
"""Before each sentence of the log."""


class GameLog(VerticalScroll, can_focus=False):
    """A scrolling log; ``show`` sets its sentences and scrolls to the latest."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sentences: tuple[str, ...] = ()
        """The sentences shown, oldest first."""

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def show(self, sentences: Sequence[str], names: Sequence[str] = ()) -> None:
        """Show these sentences, oldest first, the latest in view: each after a bullet, its
        lines under its words, so that the top line, cut from its start by the scroll,
        never reads as a sentence of its own (naming the wrong player); a line never
        breaks inside one of the players' ``names``."""
        sentences = tuple(sentences)
        if sentences == self.sentences:
            return
        self.sentences = sentences
        entries = [hanging(BULLET, Text(sentence), 1, names) for sentence in sentences]
        self.query_one("#log-text", Static).update(Group(*entries))
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        """A new size (the terminal's) keeps the latest sentence in view."""
        self.call_after_refresh(self.scroll_end, animate=False)

    def watch_virtual_size(self) -> None:
        """Sentences laid out anew keep the latest in view: those said again in another
        language are laid out only when the screen under the palette that chose it shows
        again."""
        self.call_after_refresh(self.scroll_end, animate=False)
