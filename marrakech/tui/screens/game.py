"""The game: the market, the players and the log, with keys and mouse for every part of a turn.

A view of the game flow (``marrakech.flow``): the flow decides whose turn it is, plays
decisions, autosaves and says what happened; this screen keeps only what a person is
pointing at (the turn and the carpet picked, a mouse probe), paces the walk and the
computers' moves, and draws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from marrakech.engine import Aim, GameState, MarrakechError, Orient, Phase, Place, Transition
from marrakech.flow import GameFlow, Notice, cursor
from marrakech.games.autosaves import GameFile
from marrakech.games.session import Session
from marrakech.games.settings import Settings
from marrakech.tui.files import GameDocuments, SettingsChanged, notifier, show_notice
from marrakech.tui.screens.game_status import (
    PALETTE,
    Frame,
    Pointing,
    WalkShown,
    key_state,
    walk_timing,
)
from marrakech.tui.widgets.board import BoardWidget
from marrakech.tui.widgets.die_face import DieFace
from marrakech.tui.widgets.game_footer import GameFooter
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.legend import Legend
from marrakech.tui.widgets.pacer import Pacer
from marrakech.tui.widgets.player_panel import PlayerPanel
from marrakech.tui.widgets.risk_preview import RiskPreview

if TYPE_CHECKING:
    from marrakech.tui.widgets.network_link import NetworkLink

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the game screen lays out in."""


class GameScreen(Screen[str]):
    """One game, from the first turn to the results; dismisses with "again" or "quit"."""

    # Room for the board's larger cells (see app.tcss): 7x3 cells need 61x30 beside the
    # 33-column side panel, 11x5 cells 89x44; the status, log and footer need 8 rows.
    # (Textual declares both as instance attributes, so they cannot be ClassVars here.)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (94, "-wide"), (122, "-wider")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (38, "-tall"), (52, "-taller")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "turn('left')", "Left"),
        Binding("right", "turn('right')", "Right"),
        Binding("up", "turn('straight')", "Ahead"),
        Binding("enter", "roll", "Roll"),
        Binding("space", "roll", "Roll", show=False),
        Binding("enter", "lay", "Lay"),
        Binding("enter", "aim", "Aim"),
        Binding("enter", "results", "Results"),
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
        Binding("p", "toggle_risk", "Risk"),
        Binding("s", "save", "Save", show=False),
        Binding("e", "export_log", "Export log", show=False),
    ]

    def __init__(
        self,
        session: Session,
        game_file: GameFile | None = None,
        settings: Settings | None = None,
        *,
        flow: GameFlow | None = None,
    ) -> None:
        """Play the session's game on (``game_file``: its autosave, when resumed); a
        network game passes its ``flow`` (with its own session)."""
        super().__init__()
        self.settings = settings or Settings()
        """The player's settings (the app updates them when they change)."""
        self.flow = flow or GameFlow(session, notifier(self), game_file=game_file)
        session = self.flow.session
        self.documents = GameDocuments(session)
        self.pointing = Pointing()
        """What the person to move has picked but not played yet."""
        self.walk: WalkShown | None = None
        """Assam's walk while it is shown step by step."""
        self._keys: tuple[tuple[str, str, bool], ...] = ()
        self._status = Text()
        self._deciding = False
        """True while this screen plays a decision (a network flow also tells it of it)."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="market"):
                yield BoardWidget(id="board")
                yield Static(id="status")
                yield GameLog(id="log")
            with Vertical(id="side"):
                for seat in self.flow.seats:
                    kind, number = seat.level or "human", seat.number
                    yield PlayerPanel(number, seat.name, kind, id=f"seat-{number}")
                yield DieFace(id="die")
                yield RiskPreview(id="risk")
                yield Legend()
        yield Static(
            f"The market needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Make the window larger (or the font smaller) to go on playing.",
            id="too-small",
        )
        yield GameFooter(compact=True)
        yield Pacer()
        if self.flow.networked:
            from marrakech.tui.widgets.network_link import NetworkLink

            yield NetworkLink(self.flow)

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        shown = self.settings.risk_preview
        self.query_one(RiskPreview).display = shown if shown is not None else self.flow.has_people
        self._advance()

    def on_unmount(self) -> None:
        self.flow.close()  # an unfinished game stays, for another window or a later start

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
        self.refresh_bindings()

    # -- who may act ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.flow.state

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys of this moment; dim those that cannot act now (none act unseen)."""
        if self.has_class("-too-small"):
            return False
        return key_state(self.flow, self.pointing, self.walk is not None, action, parameters)

    # -- drawing --------------------------------------------------------------------------

    def _draw(self) -> None:
        """Tell every widget what to show."""
        self._refresh_keys()
        frame = Frame.of(self.flow, self.walk, self.pointing)
        self.query_one(BoardWidget).show(frame.state, **frame.marks)
        for panel in self.query(PlayerPanel):
            panel.show(frame.state, frame.money_change(panel.seat), self.flow.names[panel.seat])
        can_roll = bool(self.check_action("roll", ()))
        self.query_one(DieFace).show(frame.die, "(click to roll)" if can_roll else "")
        self.query_one(RiskPreview).show(frame.risks, frame.turn, frame.risk_title)
        self.query_one(GameLog).show(frame.log)
        status = frame.status
        if status != self._status:
            self._status = status
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

    def _say(self, message: str) -> None:
        """Show a short message on the status line until the next action."""
        self.pointing = self.pointing.saying(message)
        self._draw()

    # -- the flow of a game -------------------------------------------------------------

    def _advance(self) -> None:
        """Get ready for whatever the position waits for: a person, a computer or the end."""
        self.pointing = Pointing.fresh(self.state)
        self._draw()
        if self.flow.over:
            self.action_results()
        elif self.flow.runs_computers:
            computers = self.flow.computers
            if computers.to_roll:
                self.query_one(Pacer).play_later(self.state, None)  # the computer's roll
            elif (move := computers.question()) is not None:
                self.query_one(Pacer).think(move)

    def action_results(self) -> None:
        """Show the results of the finished game (again, after looking at the board)."""
        from marrakech.tui.screens.results import ResultsScreen  # needed only at the end

        if any(isinstance(screen, ResultsScreen) for screen in self.app.screen_stack):
            return
        self.app.push_screen(ResultsScreen(self.documents, self.flow.names), self._results_closed)

    def _results_closed(self, choice: str | None) -> None:
        if choice == "board":
            self._draw()
        else:
            self.dismiss(choice or "quit")

    def _decide(self, action: Orient | Place | Aim | None) -> None:
        """Play a decision (None: roll the die) and show its walk, if it rolled; a network
        client's decision goes to the host and is shown when it comes back played."""
        self._deciding = True
        try:
            played = self.flow.play(action)
        except MarrakechError as error:
            self.notify(str(error), title="Not allowed", severity="error", markup=False)
            return
        finally:
            self._deciding = False
        if played:
            self._show(played)

    def _show(self, played: tuple[Transition, ...]) -> None:
        """Show a decision just played: its walk, if it rolled, then what comes next."""
        if self.query_one(Pacer).walk(walk_timing(played[-1], self.settings.step_seconds)):
            self.walk = WalkShown.of(self.flow, played[-1])
            self._draw()
        else:
            self._settle(played[-1])

    @on(Pacer.Stepped)
    def _stepped(self) -> None:
        if self.walk is not None:
            self.walk.step += 1
            self._draw()

    @on(Pacer.Walked)
    def _walked(self) -> None:
        if self.walk is not None:
            walked, self.walk = self.walk.transition, None
            self._settle(walked)

    def _settle(self, played: Transition) -> None:
        """After the walk: announce a bankruptcy, then go on."""
        if (notice := self.flow.bankruptcy(played)) is not None:
            show_notice(self.app, notice)
        self._advance()

    def on_network_link_heard(self, event: NetworkLink.Heard) -> None:
        """Show what happened elsewhere in a network game."""
        change = event.change
        if change.kind == "seats":
            self._draw()
        elif not self._deciding:
            walking = self.walk is not None
            if walking:  # a walk still shown ends at once (and the game goes on)
                self.query_one(Pacer).stop()
                self._walked()
            if change.kind == "played" and change.transitions:
                self._show(change.transitions)
            elif not walking:
                self._advance()

    def on_key(self, event: events.Key) -> None:
        """Any key skips the walk animation."""
        if self.walk is not None:
            event.stop()
            event.prevent_default()
            self.query_one(Pacer).stop()
            self._walked()

    # -- computer players -----------------------------------------------------------------

    @on(Pacer.Due)
    def _due(self, event: Pacer.Due) -> None:
        self._deciding = True
        try:
            played = self.flow.computers.play(event.state, event.action)
        finally:
            self._deciding = False
        if played:
            self._show(played)

    @on(Pacer.Answered)
    def _answered(self, event: Pacer.Answered) -> None:
        """Show a hint, or show a computer's move and play it after a moment."""
        move, result = event.move, event.result
        if event.hint:
            if self.flow.is_current(move):
                self._point(self.pointing.hinting(result))
                from marrakech.flow.hint import hint_reasons

                if isinstance(result, Exception):
                    return  # the hint giver failed: the status line says there is no hint
                if reasons := hint_reasons(move.state, result, self.flow.names):
                    self.notify(" ".join(reasons), title="Why this hint", markup=False)
        elif (action := self.flow.computers.settle(move, result)) is not None:
            self.pointing = self.pointing.showing(action)
            self._draw()
            self.query_one(Pacer).play_later(move.state, action)

    # -- orienting, aiming and laying -----------------------------------------------------

    def _point(self, pointing: Pointing | None) -> None:
        """Show a new pick; ring the bell when the key led nowhere."""
        if pointing is None:
            self.app.bell()
            return
        self.pointing = pointing
        self._draw()

    def action_turn(self, way: str) -> None:
        """Turn Assam (before the roll, or when aiming him for the next player)."""
        turned = self.pointing.turned(self.state, way)
        if turned is not None:
            self._point(turned)

    def action_roll(self) -> None:
        """Orient Assam as chosen and roll the die (or just roll, when aimed)."""
        if self.state.phase is Phase.ORIENT:
            if self.pointing.turn is not None:
                self._decide(Orient(self.pointing.turn))
        else:
            self._decide(None)

    def action_aim(self) -> None:
        """Aim Assam for the next player."""
        if self.pointing.turn is None:
            self._say("Pick a way first: ← left or → right, then Enter aims Assam.")
        else:
            self._decide(Aim(self.pointing.turn))

    def action_move_ghost(self, way: str) -> None:
        """Move the carpet to the nearest legal spot that way."""
        self._point(self.pointing.moved(self.state, way))

    def action_rotate(self) -> None:
        """Turn the carpet a quarter."""
        self._point(self.pointing.rotated(self.state))

    def action_cycle(self, step: int) -> None:
        """Go through every legal spot in turn."""
        self._point(
            self.pointing.laying(cursor.cycled_carpet(self.state, self.pointing.carpet, step))
        )

    def action_lay(self) -> None:
        """Lay the carpet shown; while the mouse shows an illegal spot, show the legal one.

        The mouse probe hides the keyboard's (legal) carpet; rather than lay a carpet that
        is not on screen, Enter first clears the probe, and the next Enter lays.
        """
        if self.pointing.probe is not None:
            self._point(self.pointing.unprobed().saying("Enter lays the carpet shown now."))
        elif self.pointing.carpet is not None:
            self._decide(self.pointing.carpet)

    # -- the mouse ------------------------------------------------------------------------

    @on(BoardWidget.SquareHovered)
    def _hovered(self, event: BoardWidget.SquareHovered) -> None:
        if self.check_action("move_ghost", ()) is not True:  # not a person laying a carpet
            return
        if event.square is not None:
            self._point(self.pointing.probing(self.state, event.square))
        elif self.pointing.probe is not None:
            self._point(self.pointing.unprobed())

    @on(BoardWidget.SquareClicked)
    def _clicked(self, event: BoardWidget.SquareClicked) -> None:
        if self.walk is not None or not self.flow.person_to_move:
            return
        if self.state.phase is Phase.PLACE and self.pointing.covers(event.square):
            self.action_lay()
        elif self.state.phase is Phase.PLACE:
            self._point(self.pointing.probing(self.state, event.square))
            if self.pointing.probe is not None:
                show_notice(
                    self.app, Notice(self.pointing.reason, title="Not there", severity="warning")
                )
        elif (aimed := self.pointing.aiming_at(event.square, self.flow.lane_risks())) is not None:
            self._point(aimed)

    @on(DieFace.Clicked)
    def _die_clicked(self) -> None:
        if self.check_action("roll", ()):
            self.action_roll()

    # -- undo, redo, hints, saving --------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last decision a person made (computers' moves after it too).

        Guarded here, not only by check_action: the command palette calls it directly.
        """
        if self.flow.can_undo:
            self._rewind(self.flow.undo)
        else:
            self._say(f"Cannot undo: {self.flow.why_no_undo() or 'nothing to take back'}.")

    def action_redo(self) -> None:
        """Play again what the last undo took back (guarded, as undo is)."""
        if self.flow.can_redo:
            self._rewind(self.flow.redo)
        else:
            self._say("Cannot redo: nothing was undone.")

    def _rewind(self, undo_or_redo: Callable[[], None]) -> None:
        self.query_one(Pacer).stop()  # a walk is dropped unsettled: its roll is taken back
        self.walk = None
        undo_or_redo()
        self._advance()

    def action_hint(self) -> None:
        """Ask the expert computer player what it would do here."""
        self._say("Thinking about a hint...")
        self.query_one(Pacer).think(self.flow.hint_move(), hint=True)

    def action_toggle_risk(self) -> None:
        """Show or hide the risk preview."""
        preview = self.query_one(RiskPreview)
        preview.display = not preview.display
        self.post_message(SettingsChanged(risk_preview=preview.display))

    def action_save(self) -> None:
        """Save the game under a name."""
        self.documents.save(self.app)

    def action_export_log(self) -> None:
        """Write the game log as text into the data directory."""
        self.documents.export(self.app)

    def system_commands(self) -> Iterable[SystemCommand]:
        """This screen's entries for the command palette (undo, redo, hint when they act)."""
        for action, title, help_text in PALETTE:
            if action in ("save", "export_log", "toggle_risk") or self.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(self, f"action_{action}"))
