"""The first two lessons in a real terminal (tmux, 80x24): the keys a learner presses, the
words they read."""

from __future__ import annotations

import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmux_pane import ROOT, TmuxPane

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

OPEN_THE_LESSONS = "from marrakech.tui.app import MarrakechApp; MarrakechApp(tutorial=True).run()"
"""What ``marrakech tutorial`` runs."""


@pytest.fixture
def pane(home: Path) -> Iterator[TmuxPane]:
    command = [
        "env",
        "-u",
        "COLUMNS",
        "-u",
        "LINES",
        f"XDG_CONFIG_HOME={home / 'config'}",
        f"XDG_DATA_HOME={home / 'data'}",
        "TEXTUAL_ANIMATIONS=none",
        "TERM=xterm-256color",
        sys.executable,
        "-c",
        OPEN_THE_LESSONS,
    ]
    pane = TmuxPane(f"cd {shlex.quote(str(ROOT))} && exec {shlex.join(command)}", 80, 24)
    yield pane
    pane.close()


def test_the_first_two_lessons_in_a_terminal(pane: TmuxPane) -> None:
    pane.wait_for("Lesson 1 of 6: Your turn")
    pane.wait_for("← → ↑ pick a way, Enter rolls.")  # the step's line may come a frame later
    pane.keys("Down")
    pane.wait_for("✗ Assam never turns round")
    pane.keys("Left")
    pane.wait_for("will go left, to the west.")
    pane.keys("Enter")
    screen = pane.wait_for("✓ The die showed 2")
    assert "(3,1)" in screen
    pane.keys("Enter")
    pane.wait_for("Step 2 of 2")
    pane.keys("Up", "Up", "Up", "Enter")
    pane.wait_for("✗ Not allowed: a carpet")
    pane.keys("Down", "Down", "Enter")
    pane.wait_for("✓ Your first carpet is down!")
    pane.keys("Enter")
    pane.wait_for("Lesson 2 of 6: The edge of")
    pane.wait_for("Enter rolls the die.")  # the step's line may be drawn a frame after
    pane.keys("Enter")
    pane.wait_for("✓ The die showed 3. He walked")
    screen = pane.wait_for("(1,5)")  # the lesson's panel may be drawn a frame after its line
    assert "(0,5)" in screen
    pane.keys("Enter", "Enter")
    screen = pane.wait_for("✓ The die showed 3. In the")
    assert "(0,6)" in screen
    pane.keys("Escape")
    pane.wait_for_exit()
