"""Ask for a name, e.g. the name to save a game as."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from marrakech.games.language import N_, _
from marrakech.tui.screens.translated import translate_bindings


class NamePromptScreen(ModalScreen[str | None]):
    """Ask for a name: Enter dismisses with it (stripped), Escape with None.

    ``check`` says what is wrong with a name (None when it is fine); a wrong name keeps
    the prompt open with the reason.
    """

    DEFAULT_CSS = """
    NamePromptScreen {
        align: center middle;
    }
    NamePromptScreen > Vertical {
        width: 56;
        height: auto;
        padding: 1 2;
        border: thick $primary;
        border-subtitle-color: $text-muted;
        background: $surface;
    }
    NamePromptScreen #title {
        text-style: bold;
        margin-bottom: 1;
    }
    NamePromptScreen #error {
        color: $text-error;
        width: 100%;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(
        self, title: str, default: str = "", check: Callable[[str], str | None] | None = None
    ) -> None:
        """A prompt headed ``title`` with ``default`` already typed in."""
        super().__init__()
        translate_bindings(self)
        self.prompt_title = title
        self.default = default
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_subtitle = _("Enter: OK  Esc: cancel")
            yield Label(self.prompt_title, id="title")
            yield Input(self.default, select_on_focus=True, id="name")
            yield Label("", id="error")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = _("Type a name first (or Esc to cancel).") if not name else None
        if problem is None and self.check is not None:
            problem = self.check(name)
        if problem is None:
            self.dismiss(name)
        else:
            self.query_one("#error", Label).update(Text(problem))

    @on(Input.Changed)
    def _changed(self) -> None:
        self.query_one("#error", Label).update("")

    def action_cancel(self) -> None:
        """Close without a name."""
        self.dismiss(None)
