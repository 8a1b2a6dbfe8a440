"""One turn in a real terminal: the game runs under tmux, keys go in, the screen is read."""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmux_pane import TmuxPane, marrakech_pane

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[TmuxPane]:
    pane = marrakech_pane(tmp_path, "new", "--players", "2", "--seed", "1")
    yield pane
    pane.close()


def test_a_whole_turn_in_tmux(pane: TmuxPane, tmp_path: Path) -> None:
    before = pane.wait_for("Player 1: Assam will go straight on")
    assert "▶ Player 1" in before
    assert "▲·" in before  # Assam in the middle, facing north

    pane.keys("Left")  # his arrow turns at once, before the roll
    turned = pane.wait_for("Assam will go left, to the")
    assert "◀·" in turned and "▲·" not in turned
    pane.keys("Enter")  # roll: seed 1 rolls a 3
    rolled = pane.wait_for("lay your")
    assert "Player 1 turns left, rolls 3, walks to" in rolled
    assert "◀·" in rolled  # Assam now faces west
    assert "░" in rolled  # the ghost carpet next to him

    pane.keys("Enter")  # lay it
    after = pane.wait_for("Player 2: Assam will go straight on")
    assert "▶ Player 2" in after
    assert "2 squares" in after  # Player 1's carpet shows both halves
    assert "lays a" in after
    assert len(list((tmp_path / "marrakech" / "games").glob("*.json"))) == 1

    pane.keys("C-q")
    pane.wait_for("Quit the game?")


def test_enter_resumes_an_unfinished_game(tmp_path: Path) -> None:
    first = marrakech_pane(tmp_path, "new", "--players", "2", "--seed", "1")
    try:
        first.wait_for("Player 1: Assam will go straight on")
        first.keys("Left")
        first.wait_for("Assam will go left")
        first.keys("Enter")
        first.wait_for("lay your")
        first.keys("Enter")
        first.wait_for("Player 2: Assam will go straight on")
        first.keys("C-q")
        first.wait_for("Quit the game?")
        first.keys("y")  # quit (Enter would keep playing); the game stays autosaved
        first.wait_for_exit(timeout=10)
    finally:
        first.close()
    again = marrakech_pane(tmp_path)
    try:
        again.wait_for("Resume the unfinished game")
        again.keys("Enter")  # Resume is the focused default
        again.wait_for("Player 2: Assam will go straight on")
        resumed = again.wait_for("Player 1 turns left, rolls 3")
        assert "Player 1 turns left, rolls 3" in resumed, resumed
    finally:
        again.close()


def test_the_end_screen_closes_to_show_the_final_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from marrakech.bots import make_bot
    from marrakech.engine import Phase
    from marrakech.games import storage
    from marrakech.games.session import GameSetup, Session

    session = Session(GameSetup(2, seed=6))
    bot = make_bot("greedy", seed=6)
    while not (
        session.state.phase is Phase.PLACE
        and sum(len(player.pile) for player in session.state.players) == 1
    ):
        session.play(bot.choose(session.state))
        if session.state.phase is Phase.ROLL:
            session.roll()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    storage.save_named("last carpet", session)
    pane = marrakech_pane(tmp_path, "load", "last carpet")
    try:
        pane.wait_for("lay your")
        pane.keys("Enter")  # the last carpet of the game
        pane.wait_for("The market closes")
        time.sleep(1.0)  # the results take keys a moment after they open (SETTLE_SECONDS)
        pane.keys("Escape")
        board = pane.wait_for("the game is over")
        assert "The market closes" not in board
        assert "Results" in board.splitlines()[-1]  # the footer offers them again
        pane.keys("Enter")
        pane.wait_for("The market closes")
    finally:
        pane.close()


def test_a_kill_leaves_the_terminal_as_quitting_does(tmp_path: Path) -> None:
    # A shell after the app shows the terminal it left.
    pane = marrakech_pane(tmp_path, "new", "--seed", "1", then="echo ended $?; sleep 60")
    try:
        pane.wait_for("Player 1: Assam will go straight on")
        assert pane.alternate_screen()
        shell = pane.pid()
        children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
        os.kill(int(children[0]), signal.SIGTERM)
        pane.wait_for("ended 0")
        assert not pane.alternate_screen()
    finally:
        pane.close()
