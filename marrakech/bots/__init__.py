"""Computer opponents: ``random`` (easy), ``greedy`` (normal) and ``hard``.

Bots see only what a player at the table sees (see ``base``). ``make_bot`` builds one;
``tournament`` plays them against each other.
"""

from __future__ import annotations

from .base import Bot, determinize, position_rng
from .hard import DEFAULT_BUDGET, HardBot
from .simple import GreedyBot, RandomBot

KINDS: tuple[str, ...] = ("random", "greedy", "hard")
"""The bot kinds make_bot builds."""

LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "hard"}
"""Difficulty levels and the bot kind each one plays."""


def make_bot(
    kind: str, *, seed: int = 0, budget: float | None = None, iterations: int | None = None
) -> Bot:
    """A bot of a kind (random, greedy, hard) or level (easy, normal, hard).

    ``budget`` (seconds per decision, default 0.5) and ``iterations`` (a fixed search
    budget that makes the hard bot reproducible) only matter to the hard bot.
    """
    resolved = LEVELS.get(kind, kind)
    if resolved == "random":
        return RandomBot(seed)
    if resolved == "greedy":
        return GreedyBot(seed)
    if resolved == "hard":
        return HardBot(seed, budget=budget, iterations=iterations)
    choices = ", ".join([*KINDS, *(level for level in LEVELS if level not in KINDS)])
    raise ValueError(f"unknown bot {kind!r}: choose one of {choices}")


__all__ = [
    "DEFAULT_BUDGET",
    "KINDS",
    "LEVELS",
    "Bot",
    "GreedyBot",
    "HardBot",
    "RandomBot",
    "determinize",
    "make_bot",
    "position_rng",
]
