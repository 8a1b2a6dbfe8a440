"""Computer levels and bot names: the one place a name for a computer player is resolved.

The same names serve ``new --bot``, ``tournament --bots``, the new-game screen and save
files. A name is one of:

* a level, ``random``, ``greedy``, ``hard`` or ``expert`` (the names of earlier versions,
  ``easy`` and ``normal``, are still understood);
* a level with settings, ``hard:iterations=100`` or ``hard:budget=0.1:iterations=5000``
  (``SETTINGS`` lists each level's settings);
* an outside bot, ``package.module:Class`` or ``path/to/file.py:Class``;
* the name of an installed package's bot, from the entry-point group ``marrakech.bots``.

``bot_named`` checks a name and gives its canonical spelling; ``marrakech.bots.make_bot``
builds the player it names. This module only reads names: it imports no bot code.
"""

from __future__ import annotations

import math
import re

LEVELS: tuple[str, ...] = ("random", "greedy", "hard", "expert")
"""The computer levels, weakest first."""

DESCRIPTIONS: dict[str, str] = {
    "random": "plays any legal move",
    "greedy": "looks one move ahead",
    "hard": "searches a few moves ahead",
    "expert": "searches ahead and watches where Assam is likely to go",
}
"""What each level does, in a few words for a player."""

OLD_NAMES: dict[str, str] = {"easy": "random", "normal": "greedy"}
"""Level names of earlier versions and the level each one means now."""

SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {},
    "hard": {"iterations": int, "budget": float},
    "expert": {"work": int, "time_cap": float},
}
"""Per level, the settings a name may give it and the kind of number each one takes.

hard: ``iterations`` (evaluations per decision) and ``budget`` (its wall-clock cap in
seconds; given alone, the search runs on time only). expert: ``work`` (evaluations per
decision) and ``time_cap`` (its wall-clock cap in seconds).
"""

ENTRY_POINT_GROUP = "marrakech.bots"
"""The entry-point group through which an installed package offers its bots."""

_PLUGIN = re.compile(r"^(?P<source>[^:]+):(?P<cls>[A-Za-z_][A-Za-z0-9_]*)$")
_MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class UnknownBot(ValueError):
    """A name that is no level, no ``module:Class`` or ``file.py:Class`` and no installed bot."""


def level_named(name: str) -> str:
    """The level a name means (an old name gives its new one); ValueError names the levels."""
    level = OLD_NAMES.get(name, name)
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {name!r}: choose one of {', '.join(LEVELS)}")
    return level


def bot_named(name: str) -> str:
    """The canonical spelling of a computer player's name (see the module); else ValueError.

    Levels and their settings are checked here; an outside bot's module or file is only
    looked for when the bot is built (``marrakech.bots.make_bot``).
    """
    name = name.strip()
    head, _, rest = name.partition(":")
    level = OLD_NAMES.get(head, head)
    if level in LEVELS:
        settings = parse_settings(level, rest) if rest else {}
        return ":".join([level, *(f"{key}={value}" for key, value in settings.items())])
    match = _PLUGIN.match(name)
    if match is not None:
        source = match["source"]
        if source.endswith(".py") or _MODULE.match(source):
            return name
    if name in plugin_names():
        return name
    raise UnknownBot(
        f"unknown computer level {name!r}: choose one of {', '.join(LEVELS)}, "
        "module:Class or file.py:Class"
    )


def parse_settings(level: str, text: str) -> dict[str, int | float]:
    """The settings ``key=value:key=value`` of a level; ValueError says which one is wrong."""
    allowed = SETTINGS[level]
    settings: dict[str, int | float] = {}
    for item in text.split(":"):
        key, equals, value = item.partition("=")
        if not equals or key not in allowed:
            known = ", ".join(allowed) or "none"
            raise ValueError(f"{level} has no setting {item!r} (its settings: {known})")
        settings[key] = _positive(allowed[key], key, value)
    return settings


def _positive(kind: type, key: str, text: str) -> int | float:
    try:
        number: int | float = int(text) if kind is int else float(text)
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and number > 0):
        what = "a whole number" if kind is int else "a number"
        raise ValueError(f"{key} must be {what} above 0, not {text!r}")
    return number


def plugin_names() -> tuple[str, ...]:
    """The names of the bots installed packages offer (entry-point group marrakech.bots)."""
    from importlib.metadata import entry_points  # a tenth of the start-up: only when asked

    return tuple(sorted(point.name for point in entry_points(group=ENTRY_POINT_GROUP)))


def is_level(name: str) -> bool:
    """True when a canonical name (``bot_named``) is a built-in level, with or without settings."""
    return name.partition(":")[0] in LEVELS


def describe_levels() -> str:
    """Every level with what it does, for help texts: ``random (plays any legal move), ...``."""
    return ", ".join(f"{level} ({DESCRIPTIONS[level]})" for level in LEVELS)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game with ``game_seed``.

    Distinct for every seat of every game (seats are 0-3), so two computers never share
    their random choices, and the same in the app, the tournament and the tests.
    """
    return game_seed * 8 + seat
