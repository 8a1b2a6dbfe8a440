"""The whole game log on a screen of its own: every turn so far, numbered, the newest in
view, to scroll back through what happened since your last turn (``l`` in a game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from marrakech.games.language import N_, _
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.wrapped import WrappedText


class LogScreen(ModalScreen[None]):
    """Every turn's sentence, numbered; Up, Down, PageUp, PageDown, Home and End scroll,
    Escape or ``l`` closes."""

    DEFAULT_CSS = """
    LogScreen {
        align: center middle;
    }
    LogScreen > Vertical {
        width: 100%;
        max-width: 110;
        height: 100%;
        border: thick $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        background: $surface;
    }
    LogScreen #turns {
        height: 1fr;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l", "close", N_("Back to the game")),
        Binding("up", "scroll(-1)", N_("Scroll up"), show=False),
        Binding("down", "scroll(1)", N_("Scroll down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up")),
        Binding("pagedown", "page(1)", N_("Page down")),
        Binding("home", "edge(0)", N_("To the top"), show=False),
        Binding("end", "edge(1)", N_("To the end"), show=False),
    ]

    def __init__(self, sentences: Sequence[str], names: Sequence[str] = ()) -> None:
        """The log of a game: one sentence per turn, oldest first; a line never breaks
        inside one of the players' ``names``."""
        super().__init__()
        translate_bindings(self)
        self.sentences = tuple(sentences)
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("The game so far")
            with VerticalScroll(id="turns"):
                yield Static(self._text(), markup=False)
        yield KeyFooter()

    def _text(self) -> Text | Table:
        """The turns numbered, a sentence's wrapped lines under its first word."""
        if not self.sentences:
            return Text(_("Nothing has happened yet."), style="italic")
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="dim", no_wrap=True)
        table.add_column()
        for number, sentence in enumerate(self.sentences, start=1):
            table.add_row(str(number), WrappedText(Text(sentence), keep=self.names))
        return table

    def on_mount(self) -> None:
        self.call_after_refresh(self.query_one("#turns").scroll_end, animate=False)

    def action_scroll(self, lines: int) -> None:
        """Scroll a line up (-1) or down (1)."""
        self.query_one("#turns", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_page(self, direction: int) -> None:
        """Scroll a page up (-1) or down (1)."""
        turns = self.query_one("#turns", VerticalScroll)
        if direction < 0:
            turns.scroll_page_up(animate=False)
        else:
            turns.scroll_page_down(animate=False)

    def action_edge(self, end: int) -> None:
        """Go to the first turn (0) or the latest (1)."""
        turns = self.query_one("#turns", VerticalScroll)
        if end:
            turns.scroll_end(animate=False)
        else:
            turns.scroll_home(animate=False)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
