"""How fast the TUI feels, measured in a real pseudo-terminal (80x24).

* Start to first frame: from launching ``python -m marrakech new --players 2 --seed 1`` to
  the first frame that shows the game, against a bare Textual app showing one line
  (target: within 1.35x the bare app). Both start from bytecode, as every start after a
  player's first does: the game's modules and the installed libraries (Textual's among
  them) are compiled once beforehand, whatever PYTHONDONTWRITEBYTECODE says. uv installs
  no bytecode, so without this the bare app compiled Textual at every start and took
  400 ms where it takes 150 (the game's extra time is the same either way).
* Key press to repaint: from writing a key to the terminal to the end of the first burst of
  output it causes (the frame that repaints the board), for keys that move the ghost carpet
  and keys that turn Assam (target: p95 within 33 ms). The time until all output has
  settled is shown too: it is longer when part of the change is painted in a later frame.

Run: ``uv run python benchmarks/bench_tui.py [--runs 7] [--presses 60]``.
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import sysconfig
import tempfile
import termios
import time
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "marrakech"
WIDTH, HEIGHT = 80, 24
QUIET = 0.05
"""Output silent this long means everything a key caused has been painted."""
BURST_GAP = 0.004
"""A pause this long in the output ends one frame's burst."""

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("ready")

Bare().run()
"""

LEFT, RIGHT, TAB, ENTER = b"\x1b[D", b"\x1b[C", b"\t", b"\r"


class Terminal:
    """A program running in a pseudo-terminal of WIDTH x HEIGHT."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            size = struct.pack("HHHH", HEIGHT, WIDTH, 0, 0)
            fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, size)
            os.execve(argv[0], argv, env)
        self.pid, self.fd = pid, fd
        self.output = b""

    def read(self, timeout: float) -> bytes:
        """What the program wrote within the timeout (b"" if nothing)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.output += data
        return data

    def wait_for(self, marker: bytes, timeout: float = 30.0) -> float:
        """Seconds from the start until the marker has been written."""
        deadline = time.perf_counter() + timeout
        while marker not in self.output:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{marker!r} never appeared")
            self.read(0.5)
        return time.perf_counter() - self.started

    def settle(self, quiet: float = 0.3) -> None:
        """Read until the program has been silent for a while."""
        while self.read(quiet):
            pass

    def press(self, key: bytes) -> tuple[float, float]:
        """Write a key; (seconds to the end of the first frame, seconds to the last byte)."""
        os.write(self.fd, key)
        pressed = time.perf_counter()
        frame = last = None
        if not self.read(2.0):
            raise TimeoutError(f"no repaint after {key!r}")
        last = time.perf_counter()
        while True:
            if frame is None and not self.read(BURST_GAP):
                frame = last
            elif frame is not None and not self.read(QUIET):
                break
            else:
                last = time.perf_counter()
        return frame - pressed, last - pressed

    def close(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def environment(data: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(TERM="xterm-256color", XDG_DATA_HOME=data, TEXTUAL_ANIMATIONS="none")
    env.pop("NO_COLOR", None)
    return env


def first_frame(argv: list[str], marker: bytes, env: dict[str, str]) -> float:
    terminal = Terminal(argv, env)
    try:
        return terminal.wait_for(marker)
    finally:
        terminal.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each app (default 7)")
    parser.add_argument("--presses", type=int, default=60, help="keys per kind (default 60)")
    args = parser.parse_args()
    python = sys.executable
    game = [python, "-m", "marrakech", "new", "--players", "2", "--seed", "1"]
    bare = [python, "-c", BARE_APP]
    compileall.compile_dir(str(PACKAGE), quiet=1)
    compileall.compile_dir(sysconfig.get_paths()["purelib"], quiet=1, workers=0)
    with tempfile.TemporaryDirectory() as data:
        env = environment(data)
        first_frame(bare, b"ready", env)  # warm the caches once
        first_frame(game, b"Player 1", env)
        bare_times, game_times = [], []
        for _ in range(args.runs):
            bare_times.append(first_frame(bare, b"ready", env))
            game_times.append(first_frame(game, b"Player 1", env))
        bare_start, game_start = statistics.median(bare_times), statistics.median(game_times)
        print(f"start to first frame (median of {args.runs}, {WIDTH}x{HEIGHT} pty)")
        print(f"  bare Textual app  {bare_start * 1000:7.1f} ms")
        print(f"  marrakech new     {game_start * 1000:7.1f} ms")
        print(f"  ratio             {game_start / bare_start:7.2f}x  (target <= 1.35x)")

        terminal = Terminal(game, env)
        try:
            terminal.wait_for(b"Player 1")
            terminal.settle()
            turns = [terminal.press(LEFT if i % 2 == 0 else RIGHT) for i in range(args.presses)]
            terminal.press(ENTER)
            terminal.settle()
            moves = [terminal.press(TAB) for _ in range(args.presses)]
        finally:
            terminal.close()
    print(f"key press to repaint ({args.presses} presses each; board frame / all settled)")
    for label, samples in (("turn Assam (←/→)", turns), ("move carpet (Tab)", moves)):
        firsts = [frame * 1000 for frame, _ in samples]
        ends = [last * 1000 for _, last in samples]
        print(
            f"  {label:<18} median {statistics.median(firsts):5.1f} / "
            f"{statistics.median(ends):5.1f} ms   p95 {percentile(firsts, 0.95):5.1f} / "
            f"{percentile(ends, 0.95):5.1f} ms  (target p95 <= 33 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
