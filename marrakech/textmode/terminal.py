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
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from marrakech.games.lines import is_wide, wrapped_lines

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


TO_COPY = re.compile(
    r"(?<![A-Za-z0-9_./-])marrakech(?= )|(?<![\w~-])~?/|(?<![\w\\])(?:[A-Za-z]:\\|\\\\)"
)
"""Where a command or a path to copy begins: "marrakech ..." (after a blank, a mark or a
Japanese word), or a full path ("/home/...", "~/...", "C:\\Users\\..." or a shared
folder's "\\\\server\\..."). A page named in passing ("docs/text-mode.md") is no path to
copy."""

CARRIES_ON = re.compile(r".*[/\\].*|.*\.\w+")
"""A word after a blank that is still part of a path: it holds a folder's separator
("Support/marrakech/saves") or ends in a file's ending ("夜.json")."""

TAKES_A_NAME = frozenset(("load", "replay", "review", "delete", "verify", "join"))
"""The commands whose next word is theirs whatever it is: a save's name ("marrakech load
friday"), a record or a host's address."""

WORD = re.compile(r"\S+")
"""A word, as a command or a path is read: what lies between blanks."""

ARGUMENT = re.compile(r"-.*|.*[\dA-Z=:/.~_,@'\"].*|[0-9a-f]{8,}")
"""A word that goes on a command after its name: an option ("--text"), a value with a
digit, a capital, a sign or a dot in it ("2=hard", "HOST:PORT", "NAME", "'Friday night'"),
or a game's id ("c44b5aba5af7"). A word of small letters alone ends the command: it is
the sentence going on ("marrakech --text resumes it")."""

COMMAND_NAME = re.compile(r"[a-z][a-z-]*")
"""The word after "marrakech" that names its command ("saves", "load")."""

CLOSING = ")]}”’"  # noqa: RUF001
"""What ends a command or a path within a word: a closing quotation mark or bracket (a
wide one, such as 」, ends it as a wide character or a wide mark does)."""

AFTER = ".,;:!?"
"""What a command or a path leaves out at its end: the sentence's punctuation."""


def to_copy(line: str) -> list[tuple[int, int]]:
    """Where ``line`` holds a command or a path to copy (``TO_COPY``), each from its start
    to its end: a line is broken around them, never inside one (a command broken by hand
    would paste as two lines). A command is "marrakech" and the words after it that belong
    to it (its command's name, then ``ARGUMENT`` words), up to a wide character (a
    Japanese sentence going on: "marrakech --text で"), a closing mark or the sentence's
    punctuation; a path is what ``_path`` says."""
    spans: list[tuple[int, int]] = []
    for found in TO_COPY.finditer(line):
        if spans and found.start() < spans[-1][1]:
            continue  # a path within a command
        if found.group() == "marrakech":
            end = _command_end(line, found.end())
        else:
            end = found.start() + len(_path(line[found.start() :]))
        spans.append((found.start(), end))
    return spans


def _path(text: str) -> str:
    """The path ``text`` begins with: up to a closing mark or a wide punctuation mark (a
    file's name may be Japanese, 金曜日.json, but holds no 。 nor 」), or a blank after
    which the words are the sentence's ("... kept in /home/ayla/dice.json; to check
    them", "/home/ayla/games cannot be written", "/home/ayla/dice.json に残りました"). A
    blank stays in it where the word after it carries the path on (``CARRIES_ON``): a data
    folder may have one ("Application Support/marrakech"), and a save's name ("金曜日
    夜.json")."""
    end = 0
    for word in WORD.finditer(text):
        kept = _cut(word.group(), _ends_path)
        if end and (text[end - 1] in AFTER or not CARRIES_ON.fullmatch(kept.rstrip(AFTER))):
            break
        end = word.start() + len(kept)
        if kept != word.group():
            break
    return text[:end].rstrip(AFTER).rstrip()


def _ends_path(char: str) -> bool:
    """Whether ``char`` ends a path: a closing mark, or a wide punctuation mark."""
    return char in CLOSING or (is_wide(char) and unicodedata.category(char).startswith("P"))


def _ends_command(char: str) -> bool:
    """Whether ``char`` ends a command: a closing mark, or any wide character."""
    return char in CLOSING or is_wide(char)


def _cut(word: str, ends: Callable[[str], bool]) -> str:
    """``word`` up to the first of its characters that ``ends`` holds for."""
    return next((word[:at] for at, char in enumerate(word) if ends(char)), word)


def _command_end(line: str, end: int) -> int:
    """Where the command whose "marrakech" ends at ``end`` ends (see ``to_copy``)."""
    command = ""
    for count, word in enumerate(WORD.finditer(line, end)):
        kept = _cut(word.group(), _ends_command).rstrip(AFTER)
        named = count == 0 and COMMAND_NAME.fullmatch(kept) is not None
        command = kept if named else command
        its_name = count == 1 and command in TAKES_A_NAME
        if not kept or not (named or its_name or ARGUMENT.fullmatch(kept)):
            break
        end = word.start() + len(kept)
        if len(kept) < len(word.group()):  # a mark or a wide character ends it
            break
    return end


def fitted(out: TextIO, line: str) -> Iterator[str]:
    """``line`` as written to ``out``: where ``out`` is a terminal and the line is wider
    than it, in lines broken where English and Japanese may break (the terminal would cut
    a word, a number or a closing mark at its edge), never inside a command or a path to
    copy (``to_copy``); as it is elsewhere (a pipe reads whole lines)."""
    width = _width(out)
    parts = wrapped_lines(line, width, to_copy(line)) if width else []
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
