"""Whole games through a pipe: ``python -m marrakech ... --text`` with scripted input."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from marrakech.engine import Place
from marrakech.games import storage
from marrakech.games.dice import SeededDie
from marrakech.textmode.loop import INTERRUPTED

pytestmark = pytest.mark.slow

BAD_ANYWHERE = ("hello", "", "aim sideways", "square 9 9", "\x1b[2J")
"""Lines that are no command in any position."""


def marrakech(data_home: Path, *argv: str, given: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "marrakech", *argv],
        input=given,
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_DATA_HOME": str(data_home.parent)},
        timeout=120,
        check=False,
    )


def test_a_person_against_the_computer_plays_a_whole_game_by_carpet_numbers(
    data_home: Path,
) -> None:
    turns = [f"{bad}\nroll\n{bad}\n1\n" for bad in BAD_ANYWHERE] + ["roll\n1\n"] * 40
    result = marrakech(
        data_home, "new", "--seed", "4", "--bot", "2=greedy", "--text", given="".join(turns)
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert "\x1b" not in result.stdout
    assert lines[:3] == [
        "Player 1 plays red and yellow.",
        "Player 2 (greedy computer) plays blue and green.",
        "Type help for the commands.",
    ]
    assert "Unknown command 'hello'. Now: left, right or ahead; help lists every command." in lines
    assert any(
        line.startswith(
            "Unknown command '\\x1b[2J'. Now: a carpet's number from legal, or the carpet "
            "written like c"
        )
        for line in lines
    )
    over = [line for line in lines if line.startswith("The game is over: ")]
    assert len(over) == 1 and lines.index(over[0]) > len(lines) - 5
    (finished,) = (data_home / "history").glob("*.json")
    assert list((data_home / "games").glob("*.json")) == []
    actions = storage.load_game(finished).actions
    laid = [line for line in lines if " lays a " in line]
    assert len(laid) == sum(isinstance(action, Place) for action in actions)


def test_without_a_terminal_the_text_mode_is_chosen_and_said_on_stderr(data_home: Path) -> None:
    result = marrakech(data_home, "new", "--seed", "1", given="quit\n")
    assert result.returncode == 0
    assert result.stderr == (
        "marrakech: standard input or output is not a terminal: playing in text mode "
        "(see docs/text-mode.md).\n"
    )
    assert result.stdout.splitlines()[-1] == (
        "Goodbye: nothing was played here, so there is nothing new to resume."
    )


def test_a_game_left_at_the_end_of_the_input_is_resumed_and_saved_games_load(
    data_home: Path,
) -> None:
    first = marrakech(data_home, "new", "--seed", "2", "--text", given="left\n1\nsave friday\n")
    assert first.returncode == 0
    assert first.stdout.splitlines()[-1] == (
        "The input has ended. Goodbye: the game is saved, and marrakech --text resumes it."
    )
    resumed = marrakech(data_home, "--text", given="log\nquit\n")
    lines = resumed.stdout.splitlines()
    assert lines[0] == "Resuming the unfinished game of Player 1 and Player 2 (1 turn played)."
    assert lines[1] == "A new game instead: quit, then marrakech new --text."
    assert lines[-3].startswith("Turn 1: Player 1 turns left, rolls ")  # the log, then the prompt
    loaded = marrakech(data_home, "load", "friday", "--text", given="scores\n")
    assert loaded.returncode == 0
    assert "Player 2, your turn" in loaded.stdout
    missing = marrakech(data_home, "load", "nowhere", "--text")
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr.count("\n") == 1


def test_ctrl_c_ends_cleanly_and_keeps_the_game(data_home: Path) -> None:
    game = subprocess.Popen(
        [sys.executable, "-m", "marrakech", "new", "--seed", "3", "--text"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "XDG_DATA_HOME": str(data_home.parent)},
        # A runner started in the background ignores SIGINT, and a child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert game.stdin is not None and game.stdout is not None
    game.stdin.write("left\n")
    game.stdin.flush()
    prompts = 0
    while prompts < 2:
        prompts += game.stdout.readline() == ">\n"
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=60)
    assert game.returncode == INTERRUPTED
    assert out.splitlines()[-1] == (
        "Interrupted. Goodbye: the game is saved, and marrakech --text resumes it."
    )
    assert "Traceback" not in err
    assert len(list((data_home / "games").glob("*.json"))) == 1


def test_an_unfinished_game_that_cannot_be_resumed_is_said_with_its_reason(
    data_home: Path,
) -> None:
    games = data_home / "games"
    games.mkdir(parents=True, exist_ok=True)
    (games / "odd\x1b[31m.json").write_text('{"format": "nonsense"')
    result = marrakech(data_home, "--text", given="quit\n")
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("An unfinished game cannot be resumed: odd\\x1b[31m.json: ")
    assert "\x1b" not in result.stdout
    assert (games / "odd\x1b[31m.json").read_text() == '{"format": "nonsense"'


def test_a_save_opened_after_its_game_rolled_on_does_not_roll_what_was_seen(
    data_home: Path,
) -> None:
    # Saved before the roll, then the game rolls on; the save opened again rolls the next
    # draw of the die, not the one seen, whatever way Assam is turned then.
    saved = marrakech(data_home, "new", "--seed", "7", "--text", given="save before\nleft\n")
    seen = re.search(r"rolls (\d)", saved.stdout)
    assert seen is not None
    loaded = marrakech(data_home, "load", "before", "--text", given="right\nquit\n")
    rolled = re.search(r"Player 1 turns right, rolls (\d)", loaded.stdout)
    assert rolled is not None
    die = SeededDie(7)  # draws 2, then 4
    assert (int(seen[1]), int(rolled[1])) == (die.roll(0), die.roll(1))
