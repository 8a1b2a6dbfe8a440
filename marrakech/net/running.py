"""Running ``marrakech host`` and ``marrakech join`` (parsed by ``net.cli``)."""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
from collections.abc import Awaitable, Callable

from marrakech.engine import Variant
from marrakech.flow import GameFlow, Notice
from marrakech.games.levels import level_named
from marrakech.games.records import SaveFileError
from marrakech.games.session import HUMAN, GameSetup, Session, new_seed
from marrakech.games.text import shown
from marrakech.net import DEFAULT_PORT, LOOPBACK
from marrakech.net.changes import Change, Listener
from marrakech.net.client import Client
from marrakech.net.host import GAME_OVER_LINGER, HostFlow, HostGame
from marrakech.net.hosting import EXPOSED, new_game, resume_game, start_hosting
from marrakech.net.lines import Announcer, BotPlayer, LinePlayer
from marrakech.net.protocol import normal_code

Listen = Callable[[Listener], None]
Board = Callable[[GameFlow, Listen, str], Awaitable[None]]
"""A front end that plays a network seat on the full board: the flow, how to hear its
changes, and what to show first."""


def run(args: argparse.Namespace, board: Board | None = None) -> int:
    """Run ``host`` or ``join`` (on ``board`` in a terminal, else in lines of text)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        board = None
    try:
        if args.command == "host":
            return asyncio.run(_host(args, board))
        return asyncio.run(_join(args, board))
    except KeyboardInterrupt:
        return 130


def _error(command: str, message: str) -> int:
    print(f"marrakech {command}: {shown(message)}", file=sys.stderr)
    return 1


def _notify(notice: Notice) -> None:
    print(shown(notice.text), file=sys.stderr, flush=True)


def _setup(args: argparse.Namespace) -> GameSetup:
    """The set-up the ``host`` options describe; ValueError says what is wrong."""
    seats = [HUMAN] * args.players
    for entry in args.bot:
        seat_text, _, level = entry.partition("=")
        if not seat_text.isdigit() or not 1 <= int(seat_text) <= args.players:
            raise ValueError(f"--bot {entry}: write SEAT=LEVEL, SEAT 1 to {args.players}")
        seats[int(seat_text) - 1] = level_named(level)
    names = [f"Player {seat + 1}" for seat in range(args.players)]
    if args.name is not None and HUMAN in seats and not args.headless:
        names[seats.index(HUMAN)] = args.name
    seed = new_seed() if args.seed is None else args.seed
    return GameSetup(
        players=args.players,
        names=tuple(names),
        seats=tuple(seats),
        variant=Variant(args.variant),
        seed=seed,
    )


async def _host(args: argparse.Namespace, board: Board | None) -> int:
    try:
        fill = None if args.fill is None else level_named(args.fill)
        if args.resume is not None:
            flow, hosting = resume_game(args.resume, _notify)
        else:
            session = Session(_setup(args))
            host = LOOPBACK if args.host is None else args.host
            port = DEFAULT_PORT if args.port is None else args.port
            flow, hosting = new_game(session, _notify, headless=args.headless, host=host, port=port)
    except (ValueError, SaveFileError) as error:
        return _error("host", str(error))
    try:
        hosted = await start_hosting(
            flow,
            hosting,
            host=args.host,
            port=args.port,
            fill=fill,
            grace=args.grace,
            computer_pause=args.pause,
        )
    except OSError as error:
        where = f"{args.host or hosting.host}:{hosting.port if args.port is None else args.port}"
        return _error("host", f"cannot listen on {where}: {error.strerror or error}")
    try:
        if hosted.hosting.host in EXPOSED:
            print(
                f"warning: listening on every network interface ({hosted.hosting.host or 'all'}):"
                " anyone who reaches this machine can connect. To play across the internet, use"
                " an SSH tunnel or a TLS proxy (see docs/online.md).",
                file=sys.stderr,
                flush=True,
            )
        game_id = hosted.hosting.game_id
        print(
            f"game {game_id} on {hosted.address} (if the host stops, go on with: "
            f"marrakech host --resume {game_id})",
            flush=True,
        )
        for line in hosted.join_lines():
            print(line, flush=True)
        if flow.me is not None and board is not None:
            intro = "\n".join(["Send each friend the line of their seat:", *hosted.join_lines()])
            await board(flow, flow.listen, intro)
            return 0
        if flow.me is not None:
            print(f"you play seat {flow.me + 1} here; type help for the commands", flush=True)
        await _host_until_done(hosted.game, flow)
    finally:
        await hosted.close()
    return 0


async def _host_until_done(game: HostGame, flow: HostFlow) -> None:
    finished = asyncio.create_task(game.finished.wait())
    if flow.me is None:
        await finished
    else:
        announcer = Announcer(lambda: flow)
        player = LinePlayer(lambda: flow, announcer.say, host=game)
        flow.listen(announcer)
        player.read(sys.stdin)
        announcer(Change("synced"))
        quit_task = asyncio.create_task(player.done.wait())
        await asyncio.wait({finished, quit_task}, return_when=asyncio.FIRST_COMPLETED)
        quit_task.cancel()
    if flow.over:
        await asyncio.sleep(GAME_OVER_LINGER)


async def _join(args: argparse.Namespace, board: Board | None) -> int:
    if args.watch == (args.code is not None):
        return _error("join", "give the seat's join code, or --watch to watch")
    level = None
    if args.bot is not None:
        try:
            level = level_named(args.bot)
        except ValueError as error:
            return _error("join", str(error))
    code = None if args.code is None else normal_code(args.code)
    client = Client(args.address, code=code, name=args.name)
    if level is None and not args.text and board is not None:
        return await _join_on_board(client, board)
    announcer = Announcer(
        lambda: client.flow, moves=level is None or args.text, prompts=level is None
    )
    client.listen(announcer)
    if level is not None:
        client.listen(BotPlayer(lambda: client.flow, level, seed=secrets.randbelow(2**31)))
        return await client.run()
    player = LinePlayer(lambda: client.flow, announcer.say)
    player.read(sys.stdin, quit_at_end=not args.watch)
    playing = asyncio.create_task(client.run())
    quit_task = asyncio.create_task(player.done.wait())
    await asyncio.wait({playing, quit_task}, return_when=asyncio.FIRST_COMPLETED)
    if playing.done():
        quit_task.cancel()
        return playing.result()
    playing.cancel()
    return 0


async def _join_on_board(client: Client, board: Board) -> int:
    """Take the seat in the full-screen game once the host has sent the game."""
    playing = asyncio.create_task(client.run())
    ready = asyncio.Event()
    client.listen(lambda change: ready.set() if client.flow or change.kind == "closed" else None)
    waiting = asyncio.create_task(ready.wait())
    await asyncio.wait({playing, waiting}, return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    if client.flow is None:
        return playing.result() if playing.done() else 1
    await board(client.flow, client.listen, "")
    playing.cancel()
    return 0
