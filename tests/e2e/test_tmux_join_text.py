"""A network game in lines at a real terminal: the typing line is edited as at one
keyboard, and what the table says meanwhile is written above it."""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from tmux_pane import ROOT, TmuxPane, marrakech_pane

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def last_line(screen: str) -> str:
    return screen.rstrip().splitlines()[-1].rstrip()


def test_a_joined_player_edits_their_line_and_the_table_writes_above_it(tmp_path: Path) -> None:
    port = str(free_port())
    host = marrakech_pane(
        tmp_path / "host",
        *("host", "--headless", "--bot", "2=greedy", "--pause", "3", "--port", port),
        width=120,
    )
    try:
        heading = host.wait_for("seat 1: marrakech join", joined=True)
        join_line = next(line for line in heading.splitlines() if line.startswith("seat 1: "))
        address, code = join_line.split()[-2:]
        # The pane stays once the program has ended, so that its last lines can be read.
        player = marrakech_pane(
            tmp_path / "ayla", "join", address, code, "--text", width=150, then="sleep 60"
        )
        try:
            player.wait_for("to turn him and roll.", joined=True)
            player.tmux("send-keys", "-t", "main", "-l", "rigt")
            player.keys("Left")  # the arrow moves in the line: h goes before the t
            player.type_line("h")
            player.wait_for("Player 1 turns right.")
            player.wait_for(", lay your")
            player.type_line("1")
            player.wait_for("Player 1 lays a ")
            # Typed while the computer plays: its moves are written above the line typed.
            player.tmux("send-keys", "-t", "main", "-l", "sco")
            player.wait_for("Player 2 lays a")
            screen = player.wait_for_last_line("> sco")
            assert screen.count("Player 1, your turn") == 2  # said after the computer's turn
            assert last_line(screen) == "> sco"
            player.type_line("res")
            assert "> scores\n" in player.wait_for("carpets left, the next")
            player.wait_for_last_line(">")  # the prompt again: keys before it would be echoed
            player.keys("C-u", "Up", "Up")  # the lines typed before come back
            player.wait_for_last_line("> 1")
            player.keys("C-u", "C-d")
            ended = player.wait_for("The input has ended.", joined=True)
            assert any(line.startswith("The input has ended.") for line in ended.splitlines())
        finally:
            player.close()
    finally:
        host.close()


def test_a_joined_line_ended_from_elsewhere_gives_the_terminal_back_as_it_was(
    tmp_path: Path,
) -> None:
    # The game ends while a line is half typed (the seat is taken from another terminal):
    # the half line goes, and the shell after it shows what is typed (readline's own
    # terminal settings would hide it).
    port = str(free_port())
    host = marrakech_pane(tmp_path / "host", "host", "--headless", "--port", port, width=120)
    shell = TmuxPane(f"cd {shlex.quote(str(ROOT))} && env PS1='shell$ ' bash --norc --noprofile")
    try:
        heading = host.wait_for("seat 1: marrakech join", joined=True)
        join_line = next(line for line in heading.splitlines() if line.startswith("seat 1: "))
        address, code = join_line.split()[-2:]
        shell.wait_for_last_line("shell$")
        join = [sys.executable, "-m", "marrakech", "join", address, code, "--text"]
        shell.type_line(f"XDG_DATA_HOME={tmp_path / 'ayla'} {shlex.join(join)}")
        shell.wait_for("to turn him")
        shell.tmux("send-keys", "-t", "main", "-l", "lef")
        shell.wait_for_last_line("> lef")
        subprocess.run(
            join,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "elsewhere")},
            timeout=60,
            check=False,
        )
        shell.wait_for("Your seat was taken from another terminal.")
        screen = shell.wait_for_last_line("shell$")
        assert "> lef" not in screen
        shell.type_line("echo seen")
        assert "shell$ echo seen\n" in shell.wait_for("\nseen\n")  # the command shows
    finally:
        shell.close()
        host.close()


def test_a_seat_a_computer_plays_here_still_answers_its_person(tmp_path: Path) -> None:
    # It read nothing typed, not even quit: the seat looked hung until Ctrl+C.
    port = str(free_port())
    host = marrakech_pane(tmp_path / "host", "host", "--headless", "--port", port, width=120)
    try:
        heading = host.wait_for("seat 2: marrakech join", joined=True)
        join_line = next(line for line in heading.splitlines() if line.startswith("seat 2: "))
        address, code = join_line.split()[-2:]
        bot = marrakech_pane(
            tmp_path / "bo", "join", address, code, "--bot", "greedy", width=120, then="sleep 60"
        )
        try:
            bot.wait_for("Type help for the commands.")  # Player 1, who never joins, is to move
            bot.type_line("scores")
            bot.wait_for("carpets left, the next")
            bot.type_line("left")
            bot.wait_for("The computer you joined with plays your seat", joined=True)
            bot.type_line("quit")
            bot.wait_for("Goodbye: the game goes on without you", joined=True)
        finally:
            bot.close()
    finally:
        host.close()
