"""The game: the market, the players and the log, with keys and mouse for every part of a turn.

This screen is the only part of the TUI that plays actions: it asks the engine what is
legal, plays through the Session (which rolls the seeded die and keeps undo/redo), autosaves
after every action and tells the widgets what to draw. Widgets and the other screens only
read positions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from marrakech import storage
from marrakech.engine import (
    SIZE,
    Action,
    Aim,
    Assam,
    GameState,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Roll,
    Square,
    Transition,
    Turn,
)
from marrakech.narrate import game_log, square_text
from marrakech.records import SaveFileError
from marrakech.session import HUMAN, Session
from marrakech.tui.risk import LaneRisk, lane_risks
from marrakech.tui.screens.name_prompt import NamePromptScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.widgets.board import BoardWidget, Ghost, Lane
from marrakech.tui.widgets.die_face import DieFace
from marrakech.tui.widgets.game_footer import GameFooter
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.player_panel import PlayerPanel
from marrakech.tui.widgets.risk_preview import RiskPreview

if TYPE_CHECKING:
    from marrakech.bots import Bot

STEP_SECONDS = 0.12
"""How long Assam takes for one step of his walk."""

BOT_PAUSE_SECONDS = 0.4
"""How long a computer's choice stays on screen before it is played."""

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the game screen lays out in."""

_DIRECTIONS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
_TURN_WORDS = {Turn.LEFT: "turn left", Turn.STRAIGHT: "go straight", Turn.RIGHT: "turn right"}


def _centre(place: Place) -> tuple[float, float]:
    return (place.a[0] + place.b[0]) / 2, (place.a[1] + place.b[1]) / 2


def _vertical(place: Place) -> bool:
    return place.a[1] == place.b[1]


def _die_value(transition: Transition | None) -> int | None:
    """The die value of a roll, None for anything else."""
    if transition is not None and isinstance(transition.action, Roll):
        return transition.action.value
    return None


def _distance(first: tuple[float, float], second: tuple[float, float]) -> float:
    return abs(first[0] - second[0]) + abs(first[1] - second[1])


def _same_game(first: Session, second: Session) -> bool:
    """True when two sessions are one game at different moments (one's actions lead on)."""
    if first.setup != second.setup:
        return False
    shorter = min(len(first.actions), len(second.actions))
    return first.actions[:shorter] == second.actions[:shorter]


@dataclass
class _Walk:
    """Assam's walk after a roll, shown step by step."""

    transition: Transition
    step: int = 0


class GameScreen(Screen[str]):
    """One game, from the first turn to the results; dismisses with "again" or "quit"."""

    # Room for the board's larger cells (see app.tcss): 7x3 cells need 61x30 beside the
    # 33-column side panel, 11x5 cells 89x44; the status, log and footer need 8 rows.
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (94, "-wide"),
        (122, "-wider"),
    ]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-short"),
        (38, "-tall"),
        (52, "-taller"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "turn('left')", "Left"),
        Binding("right", "turn('right')", "Right"),
        Binding("up", "turn('straight')", "Ahead"),
        Binding("enter", "roll", "Roll"),
        Binding("space", "roll", "Roll", show=False),
        Binding("enter", "lay", "Lay"),
        Binding("enter", "aim", "Aim"),
        Binding("left", "move_ghost('left')", "Move carpet left", show=False),
        Binding("right", "move_ghost('right')", "Move carpet right", show=False),
        Binding("up", "move_ghost('up')", "Move carpet up", show=False),
        Binding("down", "move_ghost('down')", "Move carpet down", show=False),
        Binding("r", "rotate", "Rotate"),
        Binding("space", "rotate", "Rotate", show=False),
        Binding("tab", "cycle(1)", "Next"),
        Binding("shift+tab", "cycle(-1)", "Previous spot", show=False),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+r", "redo", "Redo"),
        Binding("h", "hint", "Hint"),
        Binding("p", "toggle_risk", "Risk", show=False),
        Binding("s", "save", "Save", show=False),
        Binding("e", "export_log", "Export log", show=False),
    ]

    def __init__(self, session: Session) -> None:
        """Play the session's game from its current position."""
        super().__init__()
        self.session = session
        self.names = session.setup.names
        self._turn: Turn | None = Turn.STRAIGHT
        self._ghost: Place | None = None
        self._probe: Ghost | None = None
        self._probe_reason = ""
        self._message = ""
        self._walk: _Walk | None = None
        self._walk_timer: Timer | None = None
        self._bot_timer: Timer | None = None
        self._bots: dict[int, Bot] = {}
        self._risks: tuple[GameState | None, tuple[LaneRisk, ...]] = (None, ())
        self._risk_shown = any(kind == HUMAN for kind in session.setup.seats)
        self._keys: tuple[tuple[str, str, bool], ...] = ()
        self._status_text = Text()
        self._autosave_failed = False
        self._autosaved = False
        """Whether this screen has autosaved yet (the first time keeps another game's)."""
        self._acted = False
        """Whether this screen played, undid or redid an action (a loaded game may be over)."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        setup = self.session.setup
        with Horizontal(id="main"):
            with Vertical(id="market"):
                yield BoardWidget(id="board")
                yield Static(id="status")
                yield GameLog(id="log")
            with Vertical(id="side"):
                for seat in range(setup.players):
                    yield PlayerPanel(seat, self.names[seat], setup.seats[seat], id=f"seat-{seat}")
                yield DieFace(id="die")
                yield RiskPreview(id="risk")
        yield Static(
            f"The market needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Make the window larger (or the font smaller) to go on playing.",
            id="too-small",
        )
        yield GameFooter(compact=True)

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self.query_one(RiskPreview).display = self._risk_shown
        self._advance()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")

    # -- who may act ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.session.state

    @property
    def chosen_turn(self) -> Turn | None:
        """The turn shown for orienting or aiming, not played yet."""
        return self._turn

    @property
    def ghost(self) -> Place | None:
        """The carpet shown for laying, not laid yet."""
        return self._ghost

    def _person_to_move(self) -> bool:
        """True when a person is to act now (no walk shown, game not over)."""
        state = self.state
        return (
            self._walk is None
            and state.phase is not Phase.OVER
            and self.session.setup.is_human(state.current)
        )

    def _key_state(self, *phases: Phase) -> bool | None:
        """True for a person in one of the phases, None (dimmed) for a computer, else False."""
        if self.state.phase not in phases:
            return False
        return True if self._person_to_move() else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys of this moment; dim those that cannot act now."""
        if action == "turn":
            allowed = self._key_state(Phase.ORIENT, Phase.AIM)
            if not allowed:
                return allowed
            if parameters[0] == "straight" and not self._can_keep():
                return False
            return self._turned(str(parameters[0])) is not None or None
        if action == "roll":
            return self._key_state(Phase.ORIENT, Phase.ROLL)
        if action == "lay":
            return self._key_state(Phase.PLACE) and (self._ghost is not None or None)
        if action == "aim":
            return self._key_state(Phase.AIM) and (self._turn is not None or None)
        if action in ("move_ghost", "cycle"):
            return self._key_state(Phase.PLACE)
        if action == "rotate":
            return self._key_state(Phase.PLACE) and (self._rotated() is not None or None)
        if action == "hint":
            return self._key_state(Phase.ORIENT, Phase.PLACE, Phase.AIM)
        if action == "undo":
            return (self._walk is None and self.session.can_undo) or None
        if action == "redo":
            return (self._walk is None and self.session.can_redo) or None
        return True

    # -- drawing --------------------------------------------------------------------------

    def _lane_risks(self) -> tuple[LaneRisk, ...]:
        state = self.state
        if self._risks[0] is not state:
            self._risks = (state, lane_risks(state))
        return self._risks[1]

    def _draw(self) -> None:
        """Tell every widget what to show."""
        self._refresh_keys()
        session = self.session
        state = self.state
        walk = self._walk
        transitions = session.transitions
        if walk is not None:
            shown = walk.transition.before
            assam: Assam | None = Assam(*walk.transition.path[walk.step])
            transitions = transitions[:-1]
        else:
            shown, assam = state, None
        risks = self._lane_risks() if walk is None else ()
        lanes = tuple(
            Lane(risk.stops, chosen=risk.turn == self._turn or len(risks) == 1) for risk in risks
        )
        last = transitions[-1] if transitions and walk is None else None
        region = last.region if last is not None and isinstance(last.action, Roll) else frozenset()
        self.query_one(BoardWidget).show(
            shown, assam=assam, lanes=lanes, ghost=self._shown_ghost(), region=region
        )
        roll = next((t for t in reversed(transitions) if t.path), None)
        for panel in self.query(PlayerPanel):
            change = 0
            if roll is not None and roll.payee is not None:
                change = {roll.seat: -roll.paid, roll.payee: roll.paid}.get(panel.seat, 0)
            panel.show(shown, change)
        rolled = walk.transition if walk is not None else roll
        self.query_one(DieFace).show(
            _die_value(rolled), "(click to roll)" if self._can_roll() else ""
        )
        self.query_one(RiskPreview).show(risks, self._turn, self._risk_title(risks))
        self.query_one(GameLog).show(game_log(transitions, self.names))
        status = self._status()
        if status != self._status_text:
            self._status_text = status
            self.query_one("#status", Static).update(status, layout=False)

    def _refresh_keys(self) -> None:
        """Redraw the footer, but only when the keys that can act have changed."""
        keys = tuple(
            (key, active.binding.action, active.enabled)
            for key, active in self.active_bindings.items()
        )
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def _can_roll(self) -> bool:
        return bool(self.check_action("roll", ()))

    def _shown_ghost(self) -> Ghost | None:
        if self._probe is not None:
            return self._probe
        colour = self.state.players[self.state.current].top
        if self._ghost is None or colour is None or self.state.phase is not Phase.PLACE:
            return None
        return Ghost(self._ghost, colour)

    def _risk_title(self, risks: tuple[LaneRisk, ...]) -> str:
        if not risks:
            return ""
        return f"If {self.names[risks[0].seat]} rolls:"

    def _status(self) -> Text:
        state = self.state
        name = self.names[state.current]
        if self._walk is not None:
            first = f"{name} rolls {_die_value(self._walk.transition)}: Assam walks..."
        elif state.phase is Phase.OVER:
            first = "The market is closed: the game is over."
        elif not self.session.setup.is_human(state.current):
            kind = self.session.setup.seats[state.current]
            first = f"{name} ({kind} computer) is thinking..."
        elif state.phase is Phase.ORIENT:
            first = f"{name}: ← → turn Assam, Enter rolls."
        elif state.phase is Phase.ROLL:
            first = f"{name}: Assam faces {state.assam.facing.name}; Enter rolls."
        elif state.phase is Phase.PLACE:
            top = state.players[state.current].top
            colour = top.name.lower() if top is not None else ""
            first = f"{name}: lay your {colour} carpet."
        else:
            first = f"{name}: aim Assam with ← →, Enter."
        second = self._probe_reason or self._message
        if not second and not self.session.can_undo:
            reason = self.session.why_no_undo()
            if reason and self.session.transitions:
                second = f"Undo: {reason}."
        status = Text(first)
        if second:
            status.append("\n" + second, style="dim")
        return status

    def _say(self, message: str) -> None:
        """Show a short message on the status line until the next action."""
        self._message = message
        self._draw()

    # -- the flow of a game -------------------------------------------------------------

    def _advance(self) -> None:
        """Get ready for whatever the position waits for: a person, a computer or the end."""
        state = self.state
        self._probe, self._probe_reason = None, ""
        self._turn = self._default_turn()
        self._ghost = self._initial_ghost()
        self._draw()
        if state.phase is Phase.OVER:
            self._finish_game()
        elif not self.session.setup.is_human(state.current):
            self._computer_move(state)

    def _play(self, action: Action) -> Transition | None:
        """Play an action through the session and autosave; None (and a notice) if refused."""
        self._message = ""
        try:
            transition = self.session.play(action)
        except MarrakechError as error:
            self.notify(str(error), title="Not allowed", severity="error", markup=False)
            return None
        self._autosave()
        return transition

    def _roll(self) -> None:
        """Roll the die from the game's seeded stream and show Assam's walk."""
        self._message = ""
        transition = self.session.roll()
        self._autosave()
        if self.app.animation_level == "none" or not transition.path:
            self._settle(transition)
            return
        self._walk = _Walk(transition)
        self._walk_timer = self.set_interval(STEP_SECONDS, self._walk_on)
        self._draw()

    def _walk_on(self) -> None:
        walk = self._walk
        if walk is None:
            return
        if walk.step + 1 >= len(walk.transition.path):
            self._end_walk()
        else:
            walk.step += 1
            self._draw()

    def _end_walk(self) -> None:
        walk = self._walk
        if self._walk_timer is not None:
            self._walk_timer.stop()
            self._walk_timer = None
        self._walk = None
        if walk is not None:
            self._settle(walk.transition)

    def _settle(self, transition: Transition) -> None:
        """After the walk: announce a bankruptcy, then go on."""
        if transition.eliminated is not None:
            self.notify(
                f"{self.names[transition.eliminated]} cannot pay {transition.toll} dirhams: "
                "bankrupt and out of the game!",
                title="Bankruptcy",
                severity="warning",
                timeout=8,
                markup=False,
            )
        self._advance()

    def _finish_game(self) -> None:
        """Show the results; clear the autosave only if the game ended on this screen.

        A finished game opened from a file leaves the autosave (maybe another game's) alone.
        """
        if self._acted:
            try:
                storage.clear_autosave()
            except SaveFileError as error:
                self.notify(str(error), severity="warning", markup=False)
        self.app.push_screen(ResultsScreen(self.state, self.names), self._results_closed)

    def _results_closed(self, choice: str | None) -> None:
        self.dismiss(choice or "quit")

    def _autosave(self) -> None:
        """Save after every action; say so once if it fails (the game goes on)."""
        self._acted = True
        if not self._autosaved:
            self._autosaved = True
            self._keep_other_autosave()
        try:
            storage.autosave(self.session)
        except (SaveFileError, OSError) as error:
            if not self._autosave_failed:
                self.notify(f"Autosave failed: {error}", severity="warning", markup=False)
            self._autosave_failed = True
        else:
            self._autosave_failed = False

    def _keep_other_autosave(self) -> None:
        """Before this game's first autosave, copy an unfinished other game's autosave.

        The copy goes to saves/autosave-<date-time>.json (a broken autosave is copied too); the
        autosave of this very game (resumed) or of a finished game is simply replaced.
        """
        path = storage.autosave_path()
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return
        try:
            old: Session | None = storage.load_game(path)
        except SaveFileError:
            old = None
        if old is not None and (old.state.phase is Phase.OVER or _same_game(old, self.session)):
            return
        stamp = f"{datetime.now():%Y-%m-%d-%H%M%S}"
        copy = storage.saves_dir() / f"autosave-{stamp}.json"
        number = 1
        while copy.exists():
            number += 1
            copy = storage.saves_dir() / f"autosave-{stamp}-{number}.json"
        try:
            storage.write_atomic(copy, text)
        except SaveFileError as error:
            self.notify(
                f"The unfinished game in the autosave could not be kept: {error}",
                severity="error",
                timeout=10,
                markup=False,
            )
            return
        self.notify(
            f"The autosave held another unfinished game; it was kept as {copy} "
            "(open it with: marrakech load FILE).",
            title="Earlier game kept",
            severity="warning",
            timeout=10,
            markup=False,
        )

    def on_key(self, event: events.Key) -> None:
        """Any key skips the walk animation."""
        if self._walk is not None:
            event.stop()
            event.prevent_default()
            self._end_walk()

    # -- computer players -----------------------------------------------------------------

    def _bot(self, seat: int) -> Bot:
        from marrakech.bots import make_bot  # the search code loads only when a bot plays

        if seat not in self._bots:
            setup = self.session.setup
            self._bots[seat] = make_bot(setup.seats[seat], seed=setup.seed * 10 + seat)
        return self._bots[seat]

    def _pause_then(self, callback: Callable[[], None]) -> None:
        """Run the callback after a pause a person can follow (none without animations)."""
        if self.app.animation_level == "none":
            self.call_later(callback)
        else:
            self._bot_timer = self.set_timer(BOT_PAUSE_SECONDS, callback)

    def _computer_move(self, state: GameState) -> None:
        if state.phase is Phase.ROLL:
            self._pause_then(lambda: self._bot_roll(state))
        else:
            self._think(state, self._bot(state.current))

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, state: GameState, bot: Bot) -> None:
        action = bot.choose(state)
        self.app.call_from_thread(self._computer_chose, state, action)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failed hint says so; a failed computer player is replaced by the normal one."""
        if event.state is not WorkerState.ERROR:
            return
        if event.worker.group == "hint":
            self._say("No hint available here.")
            return
        self._fall_back(self.state, f"failed ({event.worker.error})")

    def _fall_back(self, state: GameState, problem: str) -> None:
        """Play the normal computer player's choice for a computer seat that went wrong."""
        from marrakech.bots import make_bot

        name = self.names[state.current]
        self.notify(
            f"{name}'s computer player {problem}; the normal one moves instead.",
            severity="warning",
            markup=False,
        )
        self._computer_chose(state, make_bot("normal", seed=self.session.setup.seed).choose(state))

    def _computer_chose(self, state: GameState, action: Action) -> None:
        if state is not self.state:
            return
        if not state.is_legal(action):
            self._fall_back(state, f"chose an illegal action ({action})")
            return
        if isinstance(action, Orient | Aim):
            self._turn = action.turn
        elif isinstance(action, Place):
            self._ghost = action
        self._draw()
        self._pause_then(lambda: self._computer_plays(state, action))

    def _computer_plays(self, state: GameState, action: Action) -> None:
        if state is not self.state:
            return
        if self._play(action) is None:
            return
        if isinstance(action, Orient):
            self._roll()
        else:
            self._advance()

    def _bot_roll(self, state: GameState) -> None:
        if state is self.state:
            self._roll()

    def _stop_computer(self) -> None:
        """Stop a computer's thinking, its pause and any walk shown, before undo or redo.

        The walk is dropped without settling: its roll is about to be taken back.
        """
        self.workers.cancel_group(self, "bot")
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self._walk_timer is not None:
            self._walk_timer.stop()
            self._walk_timer = None
        self._walk = None

    # -- orienting and aiming -------------------------------------------------------------

    def _choices(self) -> tuple[Turn, ...]:
        """The turns the engine allows now (Orient or Aim)."""
        return tuple(
            action.turn for action in self.state.legal_actions() if isinstance(action, Orient | Aim)
        )

    def _can_keep(self) -> bool:
        return Turn.STRAIGHT in self._choices()

    def _default_turn(self) -> Turn | None:
        return Turn.STRAIGHT if self._can_keep() else None

    def _turned(self, way: str) -> Turn | None:
        """The turn a key leads to, or None when it leads nowhere (no 180 degrees)."""
        choices = self._choices()
        current = self._turn
        if way == "straight":
            return (
                Turn.STRAIGHT if Turn.STRAIGHT in choices and current is not Turn.STRAIGHT else None
            )
        step = -1 if way == "left" else 1
        if current is None:
            ahead = [turn for turn in choices if turn * step > 0]
        else:
            ahead = [turn for turn in choices if (turn - current) * step > 0]
        return min(ahead, key=lambda turn: abs(turn - (current or 0)), default=None)

    def action_turn(self, way: str) -> None:
        """Turn Assam (before the roll, or when aiming him for the next player)."""
        turn = self._turned(way)
        if turn is not None:
            self._turn = turn
            self._draw()

    def action_roll(self) -> None:
        """Orient Assam as chosen and roll the die."""
        orienting = self.state.phase is Phase.ORIENT
        if orienting and (self._turn is None or self._play(Orient(self._turn)) is None):
            return
        self._roll()

    def action_aim(self) -> None:
        """Aim Assam for the next player."""
        if self._turn is not None and self._play(Aim(self._turn)) is not None:
            self._advance()

    # -- laying a carpet ------------------------------------------------------------------

    def _initial_ghost(self) -> Place | None:
        """The legal carpet nearest to the two squares straight ahead of Assam."""
        state = self.state
        placements = state.legal_placements()
        (row, col), facing = state.assam
        d_row, d_col = facing.delta
        ahead = (row + 1.5 * d_row, col + 1.5 * d_col)
        return min(placements, key=lambda p: _distance(_centre(p), ahead), default=None)

    def _set_ghost(self, place: Place) -> None:
        self._ghost = place
        self._probe, self._probe_reason = None, ""
        self._draw()

    def action_move_ghost(self, way: str) -> None:
        """Move the carpet to the nearest legal spot that way."""
        ghost = self._ghost
        if ghost is None:
            return
        d_row, d_col = _DIRECTIONS[way]
        row, col = _centre(ghost)
        best: tuple[float, Place] | None = None
        for place in self.state.legal_placements():
            p_row, p_col = _centre(place)
            along = (p_row - row) * d_row + (p_col - col) * d_col
            if place == ghost or along <= 0:
                continue
            across = abs((p_row - row) * d_col - (p_col - col) * d_row)
            score = along + 2 * across + (0.25 if _vertical(place) != _vertical(ghost) else 0)
            if best is None or score < best[0]:
                best = (score, place)
        if best is None:
            self.app.bell()
        else:
            self._set_ghost(best[1])

    def _rotated(self) -> Place | None:
        """The nearest legal carpet lying the other way, sharing a square when possible."""
        ghost = self._ghost
        if ghost is None:
            return None
        others = [p for p in self.state.legal_placements() if _vertical(p) != _vertical(ghost)]
        sharing = [p for p in others if {p.a, p.b} & {ghost.a, ghost.b}]
        return min(
            sharing or others, key=lambda p: _distance(_centre(p), _centre(ghost)), default=None
        )

    def action_rotate(self) -> None:
        """Turn the carpet a quarter."""
        place = self._rotated()
        if place is not None:
            self._set_ghost(place)

    def action_cycle(self, step: int) -> None:
        """Go through every legal spot in turn."""
        placements = self.state.legal_placements()
        if not placements:
            return
        index = placements.index(self._ghost) if self._ghost in placements else -1
        self._set_ghost(placements[(index + step) % len(placements)])

    def action_lay(self) -> None:
        """Lay the carpet shown; while the mouse shows an illegal spot, show the legal one.

        The mouse probe hides the keyboard's (legal) carpet; rather than lay a carpet that
        is not on screen, Enter first clears the probe, and the next Enter lays.
        """
        if self._probe is not None:
            self._probe, self._probe_reason = None, ""
            self._say("Enter lays the carpet shown now.")
            return
        if self._ghost is not None and self._play(self._ghost) is not None:
            self._advance()

    def _probe_square(self, square: Square) -> None:
        """Show the legal carpet over a square, or why a carpet there is illegal."""
        state = self.state
        ghost = self._ghost
        if ghost is not None and square in (ghost.a, ghost.b):
            self._set_ghost(ghost)
            return
        covering = [p for p in state.legal_placements() if square in (p.a, p.b)]
        if covering:
            vertical = ghost is not None and _vertical(ghost)
            self._set_ghost(min(covering, key=lambda p: _vertical(p) != vertical))
            return
        row, col = square
        vertical = ghost is not None and _vertical(ghost)
        if vertical:
            other = (row + 1, col) if row + 1 < SIZE else (row - 1, col)
        else:
            other = (row, col + 1) if col + 1 < SIZE else (row, col - 1)
        place = Place(square, other)
        colour = state.players[state.current].top
        if colour is None:
            return
        self._probe = Ghost(place, colour, legal=False)
        reason = state.why_illegal(place) or ""
        self._probe_reason = reason[0].upper() + reason[1:] + "." if reason else ""
        self._draw()

    # -- the mouse ------------------------------------------------------------------------

    @on(BoardWidget.SquareHovered)
    def _hovered(self, event: BoardWidget.SquareHovered) -> None:
        if not self._person_to_move() or self.state.phase is not Phase.PLACE:
            return
        if event.square is None:
            if self._probe is not None:
                self._probe, self._probe_reason = None, ""
                self._draw()
        else:
            self._probe_square(event.square)

    @on(BoardWidget.SquareClicked)
    def _clicked(self, event: BoardWidget.SquareClicked) -> None:
        if not self._person_to_move():
            return
        phase = self.state.phase
        if phase is Phase.PLACE:
            ghost = self._ghost
            if ghost is not None and event.square in (ghost.a, ghost.b) and self._probe is None:
                self.action_lay()
                return
            self._probe_square(event.square)
            if self._probe is not None:
                self.notify(self._probe_reason, title="Not there", severity="warning", markup=False)
        elif phase in (Phase.ORIENT, Phase.AIM):
            for risk in self._lane_risks():
                if event.square in risk.stops and risk.turn is not None:
                    self._turn = risk.turn
                    self._draw()
                    return

    @on(DieFace.Clicked)
    def _die_clicked(self) -> None:
        if self._can_roll():
            self.action_roll()

    # -- undo, redo, hints, saving --------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last decision a person made (computers' moves after it too).

        Guarded here, not only by check_action: the command palette calls it directly.
        """
        if not self.session.can_undo:
            reason = self.session.why_no_undo() or "nothing to take back"
            self._say(f"Cannot undo: {reason}.")
            return
        self._stop_computer()
        self.session.undo()
        self._autosave()
        self._advance()

    def action_redo(self) -> None:
        """Play again what the last undo took back (guarded, as undo is)."""
        if not self.session.can_redo:
            self._say("Cannot redo: nothing was undone.")
            return
        self._stop_computer()
        self.session.redo()
        self._autosave()
        self._advance()

    def action_hint(self) -> None:
        """Ask the hard computer player what it would do here."""
        self._say("Thinking about a hint...")
        self._find_hint(self.state)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _find_hint(self, state: GameState) -> None:
        from marrakech.bots import make_bot

        action = make_bot("hard", seed=self.session.setup.seed).choose(state)
        self.app.call_from_thread(self._show_hint, state, action)

    def _show_hint(self, state: GameState, action: Action) -> None:
        if state is not self.state:
            return
        if isinstance(action, Orient | Aim):
            self._turn = action.turn
            words = _TURN_WORDS[action.turn]
        elif isinstance(action, Place):
            self._ghost = action
            words = f"lay the carpet on {square_text(action.a)}-{square_text(action.b)}"
        else:
            words = str(action)
        self._say(f"Hint: {words}.")

    def action_toggle_risk(self) -> None:
        """Show or hide the risk preview."""
        self._risk_shown = not self._risk_shown
        self.query_one(RiskPreview).display = self._risk_shown

    def action_save(self) -> None:
        """Save the game under a name."""
        default = f"game {datetime.now():%Y-%m-%d %H-%M}"
        self.app.push_screen(NamePromptScreen("Save the game as", default), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name:
            return
        try:
            path = storage.save_named(name, self.session)
        except (SaveFileError, OSError) as error:
            self.notify(str(error), title="Not saved", severity="error", markup=False)
        else:
            self.notify(f"Saved to {path}", title="Saved", markup=False)

    def action_export_log(self) -> None:
        """Write the game log as text into the data directory."""
        name = f"game {datetime.now():%Y-%m-%d %H-%M-%S}"
        try:
            path = storage.export_log_file(self.session, name)
        except (SaveFileError, OSError) as error:
            self.notify(str(error), title="Not exported", severity="error", markup=False)
        else:
            self.notify(f"Log written to {path}", title="Exported", markup=False)

    def system_commands(self) -> Iterable[SystemCommand]:
        """This screen's entries for the command palette."""
        yield SystemCommand("Save game", "Save the game under a name", self.action_save)
        yield SystemCommand(
            "Export log", "Write the game log as text to the data folder", self.action_export_log
        )
        yield SystemCommand(
            "Risk preview", "Show or hide the chance of paying", self.action_toggle_risk
        )
        if self.check_action("undo", ()):
            yield SystemCommand("Undo", "Take back the last decision", self.action_undo)
        if self.check_action("redo", ()):
            yield SystemCommand("Redo", "Play again what was undone", self.action_redo)
        if self.check_action("hint", ()):
            yield SystemCommand("Hint", "Ask the hard computer player", self.action_hint)
