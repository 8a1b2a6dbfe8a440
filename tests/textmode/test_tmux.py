"""The text mode in a real terminal: plain lines under tmux, the prompt on the typing line."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture
def session(tmp_path: Path) -> Iterator[str]:
    name = f"marrakech-text-{os.getpid()}"
    command = (
        f"env XDG_DATA_HOME={shlex.quote(str(tmp_path))} TERM=xterm-256color "
        f"{shlex.quote(sys.executable)} -m marrakech new --seed 1 --names Ayla,Bo --text; "
        "echo exit=$?; sleep 30"
    )
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", command)
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)


def wait_for(name: str, text: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        screen = tmux("capture-pane", "-p", "-J", "-t", name)
        if text in screen:
            return screen
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")
        time.sleep(0.1)


def type_line(name: str, line: str) -> None:
    tmux("send-keys", "-t", name, "-l", line)  # literally: "left" is no key name here
    tmux("send-keys", "-t", name, "Enter")


def test_a_turn_in_plain_lines_in_a_terminal(session: str, tmp_path: Path) -> None:
    wait_for(session, "type left, right or ahead to turn him and roll.\n> ")
    assert tmux("display-message", "-p", "-t", session, "#{alternate_on}").strip() == "0"
    type_line(session, "left")
    screen = wait_for(session, "Ayla, lay your yellow carpet")
    assert "> left\nAyla turns left, rolls 3, walks to (3,0).\n" in screen
    type_line(session, "1")
    screen = wait_for(session, "Bo, your turn.")
    assert "Ayla lays a yellow carpet on (1,0)-(2,0)." in screen
    type_line(session, "quit")
    screen = wait_for(session, "exit=0")
    assert "Goodbye: the game is saved, and marrakech --text resumes it." in screen
    assert len(list((tmp_path / "marrakech" / "games").glob("*.json"))) == 1
