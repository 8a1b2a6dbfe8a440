"""A command in a real terminal: a detached tmux session on a private tmux server.

Each pane starts its own server (``tmux -L``, no config file) and ``close`` stops it, so
panes never share a server: on the shared default server a session killed at the end of
one test can take the server down while the next test's ``new-session`` is connecting.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class TmuxPane:
    """One shell command running in a ``width`` x ``height`` pane; keys in, screen out."""

    def __init__(self, command: str, width: int = 80, height: int = 24) -> None:
        self.socket = f"marrakech-test-{uuid.uuid4().hex[:12]}"
        self.tmux("new-session", "-d", "-s", "main", "-x", str(width), "-y", str(height), command)
        self.socket_path = Path(self.tmux("display-message", "-p", "#{socket_path}").strip())

    def tmux(self, *args: str) -> str:
        """Run one tmux command on this pane's server and return what it printed."""
        command = ["tmux", "-L", self.socket, "-f", os.devnull, *args]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise AssertionError(f"{shlex.join(command)} failed: {result.stderr.strip()}")
        return result.stdout

    def screen(self, joined: bool = False) -> str:
        """The visible screen; ``joined`` undoes the terminal's wrapping of long lines."""
        return self.tmux("capture-pane", "-p", *(["-J"] if joined else []), "-t", "main")

    def wait_for(self, text: str, timeout: float = 20.0, joined: bool = False) -> str:
        """Wait until ``text`` is on the screen and return the screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen(joined)
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")
            time.sleep(0.1)

    def wait_for_last_line(self, line: str, timeout: float = 20.0) -> str:
        """Wait until the screen's last line with text on it is ``line``; return the screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen(joined=True)
            if screen.rstrip().splitlines()[-1:] == [line]:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the last line never became {line!r}; the screen was:\n{screen}"
                )
            time.sleep(0.1)

    def wait_for_exit(self, timeout: float = 20.0) -> None:
        """Wait until the command has ended (its session closes with it)."""
        deadline = time.monotonic() + timeout
        while self.running():
            if time.monotonic() > deadline:
                raise AssertionError(f"the command did not end; the screen was:\n{self.screen()}")
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        """Press keys by tmux name (``Enter``, ``Left``, ``C-q``)."""
        self.tmux("send-keys", "-t", "main", *keys)

    def type_line(self, line: str) -> None:
        """Type ``line`` literally (``left`` is not a key name here) and press Enter."""
        self.tmux("send-keys", "-t", "main", "-l", line)
        self.keys("Enter")

    def running(self) -> bool:
        """True while the command runs (its session ends when it exits)."""
        command = ["tmux", "-L", self.socket, "has-session", "-t", "main"]
        return subprocess.run(command, capture_output=True, check=False).returncode == 0

    def pid(self) -> int:
        """The process id of the command in the pane."""
        return int(self.tmux("display-message", "-p", "-t", "main", "#{pane_pid}").strip())

    def alternate_screen(self) -> bool:
        """True while the program in the pane draws on the terminal's alternate screen."""
        return self.tmux("display-message", "-p", "-t", "main", "#{alternate_on}").strip() == "1"

    def close(self) -> None:
        """Stop the command and this pane's tmux server, and remove the server's socket."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)
        self.socket_path.unlink(missing_ok=True)


def marrakech_pane(
    data_home: Path, *arguments: str, width: int = 80, height: int = 24, then: str = ""
) -> TmuxPane:
    """A pane running ``marrakech ARGUMENTS`` with its data in ``data_home``.

    It runs this interpreter's ``python -m marrakech`` (what ``uv run marrakech`` runs) as
    the pane's own process, so ``pid`` is the app's; given ``then``, a shell command to run
    after it, the app is the shell's child instead. tmux would hand the pane the test
    process's COLUMNS and LINES: they are dropped.
    """
    environment = [
        "env",
        "-u",
        "COLUMNS",
        "-u",
        "LINES",
        f"XDG_DATA_HOME={data_home}",
        "TEXTUAL_ANIMATIONS=none",
        "TERM=xterm-256color",
    ]
    command = [*environment, sys.executable, "-m", "marrakech", *arguments]
    run = f"{shlex.join(command)}; {then}" if then else f"exec {shlex.join(command)}"
    return TmuxPane(f"cd {shlex.quote(str(ROOT))} && {run}", width, height)
