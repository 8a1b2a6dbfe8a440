"""``marrakech tournament``: the tournament's options, progress bar and results table.

The runner itself, ``marrakech.bots.tournament``, is pure (no Rich, no argparse): this
module turns options into its TournamentConfig and shows what it returns.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from marrakech.bots import tournament
from marrakech.bots.tournament import TournamentConfig, TournamentResult, play_tournament
from marrakech.engine import Variant
from marrakech.levels import LEVELS, level_named

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
"""The table's columns after the bot's name."""


def results_table(result: TournamentResult) -> Table:
    """The per-bot Rich table printed at the end of a tournament."""
    config = result.config
    table = Table(
        title=f"{result.games_played} games, {config.players} players, seeds from {config.seed}",
        caption="score fraction per seat played: sole win 1, win shared by k 1/k, else 0",
        box=box.SIMPLE_HEAD,
        padding=0,
        show_edge=False,
    )
    table.add_column("bot")
    for heading in COLUMNS:
        table.add_column(heading, justify="right")
    for name, stats in result.bots.items():
        figures = stats.summary()
        table.add_row(
            name,
            str(figures["games"]),
            str(figures["wins"]),
            str(figures["shared_wins"]),
            f"{figures['mean_score']:.1f}",
            f"{figures['mean_dirhams']:.1f}",
            f"{figures['mean_visible']:.1f}",
            str(figures["eliminations"]),
            f"{figures['score']:.3f}",
            f"{figures['wilson_low']:.3f}-{figures['wilson_high']:.3f}",
        )
    return table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the tournament's options to a parser."""
    doc = tournament.__doc__
    parser.description = doc.split("\n\n", 1)[1] if doc else None
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="seats per game (default 2)"
    )
    parser.add_argument(
        "--bots",
        default="hard,greedy",
        help=f"comma-separated bot per seat, one per player, from {', '.join(LEVELS)} "
        "(default hard,greedy)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to a multiple of --players (default 100)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes to spread games over (default 1)"
    )
    parser.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help="who sets Assam's facing (default standard)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per hard-bot decision (default 0.5)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="fixed search budget per hard-bot decision instead of a time budget (reproducible)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")


def config_from_args(args: argparse.Namespace) -> TournamentConfig:
    """Check the parsed options and turn them into a TournamentConfig.

    Bots are named by their levels (an old level name gives its new one); a ValueError
    says what is wrong.
    """
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    if len(names) != args.players:
        raise ValueError(f"--bots names {len(names)} bots for {args.players} players")
    bots = tuple(level_named(name) for name in names)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    return TournamentConfig(
        bots=bots,
        games=args.games,
        seed=args.seed,
        jobs=max(1, args.jobs),
        variant=Variant(args.variant),
        budget=args.budget,
        iterations=args.iterations,
    )


def run(args: argparse.Namespace) -> int:
    """Play the tournament the parsed options describe; print the table. Returns an exit code."""
    try:
        config = config_from_args(args)
    except ValueError as error:
        # The message quotes what the user typed: printed as it is (never read as markup),
        # on one line.
        Console(stderr=True).print(
            f"marrakech tournament: {error}",
            style="red",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return 2
    total = config.seeds * config.players
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task("games", total=total)
        result = play_tournament(config, on_game=lambda: progress.advance(task))
    Console().print(results_table(result))
    if args.json is not None:
        args.json.write_text(json.dumps(result.to_json(), indent=2) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``marrakech tournament`` (or ``python -m marrakech.tournament_cli``): parse and run."""
    parser = argparse.ArgumentParser(prog="marrakech tournament")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
