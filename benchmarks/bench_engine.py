"""Engine speed: seeded random full games through the public API.

Prints games per second for 2, 3 and 4 players, and the same figure divided by a fixed
pure-Python calibration loop run interleaved in the same process (calibration loops per
second), so that figures compare across noisy machines. Each game is also played as a
user would write it, every Orient and Roll built anew (play_public_game): its games per
second follow, and their ratio to the tuned loop's (public/tuned).

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

from marrakech.engine import DIE_FACES, Action, Orient, Phase, Roll, Turn, new_game
from marrakech.engine import state as engine_state

ROLLS = tuple(Roll(value) for value in DIE_FACES)
TURNS = tuple(Turn)

OVER = Phase.OVER
ROLL = Phase.ROLL
ORIENT = Phase.ORIENT


def play_random_game(players: int, seed: int, pick: Callable[[], float]) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions.

    The loop is written out rather than ``marrakech.playout.play_out``: its chooser and
    die-stream calls would lower the figures by about an eighth.
    """
    state = new_game(players, seed=seed)
    phase = state.phase
    actions = 0
    while phase is not OVER:
        action: Action
        if phase is ROLL:
            action = ROLLS[int(pick() * 6)]
        else:
            legal = state.legal_actions()
            action = legal[int(pick() * len(legal))]
        state = state.apply(action)
        phase = state.phase
        actions += 1
    return actions


def play_public_game(players: int, seed: int, pick: Callable[[], float]) -> int:
    """The same random game as play_random_game, as a user would write it: every Orient
    and Roll built anew, a Place picked from legal_placements().

    The phases and turns are read from module constants as in play_random_game (on Python
    3.11 ``Phase.ROLL`` or ``Turn.LEFT`` costs a tenth of a microsecond), so that only
    how the actions are made differs.
    """
    state = new_game(players, seed=seed)
    phase = state.phase
    actions = 0
    while phase is not OVER:
        action: Action
        if phase is ORIENT:
            action = Orient(TURNS[int(pick() * 3)])
        elif phase is ROLL:
            action = Roll(DIE_FACES[int(pick() * 6)])
        else:
            placements = state.legal_placements()
            action = placements[int(pick() * len(placements))]
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


def game_rates(players: int, budget: float, seeds: Iterator[int]) -> tuple[float, float, list[int]]:
    """Random games per second of play_random_game and of play_public_game, and each
    game's length.

    Each game is played both ways in turn, from the same seed with the same picks (one
    generator per way, seeded once per run), until play_random_game has taken about budget
    seconds: both figures see the same games and the same load on the machine.
    """
    tuned_pick = random.Random(players).random
    public_pick = random.Random(players).random
    tuned = public = 0.0
    lengths = []
    while tuned < budget:
        seed = next(seeds)
        start = time.perf_counter()
        length = play_random_game(players, seed, tuned_pick)
        middle = time.perf_counter()
        same = play_public_game(players, seed, public_pick) == length
        public += time.perf_counter() - middle
        tuned += middle - start
        assert same, f"seed {seed}: the public API played another game"
        lengths.append(length)
    return len(lengths) / tuned, len(lengths) / public, lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per player count")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    compiled = not (engine_state.__file__ or "").endswith(".py")
    print(f"engine: {'compiled by mypyc' if compiled else 'pure Python (not compiled)'}")
    print(
        f"{'players':>7} {'games/s':>9} {'actions/game':>13} {'games per calib':>16} "
        f"{'public games/s':>15} {'public/tuned':>13}"
    )
    for players in (2, 3, 4):
        seeds = iter(range(10**9))
        actions: list[int] = []
        rates, public_rates, calibrations = [], [], []
        for _ in range(args.rounds):
            calibrations.append(calibration_rate(args.seconds / 4))
            rate, public_rate, lengths = game_rates(players, args.seconds, seeds)
            rates.append(rate)
            public_rates.append(public_rate)
            actions.extend(lengths)
        rate = statistics.median(rates)
        public_rate = statistics.median(public_rates)
        calibration = statistics.median(calibrations)
        print(
            f"{players:>7} {rate:>9.0f} {statistics.mean(actions):>13.1f} "
            f"{rate / calibration:>16.3f} {public_rate:>15.0f} {public_rate / rate:>13.3f}"
        )
    print("(games per calib = games/s divided by calibration loops/s, same process)")
    print("(public = the same games with each Orient and Roll built anew; public/tuned ratio)")


if __name__ == "__main__":
    main()
