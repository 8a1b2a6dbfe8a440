"""A yes-or-no question in a small dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from marrakech.games import autosaves
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.wrapped import WrappedStatic

QUIT_DIALOG = "quit-dialog"
"""The id of the question quitting asks, where the quit key again answers yes (q, and
ctrl+q, which the app hears first)."""

RESUME_DIALOG = "resume-dialog"
"""The id of the question at the start, whether to resume an unfinished game: ctrl+q there
quits (the game stays unfinished, offered again next time)."""


class ConfirmScreen(ModalScreen[bool | None]):
    """Ask a question; dismisses with True for yes, False for no (n, or Escape unless
    Escape is told to answer yes, or to answer neither: None, back to where it was asked).

    The default answer's button is drawn as the default and has the focus, so Enter gives
    it; the arrow keys move between the buttons. The question is shown as plain text (no
    markup), so it may hold any names.
    """

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    ConfirmScreen > Vertical {
        width: auto;
        min-width: 40;
        max-width: 70;
        height: auto;
        padding: 1 2;
        border: thick $primary;
        background: $surface;
    }
    ConfirmScreen #question {
        width: auto;
        max-width: 64;
        margin-bottom: 1;
    }
    ConfirmScreen Horizontal {
        width: 100%;
        height: auto;
        align-horizontal: center;
    }
    ConfirmScreen Button {
        margin: 0 1;
    }
    ConfirmScreen #keys {
        width: 100%;
        margin-top: 1;
        text-align: center;
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "escape", N_("Close"), show=False),
        Binding("left", "app.focus_previous", N_("Previous"), show=False),
        Binding("right", "app.focus_next", N_("Next"), show=False),
    ]

    def __init__(
        self,
        question: str,
        yes: str | None = None,
        no: str | None = None,
        *,
        default: bool = False,
        yes_key: str | None = None,
        escape: bool | None = False,
    ) -> None:
        """A dialog with the question and two buttons labelled ``yes`` and ``no`` ("Yes"
        and "No" when not given); ``default`` is the answer Enter gives; ``yes_key``, a
        key that answers yes besides y (the key that asked, so that pressing it twice
        does what it says); ``escape``, the answer Escape gives (no, unless the dialog
        only tells something and closing it goes on; None: neither, back)."""
        super().__init__()
        translate_bindings(self)
        self.question = question
        self.yes = _("Yes") if yes is None else yes
        self.no = _("No") if no is None else no
        self.default = default
        self.yes_key = yes_key
        self.escape = escape

    def compose(self) -> ComposeResult:
        with Vertical():
            yield WrappedStatic(self.question, id="question", markup=False)
            with Horizontal():
                yield Button(self.yes, variant="primary" if self.default else "default", id="yes")
                yield Button(self.no, variant="default" if self.default else "primary", id="no")
            yield Label(self.keys(), id="keys", markup=False)

    def keys(self) -> str:
        """The keys that answer, under the buttons: "y, q: Quit · n, Esc: Keep playing"."""
        yes_keys = ["y", *((self.yes_key,) if self.yes_key else ())]
        no_keys = ["n"]
        if self.escape is not None:
            (yes_keys if self.escape else no_keys).append("Esc")
        # Translators: between two keys that give the same answer ("n, Esc").
        between = pgettext("keys", ", ")
        # Translators: the keys that answer a question, as "y: Quit · n, Esc: Keep playing".
        keys = _("{yes_keys}: {yes} · {no_keys}: {no}").format(
            yes_keys=between.join(yes_keys),
            yes=self.yes,
            no_keys=between.join(no_keys),
            no=self.no,
        )
        if self.escape is None:
            # Translators: after the keys that answer a question: Esc answers neither.
            keys += _(" · Esc: back")
        return keys

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def on_key(self, event: events.Key) -> None:
        if self.yes_key is not None and event.key == self.yes_key:
            event.stop()
            self.dismiss(True)

    def action_answer(self, answer: bool) -> None:
        """Close the dialog with this answer."""
        self.dismiss(answer)

    def action_escape(self) -> None:
        """Close the dialog with the answer Escape gives."""
        self.dismiss(self.escape)


def quit_asking_in_a_browser(
    app: App[Any], leave: Callable[[], object], *, otherwise: Callable[[], object] | None = None
) -> None:
    """Call ``leave``, which ends the app from its first page. In a browser the page's
    games end with it (web.py): first ask, when it keeps any, saying how to send them to
    the downloads. Where nothing is asked, ``otherwise`` is called instead, if given."""
    count = autosaves.games_kept() if app.is_web else 0
    if not count:
        (otherwise or leave)()
        return
    question = ngettext(
        "Leave Marrakech? In a browser the game in Saved games goes with the page: d there "
        "sends it to your downloads first.",
        "Leave Marrakech? In a browser the {count} games in Saved games go with the page: "
        "d there sends one to your downloads.",
        count,
    ).format(count=count)
    dialog = ConfirmScreen(question, yes=_("Quit"), no=_("Stay"), yes_key="q")
    dialog.id = QUIT_DIALOG

    def answered(yes: bool | None) -> None:
        if yes:
            leave()

    app.push_screen(dialog, answered)
