"""The Marrakech app: starts, resumes, loads or replays a game and moves between screens."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import inspect
import io
import os
import signal
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.theme import Theme, ThemeProvider

from marrakech.engine import Phase
from marrakech.flow import GameFlow, Notice
from marrakech.games import autosaves, language, listing, settings, storage
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.lines import is_wide, wrap_text
from marrakech.games.narrate import turns_played
from marrakech.games.records import SaveFileError
from marrakech.games.session import GameSetup, Session
from marrakech.games.text import shown
from marrakech.tui import palette
from marrakech.tui.files import (
    NOTICE_TEXT_WIDTH,
    SettingsChanged,
    notifier,
    screenshot_name,
    shown_path,
)
from marrakech.tui.screens.confirm import (
    QUIT_DIALOG,
    RESUME_DIALOG,
    ConfirmScreen,
    quit_asking_in_a_browser,
)
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.translated import translate_bindings, translate_widgets_again

if TYPE_CHECKING:
    from marrakech.tui.screens.results import NextGame
    from marrakech.tui.screens.setup import NewGameScreen


@dataclasses.dataclass(frozen=True)
class NetworkGame:
    """A seat of a network game for the app: its flow, and what to show first (the host's
    lines for its friends)."""

    flow: GameFlow
    intro: str = ""


MARKET_THEME = Theme(
    name="marrakech",
    primary="#c8553d",
    secondary="#e09f3e",
    accent="#2a9d8f",
    foreground="#f3e6cf",
    background="#241710",
    surface="#2f1e14",
    panel="#4a2e1e",
    warning="#e9c46a",
    error="#e63946",
    success="#8ab17d",
    dark=True,
)
"""Terracotta, saffron and sand, with a tile turquoise for what you are choosing."""

BASIC_COLOUR_SYSTEMS = ("standard", "windows")
"""Rich's names for terminals of 16 colours (the Linux console among them)."""

BASIC_THEME = "ansi-dark"
"""The theme on 16-colour terminals, unless the player chose another ANSI theme."""

LONG_NOTICE = 20
"""Seconds a notice stays that the player must act on (a command to type, a lost save)."""


STOP_GRACE_SECONDS = 5.0
"""Seconds the app has to leave after a signal (a closed terminal) before it is ended."""

SCREENSHOT = "marrakech-screenshot"
"""The name a screenshot's delivery goes by (the game says where it went, not Textual)."""


def quit_question(flow: GameFlow, *, in_browser: bool = False) -> str:
    """What quitting does to the game in progress, and how it goes on.

    A network game's host holds the whole game (``can_save``) and autosaves it under its
    id; a joined seat or a spectator holds a copy the host keeps. A game in a browser
    (``marrakech serve``) lasts as long as its page.
    """
    if flow.networked and flow.can_save:
        path = flow.autosave_path
        if path is None:
            return _("Stop hosting the game? Everyone is disconnected.")
        # Translators: the command in quotation marks is typed as it is.
        return _(
            "Stop hosting the game? Everyone is disconnected. It is saved: “{command}” "
            "hosts it again, and your friends' lines take them back to their seats."
        ).format(command=autosaves.host_command(path))
    if flow.networked and flow.me is None:
        return _(
            "Stop watching? The host keeps the game: your “marrakech join” line watches it again."
        )
    if flow.networked:
        return _(
            "Leave the game? The host keeps it: your “marrakech join” line takes you back to "
            "your seat."
        )
    problem = autosaves.folder_not_writable()
    if problem is not None:
        return _(
            "Quit the game? It is not saved ({problem}): what was played here is lost."
        ).format(problem=problem)
    if in_browser:  # back to the first page; its files last as long as the page (web.py)
        if flow.autosave_path is None:
            return _("Leave the game for the first page? Nothing was played here.")
        return _(
            "Leave the game for the first page? It waits in Saved games while this page is "
            "open; to keep it longer, s on the board sends it to your downloads."
        )
    if flow.autosave_path is None:  # opened from a save, or new, and nothing played yet
        return _("Quit the game? Nothing was played here, so there is nothing new to resume.")
    return _("Quit the game? It is saved: “marrakech” offers to resume it next time.")


def pace_word(pace: str) -> str:
    """One of the walk paces (settings.PACES) in the language spoken now."""
    words = {
        "slow": pgettext("walk pace", "slow"),
        "normal": pgettext("walk pace", "normal"),
        "fast": pgettext("walk pace", "fast"),
    }
    return words.get(pace, pace)


WALK_PACE = N_("Walk pace: {pace}")
"""The palette's command that sets how fast Assam walks."""

# Translators: {language} is a language named in its own words (English).
LANGUAGE = N_("Language: {language}")
"""The palette's command that speaks another language."""

TEXTUAL_COMMANDS: dict[str, tuple[str, str]] = {
    "Change the current theme": (N_("Theme"), N_("Change the colours of the screens")),
    "Quit the application as soon as possible": (
        N_("Quit"),
        N_("Quit (in a game, it asks first; an unfinished game is kept, to resume)"),
    ),
    "Minimize the widget and restore to normal size": (
        N_("Minimize"),
        N_("Give the part of the screen in front its normal size again"),
    ),
    "Maximize the focused widget": (N_("Maximize"), N_("Fill the screen with the part in front")),
    "Save an SVG 'screenshot' of the current screen": (
        N_("Screenshot"),
        N_("Save a picture of the screen (an SVG file)"),
    ),
}
"""Textual's own commands of the palette, by the help it gives them: their title and help
in the game's words, to be translated (a command not listed here keeps Textual's)."""

LEFT_OUT_COMMANDS = frozenset(
    (
        "Show help for the focused widget and a summary of available keys",
        "Hide the keys and widget help panel",
    )
)
"""Textual's commands the palette leaves out, by their help: its panel of keys lists the
hidden keys that only say why a key cannot act, without a word, and squeezes the side
panel; the Help (? or F1) lists this screen's keys and what each does."""


class BilingualCommands(SystemCommandsProvider):
    """The palette's commands, found by their title in the language spoken or in English
    (``MarrakechApp.palette_entries``): "theme" finds テーマ."""

    async def search(self, query: str) -> Hits:
        """The commands whose title, in either language, matches ``query``."""
        matcher = self.matcher(query)
        app = self.app
        assert isinstance(app, MarrakechApp)
        for command, english in app.palette_entries(self.screen):
            score = max(matcher.match(command.title), matcher.match(english))
            if score > 0:
                title = matcher.highlight(command.title)
                yield Hit(score, title, command.callback, help=command.help)


class DrawableThemes(ThemeProvider):
    """The themes the terminal can draw: with 16 colours, the ANSI themes alone (the others
    would be drawn in the nearest of the 16, white patches and all). The list opens on the
    theme in use, first and said to be, so that Enter keeps it; the others follow by name."""

    async def discover(self) -> Hits:
        """Every theme, the one in use first."""
        in_use = self.app.theme
        commands = sorted(self.commands, key=lambda command: command[0] != in_use)
        for name, choose in commands:
            said = _("The theme in use") if name == in_use else None
            yield DiscoveryHit(name, choose, help=said)

    @property
    def commands(self) -> list[tuple[str, Callable[[], None]]]:
        app = self.app
        if not (isinstance(app, MarrakechApp) and app.basic_colours):
            return super().commands
        drawable = {name for name, theme in app.available_themes.items() if theme.ansi}
        return [(name, choose) for name, choose in super().commands if name in drawable]


NOTICE_GONE_SECONDS = 0.2
"""How long after a notice's time is up the screen is drawn again (its going drawn first)."""


class MarrakechApp(App[None]):
    """The game in the terminal.

    With no arguments it offers to resume an unfinished autosaved game, else opens the
    new-game screen. ``session`` starts straight into that game; ``load`` goes on with a
    saved game and ``replay`` steps through one (a broken file is reported and the new-game
    screen opens instead). A network game this machine hosts is never played on here: the
    player is told how to host it again.
    """

    CSS_PATH = "app.tcss"
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {BilingualCommands}
    TITLE = "Marrakech"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("q", "quit", N_("Quit")),
        Binding("question_mark,f1", "help", N_("Help")),
    ]

    def __init__(
        self,
        *,
        session: Session | None = None,
        load: Path | None = None,
        replay: Path | None = None,
        basic_colours: bool | None = None,
        network: NetworkGame | None = None,
        tutorial: bool = False,
    ) -> None:
        """``basic_colours``: draw with 16 colours (None: when the terminal has no more);
        ``network``: play this seat of a network game, then quit; ``tutorial``: open the
        lessons (``marrakech tutorial``), and quit when they are left."""
        super().__init__()
        translate_bindings(self)  # the app's keys (help, quit, the palette) in every footer
        self.register_theme(MARKET_THEME)
        self.settings = settings.load()
        """The player's settings, kept between runs."""
        if basic_colours is None:
            basic_colours = self.console.color_system in BASIC_COLOUR_SYSTEMS
        self.basic_colours = basic_colours
        """True when drawing for a 16-colour terminal (ANSI colours, no bright backgrounds)."""
        palette.use(palette.BASIC if basic_colours else palette.FULL)
        self.set_class(basic_colours, "-basic-colours")
        chosen = self.get_theme(self.settings.theme) if self.settings.theme else None
        if basic_colours and (chosen is None or not chosen.ansi):
            self.theme = BASIC_THEME
        else:
            self.theme = (
                self.settings.theme
                if self.settings.theme in self.available_themes
                else MARKET_THEME.name
            )
        self._network = network
        self._start_session = session
        self._load = load
        self._replay = replay
        self._tutorial = tutorial

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notice as Textual does; plain Japanese text is broken where Japanese may
        (``games.lines``) rather than wherever the notice's edge falls."""
        if not markup and is_wide(message):
            message = wrap_text(Text(message), NOTICE_TEXT_WIDTH).plain
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        stays = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.set_timer(stays + NOTICE_GONE_SECONDS, self._notice_gone)

    def clear_notifications(self) -> None:
        """Take every notice off, and draw the whole screen again after (``_notice_gone``)."""
        super().clear_notifications()
        self.set_timer(NOTICE_GONE_SECONDS, self._notice_gone)

    def _notice_gone(self) -> None:
        """Draw the whole screen again once a notice has gone: Textual may leave a notice
        that went, or part of one, on the terminal (stacked notices that went while others
        came, at a network table), until something else is drawn there."""
        self.refresh(layout=True)

    def on_mount(self) -> None:
        storage.remove_stale_temporaries()
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        # Stopped by a signal (``kill``, a closed terminal), leave as quitting does: the
        # terminal restored, not left in the app's screen. Every action is autosaved already.
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            stop = getattr(signal, name, None)
            if stop is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                    loop.add_signal_handler(stop, self._stopped, stop)
        if self._network is not None:
            self.play_network(self._network)
        elif self._start_session is not None:
            self.play(self._start_session)
        elif self._load is not None:
            self.open_file(self._load)
        elif self._replay is not None:
            self.open_file(self._replay, replay=True)
        elif self._tutorial:
            self.open_tutorial(back=self._exit_after_lessons)
        else:
            self.offer_resume()

    def _stopped(self, signum: int) -> None:
        """Leave on a signal; and leave for sure a few seconds later. A terminal closed
        while the screen is being drawn can leave Textual waiting for ever to write to it
        as it restores it (the process stayed, asleep, long after its window): nothing is
        lost then, for every action is autosaved."""
        self.exit()
        last_word = threading.Timer(STOP_GRACE_SECONDS, os._exit, (128 + signum,))
        last_word.daemon = True  # a process that ends in time ends with it
        last_word.start()

    # -- starting games -------------------------------------------------------------------

    def offer_resume(self) -> None:
        """Offer the newest unfinished game no other window has open; else set up a new one.

        The others wait in Saved games; a game open in another window is not offered, nor
        a network game this machine hosts (the player is told how to host it again). A
        game an outside bot plays asks first whether to load the bot.
        """
        games = autosaves.unfinished_games()
        readable = [game for game in games if game.session is not None and not game.open_elsewhere]
        free = [game for game in readable if not game.hosted]
        for game in readable:
            if game.hosted:
                self._say_hosted(game.path)
        elsewhere = sum(1 for game in games if game.open_elsewhere)
        if elsewhere:
            message = ngettext(
                "{count} unfinished game open in another window.",
                "{count} unfinished games open in another window.",
                elsewhere,
            )
            self.notify(message.format(count=elsewhere), markup=False)
        unreadable = sum(1 for game in games if game.session is None)
        if unreadable:
            message = ngettext(
                "{count} unfinished game cannot be resumed: Saved games (ctrl+o) says why.",
                "{count} unfinished games cannot be resumed: Saved games (ctrl+o) says why.",
                unreadable,
            )
            self.notify(message.format(count=unreadable), markup=False)
        if not free:
            self.new_game()
            return
        session, path = free[0].session, free[0].path
        assert session is not None  # free games are the readable ones
        played = turns_played(session.transitions, session.state)
        question = ngettext(
            # Translators: {names} are the players: "Ayla and Bo (hard computer)".
            "Resume the unfinished game of {names}? {count} turn played.",
            "Resume the unfinished game of {names}? {count} turns played.",
            played,
        ).format(names=listing.players_words(session), count=played)
        others = len(free) - 1
        if others:
            question += " " + ngettext(
                "{count} other unfinished game: New game, then Saved games (ctrl+o).",
                "{count} other unfinished games: New game, then Saved games (ctrl+o).",
                others,
            ).format(count=others)

        def answered(resume: bool | None) -> None:
            if not resume:
                self.new_game()
                return
            from marrakech.tui.screens.saves import ask_for_outside_bots, outside_bots

            ask_for_outside_bots(self, outside_bots(session), lambda: self.open_file(path))

        dialog = ConfirmScreen(question, yes=_("Resume"), no=_("New game"), default=True)
        dialog.id = RESUME_DIALOG
        self.push_screen(dialog, answered)

    def _say_hosted(self, path: Path) -> None:
        """Tell the player how to go on with the network game they host in ``path``."""
        # Translators: the command in backquotes is typed as it is.
        words = _("A network game you host is not resumed here: `{command}` hosts it again.")
        words = words.format(command=autosaves.host_command(path))
        title = _("Network game")
        self.notify(words, title=title, severity="warning", timeout=LONG_NOTICE, markup=False)

    def open_file(
        self, path: Path, *, replay: bool = False, back: Callable[[], None] | None = None
    ) -> None:
        """Play (or replay) a saved game; a broken file is reported and left untouched.

        ``back`` is where a closed replay or a file that cannot be loaded leads (the
        saved-games list passes the new-game screen it came from); by default a closed
        replay quits and a broken file opens the new-game screen.

        A network game this machine hosts is not played here (the player is told how to
        host it again); an unfinished game whose folder cannot be written is played
        without autosaving, its file left as it was (the player is told).
        """
        unfinished = not replay and autosaves.is_unfinished_game(path)
        if unfinished and autosaves.is_hosted(path):
            self._say_hosted(path)
            (back or self.new_game)()
            return
        game_file: autosaves.GameFile | None = None
        not_autosaved: SaveFileError | None = None
        try:
            if unfinished:
                try:
                    game_file, session = autosaves.GameFile.resume(path)
                except autosaves.FolderNotWritable as problem:
                    session, not_autosaved = storage.load_game(path), problem
            else:
                session = storage.load_game(path)
                if not replay:  # the unfinished game it was saved from goes on, if left
                    session.pass_draws_seen(autosaves.draws_seen_beyond(session))
                    game_file = autosaves.twin(session)
        except SaveFileError as error:
            title = _("Cannot load the game")
            self.notify(str(error), title=title, severity="error", timeout=10, markup=False)
            (back or self.new_game)()
            return
        if replay:
            from marrakech.tui.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(session), lambda _: (back or self.exit)())
        elif not_autosaved is not None:
            words = _(
                "{problem}. The unfinished game stays there as it was; what is played "
                "now is not saved."
            ).format(problem=not_autosaved)
            title = _("Played without autosaving")
            self.notify(words, title=title, severity="warning", timeout=LONG_NOTICE, markup=False)
            self.play(session, autosave=False)
        else:
            self.play(session, game_file)

    def new_game(self, defaults: GameSetup | None = None) -> None:
        """Set up a new game; quit when the set-up is cancelled. Without ``defaults`` the
        form offers the set-up it last started, in this run or an earlier one."""
        from marrakech.tui.screens.saves import OpenSave
        from marrakech.tui.screens.setup import NewGameScreen  # not needed to start a game

        if defaults is None:
            defaults = settings.load_last_setup()

        def chosen(choice: GameSetup | OpenSave | None) -> None:
            if choice is None:
                self.exit()
            elif isinstance(choice, OpenSave):
                self.open_file(choice.path, back=lambda: self.new_game(defaults))
            else:
                self.keep_setup(choice)
                self.play(Session(choice))

        self.push_screen(NewGameScreen(defaults), chosen)

    def open_tutorial(self, back: Callable[[], None] | None = None) -> None:
        """The lessons, then the short game they end with; ``back`` is where leaving them
        leads (by default, the screen they were opened over)."""
        from marrakech.tui.screens.tutorial import TutorialScreen  # only for the lessons

        def left(practice: Session | None) -> None:
            if practice is not None:
                self.play(practice)
            elif back is not None:
                back()

        self.push_screen(TutorialScreen(self.settings), left)

    def _exit_after_lessons(self) -> None:
        """Quit once the lessons are left, saying (after the app) that their place is kept."""
        from marrakech.tutorial import progress  # only for the lessons

        self.exit(message=progress.kept_words(progress.load()))

    def on_new_game_screen_learn_to_play(self, _message: NewGameScreen.LearnToPlay) -> None:
        """The lessons over the new-game screen; leaving them goes back to the form."""
        self.open_tutorial()

    def on_new_game_screen_replay(self, message: NewGameScreen.Replay) -> None:
        """Replay a saved game over the new-game screen; closing it goes back to the list
        of saved games it was chosen from, that game highlighted."""
        form = message.control
        self.open_file(
            message.path, replay=True, back=lambda: form.action_saved_games(message.path)
        )

    def play(
        self,
        session: Session,
        game_file: autosaves.GameFile | None = None,
        *,
        autosave: bool = True,
    ) -> None:
        """Play a game (``game_file``: its autosave, when resumed; ``autosave``: False to
        write nothing); then another, or quit (in a browser, back to the first page).

        The results set up the next game themselves (the new-game form opens over them,
        and Escape there goes back to them): the game ends with the form's choice.
        """
        from marrakech.tui.screens.saves import OpenSave

        def ended(choice: NextGame | None) -> None:
            if isinstance(choice, GameSetup):
                self.keep_setup(choice)
                self.play(Session(choice))
            elif isinstance(choice, OpenSave):
                self.open_file(choice.path, back=lambda: self.new_game(session.setup))
            elif choice == "again":
                self.new_game(session.setup)
            elif self.is_web:  # a page ends on its first page only
                from marrakech.tui.screens.setup import NewGameScreen

                if not isinstance(self.screen, NewGameScreen):  # the lessons' game's is there
                    self.new_game(session.setup)
            else:
                self.exit()

        flow = None if autosave else GameFlow(session, notifier(self), autosave=False)
        self.push_screen(GameScreen(session, game_file, self.settings, flow=flow), ended)

    def play_network(self, network: NetworkGame) -> None:
        """Play a network game's seat here: first what to tell the others, then the game.
        The table's news waits while the invitation is read: a notice would lie over the
        ends of its lines, where the join codes are."""
        show = notifier(self)
        held: list[Notice] | None = [] if network.intro else None

        def notify(notice: Notice) -> None:
            if held is None:
                show(notice)
            else:
                held.append(notice)

        network.flow.notify = notify

        def start(play: bool | None = True) -> None:
            nonlocal held
            waiting, held = held or [], None
            if not play:
                self.exit()
                return
            from marrakech.tui.screens.network_game import NetworkGameScreen

            flow = network.flow
            screen = NetworkGameScreen(
                flow.session, settings=self.settings, flow=flow, invitation=network.intro
            )
            self.push_screen(screen, lambda _: self.exit())
            for notice in waiting:
                show(notice)

        if network.intro:
            self.push_screen(
                # Esc closes what is only an invitation to send: it plays, as Enter does.
                ConfirmScreen(
                    network.intro, yes=_("Play"), no=_("Quit"), default=True, escape=True
                ),
                start,
            )
        else:
            start()

    # -- app-wide keys --------------------------------------------------------------------

    def _flow_in_progress(self) -> GameFlow | None:
        """The game being played, when one is (not over, nor a joined copy that stopped
        for good: its board says that q leaves, and nothing is asked)."""
        screen = self._game_screen()
        if screen is None or screen.state.phase is Phase.OVER:
            return None
        return screen.flow if screen.flow.stopped is None else None

    def _game_screen(self) -> GameScreen | None:
        """The game screen on the stack, if a game is open (under its dialogs)."""
        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    def _leave(self) -> None:
        """Quit; in a browser, leave the game for the first page instead: a page's game
        ends only there (with the games it keeps, which Saved games lists meanwhile)."""
        game = self._game_screen()
        if not self.is_web or game is None:
            self.exit()
            return
        while self.screen is not game:
            self.pop_screen()
        game.dismiss("quit")

    async def action_quit(self) -> None:
        """Quit; ask first when a game is in progress, saying how it goes on. Asked again
        in that question, quit: q twice quits as q then y does. In a browser a game is
        left for the first page, and the page ends from there (``quit_asking_in_a_browser``)."""
        if isinstance(self.screen, ConfirmScreen):
            if self.screen.id == QUIT_DIALOG:
                self.screen.action_answer(True)
            elif self.screen.id == RESUME_DIALOG:
                quit_asking_in_a_browser(self, self.exit)  # nothing is lost: it waits
            return
        flow = self._flow_in_progress()
        if flow is None and self._game_screen() is not None and self.is_web:
            self._leave()  # a finished game: it waits in Saved games
            return
        if flow is None:
            quit_asking_in_a_browser(self, self.exit)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.call_later(self._leave)

        watching = flow.networked and flow.me is None
        stay = _("Keep watching") if watching else _("Keep playing")
        question = quit_question(flow, in_browser=self.is_web)
        leave = _("Leave") if self.is_web else _("Quit")
        dialog = ConfirmScreen(question, yes=leave, no=stay, yes_key="q")
        dialog.id = QUIT_DIALOG
        self.clear_notifications()  # one said just before (a save's) would lie over its foot
        self.push_screen(dialog, answered)

    def action_help(self) -> None:
        """Show the keys and the rules."""
        # Imported on demand: the Markdown renderer costs a fifth of the start-up time.
        from marrakech.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_key_display(self, binding: Binding) -> str:
        """Escape is "Esc" on every screen, as the help and the key lines write it (Textual
        writes "esc" where a binding does not say)."""
        if not binding.key_display and binding.key.split(",")[0].strip() == "escape":
            return "Esc"
        return super().get_key_display(binding)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """Save a screenshot in the downloads folder, or in the data directory when there is
        none; in a browser, send it there (``on_delivery_complete`` says where it went)."""
        if path is None:
            try:
                path = str(storage.screenshot_folder())
            except SaveFileError as error:
                title = _("No screenshot")
                self.notify(str(error), title=title, severity="error", markup=False)
                return None
        return self.deliver_text(
            io.StringIO(self.export_screenshot()),
            save_directory=path,
            save_filename=filename or screenshot_name(Path(path), datetime.now(), time_format),
            open_method="download",
            mime_type="image/svg+xml",
            name=SCREENSHOT,
        )

    @on(events.DeliveryComplete)
    def _screenshot_delivered(self, event: events.DeliveryComplete) -> None:
        if event.name != SCREENSHOT:
            return
        if event.path is None:  # in a browser
            said = _("The screenshot is on its way to your browser's downloads.")
        else:
            said = _("Screenshot saved to {path}").format(path=shown_path(event.path))
        self.notify(said, title=_("Screenshot"), markup=False)

    @on(events.DeliveryFailed)
    def _screenshot_not_delivered(self, event: events.DeliveryFailed) -> None:
        if event.name == SCREENSHOT:
            problem = _("The screenshot could not be saved: {problem}").format(
                problem=shown(str(event.exception))
            )
            self.notify(problem, title=_("No screenshot"), severity="error", markup=False)

    # -- settings -------------------------------------------------------------------------

    def change_settings(self, **changes: Any) -> None:
        """Change settings, tell the game screens, and keep them for the next run."""
        self.settings = dataclasses.replace(self.settings, **changes)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.settings = self.settings
        try:
            settings.save(self.settings)
        except SaveFileError as error:
            message = _("Settings not kept: {error}").format(error=error)
            self.notify(message, severity="warning", markup=False)

    def keep_setup(self, setup: GameSetup) -> None:
        """Keep the set-up a game started with, for the next new-game form."""
        try:
            settings.save_last_setup(setup)
        except SaveFileError as error:
            message = _("Set-up not kept for next time: {error}").format(error=error)
            self.notify(message, severity="warning", markup=False)

    async def change_language(self, code: str) -> None:
        """Speak the language ``code`` from now on, keep it for the next run, and redraw
        every screen in it."""
        self.change_settings(language=language.use(code))
        translate_bindings(self)
        translate_widgets_again()
        for screen in self.screen_stack:
            relabel = getattr(screen, "language_changed", None)
            if callable(relabel):
                done = relabel()
                if inspect.isawaitable(done):
                    await done
            elif screen is not self.screen_stack[0] and not isinstance(screen, CommandPalette):
                await screen.recompose()
        self.refresh_bindings()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget that takes the focus shows its keys in the language spoken (Textual's
        own widgets describe theirs in English: ``translated.TEXTUAL_KEYS``)."""
        translate_bindings(event.widget)

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """A screen changed a setting (the risk preview)."""
        self.change_settings(**message.changes)

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the game's language."""
        open_already = any(isinstance(screen, CommandPalette) for screen in self.screen_stack)
        if self.use_command_palette and not open_already:
            palette = CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            self.push_screen(palette)

    def search_themes(self) -> None:
        """The themes to choose from, their prompt in the game's language."""
        self.push_screen(
            CommandPalette(providers=[DrawableThemes], placeholder=_("Search for themes…"))
        )

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.change_settings(theme=theme.name)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command, _english in self.palette_entries(screen):
            yield command

    def palette_entries(self, screen: Screen[object]) -> Iterable[tuple[SystemCommand, str]]:
        """The command palette's entries over ``screen``, each in the language spoken and
        with its title in English (the palette finds a command by either)."""
        for command in super().get_system_commands(screen):
            if command.help in LEFT_OUT_COMMANDS:
                continue
            title, about = TEXTUAL_COMMANDS.get(command.help, (command.title, command.help))
            if self.is_web and title == "Quit":  # a game is left for the first page
                about = N_("Quit (a game: back to the first page; there, the page's games end)")
            yield command._replace(title=_(title), help=_(about)), title
        yield SystemCommand(_("Help"), _("The keys and the rules"), self.action_help), "Help"
        now = pace_word(self.settings.walk_pace)
        for pace in settings.PACES:
            if pace != self.settings.walk_pace:
                command = SystemCommand(
                    _(WALK_PACE).format(pace=pace_word(pace)),
                    _("Assam walks at a {pace} pace (now {now})").format(
                        pace=pace_word(pace), now=now
                    ),
                    functools.partial(self.change_settings, walk_pace=pace),
                )
                yield command, WALK_PACE.format(pace=pace)
        spoken = language.current()
        for code, name in language.LANGUAGES.items():
            if code != spoken:
                command = SystemCommand(
                    _(LANGUAGE).format(language=name),
                    _("Speak {language} from now on (now {now})").format(
                        language=name, now=language.LANGUAGES[spoken]
                    ),
                    functools.partial(self.change_language, code),
                )
                yield command, LANGUAGE.format(language=name)
        if isinstance(screen, GameScreen):
            yield from screen.palette_entries()
