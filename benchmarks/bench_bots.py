"""Bot decision times: p50, p95 and p99 per bot and decision kind.

Plays seeded 2-player games (hard vs greedy, then greedy vs random by default), times
every ``choose`` call and prints the percentiles in milliseconds. Targets: greedy p99 at
most 1 ms; hard p95 at most its budget + 100 ms.

    uv run python benchmarks/bench_bots.py [--games 4] [--budget 0.5] [--iterations N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from marrakech.bots import DEFAULT_BUDGET, make_bot
from marrakech.dice import SeededDie
from marrakech.engine import Action, GameState, new_game
from marrakech.levels import bot_seed
from marrakech.playout import play_out

Timings = dict[tuple[str, str], list[float]]


def time_game(levels: tuple[str, str], seed: int, args: argparse.Namespace, into: Timings) -> None:
    """Play one game and add every decision's seconds under (bot, phase)."""
    bots = [
        make_bot(level, seed=bot_seed(seed, seat), budget=args.budget, iterations=args.iterations)
        for seat, level in enumerate(levels)
    ]

    def timed_choice(state: GameState) -> Action:
        bot = bots[state.current]
        start = time.perf_counter()
        action = bot.choose(state)
        elapsed = time.perf_counter() - start
        into[bot.name, state.phase.value].append(elapsed)
        into[bot.name, "all"].append(elapsed)
        return action

    play_out(new_game(len(bots), seed=seed), timed_choice, SeededDie(seed))


def percentile(values: list[float], fraction: float) -> float:
    """The value below which the given fraction of the sorted values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    """Time the bots and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument(
        "--budget", type=float, default=None, help=f"hard seconds (default {DEFAULT_BUDGET})"
    )
    parser.add_argument("--iterations", type=int, default=None, help="hard fixed budget")
    parser.add_argument(
        "--pairings",
        default="hard:greedy,greedy:random",
        help="comma-separated bot pairs (default hard:greedy,greedy:random)",
    )
    args = parser.parse_args()
    timings: Timings = defaultdict(list)
    for pairing in args.pairings.split(","):
        first, second = pairing.split(":")
        for index in range(args.games):
            seed = args.seed + index
            time_game((first, second), seed, args, timings)
            time_game((second, first), seed, args, timings)
    budget = "" if args.iterations else f", hard budget {args.budget or DEFAULT_BUDGET} s"
    iterations = f", hard iterations {args.iterations}" if args.iterations else ""
    print(f"decision times in ms over {args.games} seeds per pairing{budget}{iterations}")
    print(f"{'bot':8} {'phase':7} {'count':>6} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    for (name, phase), values in sorted(timings.items()):
        ms = [value * 1000 for value in values]
        print(
            f"{name:8} {phase:7} {len(ms):6d} {statistics.median(ms):8.3f} "
            f"{percentile(ms, 0.95):8.3f} {percentile(ms, 0.99):8.3f} {max(ms):8.3f}"
        )


if __name__ == "__main__":
    main()
