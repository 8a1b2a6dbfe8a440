"""The command line: ``marrakech [--text] [COMMAND] ...``, one function per subcommand
(``COMMANDS``): new, load, replay, review, saves, tutorial, serve, host, join, verify;
``tournament`` parses its own."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gettext
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from marrakech.engine import Phase, Variant
from marrakech.games import language, settings
from marrakech.games.language import LANGUAGES, N_, _
from marrakech.games.levels import OPTION_LIMIT, describe_names, seat_bot
from marrakech.games.records import SaveFileError
from marrakech.games.session import (
    PERSON,
    TAKEBACKS,
    TAKEBACKS_HELP,
    GameSetup,
    alike_names,
    default_name,
)
from marrakech.games.text import quoted, shown
from marrakech.net import cli as net_cli

if TYPE_CHECKING:
    from marrakech.flow import GameFlow
    from marrakech.tui.app import MarrakechApp

TEXT_HELP = N_("play in plain lines (for screen readers, scripts and programs): docs/text-mode.md")


def version() -> str:
    """The package's version (the one the package metadata is built from)."""
    from marrakech import __version__

    return __version__


class _VersionAction(argparse.Action):
    """``--version``: the installed version, read only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"marrakech {version()}")
        parser.exit()


def _cell_lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells (a wide character takes two),
    broken where Japanese may break (``lines.line_starts``)."""
    from marrakech.games.lines import wrapped_lines

    return wrapped_lines(" ".join(text.split()), width)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its lines measured in terminal cells when a text has wide
    characters (Japanese); other texts are wrapped as argparse wraps them."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if text.isascii():
            return super()._split_lines(text, width)
        return _cell_lines(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii():
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _cell_lines(text, width - len(indent)))

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        # argparse lays the usage out by the prefix's length in characters: a translated
        # "usage: " in wide characters goes on a line of its own, the usage indented under it.
        if prefix is None:
            prefix = gettext.gettext("usage: ")
        if prefix.isascii():
            return super()._format_usage(usage, actions, groups, prefix)
        return prefix.rstrip() + "\n" + super()._format_usage(usage, actions, groups, "  ")


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is not a port (1 to 65535)").format(text=quoted(text))
        )
    return int(text)


def _visitors(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of visitors (1 or more)").format(text=quoted(text))
        )
    return int(text)


PILES = ("shuffled", "alternating")
"""What ``marrakech new --piles`` takes (as the new-game screen's Piles)."""

# Translators: {languages} lists the codes --lang takes, as they are typed ("en, ja").
UNKNOWN_LANGUAGE = N_("unknown language {language}: choose one of {languages}")
"""What ``--lang`` says of a language this game does not speak."""


ARGPARSE_WORDS = (
    # Translators: argparse's own words (it looks them up itself): keep every %(name)s,
    # %s and %r, and the line end of "%(prog)s: error: ...".
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
)
"""What argparse itself says (its headings and its errors), for the catalogue: parsed
within ``language.standard_library_speaking``, it says them in the language spoken."""


def _language(text: str) -> str:
    """The code of the language ``--lang`` names (a code or a locale name, as
    ``language.known`` reads them); ArgumentTypeError for any other."""
    code = language.known(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            _(UNKNOWN_LANGUAGE).format(language=quoted(text), languages=", ".join(LANGUAGES))
        )
    return code


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand (the tournament's options are its own)."""
    parser = argparse.ArgumentParser(
        prog="marrakech",
        formatter_class=_HelpFormatter,
        description=_(
            "Marrakech, the board game, in the terminal. Without a command: resume "
            "an unfinished game or set up a new one."
        ),
    )
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0, help=_("show the version and exit")
    )
    parser.add_argument("--text", action="store_true", help=_(TEXT_HELP))
    parser.add_argument(
        "--lang",
        metavar="LANGUAGE",
        type=_language,
        help=_(
            "the language to play in ({languages}); default: your setting, else the "
            "locale's (LANG), else English"
        ).format(languages=", ".join(LANGUAGES)),
    )
    # A browser visitor's game (``serve`` starts it): private files, nothing shared.
    parser.add_argument("--visitor", action="store_true", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    new = _command(commands, "new", _("start a game straight away"))
    # SUPPRESS: an absent --text after the command keeps a --text given before it.
    new.add_argument("--text", action="store_true", default=argparse.SUPPRESS, help=_(TEXT_HELP))
    new.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help=_("default {value}").format(value=2),
    )
    new.add_argument(
        "--seed", type=int, default=None, help=_("makes the piles and every die roll reproducible")
    )
    new.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help=_("aim: the player before aims Assam (default standard)"),
    )
    new.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=LEVEL",
        help=_("a computer plays this seat (1-based): {levels}; repeatable").format(
            levels=describe_names()
        ),
    )
    new.add_argument(
        "--names",
        default=None,
        help=_("comma-separated player names, from seat 1 (the others: Player 2, ...)"),
    )
    new.add_argument("--first", type=int, default=1, help=_("the seat that starts (1-based)"))
    new.add_argument(
        "--piles",
        choices=PILES,
        default="shuffled",
        help=_(
            "2 players: shuffled (one pile, its top colour shown) or alternating (the two "
            "colours in turn); default shuffled"
        ),
    )
    new.add_argument(
        "--takebacks",
        choices=TAKEBACKS,
        default="auto",
        help=_(TAKEBACKS_HELP),
    )
    load = _command(commands, "load", _("go on with a saved game"))
    load.add_argument(
        "file",
        metavar="FILE|NAME",
        help=_("a save file, or a name in Saved games (marrakech saves lists them)"),
    )
    load.add_argument("--text", action="store_true", default=argparse.SUPPRESS, help=_(TEXT_HELP))
    load.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=LEVEL",
        help=_(
            "this computer plays a computer seat (1-based) of the saved game from now on: "
            "{levels}; an outside bot the save names plays only when named again here "
            "(otherwise the greedy computer plays for it); repeatable"
        ).format(levels=describe_names()),
    )
    replay = _command(commands, "replay", _("step through a saved game, turn by turn"))
    replay.add_argument(
        "file",
        metavar="FILE|NAME",
        help=_(
            "a save file, a name in Saved games (marrakech saves lists them), or last (the "
            "game finished last)"
        ),
    )
    replay.add_argument("--text", action="store_true", default=argparse.SUPPRESS, help=_(TEXT_HELP))
    review = _command(
        commands, "review", _("what each decision of a saved game cost: docs/review.md")
    )
    review.add_argument(
        "file",
        metavar="FILE|NAME",
        help=_(
            "a save file, a name in Saved games (marrakech saves lists them), or last (the "
            "game finished last)"
        ),
    )
    review.add_argument("--all", action="store_true", help=_("the computers' decisions too"))
    review.add_argument("--json", action="store_true", help=_("one JSON document, for tools"))
    review.add_argument(
        "--text",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_("in plain lines, as without it (the app reviews a game with v on its results)"),
    )
    _command(commands, "saves", _("list the saved games, and how to open each"))
    delete = _command(commands, "delete", _("remove a saved game for good, once asked"))
    delete.add_argument(
        "file",
        metavar="NAME",
        help=_("a name in Saved games (marrakech saves lists them)"),
    )
    delete.add_argument(
        "--yes",
        action="store_true",
        help=_("without asking (needed when the input is no terminal)"),
    )
    tutorial = _command(
        commands,
        "tutorial",
        _("learn to play: six short lessons, then a short game: docs/tutorial.md"),
    )
    tutorial.add_argument(
        "--text", action="store_true", default=argparse.SUPPRESS, help=_(TEXT_HELP)
    )
    serve = _command(
        commands, "serve", _("play in a web browser: every visitor gets a game of their own")
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("default {address} (this machine)").format(address="127.0.0.1"),
    )
    serve.add_argument(
        "--port", type=_port, default=8000, help=_("default {port}").format(port=8000)
    )
    serve.add_argument(
        "--max-visitors",
        type=_visitors,
        default=None,
        metavar="N",
        help=_(
            "at most N games at once; one more visitor is asked to come back later "
            "(default: from this machine's cores and memory)"
        ),
    )
    net_cli.add_commands(commands)
    commands.add_parser(
        "tournament",
        help=_("computer players against each other (see: tournament --help)"),
        add_help=False,
    )
    for command in commands.choices.values():
        command.formatter_class = _HelpFormatter
    return parser


def _command(commands: Any, name: str, about: str) -> argparse.ArgumentParser:
    """A command whose line in the list of commands also heads its own --help."""
    parser: argparse.ArgumentParser = commands.add_parser(name, help=about, description=about)
    return parser


def setup_from_args(args: argparse.Namespace) -> GameSetup:
    """The GameSetup that ``marrakech new`` options describe; ValueError says what is wrong."""
    seats = [PERSON] * args.players
    for entry in args.bot:
        seat, level = seat_bot(entry, args.players, build=_make_bot)
        seats[seat] = level
    names: tuple[str, ...] = ()
    if args.names is not None:
        names = tuple(name.strip() for name in args.names.split(","))
        if len(names) > args.players or not all(names):
            raise ValueError(
                _("--names: give up to {count} non-empty names").format(count=args.players)
            )
        # The seats not named are called as when no name is given ("Player 2").
        names += tuple(default_name(seat) for seat in range(len(names), args.players))
        alike = alike_names(names)
        if alike is not None:
            raise ValueError(f"--names: {alike}")
    if not 1 <= args.first <= args.players:
        raise ValueError(_("--first: seats are 1 to {count}").format(count=args.players))
    seed = args.seed
    if seed is None:
        from marrakech.games.session import new_seed

        seed = new_seed()
    if args.piles == "alternating" and args.players != 2:
        raise ValueError(_("--piles: only 2 players have piles of two colours"))
    return GameSetup(
        players=args.players,
        names=names,
        seats=tuple(seats),
        variant=Variant(args.variant),
        seed=seed,
        first=args.first - 1,
        alternate_piles=args.piles == "alternating",
        takeback=TAKEBACKS[args.takebacks],
    )


def _make_bot(name: str) -> object:
    """Build an outside bot once, so one that cannot be loaded is refused before the game."""
    from marrakech.bots import make_bot  # the bots' code only when an outside bot is named

    return make_bot(name)


NO_SAVED_GAME = N_(
    "no saved game {name}: neither a file nor a name in Saved games (marrakech saves lists them)"
)

# Translators: the command in backquotes is typed as it is.
HOSTED_TO_LOAD = N_("{name} is a network game you host: `{command}` hosts it again")
"""What ``load`` says of the id of an unfinished network game hosted here."""


LAST_FINISHED = "last"
"""The name that means the game finished last (unless a saved game has that name)."""


def saved_game(given: str, *, hosted: bool = False) -> Path:
    """The save file a ``load``, ``replay`` or ``review`` argument names: a path, or a name
    from Saved games (``listing.named_file``: a saved game's name, the number of a finished
    game there or the id of an unfinished game, as ``marrakech saves`` lists them; or
    ``LAST_FINISHED`` for the game finished last). The id of a network game this machine
    hosts only with ``hosted`` (to look at as far as it is played: it is hosted again, not
    loaded). SaveFileError, in one line, when there is none or it cannot be read, or when
    it is a hosted game's id and ``hosted`` is False (saying how to go on with it)."""
    from marrakech.games import autosaves, listing, storage

    path = Path(given)
    if not path.exists():
        try:
            name = storage.check_name(given)  # a full-width digit: the plain one
        except SaveFileError:
            raise SaveFileError(_(NO_SAVED_GAME).format(name=quoted(given))) from None
        named = listing.named_file(name)
        if named is None and name == LAST_FINISHED:
            finished = autosaves.history_dir().glob("*.json")
            named = max(finished, key=lambda file: file.stat().st_mtime, default=None)
            if named is None:
                raise SaveFileError(_("no finished game yet: none has been played to the end"))
        if named is None:
            raise SaveFileError(_(NO_SAVED_GAME).format(name=quoted(given)))
        if not hosted and autosaves.is_unfinished_game(named) and autosaves.is_hosted(named):
            command = autosaves.host_command(named)
            raise SaveFileError(_(HOSTED_TO_LOAD).format(name=quoted(given), command=command))
        path = named
    storage.load_game(path)  # a file that cannot be read is refused before the app opens
    return path


# Translators: the command in backquotes is typed as it is; --fill and LEVEL too.
HOSTED_RESEAT = N_(
    "--bot: this is a network game you host, not a game at one keyboard: `{command}` "
    "hosts it again (add --fill LEVEL to let a computer play the seat of a player who is "
    "away)"
)
"""What ``load --bot`` says of the autosave of a network game hosted here (left as it is)."""


def reseat(path: Path, entries: Sequence[str]) -> Path:
    """The saved game ``path`` with the computer players ``--bot SEAT=LEVEL`` names.

    Each one is checked (an outside bot is loaded now, so one that cannot be is refused
    before the game, and is played from now on). A network game this machine hosts is
    refused (SaveFileError naming ``host --resume``): its file is left as it is. When
    only bots the save already names are named, the file is used as it is. Otherwise an
    unfinished game of this machine takes its new players in its own autosave, and any
    other save is copied into a new unfinished game (as playing it on would), the save
    itself left as it is: the path of the game to open. ValueError (a bad option, a
    person's seat) or SaveFileError.
    """
    from marrakech.games import autosaves, storage

    unfinished = autosaves.is_unfinished_game(path)
    if unfinished and autosaves.is_hosted(path):  # its friends' seats are not this keyboard's
        raise SaveFileError(_(HOSTED_RESEAT).format(command=autosaves.host_command(path)))
    game_file: autosaves.GameFile | None = None
    if unfinished:
        game_file, session = autosaves.GameFile.resume(path)
    else:
        session = storage.load_game(path)
    try:
        setup = session.setup
        seats = list(setup.seats)
        for entry in entries:
            seat, level = seat_bot(entry, setup.players, build=_make_bot, more_players=False)
            if setup.is_person(seat):
                raise ValueError(
                    _(
                        "--bot {entry}: a person plays seat {seat} of this game; "
                        "--bot chooses the computer of a computer seat"
                    ).format(entry=shown(entry, OPTION_LIMIT), seat=seat + 1)
                )
            seats[seat] = level
        if tuple(seats) == setup.seats:
            return path
        if session.state.phase is Phase.OVER:
            raise ValueError(_("--bot: this game is over: nobody has a move left to play"))
        # Only who decides from now on changes; the moves so far stay as they were played.
        session.setup = dataclasses.replace(setup, seats=tuple(seats))
        if game_file is None:
            game_file = autosaves.GameFile.new()
            print(
                _(
                    "marrakech load: the game goes on as a new unfinished game with these "
                    "computer players; {name} is left as it is."
                ).format(name=quoted(path.name)),
                file=sys.stderr,
            )
        game_file.save(session)
        return game_file.path
    finally:
        if game_file is not None:
            game_file.close()


TEXT_MODE_NOTICE = N_(
    "marrakech: standard input or output is not a terminal: playing in text mode "
    "(see docs/text-mode.md)."
)
"""The one line on stderr when the text mode is chosen for want of a terminal."""


TEXT_ENV = "MARRAKECH_TEXT"
"""An environment variable that, set to 1 (or true, yes, on), plays in text mode without
``--text`` (for a screen reader's user, whose terminal should never open the full-screen
app)."""


def text_asked(args: argparse.Namespace) -> bool:
    """True for ``--text`` or ``MARRAKECH_TEXT=1``."""
    asked = os.environ.get(TEXT_ENV, "").strip().casefold() in ("1", "true", "yes", "on")
    return bool(args.text) or asked


def in_text_mode(args: argparse.Namespace) -> bool:
    """True when the text mode is asked for (``text_asked``), or when the standard streams
    are not both a terminal (then a one-line notice on stderr says so)."""
    if text_asked(args):
        return True
    if sys.stdin.isatty() and sys.stdout.isatty():
        return False
    print(_(TEXT_MODE_NOTICE), file=sys.stderr)
    return True


def run_default(args: argparse.Namespace) -> int:
    """``marrakech``: resume an unfinished game, else set up a new one."""
    if args.visitor:
        from marrakech.tui.app import MarrakechApp
        from marrakech.web import visitor_home

        with visitor_home():
            return _run_app(MarrakechApp())
    if in_text_mode(args):
        from marrakech import textmode
        from marrakech.games import autosaves, listing

        others = listing.others_line(autosaves.unfinished_games())
        if others is not None:  # the newest is resumed: the others are said first
            _print_lines([others])
        return textmode.play_latest()
    from marrakech.tui.app import MarrakechApp

    return _run_app(MarrakechApp())


def run_new(args: argparse.Namespace) -> int:
    """``marrakech new``: straight into a game."""
    try:
        setup = setup_from_args(args)
    except ValueError as error:
        print(f"marrakech new: {error}", file=sys.stderr)
        return 2
    if in_text_mode(args):
        from marrakech import textmode

        return textmode.play_new(setup)
    from marrakech.games.session import Session
    from marrakech.tui.app import MarrakechApp

    return _run_app(MarrakechApp(session=Session(setup)))


def _saved_game_or_say(args: argparse.Namespace) -> Path | None:
    """The saved game ``args.file`` names (a hosted game's id too, to replay or review);
    None, after saying why on stderr, when none."""
    try:
        return saved_game(args.file, hosted=args.command in ("replay", "review"))
    except SaveFileError as error:
        print(f"marrakech {args.command}: {error}", file=sys.stderr)
        return None


def run_load(args: argparse.Namespace) -> int:
    """``marrakech load``: go on with a saved game (``--bot``: with these computer players)."""
    path = _saved_game_or_say(args)
    if path is None:
        return 1
    if args.bot:
        try:
            path = reseat(path, args.bot)
        except SaveFileError as error:
            print(f"marrakech {args.command}: {error}", file=sys.stderr)
            return 1
        except ValueError as error:
            print(f"marrakech {args.command}: {error}", file=sys.stderr)
            return 2
    if in_text_mode(args):
        from marrakech import textmode

        return textmode.play_saved(path)
    from marrakech.tui.app import MarrakechApp

    return _run_app(MarrakechApp(load=path))


def run_replay(args: argparse.Namespace) -> int:
    """``marrakech replay``: step through a saved game, in the full-screen app or in lines."""
    path = _saved_game_or_say(args)
    if path is None:
        return 1
    if in_text_mode(args):
        from marrakech.textmode.replay import replay_saved

        return replay_saved(path)
    from marrakech.tui.app import MarrakechApp

    return _run_app(MarrakechApp(replay=path))


def run_tutorial(args: argparse.Namespace) -> int:
    """``marrakech tutorial``: the lessons, then a short game against a gentle computer."""
    if in_text_mode(args):
        from marrakech.textmode.tutorial import teach_on_console

        return teach_on_console()
    from marrakech.tui.app import MarrakechApp

    return _run_app(MarrakechApp(tutorial=True))


def run_review(args: argparse.Namespace) -> int:
    """``marrakech review``: each decision of a saved game graded, in lines or as JSON."""
    path = _saved_game_or_say(args)
    if path is None:
        return 1
    import json

    from marrakech.flow.review import review, review_document, review_lines
    from marrakech.games import storage
    from marrakech.textmode.terminal import fitted

    try:
        session = storage.load_game(path)
    except SaveFileError as error:
        print(f"marrakech {args.command}: {error}", file=sys.stderr)
        return 1
    # A game of computers alone is reviewed whole, as the app and the text mode review it.
    people = any(session.setup.is_person(seat) for seat in range(session.setup.players))
    found = review(session, computers=args.all or not people)
    try:
        if args.json:
            print(json.dumps(review_document(found), ensure_ascii=False, indent=2))
        else:
            for line in review_lines(found, session.setup.names):
                print(*fitted(sys.stdout, line), sep="\n")
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def run_delete(args: argparse.Namespace) -> int:
    """``marrakech delete``: remove a saved game for good, asked first at a terminal
    (``--yes``: without asking); 1 when it stays (not found, kept, open in another window)."""
    from marrakech.games import autosaves, listing, storage
    from marrakech.textmode.commands import WIDE

    path = _saved_game_or_say(args)
    if path is None:
        return 1
    refused = autosaves.why_not_delete(path)
    if refused is not None:  # said before any question
        print(f"marrakech {args.command}: {refused}", file=sys.stderr)
        return 1
    name = listing.word_for(path)
    try:
        about = listing.game_words(storage.load_game(path))
    except SaveFileError as error:  # changed since it was found
        print(f"marrakech {args.command}: {error}", file=sys.stderr)
        return 1
    if not args.yes:
        if not sys.stdin.isatty():
            print(
                _("marrakech delete: add --yes to delete {name} without being asked").format(
                    name=name
                ),
                file=sys.stderr,
            )
            return 2
        question = _("Delete {name} ({about}) for good? [y/N] ").format(name=name, about=about)
        print(question, end="", file=sys.stderr, flush=True)  # seen when the output is not
        try:
            answer = sys.stdin.readline().translate(WIDE).strip().casefold()
        except KeyboardInterrupt:
            answer = ""
            print(file=sys.stderr)
        if answer not in {"y", "yes", _("yes").casefold()}:
            print(_("Kept {name}.").format(name=name))
            return 1
    try:
        autosaves.delete(path)
    except SaveFileError as error:
        print(f"marrakech {args.command}: {error}", file=sys.stderr)
        return 1
    print(_("Deleted {name} ({about}).").format(name=name, about=about))
    return 0


def run_saves(args: argparse.Namespace) -> int:
    """``marrakech saves``: every saved game in lines, with the word that opens each."""
    from marrakech.games import listing

    return _print_lines(listing.saves_lines())


def _print_lines(lines: Iterable[str]) -> int:
    """Print ``lines`` on standard output (what it cannot write escaped, not an error), at a
    terminal broken at its width as the text mode breaks its lines: 0, or 1 when the reader
    went away (``| head``: nothing more to say)."""
    from marrakech.textmode.terminal import fitted

    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    try:
        for line in lines:
            print(*fitted(sys.stdout, line), sep="\n", flush=True)
    except BrokenPipeError:
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """``marrakech serve``: the game in web browsers."""
    from marrakech.web import serve

    return serve(args.host, args.port, args.max_visitors)


def run_network(args: argparse.Namespace) -> int:
    """``marrakech host`` / ``join``: this terminal's seat on the full board, or in lines."""
    from marrakech.textmode.online import play_at_table

    return net_cli.run(args, play_at_table, board=None if text_asked(args) else play_network_seat)


async def play_network_seat(flow: GameFlow, intro: str = "") -> None:
    """A network game's seat in the full-screen app (``intro``: what to show first)."""
    from marrakech.tui.app import MarrakechApp, NetworkGame

    await MarrakechApp(network=NetworkGame(flow, intro)).run_async()


def _run_app(app: MarrakechApp) -> int:
    app.run()
    return app.return_code or 0


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    None: run_default,
    "new": run_new,
    "load": run_load,
    "replay": run_replay,
    "tutorial": run_tutorial,
    "review": run_review,
    "saves": run_saves,
    "delete": run_delete,
    "serve": run_serve,
    "host": run_network,
    "join": run_network,
    "verify": net_cli.verify,
}
"""What each subcommand runs (``tournament`` parses its own options)."""


def _asked_language(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--lang LANGUAGE`` (wherever it stands, before or after the
    command: the language is chosen before the parser's words are), and that language
    ("" when ``--lang`` ends the line)."""
    rest: list[str] = []
    asked: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest += [word, *words]
        elif word == "--lang":
            asked = next(words, "")
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
        else:
            rest.append(word)
    return rest, asked


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; returns the exit code."""
    argv, asked = _asked_language(sys.argv[1:] if argv is None else argv)
    language.use(language.choose(asked, settings.load().language))
    with language.standard_library_speaking():
        parser = build_parser()
        if asked == "":  # --lang ended the line: as argparse says of any option
            parser.error(_("argument --lang: expected one argument"))
        if asked is not None:  # checked by the parser: one it does not speak is refused (exit 2)
            argv = [f"--lang={asked}", *argv]
        args, rest = parser.parse_known_args(argv)
        if rest and args.command != "tournament":
            parser.error(_("unrecognized arguments: {arguments}").format(arguments=" ".join(rest)))
    if args.command == "tournament":
        from marrakech import tournament_cli

        return tournament_cli.main(rest)
    return COMMANDS[args.command](args)
