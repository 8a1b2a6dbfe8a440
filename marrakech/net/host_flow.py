"""The host's game flow: the one authority of a network game's rules and dice.

``HostFlow`` is the host's ``GameFlow``: every decision goes through it (the host's own
seat's, a remote seat's intention, a computer's), is checked by the engine there and
autosaves as in hot-seat; then every listener hears of it. Its rolls are fair by
construction (``net.fair``): a new roll waits, once its facing is fixed, for a share a
player adds to the host's committed secret. ``net.host.HostGame`` puts it on the network.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
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
)
from marrakech.flow import GameFlow, Notice, SeatKind
from marrakech.flow.changes import Change
from marrakech.games.autosaves import GameFile
from marrakech.games.dice import LoadedDie
from marrakech.games.language import _
from marrakech.games.session import Session, name_problem
from marrakech.games.words import as_sentence
from marrakech.net import texts
from marrakech.net.fair import HostDice

REFUSALS = 2
"""How often a player may be asked, and say no, to take back the same decision (the second
ask is for an answer given by a slip of the finger)."""


class HostFlow(GameFlow):
    """The host's GameFlow: decisions are played here, and every listener hears of them.

    ``me`` is the host's own seat (None when headless). The host plays the computer
    seats itself (``HostGame``), so its front end never runs them.
    """

    networked = True

    @property
    def runs_computers(self) -> bool:
        """False: ``HostGame`` plays the computer seats, not the host's front end."""
        return False

    def __init__(
        self,
        session: Session,
        notify: Callable[[Notice], None],
        *,
        me: int | None,
        remote: Collection[int],
        game_file: GameFile | None = None,
        dice: HostDice | None = None,
    ) -> None:
        """Play ``session``'s game with ``remote`` seats elsewhere (see GameFlow); its
        rolls are ``dice``'s (new dice by default), which hold every roll it played."""
        super().__init__(session, notify, remote=remote, game_file=game_file)
        self.dice = HostDice() if dice is None else dice
        """The host's dice: its master secret and every roll settled (``net.fair``)."""
        session.dice = LoadedDie(self.dice.values)
        self.waiting_draw: int | None = None
        """The draw of the dice that waits for a player's share (None: none waits)."""
        self.drawn: int | None = None
        """The draw of the roll played last (its proof goes with it)."""
        self.roll_wanted: Callable[[int], None] = self._roll_alone
        """Called with a roll whose facing is fixed, to find a share for it and ``land``
        it (``HostGame`` asks its players; a flow off the network rolls alone)."""
        self.keep_dice: Callable[[dict[str, Any]], Awaitable[None]] = _keep_nothing
        """Writes the game so far (the facing of the roll settled last with it) and then
        the dice (``HostDice.to_dict``) where a resumed host finds them, before a roll is
        told (``hosting``: the autosave and the host file); SaveFileError when it cannot."""
        self.me = me
        self.remote = frozenset(remote)
        """The seats whose players play from elsewhere."""
        self.asking: int | None = None
        """The seat that asked for an undo the seat whose decision it is has not answered."""
        self.refused: tuple[int, GameState | None] = (-1, None)
        """The seat whose request was refused last, and the position it was refused in."""
        self.refusals = 0
        """How often in a row that seat was refused so: at ``REFUSALS`` it may not ask
        again about the same decision (a dialog that came back at once, for ever)."""
        self.present: Callable[[int], bool] = lambda seat: seat == me
        """Whether a seat's player is here to answer an undo request (the host sets it)."""
        self.stalled: Callable[[int], bool] = lambda seat: False
        """Whether a seat's player, here, has let their turn wait so long that a computer
        may play for them (the host sets it: ``HostGame.stalled``)."""
        self.left: dict[int, float] = {}
        """When (``time.time()``) each remote seat's player last left the table (the host
        keeps it; a player back is taken out)."""
        self.joined: set[int] = set()
        """The remote seats whose players have joined since the host started (the host
        keeps it)."""

    def _played(self, seat: int, played: tuple[Transition, ...]) -> None:
        """A new decision drops an unanswered undo request; the host's own seat, when it
        was asked, is told so."""
        withdrawn = self.undo_asker if self.asking is not None else None
        # Told when another seat's decision drops it (their own, they know of).
        mine = self.asking is not None and self.asking == self.me != seat
        owner = self.undo_seat() if mine else None
        self.asking = None
        super()._played(seat, played)
        if withdrawn is not None:
            text = _(texts.WITHDRAWN).format(name=withdrawn)
            self.notify(Notice(text, title=_("Network game")))
        if owner is not None:
            text = _(texts.WITHDRAWN_MINE).format(name=self.names[owner])
            self.notify(Notice(text, title=_("Network game")))

    def play(self, decision: Orient | Place | Aim | None) -> tuple[Transition, ...]:
        """Play the host's own seat's decision (None: roll, in the aiming variant).

        A new roll comes later, as a ``played`` change of its own (see ``decide``).
        """
        seat = self.to_move
        if seat is None:
            raise IllegalAction(_(texts.GAME_OVER))
        if seat.number != self.me and not self.plays_here(seat):
            raise IllegalAction(_(texts.NOT_YOUR_TURN).format(name=seat.name))
        if decision is None:
            return self.roll_die()
        return super().play(decision)

    def decide(self, action: Orient | Place | Aim) -> tuple[Transition, ...]:
        """Play the decision of the seat to move (see GameFlow.decide).

        An Orient is played alone: its facing is fixed for everyone, and its roll waits
        for a player's share (``waiting_draw``), then comes as a ``played`` change of its own.
        """
        if not isinstance(action, Orient) or self.state.why_illegal(action) is not None:
            return super().decide(action)  # a refused decision is refused there, in words
        seat = self.state.current
        played = (self.session.play(action),)
        self._played(seat, played)
        self._roll_next()
        return played

    def roll_die(self) -> tuple[Transition, ...]:
        """Roll for the seat to move (the roll's facing is fixed): the roll waits for a
        share (``waiting_draw``) and comes as a ``played`` change. IllegalAction when no roll
        is due, or one is being rolled."""
        if self.rolling:
            raise IllegalAction(_(texts.ROLLING))
        if self.state.phase is not Phase.ROLL:
            return (self.roll(),)  # refused, in words
        self._roll_next()
        return ()

    @property
    def roll_due(self) -> bool:
        """True when a facing is fixed and nobody decides to roll (the standard rules)
        but no roll is asked for: a game resumed while its roll waited."""
        state = self.state
        return not self.rolling and state.phase is Phase.ROLL and state.variant is Variant.STANDARD

    def draws(self) -> list[int]:
        """The draw of the dice behind each roll of the game, in order (an undo never
        takes a draw back into the dice: the rolls after it are new draws)."""
        taken: set[int] = set()
        for first, last in self.session.taken_back:
            taken.update(range(first, last + 1))
        rolls = sum(1 for action in self.session.actions if isinstance(action, Roll))
        return [draw for draw in range(self.dice.settled) if draw not in taken][:rolls]

    def public_dice(self) -> dict[str, Any]:
        """The dice as every client may know them: the proof of each roll rolled, the
        commitment to the next, and the draw behind each roll of the game."""
        shown = self.dice.settled if self.waiting_draw is None else self.waiting_draw
        return {**self.dice.public(shown), "draws": self.draws()}

    def _roll_next(self) -> None:
        """Roll the dice's next draw: at once when it is settled, else once a share is
        found for it (``roll_wanted``)."""
        self.waiting_draw = self.session.next_draw
        if self.waiting_draw < self.dice.settled:
            self.land()
        else:
            self.roll_wanted(self.waiting_draw)

    def _roll_alone(self, draw: int) -> None:
        """Off the network nobody can add to the roll: it is the host's secret's alone (a
        resumed host settles it again from the game, alone: ``hosting``)."""
        self.dice.settle(None, None)
        self.land()

    def land(self) -> None:
        """Play the roll that waited, now that ``dice`` has settled its draw, and tell
        everyone (``drawn`` is its draw)."""
        draw, self.waiting_draw = self.waiting_draw, None
        self.session.dice = LoadedDie(self.dice.values)
        due = self.state.phase is Phase.ROLL and self.session.next_draw == draw
        if draw is not None and due and draw < self.dice.settled:
            seat = self.state.current
            self.drawn = draw
            self._played(seat, (self.session.roll(),))

    @property
    def rolling(self) -> bool:
        """True while the die is being rolled: a roll waits for a player's share."""
        return self.waiting_draw is not None

    @property
    def nobody_to_share(self) -> bool:
        """True while none of the players who play from elsewhere is at the table."""
        return bool(self.remote) and not any(self.present(seat) for seat in self.remote)

    @property
    def person_to_move(self) -> bool:
        """True when the game waits for a person's decision (not while the die is rolled)."""
        return not self.rolling and super().person_to_move

    def away_since(self, seat: int) -> float | None:
        """When the player of remote seat ``seat`` left the table (None: here, or not come
        yet; a computer may be playing for them meanwhile)."""
        if seat not in self.remote or self.present(seat):
            return None
        return self.left.get(seat)

    def awaited(self, seat: int) -> bool:
        """True while the player of remote seat ``seat`` has not joined since the host
        started."""
        return seat in self.remote and seat not in self.joined and not self.present(seat)

    def why_no_undo(self) -> str | None:
        """None when the host's own seat may undo now (take back its own decision, or ask
        for another's), else why not (``_why_not_asked``)."""
        if self.me is None:
            return self._why_not_now()
        return self._why_not_asked(self.me)

    def _why_not_now(self) -> str | None:
        """Why no decision can be taken back now, whoever asks (never while the die is
        rolled); None when one can."""
        if self.rolling:
            return _(texts.ROLLING)
        return super().why_no_undo()

    def _why_not_asked(self, asker: int) -> str | None:
        """Why seat ``asker`` cannot take back the last decision or ask its owner to agree
        now: none to take back, its owner away, or a request already waiting (the owner is
        asked once); None when it can."""
        reason = self._why_not_now()
        if reason is not None:
            return reason
        owner = self.undo_seat()
        assert owner is not None  # _why_not_now said there is a decision to take back
        if owner == asker:
            return None
        if not self.present(owner):
            return _(texts.NOT_HERE).format(name=self.names[owner])
        if self.asking == asker:
            return _(texts.ALREADY_ASKED).format(name=self.names[owner])
        if self.refused == (asker, self.state) and self.refusals >= REFUSALS:
            return _(texts.SAID_NO_ALREADY).format(name=self.names[owner])
        if self.asking is not None:
            other = self.names[self.asking]
            return _(texts.OTHER_ASKED).format(asker=other, name=self.names[owner])
        return None

    def undo(self) -> None:
        """The host's own seat asks to take back the last decision.

        Its own decision goes at once (with the moves of the computer seats after it);
        another player's is a request that player answers (a Change ``undo_asked`` tells
        them).
        """
        if self.me is None:
            raise IllegalAction(_("cannot undo: the host has no seat of its own"))
        reason = self.ask_undo(self.me)
        if reason is not None:
            raise IllegalAction(_(texts.CANNOT_UNDO).format(reason=reason))

    def ask_undo(self, asker: int) -> str | None:
        """Seat ``asker`` asks for an undo; None when done or asked, else why not."""
        reason = self._why_not_asked(asker)
        if reason is not None:
            return reason
        owner = self.undo_seat()
        assert owner is not None  # _why_not_asked said there is a decision to take back
        if owner == asker:
            self.take_back(asker)
            return None
        self.asking = asker
        if owner == self.me:
            self.undo_asker = self.names[asker]
        self.tell(Change("undo_asked", owner, text=self.names[asker]))
        return None

    def answer_undo(self, accept: bool, seat: int | None = None) -> None:
        """The seat whose decision it is (the host's own by default) answers an undo request.

        IllegalAction when nobody asked that seat.
        """
        seat = self.me if seat is None else seat
        asker = self.asking
        if asker is None or seat is None or seat != self.undo_seat():
            raise IllegalAction(_(texts.NOBODY_ASKED))
        self.asking = None
        self.undo_asker = None
        reason = None if accept else _(texts.SAID_NO).format(name=self.names[seat])
        if not accept:
            refused = (asker, self.state)
            self.refusals = self.refusals + 1 if refused == self.refused else 1
            self.refused = refused
        reason = reason or self._why_not_now()
        if reason is not None:
            self.tell(Change("undo_refused", asker, text=reason))
            return
        self.take_back(asker)

    def unanswered(self, seat: int) -> None:
        """The player of ``seat`` left without answering the undo request made of them:
        the request is dropped, and its asker told so."""
        asker = self.asking
        if asker is None or seat != self.undo_seat():
            return
        self.asking = None
        reason = _(texts.LEFT_UNANSWERED).format(name=self.names[seat])
        self.tell(Change("undo_refused", asker, text=reason))

    def asker_gone(self, seat: int) -> int | None:
        """The player of ``seat`` left with their undo request unanswered: it goes with
        them. The host's own seat, when it was asked, is told so here; returns the remote
        seat that was asked (the host tells its client), else None."""
        if self.asking != seat:
            return None
        owner = self.undo_seat()
        self.asking = None
        if owner != self.me:
            return owner
        self.undo_asker = None
        text = as_sentence(_(texts.ASKER_LEFT).format(name=self.names[seat]))
        self.notify(Notice(text, title=_("Network game")))
        return None

    def take_back(self, asker: int) -> None:
        """Undo now (the agreement is settled) and tell everyone who took back whose."""
        owner = self.undo_seat()
        self.asking = None  # a request about the decision taken back is settled with it
        self.undo_asker = None
        GameFlow.undo(self)
        name = self.names[asker]
        if owner is None or owner == asker:
            news = _(texts.TOOK_BACK).format(name=name)
            own: tuple[tuple[int, str], ...] = ((asker, self._said_to(asker, texts.YOU_TOOK_BACK)),)
        else:
            news = _(texts.TOOK_BACK_AGREED).format(name=name, owner=self.names[owner])
            mine = self._said_to(asker, texts.YOU_TOOK_BACK_AGREED)
            own = (
                (asker, mine.format(owner=self.names[owner])),
                (owner, self._said_to(owner, texts.TOOK_BACK_YOURS).format(name=name)),
            )
        self.tell(Change("synced", asker, text=news, own=own))

    def _said_to(self, seat: int, template: str) -> str:
        """A sentence for one seat's player: in the host's language for its own seat, in
        English for a seat elsewhere (its client says it in its own: ``texts.local``)."""
        return _(template) if seat == self.me else template

    def redo(self) -> None:
        """Redo is not offered over the network: an undo needs an agreement, a redo too."""
        raise IllegalAction(_("cannot redo in a network game"))

    def rename(self, number: int, name: str) -> None:
        """Rename a seat's player (see GameFlow.rename) and tell everyone."""
        problem = name_problem(name)
        if problem is not None:
            raise MarrakechError(problem)
        super().rename(number, name)
        news = _(texts.RENAMED).format(number=number + 1, name=name)
        self.tell(Change("synced", number, text=news))
        self._settled()  # the autosave says it too: a resumed game keeps the name

    def give_to_computer(self, seat: int, level: str) -> None:
        """A computer plays a remote seat whose player is away, or here but has let their
        turn wait (``stalled``), until they come back; IllegalAction says what is wrong."""
        from marrakech.games.levels import computer_named

        seats = len(self.seats)
        if not 0 <= seat < seats:
            raise IllegalAction(
                _("seats are 1 to {seats}, not {seat}").format(seats=seats, seat=seat + 1)
            )
        try:
            level = computer_named(level, outside=False)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if seat not in self.remote:
            raise IllegalAction(
                _("seat {seat} is not a seat for a player elsewhere").format(seat=seat + 1)
            )
        if self.present(seat) and not self.stalled(seat):
            raise IllegalAction(_("seat {seat}'s player is here").format(seat=seat + 1))
        self.hand_seat(seat, SeatKind.COMPUTER, level)


async def _keep_nothing(dice: dict[str, Any]) -> None:
    """A flow that is not hosted keeps its dice nowhere."""
