"""The host: the one authority of a network game.

``HostFlow`` is the host's ``GameFlow``: every decision goes through it (the host's own
seat's, a remote seat's intention, a computer's), is checked by the engine there and
autosaves as in hot-seat; then every listener hears of it. Its rolls are fair by
construction (``net.fair``): a new roll waits, once its facing is fixed, for a share a
player adds to the host's committed secret. ``HostGame`` puts one HostFlow on the
network: the seats' secrets, the connections, the shares of the rolls, the computer
seats, undo by agreement, seats given to a computer, and the host told of its players
coming and going. ``Host`` is the WebSocket server; one process may host many games
(the load benchmark does).

No peer can stall the host (docs/security.md): every connection's unread messages are
bounded (``Connection.send``; past ``Limits.send_queue`` the peer is dropped), a peer past
the rate limit gets one error and is closed, spectators and connections that have not
said hello are capped (``Host``: in all, per address, per game; the oldest silent
connection makes way for a new one), an idle spectator is closed, and a player with a
valid join code always gets in, taking the seat from an older connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import socket as sockets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass, field
from ipaddress import IPv6Address, ip_network
from socket import AF_INET, AF_INET6, SO_RCVBUF, SO_SNDBUF, SOL_SOCKET
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

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
from marrakech.flow import GameFlow, Notice, Seat, SeatKind
from marrakech.flow.changes import Change
from marrakech.games.autosaves import GameFile
from marrakech.games.dice import LoadedDie
from marrakech.games.language import _
from marrakech.games.records import SaveFileError, setup_to_dict
from marrakech.games.session import Session, name_key, name_problem
from marrakech.games.text import quoted, shown
from marrakech.net import texts
from marrakech.net.fair import HostDice
from marrakech.net.protocol import (
    HOST_FULL,
    IDLE,
    MAX_FRAME_BYTES,
    NO_ROOM_TO_WATCH,
    PROTOCOL_VERSION,
    RECEIVE_QUEUE,
    SEAT_TAKEN,
    SEND_QUEUE_BYTES,
    TOO_MANY_HERE,
    Limits,
    ProtocolError,
    RateLimit,
    Request,
    codes_match,
    decode,
    encode,
    normal_code,
)

logger = logging.getLogger(__name__)

HELLO_SECONDS = 10.0
"""A connection that says no hello within this long is closed."""

GAME_OVER_LINGER = 2.0
"""How long a finished game stays on the network for its last messages to arrive."""

CLOSE_SECONDS = 3.0
"""How long a closing connection may take to answer the close before it is cut."""

CLOSE_READS = 16
"""How many more messages a closing connection may send before it is not read."""

CLOSE_BYTES = 256
"""How many more bytes of a closing connection are parsed (its answer to the close
comes behind what it sent before; a flood behind it is not parsed)."""

READ_SLICE = 512
"""The most bytes of one connection parsed at a turn of the event loop."""

RECEIVE_BUFFER = 16384
"""The operating system's receive buffer of a connection: at most about twice this is
read at once."""

THIS_MACHINE = frozenset({"127.0.0.1", "::1"})
"""Addresses the limits per address do not apply to: every client of an SSH tunnel or a
TLS proxy on this machine comes from there (the other limits do apply)."""

DOOR_CUTS = 64
"""How many connections turned away at the door are closed at most at one turn of the
event loop (it comes back at its next turn for the others)."""

ARRIVALS_KEPT = 4096
"""How many addresses' recent connections the host remembers (the quiet ones are
forgotten first)."""

SHARE_SECONDS = 10.0
"""How long a player asked to add a share to a roll has to answer (their client answers
at once) before the next player is asked."""

RETURN_SECONDS = 10.0
"""How long after a player left (or the host started) a roll nobody here can add to
waits for them to come back before it is the host's alone."""

IDLE_SWEEP_SECONDS = 10.0
"""How often, at most, the host looks for idle spectators (a quarter of the idle time
when that is shorter)."""

Closing = tuple[int, str]
"""A close code and its reason (a token: the peer was told why in an ``error``)."""


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
        self.present: Callable[[int], bool] = lambda seat: seat == me
        """Whether a seat's player is here to answer an undo request (the host sets it)."""
        self.left: dict[int, float] = {}
        """When (``time.time()``) each remote seat's player last left the table (the host
        keeps it; a player back is taken out)."""
        self.joined: set[int] = set()
        """The remote seats whose players have joined since the host started (the host
        keeps it)."""

    def _played(self, seat: int, played: tuple[Transition, ...]) -> None:
        self.asking = None
        super()._played(seat, played)

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
        """None when undo is possible, else why not (never while the die is rolled)."""
        if self.rolling:
            return _(texts.ROLLING)
        return super().why_no_undo()

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
        reason = self.why_no_undo()
        if reason is not None:
            return reason
        owner = self.undo_seat()
        assert owner is not None  # why_no_undo said there is a decision to take back
        if owner == asker:
            self.take_back(asker)
            return None
        if not self.present(owner):
            return _(texts.NOT_HERE).format(name=self.names[owner])
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
        reason = reason or self.why_no_undo()
        if reason is not None:
            self.tell(Change("undo_refused", asker, text=reason))
            return
        self.take_back(asker)

    def take_back(self, asker: int) -> None:
        """Undo now (the agreement is settled) and tell everyone."""
        GameFlow.undo(self)
        self.tell(Change("synced", asker, text=_(texts.TOOK_BACK).format(name=self.names[asker])))

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

    def give_to_computer(self, seat: int, level: str) -> None:
        """A computer plays a remote seat whose player is away (until they come back);
        IllegalAction says what is wrong."""
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
        if self.present(seat):
            raise IllegalAction(_("seat {seat}'s player is here").format(seat=seat + 1))
        self.hand_seat(seat, SeatKind.COMPUTER, level)


async def _keep_nothing(dice: dict[str, Any]) -> None:
    """A flow that is not hosted keeps its dice nowhere."""


def public_start(session: Session) -> dict[str, Any]:
    """The start position as every player may see it: of each pile, the carpets laid so far
    and the one on top; the others (hidden under the top, shuffled in a 2-player game) are
    given as the seat's first colour, so no client can read their order."""
    start = session.start.to_dict()
    if session.state.phase is Phase.OVER:
        return start  # nothing is left to hide
    laid = Counter(t.seat for t in session.transitions if isinstance(t.action, Place))
    for seat, player in enumerate(start["players"]):
        pile, seen = player["pile"], laid[seat] + 1
        player["pile"] = pile[:seen] + [player["colours"][0]] * max(0, len(pile) - seen)
    return start


def pile_tops(state: GameState) -> list[str | None]:
    """Each seat's visible top carpet colour (None for an empty pile)."""
    return [None if p.top is None else p.top.name.lower() for p in state.players]


@dataclass(eq=False)
class Connection:
    """One client on the network: its socket, its seat (None for a spectator), its limits."""

    socket: ServerConnection
    seat: int | None
    limit: RateLimit = field(default_factory=RateLimit)
    send_queue: int = SEND_QUEUE_BYTES
    """The most bytes of unread messages kept for it; past that it is dropped."""
    active: float = field(default_factory=time.monotonic)
    """When a message last went either way (an idle spectator is closed)."""
    closing: Closing | None = None
    """How the host closes it (its seat was taken, it sent too much...); once set, what
    it still sends is not read."""
    dropped: bool = False
    """Cut without a closing handshake: nothing more is written to it."""

    def send(self, text: str) -> None:
        """Queue a message without waiting (a slow client never stalls anyone else); a
        client that does not read what it is sent is dropped."""
        push([self], text)

    def drop(self) -> None:
        """Cut the connection now: its peer does not read, so it would not read a close."""
        self.closing = (1006, "dropped")
        self.dropped = True
        self.socket.transport.abort()


def push(connections: Iterable[Connection], text: str) -> None:
    """Queue one message to each connection without waiting. A connection whose unread
    messages pass its ``send_queue`` (its peer does not read) is dropped, not buffered."""
    live = [connection for connection in connections if not connection.dropped]
    broadcast([connection.socket for connection in live], text)
    now = time.monotonic()
    for connection in live:
        connection.active = now
        unread = connection.socket.transport.get_write_buffer_size()
        if unread > connection.send_queue:
            logger.info("dropped %s: %d unread", connection.socket.remote_address, unread)
            connection.drop()


class HostGame:
    """One game on the network: its HostFlow, its seats' join codes and its connections."""

    def __init__(
        self,
        flow: HostFlow,
        codes: dict[int, str],
        *,
        fill: str | None = None,
        grace: float = 30.0,
        computer_pause: float = 0.0,
        share_seconds: float = SHARE_SECONDS,
        return_seconds: float = RETURN_SECONDS,
        hand_over: Callable[[int], str] | None = None,
    ) -> None:
        """``codes`` holds each remote seat's secret join code.

        ``fill`` is the computer level that plays a remote seat whose player has been
        away for ``grace`` seconds when it is their turn (None: it waits for them).
        ``computer_pause`` is how long a computer seat waits before it moves.
        ``share_seconds`` and ``return_seconds`` are how long a roll waits for a player's
        share (SHARE_SECONDS, RETURN_SECONDS); the flow's ``keep_dice`` writes the game and
        its dice before a roll is told. ``hand_over`` says how the host's front end
        gives seat N (0-based) to a computer, told when a player leaves (None: ``--fill``
        or nothing is said).
        """
        self.flow = flow
        self.codes = codes
        self.fill = fill
        self.grace = grace
        self.computer_pause = computer_pause
        self.share_seconds = share_seconds
        self.return_seconds = return_seconds
        self.hand_over = hand_over
        self.limits = Limits()
        """What the connections may do (``Host`` gives its own)."""
        self.players: dict[int, Connection] = {}
        self.watchers: set[Connection] = set()
        self.away_since: dict[int, float] = {seat: time.monotonic() for seat in codes}
        self.finished = asyncio.Event()
        self._wake = asyncio.Event()
        self._arrived = asyncio.Event()
        """Set when a player takes their seat (a roll may wait for one)."""
        self._stopping = False
        """Set when the host stops: its players leave without the host being told."""
        self._asked: tuple[int, Connection, asyncio.Future[str | None]] | None = None
        """The roll a player is asked to add to, their connection, and their answer."""
        self._runner: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()
        self._game_parts: tuple[tuple[object, ...], tuple[object, ...], str, str] | None = None
        """The game message's parts that only a change of the game changes, encoded, and
        what they were encoded from (``game_message``)."""
        flow.listen(self._changed)
        flow.present = lambda seat: seat == flow.me or seat in self.players
        flow.roll_wanted = lambda draw: self._wake.set()  # the game's task rolls it

    # -- the game's own task: computer seats, seats given away, the end -------------------

    def start(self) -> None:
        """Start playing the computer seats (call inside the running event loop)."""
        self._runner = asyncio.create_task(self._run())
        self._sweeper = asyncio.create_task(self._sweep())
        if self.flow.over:
            self.finished.set()

    async def stop(self) -> None:
        """Stop the game's task and let go of the game (its autosave stays, to resume)."""
        self._stopping = True
        for task in (self._runner, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        everyone = self._everyone()
        for connection in everyone:
            if connection.closing is not None:  # told already, maybe not heard any more
                connection.drop()
        closes = [c.socket.close(1001, "the host stopped") for c in everyone if not c.dropped]
        await asyncio.gather(*closes)  # at once: a peer that does not answer delays no other
        self.flow.close()

    async def _run(self) -> None:
        while not self.flow.over:
            self._wake.clear()
            try:
                await self._step()
            except Exception:  # a fault of the host's own: log it, and the game goes on
                logger.exception("the host failed to play a computer seat")
                await asyncio.sleep(1.0)
        self.finished.set()

    async def _step(self) -> None:
        """Settle a roll with a player's share, play a computer seat's move, give an away
        player's seat, roll a die whose roll was left waiting when the host stopped, or
        wait for a change."""
        seat = self.flow.to_move
        assert seat is not None
        draw = self.flow.waiting_draw
        if draw is not None:
            await self._settle(draw)
            return
        if self.flow.roll_due:
            self.flow.roll_die()
            return
        if seat.kind is SeatKind.COMPUTER:
            await self._play_computer()
            return
        timeout = self._fill_timeout(seat)
        if timeout == 0:
            assert self.fill is not None
            self.flow.hand_seat(seat.number, SeatKind.COMPUTER, self.fill)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout)

    def _fill_timeout(self, seat: Seat) -> float | None:
        """Seconds until an away player's seat goes to the computer; None: never."""
        if self.fill is None or seat.number in self.players or seat.number not in self.codes:
            return None
        waited = time.monotonic() - self.away_since[seat.number]
        return max(0.0, self.grace - waited)

    async def _play_computer(self) -> None:
        await self.flow.computers.play_soon(self.computer_pause)

    # -- the dice: a share for each new roll ---------------------------------------------

    async def _settle(self, index: int) -> None:
        """Settle roll ``index`` (its facing is fixed) with the share a player adds, keep
        the game and its dice on disk, then play the roll (its proof goes with it)."""
        if self.flow.dice.settled == index:  # else a try that failed after it settled it
            share, by = await self._gather(index)
            self.flow.dice.settle(share, by)
        try:
            await self.flow.keep_dice(self.flow.dice.to_dict())
        except SaveFileError as error:
            self.flow.notify(Notice(str(error), severity="error"))
        self.flow.land()

    async def _gather(self, index: int) -> tuple[str | None, int | None]:
        """A share for roll ``index`` and the seat that added it; (None, None): nobody's.

        The connected players are asked in turn, from the seat to move on, each once and
        for ``share_seconds`` at most. While nobody here can be asked, the roll waits for
        a player who left (or has not come yet) until ``return_seconds`` after they went.
        """
        asked: set[int] = set()
        told = False
        while True:
            connection = self._next_adder(asked)
            if connection is not None:
                assert connection.seat is not None
                asked.add(connection.seat)
                share = await self._ask(connection, index)
                if share is not None:
                    return share, connection.seat
                continue
            wait = self._return_wait()
            if wait <= 0:
                return None, None
            if not told:
                told = True
                waits = _(
                    "The roll waits up to {seconds} seconds for a player to come back and add "
                    "to it; then it is the host's alone."
                )
                self.flow.notify(Notice(waits.format(seconds=math.ceil(wait)), title=_("Dice")))
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), wait)

    def _next_adder(self, asked: Collection[int]) -> Connection | None:
        """The next connected player to ask for a share, from the seat to move on."""
        seats = len(self.flow.seats)
        mover = self.flow.state.current
        for seat in [(mover + step) % seats for step in range(seats)]:
            connection = self.players.get(seat)
            if seat not in asked and connection is not None and connection.closing is None:
                return connection
        return None

    def _return_wait(self) -> float:
        """Seconds a roll may still wait for a player away to come back (none may: 0 or
        less)."""
        now = time.monotonic()
        away = [self.away_since[seat] for seat in self.codes if seat not in self.players]
        return max((since + self.return_seconds - now for since in away), default=0.0)

    async def _ask(self, connection: Connection, index: int) -> str | None:
        """Ask a player for a share of roll ``index``; None when none comes in time."""
        answer: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self._asked = (index, connection, answer)
        commitment = self.flow.dice.commitment(index)
        connection.send(encode("share_ask", roll=index, commitment=commitment))
        try:
            return await asyncio.wait_for(answer, self.share_seconds)
        except TimeoutError:
            return None
        finally:
            self._asked = None

    def _pass_over(self, connection: Connection) -> None:
        """A connection asked for a share went: the next player is asked at once."""
        asked = self._asked
        if asked is not None and asked[1] is connection and not asked[2].done():
            asked[2].set_result(None)

    def _take_share(self, connection: Connection, request: Request) -> None:
        """A player's share of the roll they were asked to add to."""
        asked = self._asked
        if asked is None or asked[1] is not connection or asked[0] != request.roll:
            raise ProtocolError(texts.NOT_ASKED.format(number=(request.roll or 0) + 1))
        if not asked[2].done():
            asked[2].set_result(request.share)

    def roll_proof(self, index: int) -> dict[str, Any]:
        """What a ``played`` message carries with roll ``index``: its proof and the
        commitment to the roll after it."""
        dice = self.flow.dice
        return {**dice.proofs[index].to_dict(), "next": dice.commitment(index + 1)}

    # -- the host told of its players -----------------------------------------------------

    def _tell_host(self, seat: int, *, here: bool) -> None:
        """Tell the host's front end that a player came (back) or left (``table_news``;
        not once the game is over), and every front end that the seats changed. Nobody
        is told while the host stops."""
        if self._stopping:
            return
        first = seat not in self.flow.joined
        self.flow.joined.add(seat)
        if not self.flow.over:
            self.flow.notify(self.table_news(seat, here=here, first=first))
        self.flow.tell(Change("seats", seat))

    def table_news(self, seat: int, *, here: bool, first: bool = False) -> Notice:
        """The notice of a player who joined (``first``: for the first time), came back,
        or left (with how to let a computer play for them: ``--fill``, or ``hand_over``)."""
        words = {"name": self.flow.names[seat], "seat": seat + 1}
        title = _("Network game")
        if here:
            text = (
                _("{name} has joined the table (seat {seat}).")
                if first
                else _("{name} is back at the table (seat {seat}).")
            )
            return Notice(text.format(**words), title=title)
        lines = [_("{name} has left the table (seat {seat}).").format(**words)]
        if self.fill is not None:
            lines.append(
                _(
                    "If they are still away at their turn after {seconds} seconds, a "
                    "{level} computer plays for them until they are back."
                ).format(seconds=f"{self.grace:g}", level=self.fill)
            )
        elif self.hand_over is not None:
            lines.append(self.hand_over(seat))
        return Notice(" ".join(lines), title=title, severity="warning", lasting=True)

    def _changed(self, change: Change) -> None:
        self._wake.set()
        if change.kind == "played":
            first = self.flow.actions_played - len(change.transitions)
            rolled: dict[str, Any] = {}
            if any(isinstance(t.action, Roll) for t in change.transitions):
                assert self.flow.drawn is not None  # every roll is landed by the flow
                rolled["dice"] = self.roll_proof(self.flow.drawn)
            self._broadcast(
                encode(
                    "played",
                    at=first,
                    seat=change.seat,
                    actions=[str(t.action) for t in change.transitions],
                    tops=pile_tops(self.flow.state),
                    **rolled,
                )
            )
            if self.flow.over:  # the whole game, hidden piles and all, for the record
                for connection in self._everyone():
                    connection.send(self.game_message(connection.seat, texts.GAME_OVER))
        elif change.kind == "synced":
            for connection in self._everyone():
                connection.send(self.game_message(connection.seat, change.text))
        elif change.kind == "seats":
            self._broadcast(encode("seats", table=self.table()))
        elif change.kind == "undo_asked" and change.seat in self.players:
            self.players[change.seat].send(encode("undo_request", by=change.text))
        elif change.kind == "undo_refused" and change.seat in self.players:
            self.players[change.seat].send(encode("undo_refused", reason=change.text))

    def _everyone(self) -> list[Connection]:
        return [*self.players.values(), *self.watchers]

    def _broadcast(self, text: str) -> None:
        push(self._everyone(), text)

    # -- what the clients see ----------------------------------------------------------

    def table(self) -> list[dict[str, object]]:
        """Every seat as the clients see it: name, who plays it, and whether they are here."""
        rows: list[dict[str, object]] = []
        now = time.time()
        for seat in self.flow.seats:
            here = seat.kind is not SeatKind.REMOTE or seat.number in self.players
            kind = SeatKind.COMPUTER if seat.kind is SeatKind.COMPUTER else SeatKind.PERSON
            row: dict[str, object] = {
                "name": seat.name,
                "kind": kind.value,
                "level": seat.level,
                "here": here,
            }
            left = self.flow.away_since(seat.number)
            if left is not None:
                row["away"] = max(0, round(now - left))  # seconds since the player left
            elif self.flow.awaited(seat.number):
                row["joined"] = False
            rows.append(row)
        return rows

    def game_message(self, seat: int | None, news: str = "") -> str:
        """The whole game so far, for a client to build its replica from (as ``encode``
        writes it; what only a change of the game changes is encoded once for everyone)."""
        flow, session = self.flow, self.flow.session
        # What the parts are encoded from: the objects themselves (a position is new after
        # every action, and one an undo goes back to comes with other draws taken back).
        made = (session, session.setup, session.state)
        drawn = (session.taken_back, flow.dice.settled, flow.waiting_draw)
        cached = self._game_parts
        if (
            cached is None
            or any(a is not b for a, b in zip(cached[0], made, strict=True))
            or cached[1] != drawn
        ):
            game = _json(
                {
                    "setup": setup_to_dict(session.setup, secret=False),
                    "start": public_start(session),
                    "actions": [str(action) for action in session.actions],
                }
            )
            dice = _json(flow.public_dice())
            cached = self._game_parts = (made, drawn, game[1:-1], dice)
        game, dice = cached[2], cached[3]
        head = _json({"type": "game", "version": PROTOCOL_VERSION, "you": seat})
        table = _json(self.table())
        return f'{head[:-1]},{game},"table":{table},"news":{_json(news)},"dice":{dice}}}'

    # -- a client's messages -----------------------------------------------------------

    def seat_for(self, code: str) -> int | None:
        """The remote seat whose join code this is (every seat compared in constant time)."""
        given = normal_code(code)
        found = None
        for seat, secret in self.codes.items():
            if codes_match(given, secret):
                found = seat
        return found

    def name_like(self, name: str, seat: int) -> str | None:
        """The name of another seat's player that ``name`` could be taken for (the same,
        or a look-alike: ``session.name_key``), or None."""
        key = name_key(name)
        return next(
            (
                other_name
                for other, other_name in enumerate(self.flow.names)
                if other != seat and name_key(other_name) == key
            ),
            None,
        )

    async def attend(self, socket: ServerConnection, hello: Request) -> None:
        """Seat a client that said hello, then serve its messages until it leaves."""
        seat = None if hello.watch else self.seat_for(hello.code or "")
        if not hello.watch and seat is None:
            await _refuse(socket, texts.NO_SEAT_IN_GAME)
            return
        limits = self.limits
        connection = Connection(
            socket,
            seat,
            RateLimit(limits.rate, limits.burst)
            if seat is not None
            else RateLimit(limits.spectator_rate, limits.spectator_burst),
            limits.send_queue,
        )
        if seat is not None and hello.name is not None and hello.name != self.flow.names[seat]:
            taken = self.name_like(hello.name, seat)
            if taken is not None:
                await _refuse(socket, texts.NAME_TAKEN.format(name=quoted(hello.name), taken=taken))
                return
            try:
                self.flow.rename(seat, hello.name)
            except MarrakechError as error:
                await _refuse(socket, texts.BAD_NAME.format(problem=error))
                return
        if seat is None:
            self.watchers.add(connection)
            connection.send(self.game_message(seat))
        else:
            if self.flow.seats[seat].kind is SeatKind.COMPUTER:
                self.flow.hand_seat(seat, SeatKind.REMOTE)  # the player is back
            old = self.players.get(seat)
            self.players[seat] = connection
            self.flow.left.pop(seat, None)
            connection.send(self.game_message(seat))
            if old is not None:
                self._take_from(old)
                self.flow.tell(Change("seats", seat))
            else:
                self._tell_host(seat, here=True)
            self._arrived.set()
        self._wake.set()
        try:
            await self._serve(connection)
        except ConnectionClosed:
            pass
        finally:
            self.watchers.discard(connection)
            self._pass_over(connection)
            if seat is not None and self.players.get(seat) is connection:
                del self.players[seat]
                self.away_since[seat] = time.monotonic()
                self.flow.left[seat] = time.time()
                if self.flow.asking is not None and self.flow.undo_seat() == seat:
                    self.flow.answer_undo(False, seat)
                self._tell_host(seat, here=False)
                self._wake.set()

    def _take_from(self, old: Connection) -> None:
        """Close an older connection of a seat joined again: its peer is told, in words,
        and stops (it does not try to take the seat back)."""
        old.send(encode("error", id=None, reason=SEAT_TAKEN, fatal=True))
        self._close_soon(old, (1000, "seat-taken"))
        self._pass_over(old)

    def _close_soon(self, connection: Connection, closing: Closing) -> None:
        """Start closing a connection (its own task, reading its messages, lets go of
        what it still sends, and stops reading it soon)."""
        connection.closing = closing
        if connection.dropped:
            return
        _hear_only(connection.socket, CLOSE_BYTES)
        task = asyncio.create_task(connection.socket.close(*closing))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _serve(self, connection: Connection) -> None:
        """Handle a connection's messages until it leaves. Once the host closes it (its
        peer told why), what it still sends is read and let go, so that its answer to
        the close is heard behind it; past CLOSE_READS messages it is not read any more
        (and is cut after CLOSE_SECONDS)."""
        socket = connection.socket
        left = CLOSE_READS
        while left > 0:
            message = await socket.recv()  # ConnectionClosed once it is closed
            if connection.closing is None:
                connection.active = time.monotonic()
                self.receive(connection, message)
            else:
                left -= 1

    async def _sweep(self) -> None:
        """Close, every little while, the spectators that sent nothing and were sent
        nothing for ``limits.idle`` seconds (a player is never closed for it)."""
        while True:
            idle = self.limits.idle
            await asyncio.sleep(min(idle / 4, IDLE_SWEEP_SECONDS))
            now = time.monotonic()
            for connection in [c for c in self.watchers if now - c.active >= idle]:
                if connection.closing is None:
                    reason = IDLE.format(seconds=f"{idle:g}")
                    connection.send(encode("error", id=None, reason=reason, fatal=True))
                    self._close_soon(connection, (1008, "idle"))

    def receive(self, connection: Connection, message: str | bytes) -> bool:
        """Handle one message; anything wrong gets an error reply and changes nothing.

        False when the connection is to be closed: past the rate limit (it is told so,
        once), or closing already (its seat taken: the message is not read).
        """
        if connection.closing is not None:
            return False
        if not connection.limit.allow():
            reason = texts.TOO_MANY.format(rate=f"{connection.limit.rate:g}")
            connection.send(encode("error", id=None, reason=reason, fatal=True))
            self._close_soon(connection, (1008, "rate-limit"))
            return False
        request_id = None
        try:
            request = decode(message)
            request_id = request.id
            self._handle(connection, request)
        except (ProtocolError, IllegalAction) as error:
            connection.send(encode("error", id=request_id, reason=_safe(str(error))))
        except Exception:  # a fault of the host's own: the others play on, the log says it
            logger.exception("the host failed on a message")
            connection.send(encode("error", id=request_id, reason=texts.HOST_FAILED))
        return True

    def _handle(self, connection: Connection, request: Request) -> None:
        flow = self.flow
        if request.kind == "ping":
            connection.send(encode("pong", id=request.id))
            return
        if request.kind == "hello":
            raise ProtocolError(texts.HELLO_TWICE)
        seat = connection.seat
        if seat is None:
            raise ProtocolError(texts.SPECTATOR)
        if request.kind == "answer":
            flow.answer_undo(request.accept, seat)
            return
        if request.kind == "share":
            self._take_share(connection, request)
            return
        if request.at != flow.actions_played:
            raise ProtocolError(texts.OUT_OF_DATE.format(now=flow.actions_played, sent=request.at))
        if request.kind == "undo":
            reason = flow.ask_undo(seat)
            if reason is not None:
                raise IllegalAction(texts.CANNOT_UNDO.format(reason=reason))
            return
        to_move = flow.to_move
        if to_move is None:
            raise IllegalAction(texts.GAME_OVER)
        if to_move.number != seat:
            raise IllegalAction(texts.NOT_YOUR_TURN.format(name=to_move.name))
        if to_move.kind is not SeatKind.REMOTE:
            raise IllegalAction(texts.COMPUTER_PLAYS)
        if request.action is None:
            flow.roll_die()
        else:
            flow.decide(request.action)  # the sender hears of it with everyone: played


def _json(value: object) -> str:
    """A value as ``encode`` writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def _refuse(socket: ServerConnection, reason: str) -> None:
    broadcast([socket], encode("error", id=None, reason=reason, fatal=True))  # no waiting
    _hear_only(socket, CLOSE_BYTES)
    await _close(socket, 1008, "refused")


async def _close(socket: ServerConnection, code: int, reason: str) -> None:
    """Close a connection, reading on (and letting go of) what its peer still sends, so
    that the peer's answer to the close is heard behind it; a peer that sends on and on
    is not read any more, and is cut after CLOSE_SECONDS."""
    closing = asyncio.ensure_future(socket.close(code, reason))
    with contextlib.suppress(ConnectionClosed):
        for _ in range(CLOSE_READS):
            await socket.recv()  # until the close is answered (ConnectionClosed)
    await closing


def _safe(text: str, limit: int = 200) -> str:
    """A reason for the wire, safe to show and cut to ``limit`` (plain ASCII, the usual
    case, is checked at C speed: a flood of refusals costs little)."""
    if len(text) <= limit and text.isascii() and text.isprintable():
        return text
    return shown(text, limit)


def _bound_kernel_buffers(transport: asyncio.BaseTransport, send: int) -> None:
    """Keep the operating system's buffers of a connection small: its send buffer near
    ``send`` bytes (it would grow to megabytes for a peer that does not read), its
    receive buffer near RECEIVE_BUFFER (what one read brings)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (AF_INET, AF_INET6):
        with contextlib.suppress(OSError):
            sock.setsockopt(SOL_SOCKET, SO_SNDBUF, send)
            sock.setsockopt(SOL_SOCKET, SO_RCVBUF, RECEIVE_BUFFER)


class GuardedConnection(ServerConnection):
    """A server connection that reads its peer a slice at a time.

    Each frame costs the WebSocket parser the same whatever its size, so a read full of
    tiny frames would hold the event loop for as long as it takes to parse them all: a
    connection here gives the parser at most READ_SLICE bytes at a time, and its next
    slice only at the event loop's next turn, after everyone else's; it reads no more
    from the network while it holds bytes not yet parsed (or while the parsed messages
    wait: the WebSocket library's own flow control). ``hear_only`` stops reading it
    after a few more bytes (a connection being closed).
    """

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._unread = bytearray()
        self._feeding = False
        self._held = False
        """The WebSocket library's flow control wants the reading paused."""
        self._allowance: int | None = None
        """How many more bytes are parsed (None: all)."""
        self.recv_messages.pause = self._hold
        self.recv_messages.resume = self._release

    @property
    def dismissed(self) -> bool:
        """Whether the host is closing this connection (``hear_only`` was called)."""
        return self._allowance is not None

    def hear_only(self, size: int) -> None:
        """Parse at most ``size`` more bytes of this connection, then read it no more."""
        self._allowance = size if self._allowance is None else min(size, self._allowance)
        self._gate()

    def data_received(self, data: bytes) -> None:
        if self._allowance == 0:
            return  # not heard any more
        self._unread += data
        if not self._feeding:
            self._feed()
        self._gate()

    def eof_received(self) -> None:
        if self._unread and self._allowance != 0:
            rest = self._unread if self._allowance is None else self._unread[: self._allowance]
            data = bytes(rest)  # what came before the end, at once (one read at most)
            self._unread.clear()
            super().data_received(data)
        return super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unread.clear()
        self._allowance = 0
        super().connection_lost(exc)

    def _feed(self) -> None:
        """Give the parser the next slice; the one after it at the loop's next turn."""
        self._feeding = False
        if not self._unread or self._held or self._allowance == 0:
            self._gate()
            return
        size = READ_SLICE if self._allowance is None else min(READ_SLICE, self._allowance)
        piece = bytes(self._unread[:size])
        del self._unread[:size]
        if self._allowance is not None:
            self._allowance -= len(piece)
            if self._allowance == 0:
                self._unread.clear()
        super().data_received(piece)
        if self._unread and not self._held:
            self._feeding = True
            self.loop.call_soon(self._feed)
        self._gate()

    def _hold(self) -> None:
        self._held = True
        self._gate()

    def _release(self) -> None:
        self._held = False
        if self._unread and not self._feeding:
            self._feeding = True
            self.loop.call_soon(self._feed)
        self._gate()

    def _gate(self) -> None:
        """Read from the network only when nothing waits to be parsed or handled."""
        transport = self.transport
        if transport.is_closing():
            return
        wanted = not self._held and not self._unread and self._allowance != 0
        if wanted and not transport.is_reading():
            transport.resume_reading()
        elif not wanted and transport.is_reading():
            transport.pause_reading()


def _hear_only(socket: ServerConnection, size: int) -> None:
    """Parse at most ``size`` more bytes of a connection (see GuardedConnection)."""
    if isinstance(socket, GuardedConnection):
        socket.hear_only(size)


class _Door(sockets.socket):
    """A listening socket (a copy of ``listener``) whose ``accept`` closes at once the
    connections ``welcome`` turns away by their peer (``accept``'s address): the event
    loop makes no transport, nor the WebSocket library a connection, for them."""

    def __init__(self, listener: sockets.socket, welcome: Callable[[Any], bool]) -> None:
        copy = listener.dup().detach()
        super().__init__(listener.family, listener.type, listener.proto, fileno=copy)
        self.welcome = welcome

    def accept(self) -> tuple[sockets.socket, Any]:
        """The next connection welcome (BlockingIOError: none waits, for now)."""
        for _turned_away in range(DOOR_CUTS):
            connection, peer = super().accept()  # BlockingIOError when nobody waits
            if self.welcome(peer):
                return connection, peer
            connection.close()
        raise BlockingIOError  # more wait: the event loop comes back at its next turn


def _address(transport: asyncio.BaseTransport) -> str:
    """The address of a connection's peer as the caps count it (``_peer_address``)."""
    return _peer_address(transport.get_extra_info("peername"))


def _peer_address(peer: object) -> str:
    """A peer's address without its port, as the caps count it: an IPv6 address as its
    /64 network (what one household or server gets), an IPv4 one as it is."""
    host = str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)
    if ":" not in host:
        return host  # IPv4 (or a path): as it is
    try:
        address = IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    if address.is_loopback:
        return "::1"
    return str(ip_network(f"{address}/64", strict=False))


class Host:
    """The WebSocket server of one or more games (a client's join code finds its game).

    The caps of ``limits`` count spectators and connections that have not said hello
    (from the moment the TCP connection opens), never the players: when a connection
    arrives past a cap (from its address, or in all), the oldest connection that has not
    said hello (from that address, or from the address with the most connections) is cut
    to make way for it, and a spectator's hello past a cap is refused in words. A player
    with a valid join code always gets in. An address opening connections too fast has
    the new ones cut at once. The limits per address spare this machine (THIS_MACHINE).
    """

    def __init__(self, games: list[HostGame], limits: Limits | None = None) -> None:
        self.games = games
        self.limits = Limits() if limits is None else limits
        for game in games:
            game.limits = self.limits
        self.servers: list[Server] = []
        """The WebSocket servers, one for each address listened on."""
        self._waiting: dict[ServerConnection, str] = {}
        """Connections that have not said hello, oldest first, and their addresses."""
        self._watching: dict[ServerConnection, str] = {}
        """The spectators' connections and their addresses."""
        self._counted: Counter[str] = Counter()
        """Of both, how many per address."""
        self._arrivals: dict[str, RateLimit] = {}
        """Each address's new connections, rate-limited."""
        self._let_in_at_door: set[Any] = set()
        """The peers of the connections the door let in that have not opened yet."""
        self._closing = False
        """Set when the host closes: a connection opening is cut at once."""

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen on ``host``:``port`` (0: any free port); returns the address bound
        (the first, when ``host`` has several addresses)."""
        for game in self.games:
            game.start()
        # Bound as the event loop binds (a socket for each of the host's addresses), then
        # listened on through doors that close at once a connection from an address that
        # opens too many too fast: a connection flood costs an accept and a close each.
        bound = await asyncio.get_running_loop().create_server(
            asyncio.Protocol, host, port, start_serving=False
        )
        doors = [_Door(listener, self._at_door) for listener in bound.sockets]
        bound.close()
        connection = self._counted_connection()
        for door in doors:
            self.servers.append(
                await serve(
                    self._attend,
                    sock=door,
                    max_size=MAX_FRAME_BYTES,
                    max_queue=RECEIVE_QUEUE,
                    close_timeout=CLOSE_SECONDS,
                    compression=None,
                    create_connection=connection,
                )
            )
        address = doors[0].getsockname()
        return address[0], address[1]

    def connections_counted(self) -> int:
        """The connections the caps count now: spectators and those with no hello yet."""
        return len(self._waiting) + len(self._watching)

    def _counted_connection(self) -> type[ServerConnection]:
        """The class of the server's connections: each is counted as it opens and as it
        goes (an idle TCP connection too, before any HTTP)."""
        door = self

        class CountedConnection(GuardedConnection):
            cut = False
            """Cut as it opened (the host closes, or its address opens too many too
            fast): the WebSocket library never heard of it."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                peer = transport.get_extra_info("peername")
                address = _peer_address(peer)
                if door._closing or not door._let_in(peer, address):
                    # Cut before the library starts a handshake (a task, and its undoing
                    # when the connection goes): the host closes, or its address opens
                    # too many too fast (seen here only where the event loop accepts
                    # connections without the door, ``_Door``, which closes them first).
                    self.cut = True
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()
                    return
                super().connection_made(transport)
                _bound_kernel_buffers(transport, door.limits.send_queue)
                door._arrived(self, address)

            def connection_lost(self, exc: Exception | None) -> None:
                if self.cut:
                    return
                door._forget(self)
                super().connection_lost(exc)

        return CountedConnection

    def _arrived(self, socket: ServerConnection, address: str) -> None:
        """Count a new connection from ``address`` (its rate of arrivals checked already),
        cutting the oldest silent one past a cap."""
        local = address in THIS_MACHINE
        if not local and self._counted[address] >= self.limits.per_address:
            self._make_way(address)
        if self.connections_counted() >= self.limits.connections:
            self._make_way(self._heaviest())
        self._waiting[socket] = address
        self._counted[address] += 1

    def _arrival_allowed(self, address: str) -> bool:
        """Spend one of the address's new connections (False: none is left)."""
        limits = self.limits
        bucket = self._arrivals.get(address)
        if bucket is None:
            if len(self._arrivals) >= ARRIVALS_KEPT:  # forget the addresses gone quiet
                self._arrivals = {a: b for a, b in self._arrivals.items() if not b.rested()}
            bucket = self._arrivals[address] = RateLimit(limits.connect_rate, limits.connect_burst)
        return bucket.allow()

    def _at_door(self, peer: Any) -> bool:
        """Whether the door lets in a connection from ``peer`` (``accept``'s address):
        not when its address opens too many too fast."""
        address = _peer_address(peer)
        if address in THIS_MACHINE or self._arrival_allowed(address):
            self._let_in_at_door.add(peer)
            return True
        return False

    def _let_in(self, peer: Any, address: str) -> bool:
        """Whether a connection opening from ``peer`` (at ``address``) stays: let in at
        the door, or allowed now (an event loop that accepts without the door)."""
        if peer in self._let_in_at_door:
            self._let_in_at_door.discard(peer)
            return True
        return address in THIS_MACHINE or self._arrival_allowed(address)

    def _heaviest(self) -> str | None:
        """The address with the most connections counted among those with a connection
        that has not said hello (the one to make way first)."""
        waiting = set(self._waiting.values())
        return max(waiting, key=self._counted.__getitem__, default=None)

    def _make_way(self, address: str | None) -> None:
        """Cut the oldest connection from ``address`` that has not said hello."""
        oldest = next((socket for socket, where in self._waiting.items() if where == address), None)
        if oldest is not None:
            self._forget(oldest)
            oldest.transport.abort()

    def _forget(self, socket: ServerConnection) -> None:
        """No longer count a connection (it went, or it is a player's now)."""
        address = self._waiting.pop(socket, None)
        if address is None:
            address = self._watching.pop(socket, None)
        if address is None:
            return
        self._counted[address] -= 1
        if self._counted[address] <= 0:
            del self._counted[address]

    def _no_room(self, socket: ServerConnection, game: HostGame) -> str | None:
        """Why a connection cannot watch ``game`` (None: it can), in English."""
        limits = self.limits
        if len(game.watchers) >= limits.spectators:
            return NO_ROOM_TO_WATCH.format(count=limits.spectators)
        address = self._waiting.get(socket)
        if address is None or (
            address not in THIS_MACHINE and self._counted[address] > limits.per_address
        ):
            return TOO_MANY_HERE.format(count=limits.per_address)
        if self.connections_counted() > limits.connections:
            return HOST_FULL.format(count=limits.connections)
        return None

    def _watch(self, socket: ServerConnection) -> None:
        """A connection that said hello as a spectator: counted as one from now on."""
        address = self._waiting.pop(socket, None)
        if address is not None:
            self._watching[socket] = address

    async def close(self) -> None:
        """Stop every game and the server (the autosaves stay, to resume).

        The connections that have not said hello are cut at once, and any opening from
        now on as it opens: one in its opening handshake would hold the server's close
        until the handshake's time is up (10 seconds)."""
        self._closing = True
        for socket in list(self._waiting):
            socket.transport.abort()
        for game in self.games:
            await game.stop()
        for socket in [*self._waiting, *self._watching]:
            if isinstance(socket, GuardedConnection) and socket.dismissed:
                socket.transport.abort()  # told why already, maybe not heard: no waiting
        for server in self.servers:
            server.close()
        for server in self.servers:
            await server.wait_closed()

    async def _attend(self, socket: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(socket.recv(), HELLO_SECONDS)
        except (TimeoutError, ConnectionClosed):
            await socket.close(1008, "no hello")
            return
        try:
            hello = decode(first)
        except ProtocolError as error:
            await _refuse(socket, str(error))
            return
        if hello.kind != "hello":
            await _refuse(socket, texts.HELLO_FIRST)
            return
        if hello.watch:
            game = self.games[0]
            refusal = self._no_room(socket, game)
            if refusal is not None:
                await _refuse(socket, refusal)
                return
            self._watch(socket)
        else:
            found = [g for g in self.games if g.seat_for(hello.code or "") is not None]
            if not found:
                await _refuse(socket, texts.NO_SEAT_HERE)
                return
            game = found[0]
            self._forget(socket)  # a player's connection: no cap counts it
        await game.attend(socket, hello)
