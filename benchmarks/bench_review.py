"""The post-game review: how long it takes, whether its luck and skill tell the better
player, and whether the mistakes it flags are mistakes.

Three measures (each a subcommand; all by default at small sizes):

``speed``
    Reviews whole seeded games (every seat, ``--all``) of 2 and 4 players and prints the
    seconds per game. Targets: at most 10 s for 2 players, 20 s for 4 on two cores.
``luck``
    Plays expert against greedy (seats alternating) and splits each game's margin into
    luck and skill. Prints in how many games the expert's skill exceeds greedy's
    (target: at least 80%) and each level's average luck (target: near zero) with its
    standard error.
``recheck``
    Plays greedy mirror games of 2, 3 and 4 players, and re-checks every decision the
    review grades a mistake or a blunder with a deeper, independent method: many seeded
    playouts to the end (greedy for every seat, the same seeds for both moves) from the move
    played and from the best one, ``--playouts`` at a time until the two moves' average
    margins differ by more than two standard errors or ``--most`` playouts a move have been
    played (sequential: a clear case stops early, a close one gets more). The flag is
    confirmed when the best move's playouts end with the bigger average margin for the
    decider, refuted when they end with a smaller one by more than two standard errors.
    Prints the shares confirmed (target: at least 90%) and refuted, and the average
    difference against the loss the review gave.

    uv run python benchmarks/bench_review.py speed [--games 3]
    uv run python benchmarks/bench_review.py luck [--games 1000] [--expert expert] [--jobs 2] \
        [--rows FILE.jsonl]
    uv run python benchmarks/bench_review.py recheck [--games 100] [--playouts 100] \
        [--most 1600] [--jobs 2]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial

from marrakech.bots import make_bot
from marrakech.engine import Action, GameState, Phase
from marrakech.flow.luck import margins
from marrakech.flow.review import BLUNDER, MISTAKE, Decision, Review, review
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import play_out
from marrakech.games.session import GameSetup, Session


def played(levels: Sequence[str], seed: int) -> Session:
    """A whole seeded game between these levels, as a session the review reads."""
    session = Session(GameSetup(len(levels), seats=("greedy",) * len(levels), seed=seed))
    bots = [make_bot(level, seed=bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    while session.state.phase is not Phase.OVER:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(bots[session.state.current].choose(session.state))
    return session


def each_job(work: Callable[[int], object], seeds: Iterable[int], jobs: int) -> Iterator[object]:
    """``work`` for each seed, in ``jobs`` processes (in this one with 1), each result as it
    comes, in the seeds' order."""
    if jobs <= 1:
        yield from (work(seed) for seed in seeds)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(work, seeds)


def run_jobs(work: Callable[[int], object], seeds: Iterable[int], jobs: int) -> list[object]:
    """``work`` for each seed, in ``jobs`` processes (in this one with 1)."""
    return list(each_job(work, seeds, jobs))


def speed(games: int) -> None:
    """Seconds to review whole games of 2 and 4 players (every seat)."""
    for levels in (("greedy", "expert:work=40"), ("greedy", "greedy", "greedy", "greedy")):
        times = []
        for seed in range(1, games + 1):
            session = played(levels, seed)
            start = time.perf_counter()
            review(session, computers=True)
            times.append(time.perf_counter() - start)
        print(
            f"{len(levels)} players, {games} games: review "
            f"mean {statistics.mean(times):.2f} s, slowest {max(times):.2f} s "
            f"(target at most {10 if len(levels) == 2 else 20} s)"
        )


LUCK_FIELDS = ("seed", "expert_skill", "greedy_skill", "expert_luck", "greedy_luck")


def luck_game(expert_name: str, seed: int) -> dict[str, float]:
    """One expert-against-greedy game: each one's skill and luck; the expert sits first in
    odd seeds."""
    levels = (expert_name, "greedy") if seed % 2 else ("greedy", expert_name)
    found = review(played(levels, seed), computers=True)
    expert = found.luck.accounts[levels.index(expert_name)]
    greedy = found.luck.accounts[levels.index("greedy")]
    figures = (seed, expert.skill, greedy.skill, expert.luck, greedy.luck)
    return dict(zip(LUCK_FIELDS, figures, strict=True))


def luck_summary(results: Sequence[dict[str, float]], expert: str) -> None:
    better = sum(1 for row in results if row["expert_skill"] > row["greedy_skill"])
    print(f"the expert's skill exceeds greedy's in {better / len(results):.1%} (target 80%)")
    for name, key in ((expert, "expert"), ("greedy", "greedy")):
        values = [row[f"{key}_luck"] for row in results]
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        print(
            f"{name}: average luck {statistics.mean(values):+.2f} ± {error:.2f} points, "
            f"average skill {statistics.mean(row[f'{key}_skill'] for row in results):+.2f}"
        )


def luck(games: int, expert: str, jobs: int, rows_to: str | None = None) -> None:
    """Whether skill tells the expert from greedy, and whether luck averages near zero.

    With ``rows_to``, each game is added to that file as a line of JSON when it ends, the
    games already there are not played again (a long run can stop and go on), and the
    figures so far are printed every hundred games.
    """
    start = time.perf_counter()
    seeds = range(1, games + 1)
    kept: dict[int, dict[str, float]] = {}
    if rows_to is not None and os.path.exists(rows_to):
        with open(rows_to, encoding="utf-8") as rows:
            kept = {int(row["seed"]): row for row in map(json.loads, rows)}
    results = [kept[seed] for seed in seeds if seed in kept]
    todo = [seed for seed in seeds if seed not in kept]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(rows_to, "a", encoding="utf-8")) if rows_to else None
        for row in each_job(partial(luck_game, expert), todo, jobs):
            assert isinstance(row, dict)
            results.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
                if len(results) % 100 == 0 and len(results) < games:
                    print(f"after {len(results)} games:", flush=True)
                    luck_summary(results, expert)
    print(f"{len(results)} games of {expert} against greedy ({time.perf_counter() - start:.0f} s)")
    luck_summary(results, expert)


def playout_margin(state: GameState, seat: int, seed: int) -> float:
    """The seat's final margin after greedy play to the end from ``state``, seeded dice."""
    bots = [make_bot("greedy", seed=bot_seed(seed, other)) for other in range(len(state.players))]

    def choose(position: GameState) -> Action:
        return bots[position.current].choose(position)

    final = play_out(state, choose, SeededDie(seed))
    return margins([float(score.total) for score in final.scores()])[seat]


def playout_difference(
    decision: Decision, seed: int, playouts: int, most: int
) -> tuple[float, float, int]:
    """The average margin of the decision's best move over the move played, in playouts
    from both (``playouts`` at a time, the same seeds for both, until the difference is
    more than two standard errors from zero or ``most`` a move): (the average, its standard
    error, the playouts played a move)."""
    differences: list[float] = []
    while True:
        for index in range(len(differences), len(differences) + playouts):
            dice = seed * 100_000 + index
            played_margin = playout_margin(
                decision.state.apply(decision.played), decision.seat, dice
            )
            best_margin = playout_margin(decision.state.apply(decision.best), decision.seat, dice)
            differences.append(best_margin - played_margin)
        average = statistics.mean(differences)
        error = statistics.stdev(differences) / math.sqrt(len(differences))
        if abs(average) > 2 * error or len(differences) >= most:
            return average, error, len(differences)


def recheck_game(
    playouts: int, most: int, seed: int
) -> list[tuple[str, float, float, float, str, int, float, int]]:
    """The mistakes and blunders flagged in one greedy mirror game, each (grade, the loss
    the review gave, the playouts' average margin of the best move over the move played,
    its standard error, the kind of decision and the number of players, the playouts
    played a move, the chance to win the review said it lost, the game's seed)."""
    players = 2 + seed % 3
    session = played(("greedy",) * players, seed)
    found: Review = review(session, computers=True)
    checked = []
    for decision in found.decisions:
        if decision.grade not in (MISTAKE, BLUNDER):
            continue
        average, error, count = playout_difference(decision, seed, playouts, most)
        kind = f"{decision.state.phase.name.lower()}, {players} players"
        checked.append(
            (
                decision.grade,
                decision.loss_points,
                average,
                error,
                kind,
                count,
                decision.loss_win_chance,
                seed,
            )
        )
    return checked


def recheck(
    games: int, playouts: int, most: int, jobs: int, first: int = 1, rows_to: str | None = None
) -> None:
    """The share of flagged mistakes and blunders that deeper playouts confirm (each flag
    also written as a line of JSON to ``rows_to``, when given)."""
    start = time.perf_counter()
    rows = run_jobs(partial(recheck_game, playouts, most), range(first, first + games), jobs)
    flagged = [item for row in rows if isinstance(row, list) for item in row]
    if rows_to is not None:
        fields = (
            "grade",
            "loss_points",
            "found",
            "error",
            "kind",
            "playouts",
            "loss_win_chance",
            "seed",
        )
        with open(rows_to, "w", encoding="utf-8") as out:
            for row in flagged:
                out.write(json.dumps(dict(zip(fields, row, strict=True))) + "\n")
    counts = [row[5] for row in flagged]
    print(
        f"{games} greedy mirror games of 2, 3 and 4 players, {playouts} to {most} playouts "
        f"a move (median {statistics.median(counts):.0f}, {sum(counts)} in all; "
        f"{sum(1 for count in counts if count >= most)} flags still within two standard "
        f"errors at {most}) ({time.perf_counter() - start:.0f} s)"
    )
    for grade in (MISTAKE, BLUNDER, None):
        chosen = [row for row in flagged if grade is None or row[0] == grade]
        if chosen:
            confirmed = sum(1 for row in chosen if row[2] > 0) / len(chosen)
            refuted = sum(1 for row in chosen if row[2] < -2 * row[3]) / len(chosen)
            said = statistics.mean(row[1] for row in chosen)
            found = statistics.mean(row[2] for row in chosen)
            print(
                f"{grade or 'all flagged'}: {len(chosen)}, confirmed {confirmed:.1%} "
                f"(target 90%), refuted {refuted:.1%}; loss in the review {said:.2f} points, "
                f"in the playouts {found:+.2f} (standard error of one "
                f"{statistics.mean(row[3] for row in chosen):.2f})"
            )
    print("by kind of decision:")
    for kind in sorted({row[4] for row in flagged}):
        chosen = [row for row in flagged if row[4] == kind]
        confirmed = sum(1 for row in chosen if row[2] > 0) / len(chosen)
        refuted = sum(1 for row in chosen if row[2] < -2 * row[3]) / len(chosen)
        print(f"  {kind}: {len(chosen)}, confirmed {confirmed:.1%}, refuted {refuted:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("speed").add_argument("--games", type=int, default=3)
    luck_parser = commands.add_parser("luck")
    luck_parser.add_argument("--games", type=int, default=20)
    luck_parser.add_argument("--expert", default="expert")
    luck_parser.add_argument("--jobs", type=int, default=1)
    luck_parser.add_argument(
        "--rows", help="keep each game as a line of JSON in this file (and go on from it)"
    )
    again = commands.add_parser("recheck")
    again.add_argument("--games", type=int, default=10)
    again.add_argument("--playouts", type=int, default=100)
    again.add_argument("--most", type=int, default=1600)
    again.add_argument("--first", type=int, default=1, help="the first game's seed")
    again.add_argument("--rows", help="write each flag as a line of JSON to this file")
    again.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.games)
    elif args.command == "luck":
        luck(args.games, args.expert, args.jobs, args.rows)
    else:
        recheck(args.games, args.playouts, args.most, args.jobs, args.first, args.rows)


if __name__ == "__main__":
    main()
