"""Saved games: unfinished games, named saves and finished games, to play on or replay.

A game an outside bot plays (docs/bots.md) is played on with that bot only when the
player says so: opening it asks whether to load the bot's code again, or let the fallback
level play its seat (``ask_for_outside_bots``, which the app's offer to resume asks too).
A replay needs no bot. A network game this machine hosts is listed with the command that
hosts it again: it is never played on here, at one keyboard.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from itertools import accumulate
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from marrakech.engine import Phase
from marrakech.games import autosaves, listing, storage
from marrakech.games.autosaves import Unfinished
from marrakech.games.language import N_, _, ngettext
from marrakech.games.levels import level_word
from marrakech.games.lines import phrases
from marrakech.games.narrate import turns_played
from marrakech.games.records import outside_seats
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.tui.files import download
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.wrapped import WrappedText

_EMPTY = N_("No saved games yet: during a game, s saves one under a name.")

_EMPTY_IN_A_BROWSER = N_(
    "No games here yet: a game you leave for the first page, or finish, waits here while "
    "this page is open."
)

_WHEN = "%Y-%m-%d %H:%M"


@dataclass(frozen=True)
class OpenSave:
    """What the saved-games screen asks for: play this file on, or replay it."""

    path: Path
    replay: bool = False


def describe(session: Session) -> list[str]:
    """One line about a saved game, in pieces (joined, the line; ``lines.phrases``): who
    plays (a computer with its level, or marked as an outside bot: which one is asked
    about when the game is opened), how far it went, who is to play or won, and the joins
    between them. The list breaks the line at a join (``about``): "over: Ayla won" reads
    whole."""
    names = session.setup.names
    players = listing.player_words(session)
    state = session.state
    played = turns_played(session.transitions, session.state)
    if state.phase is Phase.OVER:
        # Translators: between the names of the players who won.
        winners = _(" and ").join(names[seat] for seat in state.winners())
        status = _("over: {names} won").format(names=winners)
    else:
        status = _("{name} to play").format(name=names[state.current])
    played_words = ngettext("{count} turn", "{count} turns", played).format(count=played)
    # Translators: a saved game: its players, how many turns were played, who is to play.
    line = _("{players} · {turns} · {status}")
    return phrases(line, players=_(", ").join(players), turns=played_words, status=status)


def about(head: Text, game: Session, tail: str = "") -> WrappedText:
    """A game's entry in the list: ``head`` (its title line), then the game in a line of
    its own (``describe``, in italics, broken between its phrases only where it must
    break, the join dropped there), then ``tail``."""
    pieces = [shown(piece) for piece in describe(game)]
    ends = [len(head) + end for end in accumulate(len(piece) for piece in pieces)]
    joins = list(zip(ends[0::2], ends[1::2], strict=False))
    text = Text.assemble(head, ("".join(pieces), "italic"), tail)
    return WrappedText(text, joins=joins)


@dataclass(frozen=True)
class OutsideSeat:
    """A seat of a saved game that an outside bot plays: its player's name and the bot's."""

    seat: int
    player: str
    bot: str


def outside_bots(session: Session) -> tuple[OutsideSeat, ...]:
    """The seats of a saved game that outside bots play."""
    names = session.setup.names
    return tuple(
        OutsideSeat(seat, names[seat], bot) for seat, bot in outside_seats(session.setup).items()
    )


def ask_for_outside_bots(
    app: App[Any], seats: Sequence[OutsideSeat], then: Callable[[], None]
) -> None:
    """Ask whether to load the code of the outside bots of ``seats`` this run has not
    loaded, then go on with ``then`` (at once when none is missing); the fallback level
    plays for any that is not loaded (the game says so)."""
    from marrakech.bots.plugins import is_loaded
    from marrakech.flow.computers import FALLBACK_LEVEL

    missing = [seat for seat in seats if not is_loaded(seat.bot)]
    if not missing:
        then()
        return
    level = level_word(FALLBACK_LEVEL)
    bots = _(", ").join(
        # Translators: an outside bot's name (a file or module and a class) and the
        # player whose seat it plays.
        _("{bot} for {name}").format(bot=shown(seat.bot, 120), name=seat.player)
        for seat in missing
    )
    question = ngettext(
        "This game has an outside bot: {bots}. A saved game never runs its code by "
        "itself: load it again and let it play? Load only code you trust; otherwise "
        "the {level} computer plays for it.",
        "This game has outside bots: {bots}. A saved game never runs their code by "
        "itself: load them again and let them play? Load only code you trust; "
        "otherwise the {level} computer plays for them.",
        len(missing),
    ).format(bots=bots, level=level)

    def answered(load: bool | None) -> None:
        if load is None:  # Esc: back to where the game was chosen
            return
        if load:
            bot_names = [seat.bot for seat in missing]
            app.run_worker(partial(_load_bots, app, bot_names, then), thread=True)
        else:
            then()

    no = _("Let {level} play").format(level=level)
    app.push_screen(ConfirmScreen(question, yes=_("Load"), no=no, escape=None), answered)


def _load_bots(app: App[Any], bots: list[str], then: Callable[[], None]) -> None:
    """Load each bot's code (in a thread of its own: it may take a while), then go on; a
    bot that cannot be loaded is said, and the fallback plays for it."""
    from marrakech.bots.plugins import load_bot_class

    problems: list[str] = []
    for bot in bots:
        try:
            load_bot_class(bot)
        except ValueError as error:
            problems.append(str(error))
    app.call_from_thread(_bots_loaded, app, problems, then)


def _bots_loaded(app: App[Any], problems: list[str], then: Callable[[], None]) -> None:
    for problem in problems:
        title = _("Outside bot not loaded")
        app.notify(problem, title=title, severity="error", timeout=10, markup=False)
    then()


def save_option(path: Path) -> Option:
    """The list entry for a save file; a file that cannot be read is shown, disabled."""
    return _save_entry(path)[0]


def _save_entry(path: Path) -> tuple[Option, Session | None]:
    name = shown(path.stem)
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        session = storage.load_game(path)
    except storage.READ_ERRORS as error:
        text = Text.assemble((name, "bold"), "\n", (_unreadable(str(error)), "italic"))
        return Option(WrappedText(text), id=str(path), disabled=True), None
    saved = _("  saved {when}").format(when=when)
    entry = about(Text.assemble((name, "bold"), saved + "\n"), session)
    return Option(entry, id=str(path)), session


def _unreadable(problem: str) -> str:
    """Why a saved game's file cannot be read, its words (which may quote the file) made
    safe to show."""
    return _("cannot be read: {problem}").format(problem=shown(problem))


def finished_option(path: Path, *, in_browser: bool = False) -> Option:
    """The list entry for a finished game of the history (to replay), with its number
    (``marrakech review NUMBER`` reviews it; not in a browser, which has no command line)."""
    if in_browser:
        title = (_("Finished game"), "bold")
    else:
        title = (_("Finished game {number}").format(number=shown(path.stem)), "bold")
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime(_WHEN)
        session = storage.load_game(path)
    except storage.READ_ERRORS as error:
        text = Text.assemble(title, "\n", (_unreadable(str(error)), "italic"))
        return Option(WrappedText(text), id=str(path), disabled=True)
    ended = _("  ended {when}").format(when=when)
    return Option(about(Text.assemble(title, ended + "\n"), session), id=str(path))


def unfinished_option(game: Unfinished, *, playing: bool = False) -> Option:
    """The list entry for an unfinished game; one open in another window, or a network
    game this machine hosts (with the command that hosts it again), is disabled.
    ``playing``: the game this window plays under the list (Enter goes back to it)."""
    when = datetime.fromtimestamp(game.modified).strftime(_WHEN)
    title = (_("Unfinished game"), "bold")
    if game.session is None:
        problem = _unreadable(f"{game.path.name}: {game.problem}")
        text = Text.assemble(title, "\n", (problem, "italic"))
        return Option(WrappedText(text), id=str(game.path), disabled=True)
    if playing:
        here = _("  being played here: Enter goes back to it")
        return Option(about(Text.assemble(title, here + "\n"), game.session), id=str(game.path))
    if game.open_elsewhere:
        elsewhere = _("  open in another window")
        entry = about(Text.assemble(title, elsewhere + "\n"), game.session)
        return Option(entry, id=str(game.path), disabled=True)
    played = _("  played {when}").format(when=when)
    if game.hosted:
        # Translators: the command that hosts the game again follows, on a line of its own.
        hosted = _("you host it; it goes on with:")
        command = autosaves.host_command(game.path)
        head = Text.assemble((_("Network game"), "bold"), played + "\n")
        entry = about(head, game.session, f"\n{hosted}\n{command}")
        return Option(entry, id=str(game.path), disabled=True)
    return Option(about(Text.assemble(title, played + "\n"), game.session), id=str(game.path))


def where_kept(*, in_browser: bool = False) -> str:
    """Where the games listed are kept: the named saves in one folder, the unfinished and
    the finished games in two others; in a browser, for as long as the page is open."""
    if in_browser:
        return _(
            "In a browser these games last as long as this page: d sends the one "
            "highlighted to your downloads. To play one on later, open the file in a text "
            "editor, copy all its text and paste it here (ctrl+shift+v; cmd+v on a Mac); "
            "“marrakech load” plays it in a terminal."
        )
    return _(
        "Named saves are kept in {saves}; unfinished games in {games}; finished games in "
        "{history}. A saved game's whole text pasted here is kept among the named saves."
    ).format(
        saves=shown(str(storage.saves_dir())),
        games=shown(str(autosaves.games_dir())),
        history=shown(str(autosaves.history_dir())),
    )


PASTED_IN_A_BROWSER = 20
"""The most pasted games a browser's page keeps (its files are on the server)."""

DIALOG_SHARE = 0.9
"""The share of the screen's height above the footer the dialog may take (its ``max-height``)."""

MAX_LIST_ROWS = 20
"""The rows the list takes at most, however tall the screen."""

MIN_LIST_ROWS = 3
"""The rows the list keeps however short the screen: one game and the room to scroll."""


class SavesScreen(ModalScreen[OpenSave | None]):
    """The saved games, newest first: Enter plays one on, r replays it, v reviews a finished
    one (over the list), Delete removes one for good (once asked), Escape goes back.

    Unfinished games come first (one open in another window cannot be opened twice, nor a
    network game this machine hosts here; the game this window plays under the list goes
    on), then the named saves, then the finished games.
    Files that cannot be read are listed with the reason and left untouched. A saved game's
    text pasted here is kept among the named saves (a browser's way in for a download).
    """

    DEFAULT_CSS = """
    SavesScreen {
        align: center middle;
    }
    SavesScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: DIALOG_PERCENT%;
        padding: 1 2;
        border: thick $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        background: $surface;
    }
    SavesScreen OptionList {
        height: auto;
        max-height: MAX_LIST_ROWS;
    }
    SavesScreen OptionList.-empty {
        display: none;
    }
    SavesScreen #where {
        margin-top: 1;
        color: $text-muted;
    }
    SavesScreen #status {
        width: 100%;
    }
    """.replace("DIALOG_PERCENT", str(round(DIALOG_SHARE * 100))).replace(
        "MAX_LIST_ROWS", str(MAX_LIST_ROWS)
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", N_("Play on"), priority=True),
        Binding("r", "open(True)", N_("Replay")),
        Binding("v", "review", N_("Review")),
        Binding("d", "download", N_("Download")),
        # Backspace too: a Mac laptop's key marked delete sends it.
        Binding("delete,backspace", "delete", N_("Delete"), key_display="Del"),
        Binding("escape", "close", N_("Back")),
        Binding("ctrl+v", "how_to_paste", N_("Paste"), show=False),
    ]

    def __init__(self, highlighted: Path | None = None, *, playing: Path | None = None) -> None:
        """The list of saved games, read once the screen is shown (``highlighted``: the
        one to show highlighted, such as the game just replayed; else the newest).
        ``playing``: the unfinished game this window plays under the list, if any; choosing
        it goes back to it (``OpenSave`` of its path), and it cannot be deleted from here."""
        super().__init__()
        translate_bindings(self)
        self._highlighted = highlighted
        self._playing = None if playing is None else str(playing)
        self._outside: dict[str, tuple[OutsideSeat, ...]] = {}
        """Per save file (its path), the seats outside bots play."""
        self._finished: frozenset[str] = frozenset()
        """The save files (their paths) of finished games: those a review opens."""
        self._pasting = threading.Lock()
        """Held while a pasted game is kept (two pastes never race for a name or a twin)."""
        self._to_say: list[str] = []
        """What each game pasted and kept since the list was last shown is to say."""

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("Saved games")
            yield OptionList(id="saves", classes="-empty")
            yield Label(_("Reading the saved games..."), id="status")
            yield Static(where_kept(in_browser=self.app.is_web), id="where", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._read_saves()

    @work(thread=True, exclusive=True, group="saves")
    def _read_saves(self) -> None:
        """Read (and check, by replaying) every save away from the screen's thread; show
        them, unless a newer reading took this one's place meanwhile."""
        outside: dict[str, tuple[OutsideSeat, ...]] = {}
        options = []
        finished: set[str] = set()
        for game in autosaves.unfinished_games():
            playing = str(game.path) == self._playing
            options.append(unfinished_option(game, playing=playing))
            if game.session is not None and not playing:
                outside[str(game.path)] = outside_bots(game.session)
        for path in storage.list_saves():
            option, session = _save_entry(path)
            options.append(option)
            if session is not None and session.state.phase is not Phase.OVER:
                outside[str(path)] = outside_bots(session)
            elif session is not None:
                finished.add(str(path))
        for path in autosaves.finished_games():
            option = finished_option(path, in_browser=self.app.is_web)
            options.append(option)
            if not option.disabled:
                finished.add(str(path))
        if get_current_worker().is_cancelled:
            return
        self.app.call_from_thread(self._show, options, outside, finished)

    @work(thread=True, group="paste")
    def _keep_pasted(self, text: str) -> None:
        """Keep a pasted game among the named saves away from the screen's thread (every
        save is read to find a twin), one paste at a time; then read the list again."""
        with self._pasting:
            try:
                most = PASTED_IN_A_BROWSER if self.app.is_web else None
                pasted = storage.save_pasted(
                    text, datetime.now(), in_browser=self.app.is_web, most=most
                )
            except storage.READ_ERRORS as error:
                title = _("Cannot keep the pasted game")
                self.app.call_from_thread(
                    self.notify, str(error), title=title, severity="error", timeout=10, markup=False
                )
                return
        if pasted.over:
            said = _("Kept among the saved games as {name}: r replays it, v reviews it.")
        elif pasted.new:
            said = _("Kept among the saved games as {name}: Enter plays it on.")
        else:
            said = _("That game is already among the saved games, as {name}.")
        self.app.call_from_thread(
            self._kept, pasted.path, said.format(name=shown(pasted.path.stem, 40))
        )

    def _kept(self, path: Path, said: str) -> None:
        """A pasted game is kept: say so once the list shows it, highlighted."""
        self._highlighted = path
        self._to_say.append(said)
        self._read_saves()

    def _show(
        self,
        options: list[Option],
        outside: dict[str, tuple[OutsideSeat, ...]],
        finished: set[str],
    ) -> None:
        if not self.is_attached:  # closed while the saves were being read
            return
        self._outside = {path: seats for path, seats in outside.items() if seats}
        self._finished = frozenset(finished)
        saves = self.query_one(OptionList)
        saves.clear_options()  # read again after a paste
        spaced: list[Option | None] = []
        for option in options:
            spaced.extend([None, option] if spaced else [option])
        saves.add_options(spaced)
        saves.set_class(not options, "-empty")
        status = self.query_one("#status", Label)
        if options:
            status.display = False
        else:
            status.update(_(_EMPTY_IN_A_BROWSER if self.app.is_web else _EMPTY))
        self.call_after_refresh(self._fit_list)
        saves.focus()
        saves.action_first()  # the newest readable save, unless another is asked for
        ids = [option.id for option in options]  # a None between them draws a line only
        if self._highlighted is not None and str(self._highlighted) in ids:
            saves.highlighted = ids.index(str(self._highlighted))
        self.refresh_bindings()
        for said in self._to_say:  # once each game pasted is there to play
            self.notify(said, title=_("Pasted game"), markup=False)
        self._to_say.clear()

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """Let the list scroll within what the dialog has room for below its note (a
        list taller than the room ran under the note, its last games out of reach)."""
        saves = self.query_one(OptionList)
        box = self.query_one(Vertical)
        below = sum(
            child.outer_size.height + child.styles.margin.top
            for child in box.children
            if child is not saves and child.display
        )
        frame = box.outer_size.height - box.content_size.height
        height = self.size.height - self.query_one(Footer).outer_size.height
        room = int(height * DIALOG_SHARE) - frame - below
        saves.styles.max_height = max(MIN_LIST_ROWS, min(MAX_LIST_ROWS, room))

    def _chosen(self) -> Path | None:
        """The highlighted save, when there is a readable one."""
        saves = self.query_one(OptionList)
        index = saves.highlighted
        if index is None:
            return None
        option = saves.get_option_at_index(index)
        return None if option.disabled or option.id is None else Path(option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "download" and not self.app.is_web:
            return False  # in a terminal the files are where the note under the list says
        if action in ("open", "download", "delete") and self._chosen() is None:
            return None
        if action == "delete" and str(self._chosen()) == self._playing:
            return None  # the game under the list: it ends by being played, or from there
        if action == "review":  # a finished game's, over this list (Escape comes back)
            chosen = self._chosen()
            return chosen is not None and str(chosen) in self._finished
        return True

    def on_paste(self, event: events.Paste) -> None:
        """Keep a saved game pasted as text among the named saves, and highlight it (the
        browser's way in for a game it downloaded); text that is no game is refused with
        the reason, and nothing is written."""
        event.stop()
        if event.text.strip():
            self._keep_pasted(event.text)

    def action_how_to_paste(self) -> None:
        """Ctrl+V came as a key, not as a paste (a browser's terminal, and many others,
        keep it for the programs they run): say which keys paste."""
        if self.app.is_web:
            said = _("Ctrl+V does not paste here: paste with ctrl+shift+v (cmd+v on a Mac).")
        else:
            said = _("Ctrl+V does not paste here: paste with your terminal's own keys.")
        self.notify(said, title=_("Pasting a saved game"), markup=False)

    @on(OptionList.OptionHighlighted)
    def _highlight_moved(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _clicked(self) -> None:
        self.action_open()

    def action_open(self, replay: bool = False) -> None:
        """Play the highlighted save on (or replay it). A game an outside bot plays asks
        first whether to load the bot again (``ask_for_bots``); a replay needs no bot."""
        path = self._chosen()
        if path is None:
            return
        if replay:
            self.dismiss(OpenSave(path, replay))
            return
        self.ask_for_bots(path)

    def action_review(self) -> None:
        """Review the highlighted finished game over this list; a file that cannot be read
        now is reported and left as it is."""
        from marrakech.tui.game_review import GameReview  # only when a review is asked for
        from marrakech.tui.screens.review import ReviewScreen

        path = self._chosen()
        if path is None:
            return
        try:
            session = storage.load_game(path)
        except storage.READ_ERRORS as error:
            message = _unreadable(str(error))
            self.notify(message, title=_("Cannot load the game"), severity="error", markup=False)
            return
        self.app.push_screen(ReviewScreen(GameReview(session)))

    def action_download(self) -> None:
        """In a browser, send the highlighted game's file to the visitor's downloads, as it
        is kept (a named save under its name); one that cannot be read now is reported."""
        path = self._chosen()
        if path is None:
            return
        try:
            text = storage.read_limited(path)
            modified = datetime.fromtimestamp(path.stat().st_mtime)
        except storage.READ_ERRORS as error:
            message = _unreadable(str(error))
            self.notify(message, title=_("Cannot load the game"), severity="error", markup=False)
            return
        if path.parent == storage.saves_dir():
            name = path.name
        else:
            name = f"game-{modified:%Y-%m-%d-%H-%M-%S}.json"
        download(self.app, text, name, "application/json")

    def action_delete(self) -> None:
        """Delete the highlighted game for good, once asked; the next one is highlighted
        then. A game open in another window, or one that cannot be removed, stays, and
        the notice says why."""
        path = self._chosen()
        if path is None:
            return
        if autosaves.is_unfinished_game(path):
            question = _("Delete this unfinished game for good? It cannot be played on after.")
        elif path.parent == storage.saves_dir():
            question = _("Delete the save {name} for good?").format(name=shown(path.stem, 40))
        else:
            question = _(
                "Delete this finished game for good? It cannot be replayed or reviewed after."
            )
        saves = self.query_one(OptionList)
        options = [saves.get_option_at_index(n) for n in range(saves.option_count)]
        at = [option.id for option in options].index(str(path))
        openable = [None if option.disabled else option.id for option in options]
        after = [id_ for id_ in openable[at + 1 :] if id_ is not None]
        before = [id_ for id_ in openable[:at] if id_ is not None]
        neighbour = next(iter(after or before[-1:]), None)  # one that can be opened

        def answered(delete: bool | None) -> None:
            if not delete:
                return
            try:
                autosaves.delete(path)
            except storage.READ_ERRORS as error:
                title = _("Cannot delete the game")
                self.notify(str(error), title=title, severity="error", markup=False)
                return
            self.notify(_("Deleted."), markup=False)
            self._highlighted = None if neighbour is None else Path(neighbour)
            self._read_saves()

        no = _("Keep it")
        self.app.push_screen(
            ConfirmScreen(question, yes=_("Delete"), no=no, default=False), answered
        )

    def ask_for_bots(self, path: Path) -> None:
        """Open ``path`` to play on, asking first whether to load the code of the outside
        bots it names that this run has not loaded (``ask_for_outside_bots``)."""
        seats = self._outside.get(str(path), ())
        ask_for_outside_bots(self.app, seats, lambda: self._play_on(path))

    def _play_on(self, path: Path) -> None:
        if self.is_attached:
            self.dismiss(OpenSave(path))

    def action_close(self) -> None:
        """Back to the new-game screen."""
        self.dismiss(None)
