"""The message catalogue: complete in every language, nothing unused, compiled, and the
language chosen the documented way."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from project_scripts import script

from marrakech.games import language

ROOT = Path(__file__).parents[1]


def test_every_message_is_translated_used_and_compiled() -> None:
    assert script("catalogue").problems() == []


def test_the_game_speaks_every_language_it_lists() -> None:
    for code in language.LANGUAGES:
        assert language.use(code) == code
    assert language.use(language.ENGLISH) == "en"


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def test_an_unknown_language_is_english(english_after: None) -> None:
    assert language.use("tlh") == "en"
    assert language.choose("xx", None) in language.LANGUAGES
    assert language.known("ja_JP.UTF-8") == "ja"
    assert language.known("pt_BR") is None


@pytest.mark.parametrize(
    ("environ", "spoken"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "ja:en"}, "ja"),
        ({"LANG": "C", "LANGUAGE": "ja"}, "ja"),
    ],
)
def test_the_locale_decides_when_nothing_else_does(environ: dict[str, str], spoken: str) -> None:
    assert language.from_locale(environ) == spoken


def test_the_asked_language_beats_the_setting_which_beats_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert language.choose(None, None) == "ja"
    assert language.choose(None, "en") == "en"
    assert language.choose("ja", "en") == "ja"
    assert language.choose("klingon", "en") == "en"


# -- no player-facing English outside the catalogue ---------------------------------------

PACKAGE = ROOT / "marrakech"

ENGLISH_FILES = {
    "engine": "the rules engine speaks English only; games/reasons.py says its refusals",
    "tournament_cli.py": "the tournament is a tool for bot authors",
    "bots/tournament.py": "the tournament is a tool for bot authors",
    "bots/workers.py": "the tournament's worker processes: a tool for bot authors",
    "net/protocol.py": "the wire's own words (tokens, errors for client programs)",
    "games/records.py": "the save document: the exported log is a document in English, and "
    "a broken file's errors name its JSON fields (the sentence around them is translated)",
}
"""Files whose English strings are not for players, with why."""

ENGLISH_STRINGS = {
    # English by design: the exported log's words, beside their translated twins.
    "games/words.py": {
        "visible square",
        "unfinished game",
        "other unfinished game",
        "Final scores:",
        ": bankrupt, out of the game",
    },
    # A program's name before its message, as command-line tools write it.
    "cli.py": {"marrakech new: "},
    "textmode/replay.py": {"marrakech replay: "},
    "textmode/start.py": {"marrakech load: "},
    # Textual's own palette commands, by the help Textual gives them (their translations
    # are the game's own words beside them).
    "tui/app.py": {
        "Change the current theme",
        "Quit the application as soon as possible",
        "Hide the keys and widget help panel",
        "Show help for the focused widget and a summary of available keys",
        "Minimize the widget and restore to normal size",
        "Maximize the focused widget",
        "Save an SVG 'screenshot' of the current screen",
    },
    # A setting of the readline library, not words.
    "textmode/terminal.py": {"tab: complete", "bind ^I rl_complete", "libedit"},
    # Commands a player types, which stay the same in every language.
    "net/hosting.py": {"marrakech join ", "not a host file of this version"},
    "net/running.py": {"marrakech host --resume "},
    "web.py": {"pip install 'marrakech[web]'", "uv sync --extra web"},
    # For programmers: a bot's settings, broken invariants, the log, closing codes.
    "bots/expert.py": {
        "the expert bot has nothing to choose in phase ",
        "work must be 0 or more evaluations, not ",
        "time_cap must be positive seconds, not ",
        "the expert searches no ",
    },
    "bots/hard.py": {
        " s (time only)",
        "the hard bot has nothing to choose in phase ",
        "budget must be positive seconds, not ",
        "iterations must be at least 1, not ",
    },
    "bots/plugins.py": {"outside bot, ", " s a decision, its own name '", "took longer than "},
    "bots/simple.py": {"greedy has nothing to choose in phase "},
    "flow/game.py": {"a computer seat needs a level"},
    "games/autosaves.py": {"marrakech host --resume "},  # a command, said as it is typed
    "flow/recap.py": {"a turn has at least one action"},
    "games/session.py": {
        "must be a string, not ",
        "a game is for 2 to 4 players, not ",
        " names given for ",
        " seat kinds given for ",
        "the seed must be a whole number below 2**64, not ",
        "the first seat must be 0-",
        "the start position has ",
        " seats; the set-up is for ",
        "the start position plays the ",
        " rules; the set-up the ",
        "cannot roll ",
        " of this game is ",
        " (the die stream is fixed)",
        "unknown seat kind ",
        "alternating piles are for 2 players, not ",
        ": only 2 players have piles of two colours",
    },
    "net/host.py": {
        "the host failed on a message",
        "the host failed to play a computer seat",
        "the seat was joined from elsewhere",
    },
    "net/server.py": {"no hello"},
    "net/replica.py": {"the die is the host's: ask it to roll with play(None)"},
    "textmode/online.py": {"text input"},
    # Textual's style classes.
    "tui/screens/results.py": {"dim strike", "dim italic"},
    "tui/screens/summary.py": {"dim italic"},
    "tui/screens/setup.py": {"row option"},
}
"""English strings allowed in the other files, by file."""

CATALOGUE_CALLS = frozenset({"_", "ngettext", "pgettext", "N_"})
PROSE = re.compile(r"[A-Za-z]{2,}[,;:]?\s+[a-z]{2,}")
"""Two words in a row: a phrase, as opposed to a name, a key or a token."""


def _english_strings(source: str) -> Iterator[tuple[int, str]]:
    """Each string constant of the code that reads as English words: not a docstring, not
    a message of the catalogue, not an assertion's, not a stylesheet."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # docstrings, of modules, classes and attributes
        elif isinstance(node, ast.Call):
            called = node.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
            if name in CATALOGUE_CALLS:
                skipped.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, ast.Assert) and node.msg is not None:
            skipped.update(id(inner) for inner in ast.walk(node.msg))  # for programmers
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id in ("CSS", "DEFAULT_CSS")
            for target in node.targets
        ):
            skipped.update(id(inner) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and PROSE.search(node.value)
        ):
            yield node.lineno, node.value


def test_no_player_facing_english_is_left_outside_the_catalogue() -> None:
    left: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if any(name == file or name.startswith(file + "/") for file in ENGLISH_FILES):
            continue
        allowed = ENGLISH_STRINGS.get(name, set())
        for line, text in _english_strings(path.read_text(encoding="utf-8")):
            if text not in allowed:
                left.append(f"marrakech/{name}:{line}: {text!r}")
    assert left == [], "English outside the catalogue (wrap it in _() or N_()):\n" + "\n".join(left)


def test_the_english_scan_finds_english() -> None:
    source = (
        'def f():\n    """Doc string here."""\n    return ("Roll the die", _("Lay a carpet"))\n'
    )
    assert list(_english_strings(source)) == [(3, "Roll the die")]
