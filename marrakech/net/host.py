"""A hosted game on the network: the one authority of a network game, and its players.

``HostGame`` puts one ``HostFlow`` (``net.host_flow``) on the network: the seats'
secrets, the connections, the shares of the rolls, the computer seats, undo by agreement,
seats given to a computer, and the host told of its players coming and going. The server
(``net.server.Host``) hands it the connections that say hello; one process may host many
games (the load benchmark does).

No peer can stall the host (docs/security.md): every connection's unread messages are
bounded (``Connection.send``; past ``Limits.send_queue`` the peer is dropped), a peer past
the rate limit gets one error and is closed, an idle spectator is closed, and a player
with a valid join code always gets in, taking the seat from an older connection. The
caps on spectators and silent connections are the server's; each connection is read a
slice at a time (``net.guard``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from marrakech.engine import (
    GameState,
    IllegalAction,
    MarrakechError,
    Phase,
    Place,
    Roll,
)
from marrakech.flow import Notice, Seat, SeatKind
from marrakech.flow.changes import Change
from marrakech.games.language import _, ngettext
from marrakech.games.levels import level_word
from marrakech.games.records import SaveFileError, setup_to_dict
from marrakech.games.session import Session, name_key
from marrakech.games.text import quoted, shown
from marrakech.net import texts
from marrakech.net.guard import CLOSE_BYTES, CLOSE_READS, hear_only, refuse
from marrakech.net.host_flow import HostFlow
from marrakech.net.protocol import (
    HOST_STOPPED,
    IDLE,
    PROTOCOL_VERSION,
    SEAT_TAKEN,
    SEND_QUEUE_BYTES,
    STALL_SECONDS,
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

GAME_OVER_LINGER = 2.0
"""How long a finished game stays on the network for its last messages to arrive."""

SHARE_SECONDS = 10.0
"""How long a player asked to add a share to a roll has to answer (their client answers
at once) before the next player is asked."""

RETURN_SECONDS = 10.0
"""How long after a player left (or the host started) a roll nobody here can add to
waits for them to come back before it is the host's alone."""

SHARE_TOLD_SECONDS = 2.0
"""How long a roll waits for a player's share before the host's front end is told whom it
waits for (a client answers at once: a roll seldom waits that long)."""

RENAME_SECONDS = 60.0
"""The time over which a seat's new names are counted (``Limits.renames``)."""

IDLE_SWEEP_SECONDS = 10.0
"""How often, at most, the host looks for idle spectators (a quarter of the idle time
when that is shorter)."""

Closing = tuple[int, str]
"""A close code and its reason (a token: the peer was told why in an ``error``)."""


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
    too_slow: Callable[[int], None] = lambda unread: None
    """Told how many bytes were left unread when it is dropped for not reading them."""
    arrived: float = field(default_factory=time.monotonic)
    """When it said hello, or took its seat back from a computer (a wait counts from then)."""
    stalled_at: GameState | None = None
    """The position at which its player was said to let their turn wait (said once)."""
    back_at: GameState | None = None
    """The position at which its player last took their seat back from a computer (once
    a position: a fresh wait each time would let a player hold the game)."""
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
            connection.too_slow(unread)


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
        share_told_seconds: float = SHARE_TOLD_SECONDS,
        stall_seconds: float = STALL_SECONDS,
        hand_over: Callable[[int], str] | None = None,
    ) -> None:
        """``codes`` holds each remote seat's secret join code.

        ``fill`` is the computer level that plays a remote seat whose player has been
        away for ``grace`` seconds when it is their turn, or here but has not moved for
        ``stall_seconds`` of their turn (None: it waits for them). ``computer_pause`` is
        how long a computer seat waits before it moves. ``share_seconds`` and
        ``return_seconds`` are how long a roll waits for a player's share (SHARE_SECONDS,
        RETURN_SECONDS), ``share_told_seconds`` how long before the host's front end is
        told whose; the flow's ``keep_dice`` writes the game and its dice before a roll is
        told. ``hand_over`` says how the host's front end gives seat N (0-based) to a
        computer, told when a player leaves or lets their turn wait (None: ``--fill`` or
        nothing is said).
        """
        self.flow = flow
        self.codes = codes
        self.fill = fill
        self.grace = grace
        self.computer_pause = computer_pause
        self.share_seconds = share_seconds
        self.return_seconds = return_seconds
        self.share_told_seconds = share_told_seconds
        self.stall_seconds = stall_seconds
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
        self._missed: dict[int, int] = {}
        """The roll each seat's player let pass when asked to add to it: they are not
        asked again until they add to it (late) or join again."""
        self._played_before = len(flow.session.transitions)
        """The moves played before this host started (a resumed game's): a seat that moved
        among them comes back to the table (whoever played it then: the saved game does not
        say); one only a computer played since this start (``fill``) is joined."""
        self._moved_at = time.monotonic()
        """When the game last moved (a decision, an undo): a player's turn counts from it."""
        self._renames: dict[int, list[float]] = {}
        """When each seat's player took a new name lately (``Limits.renames``)."""
        self._runner: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()
        self._game_parts: tuple[tuple[object, ...], tuple[object, ...], str, str] | None = None
        """The game message's parts that only a change of the game changes, encoded, and
        what they were encoded from (``game_message``)."""
        flow.listen(self._changed)
        flow.present = lambda seat: seat == flow.me or seat in self.players
        flow.stalled = self.stalled
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
        closes = [
            c.socket.close(CloseCode.GOING_AWAY, HOST_STOPPED) for c in everyone if not c.dropped
        ]
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
        """Settle a roll with a player's share, play a computer seat's move, say that a
        player lets their turn wait, give an away (or waiting) player's seat, roll a die
        whose roll was left waiting when the host stopped, or wait for a change."""
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
        stall = self._stall_timeout(seat.number)
        if stall == 0 and self.players[seat.number].stalled_at is not self.flow.state:
            self.players[seat.number].stalled_at = self.flow.state
            self._stall(seat.number)
            return
        timeout = self._fill_timeout(seat)
        if timeout == 0:
            assert self.fill is not None
            self.flow.hand_seat(seat.number, SeatKind.COMPUTER, self.fill)
            return
        waits = [wait for wait in (timeout, stall) if wait]  # a stall said already: none
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), min(waits, default=None))

    def _fill_timeout(self, seat: Seat) -> float | None:
        """Seconds until an away player's seat goes to the computer; None: never."""
        if self.fill is None or seat.number in self.players or seat.number not in self.codes:
            return None
        waited = time.monotonic() - self.away_since[seat.number]
        return max(0.0, self.grace - waited)

    def _stall_timeout(self, seat: int) -> float | None:
        """Seconds until the player of ``seat``, here and to move, has let their turn wait
        ``stall_seconds`` (0: they have); None when they are not (or the die is rolled)."""
        flow, connection = self.flow, self.players.get(seat)
        to_move = flow.to_move
        if connection is None or to_move is None or to_move.number != seat or flow.rolling:
            return None
        if flow.asking is not None:  # a takeback waits for an answer: nobody idles
            return None
        if to_move.kind is not SeatKind.REMOTE:
            return None
        since = max(self._moved_at, connection.arrived)
        return max(0.0, since + self.stall_seconds - time.monotonic())

    def stalled(self, seat: int) -> bool:
        """True when the player of ``seat``, here, has had their turn for ``stall_seconds``
        without moving: a computer may play for them, as for a player away."""
        return self._stall_timeout(seat) == 0

    def _stall(self, seat: int) -> None:
        """Tell the host's front end that the player of ``seat`` lets their turn wait, with
        how to let a computer play for them (with ``fill`` one does at once, until they join
        again); its board hears it as a ``seats`` change whose text says so."""
        flow = self.flow
        words = {"name": flow.names[seat], "seat": seat + 1, "seconds": f"{self.stall_seconds:g}"}
        lines = [_("{name} has not moved for {seconds} seconds (seat {seat}).").format(**words)]
        if self.fill is not None:
            lines.append(
                _("The {level} computer plays for them until they are back.").format(
                    level=level_word(self.fill)
                )
            )
        elif self.hand_over is not None:
            lines.append(self.hand_over(seat))
        title = _("Network game")
        flow.notify(Notice(" ".join(lines), title=title, severity="warning", lasting=True))
        if self.fill is not None:
            flow.hand_seat(seat, SeatKind.COMPUTER, self.fill)
        else:
            stalled = _("{name} has not moved for {seconds} seconds").format(**words)
            flow.tell(Change("seats", seat, text=stalled))

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
        for ``share_seconds`` at most (not those who let their last ask pass: ``_missed``).
        While nobody here can be asked, the roll waits for a player who left (or has not
        come yet) until ``return_seconds`` after they went.
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
                seconds = math.ceil(wait)  # what is left of the wait since they went
                waits = ngettext(
                    "The roll waits {seconds} more second at most for a player who is not "
                    "here to join and add to it; then it is the host's alone.",
                    "The roll waits {seconds} more seconds at most for a player who is not "
                    "here to join and add to it; then it is the host's alone.",
                    seconds,
                )
                self.flow.notify(Notice(waits.format(seconds=seconds), title=_("Dice")))
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), wait)

    def _next_adder(self, asked: Collection[int]) -> Connection | None:
        """The next connected player to ask for a share, from the seat to move on (one who
        let their last ask pass is not asked)."""
        seats = len(self.flow.seats)
        mover = self.flow.state.current
        for seat in [(mover + step) % seats for step in range(seats)]:
            connection = self.players.get(seat)
            if seat in asked or seat in self._missed:
                continue
            if connection is not None and connection.closing is None:
                return connection
        return None

    def _return_wait(self) -> float:
        """Seconds a roll may still wait for a player away to come back (none may: 0 or
        less)."""
        now = time.monotonic()
        away = [self.away_since[seat] for seat in self.codes if seat not in self.players]
        return max((since + self.return_seconds - now for since in away), default=0.0)

    async def _ask(self, connection: Connection, index: int) -> str | None:
        """Ask a player for a share of roll ``index``; None when none comes in time (they
        are not asked again until they answer: ``_missed``) or they leave. Once the roll
        has waited ``share_told_seconds``, the host's front end is told for whom."""
        seat = connection.seat
        assert seat is not None
        answer: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self._asked = (index, connection, answer)
        commitment = self.flow.dice.commitment(index)
        connection.send(encode("share_ask", roll=index, commitment=commitment))
        wait = self.share_seconds
        try:
            if self.share_told_seconds < wait:
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(answer), self.share_told_seconds)
                wait -= self.share_told_seconds
                self._tell_waiting(seat, math.ceil(wait))
            return await asyncio.wait_for(answer, wait)
        except TimeoutError:
            self._missed[seat] = index
            return None
        finally:
            self._asked = None

    def _tell_waiting(self, seat: int, seconds: int) -> None:
        """Tell the host's front end that a roll waits up to ``seconds`` more for the share
        of ``seat``'s player."""
        waits = ngettext(
            "The roll waits up to {seconds} second for {name} to add to it.",
            "The roll waits up to {seconds} seconds for {name} to add to it.",
            seconds,
        )
        text = waits.format(seconds=seconds, name=self.flow.names[seat])
        self.flow.notify(Notice(text, title=_("Dice")))

    def _pass_over(self, connection: Connection) -> None:
        """A connection asked for a share went: the next player is asked at once."""
        asked = self._asked
        if asked is not None and asked[1] is connection and not asked[2].done():
            asked[2].set_result(None)

    def _take_share(self, connection: Connection, seat: int, request: Request) -> None:
        """A player's share of the roll they were asked to add to; one that comes too late
        for it lets them be asked again from the next roll on."""
        asked = self._asked
        if asked is not None and asked[1] is connection and asked[0] == request.roll:
            if not asked[2].done():
                asked[2].set_result(request.share)
        elif self._missed.get(seat) == request.roll:
            del self._missed[seat]
        else:
            raise ProtocolError(texts.NOT_ASKED.format(number=(request.roll or 0) + 1))

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
        flow = self.flow
        # Back, not new, once their seat has played before the host started (a resumed
        # game): moves a computer made for it since this start are no return.
        before = flow.session.transitions[: self._played_before]
        first = seat not in flow.joined and all(t.seat != seat for t in before)
        flow.joined.add(seat)
        if not flow.over:
            flow.notify(self.table_news(seat, here=here, first=first))
        flow.tell(Change("seats", seat))

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
        standing_in = self.flow.seats[seat].kind is SeatKind.COMPUTER  # nothing to offer
        if self.fill is not None and not standing_in:
            lines.append(
                _(
                    "If they are still away at their turn after {seconds} seconds, the "
                    "{level} computer plays for them until they are back."
                ).format(seconds=f"{self.grace:g}", level=level_word(self.fill))
            )
        elif self.hand_over is not None and not standing_in:
            lines.append(self.hand_over(seat))
        return Notice(" ".join(lines), title=title, severity="warning", lasting=True)

    def _changed(self, change: Change) -> None:
        self._wake.set()
        if change.kind in ("played", "synced", "undo_asked", "undo_refused"):
            self._moved_at = time.monotonic()  # the turn's wait starts again
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
                news = change.said_to(connection.seat)
                connection.send(self.game_message(connection.seat, news))
            self._ask_again()
        elif change.kind == "seats" and not change.text:  # with a text: a stall, the host's news
            self._broadcast(encode("seats", table=self.table()))
        elif change.kind == "undo_asked" and change.seat in self.players:
            self.players[change.seat].send(encode("undo_request", by=change.text))
        elif change.kind == "undo_refused" and change.seat in self.players:
            self.players[change.seat].send(encode("undo_refused", reason=change.text))

    def _ask_again(self) -> None:
        """Ask the owner of the last decision again for the answer the host still waits
        for: a client reading the whole game again (after a rename) forgets the question."""
        asker, owner = self.flow.asking, self.flow.undo_seat()
        if asker is not None and owner in self.players:
            self.players[owner].send(encode("undo_request", by=self.flow.names[asker]))

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
            await refuse(socket, texts.NO_SEAT_IN_GAME)
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
        named_before = None if seat is None else self.flow.names[seat]
        if seat is not None and hello.name is not None and hello.name != self.flow.names[seat]:
            refusal = self._rename(seat, hello.name)
            if refusal is not None:
                await self._refuse_seat(socket, seat, *refusal)
                return
        if seat is None:
            self.watchers.add(connection)
            connection.send(self.game_message(seat))
        else:
            unread = _("their program did not read what the host sent ({size} bytes unread)")
            connection.too_slow = lambda size: self._cut_off(seat, unread.format(size=size))
            self._back_at_the_table(seat)
            old = self.players.get(seat)
            self.players[seat] = connection
            connection.send(self.game_message(seat))
            if old is not None:
                self._take_from(old)
                # Their code, typed elsewhere: told, in case it is not they who typed it.
                name = self.flow.names[seat]
                if name == named_before:
                    again = _(
                        "{name} joined again from another connection (seat {seat}): the one "
                        "before is closed."
                    )
                else:  # someone else, perhaps, with the code: said with both names
                    again = _(
                        "{name} took seat {seat} from {before}, with that seat's join code "
                        "from another connection: {before}'s connection is closed."
                    )
                self._log(again.format(name=name, seat=seat + 1, before=named_before))
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
                self.flow.unanswered(seat)
                asked = self.flow.asker_gone(seat)
                if asked is not None and asked in self.players:  # their question goes
                    # In English: the client says the wire's own sentences in its language.
                    news = texts.ASKER_LEFT.format(name=self.flow.names[seat])
                    self.players[asked].send(self.game_message(asked, news))
                self._tell_host(seat, here=False)
                self._wake.set()

    def _rename(self, seat: int, name: str) -> tuple[str, dict[str, object]] | None:
        """Give the player of ``seat`` the new name their hello asks for; else why not (a
        sentence of ``texts`` and its words): it is another player's look-alike, no name,
        or the seat's name changed ``limits.renames`` times in the last minute."""
        taken = self.name_like(name, seat)
        if taken is not None:
            return texts.NAME_TAKEN, {"name": quoted(name), "taken": taken}
        now = time.monotonic()
        lately = [at for at in self._renames.get(seat, []) if now - at < RENAME_SECONDS]
        if len(lately) >= self.limits.renames:
            words = {"seat": seat + 1, "count": self.limits.renames, "name": self.flow.names[seat]}
            return texts.RENAMED_TOO_OFTEN, words
        try:
            self.flow.rename(seat, name)
        except MarrakechError as error:
            return texts.BAD_NAME, {"problem": error}
        self._renames[seat] = [*lately, now]
        return None

    async def _refuse_seat(
        self, socket: ServerConnection, seat: int, template: str, words: dict[str, object]
    ) -> None:
        """Refuse a hello for ``seat`` (the reason in English on the wire, ``template``
        with its ``words``), and tell the host's front end why."""
        told = _("A hello for seat {seat} ({name}) was refused: {reason}.")
        reason = _(template).format(**words)
        self._log(told.format(seat=seat + 1, name=self.flow.names[seat], reason=reason))
        await refuse(socket, template.format(**words))

    def _cut_off(self, seat: int, reason: str) -> None:
        """Tell the host's front end why the connection of ``seat``'s player was cut."""
        told = _("{name} was disconnected: {reason}.")
        self._log(told.format(name=self.flow.names[seat], reason=reason))

    def _log(self, text: str) -> None:
        """Tell the host's front end what became of a player's connection (a headless
        host writes it to its log, stderr)."""
        self.flow.notify(Notice(text, title=_("Network game"), severity="warning"))

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
        hear_only(connection.socket, CLOSE_BYTES)
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
            rate = f"{connection.limit.rate:g}"
            reason = texts.TOO_MANY.format(rate=rate)
            connection.send(encode("error", id=None, reason=reason, fatal=True))
            self._close_soon(connection, (1008, "rate-limit"))
            if connection.seat is not None:
                many = _("too many messages (at most {rate} a second)")
                self._cut_off(connection.seat, many.format(rate=rate))
            return False
        request_id = None
        try:
            request = decode(message)
            request_id = request.id
            self._handle(connection, request)
        except (ProtocolError, IllegalAction) as error:
            if request_id is None and isinstance(error, ProtocolError):
                request_id = error.id  # read even from a message refused as a whole
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
            self._take_share(connection, seat, request)
            return
        if request.kind == "back":
            self._take_back_seat(connection, seat)
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

    def _take_back_seat(self, connection: Connection, seat: int) -> None:
        """The player of ``seat``, at the table, takes their seat back from the computer the
        host let play it (as a hello would): their turn's wait starts again."""
        if self.flow.over:
            raise IllegalAction(texts.GAME_OVER)
        if self.flow.seats[seat].kind is not SeatKind.COMPUTER:
            raise IllegalAction(texts.SEAT_IS_YOURS)
        if connection.back_at is self.flow.state:  # else back, given, back... and no move
            raise IllegalAction(texts.BACK_ONCE)
        connection.back_at = self.flow.state
        connection.arrived = time.monotonic()
        connection.stalled_at = None
        self._back_at_the_table(seat)
        self._tell_host(seat, here=True)
        self._wake.set()

    def _back_at_the_table(self, seat: int) -> None:
        """The player of ``seat`` is back (joined again, or asked for their seat): no
        computer plays it, they are not away, and they are asked for dice shares again."""
        if self.flow.seats[seat].kind is SeatKind.COMPUTER:
            self.flow.hand_seat(seat, SeatKind.REMOTE)
        self._missed.pop(seat, None)
        self.flow.left.pop(seat, None)


def _json(value: object) -> str:
    """A value as ``encode`` writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _safe(text: str, limit: int = 200) -> str:
    """A reason for the wire, safe to show and cut to ``limit`` (plain ASCII, the usual
    case, is checked at C speed: a flood of refusals costs little)."""
    if len(text) <= limit and text.isascii() and text.isprintable():
        return text
    return shown(text, limit)
