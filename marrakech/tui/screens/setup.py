"""The title screen: choose the players, the variant and the options of a new game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import ClassVar, Literal

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from marrakech.engine import Colour, MarrakechError, Variant, colours_for_seat
from marrakech.games.language import N_, _
from marrakech.games.levels import DESCRIPTIONS, computer_named, is_level, level_word
from marrakech.games.reasons import said
from marrakech.games.session import (
    MAX_NAME_LENGTH,
    PERSON,
    SEAT_KINDS,
    GameSetup,
    alike_names,
    default_name,
    new_seed,
)
from marrakech.games.text import shown
from marrakech.games.words import sentences
from marrakech.tui import palette
from marrakech.tui.screens.chips import chips
from marrakech.tui.screens.confirm import ConfirmScreen, quit_asking_in_a_browser
from marrakech.tui.screens.saves import OpenSave, SavesScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.wrapped import WrappedStatic
from marrakech.tutorial import progress

_TITLE = (
    "█▀▄▀█ ▄▀█ █▀█ █▀█ ▄▀█ █▄▀ █▀▀ █▀▀ █ █",
    "█ ▀ █ █▀█ █▀▄ █▀▄ █▀█ █ █ ██▄ █▄▄ █▀█",
)
_MINARET = ("   ▲   ", "  ▐█▌  ", " ▐▛▀▜▌ ", " ▐▙▄▟▌ ", " ▐███▌ ", "▄▟███▙▄")
_WARM = ("#f4c542", "#eea236", "#e58a2e", "#d96f2a", "#c95428", "#b83a26")
"""Saffron to terracotta, top to bottom and left to right."""

_SHORT = 30
"""Below this many rows the form drops its title art and spacing (the ``-short`` class)."""

_VARIANTS = (
    (N_("Standard: each player turns Assam, then rolls"), Variant.STANDARD),
    (N_("Variant: the previous player aims Assam"), Variant.AIM),
    (N_("Variant: the previous player aims or keeps"), Variant.AIM_OR_KEEP),
)
_PILES = (
    (N_("Shuffled: one pile, its top colour shown"), False),
    (N_("Alternating: the two colours in turn"), True),
)
_TAKEBACKS: tuple[tuple[str, bool | None], ...] = (
    (N_("Auto: on only for one person against computers"), None),
    (N_("On: undo even after a roll; the die rolls again"), True),
    (N_("Off: no undo after a roll or once the turn passes"), False),
)
_HINTS = {
    "players": N_("2 players own two colours each (24 carpets); 3 own 15 carpets, 4 own 12."),
    "variant": N_("Who sets Assam's facing: the mover before rolling, or the player before."),
    "first": N_(
        "Who plays first. The box's rules give it to whoever last stepped on a real carpet: "
        "pick their seat. Play then runs in seat order."
    ),
    "piles": N_("2 players only: how each player's 24 carpets are stacked."),
    "takeback": N_(
        "Undo takes back the last move. On: even after the die was rolled (it then rolls"
        " again) or the turn passed; the game's summary notes it."
    ),
    "seed": N_("Decides every die roll and the 2-player piles: the same seed, the same game."),
    "start": N_("Enter starts the game; Escape quits."),
    "start-again": N_("Enter starts the game; Escape goes back to the results."),
    "start-another": N_(
        "Enter starts the new game; Escape goes back to the game being played, which stays "
        "in Saved games either way."
    ),
    "saved": N_(
        "Play on or replay a saved game: an unfinished one, or one saved under a name (ctrl+o)."
    ),
    "learn": N_("New to Marrakech? Six short lessons on the market, then a short game."),
    "newcomer": N_("New to Marrakech? Learn to play teaches it in a few minutes."),
    "quit": N_("Leave without playing."),
    "back": N_("Back to the results of the game just played."),
    "back-to-game": N_("Back to the game being played, as it was left."),
}


QUIT_KEYS = ("ctrl+q", "q")
"""The app's quit keys, which quit from the new-game screen as Escape does (unless it was
opened from the results: Escape goes back to them there)."""


def cut(text: str, cells: int) -> str:
    """The start of ``text`` that fits in ``cells`` terminal cells (a wide character that
    would be split is left out, not padded)."""
    width = 0
    for index, char in enumerate(text):
        width += cell_len(char)
        if width > cells:
            return text[:index]
    return text


def kind_label(kind: str) -> str:
    """What the seat-kind menu shows for a seat kind: "Person", "Computer: hard" (a level
    with settings or an outside bot, as ``new --bot`` names it, shows its whole name)."""
    if kind == PERSON:
        return _("Person")
    return _("Computer: {level}").format(level=shown(level_word(computer_named(kind))))


def kind_hint(kind: str) -> str:
    """A sentence on who plays a seat of this kind, for the form's hint line."""
    if kind == PERSON:
        return _("A person plays this seat at this keyboard.")
    name = computer_named(kind)
    if not is_level(name):
        return _("The outside bot {name} plays this seat (docs/bots.md).").format(name=shown(name))
    level, _colon, settings = name.partition(":")
    description = _(DESCRIPTIONS[level])
    if settings:
        return _(
            "The computer plays this seat at level {level} ({settings}): it {description}."
        ).format(
            level=level_word(level), settings=settings.replace(":", ", "), description=description
        )
    return _("The computer plays this seat at level {level}: it {description}.").format(
        level=level_word(level), description=description
    )


def seat_kinds(setup: GameSetup) -> tuple[str, ...]:
    """The seat-kind menu's choices: SEAT_KINDS, then any other kind ``setup`` gives a seat
    (a level with settings or an outside bot of the game played last, for "play again")."""
    return tuple(dict.fromkeys((*SEAT_KINDS, *setup.seats)))


def title_art() -> Text:
    """The game's name in block letters beside a minaret, in warm colours."""
    art = Text(no_wrap=True)
    width = len(_TITLE[0])
    for row, minaret in enumerate(_MINARET):
        if row:
            art.append("\n")
        art.append(f"{minaret}   ", style=_WARM[row])
        if row in (1, 2):
            for column, char in enumerate(_TITLE[row - 1]):
                art.append(char, style=f"bold {_WARM[column * len(_WARM) // width]}")
        elif row == 4:
            art.append(_("lay carpets · walk Assam · collect dirhams"), style="italic #d9a066")
        elif row == 5:
            for colour in Colour:
                art.append("▀▀▀▀▀▀", style=palette.current().carpets[colour])
                art.append(" ")
    return art


def piles_matter(players: int) -> bool:
    """Whether the piles option means anything for this many players: only a seat of two
    colours has a pile to stack them in."""
    return len(colours_for_seat(0, players)) > 1


def _cursor_on_pressed(radio_set: RadioSet) -> None:
    """Put a RadioSet's keyboard cursor on its pressed button (it starts on the first)."""
    for _step in range(max(radio_set.pressed_index, 0)):
        radio_set.action_next_button()


Over = Literal["results", "game"]
"""What the new-game form may be opened over, to go back to: a game's results, or a game
being played."""


class NewGameScreen(Screen[GameSetup | OpenSave | None]):
    """Set up a new game; dismisses with a GameSetup, a saved game to open, or None to quit.

    ``defaults`` fills the form (e.g. the last game's set-up for "play again"); the seed
    always starts blank, so a new game gets new dice unless a seed is typed. Opened over
    a game's results or over a game being played (``over``), Escape and the Back button go
    back to them (None) instead of quitting.
    """

    DEFAULT_CSS = """
    NewGameScreen {
        align: center middle;
        background: $background;
    }
    NewGameScreen #art {
        width: 82;
        max-width: 100%;
        content-align-horizontal: center;
        height: auto;
        margin-bottom: 1;
    }
    NewGameScreen.-short #art {
        display: none;
    }
    NewGameScreen #form {
        width: 82;
        max-width: 100%;
        height: auto;
        padding: 0 2;
        border: round $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        background: $surface;
    }
    NewGameScreen .row {
        height: auto;
        margin-top: 1;
    }
    NewGameScreen .seat {
        height: 1;
    }
    NewGameScreen .seat.-hidden {
        display: none;
    }
    NewGameScreen .caption {
        width: 12;
        color: $text-muted;
    }
    NewGameScreen .chips {
        width: 8;
    }
    NewGameScreen .seat Input {
        width: 26;
        margin-right: 2;
    }
    NewGameScreen .seat Select {
        width: 24;
    }
    NewGameScreen RadioSet {
        layout: horizontal;
        width: auto;
        height: 1;
    }
    NewGameScreen RadioSet > RadioButton {
        width: auto;
        margin-right: 2;
    }
    NewGameScreen .option {
        height: 1;
    }
    NewGameScreen .option Select {
        width: 52;
    }
    /* A menu open over the form stands apart from the words it lies over. Its options
       start two cells in, on the even columns where the fields beneath begin and end: a
       wide character across such an edge under a menu is blanked (Textual issue 6357). */
    NewGameScreen SelectOverlay.-textual-compact {
        background: $panel;
        padding-left: 2;
        outline-left: outer $primary;
    }
    NewGameScreen #seed {
        width: 20;
    }
    NewGameScreen #buttons {
        height: auto;
        margin-top: 1;
        align-horizontal: center;
    }
    NewGameScreen #buttons Button {
        margin: 0 1;
    }
    NewGameScreen #hint {
        width: 100%;
        height: 2;
        margin-top: 1;
        color: $text-muted;
        text-style: italic;
        content-align-horizontal: center;
        text-align: center;
    }
    NewGameScreen #hint.-error {
        color: $text-error;
        text-style: bold;
    }
    /* The field with the focus stands out: compact fields have no border to light up. */
    NewGameScreen Input.-textual-compact:focus,
    NewGameScreen Select.-textual-compact:focus > SelectCurrent,
    NewGameScreen RadioSet:focus > RadioButton.-selected {
        background: $accent 60%;
        color: $foreground;
        text-style: bold;
    }
    NewGameScreen .-focused > .caption {
        color: $accent;
        text-style: bold;
    }
    NewGameScreen Button:focus {
        text-style: bold reverse;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", N_("Quit"), key_display="Esc"),
        # The app's quit keys, bound here too so that the keys (help, footer) say Quit once,
        # with every key that quits. The app's own ctrl+q (a priority key) still runs first.
        *(Binding(key, "quit", N_("Quit"), priority=key == "ctrl+q") for key in QUIT_KEYS),
        Binding("ctrl+o", "saved_games", N_("Saved games")),
        # Textual's own keys between the fields, said here so that the help lists them.
        # Shown: a newcomer starts on Start, with every field above it.
        Binding("tab", "app.focus_next", N_("Next field"), key_display="Tab"),
        Binding(
            "shift+tab",
            "app.focus_previous",
            N_("Previous field"),
            show=False,
            key_display="Shift+Tab",
        ),
        # Along the buttons, as on the results (the form's own widgets keep their arrows).
        Binding("left", "other_button(-1)", N_("Previous button"), show=False),
        Binding("right", "other_button(1)", N_("Next button"), show=False),
        # Up from the buttons to the last field, down from it back to Start.
        Binding("up", "fields", N_("The fields"), show=False),
        Binding("down", "to_start", N_("Start"), show=False),
    ]

    AUTO_FOCUS = "#start"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The arrows step along the buttons only from a button."""
        if action in ("other_button", "fields"):
            return isinstance(self.focused, Button)
        if action == "to_start":
            return self.focused is self.query_one("#seed", Input)
        return True

    def action_fields(self) -> None:
        """From the buttons, to the last field above them (then Shift+Tab climbs on)."""
        self.query_one("#seed", Input).focus()

    def action_to_start(self) -> None:
        """From the last field, down to Start."""
        self.query_one("#start", Button).focus()

    def action_other_button(self, by: int) -> None:
        """Focus the button before (-1) or after (1) the focused one, round the row."""
        buttons = list(self.query("#buttons Button").results(Button))
        if isinstance(self.focused, Button) and self.focused in buttons:
            buttons[(buttons.index(self.focused) + by) % len(buttons)].focus()

    def __init__(
        self,
        defaults: GameSetup | None = None,
        *,
        over: Over | None = None,
        playing: Path | None = None,
    ) -> None:
        """A form filled from ``defaults`` (a 2-player game of two people when None);
        ``over``: opened over a game's results, or over a game being played, to which
        Escape goes back; ``playing``: that game's file (Saved games lists it as the game
        played here, and choosing it there goes back to it)."""
        super().__init__()
        self.over = over
        self.playing = playing
        translate_bindings(self)
        if over is not None:  # Escape goes back: its key says so; the app's keys quit
            back = _("Back to the results") if over == "results" else _("Back to the game")
            self._bindings = BindingsMap.from_keys(
                {
                    key: [
                        replace(binding, description=back) if binding.action == "quit" else binding
                        for binding in bindings
                    ]
                    for key, bindings in self._bindings.key_to_bindings.items()
                    if key not in QUIT_KEYS
                }
            )
        self.defaults = defaults or GameSetup(players=2)
        self._kinds = seat_kinds(self.defaults)
        """The seat-kind menus' choices, in their order."""
        self._opened: tuple[object, ...] | None = None
        """What the form said once shown (``_form``), to tell whether it was changed."""

    def compose(self) -> ComposeResult:
        setup = self.defaults
        kinds = [(Text(kind_label(kind)), kind) for kind in self._kinds]
        variants = [(_(label), value) for label, value in _VARIANTS]
        piles = [(_(label), value) for label, value in _PILES]
        takebacks = [(_(label), value) for label, value in _TAKEBACKS]
        # Set before the first styling: set after it, each restyles the whole form.
        self.set_class(self.app.size.height < _SHORT, "-short")
        yield Static(title_art(), id="art")
        with Vertical(id="form") as form:
            form.border_title = _("New game")
            with Horizontal(classes="row option"):
                yield Label(_("Players"), classes="caption")
                with RadioSet(id="players", compact=True):
                    for count in (2, 3, 4):
                        yield RadioButton(str(count), value=count == setup.players)
            with Vertical(classes="row"):
                for seat in range(4):
                    hidden = " -hidden" if seat >= setup.players else ""
                    with Horizontal(classes="seat" + hidden, id=f"seat-{seat}"):
                        yield Label(_("Seat {number}").format(number=seat + 1), classes="caption")
                        yield Static(classes="chips", id=f"chips-{seat}")
                        yield Input(
                            self._default_name(seat),
                            placeholder=default_name(seat),
                            max_length=MAX_NAME_LENGTH,
                            compact=True,
                            id=f"name-{seat}",
                        )
                        yield Select(
                            kinds,
                            value=setup.seats[seat] if seat < setup.players else PERSON,
                            allow_blank=False,
                            compact=True,
                            id=f"kind-{seat}",
                        )
            with Vertical(classes="row"):
                yield from self._option(_("Variant"), variants, setup.variant, "variant")
                with Horizontal(classes="option", id="first-row"):
                    yield Label(_("Starts"), classes="caption")
                    yield self._starting_player(setup.players, setup.first)
                yield from self._option(_("Piles"), piles, setup.alternate_piles, "piles")
                yield from self._option(_("Takeback"), takebacks, setup.takeback, "takeback")
                with Horizontal(classes="option"):
                    yield Label(_("Seed"), classes="caption")
                    yield Input(
                        placeholder=_("blank: random"),
                        restrict=r"\d*",
                        max_length=12,
                        compact=True,
                        id="seed",
                    )
            with Horizontal(id="buttons"):
                yield Button(_("Start"), variant="primary", id="start")
                yield Button(_("Learn to play"), id="learn")
                yield Button(_("Saved games"), id="saved")
                if self.over is not None:
                    yield Button(_("Back"), id="back")
                else:
                    yield Button(_("Quit"), id="quit")
            yield WrappedStatic(Text(self._start_hint()), id="hint")
        yield KeyFooter()

    def _start_hint(self) -> str:
        """The hint shown first: over the results or a game, how to go back; to someone who
        has never opened the lessons, that they are there too."""
        if self.over == "results":
            return _(_HINTS["start-again"])
        if self.over == "game":
            return _(_HINTS["start-another"])
        if progress.load() is not None:
            return _(_HINTS["start"])
        return sentences((_(_HINTS["newcomer"]), _(_HINTS["start"])))

    def _option(
        self, caption: str, options: Iterable[tuple[str, object]], value: object, name: str
    ) -> ComposeResult:
        with Horizontal(classes="option", id=f"{name}-row"):
            yield Label(caption, classes="caption")
            yield Select(options, value=value, allow_blank=False, compact=True, id=name)

    def _value(self, name: str) -> object:
        """The value chosen in a Select."""
        return self.query_one(f"#{name}", Select).value

    def _default_name(self, seat: int) -> str:
        """The name given in the defaults, or "" (the placeholder) for a default name."""
        setup = self.defaults
        if seat >= setup.players or setup.names[seat] == default_name(seat):
            return ""
        return setup.names[seat]

    @staticmethod
    def _starting_player(players: int, first: int) -> RadioSet:
        """A button per seat in play (labelled by _label_seats) to choose who starts."""
        buttons = [RadioButton(value=seat == first) for seat in range(players)]
        return RadioSet(*buttons, id="first", compact=True)

    def on_mount(self) -> None:
        self._show_seats()
        self._label_seats()
        for seat in range(4):  # an open menu says what the choice under its cursor is
            menu = self.query_one(f"#kind-{seat}", Select).query_one("SelectOverlay", OptionList)
            self.watch(menu, "highlighted", self._kind_highlighter(seat), init=False)
        for radio_set in self.query(RadioSet):
            _cursor_on_pressed(radio_set)
        self.call_after_refresh(self._translate_menus)
        self.call_after_refresh(self._remember_the_form)

    def _remember_the_form(self) -> None:
        self._opened = self._form()

    def _form(self) -> tuple[object, ...]:
        """What the form says now: every field's value (to tell whether any was changed)."""
        return (
            tuple(field.value for field in self.query(Input)),
            tuple(menu.value for menu in self.query(Select)),
            tuple(choice.pressed_index for choice in self.query(RadioSet)),
        )

    def _translate_menus(self) -> None:
        """The keys of the menus' lists (Escape closes one) in the game's language, as the
        footer shows them while a menu is open."""
        for menu in self.query("SelectOverlay"):
            translate_bindings(menu)

    @property
    def players(self) -> int:
        """The number of players chosen."""
        return self.query_one("#players", RadioSet).pressed_index + 2

    def _seat_name(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip() or default_name(seat)

    def _show_seats(self) -> None:
        """Show the seats in play with their colours, and the piles option only where it
        means anything (2 players): hidden, it is left out of the fields Tab goes through."""
        players = self.players
        for seat in range(4):
            self.query_one(f"#seat-{seat}").set_class(seat >= players, "-hidden")
            if seat < players:
                colours = colours_for_seat(seat, players)
                self.query_one(f"#chips-{seat}", Static).update(chips(colours))
        self.query_one("#piles-row").display = piles_matter(players)

    def _label_seats(self) -> None:
        """Label the starting-player buttons with the names of the seats."""
        for seat, button in enumerate(self.query_one("#first", RadioSet).query(RadioButton)):
            name = self._seat_name(seat)
            button.label = Text(name if cell_len(name) <= 10 else f"{cut(name, 9)}…")

    @on(RadioSet.Changed, "#players")
    async def _players_changed(self) -> None:
        self._show_seats()
        old = self.query_one("#first", RadioSet)
        first = old.pressed_index if old.pressed_index < self.players else 0
        await old.remove()
        starting = self._starting_player(self.players, first)
        await self.query_one("#first-row").mount(starting)
        _cursor_on_pressed(starting)
        self._label_seats()

    @on(Input.Changed, ".seat Input")
    def _name_changed(self) -> None:
        self._label_seats()

    @on(Select.Changed, ".seat Select")
    def _kind_changed(self, event: Select.Changed) -> None:
        if event.select.has_focus_within:
            self._hint(kind_hint(str(event.value)))

    def _kind_highlighter(self, seat: int) -> Callable[[int | None], None]:
        """What the open menu of ``seat``'s kind does as its cursor moves: the hint says
        who would play the seat, so each level is read before it is chosen."""

        def highlighted(index: int | None) -> None:
            if self.query_one(f"#kind-{seat}", Select).expanded and index is not None:
                self._hint(kind_hint(self._kinds[index]))

        return highlighted

    @on(Input.Blurred, ".seat Input")
    def _show_a_names_start(self, event: Input.Blurred) -> None:
        """A name longer than its box shows its start once left, not the end typed last."""
        event.input.cursor_position = 0

    @on(Input.Submitted)
    def _field_done(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next name, then to Start; in the seed, to Start."""
        name = event.input.id or ""
        if name.startswith("name-") and int(name[5:]) + 1 < self.players:
            self.query_one(f"#name-{int(name[5:]) + 1}").focus()
        else:
            self.query_one("#start").focus()

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        """Start the game the form describes; a problem (e.g. a bad name) stays on the form."""
        try:
            setup = self.setup()
        except MarrakechError as error:
            problem = said(str(error))
            hint = self.query_one("#hint", WrappedStatic)
            problem = f"{problem[:1].upper()}{problem[1:]}"
            hint.update(Text(_("Cannot start: {problem}.").format(problem=problem)))
            hint.add_class("-error")
            self.app.bell()
            return
        self.dismiss(setup)

    @on(Button.Pressed, "#quit, #back")
    def _quit_pressed(self) -> None:
        self.action_quit()

    @on(Button.Pressed, "#saved")
    def _saved_pressed(self) -> None:
        self.action_saved_games()

    @on(Button.Pressed, "#learn")
    def _learn_pressed(self) -> None:
        self.post_message(self.LearnToPlay())

    class LearnToPlay(Message):
        """Asks the app to open the lessons over this screen, which stays as it is."""

    class Replay(Message):
        """Asks the app to replay a saved game over this screen, which stays as it is."""

        def __init__(self, form: NewGameScreen, path: Path) -> None:
            super().__init__()
            self.form = form
            self.path = path

        @property
        def control(self) -> NewGameScreen:
            """The new-game screen the game was chosen from."""
            return self.form

    def action_saved_games(self, highlighted: Path | None = None) -> None:
        """List the saved games (``highlighted``: the one to show highlighted): playing one
        on leaves this screen; a replay, once closed, comes back to the list."""

        def chosen(choice: OpenSave | None) -> None:
            if choice is not None and choice.replay:
                self.post_message(self.Replay(self, choice.path))
            elif choice is not None and choice.path == self.playing:
                self.dismiss(None)  # back to the game this form was opened over
            elif choice is not None:
                self.dismiss(choice)

        self.app.push_screen(SavesScreen(highlighted, playing=self.playing), chosen)

    def on_resize(self) -> None:
        self.set_class(self.size.height < _SHORT, "-short")

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        for row in self.query(".option, .seat"):  # the focused field's caption lights up
            row.set_class(row in event.widget.ancestors, "-focused")
        key = event.widget.id
        if key is None:  # e.g. the menu of a Select: its hint stays
            return
        if key.startswith("name-"):
            text = _("A name of up to {count} characters (Enter: the next one).").format(
                count=MAX_NAME_LENGTH
            )
        elif key.startswith("kind-"):
            text = kind_hint(str(self._value(key)))
        elif key == "start":
            text = self._start_hint()
        elif key == "back" and self.over == "game":
            text = _(_HINTS["back-to-game"])
        else:
            text = _(_HINTS[key]) if key in _HINTS else ""
        if key == "seed":
            text = _("{hint} Blank: a random seed, drawn when the game starts.").format(hint=text)
        self._hint(text)

    def _hint(self, text: str) -> None:
        """Show a hint on the line under the form (replacing any problem shown there)."""
        hint = self.query_one("#hint", WrappedStatic)
        hint.remove_class("-error")
        hint.update(Text(text))  # plain text: a bot's name is shown as it is

    def setup(self) -> GameSetup:
        """The game the form describes now; a blank seed draws a new one (new_seed).
        MarrakechError says what is wrong (two players called alike, a bad name...).

        The seed decides every roll, so a random one is drawn only now, never shown before.
        """
        players = self.players
        seed = self.query_one("#seed", Input).value
        first = self.query_one("#first", RadioSet).pressed_index
        takeback = self._value("takeback")
        names = tuple(self._seat_name(seat) for seat in range(players))
        alike = alike_names(names)
        if alike is not None:
            raise MarrakechError(alike)
        return GameSetup(
            players=players,
            names=names,
            seats=tuple(str(self._value(f"kind-{seat}")) for seat in range(players)),
            variant=Variant(self._value("variant")),
            seed=int(seed) if seed else new_seed(),
            first=max(first, 0),
            alternate_piles=piles_matter(players) and self._value("piles") is True,
            takeback=takeback if isinstance(takeback, bool) else None,
        )

    def action_quit(self) -> None:
        """Leave without a game: quit, or go back to what it was opened over; first
        asking, when the form was changed (what was typed would be lost to a slip of Esc),
        or in a browser, when the page's games would end with it."""
        if self.over is not None:
            self._leave_the_form()
        else:  # the page's question, where it is asked, says it all
            quit_asking_in_a_browser(
                self.app, lambda: self.dismiss(None), otherwise=self._leave_the_form
            )

    def _leave_the_form(self) -> None:
        """Leave without a game, asking first when the form was changed."""
        if self._opened is None or self._form() == self._opened:
            self.dismiss(None)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        question = _("Leave without a game? What you typed or chose here is not kept.")
        self.app.push_screen(
            ConfirmScreen(question, yes=_("Leave"), no=_("Keep editing"), yes_key="q"), answered
        )
