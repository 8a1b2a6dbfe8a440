"""The command line of network play: ``marrakech host ...``, ``marrakech join ...`` and
``marrakech verify FILE``.

``add_commands(subparsers)`` adds the three commands to a parser; ``run(args)`` runs
``host`` or ``join`` (``net.running``, imported only then: the network libraries cost
start-up time) on the front ends the entry point hands it: the full-screen board, or the
text mode. ``verify(args)`` checks the record of a network game's dice (``net.record``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from marrakech.engine import Variant
from marrakech.games.language import _
from marrakech.games.levels import describe_names
from marrakech.games.session import TAKEBACKS, TAKEBACKS_HELP
from marrakech.net import DEFAULT_PORT, LOOPBACK
from marrakech.net.address import host_uri
from marrakech.net.protocol import (
    MAX_CONNECTIONS,
    MAX_PER_ADDRESS,
    MAX_SPECTATORS,
    SPECTATOR_IDLE_SECONDS,
    STALL_SECONDS,
)

if TYPE_CHECKING:
    from marrakech.net.running import Board, Lines


def add_commands(subparsers: Any) -> None:
    """Add ``host``, ``join`` and ``verify`` to an ``argparse`` subparsers object."""
    about = _("host a game that friends join from elsewhere")
    host = subparsers.add_parser("host", help=about, description=about)
    host.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help=_("default {value}").format(value=2),
    )
    host.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help=_("aim: the player before aims Assam (default standard)"),
    )
    host.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(
            "deal the 2-player piles as a game with this seed does; the dice are not seeded: "
            "every player takes part in each roll"
        ),
    )
    host.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=LEVEL",
        help=_(
            "the host's computer plays this seat (1-based): {levels}; repeatable (the game is "
            "saved, so no outside bot)"
        ).format(levels=describe_names(outside=False)),
    )
    host.add_argument(
        "--takebacks",
        choices=TAKEBACKS,
        default="auto",
        help=_(TAKEBACKS_HELP),
    )
    host.add_argument(
        "--port", type=int, default=None, help=_("default {port}; 0: any").format(port=DEFAULT_PORT)
    )
    host.add_argument(
        "--host",
        default=None,
        help=_(
            "the address to listen on (default {address}; 0.0.0.0 exposes it: see the docs)"
        ).format(address=LOOPBACK),
    )
    host.add_argument("--name", default=None, help=_("the host's own player name"))
    host.add_argument(
        "--text",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("play the host's own seat in lines of text"),
    )
    host.add_argument(
        "--headless", action="store_true", help=_("no seat of its own: every seat is elsewhere")
    )
    host.add_argument(
        "--fill",
        default=None,
        metavar="LEVEL",
        help=_(
            "a computer of this level (as --bot) plays the seat of a player away at their "
            "turn, or here but not moving for {seconds} seconds of it"
        ).format(seconds=f"{STALL_SECONDS:g}"),
    )
    host.add_argument(
        "--grace", type=float, default=30.0, help=_("seconds before --fill steps in (default 30)")
    )
    host.add_argument(
        "--pause", type=float, default=0.5, help=_("seconds a computer seat waits before moving")
    )
    host.add_argument(
        "--resume", default=None, metavar="GAME", help=_("host again the game with this id")
    )
    host.add_argument(
        "--max-connections",
        type=_at_least_one,
        default=MAX_CONNECTIONS,
        metavar="N",
        help=_(
            "connections kept besides the players' (spectators, and those that have not "
            "said hello yet; default {value})"
        ).format(value=MAX_CONNECTIONS),
    )
    host.add_argument(
        "--max-per-address",
        type=_at_least_one,
        default=MAX_PER_ADDRESS,
        metavar="N",
        help=_("of those, from one address (default {value}; raise it behind a proxy)").format(
            value=MAX_PER_ADDRESS
        ),
    )
    host.add_argument(
        "--max-spectators",
        type=_at_least_one,
        default=MAX_SPECTATORS,
        metavar="N",
        help=_("spectators of the game (default {value})").format(value=MAX_SPECTATORS),
    )
    host.add_argument(
        "--spectator-idle",
        type=_seconds,
        default=SPECTATOR_IDLE_SECONDS,
        metavar="SECONDS",
        help=_(
            "a spectator closed after this long with nothing sent either way (default {value})"
        ).format(value=f"{SPECTATOR_IDLE_SECONDS:g}"),
    )
    about = _("take a seat in a game hosted elsewhere")
    join = subparsers.add_parser("join", help=about, description=about)
    join.add_argument(
        "address",
        metavar="ADDRESS",
        type=_host_address,
        help=_(
            "the host's HOST:PORT (PORT {port} if left out), or wss://... behind a TLS proxy"
        ).format(port=DEFAULT_PORT),
    )
    join.add_argument("code", metavar="CODE", nargs="?", help=_("the seat's join code"))
    join.add_argument("--name", default=None, help=_("your player name"))
    join.add_argument(
        "--text", action="store_true", default=argparse.SUPPRESS, help=_("play in lines of text")
    )
    join.add_argument(
        "--bot",
        default=None,
        metavar="LEVEL",
        help=_("a computer plays the seat: {levels}").format(levels=describe_names()),
    )
    join.add_argument("--watch", action="store_true", help=_("watch the game (no code)"))
    about = _("check every roll of a finished network game, from its record")
    check = subparsers.add_parser("verify", help=about, description=about)
    check.add_argument(
        "file",
        metavar="FILE",
        type=Path,
        help=_("a record from dice/ in the data directory (the host and every player keep one)"),
    )


def _at_least_one(text: str) -> int:
    """A whole number from 1 (an option's value); argparse says what is wrong."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("a whole number from 1, not {value}").format(value=repr(text))
        )
    return value


def _host_address(text: str) -> str:
    """A host's WebSocket address (``address.host_uri``); argparse says what is wrong."""
    try:
        return host_uri(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds(text: str) -> float:
    """A number of seconds above 0 (an option's value); argparse says what is wrong."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(
            _("a number of seconds above 0, not {value}").format(value=repr(text))
        )
    return value


def run(args: argparse.Namespace, lines: Lines, board: Board | None = None) -> int:
    """Run ``host`` or ``join``; returns the exit code. ``board`` plays this terminal's
    seat on the full board; ``lines`` in lines of text (with ``--text``, without a board,
    or off a terminal). The front ends come from the entry point: no front end imports
    another."""
    from marrakech.net import running

    return running.run(args, lines, board)


def verify(args: argparse.Namespace) -> int:
    """``marrakech verify FILE``: say what the record's dice come to; 0 when every roll
    checks out, 1 when one does not or the file is no record."""
    from marrakech.games.records import SaveFileError
    from marrakech.games.text import shown
    from marrakech.net.record import RecordError, verify_file

    try:
        verdict = verify_file(args.file)
    except (RecordError, SaveFileError) as error:
        print(f"marrakech {args.command}: {shown(str(error))}", file=sys.stderr)
        return 1
    for line in verdict.lines:
        print(shown(line, 1000))
    return 0 if verdict.sound else 1
