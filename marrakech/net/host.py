"""The host: the one authority of a network game.

``HostFlow`` is the host's ``GameFlow``: every decision goes through it (the host's own
seat's, a remote seat's intention, a computer's), is checked by the engine there, rolls
the host's die stream and autosaves as in hot-seat; then every listener hears of it.
``HostGame`` puts one HostFlow on the network: the seats' secrets, the connections, the
computer seats, undo by agreement and seats given to a computer. ``Host`` is the
WebSocket server; one process may host many games (the load benchmark does).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
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
    Transition,
)
from marrakech.flow import GameFlow, Notice, Seat, SeatKind
from marrakech.flow.changes import Change
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _
from marrakech.games.records import setup_to_dict
from marrakech.games.session import Session, name_problem
from marrakech.games.text import shown
from marrakech.net import texts
from marrakech.net.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
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
    ) -> None:
        """Play ``session``'s game with ``remote`` seats elsewhere (see GameFlow)."""
        super().__init__(session, notify, remote=remote, game_file=game_file)
        self.me = me
        self.remote = frozenset(remote)
        """The seats whose players play from elsewhere."""
        self.asking: int | None = None
        """The seat that asked for an undo the seat whose decision it is has not answered."""
        self.present: Callable[[int], bool] = lambda seat: seat == me
        """Whether a seat's player is here to answer an undo request (the host sets it)."""

    def _played(self, seat: int, played: tuple[Transition, ...]) -> None:
        self.asking = None
        super()._played(seat, played)

    def play(self, decision: Orient | Place | Aim | None) -> tuple[Transition, ...]:
        """Play the host's own seat's decision (None: roll, in the aiming variant)."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction(_(texts.GAME_OVER))
        if seat.number != self.me and not self.plays_here(seat):
            raise IllegalAction(_(texts.NOT_YOUR_TURN).format(name=seat.name))
        return super().play(decision)

    def undo(self) -> None:
        """The host's own seat asks to take back the last decision.

        Its own decision (or a computer's seat's) goes at once; another player's is a
        request that player answers (a Change ``undo_asked`` tells them).
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
        owner = self.session.undo_seat()
        assert owner is not None  # why_no_undo said there is a decision to take back
        if owner == asker or self.seats[owner].kind is SeatKind.COMPUTER:
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
        if asker is None or seat is None or seat != self.session.undo_seat():
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
    """One client on the network: its socket, its seat (None for a spectator), its limit."""

    socket: ServerConnection
    seat: int | None
    limit: RateLimit = field(default_factory=RateLimit)

    def send(self, text: str) -> None:
        """Queue a message without waiting (a slow client never stalls anyone else)."""
        broadcast([self.socket], text)


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
    ) -> None:
        """``codes`` holds each remote seat's secret join code.

        ``fill`` is the computer level that plays a remote seat whose player has been
        away for ``grace`` seconds when it is their turn (None: it waits for them).
        ``computer_pause`` is how long a computer seat waits before it moves.
        """
        self.flow = flow
        self.codes = codes
        self.fill = fill
        self.grace = grace
        self.computer_pause = computer_pause
        self.players: dict[int, Connection] = {}
        self.watchers: set[Connection] = set()
        self.away_since: dict[int, float] = {seat: time.monotonic() for seat in codes}
        self.finished = asyncio.Event()
        self._wake = asyncio.Event()
        self._runner: asyncio.Task[None] | None = None
        flow.listen(self._changed)
        flow.present = lambda seat: seat == flow.me or seat in self.players

    # -- the game's own task: computer seats, seats given away, the end -------------------

    def start(self) -> None:
        """Start playing the computer seats (call inside the running event loop)."""
        self._runner = asyncio.create_task(self._run())
        if self.flow.over:
            self.finished.set()

    async def stop(self) -> None:
        """Stop the game's task and let go of the game (its autosave stays, to resume)."""
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        for connection in [*self.players.values(), *self.watchers]:
            await connection.socket.close(1001, "the host stopped")
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
        """Play a computer seat's move, give an away player's seat, or wait for a change."""
        seat = self.flow.to_move
        assert seat is not None
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

    def _changed(self, change: Change) -> None:
        self._wake.set()
        if change.kind == "played":
            first = self.flow.actions_played - len(change.transitions)
            self._broadcast(
                encode(
                    "played",
                    at=first,
                    seat=change.seat,
                    actions=[str(t.action) for t in change.transitions],
                    tops=pile_tops(self.flow.state),
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
        broadcast([connection.socket for connection in self._everyone()], text)

    # -- what the clients see ----------------------------------------------------------

    def table(self) -> list[dict[str, object]]:
        """Every seat as the clients see it: name, who plays it, and whether they are here."""
        rows: list[dict[str, object]] = []
        for seat in self.flow.seats:
            here = seat.kind is not SeatKind.REMOTE or seat.number in self.players
            kind = SeatKind.COMPUTER if seat.kind is SeatKind.COMPUTER else SeatKind.PERSON
            rows.append({"name": seat.name, "kind": kind.value, "level": seat.level, "here": here})
        return rows

    def game_message(self, seat: int | None, news: str = "") -> str:
        """The whole game so far, for a client to build its replica from."""
        session = self.flow.session
        return encode(
            "game",
            version=PROTOCOL_VERSION,
            you=seat,
            setup=setup_to_dict(session.setup, secret=False),
            start=public_start(session),
            actions=[str(action) for action in session.actions],
            table=self.table(),
            news=news,
        )

    # -- a client's messages -----------------------------------------------------------

    def seat_for(self, code: str) -> int | None:
        """The remote seat whose join code this is (every seat compared in constant time)."""
        given = normal_code(code)
        found = None
        for seat, secret in self.codes.items():
            if codes_match(given, secret):
                found = seat
        return found

    async def attend(self, socket: ServerConnection, hello: Request) -> None:
        """Seat a client that said hello, then serve its messages until it leaves."""
        seat = None if hello.watch else self.seat_for(hello.code or "")
        if not hello.watch and seat is None:
            await _refuse(socket, texts.NO_SEAT_IN_GAME)
            return
        connection = Connection(socket, seat)
        if seat is not None and hello.name is not None and hello.name != self.flow.names[seat]:
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
            connection.send(self.game_message(seat))
            if old is not None:
                await old.socket.close(1000, "the seat was joined from elsewhere")
            self._broadcast(encode("seats", table=self.table()))
        self._wake.set()
        try:
            async for message in socket:
                self.receive(connection, message)
        except ConnectionClosed:
            pass
        finally:
            self.watchers.discard(connection)
            if seat is not None and self.players.get(seat) is connection:
                del self.players[seat]
                self.away_since[seat] = time.monotonic()
                if self.flow.asking is not None and self.flow.session.undo_seat() == seat:
                    self.flow.answer_undo(False, seat)
                self._broadcast(encode("seats", table=self.table()))
                self._wake.set()

    def receive(self, connection: Connection, message: str | bytes) -> None:
        """Handle one message; anything wrong gets an error reply and changes nothing."""
        if not connection.limit.allow():
            connection.send(
                encode(
                    "error",
                    id=None,
                    reason=texts.TOO_MANY.format(rate=f"{connection.limit.rate:g}"),
                )
            )
            return
        request_id = None
        try:
            request = decode(message)
            request_id = request.id
            self._handle(connection, request)
        except (ProtocolError, IllegalAction) as error:
            connection.send(encode("error", id=request_id, reason=shown(str(error), 200)))
        except Exception:  # a fault of the host's own: the others play on, the log says it
            logger.exception("the host failed on a message")
            connection.send(encode("error", id=request_id, reason=texts.HOST_FAILED))

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
            flow.roll()
        else:
            flow.decide(request.action)  # the sender hears of it with everyone: played


async def _refuse(socket: ServerConnection, reason: str) -> None:
    await socket.send(encode("error", id=None, reason=reason, fatal=True))
    await socket.close(1008, "refused")


class Host:
    """The WebSocket server of one or more games (a client's join code finds its game)."""

    def __init__(self, games: list[HostGame]) -> None:
        self.games = games
        self.server: Server | None = None

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen on ``host``:``port`` (0: any free port); returns the address bound."""
        for game in self.games:
            game.start()
        self.server = await serve(
            self._attend, host, port, max_size=MAX_FRAME_BYTES, compression=None
        )
        address = next(iter(self.server.sockets)).getsockname()
        return address[0], address[1]

    async def close(self) -> None:
        """Stop every game and the server (the autosaves stay, to resume)."""
        for game in self.games:
            await game.stop()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

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
        else:
            found = [g for g in self.games if g.seat_for(hello.code or "") is not None]
            if not found:
                await _refuse(socket, texts.NO_SEAT_HERE)
                return
            game = found[0]
        await game.attend(socket, hello)
