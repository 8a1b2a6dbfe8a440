"""Computer opponents, one per level of ``marrakech.levels``: random, greedy and hard.

Bots see only what a player at the table sees (see ``base``). ``make_bot`` builds one;
``tournament`` plays them against each other.
"""

from __future__ import annotations

from marrakech.levels import level_named

from .base import Bot, determinize, position_rng
from .hard import DEFAULT_BUDGET, HardBot
from .simple import GreedyBot, RandomBot


def make_bot(
    level: str, *, seed: int = 0, budget: float | None = None, iterations: int | None = None
) -> Bot:
    """The computer player of a level (``marrakech.levels``; old names are understood).

    ``budget`` (seconds per decision, default 0.5) and ``iterations`` (a fixed search
    budget that makes the hard bot reproducible) only matter to the hard bot. An unknown
    level is a ValueError naming the levels.
    """
    level = level_named(level)
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    return HardBot(seed, budget=budget, iterations=iterations)


__all__ = [
    "DEFAULT_BUDGET",
    "Bot",
    "GreedyBot",
    "HardBot",
    "RandomBot",
    "determinize",
    "make_bot",
    "position_rng",
]
