"""Computer levels: the one set of names used everywhere, and the seed a computer seat plays with.

The same names serve ``new --bot``, ``tournament --bots``, the new-game screen and save
files. The names of earlier versions (``easy``, ``normal``) are still understood.
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "greedy", "hard")
"""The computer levels, weakest first."""

DESCRIPTIONS: dict[str, str] = {
    "random": "plays any legal move",
    "greedy": "looks one move ahead",
    "hard": "searches a few moves ahead",
}
"""What each level does, in a few words for a player."""

OLD_NAMES: dict[str, str] = {"easy": "random", "normal": "greedy"}
"""Level names of earlier versions and the level each one means now."""


def level_named(name: str) -> str:
    """The level a name means (an old name gives its new one); ValueError names the levels."""
    level = OLD_NAMES.get(name, name)
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {name!r}: choose one of {', '.join(LEVELS)}")
    return level


def describe_levels() -> str:
    """Every level with what it does, for help texts: ``random (plays any legal move), ...``."""
    return ", ".join(f"{level} ({DESCRIPTIONS[level]})" for level in LEVELS)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game with ``game_seed``.

    Distinct for every seat of every game (seats are 0-3), so two computers never share
    their random choices, and the same in the app, the tournament and the tests.
    """
    return game_seed * 8 + seat
