"""Saved games: the named saves, newest first, to play on or to replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from marrakech import storage
from marrakech.engine import Phase
from marrakech.narrate import turns
from marrakech.records import SaveFileError
from marrakech.session import Session

_EMPTY = "No saved games yet: during a game, s saves one under a name."


@dataclass(frozen=True)
class OpenSave:
    """What the saved-games screen asks for: play this file on, or replay it."""

    path: Path
    replay: bool = False


def describe(session: Session) -> str:
    """One line about a saved game: who plays, how far it went, who is to play or won."""
    names = session.setup.names
    state = session.state
    played = len(turns(session.transitions))
    if state.phase is Phase.OVER:
        status = "over: " + " and ".join(names[seat] for seat in state.winners()) + " won"
    else:
        status = f"{names[state.current]} to play"
    return f"{', '.join(names)} · {played} turn{'' if played == 1 else 's'} · {status}"


def save_option(path: Path) -> Option:
    """The list entry for a save file; a file that cannot be read is shown, disabled."""
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        about = describe(storage.load_game(path))
    except (SaveFileError, OSError, ValueError, OverflowError) as error:
        text = Text.assemble((path.stem, "bold"), "\n", (f"cannot be read: {error}", "italic"))
        return Option(text, id=str(path), disabled=True)
    text = Text.assemble((path.stem, "bold"), f"  saved {when}\n", (about, "italic"))
    return Option(text, id=str(path))


class SavesScreen(ModalScreen[OpenSave | None]):
    """The named saves, newest first: Enter plays one on, r replays it, Escape goes back.

    Files that cannot be read are listed with the reason and left untouched.
    """

    DEFAULT_CSS = """
    SavesScreen {
        align: center middle;
    }
    SavesScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 90%;
        padding: 1 2;
        border: thick $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        background: $surface;
    }
    SavesScreen OptionList {
        height: auto;
        max-height: 20;
    }
    SavesScreen OptionList.-empty {
        display: none;
    }
    SavesScreen #where {
        margin-top: 1;
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Play on", priority=True),
        Binding("r", "open(True)", "Replay"),
        Binding("escape", "close", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Saved games"
            yield OptionList(id="saves", classes="-empty")
            yield Label("Reading the saved games...", id="status")
            yield Static(f"Saved in {storage.saves_dir()}", id="where", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._read_saves()

    @work(thread=True)
    def _read_saves(self) -> None:
        """Read (and check, by replaying) every save away from the screen's thread."""
        options = [save_option(path) for path in storage.list_saves()]
        self.app.call_from_thread(self._show, options)

    def _show(self, options: list[Option]) -> None:
        if not self.is_attached:  # closed while the saves were being read
            return
        saves = self.query_one(OptionList)
        spaced: list[Option | None] = []
        for option in options:
            spaced.extend([None, option] if spaced else [option])
        saves.add_options(spaced)
        saves.set_class(not options, "-empty")
        status = self.query_one("#status", Label)
        if options:
            status.display = False
        else:
            status.update(_EMPTY)
        saves.focus()
        saves.action_first()  # the newest readable save
        self.refresh_bindings()

    def _chosen(self) -> Path | None:
        """The highlighted save, when there is a readable one."""
        saves = self.query_one(OptionList)
        index = saves.highlighted
        if index is None:
            return None
        option = saves.get_option_at_index(index)
        return None if option.disabled or option.id is None else Path(option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open" and self._chosen() is None:
            return None
        return True

    @on(OptionList.OptionHighlighted)
    def _highlight_moved(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _clicked(self) -> None:
        self.action_open()

    def action_open(self, replay: bool = False) -> None:
        """Play the highlighted save on (or replay it)."""
        path = self._chosen()
        if path is not None:
            self.dismiss(OpenSave(path, replay))

    def action_close(self) -> None:
        """Back to the new-game screen."""
        self.dismiss(None)
