"""The game flow: one game being played, for any front end.

``GameFlow`` owns the Session and answers what a front end needs: whose turn it is and
what kind of seat that is, the decisions a person makes, undo and redo, the autosave,
and what just happened (``TurnRecap``); its ``computers`` (``flow.computers``) run the
computer seats. It never draws and never waits: the front end asks, schedules and shows.

It is also the interface of every kind of table: a local game is a GameFlow, and so are
a network host's game (``net.host_flow.HostFlow``) and a client's copy of one
(``net.replica.ReplicaFlow``). A front end draws any of them the same way, hears what
happens with ``listen`` (a ``Change`` each time: a decision played here or elsewhere, the
game read again, an undo to agree to), and reads ``me``, ``undo_asker``,
``runs_computers`` and ``can_save`` for what differs between tables.

A decision is one thing a player settles: orienting Assam rolls the die with it, so
``decide(Orient(...))`` plays the orient and the roll; laying a carpet and aiming are
decisions of their own; in the aiming variant the roll is one too. Each decision, undo
and redo writes the autosave once.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from marrakech.engine import (
    Action,
    Aim,
    GameState,
    IllegalAction,
    Orient,
    Phase,
    Place,
    Roll,
    Square,
    Transition,
)
from marrakech.flow.autosave import Autosaver
from marrakech.flow.changes import Change, Listener
from marrakech.flow.computers import ComputerMove, ComputerSeats
from marrakech.flow.notice import Notice, Notify
from marrakech.flow.recap import TurnRecap, recaps
from marrakech.flow.risk import LaneRisk, lane_risks
from marrakech.flow.seats import Seat, SeatKind
from marrakech.games import language
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _, ngettext
from marrakech.games.reasons import said
from marrakech.games.session import HINT_AID, WIN_CHANCE_AID, Session


class GameFlow:
    """One game from its current position to the end; see the module docstring."""

    networked: ClassVar[bool] = False
    """True at a network table (a host's game or a client's copy of one)."""

    can_save: ClassVar[bool] = True
    """Whether this table holds the whole game, hidden piles and all, to save it (a
    client's copy does not)."""

    reconnecting: bool = False
    """True while a network client tries to reach the host it lost (nothing can be sent)."""

    host_stopped: bool = False
    """True while a network client waits for a host that stopped its game (it may host it
    again from its autosave), and once it gave up waiting; False when the connection was
    lost otherwise."""

    stopped: str | None = None
    """Why a network client stopped for good (its seat taken, the host gone), in its words:
    once set, the table no longer plays. None at every other table."""

    host_gone: bool = False
    """True when a network client stopped because the host could not be reached any more."""

    def __init__(
        self,
        session: Session,
        notify: Notify,
        *,
        autosave: bool = True,
        game_file: GameFile | None = None,
        remote: Collection[int] = (),
    ) -> None:
        """Play ``session``'s game on; ``notify`` shows the player's notices.

        ``game_file`` is the autosave file of a resumed game (locked by the caller); a
        game without one gets its own at its first decision. ``remote`` are the seats
        played elsewhere (over the network): people in the set-up, decided by no one here.
        """
        self.session = session
        self.notify = notify
        self._over_when_opened = session.state.phase is Phase.OVER
        self._autosaver = (
            Autosaver(session, lambda notice: self.notify(notice), game_file) if autosave else None
        )
        setup = session.setup
        self.seats = tuple(
            Seat(number, name, SeatKind.REMOTE if number in remote else SeatKind.PERSON)
            if setup.is_person(number)
            else Seat(number, name, SeatKind.COMPUTER, setup.level(number))
            for number, name in enumerate(setup.names)
        )
        """Every seat, in seat order."""
        self.me: int | None = None
        """The one seat this front end plays at a network table; None at a local table
        (every person seat is played here) and for a spectator or a headless host."""
        self.undo_asker: str | None = None
        """The name of the player asking ``me`` to agree to an undo (None: nobody asks)."""
        self.computers = ComputerSeats(self)
        """The driver of the computer seats this flow plays."""
        self._listeners: list[Listener] = []
        self._recaps: tuple[Transition | None, int, str, tuple[TurnRecap, ...]] = (
            None,
            -1,
            "",
            (),
        )
        self._risks: tuple[GameState | None, tuple[LaneRisk, ...]] = (None, ())
        self._counted: tuple[GameState | None, int] = (None, 0)

    # -- reading the game ----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.session.state

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self.session.setup.names

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase is Phase.OVER

    @property
    def to_move(self) -> Seat | None:
        """The seat the game waits for (None when it is over)."""
        return None if self.over else self.seats[self.state.current]

    def hand_seat(self, number: int, kind: SeatKind, level: str | None = None) -> Seat:
        """Let someone else play seat ``number`` from now on (the game stays as it is).

        A network host gives a seat whose player left to a computer (``COMPUTER`` with a
        level) and back to its player (``REMOTE``) when they return. The saved set-up
        does not change: the seat stays its player's.
        """
        if kind is SeatKind.COMPUTER and level is None:
            raise ValueError("a computer seat needs a level")
        old = self.seats[number]
        seat = Seat(number, old.name, kind, level if kind is SeatKind.COMPUTER else None)
        self.seats = (*self.seats[:number], seat, *self.seats[number + 1 :])
        self.computers.forget(number)
        self.tell(Change("seats", number))
        return seat

    def rename(self, number: int, name: str) -> None:
        """Call seat ``number``'s player ``name`` from now on (the log and saves say it).

        MarrakechError when the name is not one a player may have.
        """
        self.session.setup = replace(
            self.session.setup,
            names=tuple(name if n == number else old for n, old in enumerate(self.names)),
        )
        self.seats = tuple(
            replace(seat, name=name) if seat.number == number else seat for seat in self.seats
        )
        self._recaps = (None, -1, "", ())

    @property
    def actions_played(self) -> int:
        """How many actions the game holds so far, die rolls included."""
        if self._counted[0] is not self.state:
            self._counted = (self.state, len(self.session.transitions))
        return self._counted[1]

    @property
    def has_people(self) -> bool:
        """True when a person plays at least one seat here."""
        return any(seat.is_person for seat in self.seats)

    @property
    def person_to_move(self) -> bool:
        """True when the game waits for a person's decision."""
        seat = self.to_move
        return seat is not None and seat.is_person

    @property
    def rolling(self) -> bool:
        """True while a network game's roll waits for a player's share of the dice (its
        facing fixed: nobody decides); never at a local table."""
        return False

    @property
    def nobody_to_share(self) -> bool:
        """True at a network game's host while no player who plays from elsewhere is
        there to add a share to a roll (it then waits a little for one who is away, and
        is the host's alone after); never at a local table."""
        return False

    def away_since(self, seat: int) -> float | None:
        """When (``time.time()``) the player of seat ``seat``, who plays from elsewhere,
        left the table; None while they are here (or have not come yet), and at a local
        table."""
        return None

    def awaited(self, seat: int) -> bool:
        """True while the player of seat ``seat``, who plays from elsewhere, has not
        joined the table yet; never at a local table."""
        return False

    @property
    def recaps(self) -> tuple[TurnRecap, ...]:
        """Every turn so far, the current one (maybe unfinished) last, in the language
        spoken now."""
        transitions = self.session.transitions
        last = transitions[-1] if transitions else None
        spoken = language.current()
        if self._recaps[0] is not last or self._recaps[1:3] != (len(transitions), spoken):
            self._recaps = (last, len(transitions), spoken, recaps(transitions, self.names))
        return self._recaps[3]

    @property
    def latest(self) -> TurnRecap | None:
        """The turn played last (or being played)."""
        return self.recaps[-1] if self.recaps else None

    @property
    def last_roll(self) -> TurnRecap | None:
        """The latest turn that rolled the die."""
        return next((recap for recap in reversed(self.recaps) if recap.roll is not None), None)

    @property
    def region_just_paid(self) -> frozenset[Square]:
        """The region the last roll paid for, while its carpet is not laid yet."""
        transitions = self.session.transitions
        if transitions and isinstance(transitions[-1].action, Roll):
            return transitions[-1].region
        return frozenset()

    def bankruptcy(self, played: Transition) -> Notice | None:
        """The news of a bankruptcy a roll caused, to tell when the walk has been seen."""
        if played.eliminated is None:
            return None
        name = self.names[played.eliminated]
        return Notice(
            ngettext(
                "{name} cannot pay {toll} dirham: bankrupt and out of the game!",
                "{name} cannot pay {toll} dirhams: bankrupt and out of the game!",
                played.toll,
            ).format(name=name, toll=played.toll),
            title=_("Bankruptcy"),
            severity="warning",
            lasting=True,
        )

    @property
    def autosave_path(self) -> Path | None:
        """The file the unfinished game autosaves to; None before its first decision, once
        it is over, or without autosave."""
        saver = self._autosaver
        if saver is None or saver.file is None or saver.finished:
            return None
        return saver.file.path

    def log(self) -> list[str]:
        """The game so far in words, one sentence per turn."""
        return [recap.words for recap in self.recaps]

    # -- hearing what happens -------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        """Call ``listener`` with every Change from now on (in the thread that plays)."""
        self._listeners.append(listener)

    def tell(self, change: Change) -> None:
        """Pass a change to every listener."""
        for listener in self._listeners:
            listener(change)

    # -- decisions -----------------------------------------------------------------------

    def play(self, decision: Orient | Place | Aim | None) -> tuple[Transition, ...]:
        """A decision of the seat to move (None: the roll, where rolling is one); returns
        what it played here (a network game's client gets its moves later)."""
        return self.decide(decision) if decision is not None else (self.roll(),)

    def decide(self, action: Orient | Place | Aim) -> tuple[Transition, ...]:
        """Play a person's or computer's decision for the seat to move.

        An Orient rolls the die with it (both transitions are returned). Raises
        IllegalAction, saying why, when the engine refuses; nothing changes then.
        """
        reason = self.state.why_illegal(action)
        if reason is not None:
            # Translators: {action} is notation (c2.3-2.4); {reason} is the rules' reason.
            raise IllegalAction(
                _("cannot play {action}: {reason}").format(action=action, reason=said(reason))
            )
        if isinstance(action, Orient):
            self.session.next_roll()  # a die that cannot roll refuses before anything changes
        seat = self.state.current
        played: tuple[Transition, ...] = (self.session.play(action),)
        if isinstance(action, Orient):
            played += (self.session.roll(),)
        self._played(seat, played)
        return played

    def roll(self) -> Transition:
        """Roll the die from the game's stream (a decision of its own in the aiming variant)."""
        refused = self.state.why_illegal(Roll(1))  # any face: what is asked is the phase
        if refused is not None:
            raise IllegalAction(said(refused))
        seat = self.state.current
        transition = self.session.roll()
        self._played(seat, (transition,))
        return transition

    def _played(self, seat: int, played: tuple[Transition, ...]) -> None:
        """Tell everyone of a decision just played, then write the autosave."""
        self.undo_asker = None
        self.tell(Change("played", seat, played))
        self._settled()

    def _settled(self) -> None:
        """Write the autosave after a decision or a seat's new name (or keep the game with
        the finished ones when it just ended)."""
        if self._autosaver is None:
            return
        if self.over:
            self._autosaver.game_over()
        else:
            self._autosaver.save()

    def answer_undo(self, accept: bool) -> None:
        """``me`` answers another player's undo request (a network table); IllegalAction
        when nobody asked."""
        raise IllegalAction(_("nobody asked you to take back a decision"))

    def give_to_computer(self, seat: int, level: str) -> None:
        """A computer of ``level`` plays seat ``seat`` (0-based) whose player is away, until
        they come back: only a network game's host does this; IllegalAction says why not."""
        raise IllegalAction(_("only the host of a network game gives a seat to a computer"))

    def close(self) -> None:
        """The front end lets go of the game: its autosave stays, unlocked, to resume, and
        no outside bot's answer is waited for any more."""
        self.computers.give_up()
        if self._autosaver is not None:
            self._autosaver.close()

    # -- computer seats and hints --------------------------------------------------------

    @property
    def runs_computers(self) -> bool:
        """Whether the front end runs the computer seats (with ``computers``); False where
        another part plays them and their moves arrive as Changes (a network host's)."""
        return True

    @property
    def given_away(self) -> bool:
        """Whether the host lets a computer play this board's own seat at a network table
        (its player let their turn wait, or left), until they are back."""
        me = self.me
        return (
            me is not None and not self.runs_computers and self.seats[me].kind is SeatKind.COMPUTER
        )

    def take_seat_back(self) -> None:
        """Play this board's own seat again, which the host let a computer play (a network
        table; ``given_away``); IllegalAction says why not."""
        raise IllegalAction(_("no computer plays your seat: it is yours"))

    def plays_here(self, seat: Seat) -> bool:
        """True when ``seat`` is a computer seat this flow plays (``computers`` runs it)."""
        return seat.kind is SeatKind.COMPUTER

    def is_current(self, move: ComputerMove) -> bool:
        """True while ``move`` still asks about the current position (no undo came between)."""
        return move.state is self.state

    def lane_risks(self) -> tuple[LaneRisk, ...]:
        """The risk of each facing the player to move may choose (see ``flow.risk``)."""
        if self._risks[0] is not self.state:
            self._risks = (self.state, lane_risks(self.state))
        return self._risks[1]

    # -- undo and redo -------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """True when undo() would take something back."""
        return self.why_no_undo() is None

    def why_no_win_chances(self) -> str | None:
        """None when the chances to win may be shown now, else why not: never to a person
        while other people play (a network game, or more than one person here) until the
        game is over."""
        if self.over:
            return None
        if self.networked:
            return _("not in a network game before the end")
        if sum(1 for seat in self.seats if seat.is_person) > 1:
            return _("not against other people before the end")
        return None

    def win_chances(self, state: GameState | None = None) -> tuple[float, ...]:
        """Each seat's chance to win in ``state`` (by default now), by the evaluator
        (``bots.evaluator``), 0 to 1; a game not over remembers the aid (``Session.aids``).
        ValueError with the reason when they may not be shown (``why_no_win_chances``).

        Where a decision is to be made (a facing, a carpet or an aim), the chances after
        the best one (as the hint ranks them, ``flow.judging``): the figures a hint quotes
        there are the same. A front end may ask from a worker thread, with the position it
        shows.
        """
        reason = self.why_no_win_chances()
        if reason is not None:
            raise ValueError(reason)
        from marrakech.flow.judging import win_chances  # only when asked for

        if not self.over:
            self.session.aids.add(WIN_CHANCE_AID)
        return win_chances(self.state if state is None else state)

    def note_hint(self) -> None:
        """Remember that a hint was asked for (``Session.aids``), unless the game is over."""
        if not self.over:
            self.session.aids.add(HINT_AID)

    def _given_to_computers(self) -> frozenset[int]:
        """The seats a computer plays now (a network host may give a person's seat to one):
        their moves are taken back with the decision before them."""
        return frozenset(seat.number for seat in self.seats if seat.kind is SeatKind.COMPUTER)

    def undo_seat(self) -> int | None:
        """The seat whose decision undo() would take back, or None when there is none."""
        return self.session.undo_seat(self._given_to_computers())

    def undo_decision(self) -> Action | None:
        """The decision undo() would take back, or None when there is none."""
        undone = self.session.undone(self._given_to_computers())
        return None if undone is None else undone.action

    def undo_asked(self) -> tuple[int, Action] | None:
        """Whose decision undo() would take back and which, when another player's: at a
        network table its owner is asked first (``narrate.rewound`` says so)."""
        undone = self.session.undone(self._given_to_computers())
        if not self.networked or undone is None or undone.seat == self.me:
            return None
        return undone.seat, undone.action

    def why_no_undo(self) -> str | None:
        """None when undo is possible, else why not.

        A person's decision to take back (the computers' moves after it go with it), a
        seen roll only with takebacks on, and with several people at the keyboard and
        takebacks off, a player takes back only their own decisions, never another
        player's. The end of a game played here is taken back only with takebacks on (a
        game over when it was opened, or at a network table, stays over).
        """
        if self.over and (self.networked or self._over_when_opened):
            return _("the game is over")
        reason = self.session.why_no_undo(self._given_to_computers())
        if reason is None and self.over and not self.session.setup.takeback_allowed:
            reason = _("takebacks are off, so the end of the game stands")
        owner, to_move = self.undo_seat(), self.to_move
        if reason is None and self._handed_on() and not self.session.setup.takeback_allowed:
            assert owner is not None and to_move is not None
            reason = _(
                "takebacks are off, so {name}'s decision stands now that it is {next}'s turn"
            ).format(name=self.names[owner], next=self.names[to_move.number])
        if reason is not None and owner is not None and not self.networked:
            # Refused by the setting alone (a decision is there to take back): say where
            # it is, for the next game (Auto means off where several people play).
            return _("{reason} (a new game's Takeback setting allows them)").format(reason=reason)
        return reason

    def _handed_on(self) -> bool:
        """Whether the decision undo would take back is one person's, after the turn was
        handed on to another person at this keyboard (a takeback, as a roll seen is)."""
        owner, to_move = self.undo_seat(), self.to_move
        people = sum(1 for seat in self.seats if seat.is_person)
        return (
            people > 1
            and to_move is not None
            and to_move.is_person
            and owner is not None
            and owner != to_move.number
        )

    @property
    def can_redo(self) -> bool:
        """True when redo() would play something again (never once the game is over)."""
        return not self.over and self.session.can_redo

    def undo(self) -> None:
        """Take back the last decision a person made (the computers' moves after it too).

        Whether it may go back past a roll already seen, or the end of the game, or take
        back another player's decision, is the set-up's takeback setting (see
        ``why_no_undo``); a game whose end is taken back goes back among the unfinished
        games (``Autosaver.reopen``) and says a takeback was used. The rolls after
        an undo are fresh draws, never the ones taken back (``Session.undo``), and a game
        where a roll was taken back, or a decision after its turn was handed on to another
        person, says so (``TAKEBACK_AID``). Raises IllegalAction saying why not.
        """
        reason = self.why_no_undo()
        if reason is not None:
            raise IllegalAction(_("cannot undo: {reason}").format(reason=reason))
        ended = self.over  # the result was seen: taking it back is a takeback, as a roll is
        self.session.undo(self._given_to_computers(), handed_on=self._handed_on() or ended)
        if ended and self._autosaver is not None:
            self._autosaver.reopen()
        self._settled()

    def redo(self) -> None:
        """Play again what the last undo took back; IllegalAction when there is nothing."""
        if self.over:
            raise IllegalAction(_("cannot redo: the game is over"))
        self.session.redo()
        self._settled()
