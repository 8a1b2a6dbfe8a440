"""A client: one connection to a host, its replica of the game, and reconnecting.

``Client.run`` connects, says hello with the seat's join code (or as a spectator),
builds a ``ReplicaFlow`` from the host's game and keeps it by the host's messages. When
the connection drops it connects again with the same code and reads the game afresh.
Every change goes to the listeners (``listen``, and the replica's own); a front end (the
text mode, the full-screen game) reacts there. When the game ends the client keeps
it with the finished games, as hot-seat does, and ``run`` returns 0.

The client checks every roll it sees (``fair.DiceWitness``): each secret against the
commitment sent before it, each value against its secret and share, and the shares it
was asked for and added itself (at once, when the facing of the roll is fixed). What
does not add up is a notice, in words, and is kept with the record of the game's dice
(``record``, written when the game ends: ``marrakech verify`` checks it).

Whatever a host sends, the client stops with one line (a ``closed`` change) and 1 when
it cannot use it: a message too large, nested too deep, not JSON text, one the replica
cannot read, a server that is no game host, a fatal error (its seat taken from another
terminal, say), and the replica stops playing (``ReplicaFlow.stop``). It tries again
only when the connection is lost or the host stopped its game, which it may host again
(the replica is ``reconnecting`` meanwhile, ``host_stopped`` in the second case).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket as socket_lib
import ssl
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidMessage,
    InvalidStatus,
    InvalidURI,
)
from websockets.frames import CloseCode

from marrakech.engine import IllegalAction, Phase, Roll
from marrakech.flow.changes import Change, ChangeKind, Listener
from marrakech.flow.notice import Notice
from marrakech.games.autosaves import GameFile
from marrakech.games.language import _
from marrakech.games.records import SaveFileError
from marrakech.games.text import quoted, shown
from marrakech.games.words import how_long
from marrakech.net import texts
from marrakech.net.address import host_uri
from marrakech.net.fair import DiceWitness
from marrakech.net.protocol import (
    HOST_STOPPED,
    MAX_HOST_DEPTH,
    MAX_HOST_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    SEAT_TAKEN,
    encode,
)
from marrakech.net.record import keep_record, record_document
from marrakech.net.replica import HostError, ReplicaFlow
from marrakech.net.texts import local

RETRY_SECONDS = 60.0
"""How long a client keeps trying to reach a host it lost."""

SHOWN_CHARS = 200
"""The longest a text from the host is shown (it is cut before it is read further)."""


def read_message(text: str | bytes) -> dict[str, Any]:
    """One message from the host, read; HostError says why it cannot be used."""
    if isinstance(text, bytes):
        raise HostError(_("the host sent a binary message"))
    try:
        message = json.loads(text)
    except RecursionError:
        raise HostError(_("the host sent a message nested too deep")) from None
    except ValueError:
        raise HostError(_("the host sent a message that is not JSON")) from None
    if not isinstance(message, dict):
        raise HostError(_("the host sent a message that is not a JSON object"))
    if _deeper_than(message, MAX_HOST_DEPTH):
        raise HostError(_("the host sent a message nested too deep"))
    return message


def _deeper_than(value: object, limit: int) -> bool:
    """Whether ``value`` nests lists and dicts more than ``limit`` deep (read without
    recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def said_by_host(value: object, limit: int = SHOWN_CHARS) -> str:
    """A text the host sent, in the language spoken here, cut and safe to show."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    return shown(local(text[: limit * 2]), limit)


def host_broke(error: ConnectionClosed) -> str | None:
    """Why this client closed the connection because of what the host sent (None: the
    connection was lost or closed by the host: try again)."""
    sent = error.sent
    if sent is None or (error.rcvd is not None and error.rcvd_then_sent):
        return None
    if sent.code == CloseCode.MESSAGE_TOO_BIG:
        return _("the host sent a message larger than {size} bytes").format(
            size=MAX_HOST_MESSAGE_BYTES
        )
    if sent.code == CloseCode.INVALID_DATA:
        return _("the host sent a message that is not UTF-8 text")
    if sent.code == CloseCode.PROTOCOL_ERROR:
        return _("the host broke the WebSocket protocol: {problem}").format(
            problem=shown(sent.reason, 80)
        )
    return None


def not_a_host(error: InvalidHandshake) -> str | None:
    """What the server answered instead of a game host's handshake (None: it may be a
    host that is starting, or a proxy whose host is away: try again)."""
    if isinstance(error, InvalidStatus):
        status = error.response.status_code
        return None if status >= 500 else f"HTTP {status}"
    cause = error.__cause__
    if isinstance(error, InvalidMessage) and not isinstance(cause, EOFError | OSError | None):
        return shown(str(cause), 80)
    return None


def not_secure(uri: str, error: OSError) -> str:
    """Why a secure (``wss://``) connection could not be made: no certificate trusted, or
    a server that does not speak TLS there (most often a host reached directly, not
    through a secure proxy: it drops the greeting, ``ConnectionResetError``)."""
    if isinstance(error, ssl.SSLCertVerificationError):
        problem = shown(error.verify_message or str(error), 80)
        return _("{address} has a certificate this computer does not trust: {problem}").format(
            address=shown(uri), problem=problem
        )
    if isinstance(error, ConnectionResetError):
        problem = _("the connection was dropped")
    else:
        problem = shown(getattr(error, "reason", None) or str(error), 80)
    return _(
        "{address} does not answer securely ({problem}): a host that friends reach "
        "directly, not through a secure proxy, is joined with ws:// or with no scheme"
    ).format(address=shown(uri), problem=problem)


def _settles_undo(
    change: Change, before: tuple[int, bool] | None, flow: ReplicaFlow | None
) -> bool:
    """Whether a change ends this seat's waiting undo request: a move (which drops it), a
    refusal, or the whole game read again after a take-back or a reconnection, not after a
    rename (``before``: the actions played and whether the client was reconnecting)."""
    if change.kind in ("played", "undo_refused"):
        return True
    if change.kind != "synced" or before is None or flow is None:
        return False
    played, reconnecting = before
    return reconnecting or flow.actions_played != played


NAME_NOT_FOUND = frozenset(
    code
    for code in (socket_lib.EAI_NONAME, getattr(socket_lib, "EAI_NODATA", None))
    if code is not None
)
"""The lookup errors that say a host name names nothing (not a lookup that failed for now)."""


class Client:
    """One seat (or a spectator) of a game hosted elsewhere; see the module docstring."""

    def __init__(
        self,
        address: str,
        *,
        code: str | None = None,
        name: str | None = None,
        retry_seconds: float = RETRY_SECONDS,
        keep_finished: bool = True,
        level: str | None = None,
    ) -> None:
        """``address`` is HOST:PORT, or HOST (the host's default port), or a ws:// or
        wss:// address (``host_uri``); no ``code`` watches."""
        self.uri = host_uri(address)
        self.code = code
        self.name = name
        self.retry_seconds = retry_seconds
        self.keep_finished = keep_finished
        self.level = level
        """The computer level that plays the seat here (None: a person plays it)."""
        self.flow: ReplicaFlow | None = None
        """The replica, once the host has sent the game."""
        self.witness: DiceWitness | None = None
        """What this client saw of the dice, checked (once the host has sent the game)."""
        self.record: Path | None = None
        """The record of the game's dice, once the game has ended and it was kept."""
        self._game: dict[str, Any] | None = None
        """The host's last ``game`` message (the record keeps its game)."""
        self._watched: int | None = None
        """The roll whose facing this connection saw fixed (by a ``played`` message)."""
        self._problems: list[str] = []
        """What the last message from the host did not add up in, to tell."""
        self._listeners: list[Listener] = []
        self._socket: ClientConnection | None = None

    def listen(self, listener: Listener) -> None:
        """Call ``listener`` with every Change from now on, before and after the game
        arrived (the replica's own listeners, ``flow.listen``, hear those after it arrived,
        and each change before this client's listeners do)."""
        self._listeners.append(listener)

    def _tell(self, change: Change) -> None:
        if self.flow is not None:  # the game's own listeners first: they record the change
            self.flow.tell(change)
        for listener in self._listeners:
            listener(change)

    def send(self, text: str) -> None:
        """Send a message to the host now; IllegalAction when not connected."""
        socket = self._socket
        if socket is None:
            raise IllegalAction(_("not connected to the host: wait for the connection"))
        asyncio.get_running_loop().create_task(self._send(socket, text))

    async def _send(self, socket: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(text)

    async def run(self) -> int:
        """Play until the game ends (0) or the host cannot be reached or refuses (1)."""
        lost_at: float | None = None
        host_stopped = False
        loop = asyncio.get_running_loop()
        while True:
            unknown_name = False
            try:
                async with connect(
                    self.uri, max_size=MAX_HOST_MESSAGE_BYTES, open_timeout=5, compression=None
                ) as socket:
                    lost_at = None
                    host_stopped = False
                    outcome = await self._session(socket)
                    if outcome is not None:
                        return outcome
                    host_stopped = (
                        socket.close_code == CloseCode.GOING_AWAY
                        and socket.close_reason == HOST_STOPPED
                    )
            except HostError as error:
                return self._closed(str(error))
            except ssl.SSLError as error:
                # Never reached, or a certificate not trusted: no later try goes otherwise.
                if self.flow is None or isinstance(error, ssl.SSLCertVerificationError):
                    return self._closed(not_secure(self.uri, error))
            except ConnectionResetError as error:
                # A host with no secure proxy in front drops a secure greeting unanswered.
                if self.flow is None and urlsplit(self.uri).scheme == "wss":
                    return self._closed(not_secure(self.uri, error))
            except (InvalidURI, ValueError) as error:
                return self._closed(
                    _("cannot reach {address}: {problem}").format(
                        address=shown(self.uri), problem=error
                    )
                )
            except ConnectionClosed as error:
                broken = host_broke(error)
                if broken is not None:
                    return self._closed(broken)
            except InvalidHandshake as error:
                answer = not_a_host(error)
                if answer is not None:
                    return self._closed(
                        _("{address} does not answer as a game host: {problem}").format(
                            address=shown(self.uri), problem=answer
                        )
                    )
            except socket_lib.gaierror as error:
                unknown_name = error.errno in NAME_NOT_FOUND
            except (OSError, TimeoutError):
                pass
            finally:
                self._socket = None
            if self.flow is not None and self.flow.over:
                self._keep()  # the host went before sending the whole game
                return 0
            now = loop.time()
            if lost_at is None:
                lost_at = now
                if self.flow:
                    self.flow.reconnecting = True
                    self.flow.host_stopped = host_stopped
                if host_stopped:
                    lost = _("the host at {address} stopped the game; waiting for it to come back")
                elif self.flow:
                    lost = _(
                        "the connection to the host is lost at {address}; trying again for {time}"
                    )
                elif unknown_name:  # a typo, most likely (or no network, or not up yet)
                    lost = _("no host is named {host}: check the address; trying again for {time}")
                else:
                    lost = _("no host answers at {address}; trying again for {time}")
                host = urlsplit(self.uri).hostname or self.uri
                where = {
                    "address": shown(self.uri),
                    "host": quoted(host),
                    "time": how_long(self.retry_seconds),
                }
                self._tell(Change("lost", text=lost.format(**where)))
            elif now - lost_at > self.retry_seconds:
                if host_stopped:
                    gone = _(
                        "the host at {address} stopped the game and has not come back; the "
                        "same join line takes you back once it is hosted again"
                    )
                else:
                    gone = _(
                        "the host at {address} cannot be reached, and this program has "
                        "stopped trying; the same join line joins again once the host answers"
                    )
                return self._closed(gone.format(address=shown(self.uri)), host_gone=True)
            await asyncio.sleep(0.5)

    def _closed(self, reason: str, *, host_gone: bool = False) -> int:
        """Stop for good: the replica no longer plays, and the listeners hear why."""
        if self.flow is not None:
            self.flow.stop(reason, host_gone=host_gone)
        self._tell(Change("closed", text=reason))
        return 1

    async def _session(self, socket: ClientConnection) -> int | None:
        """Serve one connection: None when it dropped (to reconnect), else the exit code."""
        hello: dict[str, Any] = {"version": PROTOCOL_VERSION}
        if self.code is None:
            hello["watch"] = True
        else:
            hello["code"] = self.code
            if self.name is not None:
                hello["name"] = self.name
        await socket.send(encode("hello", **hello))
        self._socket = socket
        self._watched = None
        welcomed = False
        async for text in socket:
            message = read_message(text)
            if message.get("type") == "error" and message.get("fatal"):
                return self._closed(self._goodbye(message.get("reason"), welcomed))
            self._receive(message)
            welcomed = welcomed or message.get("type") == "game"
            # The host follows the last move with the whole game (its piles no longer
            # hidden): that is the game to keep.
            if self.flow is not None and self.flow.over and message.get("type") == "game":
                self._keep()
                return 0
        return None

    @staticmethod
    def _goodbye(reason: object, welcomed: bool) -> str:
        """The line a fatal error from the host ends the client with."""
        words = said_by_host(reason)
        if reason == SEAT_TAKEN:
            return words  # "your seat was taken from another terminal", and nothing more
        if welcomed:
            return _("the host closed the connection: {reason}").format(reason=words)
        return _("the host refused: {reason}").format(reason=words)

    def _receive(self, message: dict[str, Any]) -> None:
        """Apply a message from the host to the replica and tell the change; HostError
        when it cannot be used (whatever the replica found wrong with it)."""
        asker = None if self.flow is None else self.flow.undo_asker
        owner = None if self.flow is None else self.flow.awaiting_undo
        before = None if self.flow is None else (self.flow.actions_played, self.flow.reconnecting)
        try:
            change = self._read(message)
        except HostError:
            raise
        except Exception as error:  # a fault the replica did not name: still one line
            raise HostError(
                _("the host sent a message this client cannot use ({problem})").format(
                    problem=quoted(str(error), 60)
                )
            ) from None
        if change is not None:
            self._tell(change)
        if asker is not None and change is not None and change.kind == "played":
            # The host drops an unanswered undo request at every new decision: say so.
            assert self.flow is not None
            text = _(texts.WITHDRAWN).format(name=asker)
            self.flow.notify(Notice(text, title=_("Network game")))
        if owner is not None and change is not None and _settles_undo(change, before, self.flow):
            assert self.flow is not None
            self.flow.awaiting_undo = None  # answered, refused or dropped
            if change.kind == "played" and change.seat != self.flow.me:  # another's move
                text = _(texts.WITHDRAWN_MINE).format(name=owner)
                self.flow.notify(Notice(text, title=_("Network game")))
        problems, self._problems = self._problems, []
        if self.flow is not None:
            for problem in problems:
                title = _("The dice do not add up")
                self.flow.notify(Notice(f"{problem}.", title=title, severity="error", lasting=True))

    def _read(self, message: dict[str, Any]) -> Change | None:
        """The change a message from the host makes to the replica (None: none)."""
        kind = message.get("type")
        if kind == "game":
            if self.flow is None:
                self.flow = ReplicaFlow(message, self.send, level=self.level)
            else:
                back = self.flow.reconnecting
                self.flow.load(message)
                if back:
                    text = _("Back in touch with the host at {address}: the game goes on.")
                    title = _("Network game")
                    self.flow.notify(Notice(text.format(address=shown(self.uri)), title=title))
            self._game = message
            if self.witness is None:
                self.witness = DiceWitness(self.flow.me)
            rolls = [a.value for a in self.flow.session.actions if isinstance(a, Roll)]
            self._problems += self.witness.read_game(message.get("dice"), rolls, self.flow.names)
            return Change("synced", text=said_by_host(message.get("news", "")))
        flow = self.flow
        if flow is None:
            raise HostError(_("the host sent {kind} before the game").format(kind=quoted(kind, 20)))
        assert self.witness is not None  # made with the flow
        if kind == "played":
            played = flow.apply(message)
            rolled = [t.action for t in played if isinstance(t.action, Roll)]
            if rolled:
                self._problems += self.witness.revealed(
                    message.get("dice"), rolled[0].value, flow.names, watched=self._watched
                )
            if flow.state.phase is Phase.ROLL:
                self._watched = self.witness.upcoming
            return Change("played", played[0].seat if played else None, played)
        if kind == "share_ask":
            self._add_share(flow, message)
            return None
        if kind == "seats":
            flow.read_table(message.get("table"))
            return Change("seats")
        if kind == "undo_request":
            asker = message.get("by")
            flow.undo_asker = shown(asker, 60) if isinstance(asker, str) else _("someone")
            return Change("undo_asked", flow.me, text=flow.undo_asker)
        if kind == "undo_refused":
            return Change("undo_refused", flow.me, text=said_by_host(message.get("reason")))
        if kind == "error":
            # A refused undo request is an undo refused, whether its owner said no or
            # the host would not ask them (a request already waiting, two noes).
            refused: ChangeKind = (
                "undo_refused" if flow.is_undo_request(message.get("id")) else "error"
            )
            return Change(refused, flow.me, text=said_by_host(message.get("reason")))
        if kind != "pong":
            raise HostError(
                _("the host sent the unknown message {kind}").format(kind=quoted(kind, 20))
            )
        return None

    def _add_share(self, flow: ReplicaFlow, message: dict[str, Any]) -> None:
        """Add a share to the roll the host asks for, once its facing is fixed here."""
        index = message.get("roll")
        if type(index) is not int or not 0 <= index < 2**31:
            raise HostError(_("the host asked for a share of an unknown roll"))
        assert self.witness is not None
        ready = flow.state.phase is Phase.ROLL
        share, problems = self.witness.share_for(index, message.get("commitment"), ready=ready)
        self._problems += problems
        if share is None:
            return
        with contextlib.suppress(IllegalAction):  # gone meanwhile: the host asks another
            self.send(encode("share", roll=index, share=share))

    def keep_unfinished(self) -> None:
        """Keep the record of the dice seen so far of a game left before its end (the
        person quit, or the host is gone): ``marrakech verify`` checks the rolls up to then
        and says the game was not over. Nothing when the game never arrived, has ended
        (``_keep`` kept it), or the client keeps no finished games."""
        flow, witness, game = self.flow, self.witness, self._game
        if not self.keep_finished or flow is None or flow.over or self.record is not None:
            return
        if witness is None or game is None:
            return
        so_far = {**game, "actions": [str(action) for action in flow.session.actions]}
        try:
            self.record = keep_record(
                record_document(
                    so_far,
                    witness.public(),
                    role="spectator" if self.code is None else "player",
                    seat=flow.me,
                    shares=witness.shares,
                    problems=witness.problems,
                )
            )
        except (SaveFileError, OSError) as error:
            text = _("the record of the dice was not kept: {problem}").format(problem=error)
            self._tell(Change("error", text=text))

    def _keep(self) -> None:
        """Keep the finished game with the finished games (its die loaded with the rolls
        as they came), and the record of its dice (``record``)."""
        if not self.keep_finished or self.flow is None:
            return
        try:
            GameFile.new().finish(self.flow.session)
            if self.witness is not None and self._game is not None:
                document = record_document(
                    self._game,
                    self.witness.public(),
                    role="spectator" if self.code is None else "player",
                    seat=self.flow.me,
                    shares=self.witness.shares,
                    problems=self.witness.problems,
                )
                self.record = keep_record(document)
        except (SaveFileError, OSError) as error:
            text = _("the finished game was not kept: {problem}").format(problem=error)
            self._tell(Change("error", text=text))
