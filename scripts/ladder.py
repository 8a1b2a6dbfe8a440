"""The strength ladder of docs/bots.md: each level against the next, as long as it takes to
order them, then Elo ratings with intervals.

    uv run python scripts/ladder.py [--players 2 4] [--most 400] [--jobs 2] [--write]

Each adjacent pair of the ladder's bots (``LADDER``, from the weakest expected) plays
through the tournament runner (``marrakech.bots.tournament``: paired seeds, every seat
rotation), a batch of ``--batch`` seeds at a time, until the pair is ordered or has
played ``--most`` games. With 2 players the pair faces each other; with 4 each bot of the
pair takes two seats (A, B, A, B, rotated), so a game's win goes to one bot of the pair or
is shared.

The test (sequential): after each batch, the first bot's score fraction (a win 1, a shared
win its share) gets a Wilson interval; the pair is ordered when the interval leaves out
one half. So that looking after every batch still gives 95% confidence over the whole
run, each look uses a Bonferroni share of the 5% (``z_for_looks``): with 2 players and
the defaults, z = 3.02 for up to 20 looks instead of 1.96 for one. (Paired seeds make the
score vary less than the binomial the interval assumes, so the interval is, if anything,
too wide.) A pair not ordered by ``--most`` games is said plainly: "cannot separate".

Ratings: each pair's score, one half game added to each side so that a clean sweep still
has a finite rating; the Elo ratings are the maximum-likelihood fit of the pairs
(Bradley-Terry on the Elo scale, random anchored at 0). Intervals: 95% of 400 parametric
bootstrap refits, each pair's score redrawn from a binomial of its own games (at its
score with the half games added, so that a clean sweep's pair varies too). ``--write``
replaces the tables of that player count in docs/bots.md (between its
``<!-- ladder N -->`` markers), with the command and the time it took.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from statistics import NormalDist

from marrakech.bots.tournament import TournamentConfig, play_tournament

LADDER = ("random", "greedy", "hard:iterations=100", "hard", "expert")
"""The bots rated, from the weakest expected: every level, and hard at a small budget."""

DOC = Path(__file__).resolve().parents[1] / "docs" / "bots.md"

BOOTSTRAP = 400
"""Refits drawn for the intervals."""

CONFIDENCE = 0.95
"""How sure an ordered pair is, over every look at it."""

Pair = tuple[str, str]


def z_for_looks(looks: int) -> float:
    """The z of a two-sided interval that keeps ``CONFIDENCE`` over this many looks
    (Bonferroni: each look gets an equal share of what may go wrong)."""
    return NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2 / looks)


def wilson(points: float, games: int, z: float) -> tuple[float, float]:
    """The Wilson score interval of a score fraction of ``games`` games."""
    share = points / games
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(share * (1 - share) / games + z * z / (4 * games**2))
    return max(0.0, middle - half), min(1.0, middle + half)


@dataclass(frozen=True)
class Match:
    """One adjacent pair's match, as far as it went."""

    pair: Pair
    points: float
    """The first bot's points."""
    games: int
    low: float
    high: float
    """The interval of the first bot's score fraction (at the run's z)."""
    seconds: float

    @property
    def ordered(self) -> bool:
        """Whether the interval leaves out one half."""
        return self.low > 0.5 or self.high < 0.5

    def verdict(self) -> str:
        """Which bot is stronger, or that the games could not tell."""
        first, second = self.pair
        if not self.ordered:
            return f"cannot separate `{first}` and `{second}`"
        stronger, weaker = (first, second) if self.low > 0.5 else (second, first)
        return f"`{stronger}` above `{weaker}`"


def play_match(pair: Pair, players: int, batch: int, most: int, seed: int, jobs: int) -> Match:
    """Batches of ``batch`` seeds (every rotation of each) until the pair is ordered or has
    played ``most`` games."""
    bots = pair if players == 2 else (pair[0], pair[1]) * (players // 2)
    z = z_for_looks(math.ceil(most / (batch * players)))
    start = time.perf_counter()
    points, games, first_seed = 0.0, 0, seed
    while True:
        config = TournamentConfig(bots=bots, games=batch * players, seed=first_seed, jobs=jobs)
        result = play_tournament(config)
        points += result.bots[pair[0]].points
        games += result.games_played
        first_seed += batch
        low, high = wilson(points, games, z)
        match = Match(pair, points, games, low, high, time.perf_counter() - start)
        if match.ordered or games + batch * players > most:
            return match


def fit(results: dict[Pair, tuple[float, int]], bots: tuple[str, ...]) -> dict[str, float]:
    """Elo ratings by maximum likelihood (the minorize-maximize iteration), bots[0] at 0."""
    strength = dict.fromkeys(bots, 1.0)
    wins = dict.fromkeys(bots, 0.0)
    for (first, second), (points, games) in results.items():
        wins[first] += points + 0.5
        wins[second] += games - points + 0.5
    for _ in range(500):
        updated = {}
        for bot in bots:
            total = 0.0
            for (first, second), (_, games) in results.items():
                if bot in (first, second):
                    other = second if bot == first else first
                    total += (games + 1) / (strength[bot] + strength[other])
            updated[bot] = wins[bot] / total
        strength = updated
    anchor = strength[bots[0]]
    return {bot: 400 * math.log10(strength[bot] / anchor) for bot in bots}


def ladder(
    results: dict[Pair, tuple[float, int]], bots: tuple[str, ...], seed: int = 1
) -> list[tuple[str, float, float, float]]:
    """Per bot, best first: its Elo and the 95% bootstrap interval."""
    ratings = fit(results, bots)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(BOOTSTRAP):
        redrawn = {}
        for pair, (points, games) in results.items():
            share = (points + 0.5) / (games + 1)  # as fitted: a clean sweep still varies
            redrawn[pair] = (float(sum(rng.random() < share for _ in range(games))), games)
        for bot, rating in fit(redrawn, bots).items():
            draws[bot].append(rating)
    rows = []
    for bot in bots:
        ordered = sorted(draws[bot])
        low = ordered[int(0.025 * len(ordered))]
        high = ordered[int(0.975 * len(ordered)) - 1]
        rows.append((bot, ratings[bot], low, high))
    return sorted(rows, key=lambda row: -row[1])


def markdown(
    players: int, matches: list[Match], rows: list[tuple[str, float, float, float]], how: str
) -> str:
    """The ladder and the matches as Markdown tables."""
    lines = [
        f"{players} players ({'head to head' if players == 2 else 'two seats each'}), "
        f"random anchored at 0; {how}:",
        "",
        "| bot | Elo | 95% interval |",
        "|---|---:|---:|",
    ]
    lines += [
        f"| `{bot}` | {elo:+.0f} | {low:+.0f} to {high:+.0f} |" for bot, elo, low, high in rows
    ]
    lines += [
        "",
        "| pair | games | score of the first | 95% interval | verdict |",
        "|---|---:|---:|---:|---|",
    ]
    for match in matches:
        first, second = match.pair
        lines.append(
            f"| `{first}` vs `{second}` | {match.games} | {match.points / match.games:.3f} | "
            f"{match.low:.3f} to {match.high:.3f} | {match.verdict()} |"
        )
    return "\n".join(lines)


def write(players: int, table: str) -> None:
    """Replace the tables of a player count in docs/bots.md."""
    text = DOC.read_text()
    pattern = re.compile(
        rf"(<!-- ladder {players} -->\n).*?(\n<!-- /ladder {players} -->)", re.DOTALL
    )
    if not pattern.search(text):
        raise SystemExit(f"docs/bots.md has no <!-- ladder {players} --> markers")
    DOC.write_text(pattern.sub(lambda match: match[1] + table + match[2], text))


def main() -> None:
    """Play the adjacent pairs' matches, print the ladders, and write them with --write."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument(
        "--batch", type=int, default=10, help="seeds per batch, each in every rotation (10)"
    )
    parser.add_argument("--most", type=int, default=400, help="games per pair at most (400)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--write", action="store_true", help="update docs/bots.md")
    args = parser.parse_args()
    command = " ".join(["uv run python scripts/ladder.py", *sys.argv[1:]])
    for players in args.players:
        start = time.perf_counter()
        matches = []
        for pair in pairwise(LADDER):
            match = play_match(pair, players, args.batch, args.most, args.seed, args.jobs)
            matches.append(match)
            print(
                f"{players}p {pair[0]} vs {pair[1]}: {match.points / match.games:.3f} over "
                f"{match.games} games, {match.low:.3f} to {match.high:.3f}: "
                f"{match.verdict()} ({match.seconds:.0f} s)",
                flush=True,
            )
        results = {match.pair: (match.points, match.games) for match in matches}
        minutes = (time.perf_counter() - start) / 60
        how = f"`{command}`, {minutes:.0f} minutes with {args.jobs} worker(s)"
        table = markdown(players, matches, ladder(results, LADDER), how)
        print(table)
        if args.write:
            write(players, table)


if __name__ == "__main__":
    main()
