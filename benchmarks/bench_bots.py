"""Bot decision times: p50, p95 and p99 per bot and decision kind.

Plays seeded 2-player games (expert vs hard, hard vs greedy, then greedy vs random by
default), times every ``choose`` call and prints the percentiles in milliseconds. Bots
are named as everywhere (``hard:iterations=300``, ``expert:work=800``, ``file.py:Class``).
Targets: greedy p99 at most 1 ms; hard and expert p99 at most 1 s at their defaults.
``--clock cpu`` times each decision in processor time (the process's, so an outside bot's
own thread counts) instead of the wall clock, for a machine busy with other work.

    uv run python benchmarks/bench_bots.py [--games 4] [--pairings expert/hard,...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from marrakech.bots import make_bot
from marrakech.engine import Action, GameState, new_game
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import play_out

Timings = dict[tuple[str, str], list[float]]
"""Seconds per decision under (bot name as given, phase or "all")."""


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""What a decision's time is measured with: the wall clock, or the processor time of the
whole process (an outside bot thinks in a thread of its own, which a per-thread clock would
miss; the caller's thread only waits meanwhile)."""


def time_game(
    levels: tuple[str, str], seed: int, clock: Callable[[], float], into: Timings
) -> None:
    """Play one game and add every decision's seconds under (bot, phase)."""
    bots = [make_bot(level, seed=bot_seed(seed, seat)) for seat, level in enumerate(levels)]

    def timed_choice(state: GameState) -> Action:
        bot = bots[state.current]
        start = clock()
        action = bot.choose(state)
        elapsed = clock() - start
        name = levels[state.current]
        into[name, state.phase.value].append(elapsed)
        into[name, "all"].append(elapsed)
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
        "--pairings",
        default="expert/hard,hard/greedy,greedy/random",
        help="comma-separated bot pairs, each FIRST/SECOND "
        "(default expert/hard,hard/greedy,greedy/random)",
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall-clock time (default), or each decision's processor time, which a busy "
        "machine does not inflate",
    )
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    timings: Timings = defaultdict(list)
    for pairing in args.pairings.split(","):
        first, second = pairing.split("/")
        for index in range(args.games):
            seed = args.seed + index
            time_game((first, second), seed, clock, timings)
            time_game((second, first), seed, clock, timings)
    print(f"{args.clock} decision times in ms over {args.games} seeds per pairing, both seatings")
    width = max(len(name) for name, _ in timings)
    print(f"{'bot':{width}} {'phase':7} {'count':>6} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    for (name, phase), values in sorted(timings.items()):
        ms = [value * 1000 for value in values]
        print(
            f"{name:{width}} {phase:7} {len(ms):6d} {statistics.median(ms):8.3f} "
            f"{percentile(ms, 0.95):8.3f} {percentile(ms, 0.99):8.3f} {max(ms):8.3f}"
        )


if __name__ == "__main__":
    main()
