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
from marrakech.games.language import N_, _, ngettext
from marrakech.games.narrate import turns
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.tui.screens.translated import translate_bindings

_EMPTY = N_("No saved games yet: during a game, s saves one under a name.")

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
        # Translators: between the names of the players who won.
        winners = _(" and ").join(names[seat] for seat in state.winners())
        status = _("over: {names} won").format(names=winners)
    else:
        status = _("{name} to play").format(name=names[state.current])
    played_words = ngettext("{count} turn", "{count} turns", played).format(count=played)
    # Translators: a saved game: its players, how many turns were played, who is to play.
    return _("{players} · {turns} · {status}").format(
        players=_(", ").join(names), turns=played_words, status=status
    )


def save_option(path: Path) -> Option:
    """The list entry for a save file; a file that cannot be read is shown, disabled."""
    name = shown(path.stem)
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        about = describe(storage.load_game(path))
    except (SaveFileError, OSError, ValueError, OverflowError) as error:
        problem = _("cannot be read: {problem}").format(problem=error)
        text = Text.assemble((name, "bold"), "\n", (problem, "italic"))
        return Option(text, id=str(path), disabled=True)
    saved = _("  saved {when}").format(when=when)
    text = Text.assemble((name, "bold"), saved + "\n", (shown(about), "italic"))
    return Option(text, id=str(path))


def finished_option(path: Path) -> Option:
    """The list entry for a finished game of the history (to replay)."""
    title = (_("Finished game"), "bold")
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        about = shown(describe(storage.load_game(path)))
    except (SaveFileError, OSError, ValueError, OverflowError) as error:
        problem = _("cannot be read: {problem}").format(problem=error)
        text = Text.assemble(title, "\n", (problem, "italic"))
        return Option(text, id=str(path), disabled=True)
    ended = _("  ended {when}").format(when=when)
    return Option(Text.assemble(title, ended + "\n", (about, "italic")), id=str(path))


def unfinished_option(game: Unfinished) -> Option:
    """The list entry for an unfinished game; one open in another window is disabled."""
    when = datetime.fromtimestamp(game.modified).strftime(_WHEN)
    title = (_("Unfinished game"), "bold")
    if game.session is None:
        problem = _("cannot be read: {problem}").format(problem=game.problem)
        text = Text.assemble(title, "\n", (problem, "italic"))
        return Option(text, id=str(game.path), disabled=True)
    about = shown(describe(game.session))
    if game.open_elsewhere:
        elsewhere = _("  open in another window")
        text = Text.assemble(title, elsewhere + "\n", (about, "italic"))
        return Option(text, id=str(game.path), disabled=True)
    played = _("  played {when}").format(when=when)
    return Option(Text.assemble(title, played + "\n", (about, "italic")), id=str(game.path))


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
        Binding("enter", "open", N_("Play on"), priority=True),
        Binding("r", "open(True)", N_("Replay")),
        Binding("escape", "close", N_("Back")),
    ]

    def __init__(self) -> None:
        """The list of saved games, read once the screen is shown."""
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("Saved games")
            yield OptionList(id="saves", classes="-empty")
            yield Label(_("Reading the saved games..."), id="status")
            where = _("Saved in {folder}").format(folder=shown(str(storage.saves_dir())))
            yield Static(where, id="where", markup=False)
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
            status.update(_(_EMPTY))
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
