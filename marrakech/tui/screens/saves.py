"""Saved games: unfinished games, named saves and finished games, to play on or replay."""

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

from marrakech.engine import Phase
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import Unfinished
from marrakech.games.narrate import turns
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import shown

_EMPTY = "No saved games yet: during a game, s saves one under a name."

_WHEN = "%Y-%m-%d %H:%M"


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
    name = shown(path.stem)
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        about = describe(storage.load_game(path))
    except (SaveFileError, OSError, ValueError, OverflowError) as error:
        text = Text.assemble((name, "bold"), "\n", (f"cannot be read: {error}", "italic"))
        return Option(text, id=str(path), disabled=True)
    text = Text.assemble((name, "bold"), f"  saved {when}\n", (shown(about), "italic"))
    return Option(text, id=str(path))


def finished_option(path: Path) -> Option:
    """The list entry for a finished game of the history (to replay)."""
    title = ("Finished game", "bold")
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        about = shown(describe(storage.load_game(path)))
    except (SaveFileError, OSError, ValueError, OverflowError) as error:
        text = Text.assemble(title, "\n", (f"cannot be read: {error}", "italic"))
        return Option(text, id=str(path), disabled=True)
    return Option(Text.assemble(title, f"  ended {when}\n", (about, "italic")), id=str(path))


def unfinished_option(game: Unfinished) -> Option:
    """The list entry for an unfinished game; one open in another window is disabled."""
    when = datetime.fromtimestamp(game.modified).strftime(_WHEN)
    title = ("Unfinished game", "bold")
    if game.session is None:
        problem = f"cannot be read: {game.problem}"
        text = Text.assemble(title, "\n", (problem, "italic"))
        return Option(text, id=str(game.path), disabled=True)
    about = shown(describe(game.session))
    if game.open_elsewhere:
        text = Text.assemble(title, "  open in another window\n", (about, "italic"))
        return Option(text, id=str(game.path), disabled=True)
    return Option(Text.assemble(title, f"  played {when}\n", (about, "italic")), id=str(game.path))


class SavesScreen(ModalScreen[OpenSave | None]):
    """The saved games, newest first: Enter plays one on, r replays it, Escape goes back.

    Unfinished games come first (one open in another window cannot be opened twice), then
    the named saves, then the finished games. Files that cannot be read are listed with the
    reason and left untouched.
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
            yield Static(f"Saved in {shown(str(storage.saves_dir()))}", id="where", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._read_saves()

    @work(thread=True)
    def _read_saves(self) -> None:
        """Read (and check, by replaying) every save away from the screen's thread."""
        options = [unfinished_option(game) for game in autosaves.unfinished_games()]
        options += [save_option(path) for path in storage.list_saves()]
        options += [finished_option(path) for path in autosaves.finished_games()]
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
