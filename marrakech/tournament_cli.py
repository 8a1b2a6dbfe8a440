"""``marrakech tournament``: the tournament's options, progress bar and results table.

The runner itself, ``marrakech.bots.tournament``, is pure (no Rich, no argparse): this
module turns options into its TournamentConfig and shows what it returns.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from marrakech.bots.tournament import RULES, TournamentConfig, TournamentResult, play_tournament
from marrakech.bots.workers import WorkerStopped
from marrakech.engine import SEED_LIMIT, Variant
from marrakech.games.levels import computer_named, describe_names
from marrakech.games.text import shown

MAX_GAMES = 1_000_000
"""The most games ``--games`` asks for (a million 2-player games take days on one CPU)."""

MAX_ITERATIONS = 1_000_000_000
"""The most evaluations ``--iterations`` gives a decision (far beyond a full search)."""

REPORT_WIDTH = 120
"""The width of the results table when it is written to a file or a pipe."""

QUOTE_LIMIT = 80
"""The most characters of a value the user gave that an error message quotes."""

MESSAGE_LIMIT = 200
"""The most characters of an error message (some of argparse's quote the user's text whole)."""

COLUMNS = (
    "games",
    "wins",
    "shared\nwins",
    "mean\nscore",
    "mean\ndirhams",
    "mean\nvisible",
    "elimi-\nnated",
    "score\nfraction",
    "Wilson\n95%",
)
"""The table's columns after the bot's name (then "faults", when there are any)."""


def results_table(result: TournamentResult) -> Table:
    """The per-bot Rich table printed at the end of a tournament, each bot's settings below."""
    config = result.config
    settings = {name: config.settings(name) for name in result.bots}
    notes = [f"{shown(name)}: {shown(text)}" for name, text in settings.items() if text != "-"]
    if config.mirror:
        notes.append(
            f"a mirror match: every seat plays {shown(config.bots[0])}, so the score "
            "fraction measures the seats, not the bot"
        )
    else:
        notes.append("score fraction per seat played: sole win 1, win shared by k 1/k, else 0")
    notes += [
        f"{shown(name)}: {stats.faults} faults (the greedy bot moved instead); the first: "
        f"{stats.first_fault}"
        for name, stats in result.bots.items()
        if stats.faults
    ]
    caption = Text("\n".join(notes))  # a Text: bot names are never read as markup
    table = Table(
        title=f"{result.games_played} games, {config.players} players, seeds from {config.seed}",
        caption=caption,
        caption_justify="left",  # notes of a line or more: a wrapped one reads from its edge
        box=box.SIMPLE_HEAD,
        padding=0,
        show_edge=False,
    )
    faults = any(stats.faults for stats in result.bots.values())
    table.add_column("bot", overflow="fold")
    for heading in (*COLUMNS, "faults") if faults else COLUMNS:
        table.add_column(heading, justify="right")
    for name, stats in result.bots.items():
        figures = stats.summary()
        table.add_row(
            Text(shown(name)),
            str(figures["games"]),
            str(figures["wins"]),
            str(figures["shared_wins"]),
            f"{figures['mean_score']:.1f}",
            f"{figures['mean_dirhams']:.1f}",
            f"{figures['mean_visible']:.1f}",
            str(figures["eliminations"]),
            f"{figures['score']:.3f}",
            f"{figures['wilson_low']:.3f}-{figures['wilson_high']:.3f}",
            *([str(figures["faults"])] if faults else []),
        )
    return table


class UsageError(Exception):
    """A bad option or value; the message says which, on one line."""


class TournamentParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors raise UsageError instead of printing the usage."""

    def error(self, message: str) -> NoReturn:
        """Raise the usage error argparse found."""
        raise UsageError(message)


def quoted(text: str) -> str:
    """``text`` quoted for an error message: escaped, and cut after QUOTE_LIMIT characters."""
    if len(text) > QUOTE_LIMIT:
        text = text[:QUOTE_LIMIT] + "…"
    return repr(text)


def one_line(message: str) -> str:
    """``message`` on one printable line of at most MESSAGE_LIMIT characters."""
    printable = "".join(char if char.isprintable() else ascii(char)[1:-1] for char in message)
    if len(printable) > MESSAGE_LIMIT:
        return printable[: MESSAGE_LIMIT - 1] + "…"
    return printable


def whole_number(low: int, high: int, text: str) -> int:
    """The whole number ``text`` writes, from ``low`` to ``high``; else ArgumentTypeError."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {low:,} to {high:,}, not {quoted(text)}"
        )
    return value


def player_count(text: str) -> int:
    """``--players``: 2 to 4."""
    return whole_number(2, 4, text)


def bot_levels(text: str) -> tuple[str, ...]:
    """``--bots``: comma-separated bot names (``levels.computer_named``; old names give new
    ones). An outside bot is built once here, so one that cannot be loaded is a usage error
    before any game is played.
    """
    from marrakech.bots import make_bot

    levels = []
    for name in (name.strip() for name in text.split(",")):
        if not name:
            continue
        try:
            levels.append(computer_named(name, build=make_bot))
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return tuple(levels)


def game_count(text: str) -> int:
    """``--games``: 1 to MAX_GAMES."""
    return whole_number(1, MAX_GAMES, text)


def job_count(text: str) -> int:
    """``--jobs``: 1 to MAX_GAMES (more jobs than games are never used)."""
    return whole_number(1, MAX_GAMES, text)


def seed_number(text: str) -> int:
    """``--seed``: a whole number below 2**64 in absolute value, as the engine takes."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {quoted(text)}") from None
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            f"expected a whole number below 2**64 in absolute value, not {quoted(text)}"
        )
    return seed


def variant_named(text: str) -> Variant:
    """``--variant``: one of the variants by name."""
    try:
        return Variant(text)
    except ValueError:
        names = ", ".join(variant.value for variant in Variant)
        raise argparse.ArgumentTypeError(f"choose one of {names}, not {quoted(text)}") from None


def budget_seconds(text: str) -> float:
    """``--budget``: a positive, finite number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(
            f"expected a positive number of seconds, not {quoted(text)}"
        )
    return seconds


def iteration_count(text: str) -> int:
    """``--iterations``: 1 to MAX_ITERATIONS."""
    return whole_number(1, MAX_ITERATIONS, text)


def report_path(text: str) -> Path:
    """``--json``: a file that can be written once the games are over (not touched now)."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{quoted(text)} is a folder, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {quoted(str(folder))} to write in")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {quoted(text)}")
    return path


def available_cpus() -> int:
    """The CPUs to spread games over: those this process may use (Python 3.13+), else all."""
    count = getattr(os, "process_cpu_count", os.cpu_count)()
    return count or 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the tournament's options to a parser; each option's type checks its value."""
    parser.description = (
        "Play computer players against each other, with no board, and print each one's "
        f"results.\n\n{RULES}"
    )
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--players",
        type=player_count,
        default=2,
        metavar="{2,3,4}",
        help="seats per game (default 2)",
    )
    parser.add_argument(
        "--bots",
        type=bot_levels,
        default="hard,greedy",
        help=f"comma-separated bots, one per seat: {describe_names()} (default hard,greedy)",
    )
    parser.add_argument(
        "--games",
        type=game_count,
        default=100,
        help=f"games to play, at most {MAX_GAMES:,}, rounded up to a multiple of --players "
        "(default 100)",
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="first game seed (default 1)")
    parser.add_argument(
        "--jobs",
        type=job_count,
        default=1,
        help="worker processes to spread games over, at most one per CPU and per game (default 1)",
    )
    parser.add_argument(
        "--variant",
        type=variant_named,
        default=Variant.STANDARD,
        metavar="{" + ",".join(variant.value for variant in Variant) + "}",
        help="who sets Assam's facing (default standard)",
    )
    parser.add_argument(
        "--budget",
        type=budget_seconds,
        default=None,
        help="cap in seconds of a hard-bot decision, in its processor time (default 0.5); "
        "given without --iterations, the hard bot searches on wall-clock time only",
    )
    parser.add_argument(
        "--iterations",
        type=iteration_count,
        default=None,
        help="evaluations per hard-bot decision (default 600; reproducible)",
    )
    parser.add_argument(
        "--json",
        type=report_path,
        default=None,
        help="also write the results here (its folder must exist)",
    )


def config_from_args(args: argparse.Namespace) -> TournamentConfig:
    """Turn the parsed options into a TournamentConfig; UsageError if --bots and --players
    differ, or a game's seed would be out of the engine's range.

    ``jobs`` is as asked: ``capped_jobs`` fits it to the machine.
    """
    if len(args.bots) != args.players:
        named = f"{len(args.bots)} bot" + ("" if len(args.bots) == 1 else "s")
        raise UsageError(f"--bots names {named} for {args.players} players")
    try:
        return TournamentConfig(
            bots=args.bots,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            variant=args.variant,
            budget=args.budget,
            iterations=args.iterations,
        )
    except ValueError as error:  # its seeds out of range: the option that set them
        raise UsageError(f"--{error}") from None


def capped_jobs(config: TournamentConfig) -> tuple[TournamentConfig, str | None]:
    """``config`` with at most one job per CPU and per game, and a note saying so if capped."""
    cpus = available_cpus()
    games = config.total_games
    if config.jobs <= min(cpus, games):
        return config, None
    jobs, limit = (cpus, "the number of CPUs") if cpus <= games else (games, "the number of games")
    return replace(config, jobs=jobs), f"--jobs {config.jobs} capped at {jobs}, {limit}"


def run(config: TournamentConfig, report: Path | None) -> None:
    """Play the tournament (a progress bar on a terminal); print the table, write the report."""
    errors = Console(stderr=True)
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    with progress:
        task = progress.add_task("games", total=config.total_games)
        result = play_tournament(config, on_game=lambda: progress.advance(task))
    console = Console()
    if not console.is_terminal:  # a file or a pipe: wide enough for long bot names
        console = Console(width=REPORT_WIDTH)
    console.print(results_table(result))
    if report is not None:
        report.write_text(json.dumps(result.to_json(), indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    """``marrakech tournament`` (or ``python -m marrakech.tournament_cli``); the exit code.

    A usage error is one plain line on stderr and exit code 2, before any game is played;
    Ctrl-C stops the games with one line and exit code 130; a worker process killed from
    outside, with one line and exit code 1.
    """
    parser = TournamentParser(prog="marrakech tournament")
    add_arguments(parser)
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:
            raise UsageError(f"unrecognized arguments: {quoted(' '.join(unknown))}")
        config = config_from_args(args)
    except UsageError as error:
        print(f"{parser.prog}: {one_line(str(error))}", file=sys.stderr)
        return 2
    config, note = capped_jobs(config)
    if note is not None:
        print(f"{parser.prog}: {note}", file=sys.stderr)
    try:
        run(config, args.json)
    except KeyboardInterrupt:
        print(f"{parser.prog}: stopped (Ctrl-C); no results", file=sys.stderr)
        return 130
    except WorkerStopped as error:
        print(f"{parser.prog}: stopped, {error}; no results", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
