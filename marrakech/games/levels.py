"""Computer levels and bot names: the one place a name for a computer player is resolved.

The same names serve ``new --bot``, ``tournament --bots``, the new-game screen and save
files. A name is one of:

* a level, ``random``, ``greedy``, ``hard`` or ``expert`` (the names of earlier versions,
  ``easy`` and ``normal``, are still understood);
* a level with settings, ``hard:iterations=100`` or ``hard:budget=0.1:iterations=5000``
  (``SETTINGS`` lists each level's settings);
* an outside bot, ``package.module:Class`` or ``path/to/file.py:Class``;
* the name of an installed package's bot, from the entry-point group ``marrakech.bots``.

``computer_named`` is the one check of a name a person typed, wherever they typed it
(``new --bot``, ``tournament --bots``, ``host --bot``, ``join --bot``, ``--fill``, a
host's ``computer SEAT LEVEL``): the same names, and the same words about a bad one. Where
a typed name would go on to a hosted game's set-up (autosaved, and played on without the
person who typed it), it is asked with ``outside=False``: an outside bot is refused there.
A save file may name an outside bot (``records``), but a saved game never runs its code
by itself: the player names it again to load it (``bots.plugins``).

``seat_bot`` reads a ``--bot SEAT=LEVEL`` option with it. ``bot_named`` gives a name's
canonical spelling; ``marrakech.bots.make_bot`` builds the player it names. This module
only reads names: it imports no bot code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from marrakech.games.language import N_, _, pgettext
from marrakech.games.text import quoted, shown

LEVELS: tuple[str, ...] = ("random", "greedy", "hard", "expert")
"""The computer levels, weakest first."""

DESCRIPTIONS: dict[str, str] = {
    "random": N_("plays any legal move"),
    "greedy": N_("looks one move ahead"),
    "hard": N_("searches a few moves ahead"),
    "expert": N_("searches ahead and watches where Assam is likely to go"),
}
"""What each level does, in a few words for a player (English: shown with ``_``)."""

OLD_NAMES: dict[str, str] = {"easy": "random", "normal": "greedy"}
"""Level names of earlier versions and the level each one means now."""

SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {},
    "hard": {"iterations": int, "budget": float},
    "expert": {"work": int, "time_cap": float},
}
"""Per level, the settings a name may give it and the kind of number each one takes.

hard: ``iterations`` (evaluations per decision) and ``budget`` (its cap in seconds of the
decision's processor time; given alone, the search runs on wall-clock time only). expert:
``work`` (evaluations per decision) and ``time_cap`` (its cap in seconds of the decision's
processor time).
"""

SETTING_LIMITS: dict[str, int | float] = {
    "iterations": 10_000_000,
    "budget": 60.0,
    "work": 10_000_000,
    "time_cap": 60.0,
}
"""The most each setting typed may be: a minute of thought a decision at most, so that no
typo leaves a game waiting for hours (a saved game keeps what it was written with)."""

ENTRY_POINT_GROUP = "marrakech.bots"
"""The entry-point group through which an installed package offers its bots."""

_PLUGIN = re.compile(r"^(?P<source>[^:]+):(?P<cls>[A-Za-z_][A-Za-z0-9_]*)$")
_MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_PLUGIN_SETTINGS = re.compile(r"^(?P<bot>[^:]+:[A-Za-z_][A-Za-z0-9_]*):[^:=]+=.*$")
"""An outside bot's name with one setting or more after it (``mybot.py:Bot:work=5``)."""


NAME_LIMIT = 40
"""The most characters of a name an error message quotes."""

OPTION_LIMIT = 60
"""The most characters of a ``--bot`` option an error message repeats."""

OUTSIDE_REFUSED = N_("a saved game never runs an outside bot's code")
"""Why an outside bot cannot play where a file names the players (as ``records`` says it)."""


class UnknownBot(ValueError):
    """A name that is no level, no ``module:Class`` or ``file.py:Class`` and no installed bot."""


class OutsideBotSettings(ValueError):
    """An outside bot named with settings after its class (only levels take settings)."""


class OutsideBotRefused(ValueError):
    """An outside bot named where a file would name it (see ``computer_named``)."""


def bot_named(name: str, *, limited: bool = False) -> str:
    """The canonical spelling of a computer player's name (see the module); else ValueError.

    Levels and their settings are checked here (``limited``: within ``SETTING_LIMITS``
    too, for a level a person typed; a file keeps what it was written with); an outside
    bot's module or file is only looked for when the bot is built (``bots.make_bot``).
    """
    name = name.strip()
    head, _colon, rest = name.partition(":")
    level = OLD_NAMES.get(head, head)
    if level in LEVELS:
        settings = parse_settings(level, rest, limited=limited) if rest else {}
        return ":".join([level, *(f"{key}={value}" for key, value in settings.items())])
    match = _PLUGIN.match(name)
    if match is not None:
        source = match["source"]
        if source.endswith(".py") or _MODULE.match(source):
            return name
    if name in plugin_names():
        return name
    with_settings = _PLUGIN_SETTINGS.match(name)
    if with_settings is not None and _PLUGIN.match(with_settings["bot"]) is not None:
        raise OutsideBotSettings(
            _("{name}: an outside bot takes no settings (name it as {bot})").format(
                name=_quoted(name), bot=_quoted(with_settings["bot"])
            )
        )
    raise UnknownBot(_unknown(name, outside=True))


def computer_named(
    name: str, *, outside: bool = True, build: Callable[[str], object] | None = None
) -> str:
    """The canonical name of the computer player a person typed (see the module).

    A level, an old level name, a level with settings and, when ``outside`` is true, an
    outside bot (``module:Class``, ``file.py:Class``, an installed bot's name). With
    ``outside=False`` (a file would name the player) an outside bot is refused
    (``OutsideBotRefused``). ``build`` (``marrakech.bots.make_bot``) is given an outside
    bot's name once, so that one which cannot be loaded is refused now, with its reason,
    rather than at its first turn. Every refusal is a ValueError whose message is what
    every command shows after its own prefix: ``UnknownBot`` for a name that is no player,
    a plain ValueError for a bad setting or a bot that cannot be loaded.
    """
    try:
        canonical = bot_named(name, limited=True)
    except UnknownBot:
        raise UnknownBot(_unknown(name.strip(), outside=outside)) from None
    except OutsideBotSettings:
        if outside:
            raise
        raise UnknownBot(_unknown(name.strip(), outside=False)) from None
    if is_level(canonical):
        return canonical
    if not outside:
        raise OutsideBotRefused(
            _(
                "{name} is an outside bot: this game is kept in a file, and {why}; "
                "choose one of {levels}"
            ).format(name=_quoted(canonical), why=_(OUTSIDE_REFUSED), levels=", ".join(LEVELS))
        )
    canonical = _anywhere(canonical)
    if build is not None:
        build(canonical)
    return canonical


def _anywhere(name: str) -> str:
    """An outside bot's name that finds it from any folder: its file's full path (a save
    names the bot as it was chosen, and may be loaded again from elsewhere)."""
    source, _colon, cls = name.rpartition(":")
    if not source.endswith(".py"):
        return name
    return f"{Path(source).expanduser().resolve()}:{cls}"


MOST_PLAYERS = 4
"""The most players a game has (the engine's ``new_game`` takes 2 to 4)."""


def seat_bot(
    entry: str,
    players: int,
    *,
    outside: bool = True,
    build: Callable[[str], object] | None = None,
    more_players: bool = True,
) -> tuple[int, str]:
    """One ``--bot SEAT=LEVEL`` option (``new``, ``host``, ``load``): the seat, from 0, and
    the canonical name of its computer player (``computer_named``, with ``outside`` and
    ``build`` as there). ValueError, beginning ``--bot SEAT=LEVEL: ``, says what is wrong;
    with ``more_players`` (a game being set up), a seat beyond the players suggests
    ``--players``."""
    seat_text, equals, name = entry.partition("=")
    option = f"--bot {shown(entry, OPTION_LIMIT)}"
    if not (equals and seat_text.isascii() and seat_text.isdigit()):
        raise ValueError(_("{option}: write SEAT=LEVEL, as in 2=hard").format(option=option))
    if not 1 <= int(seat_text) <= players:
        if more_players and players < int(seat_text) <= MOST_PLAYERS:
            raise ValueError(
                _("{option}: seats are 1 to {players} (--players {wanted} for more)").format(
                    option=option, players=players, wanted=int(seat_text)
                )
            )
        raise ValueError(
            _("{option}: seats are 1 to {players}").format(option=option, players=players)
        )
    try:
        return int(seat_text) - 1, computer_named(name, outside=outside, build=build)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def _unknown(name: str, *, outside: bool) -> str:
    """What is said of a name that is no computer player: the names there are to choose."""
    choices = ", ".join(LEVELS)
    if outside:
        installed = plugin_names()
        if installed:
            choices = _(
                "{levels}, module:Class, file.py:Class or an installed bot: {installed}"
            ).format(levels=choices, installed=", ".join(installed))
        else:
            choices = _("{levels}, module:Class or file.py:Class").format(levels=choices)
    return _("unknown computer level {name}: choose one of {choices}").format(
        name=_quoted(name), choices=choices
    )


def _quoted(name: str) -> str:
    return quoted(name, NAME_LIMIT)


def parse_settings(level: str, text: str, *, limited: bool = False) -> dict[str, int | float]:
    """The settings ``key=value:key=value`` of a level; ValueError says which one is wrong
    (``limited``: one beyond ``SETTING_LIMITS`` is wrong too)."""
    allowed = SETTINGS[level]
    settings: dict[str, int | float] = {}
    for item in text.split(":"):
        key, equals, value = item.partition("=")
        if not equals or key not in allowed:
            # Translators: a level with no settings lists "none".
            known = ", ".join(allowed) or pgettext("settings", "none")
            raise ValueError(
                _("{level} has no setting {setting} (its settings: {known})").format(
                    level=level, setting=_quoted(item), known=known
                )
            )
        settings[key] = _in_range(allowed[key], key, value, limited)
    return settings


def _in_range(kind: type, key: str, text: str, limited: bool) -> int | float:
    try:
        number: int | float = int(text) if kind is int else float(text)
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and number > 0):
        if kind is int:
            message = _("{key} must be a whole number above 0, not {value}")
        else:
            message = _("{key} must be a number above 0, not {value}")
        raise ValueError(message.format(key=key, value=_quoted(text)))
    limit = SETTING_LIMITS[key]
    if limited and number > limit:
        raise ValueError(
            _("{key} must be at most {limit}, not {value}").format(
                key=key,
                limit=f"{limit:,}" if isinstance(limit, int) else f"{limit:g}",
                value=_quoted(text),
            )
        )
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
    # Translators: a level (a command word, keep it) and what it does.
    return _(", ").join(
        _("{level} ({description})").format(level=level, description=_(DESCRIPTIONS[level]))
        for level in LEVELS
    )


def describe_names(*, outside: bool = True) -> str:
    """The names ``computer_named`` takes, for help texts (``outside`` as there)."""
    if outside:
        return _(
            "{levels}; settings follow a colon (hard:iterations=100); or an outside bot: "
            "module:Class, file.py:Class or an installed bot's name"
        ).format(levels=describe_levels())
    return _("{levels}; settings follow a colon (hard:iterations=100)").format(
        levels=describe_levels()
    )


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game with ``game_seed``.

    Distinct for every seat of every game (seats are 0-3), so two computers never share
    their random choices, and the same in the app, the tournament and the tests.
    """
    return game_seed * 8 + seat


def level_word(level: str) -> str:
    """A computer level's name as a player reads it ("greedy"; a name with settings or an
    outside bot's as it is written)."""
    words = {
        "random": pgettext("level", "random"),
        "greedy": pgettext("level", "greedy"),
        "hard": pgettext("level", "hard"),
        "expert": pgettext("level", "expert"),
    }
    return words.get(level, level)


def computer_label(level: str) -> str:
    """A computer player as the game names it beside a player's name: "hard computer" for
    a level (settings left out), "outside bot MyBot" for an outside bot (``computer_word``)."""
    if is_level(level):
        # Translators: a computer player by its level ("hard computer"), beside its name.
        return _("{level} computer").format(level=computer_word(level))
    # Translators: a computer player of the user's own code, by its class ("outside bot MyBot").
    return _("outside bot {bot}").format(bot=computer_word(level))


def computer_word(level: str) -> str:
    """A computer player in a word: its level ("hard", settings left out), or an outside
    bot's class ("MyBot" for ``path/to/mybot.py:MyBot``), made safe to show."""
    if is_level(level):
        return level_word(level.partition(":")[0])
    return shown(level.rpartition(":")[2] or level, NAME_LIMIT)
