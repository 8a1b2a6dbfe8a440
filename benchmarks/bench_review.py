"""The post-game review: how long it takes, whether its luck and skill tell the better
player, and whether the mistakes it flags are mistakes.

Three measures (each a subcommand; all by default at small sizes):

``speed``
    Reviews whole seeded games (every seat, ``--all``) of 2 and 4 players, one kind with a
    player moving at random (a newcomer's many mistakes each get a second look), and prints the
    seconds per game. Targets: at most 10 s for 2 players, 20 s for 4 on two cores.
``luck``
    Plays expert against greedy (seats alternating) and splits each game's margin into
    luck and skill. Prints in how many games the expert's skill exceeds greedy's
    (target: at least 80%) and each level's average luck (target: near zero) with its
    standard error.
``recheck``
    Plays greedy mirror games of 2, 3 and 4 players, and re-checks every decision the
    review grades a mistake or a blunder with a deeper, independent method: many seeded
    playouts to the end from the move played and from the best one, the same seeds for
    both moves, every seat played by ``--playout-players``: by default one ply on the hard
    bot's evaluation (``one_ply``, not the evaluator the review asks), else the bot named.
    Playouts go ``--playouts`` at a time until the two moves differ by more than two
    standard errors or ``--most`` playouts a move have been played (sequential: a clear
    case stops early, a close one gets more). Each flag is checked by what it claims: a
    flag raised for the chance to win lost (``review.flagged_by_chance``) by the share of
    the win the playouts give each move (a win shared by k counts 1/k), a flag raised for
    points of the lead alone (``review.POINT_GRADES``, a game all but decided) by the final
    margin. It is confirmed when the best move comes out ahead, refuted when behind by more
    than two standard errors. Prints the shares confirmed (target: at least 90%) and refuted, by
    that measure and by each measure alone, and what the review and the playouts found on
    average.

    uv run python benchmarks/bench_review.py speed [--games 3]
    uv run python benchmarks/bench_review.py luck [--games 1000] [--expert expert] [--jobs 2] \
        [--rows FILE.jsonl]
    uv run python benchmarks/bench_review.py recheck [--games 100] [--playouts 100] \
        [--most 1600] [--jobs 2] [--playout-players one-ply|BOT]
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
from dataclasses import dataclass
from functools import partial
from random import Random
from typing import Any

from marrakech.bots import make_bot
from marrakech.bots.evaluation import evaluate, utility
from marrakech.bots.simple import best_of
from marrakech.engine import Action, Aim, GameState, Orient, Phase
from marrakech.flow.luck import LUCK_PARTS, SKILL_PARTS, margins
from marrakech.flow.review import BLUNDER, MISTAKE, Decision, Review, flagged_by_chance, review
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import Chooser, by_seat, play_out
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
    """Seconds to review whole games of 2 and 4 players (every seat); the last kind has a
    player moving at random, as a newcomer might, whose many mistakes each get the review's
    second look."""
    for levels in (
        ("greedy", "expert:work=40"),
        ("greedy", "greedy", "greedy", "greedy"),
        ("random", "expert:work=40"),
    ):
        times = []
        for seed in range(1, games + 1):
            session = played(levels, seed)
            start = time.perf_counter()
            review(session, computers=True)
            times.append(time.perf_counter() - start)
        print(
            f"{' against '.join(levels)}, {games} games: review "
            f"mean {statistics.mean(times):.2f} s, slowest {max(times):.2f} s "
            f"(target at most {10 if len(levels) == 2 else 20} s)"
        )


def luck_game(expert_name: str, seed: int) -> dict[str, Any]:
    """One expert-against-greedy game: each one's skill, luck and luck's parts; the expert
    sits first in odd seeds."""
    levels = (expert_name, "greedy") if seed % 2 else ("greedy", expert_name)
    found = review(played(levels, seed), computers=True)
    row: dict[str, Any] = {"seed": seed}
    for key, level in (("expert", expert_name), ("greedy", "greedy")):
        account = found.luck.accounts[levels.index(level)]
        row |= {
            f"{key}_skill": account.skill,
            f"{key}_luck": account.luck,
            f"{key}_parts": dict(account.parts),
            f"{key}_skill_parts": dict(account.skill_parts),
        }
    return row


def luck_summary(results: Sequence[dict[str, Any]], expert: str) -> None:
    better = sum(1 for row in results if row["expert_skill"] > row["greedy_skill"])
    print(f"the expert's skill exceeds greedy's in {better / len(results):.1%} (target 80%)")
    for name, key in ((expert, "expert"), ("greedy", "greedy")):
        values = [row[f"{key}_luck"] for row in results]
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        print(
            f"{name}: average luck {statistics.mean(values):+.2f} ± {error:.2f} points, "
            f"average skill {statistics.mean(row[f'{key}_skill'] for row in results):+.2f}"
        )
        for account, field, names in (
            ("luck", "parts", LUCK_PARTS),
            ("skill", "skill_parts", SKILL_PARTS),
        ):
            parted = [row[f"{key}_{field}"] for row in results if f"{key}_{field}" in row]
            if parted:
                print(
                    f"  {account}'s parts on average: "
                    + ", ".join(
                        f"{part} {statistics.mean(parts[part] for parts in parted):+.2f}"
                        for part in names
                    )
                )


def luck(games: int, expert: str, jobs: int, rows_to: str | None = None) -> None:
    """Whether skill tells the expert from greedy, and whether luck averages near zero.

    With ``rows_to``, each game is added to that file as a line of JSON when it ends, the
    games already there are not played again (a long run can stop and go on), and the
    figures so far are printed every hundred games.
    """
    start = time.perf_counter()
    seeds = range(1, games + 1)
    kept: dict[int, dict[str, Any]] = {}
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


def one_ply(state: GameState, rng: Random) -> Action:
    """The action after which the hard bot's evaluation (``evaluation.evaluate``, not the
    evaluator the review asks) puts the seat to move furthest ahead; ties broken by ``rng``.

    A carpet is valued as laid, a facing (or an aim) with its coming roll's toll.
    """
    if state.phase is Phase.PLACE:
        options: Sequence[Action] = state.legal_placements()
    else:
        options = [action for action in state.legal_actions() if isinstance(action, Orient | Aim)]
    chooser = state.current
    return best_of(options, lambda action: utility(evaluate(state.apply(action)), chooser), rng)


ONE_PLY = "one-ply"
"""The default players of a re-check's playouts: ``one_ply`` for every seat (it beats
greedy, the players of the games reviewed, 0.651 over 400 two-player games)."""


def playout_result(state: GameState, seat: int, seed: int, playing: str) -> tuple[float, float]:
    """The seat's final margin and its share of the win (1/k of a win shared by k; 0 for a
    loss) after ``playing`` plays every seat to the end from ``state``, seeded dice:
    ``ONE_PLY``, or the name of a bot."""
    choose: Chooser
    if playing == ONE_PLY:
        choose = partial(one_ply, rng=Random(seed))
    else:
        bots = [
            make_bot(playing, seed=bot_seed(seed, other)) for other in range(len(state.players))
        ]
        choose = by_seat(bots)
    final = play_out(state, choose, SeededDie(seed))
    winners = final.winners()
    won = 1 / len(winners) if seat in winners else 0.0
    return margins([float(score.total) for score in final.scores()])[seat], won


@dataclass(frozen=True)
class Found:
    """What the playouts found of the best move over the move played, by one measure."""

    average: float
    error: float
    """The average's standard error."""

    @staticmethod
    def of(differences: Sequence[float]) -> Found:
        error = statistics.stdev(differences) / math.sqrt(len(differences))
        return Found(statistics.mean(differences), error)

    @property
    def settled(self) -> bool:
        return abs(self.average) > 2 * self.error


def playout_difference(
    decision: Decision, seed: int, playouts: int, most: int, playing: str
) -> tuple[Found, Found, int]:
    """The best move over the move played, in playouts from both (the same seeds for both),
    by the final margin and by the share of the win: ``playouts`` at a time until the
    measure the flag was raised for (the win for a flag by chance, the margin for one by
    points) differs from zero by more than two standard errors, or ``most`` a move. Returns
    (by margin, by win, the playouts played a move)."""
    margin: list[float] = []
    win: list[float] = []
    deciding = win if flagged_by_chance(decision.loss_win_chance) else margin
    while True:
        for index in range(len(margin), len(margin) + playouts):
            dice = seed * 100_000 + index
            played = playout_result(
                decision.state.apply(decision.played), decision.seat, dice, playing
            )
            best = playout_result(decision.state.apply(decision.best), decision.seat, dice, playing)
            margin.append(best[0] - played[0])
            win.append(best[1] - played[1])
        if Found.of(deciding).settled or len(margin) >= most:
            return Found.of(margin), Found.of(win), len(margin)


RECHECK_FIELDS = (
    "grade",
    "by",
    "loss_points",
    "loss_win_chance",
    "margin",
    "margin_error",
    "win",
    "win_error",
    "kind",
    "playouts",
    "seed",
    "doubted",
)
"""A re-checked flag: its grade, what flagged it ("chance" or "points"), the losses the
review gave, what the playouts found of the best move over the move played (the margin in
points and the share of the win, each with its standard error), the kind of decision and
the number of players, the playouts a move, the game's seed, and whether the review's
second look found less lost (graded by the smaller loss: ``review.second_look_grade``)."""


def recheck_game(playouts: int, most: int, playing: str, seed: int) -> list[dict[str, Any]]:
    """The mistakes and blunders flagged in one greedy mirror game, each re-checked
    (``RECHECK_FIELDS``)."""
    players = 2 + seed % 3
    session = played(("greedy",) * players, seed)
    found: Review = review(session, computers=True)
    checked = []
    for decision in found.decisions:
        if decision.grade not in (MISTAKE, BLUNDER):
            continue
        margin, win, count = playout_difference(decision, seed, playouts, most, playing)
        figures = (
            decision.grade,
            "chance" if flagged_by_chance(decision.loss_win_chance) else "points",
            decision.loss_points,
            decision.loss_win_chance,
            margin.average,
            margin.error,
            win.average,
            win.error,
            f"{decision.state.phase.name.lower()}, {players} players",
            count,
            seed,
            decision.doubted,
        )
        checked.append(dict(zip(RECHECK_FIELDS, figures, strict=True)))
    return checked


def shares(rows: Sequence[dict[str, Any]]) -> str:
    """Confirmed and refuted, by each flag's own measure, then by the margin alone and the
    win alone."""

    def said(measure: str, row: dict[str, Any]) -> tuple[bool, bool]:
        average, error = row[measure], row[f"{measure}_error"]
        return average > 0, average < -2 * error

    def share(judge: Callable[[dict[str, Any]], tuple[bool, bool]]) -> str:
        verdicts = [judge(row) for row in rows]
        confirmed = sum(yes for yes, _ in verdicts) / len(verdicts)
        refuted = sum(no for _, no in verdicts) / len(verdicts)
        return f"confirmed {confirmed:.1%}, refuted {refuted:.1%}"

    own = share(lambda row: said("win" if row["by"] == "chance" else "margin", row))
    margin = share(partial(said, "margin"))
    win = share(partial(said, "win"))
    return f"{own} (by the margin: {margin}; by the win: {win})"


def recheck(
    games: int,
    playouts: int,
    most: int,
    jobs: int,
    first: int = 1,
    rows_to: str | None = None,
    playing: str = ONE_PLY,
) -> None:
    """The share of flagged mistakes and blunders that deeper playouts confirm (each flag
    also written as a line of JSON to ``rows_to``, when given)."""
    start = time.perf_counter()
    rows = run_jobs(
        partial(recheck_game, playouts, most, playing), range(first, first + games), jobs
    )
    flagged = [item for row in rows if isinstance(row, list) for item in row]
    if rows_to is not None:
        with open(rows_to, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(row) + "\n" for row in flagged)
    counts = [row["playouts"] for row in flagged]
    print(
        f"{games} greedy mirror games of 2, 3 and 4 players, {playouts} to {most} playouts "
        f"a move played by {playing} players (median {statistics.median(counts):.0f}, "
        f"{sum(counts)} in all; "
        f"{sum(1 for count in counts if count >= most)} flags still unsettled at {most}) "
        f"({time.perf_counter() - start:.0f} s)"
    )
    print("A flag is confirmed when the playouts find the best move ahead by the measure it")
    print("was raised for: the share of the win for a flag by chance, the margin for one by")
    print("points; refuted when behind by more than two standard errors (target 90%).")
    for name, chosen in (
        ("all flagged", flagged),
        (MISTAKE, [row for row in flagged if row["grade"] == MISTAKE]),
        (BLUNDER, [row for row in flagged if row["grade"] == BLUNDER]),
        ("flagged by chance", [row for row in flagged if row["by"] == "chance"]),
        ("flagged by points", [row for row in flagged if row["by"] == "points"]),
        ("both looks agree", [row for row in flagged if not row["doubted"]]),
        ("the second look finds less lost", [row for row in flagged if row["doubted"]]),
    ):
        if chosen:
            print(f"{name}: {len(chosen)}, {shares(chosen)}")
            print(
                f"  loss in the review {statistics.mean(row['loss_points'] for row in chosen):.2f}"
                f" points, {statistics.mean(row['loss_win_chance'] for row in chosen):.1%} to "
                f"win; in the playouts {statistics.mean(row['margin'] for row in chosen):+.2f} "
                f"points, {statistics.mean(row['win'] for row in chosen):+.1%} of a win"
            )
    print("by kind of decision:")
    for kind in sorted({row["kind"] for row in flagged}):
        chosen = [row for row in flagged if row["kind"] == kind]
        print(f"  {kind}: {len(chosen)}, {shares(chosen)}")


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
    again.add_argument(
        "--playout-players",
        default=ONE_PLY,
        help="who plays every seat of the playouts: one-ply (the default) or a bot's name",
    )
    args = parser.parse_args()
    if args.command == "recheck" and args.playout_players != ONE_PLY:
        try:
            make_bot(args.playout_players)
        except ValueError as error:
            parser.error(f"--playout-players: {error}")
    if args.command == "speed":
        speed(args.games)
    elif args.command == "luck":
        luck(args.games, args.expert, args.jobs, args.rows)
    else:
        recheck(
            args.games,
            args.playouts,
            args.most,
            args.jobs,
            args.first,
            args.rows,
            args.playout_players,
        )


if __name__ == "__main__":
    main()
