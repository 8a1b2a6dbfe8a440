"""Computer opponents, one per level of ``marrakech.games.levels``, and outside bots.

Bots see only what a player at the table sees (see ``base``). ``make_bot`` builds one
from any name ``levels.bot_named`` accepts; ``tournament`` plays them against each other.
"""

from __future__ import annotations

from marrakech.games.levels import bot_named, is_level, parse_settings

from .base import Bot, determinize, position_rng
from .expert import DEFAULT_WORK, ExpertBot
from .hard import DEFAULT_BUDGET, DEFAULT_ITERATIONS, HardBot
from .plugins import PLUGIN_TIME_LIMIT, TimeLimited, build_plugin
from .simple import GreedyBot, RandomBot


def make_bot(
    name: str,
    *,
    seed: int = 0,
    budget: float | None = None,
    iterations: int | None = None,
    alternate_piles: bool = False,
) -> Bot:
    """The computer player a name means (``levels.bot_named``: a level, settings, a plug-in).

    ``budget`` and ``iterations`` are the hard bot's defaults when its name gives none
    (see ``HardBot``); settings in the name win. ``alternate_piles`` says the game was
    set up with alternating piles (known to every player), so no bot guesses their order.
    An unknown name, or an outside bot that cannot be loaded, is a ValueError.
    """
    name = bot_named(name)
    if not is_level(name):
        return build_plugin(name, seed)
    level, _, settings_text = name.partition(":")
    settings = parse_settings(level, settings_text) if settings_text else {}
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "hard":
        hard_budget = settings.get("budget", budget)
        hard_iterations = settings.get("iterations", iterations)
        return HardBot(
            seed,
            budget=None if hard_budget is None else float(hard_budget),
            iterations=None if hard_iterations is None else int(hard_iterations),
            alternate_piles=alternate_piles,
        )
    work, time_cap = settings.get("work"), settings.get("time_cap")
    return ExpertBot(
        seed,
        work=None if work is None else int(work),
        time_cap=None if time_cap is None else float(time_cap),
        alternate_piles=alternate_piles,
    )


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_ITERATIONS",
    "DEFAULT_WORK",
    "PLUGIN_TIME_LIMIT",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "HardBot",
    "RandomBot",
    "TimeLimited",
    "determinize",
    "make_bot",
    "position_rng",
]
