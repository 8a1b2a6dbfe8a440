"""docs/text-mode.md is the interface for programs: every command it lists is understood,
and every command the game knows is listed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from marrakech.games.session import GameSetup, Session
from marrakech.textmode.commands import COMMAND_WORDS, parse
from marrakech.textmode.game import (
    AIMING_LINES,
    HELP_HEADING,
    HERE_LINES,
    HOST_LINES,
    JOINED_LINES,
    LAYING_LINE,
    LOOKING_LINES,
    TURNING_LINES,
    TextGame,
)
from marrakech.textmode.loop import play

DOC = Path(__file__).parents[2] / "docs" / "text-mode.md"


def command_table() -> list[tuple[list[str], str]]:
    """The rows of the doc's table of commands: the forms listed, and what it says."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        forms = re.findall(r"`([^`]+)`", cells[0] + " " + cells[1])
        rows.append((forms, cells[2]))
    return rows


FORMS = [form for forms, _ in command_table() for form in forms]


def test_the_doc_lists_every_command() -> None:
    listed = {form.split(" ")[0] for form in FORMS}
    assert set(COMMAND_WORDS) <= listed
    assert {"3", "c2.3-2.4"} <= listed  # a carpet by its number, and in the notation


@pytest.mark.parametrize("form", FORMS)
def test_every_form_in_the_doc_is_understood(form: str) -> None:
    parse(form)  # raises CommandError for a line that is no command


def test_forms_listed_together_mean_the_same() -> None:
    for forms, _ in command_table():
        assert len({parse(form) for form in forms}) == 1, forms


def test_the_help_names_every_command() -> None:
    every_line = (
        HELP_HEADING,
        *TURNING_LINES,
        *AIMING_LINES,
        LAYING_LINE,
        *LOOKING_LINES,
        *HERE_LINES,
    )
    help_text = " ".join((*every_line, *HOST_LINES, *JOINED_LINES))
    for word in COMMAND_WORDS:
        assert re.search(rf"\b{word}\b", help_text), word
    assert "c2.3-2.4" in help_text


def test_the_example_session_is_what_the_game_prints() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("its input typed after each `>`:\n\n```\n", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    typed = [line for index, line in enumerate(lines) if _typed(lines, index)]
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=1)
    out = io.StringIO()
    assert (
        play(TextGame.local(Session(setup)), io.StringIO("".join(f"{t}\n" for t in typed)), out)
        == 0
    )
    printed = out.getvalue().splitlines()
    assert printed == [line for index, line in enumerate(lines) if not _typed(lines, index)]


def _typed(lines: list[str], index: int) -> bool:
    """True for a line of the example that the player typed (it follows a prompt)."""
    return index > 0 and lines[index - 1] == ">"
