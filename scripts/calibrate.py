"""How far to trust the evaluator's chances to win: a reliability table and Brier scores.

Plays seeded mixed-level games (each seat random, greedy, hard or expert, drawn from the
game's seed; 2, 3 and 4 players in turn; the standard rules) and, at the start of every
turn (each ORIENT, or AIM in the variant), records each seat's chance to win according to
``marrakech.bots.evaluator`` and whether that seat won (a win shared by k seats counts
1/k). Then it prints:

* the reliability table: the (position, seat) pairs put in ten bins of predicted chance,
  with each bin's count, mean prediction and how often those seats won;
* the Brier score (the mean squared difference between chance and result over every
  (position, seat) pair) of the evaluator, of its raw curve (no calibration) and of a
  baseline that uses only the current score margin: each duel a logistic curve of the
  score margin over a fixed scale per player count and stage of the game, the scales
  fitted on these very games (the values with the lowest Brier score on a grid), the
  duels combined as the evaluator combines them;
* ``--fit``: the calibration (``evaluator.CALIBRATION``) with the lowest Brier score on
  these games: per player count, how much of what the evaluation expects beyond the score
  counts, and per stage what the spread is multiplied by; to paste there, then check on
  other seeds.

Hard and expert play with smaller budgets than their defaults (``hard:iterations=100``,
``expert:work=100``) so that the games take minutes, not hours.

    uv run python scripts/calibrate.py [--games 200] [--seed 1] [--jobs 2] [--fit] [--samples FILE]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from marrakech.bots import make_bot
from marrakech.bots.evaluator import (
    CALIBRATION,
    DEFAULT_EVALUATOR,
    RAW_CURVE,
    STAGES,
    Calibration,
    chances,
    spread_of,
    stage,
)
from marrakech.engine import GameState, Phase, new_game
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import by_seat, play_out_steps

LEVELS = ("random", "greedy", "greedy", "hard:iterations=100", "expert:work=100")
"""What a seat plays, drawn uniformly (greedy twice as often: the most common opponent)."""

BINS = 10


@dataclass(frozen=True)
class Sample:
    """One position's figures, for every seat."""

    players: int
    estimate: tuple[float, ...]
    """The evaluator's raw estimate (``Evaluator.estimate``)."""
    scores: tuple[float, ...]
    alive: tuple[bool, ...]
    spread: float
    stage: int
    won: tuple[float, ...]
    """Each seat's share of the win at the end."""


def seats_of(seed: int) -> tuple[str, ...]:
    """The levels of a game's seats, drawn from its seed; 2 to 4 players by the seed."""
    rng = random.Random(f"calibrate|{seed}")
    return tuple(rng.choice(LEVELS) for _ in range(2 + seed % 3))


def play(seed: int) -> list[Sample]:
    """One game's samples: at the start of every turn."""
    levels = seats_of(seed)
    bots = [make_bot(level, seed=bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    state = new_game(len(levels), seed=seed)
    seen: list[GameState] = [state]
    for step in play_out_steps(state, by_seat(bots), SeededDie(seed)):
        state = step.after
        if state.phase in (Phase.ORIENT, Phase.AIM):
            seen.append(state)
    winners = state.winners()
    won = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(levels)))
    return [
        Sample(
            len(levels),
            tuple(DEFAULT_EVALUATOR.estimate(position)),
            tuple(float(score.total) for score in position.scores()),
            tuple(not player.eliminated for player in position.players),
            spread_of(position),
            stage(position),
            won,
        )
        for position in seen
    ]


Predict = Callable[[Sample], Sequence[float]]


Factors = tuple[tuple[float, ...], ...]
"""Per player count (2, 3, 4), per stage: what the spread (or the baseline's scale) is."""


def calibrated(calibration: Calibration) -> Predict:
    """The evaluator's chances under a calibration."""
    return lambda s: calibration.chances(s.estimate, s.scores, s.alive, s.spread, s.stage)


def margin_only(scales: Factors) -> Predict:
    """The baseline: duels of the current score margin over a fixed scale per player count
    (and stage)."""
    return lambda s: chances(s.scores, s.alive, scales[s.players - 2][s.stage])


def brier(samples: Sequence[Sample], predict: Predict) -> float:
    """The mean squared error of the chances over every (position, seat) pair."""
    total, count = 0.0, 0
    for sample in samples:
        for chance, won in zip(predict(sample), sample.won, strict=True):
            total += (chance - won) ** 2
            count += 1
    return total / max(count, 1)


def fitted_scales(samples: Sequence[Sample], grid: list[float]) -> Factors:
    """The baseline's scale per player count and stage with the lowest Brier score."""
    return tuple(
        tuple(
            min(grid, key=lambda value: brier(cell(samples, players, at), margin_only_at(value)))
            for at in range(STAGES)
        )
        for players in (2, 3, 4)
    )


def fitted_calibration(
    samples: Sequence[Sample], weights: list[float], grid: list[float]
) -> Calibration:
    """Per player count, the weight and the factors per stage with the lowest Brier score."""
    best_weights: list[float] = []
    best_factors: list[tuple[float, ...]] = []
    for players in (2, 3, 4):
        trials = []
        for weight in weights:
            factors: list[float] = []
            total = 0.0
            for at in range(STAGES):
                samples_at = cell(samples, players, at)
                errors = {factor: _error(samples_at, weight, factor) for factor in grid}
                factor = min(errors, key=errors.__getitem__)
                factors.append(factor)
                total += errors[factor]
            trials.append((total, weight, tuple(factors)))
        _, best_weight, best = min(trials)
        best_weights.append(best_weight)
        best_factors.append(best)
    return Calibration((best_weights[0], best_weights[1], best_weights[2]), tuple(best_factors))


def _error(samples: Sequence[Sample], weight: float, factor: float) -> float:
    """The Brier score times the samples, under one weight and one factor."""
    trial = Calibration((weight,) * 3, ((factor,) * STAGES,) * 3)
    return brier(samples, calibrated(trial)) * len(samples)


def cell(samples: Sequence[Sample], players: int, at: int) -> list[Sample]:
    """The samples of games of this many players at this stage."""
    return [s for s in samples if s.players == players and s.stage == at]


def margin_only_at(scale: float) -> Predict:
    """The baseline with one scale."""
    return lambda s: chances(s.scores, s.alive, scale)


def reliability(samples: Sequence[Sample], predict: Predict) -> list[tuple[int, float, float]]:
    """Per bin of predicted chance (tenths): count, mean prediction, observed frequency."""
    sums = [[0, 0.0, 0.0] for _ in range(BINS)]
    for sample in samples:
        for chance, won in zip(predict(sample), sample.won, strict=True):
            row = sums[min(BINS - 1, int(chance * BINS))]
            row[0] += 1
            row[1] += chance
            row[2] += won
    return [(int(n), p / n if n else 0.0, w / n if n else 0.0) for n, p, w in sums]


def main() -> None:
    """Play the games and print the table and the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--fit", action="store_true", help="print the best calibration on these games"
    )
    parser.add_argument(
        "--samples",
        type=Path,
        help="keep the positions recorded in this file, and read them from it when it "
        "exists instead of playing (a fit without replaying the games)",
    )
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    start = time.perf_counter()
    if args.samples is not None and args.samples.exists():
        samples = [Sample(**row) for row in json.loads(args.samples.read_text())]
    else:
        with multiprocessing.get_context("forkserver").Pool(args.jobs) as pool:
            games = pool.map(play, seeds, chunksize=1)
        samples = [sample for game in games for sample in game]
        if args.samples is not None:
            args.samples.write_text(json.dumps([asdict(sample) for sample in samples]))
    pairs = sum(sample.players for sample in samples)
    print(
        f"{args.games} games (seeds {seeds.start}-{seeds.stop - 1}, levels {', '.join(LEVELS)}"
        f" drawn per seat), {len(samples)} positions, {pairs} (position, seat) pairs,"
        f" {time.perf_counter() - start:.0f} s"
    )
    grid = [round(0.3 + 0.05 * i, 2) for i in range(55)]
    scale_grid = [float(s) for s in range(2, 81)]
    scales = fitted_scales(samples, scale_grid)
    model = calibrated(CALIBRATION)
    print(f"\ncalibration in use: {CALIBRATION}")
    print(f"{'predicted':>11} {'count':>7} {'mean':>7} {'observed':>9} {'gap':>7}")
    for index, (count, mean, observed) in enumerate(reliability(samples, model)):
        gap = f"{observed - mean:+.3f}" if count else ""
        low, high = index / BINS, (index + 1) / BINS
        print(f"{low:.1f}-{high:.1f}    {count:7d} {mean:7.3f} {observed:9.3f} {gap:>7}")
    print(f"\nbaseline scales (per 2, 3, 4 players, per stage): {scales}")
    print(f"{'Brier score (lower is better)':30} {'all':>7} {'2p':>7} {'3p':>7} {'4p':>7}")
    rows = [
        ("evaluator (calibrated)", model),
        ("evaluator (raw curve)", calibrated(RAW_CURVE)),
        ("score margin only (fitted)", margin_only(scales)),
    ]
    for name, predict in rows:
        per = [brier([s for s in samples if s.players == n], predict) for n in (2, 3, 4)]
        figures = " ".join(f"{value:7.4f}" for value in [brier(samples, predict), *per])
        print(f"{name:30} {figures}")
    if args.fit:
        best = fitted_calibration(samples, [0.125 * i for i in range(9)], grid)
        print(f"\nbest calibration on these games: {best}")


if __name__ == "__main__":
    main()
