"""The game: the market, the players and the log, with keys and mouse for every part of a turn.

A view of the game flow (``marrakech.flow``): the flow decides whose turn it is, plays
decisions, autosaves and says what happened; this screen keeps only what a person points
at (the turn and the carpet picked, a mouse probe: ``game_status.Pointing``), plays
decisions and draws. Its ``Pacer`` keeps the time: walks, computers' moves and hints.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical

from marrakech.engine import (
    Aim,
    GameState,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Transition,
    Turn,
)
from marrakech.flow import GameFlow, Notice
from marrakech.flow.cursor import NO_UTURN
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _
from marrakech.games.lines import wrapped_lines
from marrakech.games.narrate import one_line, rewound
from marrakech.games.session import WIN_CHANCE_AID, Session
from marrakech.games.settings import Settings
from marrakech.games.words import sentences
from marrakech.tui.files import (
    GameDocuments,
    PassingNotice,
    SettingsChanged,
    clear_notices,
    notifier,
    show_notice,
)
from marrakech.tui.screens.game_keys import (
    GAME_KEYS,
    IN_BROWSER_HELP,
    PALETTE,
    key_state,
    takes_back_a_pick,
    why_dimmed,
)
from marrakech.tui.screens.game_status import ChancesShown, Frame, Pointing, hint_found
from marrakech.tui.screens.market_screen import MarketScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.board import BoardWidget
from marrakech.tui.widgets.die_face import DieFace
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.key_footer import PALETTE_MIN_WIDTH, KeyFooter
from marrakech.tui.widgets.legend import Legend
from marrakech.tui.widgets.pacer import Pacer
from marrakech.tui.widgets.risk_preview import RiskPreview
from marrakech.tui.widgets.side_panel import SidePanel
from marrakech.tui.widgets.status_line import StatusLine
from marrakech.tui.widgets.too_small import TooSmall

if TYPE_CHECKING:
    from marrakech.games.session import GameSetup
    from marrakech.tui.screens.results import NextGame
    from marrakech.tui.screens.saves import OpenSave

HINT_WHY_SECONDS = 30.0
"""A hint's reasons stay this long at least, unless the decision is made first (they go
with the position they speak of) or Esc hides them: they take a while to weigh. Where
they would cover the risk table (a short terminal), they stay as long as any notice."""

HANDOVER_SECONDS = 0.8
"""When the next decision is a different person's from the last one made here (computers
may have played between), or a person's decision leaves them their own aim, the key that rolls
or aims is dimmed this long: the first player's Enter pressed twice rolled the next one's
die."""


class GameScreen(MarketScreen["NextGame"]):
    """One game, from the first turn to the results; dismisses with what its results
    chose (``NextGame``: the next game's set-up, a saved game to open, or "quit")."""

    # Room for the board's larger cells (app.tcss): 7x3 cells need 61x30 beside the 33-column
    # side panel, 11x5 89x44, and 8 rows more (status, log, footer); not ClassVars in Textual.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (94, "-wide"), (122, "-wider")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (38, "-tall"), (52, "-taller")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = list(GAME_KEYS)

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
        translate_bindings(self)
        self.settings = settings or Settings()
        """The player's settings (the app updates them when they change)."""
        self.flow = flow or GameFlow(session, notifier(self), game_file=game_file)
        self.documents = GameDocuments(lambda: self.flow.session)  # a client's is read anew
        self.pointing = Pointing()
        """What the person to move has picked but not played yet."""
        self.pacer = Pacer()
        """The walk, the computers' moves and the hints, at a pace a person can follow."""
        self._keys: tuple[tuple[str, str, bool], ...] = ()
        # A game resumed where they were used shows them: it counts as aided already.
        aided_before = WIN_CHANCE_AID in self.flow.session.aids
        self.chances = ChancesShown(aided_before and self.flow.why_no_win_chances() is None)
        """Each player's chance to win, while shown beside their points (``w``)."""
        self._results_open = False
        """True while the results are open over the final board (Enter is theirs)."""
        self._held: Pacer.Due | None = None
        """A computer's decision that came due while something was open over the board."""
        self.hint_why = PassingNotice()
        """A hint's reasons, while on screen."""
        self.bankruptcy = PassingNotice()
        """The news of a bankruptcy, while on screen (an undo takes it back with it)."""
        self._hinted_turn: Turn | None = None
        """The way the last hint turned Assam (its reasons go when he is turned another)."""
        self._handover_until = 0.0
        """Until when (``time.monotonic``) a roll is not taken (``HANDOVER_SECONDS``)."""
        self._last_person: int | None = None
        """The seat of the last person who decided (the hand-over pause is for another)."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main", classes="market-room"):
            with Vertical(id="market"):
                yield BoardWidget(id="board")
                yield StatusLine(id="status")
                yield GameLog(id="log")
            shown = self.settings.risk_preview
            risk_preview = shown if shown is not None else self.flow.has_people
            yield SidePanel(self.flow.seats, risk_preview=risk_preview, id="side")
        yield TooSmall(id="too-small")
        yield KeyFooter(palette_min_width=PALETTE_MIN_WIDTH)
        yield self.pacer

    def on_mount(self) -> None:
        self._advance()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the market, and say the status again once laid out at the new size: an aside
        it had room for may have none now, or the other way round."""
        super().on_resize(event)
        self.call_after_refresh(self._draw)

    def on_unmount(self) -> None:
        self.flow.close()  # an unfinished game stays, for another window or a later start

    # -- who may act ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.flow.state

    def levels(self) -> list[str | None]:
        """The computer that plays each seat now (``ComputerSeats.playing``; None: a person)."""
        return [self.flow.computers.playing(seat) for seat in self.flow.seats]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys of this moment; dim those that cannot act now (none act unseen)."""
        if not self.fits_the_market:
            return False
        walking = self.pacer.walking is not None
        state = key_state(self.flow, self.pointing, walking, action, parameters)
        if state and action in ("roll", "aim") and time.monotonic() < self._handover_until:
            return None  # a fresh look first (``HANDOVER_SECONDS``)
        return state

    def why_not_now(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a dimmed key cannot act, where the game can say (the help shows it)."""
        walking = self.pacer.walking is not None
        return why_dimmed(self.flow, self.pointing, walking, action, parameters)

    # -- drawing --------------------------------------------------------------------------

    @on(Pacer.Stepped)
    def _draw(self) -> None:
        """Tell every widget what to show (again at each step of a walk)."""
        self._refresh_keys()
        frame = Frame.of(
            self.flow, self.pacer.walking, self.pointing, results_open=self._results_open
        )
        self.query_one(BoardWidget).show(frame.state, **frame.marks)
        can_roll = bool(self.check_action("roll", ()))
        shown = self.chances.of(self.flow.state)
        self.query_one(SidePanel).show(
            frame, self.flow.names, can_roll=can_roll, chances=shown, levels=self.levels()
        )
        if self.chances.wanted(self.flow.state):
            self.pacer.chances(self.flow, self.flow.state)
        self.query_one(GameLog).show(frame.log, self.flow.names)
        status_line, status = self.query_one(StatusLine), frame.status
        if frame.aside and status_line.fits(aside := status + Text("\n" + frame.aside, "dim")):
            status = aside  # only where it has room: an aside is never cut, nor a notice
        status_line.show(status)

    async def language_changed(self) -> None:
        """Say everything again in the language spoken now, keeping everything the game
        holds (its widgets' words are built where they are drawn: a fresh draw speaks it)."""
        translate_bindings(self)
        self.query_one(TooSmall).speak()
        await self.query_one(KeyFooter).recompose()
        self.query_one(Legend).refresh()
        self.pointing = self.pointing.respoken(self.state)
        self._draw()

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

    def _advance(self, played: Transition | None = None) -> None:
        """Get ready for whatever the position waits for: a person, a computer or the end;
        after ``played`` (the decision just shown), first announce a bankruptcy it caused."""
        if played is not None and (notice := self.flow.bankruptcy(played)) is not None:
            self.bankruptcy.show(self.app, notice)
        self.pointing = Pointing.fresh(self.state)
        if played is not None and self.flow.seats[played.before.current].is_person:
            self._last_person = played.before.current
        if played is not None and HANDOVER_SECONDS > 0 and self._needs_a_fresh_look(played):
            self._handover_until = time.monotonic() + HANDOVER_SECONDS
            self.set_timer(HANDOVER_SECONDS, self._draw)  # the key shows again
        self._draw()
        if self.flow.over:
            self.action_results()
        elif self.flow.runs_computers:
            self.pacer.move(self.flow.computers)

    def action_results(self) -> None:
        """Show the results of the finished game (again, after looking at the board)."""
        from marrakech.tui.screens.results import ResultsScreen  # needed only at the end

        if any(isinstance(screen, ResultsScreen) for screen in self.app.screen_stack):
            return
        results = ResultsScreen(
            self.documents,
            self.flow.names,
            offer_new_game=not self.flow.networked,
            why_no_take_back=self.flow.why_no_undo(),
        )
        self.app.push_screen(results, self._results_closed)
        self._results_open = True
        self._draw()

    def _results_closed(self, choice: NextGame | None) -> None:
        self._results_open = False
        if choice == "board":
            self._draw()
        elif choice == "undo":
            self.action_undo()
        else:
            self.dismiss(choice or "quit")

    def _decide(self, action: Orient | Place | Aim | None) -> None:
        """Play a decision (None: roll the die) and show its walk, if it rolled; a network
        client's decision goes to the host and is shown when it comes back played."""
        try:
            played = self.flow.play(action)
        except MarrakechError as error:
            self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)
            return
        if played:
            self._show(played)

    def _show(self, played: tuple[Transition, ...]) -> None:
        """Show a decision just played: its walk, if it rolled, then what comes next."""
        self._forget_hint_why()
        if self.pacer.walk(self.flow, played[-1], self.settings.step_seconds):
            self._draw()
        else:
            self._advance(played[-1])

    @on(Pacer.Walked)
    def _walked(self) -> None:
        if (roll := self.pacer.walked()) is not None:
            self._advance(roll)

    def on_key(self, event: events.Key) -> None:
        """Any key skips the walk animation."""
        if (skipped := self.pacer.skip()) is not None:
            event.stop()
            event.prevent_default()
            self._advance(skipped)

    # -- computer players -----------------------------------------------------------------

    @on(Pacer.Due)
    def _due(self, event: Pacer.Due) -> None:
        if self.app.screen is not self and not self.flow.networked:
            # A question, the help or the log is open over the board: the computer waits
            # for the player to come back to it (at a network table, the game goes on).
            self._held = event
            return
        if played := self.flow.computers.play(event.state, event.action):
            self._show(played)

    def on_screen_resume(self) -> None:
        """Back at the board: a computer's decision held meanwhile is shown again, and
        played after the usual pause (a stale one, the game moved meanwhile, never is)."""
        held, self._held = self._held, None
        if held is not None and held.state is self.flow.state:
            self.pacer.again(held.state, held.action)

    @on(Pacer.Chosen)
    def _chosen(self, event: Pacer.Chosen) -> None:
        """Show a computer's decision for a moment before it is played."""
        self._point(self.pointing.showing(event.action))

    # -- orienting, aiming and laying -----------------------------------------------------

    def _point(self, pointing: Pointing | None) -> None:
        """Show a new pick; ring the bell when the key led nowhere."""
        if pointing is None:
            self.app.bell()
            return
        self.pointing = pointing
        self._draw()

    def action_turn(self, way: str) -> None:
        """Turn Assam (before the roll, or when aiming him for the next player); "back"
        says that he never turns round."""
        if way == "back":
            self._say(_(NO_UTURN))
        elif (turned := self.pointing.turned(self.state, way)) is not None:
            self._point(turned)
            if turned.turn != self._hinted_turn:  # the player's own way: the table is theirs
                self._forget_hint_why()

    def _needs_a_fresh_look(self, played: Transition) -> bool:
        """Whether ``played`` left the next decision to a different person from the last
        one who decided here (computers may have played between), or a person's decision
        left them their own aim (which Enter would give at once, the way picked for them)."""
        mover = self.flow.to_move
        if mover is None or not mover.is_person:
            return False
        if self._last_person == played.before.current and self.state.phase is Phase.AIM:
            return True  # their own decision, just made, leaves them their aim
        return self._last_person is not None and mover.number != self._last_person

    def action_roll(self) -> None:
        """Orient Assam as chosen and roll the die (or just roll, when aimed)."""
        if self.state.phase is not Phase.ORIENT:
            self._decide(None)
        elif self.pointing.turn is not None:
            self._decide(Orient(self.pointing.turn))

    def action_aim(self) -> None:
        """Aim Assam for the next player."""
        if self.pointing.turn is None:
            self._say(_("Pick a way first: ← left or → right, then Enter aims Assam."))
        else:
            self._decide(Aim(self.pointing.turn))

    def action_move_ghost(self, way: str) -> None:
        """Move the carpet to the nearest legal spot that way (turned, when that is the
        nearest: the market shows only the carpets that may be laid); where there is none,
        say so (a bell alone is not heard everywhere, such as in a browser)."""
        moved = self.pointing.moved(self.state, way)
        self._point(moved)
        if moved is None and self.pointing.carpet is not None:
            # Why the spot next that way is not allowed: the keys only stop at allowed ones.
            if why := self.pointing.why_not_further(self.state, way):
                none = _("No allowed spot further that way.")
                self._say(one_line(none, why, _("Tab goes through the allowed ones.")))
            else:
                self._say(_("No allowed spot further that way: Tab goes through them all."))

    def action_rotate(self) -> None:
        """Turn the carpet a quarter."""
        self._point(self.pointing.rotated(self.state))

    def action_cycle(self, step: int) -> None:
        """Go through every legal spot in turn."""
        self._point(self.pointing.cycled(self.state, step))

    def action_lay(self) -> None:
        """Lay the carpet shown; while the mouse shows an illegal spot, show the legal one.

        The mouse probe hides the keyboard's (legal) carpet; rather than lay a carpet that
        is not on screen, Enter first clears the probe, and the next Enter lays.
        """
        if self.pointing.probe is not None:
            self._point(self.pointing.unprobed().saying(_("Enter lays the carpet shown now.")))
        elif self.pointing.carpet is not None:
            self._decide(self.pointing.carpet)

    # -- the mouse ------------------------------------------------------------------------

    @on(BoardWidget.SquareHovered)
    def _hovered(self, event: BoardWidget.SquareHovered) -> None:
        """Probe the square under the mouse while a person lays a carpet."""
        if self.check_action("move_ghost", ()) is True:
            hovered = self.pointing.hovering(self.state, event.square)
            if hovered != self.pointing:
                self._point(hovered)

    @on(BoardWidget.SquareClicked)
    def _clicked(self, event: BoardWidget.SquareClicked) -> None:
        """Lay, pick or probe a carpet, or aim Assam, where a person clicks."""
        if self.pacer.walking is not None or not self.flow.person_to_move:
            return
        clicked = self.pointing.clicked(self.state, event.square, self.flow.lane_risks())
        if isinstance(clicked, Place):
            self._decide(clicked)
        elif clicked is not None:
            self._point(clicked)
            if clicked.probe is not None:
                notice = Notice(clicked.reason, title=_("Not there"), severity="warning")
                show_notice(self.app, notice)

    @on(DieFace.Clicked)
    def _die_clicked(self) -> None:
        if self.check_action("roll", ()):
            self.action_roll()

    # -- undo, redo, hints, saving --------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last decision a person made (computers' moves after it too).

        Guarded here, not only by check_action: the command palette calls it directly.
        """
        if takes_back_a_pick(self.flow, self.pointing):
            # Not played yet: the pick goes back to where the turn began, no decision undone.
            fresh = Pointing.fresh(self.flow.state)
            self._point(fresh.saying(_("Your pick is taken back.")))
            return
        why = self.flow.why_no_undo() or _("nothing to take back")
        self._rewind(redo=False, refused=_("Cannot undo: {why}.").format(why=why))

    def action_not_yours(self) -> None:
        """A key that plays, pressed while another player is to move (or the die is rolled
        for this seat at a network table): say so, rather than nothing."""
        state, flow = self.flow.state, self.flow
        if flow.reconnecting or flow.host_stopped:
            self._say(_("The host is out of reach: your keys work again once it is back."))
        elif state.current == flow.me:
            self._say(_("The die is being rolled: your keys work again once it has landed."))
        else:
            name = self.flow.names[state.current]
            self._say(_("It is {name}'s turn: wait for their decision.").format(name=name))

    def action_refused(self, action: str) -> None:
        """Say why a hidden or dimmed key cannot act (undo, redo, save, chances:
        ``key_state``)."""
        refused = {"undo": self.action_undo, "redo": self.action_redo, "save": self._no_save}
        refused.get(action, self.action_win_chances)()

    def _no_save(self) -> None:
        self._say(_("Only the host saves a network game before its end."))

    def action_redo(self) -> None:
        """Play again what the last undo took back (guarded, as undo is)."""
        self._rewind(redo=True, refused=_("Cannot redo: nothing to redo."))

    def _rewind(self, *, redo: bool, refused: str) -> None:
        if not (self.flow.can_redo if redo else self.flow.can_undo):
            self._say(refused)
            return
        self.pacer.stop()  # a walk is dropped unsettled: its roll is taken back
        before, asked = self.flow.session.transitions, None if redo else self.flow.undo_asked()
        self.flow.redo() if redo else self.flow.undo()
        self._forget_hint_why()
        if not redo:
            self.bankruptcy.take_back(self.app)
        self._advance()
        after = self.flow.session.transitions
        # The last undo's (or redo's) whole words, if still up as a notice, are contradicted
        # now, whether or not this one's fit the status line.
        self.query_one(StatusLine).overflow.take_back(self.app)
        if said := rewound(before, after, self.flow.names, redo=redo, asked=asked, brief=True):
            self._say(one_line(*said))

    def action_hint(self) -> None:
        """Ask the hint giver (the evaluator's best decision, ``flow.hint``) what to do here."""
        from marrakech.flow.hint import hint_move  # needed only when a hint is asked for

        self._say(_("Thinking about a hint..."))
        self.flow.note_hint()
        self.pacer.hint(hint_move(self.flow.state, chances=self.flow.why_no_win_chances() is None))

    @on(Pacer.Hinted)
    def _hinted(self, event: Pacer.Hinted) -> None:
        """Show the hint and why, unless the game has moved on meanwhile."""
        if self.flow.is_current(event.move):
            found = hint_found(event.move, event.result)
            self._point(self.pointing.hinting(event.result, found))
            self._hinted_turn = self.pointing.turn
            if why := sentences(found.sentences if found is not None else ()):
                # A hint asked again: its reasons once, not stacked.
                notice = Notice(why, title=_("Why this hint"))
                self.hint_why.show(self.app, notice, at_least=self._why_seconds(why))

    def _why_seconds(self, why: str) -> float:
        """The least a hint's reasons ``why`` stay: HINT_WHY_SECONDS, unless they would
        lie over the risk table they speak of (a short terminal); then only as long as
        they take to read, as any notice."""
        risk = self.query_one(RiskPreview)
        if not risk.display:
            return HINT_WHY_SECONDS
        # A notice is as wide as the side panel: its words, its title, its padding and
        # the row above it, standing on the footer.
        width = max(1, self.query_one(SidePanel).size.width - 4)
        rows = sum(len(wrapped_lines(part, width)) for part in why.splitlines()) + 4
        clear = risk.region.bottom <= self.size.height - 1 - rows
        return HINT_WHY_SECONDS if clear else 0.0

    def on_screen_suspend(self) -> None:
        """A screen opened over the game (the help, the log) takes a hint's reasons away:
        they would lie over it."""
        self._forget_hint_why()

    def _forget_hint_why(self) -> None:
        """Take a hint's reasons off the screen once the position they speak of is gone
        (their figures would contradict the panels)."""
        self.hint_why.take_back(self.app)

    def action_hide_notices(self) -> None:
        """Take the notices off the board (a hint's reasons among them, sooner than they go)."""
        clear_notices(self.app)

    def action_open_log(self) -> None:
        """The whole game so far on a screen of its own, to scroll through."""
        from marrakech.tui.screens.log import LogScreen

        self.app.push_screen(LogScreen(self.flow.log(), self.flow.names))

    def action_win_chances(self) -> None:
        """Show or hide each player's chance to win now (guarded, as undo is: never to a
        person playing against other people before the game is over)."""
        if (reason := self.flow.why_no_win_chances()) is not None:
            self._say(_("Chances to win: {reason}.").format(reason=reason))
            return
        if self.chances.toggle():
            self._say(_("Chances to win, after the mover's best move (w hides)."))
        self._draw()

    @on(Pacer.Chances)
    def _chances_found(self, event: Pacer.Chances) -> None:
        if self.chances.found(event.state, event.chances):
            self._draw()

    def action_toggle_risk(self) -> None:
        """Show or hide the risk preview."""
        self.post_message(SettingsChanged(risk_preview=self.query_one(SidePanel).toggle_risk()))

    def action_save(self) -> None:
        """Save the game under a name."""
        self.documents.save(self.app)

    def action_export_log(self) -> None:
        """Write the game log as text into the data directory (in a browser, download it)."""
        self.documents.export(self.app)

    def action_new_game(self) -> None:
        """Set up another game over this one (Escape there comes back to it): a new game,
        or a saved one, takes this one's place, which stays unfinished in Saved games."""
        from marrakech.tui.screens.setup import NewGameScreen  # needed only for a new game

        def chosen(choice: GameSetup | OpenSave | None) -> None:
            if choice is not None:
                self.dismiss(choice)

        form = NewGameScreen(self.flow.session.setup, over="game", playing=self.flow.autosave_path)
        self.app.push_screen(form, chosen)

    def palette_entries(self) -> Iterable[tuple[SystemCommand, str]]:
        """This screen's entries for the command palette (undo, redo, hint when they act),
        each with its title in English."""
        for action, title, help_text in PALETTE:
            always = ("export_log", "toggle_risk", *(("save",) if self.flow.can_save else ()))
            if action in always or self.check_action(action, ()):
                said = IN_BROWSER_HELP.get(action, help_text) if self.app.is_web else help_text
                command = SystemCommand(_(title), _(said), getattr(self, f"action_{action}"))
                yield command, title
