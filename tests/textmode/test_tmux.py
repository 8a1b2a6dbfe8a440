"""The text mode in a real terminal: plain lines under tmux, the prompt on the typing line."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmux_pane import TmuxPane

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[TmuxPane]:
    command = (
        f"env XDG_DATA_HOME={shlex.quote(str(tmp_path))} TERM=xterm-256color "
        f"{shlex.quote(sys.executable)} -m marrakech new --seed 1 --names Ayla,Bo --text; "
        "echo exit=$?; sleep 30"
    )
    pane = TmuxPane(command, width=100, height=30)
    yield pane
    pane.close()


def test_a_turn_in_plain_lines_in_a_terminal(pane: TmuxPane, tmp_path: Path) -> None:
    pane.wait_for("to turn him and roll.\n> ", joined=True)
    assert not pane.alternate_screen()
    pane.type_line("left")
    screen = pane.wait_for("Ayla, lay your yellow carpet", joined=True)
    assert "> left\nAyla turns left, rolls 3, walks to (3,0).\n" in screen
    pane.type_line("1")
    screen = pane.wait_for("Bo, your turn", joined=True)
    assert "Ayla lays a yellow carpet on (1,0)-(2,0)." in screen
    pane.type_line("quit")
    screen = pane.wait_for("exit=0", joined=True)
    assert "Goodbye: the game is saved, and marrakech --text resumes it." in screen
    assert len(list((tmp_path / "marrakech" / "games").glob("*.json"))) == 1


def test_a_line_is_edited_as_in_any_terminal_program(pane: TmuxPane) -> None:
    pane.wait_for("to turn him and roll.\n> ", joined=True)
    pane.tmux("send-keys", "-t", "main", "-l", "leftt")
    pane.keys("BSpace", "Left", "Left")  # the arrows move in the line: "le|ft"
    pane.tmux("send-keys", "-t", "main", "-l", "X")
    pane.keys("BSpace", "Enter")
    screen = pane.wait_for("Ayla, lay your yellow carpet", joined=True)
    assert re.search(r"> left *\nAyla turns left", screen), screen
    pane.tmux("send-keys", "-t", "main", "-l", "boa")
    pane.keys("Tab", "Enter")  # Tab completes a command's name
    pane.wait_for("Row 6:", joined=True)
    pane.keys("Up", "Up")  # Up brings back the lines typed before
    pane.wait_for_last_line("> left")  # an earlier "> left" may still be on the screen
