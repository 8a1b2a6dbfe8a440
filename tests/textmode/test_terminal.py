# ruff: noqa: RUF001  (Japanese is written with full-width punctuation)
"""Lines written to a terminal break between words at its width; a pipe gets them whole."""

from __future__ import annotations

import fcntl
import io
import os
import struct
import termios
from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from marrakech.textmode.loop import write


class Terminal(io.StringIO):
    """What is written to a terminal, kept to read back; the terminal's size is that of a
    pseudo-terminal (``fileno``)."""

    def __init__(self, descriptor: int) -> None:
        super().__init__()
        self.descriptor = descriptor

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.descriptor


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    """A terminal 40 columns wide."""
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    yield Terminal(side)
    os.close(main)
    os.close(side)


def written(out: Terminal, line: str) -> list[str]:
    """The lines ``write`` makes of ``line`` at the terminal."""
    write(out, [line])
    return out.getvalue().splitlines()


LONG = "Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (2,0)-(2,1)."
JAPANESE = (
    "商人1の手番です。アッサムは(3,3)で北を向いています。left、right、ahead のどれかを入力します。"
)


def test_a_line_wider_than_the_terminal_breaks_between_words(terminal: Terminal) -> None:
    lines = written(terminal, LONG)
    assert lines == [
        "Ayla turns left, rolls 3, walks to",
        "(3,0), lays a yellow carpet on",
        "(2,0)-(2,1).",
    ]
    terminal.seek(0)
    terminal.truncate()
    japanese = written(terminal, JAPANESE)
    assert all(cell_len(line) <= 40 for line in japanese), japanese
    assert "".join(japanese).replace(" ", "") == JAPANESE.replace(" ", "")
    assert not any(line.startswith(("、", "。", "）")) for line in japanese), japanese
    assert "(3,3)" in "\n".join(japanese)  # a square's name stays whole


def test_a_pipe_gets_every_line_whole() -> None:
    out = io.StringIO()
    write(out, [LONG])
    assert out.getvalue() == LONG + "\n"


def test_a_line_with_a_command_or_a_path_to_copy_is_left_to_the_terminal(
    terminal: Terminal,
) -> None:
    goodbye = (
        "Goodbye: the game is saved, and marrakech host --resume c44b5aba5af7 goes on with it."
    )
    assert written(terminal, goodbye) == [goodbye]  # copied whole from the terminal's own wrap
    terminal.seek(0)
    terminal.truncate()
    saved = 'Saved as "friday", in /home/ayla/.local/share/marrakech/saves/friday.json.'
    assert written(terminal, saved) == [saved]


def test_a_page_named_in_passing_does_not_keep_its_line_from_breaking(
    terminal: Terminal,
) -> None:
    # The text mode's help in Japanese: the terminal would cut 日本語 and start a line
    # with a closing mark.
    commands = (
        "コマンド（すべてのコマンドと短い形は docs/text-mode.md にあります。"
        "かっこ内の日本語でも入力できます）："
    )
    lines = written(terminal, commands)
    assert len(lines) > 1 and all(cell_len(line) <= 40 for line in lines), lines
    assert not any(line.startswith(("）", "：")) for line in lines), lines
    assert "docs/text-mode.md" in "\n".join(lines)
