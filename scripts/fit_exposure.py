"""Fit the expert evaluation's weights on self-play: how much each of its terms is worth.

    uv run python scripts/fit_exposure.py [--players 2] [--games 400] [--jobs 2]

Plays ``--games`` games of ``--bots`` (seats rotated game by game, seeds from ``--seed``)
and, at every position where the die is about to be rolled (the facing is chosen, so the
estimate is a sum of its terms), measures each term of ``exposure_estimate`` for every seat
by asking the evaluation with that term's weight alone set to one:

* ``next``: the coming roll's expected toll; ``roll 1`` ... ``roll 5``: the toll exposure
  of each later roll; ``potential``: the regions' ``k * k``, faded; ``holding``: the
  visible squares per dozen carpets left; ``cover``: the stops expected beside them.

Then it fits, by least squares, each seat's final margin over the others' mean (final
score minus score now) against the same differences of the terms, and prints every weight
with its standard error beside the weight in use. The standard errors treat positions as
independent, which they are not within a game: read them as a lower bound.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from marrakech.bots import make_bot
from marrakech.bots.exposure import DEFAULT_EXPOSURE_WEIGHTS, ExposureWeights, exposure_estimate
from marrakech.engine import GameState, Phase, new_game
from marrakech.games.dice import SeededDie
from marrakech.games.playout import by_seat, play_out_steps

NONE = ExposureWeights(
    exposure=(), potential=(0, 0, 0), holding=(0, 0, 0), cover=(0, 0, 0), win_bonus=0
)
"""The evaluation with every term off: the score now."""

ONES = (1.0, 1.0, 1.0)

TERMS: dict[str, ExposureWeights] = {
    "next": NONE,
    **{
        f"roll {roll}": replace(NONE, exposure=(0.0,) * (roll - 1) + (1.0,)) for roll in range(1, 6)
    },
    "potential": replace(NONE, potential=ONES),
    "holding": replace(NONE, holding=ONES),
    "cover": replace(NONE, cover=ONES),
}
"""Each term, as the weights that switch on that term alone (``next`` is always on)."""


def in_use(term: str, players: int) -> float:
    """The weight the evaluation gives a term now."""
    weights, count = DEFAULT_EXPOSURE_WEIGHTS, players - 2
    if term == "next":
        return 1.0
    if term.startswith("roll"):
        roll = int(term.split()[1])
        return weights.exposure[roll - 1] if roll <= len(weights.exposure) else 0.0
    return float(getattr(weights, term)[count])


def terms(state: GameState) -> list[list[float]]:
    """Per seat, the value of each term in a position about to roll."""
    now = [float(score.total) for score in state.scores()]
    base = exposure_estimate(state, NONE)
    rows = [[base[seat] - now[seat]] for seat in range(len(now))]
    for name, weights in TERMS.items():
        if name != "next":
            with_term = exposure_estimate(state, weights)
            for seat, row in enumerate(rows):
                row.append(with_term[seat] - base[seat])
    return rows


def samples(task: tuple[tuple[str, ...], int]) -> list[tuple[list[float], float]]:
    """One game's rows: each seat's terms and final margin, both over the others' mean."""
    names, seed = task
    players = len(names)
    names = names[seed % players :] + names[: seed % players]
    bots = [make_bot(name, seed=seed * 8 + seat) for seat, name in enumerate(names)]
    state = new_game(players, seed=seed)
    measured = []
    for step in play_out_steps(state, by_seat(bots), SeededDie(seed)):
        if step.after.phase is Phase.ROLL:
            after = step.after
            measured.append(([float(s.total) for s in after.scores()], terms(after)))
        state = step.after
    final = [float(score.total) for score in state.scores()]
    rows = []
    for now, values in measured:
        gain = [end - start for end, start in zip(final, now, strict=True)]
        for seat in range(players):
            others = [other for other in range(players) if other != seat]
            x = [
                values[seat][i] - sum(values[o][i] for o in others) / len(others)
                for i in range(len(TERMS))
            ]
            rows.append((x, gain[seat] - sum(gain[o] for o in others) / len(others)))
    return rows


def least_squares(rows: list[tuple[list[float], float]]) -> tuple[list[float], list[float]]:
    """The weights and their standard errors (normal equations, Gauss-Jordan)."""
    size = len(rows[0][0])
    gram = [[sum(x[i] * x[j] for x, _ in rows) for j in range(size)] for i in range(size)]
    moment = [sum(x[i] * y for x, y in rows) for i in range(size)]
    inverse = _inverse(gram)
    weights = [sum(inverse[i][j] * moment[j] for j in range(size)) for i in range(size)]
    residual = sum((y - sum(w * v for w, v in zip(weights, x, strict=True))) ** 2 for x, y in rows)
    variance = residual / max(1, len(rows) - size)
    return weights, [math.sqrt(max(0.0, variance * inverse[i][i])) for i in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    work = [row[:] + [float(i == j) for j in range(size)] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-12:
            raise ValueError(f"the term {list(TERMS)[col]!r} never varies: play more games")
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [value / lead for value in work[col]]
        for row in range(size):
            if row != col:
                factor = work[row][col]
                work[row] = [a - factor * b for a, b in zip(work[row], work[col], strict=True)]
    return [row[size:] for row in work]


def main() -> None:
    """Play the games, fit, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--games", type=int, default=400, help="games to play (default 400)")
    parser.add_argument("--bots", default="hard:iterations=100,expert:work=60")
    parser.add_argument("--seed", type=int, default=100000, help="first game seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    names = tuple(args.bots.split(","))
    lineup = (names * args.players)[: args.players]
    tasks = [(lineup, args.seed + game) for game in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for game in pool.map(samples, tasks) for row in game]
    weights, errors = least_squares(rows)
    print(f"{args.games} games of {', '.join(lineup)}: {len(rows)} rows")
    print(f"{'term':10} {'fitted':>8} {'error':>7} {'in use':>7}")
    for name, weight, error in zip(TERMS, weights, errors, strict=True):
        print(f"{name:10} {weight:8.3f} {error:7.3f} {in_use(name, args.players):7.3f}")


if __name__ == "__main__":
    main()
