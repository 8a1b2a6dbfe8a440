"""The text mode's loop: read a line, answer in lines, until the game ends or the input does.

Every line written goes through ``marrakech.games.text.shown``, and the output is flushed after
each answer and each prompt, so a program on the other end of a pipe sees them at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TextIO, TypeVar

from marrakech.games.language import _
from marrakech.games.narrate import one_line
from marrakech.games.text import shown
from marrakech.textmode.game import TextGame
from marrakech.textmode.terminal import TerminalLines, fitted

PROMPT = ">"
"""The prompt: the game waits for a line. On a pipe it is a line of its own."""

INTERRUPTED = 130
"""The exit code after Ctrl-C (the game stays saved)."""

MAX_LINE = 1000
"""A line longer than this many characters is refused whole (and never kept in memory)."""


def too_long(now: str) -> str:
    """What is said of a line too long to be a command, then ``now``: what may be typed."""
    refused = _("That line is longer than {limit} characters: nothing changed.")
    return one_line(refused.format(limit=MAX_LINE), now)


class Lines(Protocol):
    """Where the lines typed come from: a stream, or a terminal's ``TerminalLines``."""

    def readline(self, size: int = -1, /) -> str: ...


def read_line(lines: Lines) -> str | None:
    """The next line (without a byte-order mark before it), None at the end of the input,
    or "" for a line too long to be a command."""
    line = lines.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE + 1:  # a terminal's line comes whole, however long
        return ""
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line.removeprefix("\ufeff") or "\n"  # the mark a file of some editors starts with
    while (rest := lines.readline(MAX_LINE)) and not rest.endswith("\n"):
        pass  # the rest of an overlong line
    return ""


def write(out: TextIO, lines: Iterable[str]) -> None:
    """Print lines, made safe to show, each flushed as it comes (at a terminal, broken
    between words at its width: ``terminal.fitted``)."""
    for line in lines:
        out.writelines(part + "\n" for part in fitted(out, shown(line)))
        out.flush()


class Answer(Protocol):
    """What answering a line gives: the lines to say, and whether the conversation ends."""

    @property
    def lines(self) -> Sequence[str]: ...

    @property
    def quit(self) -> bool: ...


AnswerT = TypeVar("AnswerT", bound=Answer)


def converse(
    lines: Lines,
    out: TextIO,
    answer: Callable[[str], AnswerT],
    now: Callable[[], str],
    *,
    prompt_on_same_line: bool,
    ended: Callable[[], Iterable[str]],
    then: Callable[[AnswerT], Iterable[str]] = lambda _answer: (),
    until: Callable[[AnswerT], bool] = lambda answer: answer.quit,
    going: Callable[[], bool] = lambda: True,
) -> AnswerT | None:
    """Prompt, read a line and say what ``answer`` makes of it, then what ``then`` adds (a
    move's consequences, said once the answer is out), while ``going()`` holds.

    Returns the answer that ``until`` holds for; None when ``going()`` stops holding or the
    input ends (after saying ``ended()``). A line too long to be a command is refused, with
    what may be typed (``now()``).
    """
    while going():
        if not isinstance(lines, TerminalLines):  # a terminal's line shows the prompt itself
            out.write(PROMPT + (" " if prompt_on_same_line else "\n"))
            out.flush()
        line = read_line(lines)
        if line is None:
            out.write("\n" if prompt_on_same_line else "")
            write(out, ended())
            return None
        if not line:
            write(out, [too_long(now())])
            continue
        answered = answer(line)
        write(out, answered.lines)
        if until(answered):
            return answered
        write(out, then(answered))
    return None


def review_offer(can_undo: bool = False) -> str:
    """The line said once a game is over, when the person may still type (``can_undo``:
    the game's end may be taken back)."""
    if can_undo:
        # Translators: "review", "undo" and "quit" are commands: keep them in English.
        return _(
            "Type review to see what each decision cost and how much was luck, undo to take "
            "back your last decision and play on, or quit."
        )
    return _("Type review to see what each decision cost and how much was luck, or quit.")


def after_the_end(
    game: TextGame,
    lines: Lines,
    out: TextIO,
    prompt_on_same_line: bool,
    say: Callable[[list[str]], None],
) -> bool:
    """Once the game is over: offer the review, and answer what only tells something
    (review, board, scores, log, help) until quit or the end of the input (False), or an
    undo that takes the end back (True: the game goes on)."""
    write(out, [review_offer(game.flow.can_undo)])
    converse(
        lines,
        out,
        game.respond,
        game.now_line,
        prompt_on_same_line=prompt_on_same_line,
        ended=tuple,
        then=lambda reply: game.advance(say) if reply.moved else (),
        going=lambda: game.flow.over,
    )
    return not game.flow.over


def play(
    game: TextGame,
    lines: Lines,
    out: TextIO,
    *,
    prompt_on_same_line: bool = False,
    stay_at_the_end: bool = False,
) -> int:
    """Play ``game`` reading commands from ``lines``; returns the exit code.

    The game ends with its last move, ``quit``, the end of the input (exit 0) or Ctrl-C
    (exit 130); an unfinished game stays autosaved, to resume. With ``stay_at_the_end`` (a
    person at a terminal), the last move is followed by the offer of the review
    (``after_the_end``, where an undo may take the end back and play on); without, by the
    end of the program.
    """
    try:

        def say(said: list[str]) -> None:
            write(out, said)

        write(out, game.opening())
        write(out, game.advance(say))
        while True:
            quit_or_ended = converse(
                lines,
                out,
                game.respond,
                game.now_line,
                prompt_on_same_line=prompt_on_same_line,
                ended=lambda: [one_line(_("The input has ended."), game.goodbye())],
                then=lambda reply: game.advance(say) if reply.moved else (),
                going=lambda: not game.flow.over,
            )
            if quit_or_ended is not None or not game.flow.over or not stay_at_the_end:
                return 0
            if not after_the_end(game, lines, out, prompt_on_same_line, say):
                return 0
    except KeyboardInterrupt:
        out.write("\n" if prompt_on_same_line else "")
        write(out, [one_line(_("Interrupted."), game.goodbye())])
        return INTERRUPTED
    finally:
        game.close()
