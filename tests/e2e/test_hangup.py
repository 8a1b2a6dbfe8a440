"""A closed terminal ends the app, even when leaving gets stuck on the terminal that is
gone: the game is autosaved already, and no process is left behind asleep."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from tmux_pane import TmuxPane

STUCK = (
    "from marrakech.tui.app import MarrakechApp\n"
    "MarrakechApp.exit = lambda self, *args, **kwargs: None  # leaving never finishes\n"
    "from marrakech.cli import main\n"
    "main(['new', '--seed', '5'])\n"
)


def ended(pid: int) -> bool:
    """Whether the process is gone (or a zombie nobody has reaped yet)."""
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return True


@pytest.mark.slow
def test_an_app_stuck_leaving_a_closed_terminal_ends_all_the_same(tmp_path: Path) -> None:
    command = (
        f"env XDG_DATA_HOME={shlex.quote(str(tmp_path))} TERM=xterm-256color "
        f"{shlex.quote(sys.executable)} -c {shlex.quote(STUCK)}"
    )
    pane = TmuxPane(command, width=100, height=30)
    try:
        pane.wait_for("Player 1")
        pid = pane.pid()
    finally:
        pane.close()  # the terminal goes: the app is sent SIGHUP
    time.sleep(1)
    assert not ended(pid)  # it could not leave by itself
    deadline = time.monotonic() + 30
    while not ended(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ended(pid), "the app was left running after its terminal closed"
