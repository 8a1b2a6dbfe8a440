"""The strength ladder of docs/bots.md: round-robin matches, then Elo ratings with intervals.

    uv run python scripts/ladder.py [--games 40] [--players 2 4] [--jobs 1] [--write]

Every pair of the ladder's bots plays ``--games`` games per player count through the
tournament runner (``marrakech.bots.tournament``: paired seeds, every seat rotation). With
2 players the pair faces each other; with 4 each bot of the pair takes two seats (A, B,
A, B, rotated), so a game's win goes to one bot of the pair or is shared.

Ratings: each pair's result is the score fraction of its first bot (a win 1, a shared win
its share), one half game added to each side so that a clean sweep still has a finite
rating; the Elo ratings are the maximum-likelihood fit of all pairs (Bradley-Terry on the
Elo scale, random anchored at 0). Intervals: 95% of 400 parametric bootstrap refits, each
pair's score redrawn from a binomial of its own games. ``--write`` replaces the table of
that player count in docs/bots.md (between its ``<!-- ladder N -->`` markers).
"""

from __future__ import annotations

import argparse
import math
import random
import re
import time
from itertools import combinations
from pathlib import Path

from marrakech.bots.tournament import TournamentConfig, play_tournament

LADDER = ("random", "greedy", "hard:iterations=100", "hard", "expert")
"""The bots rated: every level, and hard at a small budget."""

DOC = Path(__file__).resolve().parents[1] / "docs" / "bots.md"

BOOTSTRAP = 400
"""Refits drawn for the intervals."""

Pair = tuple[str, str]


def play_pair(pair: Pair, players: int, games: int, seed: int, jobs: int) -> tuple[float, int]:
    """The first bot's points and the games played, for one pair at one player count."""
    bots = pair if players == 2 else (pair[0], pair[1]) * (players // 2)
    config = TournamentConfig(bots=bots, games=games, seed=seed, jobs=jobs)
    result = play_tournament(config)
    return result.bots[pair[0]].points, result.games_played


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
            share = points / games
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
    players: int,
    games: int,
    results: dict[Pair, tuple[float, int]],
    rows: list[tuple[str, float, float, float]],
) -> str:
    """The ladder and the pair results as Markdown tables."""
    lines = [
        f"{players} players, {games} games per pair "
        f"({'head to head' if players == 2 else 'two seats each'}), random anchored at 0:",
        "",
        "| bot | Elo | 95% interval |",
        "|---|---:|---:|",
    ]
    lines += [
        f"| `{bot}` | {elo:+.0f} | {low:+.0f} to {high:+.0f} |" for bot, elo, low, high in rows
    ]
    lines += ["", "| pair | games | score of the first |", "|---|---:|---:|"]
    for (first, second), (points, played) in results.items():
        lines.append(f"| `{first}` vs `{second}` | {played} | {points / played:.3f} |")
    return "\n".join(lines)


def write(players: int, table: str) -> None:
    """Replace the table of a player count in docs/bots.md."""
    text = DOC.read_text()
    pattern = re.compile(
        rf"(<!-- ladder {players} -->\n).*?(\n<!-- /ladder {players} -->)", re.DOTALL
    )
    if not pattern.search(text):
        raise SystemExit(f"docs/bots.md has no <!-- ladder {players} --> markers")
    DOC.write_text(pattern.sub(lambda match: match[1] + table + match[2], text))


def main() -> None:
    """Play the round-robins, print the ladders, and write them with --write."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair (default 40)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--write", action="store_true", help="update docs/bots.md")
    args = parser.parse_args()
    for players in args.players:
        results: dict[Pair, tuple[float, int]] = {}
        for pair in combinations(LADDER, 2):
            start = time.perf_counter()
            results[pair] = play_pair(pair, players, args.games, args.seed, args.jobs)
            points, games = results[pair]
            print(
                f"{players}p {pair[0]} vs {pair[1]}: {points / games:.3f} over {games} games "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
        table = markdown(players, args.games, results, ladder(results, LADDER))
        print(table)
        if args.write:
            write(players, table)


if __name__ == "__main__":
    main()
