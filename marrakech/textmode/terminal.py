"""Lines typed at a terminal, with line editing: the arrow keys move in the line, Up and
Down bring back the lines typed before in this run, and Tab completes a command's name;
and lines written to a terminal, broken between words at its width (``fitted``).

Python's ``input`` does the editing through the readline module where Python has it (not
on Windows, where the console edits lines itself). The history is kept in memory only:
nothing typed is written to a file. Lines written while a line is being typed (a network
game moves when others play) go above it (``TerminalLines.above``), the line typed so far
drawn again under them.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from marrakech.games.lines import wrapped_lines

CLEAR_LINE = "\r\x1b[K"
"""Back to the start of the terminal's line, and clear it."""


class TerminalLines:
    """The lines a person types at a terminal, each asked for with ``prompt`` (the text
    mode writes no prompt of its own before reading one: readline redraws it as the line
    is edited)."""

    def __init__(self, prompt: str, words: Sequence[str] = ()) -> None:
        """Read with ``prompt``; Tab completes the first word of a line from ``words``."""
        self.prompt = prompt
        self.editing = False
        """True while a line is being typed, its prompt shown (set from the reading thread)."""
        self._typed: Callable[[], str] | None = None
        self._settings: list[Any] | None = None
        """The terminal's settings before any line was read (readline changes them while
        it reads)."""
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios

            self._settings = termios.tcgetattr(sys.stdin.fileno())
        with contextlib.suppress(ImportError):
            import readline

            readline.set_completer(completer(tuple(words), readline.get_line_buffer))
            readline.set_completer_delims(" ")
            libedit = "libedit" in (readline.__doc__ or "")  # macOS's Python, as a rule
            readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
            if hasattr(readline, "set_pre_input_hook"):  # once the prompt is shown
                readline.set_pre_input_hook(self._started)
                self._typed = readline.get_line_buffer

    def _started(self) -> None:
        self.editing = True

    def readline(self, size: int = -1, /) -> str:
        """The next line typed, with its newline; "" once the input ends (Ctrl+D)."""
        try:
            return input(self.prompt) + "\n"
        except EOFError:
            return ""
        finally:
            self.editing = False

    def close(self, out: TextIO) -> None:
        """Where the program ends while a line is being typed (its reading thread waits
        in readline): take the typing line off the screen and give the terminal its
        settings back (readline's would leave what is typed after the program unseen)."""
        if not self.editing:
            return
        self.editing = False
        out.write(CLEAR_LINE)
        out.flush()
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios

            if self._settings is not None:
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._settings)

    @contextlib.contextmanager
    def above(self, out: TextIO) -> Iterator[None]:
        """Write to ``out`` above the line being typed, if one is: its prompt and what is
        typed so far are taken off the screen, then drawn again under what was written
        (where readline cannot say what is typed, nothing is taken off)."""
        typed = self._typed
        if typed is None or not self.editing:
            yield
            return
        out.write(CLEAR_LINE)
        try:
            yield
        finally:
            out.write(self.prompt + typed())
            out.flush()


def completer(words: tuple[str, ...], line: Callable[[], str]) -> Callable[[str, int], str | None]:
    """What readline asks for the ``state``-th completion of ``text``: the words that begin
    with it, at the start of a line (``line()`` is the line typed so far) and nowhere else."""

    def complete(text: str, state: int) -> str | None:
        if " " in line().strip():  # a command's name is the first word only
            return None
        found = [word + " " for word in words if word.startswith(text.lower())]
        return found[state] if state < len(found) else None

    return complete


def typed_lines(
    stdin: TextIO, stdout: TextIO, prompt: str, words: Sequence[str] = ()
) -> TextIO | TerminalLines:
    """Where to read lines from: ``stdin``, or where both streams are a terminal, what is
    typed there with line editing (``TerminalLines``, prompting with ``prompt``)."""
    if stdin.isatty() and stdout.isatty():
        return TerminalLines(prompt, words)
    return stdin


TO_COPY = re.compile(r"\bmarrakech |(?<![\w-])/")
"""What marks a line that holds a command or a path to copy (a full one: "/home/..." or
"~/..."): such a line is left to the terminal, which copies a line it wrapped itself as
one line (one broken by hand would paste as two). A page named in passing
("docs/text-mode.md") is no path to copy: its line is broken where words break."""


def fitted(out: TextIO, line: str) -> Iterator[str]:
    """``line`` as written to ``out``: where ``out`` is a terminal and the line is wider
    than it, in lines broken where English and Japanese may break (the terminal would cut
    a word, a number or a closing mark at its edge); as it is elsewhere (a pipe reads
    whole lines) and when it holds a command or a path to copy (``TO_COPY``)."""
    width = _width(out)
    parts = wrapped_lines(line, width) if width and not TO_COPY.search(line) else []
    if len(parts) < 2:
        yield line
        return
    indent = line[: len(line) - len(line.lstrip())]
    yield indent + parts[0]
    yield from parts[1:]


def _width(out: TextIO) -> int | None:
    """The columns of the terminal ``out`` writes to; None when it is not one."""
    try:
        return os.get_terminal_size(out.fileno()).columns if out.isatty() else None
    except (OSError, ValueError, AttributeError):  # a stream with no file or no size
        return None
