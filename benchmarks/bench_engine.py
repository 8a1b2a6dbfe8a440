"""Engine speed: seeded random full games through the public API.

Prints games per second for 2, 3 and 4 players, and the same figure divided by a fixed
pure-Python calibration loop run interleaved in the same process (calibration loops per
second), so that figures compare across noisy machines.

    uv run python benchmarks/bench_engine.py [--seconds 2]

The first line says whether the engine ran compiled by mypyc (the default install) or as
pure Python (``MARRAKECH_PURE=1 uv run ...`` rebuilds it that way; run once more without
it to compile again).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator

from marrakech.engine import DIE_FACES, Phase, Roll, new_game
from marrakech.engine import state as engine_state

ROLLS = tuple(Roll(value) for value in DIE_FACES)


OVER = Phase.OVER
ROLL = Phase.ROLL


def play_random_game(players: int, seed: int, pick: Callable[[], float]) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions.

    The loop is written out rather than ``marrakech.playout.play_out``: its chooser and
    die-stream calls would lower the figures by about an eighth.
    """
    state = new_game(players, seed=seed)
    phase = state.phase
    actions = 0
    while phase is not OVER:
        if phase is ROLL:
            action = ROLLS[int(pick() * 6)]
        else:
            legal = state.legal_actions()
            action = legal[int(pick() * len(legal))]
        state = state.apply(action)
        phase = state.phase
        actions += 1
    return actions


def calibration_loop() -> int:
    """A fixed amount of plain interpreter work (dict, list, arithmetic, calls)."""
    table: dict[int, int] = {}
    total = 0
    for i in range(20_000):
        key = (i * 7919) % 101
        table[key] = table.get(key, 0) + i
        total += len(str(i)) + abs(key - 50)
    return total + len(table)


def calibration_rate(budget: float) -> float:
    """Calibration loops per second over about budget seconds."""
    calls = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget:
        calibration_loop()
        calls += 1
    return calls / elapsed


def game_rate(players: int, budget: float, seeds: Iterator[int]) -> tuple[float, list[int]]:
    """Random games per second over about budget seconds, and each game's length.

    One generator, seeded once per run, picks the actions of every game in turn.
    """
    pick = random.Random(players).random
    lengths = []
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < budget:
        lengths.append(play_random_game(players, next(seeds), pick))
    return len(lengths) / elapsed, lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per player count")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    compiled = not (engine_state.__file__ or "").endswith(".py")
    print(f"engine: {'compiled by mypyc' if compiled else 'pure Python (not compiled)'}")
    print(f"{'players':>7} {'games/s':>9} {'actions/game':>13} {'games per calib':>16}")
    for players in (2, 3, 4):
        seeds = iter(range(10**9))
        actions: list[int] = []
        rates, calibrations = [], []
        for _ in range(args.rounds):
            calibrations.append(calibration_rate(args.seconds / 4))
            rate, lengths = game_rate(players, args.seconds, seeds)
            rates.append(rate)
            actions.extend(lengths)
        rate = statistics.median(rates)
        calibration = statistics.median(calibrations)
        print(
            f"{players:>7} {rate:>9.0f} {statistics.mean(actions):>13.1f} "
            f"{rate / calibration:>16.3f}"
        )
    print("(games per calib = games/s divided by calibration loops/s, same process)")


if __name__ == "__main__":
    main()
