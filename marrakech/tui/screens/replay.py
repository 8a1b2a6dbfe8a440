"""Replay: step through a game turn by turn, the board beside the log."""

from __future__ import annotations

from itertools import accumulate
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from marrakech.engine import GameState, Phase
from marrakech.flow import recaps
from marrakech.games.dice import SeededDie
from marrakech.games.language import N_, _, pgettext
from marrakech.games.session import Session
from marrakech.tui.screens.market_screen import MarketScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.board import BoardWidget
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.player_panel import PlayerPanel
from marrakech.tui.widgets.too_small import TooSmall
from marrakech.tui.widgets.wrapped import WrappedStatic, hanging

TURN_NUMBER_WIDTH = 3
"""Cells for a turn's number in the list of turns (a game has under a thousand)."""


class ReplayScreen(MarketScreen[None]):
    """A game's positions, one turn per step: Left/Right step, Home/End jump, Escape closes.

    Step 0 is the starting position; step n is the position after the n-th turn (a turn is
    one seat's consecutive actions, as in the log). Clicking a line of the log goes there.
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (122, "-wider")]  # noqa: RUF012

    DEFAULT_CSS = """
    ReplayScreen #replay {
        height: 1fr;
    }
    ReplayScreen #market {
        width: 1fr;
        min-width: 47;
    }
    ReplayScreen #status {
        height: auto;
        min-height: 3;
        max-height: 4;
        padding: 0 1;
        background: $panel;
    }
    ReplayScreen #side {
        width: 33;
        background: $surface;
    }
    ReplayScreen #title {
        padding: 0 1;
        text-style: bold;
        color: $text-primary;
        margin-bottom: 1;
    }
    ReplayScreen #turns {
        height: 1fr;
        border: none;
        background: $surface;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("right", "step(1)", N_("Forward"), priority=True),
        Binding("home", "jump(0)", N_("Start"), priority=True),
        Binding("end", "jump(-1)", N_("End"), priority=True),
        Binding("escape,q", "close", N_("Close")),
    ]

    AUTO_FOCUS = "#turns"

    step: reactive[int] = reactive(0, init=False, bindings=True)
    """The turns played in the position shown (0: the start)."""

    def __init__(self, session: Session) -> None:
        """A replay of the session's game so far (finished or not)."""
        super().__init__()
        jumps = {"jump(0)": pgettext("replay", "Start"), "jump(-1)": pgettext("replay", "End")}
        translate_bindings(self, jumps)
        self.session = session
        self.names = session.setup.names
        self.turns = recaps(session.transitions, self.names)
        self.ends = (0, *accumulate(len(turn.transitions) for turn in self.turns))
        """Index in session.states of the position after each step."""

    @property
    def state(self) -> GameState:
        """The position shown."""
        return self.session.states[self.ends[self.step]]

    def compose(self) -> ComposeResult:
        setup = self.session.setup
        with Horizontal(id="replay", classes="market-room"):
            with Vertical(id="market"):
                yield BoardWidget(id="board")
                yield WrappedStatic(id="status")
            with Vertical(id="side"):
                # The players' panels below name the players. The seed, where it made the
                # rolls (a network game's dice were everyone's, not a seed's).
                title = (
                    _("Replay · seed {seed}").format(seed=setup.seed)
                    if isinstance(self.session.dice, SeededDie)
                    else _("Replay")
                )
                yield Static(title, id="title", markup=False)
                for seat in range(setup.players):
                    yield PlayerPanel(seat, self.names[seat], setup.level(seat), id=f"seat-{seat}")
                yield OptionList(*self._log(), id="turns")
        yield TooSmall(id="too-small")
        yield KeyFooter()

    def _log(self) -> list[Option]:
        first = self.session.states[0]
        start = _("The market opens: {name} plays first.").format(name=self.names[first.current])
        names, width = self.names, TURN_NUMBER_WIDTH
        options = [Option(hanging("", Text(start, style="italic"), width, names))]
        for number, turn in enumerate(self.turns, start=1):
            options.append(Option(hanging(str(number), Text(turn.words), width, names)))
        return options

    def on_mount(self) -> None:
        self._show()

    def watch_step(self) -> None:
        self._show()

    def _show(self) -> None:
        """Draw the position of this step, its toll region, and the line of its turn."""
        state = self.state
        turn = self.turns[self.step - 1] if self.step else None
        region = turn.region if turn is not None else frozenset()
        self.query_one(BoardWidget).show(state, region=region)
        for panel in self.query(PlayerPanel):
            panel.show(state, turn.money_change(panel.seat) if turn is not None else 0)
        self.query_one("#turns", OptionList).highlighted = self.step
        self.query_one("#status", WrappedStatic).update(self._status(state))

    def _status(self, state: GameState) -> Text:
        last = len(self.turns)
        where = Text(_("Turn {step} of {last}").format(step=self.step, last=last), style="bold")
        if state.phase is Phase.OVER:
            winners = [self.names[seat] for seat in state.winners()]
            if len(winners) == 1:
                said = _(" · the game is over: {name} wins.").format(name=winners[0])
            else:
                # Translators: between the names of the players sharing a win.
                joined = _(" and ").join(winners)
                said = _(" · the game is over: {names} share the win.").format(names=joined)
            where.append(said)
        elif self.step == last:
            name = self.names[state.current]
            where.append(_(" · the game goes on: {name} to play.").format(name=name))
        else:
            where.append(_(" · {name} to play next.").format(name=self.names[state.current]))
        where.append(
            "\n"
            + _("← → step through the turns; PgUp PgDn, Home, End or a click in the list jump."),
            style="dim",
        )
        return where

    @on(OptionList.OptionHighlighted, "#turns")
    def _line_chosen(self, event: OptionList.OptionHighlighted) -> None:
        # Keys pressed quickly leave events of lines highlighted before: only the last
        # counts (else the replay and the log would set each other back and forth for ever).
        if event.option_index == event.option_list.highlighted:
            self.step = event.option_index

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Dim the keys that would not move (at the start or at the end)."""
        if not self.fits_the_market:
            return False
        last = len(self.turns)
        if action == "step" and isinstance(parameters[0], int):
            target = self.step + parameters[0]
        elif action == "jump":
            target = last if parameters[0] == -1 else 0
        else:
            return True
        return True if 0 <= target <= last and target != self.step else None

    def action_step(self, by: int) -> None:
        """Go a turn back (-1) or forward (1)."""
        self.step = max(0, min(len(self.turns), self.step + by))

    def action_jump(self, to: int) -> None:
        """Go to the start (0) or the end (-1)."""
        self.step = len(self.turns) if to == -1 else 0

    def action_close(self) -> None:
        """Leave the replay."""
        self.dismiss(None)
