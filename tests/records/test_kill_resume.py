"""Kill the real app with SIGKILL in the middle of a game and resume it from the autosave.

The app runs in tmux (on a private tmux server) with XDG_DATA_HOME pointing at a temporary
directory. It is started as ``python -m marrakech`` with this interpreter (what
``uv run marrakech`` runs) so that the pane's process is the app itself and SIGKILL hits it.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tmux_pane import TmuxPane, marrakech_pane

from marrakech.engine import Phase
from marrakech.games import narrate
from marrakech.games.dice import die_roll
from marrakech.games.records import SaveFileError, turn_notation
from marrakech.games.session import Session
from marrakech.games.storage import load_game
from marrakech.tui.screens.game import HANDOVER_SECONDS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux"),
]

TIMEOUT = 20.0


class App:
    """The app in a tmux pane, started again as often as a test needs, and its saved games."""

    def __init__(self, data_home: Path) -> None:
        self.data_home = data_home
        self.games = data_home / "marrakech" / "games"
        self.panes: list[TmuxPane] = []

    @property
    def autosave(self) -> Path:
        """The autosave file of the one game played (each game has its own file)."""
        files = sorted(self.games.glob("*.json")) if self.games.is_dir() else []
        return files[0] if len(files) == 1 else self.games / "none.json"

    @property
    def pane(self) -> TmuxPane:
        """The pane of the latest start (each start gets a fresh tmux server)."""
        return self.panes[-1]

    def start(self, *arguments: str) -> None:
        self.panes.append(marrakech_pane(self.data_home, *arguments, width=150, height=45))

    def wait_for_text(self, text: str) -> None:
        self.pane.wait_for(text, TIMEOUT)

    def saved(self) -> Session | None:
        try:
            return load_game(self.autosave)
        except SaveFileError:
            return None

    def wait_for_actions(self, count: int) -> Session:
        def done() -> bool:
            session = self.saved()
            return session is not None and len(session.actions) == count

        _wait(done, f"{count} actions in the autosave", self.pane.screen)
        session = self.saved()
        assert session is not None
        return session


def left_column(screen: str) -> str:
    """What the screen shows left of the side panel (its "▊" edge): the market, the status
    and the log, without the panel's words that share their lines."""
    lines = screen.splitlines()
    edge = min((line.index("▊") for line in lines if "▊" in line), default=None)
    return "\n".join(line[:edge] for line in lines)


def _wait(ready: Callable[[], bool], what: str, screen: Callable[[], str]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}; the screen:\n{screen()}")
        time.sleep(0.1)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    runner = App(tmp_path / "xdg-data")
    try:
        yield runner
    finally:
        for pane in runner.panes:
            pane.close()


def _play_turn(app: App, turn_key: str, actions_before: int, lay: bool = True) -> Session:
    """Orient, roll and (optionally) lay the suggested carpet; wait for each autosave."""
    app.wait_for_text("Enter rolls")
    if actions_before:  # a hand-over: the next person's Enter rolls after a moment only
        time.sleep(HANDOVER_SECONDS + 0.2)
    app.pane.keys(turn_key)
    app.pane.keys("Enter")
    session = app.wait_for_actions(actions_before + 2)
    if not lay:
        return session
    app.wait_for_text("lay your")
    app.pane.keys("Enter")
    return app.wait_for_actions(actions_before + 3)


def test_a_killed_game_resumes_at_the_last_completed_action(app: App) -> None:
    app.start("new", "--players", "2", "--seed", "5")
    _play_turn(app, "Left", 0)
    _play_turn(app, "Up", 3)
    saved = _play_turn(app, "Right", 6, lay=False)
    assert saved.state.phase is Phase.PLACE
    rolls = [die_roll(5, k) for k in range(3)]
    moves = turn_notation(saved.actions)
    assert [move[:2] for move in moves] == [f"L{rolls[0]}", f"S{rolls[1]}", f"R{rolls[2]}"]
    app.wait_for_text("lay your")
    content = app.autosave.read_bytes()
    pid = app.pane.pid()
    if Path("/proc").is_dir():
        assert b"marrakech" in Path(f"/proc/{pid}/cmdline").read_bytes()
    os.kill(pid, signal.SIGKILL)
    app.pane.wait_for_exit(TIMEOUT)

    assert app.autosave.read_bytes() == content
    game = app.autosave.stem
    assert sorted(p.name for p in app.games.iterdir()) == [f"{game}.json", f"{game}.lock"]

    app.start()
    app.wait_for_text("Resume the unfinished game of Player 1 and Player 2?")
    app.pane.keys("y")
    app.wait_for_text("lay your")
    log = narrate.game_log(saved.transitions, saved.setup.names)
    _wait(
        lambda: all(line in " ".join(left_column(app.pane.screen()).split()) for line in log),
        f"the game log {log}",  # (wrapped: read as one run of words)
        app.pane.screen,
    )

    app.pane.keys("Enter")
    resumed = app.wait_for_actions(len(saved.actions) + 1)
    assert resumed.actions[: len(saved.actions)] == saved.actions
    assert resumed.states[: len(saved.states)] == saved.states
