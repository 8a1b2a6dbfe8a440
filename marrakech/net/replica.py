"""A client's copy of the game: a GameFlow kept by what the host sends.

``ReplicaFlow`` is built from the host's ``game`` message and applies every ``played``
one with the engine, the rolls taken from the host (a ``LoadedDie`` that grows with each
roll), so its position is the host's. Its ``decide`` does not play: it sends the
intention, and the host's answer arrives as a ``played`` message (or an ``error``).
Whatever the host sends is checked here; a message that cannot be used is a HostError.
A new roll arrives in a ``played`` message of its own once its facing is fixed (the
client checks it: ``client``, ``fair``); meanwhile the die is being rolled (``rolling``).
While the client tries to reach a host it lost the copy is ``reconnecting``; once the
client has stopped for good (``stop``: its seat taken, the host gone) it no longer plays.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from marrakech.engine import (
    Aim,
    GameState,
    IllegalAction,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Roll,
    Transition,
    Variant,
    parse_action,
)
from marrakech.flow import GameFlow, Seat, SeatKind
from marrakech.games.dice import LoadedDie
from marrakech.games.language import _
from marrakech.games.reasons import said
from marrakech.games.records import SaveFileError, setup_from_dict
from marrakech.games.session import Session
from marrakech.games.text import quoted
from marrakech.net import texts
from marrakech.net.protocol import PROTOCOL_VERSION, encode

Send = Callable[[str], None]
"""Sends one message to the host; IllegalAction when not connected."""


class HostError(MarrakechError):
    """The host sent something this client cannot use."""


class ReplicaFlow(GameFlow):
    """The game as a client sees it; see the module docstring.

    ``me`` is the seat this client plays (None for a spectator); with a ``level``, a
    computer of that level plays it here (``computers``), every other seat is played at
    the host. The client tells every change to the flow's listeners (``tell``).
    """

    networked = True
    can_save = False

    def __init__(self, game: dict[str, Any], send: Send, *, level: str | None = None) -> None:
        """Build the replica from the host's ``game`` message; HostError when unusable."""
        super().__init__(_session(game), lambda notice: None, autosave=False)
        self._game = game
        """The host's last game message: the public start from which tops are revealed."""
        self._send = send
        self._ids = 0
        self._undo_request: int | None = None
        """The id of this seat's last undo request."""
        self.awaiting_undo: str | None = None
        """The player this seat asked to agree to an undo, until the answer (or a new
        decision, which drops the request) comes."""
        self.level = level
        """The computer level that plays this client's seat; None: a person plays it."""
        self._left: dict[int, float] = {}
        """When (``time.time()``) each seat's player left the table, as the host said."""
        self._awaited: set[int] = set()
        """The seats whose players have not joined the table yet, as the host said."""
        self._read_seats(game)

    def stop(self, reason: str, *, host_gone: bool = False) -> None:
        """The client has stopped for good (``reason``, in its words): nothing is sent
        from now on; ``host_gone``: because the host could not be reached."""
        self.stopped = reason
        self.host_gone = host_gone
        self.reconnecting = False

    @property
    def runs_computers(self) -> bool:
        """True when a computer plays this client's seat (this front end runs it)."""
        return self.level is not None

    def plays_here(self, seat: Seat) -> bool:
        """Only this client's own seat, when a computer plays it here."""
        return self.level is not None and seat.number == self.me

    @property
    def rolling(self) -> bool:
        """True while the host rolls the die: the facing is fixed, and under the standard
        rules nobody decides to roll (the roll comes from the host)."""
        return self.state.phase is Phase.ROLL and self.state.variant is Variant.STANDARD

    @property
    def person_to_move(self) -> bool:
        """True when the game waits for a person's decision (not while the die is rolled,
        nor while the host is out of reach)."""
        if self.rolling or self.reconnecting or self.stopped is not None:
            return False
        return super().person_to_move

    def load(self, game: dict[str, Any]) -> None:
        """Read the whole game again (after an undo, a rename or a reconnection)."""
        self.session = _session(game)
        self._game = game
        self.undo_asker = None
        self.reconnecting = False
        self.host_stopped = False
        self._read_seats(game)

    def _read_seats(self, game: dict[str, Any]) -> None:
        you = game.get("you")
        if you is not None and (not isinstance(you, int) or not 0 <= you < len(self.names)):
            raise HostError(_("the host gave an unknown seat {seat}").format(seat=quoted(you, 20)))
        self.me = you
        self.read_table(game.get("table"))

    def read_table(self, table: object) -> None:
        """Read who plays each seat from the host's table."""
        if not isinstance(table, list) or len(table) != len(self.names):
            raise HostError(_("the host sent a table of seats that does not fit the game"))
        seats = []
        for number, row in enumerate(table):
            kind = row.get("kind") if isinstance(row, dict) else None
            level = row.get("level") if isinstance(row, dict) else None
            name = self.names[number]
            if number == self.me and self.level is not None:
                seats.append(Seat(number, name, SeatKind.COMPUTER, self.level))
            elif kind == SeatKind.COMPUTER.value and isinstance(level, str):
                seats.append(Seat(number, name, SeatKind.COMPUTER, level))
            elif kind == SeatKind.PERSON.value:
                mine = SeatKind.PERSON if number == self.me else SeatKind.REMOTE
                seats.append(Seat(number, name, mine))
            else:
                raise HostError(
                    _("the host sent an unknown seat kind {kind}").format(kind=quoted(kind, 20))
                )
        self.seats = tuple(seats)
        self.here = tuple(bool(row.get("here")) for row in table)
        """Whether each seat's player is connected (a computer always is)."""
        now = time.time()
        left: dict[int, float] = {}
        for number, row in enumerate(table):
            away = row.get("away")
            if self.here[number] or type(away) is not int or not 0 <= away < 2**31:
                continue
            # The first time heard stays (each table says it again, a little later).
            left[number] = self._left.get(number, now - away)
        self._left = left
        self._awaited = {
            number
            for number, row in enumerate(table)
            if not self.here[number] and row.get("joined") is False
        }

    def away_since(self, seat: int) -> float | None:
        """When the player of seat ``seat`` left the table, as the host told (None: here,
        or not come yet)."""
        return self._left.get(seat)

    def awaited(self, seat: int) -> bool:
        """True while the player of seat ``seat`` has not joined the table yet, as the
        host told."""
        return seat in self._awaited

    def apply(self, message: dict[str, Any]) -> tuple[Transition, ...]:
        """Play a ``played`` message on the replica; HostError when it does not fit."""
        at = message.get("at")
        actions = message.get("actions")
        if at != self.actions_played or not isinstance(actions, list):
            raise HostError(
                _(
                    "the host's move for action {sent} does not follow action {here} of this "
                    "copy of the game"
                ).format(sent=quoted(at, 20), here=self.actions_played)
            )
        played = []
        for text in actions:
            if not isinstance(text, str) or len(text) > 16:
                raise HostError(
                    _("the host sent the action {action}").format(action=quoted(text, 20))
                )
            try:
                action = parse_action(text)
                if isinstance(action, Roll):
                    assert isinstance(self.session.dice, LoadedDie)
                    self.session.dice = LoadedDie((*self.session.dice.values, action.value))
                played.append(self.session.play(action))
            except MarrakechError as error:
                raise HostError(
                    _("the host's action {action}: {problem}").format(
                        action=quoted(text, 20), problem=error
                    )
                ) from None
        self.undo_asker = None
        self._reveal(message.get("tops"))
        return tuple(played)

    def _reveal(self, tops: object) -> None:
        """Take the piles' new tops from the host: the start it sent hides what lies under
        each top, so the carpet uncovered by a laying is learnt only now."""
        state = self.state
        if not isinstance(tops, list) or len(tops) != len(state.players):
            raise HostError(_("the host's move lacks the tops of the piles"))
        laid = Counter(t.seat for t in self.session.transitions if isinstance(t.action, Place))
        start = self._game["start"]
        changed = False
        for seat, (player, top) in enumerate(zip(state.players, tops, strict=True)):
            mine = None if player.top is None else player.top.name.lower()
            if top == mine:
                continue
            names = [colour.name.lower() for colour in player.colours]
            if top not in names or player.top is None:
                raise HostError(
                    _("the host gave seat {seat} the top {top}").format(
                        seat=seat + 1, top=quoted(top, 20)
                    )
                )
            start["players"][seat]["pile"][laid[seat]] = top
            changed = True
        if changed:
            self._game["actions"] = [str(action) for action in self.session.actions]
            self.session = _session(self._game)

    # -- what this seat sends -------------------------------------------------------------

    def decide(self, action: Orient | Place | Aim) -> tuple[Transition, ...]:
        """Send the decision to the host; the move arrives later (a ``played`` Change).

        IllegalAction, with the engine's reason, when it is not this seat's turn or the
        engine refuses the decision; nothing is sent then.
        """
        self._my_turn()
        reason = self.state.why_illegal(action)
        if reason is not None:
            raise IllegalAction(
                _("cannot play {action}: {reason}").format(action=action, reason=said(reason))
            )
        self._post("act", at=self.actions_played, action=str(action))
        return ()

    def roll(self) -> Transition:
        """Refused: the die is the host's; ``play(None)`` asks the host to roll."""
        raise IllegalAction("the die is the host's: ask it to roll with play(None)")

    def play(self, decision: Orient | Place | Aim | None) -> tuple[Transition, ...]:
        """Send a decision (None: roll the die, in the aiming variant) to the host; the
        move arrives later, as a ``played`` Change."""
        if decision is not None:
            return self.decide(decision)
        self._my_turn()
        if self.rolling:
            raise IllegalAction(_(texts.ROLLING))
        refused = self.state.why_illegal(Roll(1))
        if refused is not None:
            raise IllegalAction(said(refused))
        self._post("act", at=self.actions_played, action="roll")
        return ()

    def why_no_undo(self) -> str | None:
        """None when an undo may be asked for, else why not (a spectator has nothing to
        take back, whatever the takebacks)."""
        if self.me is None:
            return _("a spectator has no decisions")
        return super().why_no_undo()

    def undo(self) -> None:
        """Ask the host to take back the last decision (its owner may have to agree)."""
        reason = self.why_no_undo()
        if reason is not None:
            raise IllegalAction(_(texts.CANNOT_UNDO).format(reason=reason))
        asked = self.undo_asked()
        self._undo_request = self._post("undo", at=self.actions_played)
        self.awaiting_undo = None if asked is None else self.names[asked[0]]

    def take_seat_back(self) -> None:
        """Ask the host for this seat back from the computer it let play it (the host says
        who plays each seat in ``seats``)."""
        if self.me is None:
            raise IllegalAction(_(texts.SPECTATOR))
        if not self.given_away:
            raise IllegalAction(_(texts.SEAT_IS_YOURS))
        self._post("back")

    def is_undo_request(self, request: object) -> bool:
        """Whether the host's answer to ``request`` (its id) answers this seat's last undo
        request: a refusal of it is an undo refused, as when the owner says no."""
        return request is not None and request == self._undo_request

    def redo(self) -> None:
        """Redo is not offered over the network."""
        raise IllegalAction(_("cannot redo in a network game"))

    def answer_undo(self, accept: bool) -> None:
        """Answer the undo request another player made of this seat."""
        if self.undo_asker is None:
            raise IllegalAction(_(texts.NOBODY_ASKED))
        self.undo_asker = None
        self._post("answer", accept=accept)

    def _my_turn(self) -> None:
        seat = self.to_move
        if seat is None:
            raise IllegalAction(_(texts.GAME_OVER))
        if self.me is None:
            raise IllegalAction(_(texts.SPECTATOR))
        if seat.number != self.me:
            raise IllegalAction(_(texts.NOT_YOUR_TURN).format(name=seat.name))

    def _post(self, kind: str, **fields: object) -> int:
        """Send a request to the host; returns its id (the host's error names it)."""
        if self.stopped is not None:
            raise IllegalAction(
                _("this copy of the game no longer plays: {reason}").format(reason=self.stopped)
            )
        self._ids += 1
        self._send(encode(kind, id=self._ids, **fields))
        return self._ids


def _session(game: dict[str, Any]) -> Session:
    """The replica's Session: the host's set-up (without its seed), start and actions."""
    if not isinstance(game, dict) or game.get("version") != PROTOCOL_VERSION:
        raise HostError(_("the host speaks another version of the protocol"))
    actions = game.get("actions")
    if not isinstance(actions, list):
        raise HostError(_("the host's game lacks its actions"))
    try:
        game_setup = setup_from_dict(game.get("setup"), secret=False)
        start = GameState.from_dict(game.get("start"))
        played = [parse_action(text) if isinstance(text, str) else None for text in actions]
        if None in played:
            raise HostError(_("the host's actions are not all text"))
        rolls = tuple(action.value for action in played if isinstance(action, Roll))
        return Session(game_setup, played, start=start, dice=LoadedDie(rolls))  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError, MarrakechError) as error:
        if isinstance(error, HostError):
            raise
        if isinstance(error, SaveFileError):
            raise HostError(
                _("the host's set-up cannot be read: {problem}").format(problem=error)
            ) from None
        raise HostError(
            _("the host's game cannot be read: {problem}").format(problem=quoted(str(error), 80))
        ) from None
