"""Running ``marrakech host`` and ``marrakech join`` (parsed by ``net.cli``)."""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import shlex
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from marrakech.engine import Variant
from marrakech.flow import Change, GameFlow, Listener, Notice
from marrakech.flow.computers import FALLBACK_LEVEL
from marrakech.games.language import _, pgettext
from marrakech.games.levels import LEVELS, computer_named, level_word, seat_bot
from marrakech.games.narrate import one_line
from marrakech.games.records import SaveFileError
from marrakech.games.session import (
    PERSON,
    TAKEBACKS,
    GameSetup,
    Session,
    default_name,
    name_problem,
    new_seed,
)
from marrakech.games.text import quoted, shown
from marrakech.games.words import as_sentence
from marrakech.net import DEFAULT_PORT, LOOPBACK
from marrakech.net.client import Client
from marrakech.net.host import GAME_OVER_LINGER, HostGame
from marrakech.net.hosting import EXPOSED, abandon, new_game, resume_game, start_hosting
from marrakech.net.protocol import Limits, looks_like_a_code, normal_code

Listen = Callable[[Listener], None]
Board = Callable[[GameFlow, str], Awaitable[None]]
"""A front end that plays a network seat on the full board: the flow, and what to show
first."""


class Lines(Protocol):
    """A front end that plays a network seat in lines of text (``textmode.online``)."""

    def __call__(
        self,
        table: Callable[[], GameFlow | None],
        listen: Listen,
        until: Awaitable[int],
        *,
        moves: bool = True,
        reads: bool = True,
        quit_at_end: bool = True,
        stay_at_the_end: bool | None = None,
    ) -> Awaitable[int]:
        """Play at ``table`` until ``until`` gives the exit code or the person quits."""
        ...


def run(args: argparse.Namespace, lines: Lines, board: Board | None = None) -> int:
    """Run ``host`` or ``join``: on ``board`` in a terminal, else in ``lines`` of text."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        board = None
    try:
        if args.command == "host":
            return asyncio.run(_host(args, lines, board))
        return asyncio.run(_join(args, lines, board))
    except KeyboardInterrupt:
        return 130


def _address_problem(address: str, code: str | None) -> str | None:
    """What is wrong when a join code was typed where the host's address goes (alone, or
    before the address); None otherwise (a host may be named like a code when a code
    follows it)."""
    host = urlsplit(address).hostname or ""
    if not looks_like_a_code(host):
        return None
    if code is None:
        return _(
            "{code} is a join code: the host's address goes before it (marrakech join "
            "HOST:PORT CODE)"
        ).format(code=quoted(normal_code(host)))
    if looks_like_a_code(code):
        return None
    return _(
        "{code} looks like the host's address, and the address like a join code: the "
        "address comes first (marrakech join HOST:PORT CODE)"
    ).format(code=quoted(code))


def _error(command: str, message: str) -> int:
    print(f"marrakech {command}: {shown(message)}", file=sys.stderr)
    return 1


def _notify(notice: Notice) -> None:
    print(shown(notice.text), file=sys.stderr, flush=True)


def _log_news(change: Change) -> None:
    """Write to a headless host's log why the game was read again (a new name, an undo)."""
    if change.kind == "synced" and change.text:
        _notify(Notice(as_sentence(change.text)))


def hosted_setup(args: argparse.Namespace) -> GameSetup:
    """The set-up the ``host`` options describe; ValueError says what is wrong."""
    seats = [PERSON] * args.players
    for entry in args.bot:
        seat, level = seat_bot(entry, args.players, outside=False)  # the game is saved
        seats[seat] = level
    names = [default_name(seat) for seat in range(args.players)]
    if args.name is not None and PERSON in seats and not args.headless:
        names[seats.index(PERSON)] = args.name
    seed = new_seed() if args.seed is None else args.seed
    return GameSetup(
        players=args.players,
        names=tuple(names),
        seats=tuple(seats),
        variant=Variant(args.variant),
        seed=seed,
        takeback=TAKEBACKS[args.takebacks],
    )


def _fill_level(name: str) -> str:
    """The level ``--fill`` names (as ``computer SEAT LEVEL``: no outside bot)."""
    try:
        return computer_named(name, outside=False)
    except ValueError as error:
        raise ValueError(f"--fill: {error}") from None


async def _host(args: argparse.Namespace, lines: Lines, board: Board | None) -> int:
    try:
        fill = None if args.fill is None else _fill_level(args.fill)
        if args.resume is not None:
            flow, hosting = resume_game(args.resume, _notify)
        else:
            session = Session(hosted_setup(args))
            host = LOOPBACK if args.host is None else args.host
            port = DEFAULT_PORT if args.port is None else args.port
            flow, hosting = new_game(session, _notify, headless=args.headless, host=host, port=port)
    except (ValueError, SaveFileError) as error:
        return _error("host", str(error))
    typed = flow.me is not None and board is None
    on_board = flow.me is not None and board is not None
    hand_over = (
        typed_hand_over
        if typed
        else board_hand_over
        if on_board
        else resume_hand_over(hosting.game_id)
    )
    try:
        hosted = await start_hosting(
            flow,
            hosting,
            host=args.host,
            port=args.port,
            fill=fill,
            grace=args.grace,
            computer_pause=args.pause,
            limits=limits_of(args),
            hand_over=hand_over,
        )
    except OSError as error:
        if args.resume is None:
            abandon(hosting.game_id)  # never on the network: nothing to resume
        where = f"{args.host or hosting.host}:{hosting.port if args.port is None else args.port}"
        if error.errno == errno.EADDRINUSE:  # its own words repeat the address
            said = _(
                "cannot listen on {address}: the port is in use (a program, another game "
                "maybe, listens there: choose another port with --port)"
            )
        else:
            said = _("cannot listen on {address}: {problem}")
        return _error("host", said.format(address=where, problem=error.strerror or error))
    try:
        if hosted.hosting.host in EXPOSED:
            warning = _(
                "warning: listening on every network interface ({address}): anyone who "
                "reaches this machine can connect. To play across the internet, use an SSH "
                "tunnel or a TLS proxy (see docs/online.md)."
            )
            print(
                warning.format(
                    address=hosted.hosting.host or pgettext("network interfaces", "all")
                ),
                file=sys.stderr,
                flush=True,
            )
        game_id = hosted.hosting.game_id
        heading = _("game {game} on {address} (if the host stops, go on with: {command})")
        command = f"marrakech host --resume {game_id}"
        print(heading.format(game=game_id, address=hosted.address, command=command), flush=True)
        for line in hosted.join_lines():
            print(line, flush=True)
        if flow.me is not None and board is not None:
            # Friends' running lines find a resumed game only where it listened before.
            same_place = (hosted.hosting.host, hosted.hosting.port) == (hosting.host, hosting.port)
            resumed = args.resume is not None and same_place
            intro = invitation(hosted.join_lines(), command, resumed=resumed)
            await board(flow, intro)
            return 0
        until = _finished(hosted.game)
        if flow.me is None:
            flow.listen(_log_news)
            await until
        else:
            await lines(lambda: flow, flow.listen, until)
    finally:
        await hosted.close()
        _say_ending(flow, hosted.hosting.game_id)
        _say_record(hosted.record)
    return 0


def _say_ending(flow: GameFlow, game_id: str) -> None:
    """Under the lines the host started with (how to go on with the game if the host
    stops), say that a game over has nothing left to resume; a game not over has been
    told how to go on with it (the goodbye, the lines above)."""
    if flow.over:
        print(_("Game {game} is over: there is nothing left to resume.").format(game=game_id))


def invitation(join_lines: Sequence[str], command: str, *, resumed: bool) -> str:
    """What the host's board shows first: each seat's join line to send, and ``command``,
    which goes on with the game if the host stops. A game ``resumed`` where it listened
    before says that friends still running their join line come back by themselves."""
    if resumed:
        send = _(
            "Friends still running their join line come back by themselves; send the line of "
            "their seat to any who stopped it:"
        )
    else:
        send = _("Send each friend the line of their seat:")
    again = _("If the host stops, go on with:")
    return "\n".join([send, *join_lines, "", again, command])


def typed_hand_over(seat: int) -> str:
    """How the host's seat in lines gives seat ``seat`` (0-based) to a computer."""
    # Translators: "computer" is a command and LEVEL a word to replace: keep both.
    return _(
        "To let a computer play for them until they are back, type: computer {seat} LEVEL "
        "({levels})."
    ).format(seat=seat + 1, levels=", ".join(LEVELS))


def board_hand_over(seat: int) -> str:
    """How the host's full board gives seat ``seat`` (0-based) to a computer: the ``c``
    key (``tui.screens.network_game``), or a level from the command palette."""
    # Translators: c and ctrl+p are keys; "command palette" as the app's palette says.
    return _(
        "To let the {level} computer play for them until they are back, press c; for "
        "another level, ctrl+p (the command palette)."
    ).format(level=level_word(FALLBACK_LEVEL))


def resume_hand_over(game_id: str) -> Callable[[int], str]:
    """How a host without typed commands (the full board, or headless) lets a computer
    play the seat of a player who left: host the game again with ``--fill``."""

    def hand_over(seat: int) -> str:
        command = f"marrakech host --resume {game_id} --fill LEVEL"
        # Translators: the command after the colon is typed as it is (LEVEL replaced).
        return _(
            "Their seat waits for them; to let a computer play it, stop and host the game "
            "again with: {command}"
        ).format(command=command)

    return hand_over


def _say_record(record: Path | None, *, finished: bool = True) -> None:
    """Tell where the record of a network game's dice is (``finished`` False: of the
    rolls seen before leaving a game not over), and how to check it."""
    if record is not None:
        if finished:
            # Translators: the command after the colon is typed as it is.
            line = _("The dice of this game are kept in {path}; to check them: {command}")
        else:
            # Translators: the command after the colon is typed as it is.
            line = _(
                "The game is not over: the dice seen so far are kept in {path}; to check "
                "them: {command}"
            )
        command = shlex.join(["marrakech", "verify", str(record)])
        print(line.format(path=record, command=command), flush=True)


def limits_of(args: argparse.Namespace) -> Limits:
    """What the host allows its connections, as the options say (``net.cli``)."""
    return Limits(
        connections=args.max_connections,
        per_address=args.max_per_address,
        spectators=args.max_spectators,
        idle=args.spectator_idle,
    )


async def _finished(game: HostGame) -> int:
    """0 once the hosted game has ended and its last messages had time to arrive."""
    await game.finished.wait()
    await asyncio.sleep(GAME_OVER_LINGER)
    return 0


async def _join(args: argparse.Namespace, lines: Lines, board: Board | None) -> int:
    if (problem := _address_problem(args.address, args.code)) is not None:
        return _error("join", problem)
    if args.watch == (args.code is not None):
        return _error("join", _("give the seat's join code, or --watch to watch"))
    level = None
    if args.bot is not None:
        try:
            from marrakech.bots import make_bot  # the bots' code only when one plays here

            level = computer_named(args.bot, build=make_bot)
        except ValueError as error:
            return _error("join", str(error))
    if args.name is not None and (problem := name_problem(args.name)) is not None:
        return _error("join", _("--name: the name {problem}").format(problem=problem))
    code = None if args.code is None else normal_code(args.code)
    client = Client(args.address, code=code, name=args.name, level=level)
    try:
        if level is None and not args.text and board is not None:
            return await _join_on_board(client, board)
        return await lines(
            lambda: client.flow,
            client.listen,
            client.run(),
            moves=level is None or args.text,
            # A computer's seat reads a person's commands at a terminal (quit, scores...),
            # never a program's input, whose end would end the seat, nor a terminal it
            # runs in the background of (reading would stop it), and leaves at the end.
            reads=level is None or _in_the_foreground(),
            quit_at_end=not args.watch,
            stay_at_the_end=False if level is not None else None,
        )
    finally:  # Ctrl+C too: the record of the dice seen is kept and said
        client.keep_unfinished()  # left before the end: what was seen so far, to check
        _say_record(client.record, finished=client.flow is not None and client.flow.over)
        flow = client.flow
        # Not where the host ended this seat (taken from another terminal, dice that do not
        # add up): its join line would only take the seat back.
        seat_kept = flow is not None and (flow.stopped is None or flow.host_gone)
        if code is not None and flow is not None and not flow.over and seat_kept:
            _say_join_again(args, code)


def _say_join_again(args: argparse.Namespace, code: str) -> None:
    """Tell a seat left before the end how to take it again: its own join line."""
    words = ["marrakech", "join", args.address, code]
    words += ["--name", args.name] if args.name is not None else []
    words += ["--bot", args.bot] if args.bot is not None else []
    words += ["--text"] if args.text else []
    # Translators: the command after the colon is typed as it is.
    line = _("To take your seat again while the game goes on: {command}")
    print(shown(line.format(command=shlex.join(words))), flush=True)


def _in_the_foreground() -> bool:
    """Whether this process reads a terminal it runs in the foreground of (a job started
    with ``&`` that read it would be stopped until brought to the foreground)."""
    try:
        return sys.stdin.isatty() and os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except (AttributeError, OSError):  # no process groups (Windows), or no terminal
        return False


async def _join_on_board(client: Client, board: Board) -> int:
    """Take the seat in the full-screen game once the host has sent the game; until then,
    say in lines what keeps it (no host answers, the host refused), as the text mode does."""
    playing = asyncio.create_task(client.run())
    ready = asyncio.Event()

    def heard(change: Change) -> None:
        if client.flow is not None or ready.is_set():
            ready.set()
            return
        if change.text:
            said = as_sentence(change.text)
            if change.kind == "lost":  # the board's keys are not read yet: ctrl+q is not
                said = one_line(said, _("Ctrl+C gives up."))
            print(shown(said), flush=True)
        if change.kind == "closed":
            ready.set()

    client.listen(heard)
    waiting = asyncio.create_task(ready.wait())
    await asyncio.wait({playing, waiting}, return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    if client.flow is None:
        return playing.result() if playing.done() else 1
    await board(client.flow, "")
    playing.cancel()
    return 0
