"""Replaying a saved game in plain lines: ``marrakech replay FILE --text``, or off a terminal.

The text mode's twin of the app's replay screen: step 0 is the starting position, step n
the position after the n-th turn (a turn is one seat's consecutive actions, as in the
log). ``TextReplay.respond`` runs one line typed (a step, a jump, a look at the position
shown); ``play_replay`` reads and writes the streams; ``replay_saved`` opens a file. At the
end of the input the rest of the game is said turn by turn, so that ``marrakech replay
FILE < /dev/null`` prints the whole game. The words are the game's own: ``narrate``'s
sentence for each turn, ``describe``'s for the market and the scores. docs/text-mode.md
lists the commands.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import TextIO

from marrakech.engine import GameState, Phase
from marrakech.flow.recap import recaps
from marrakech.flow.summary import summary_lines
from marrakech.games import storage, words
from marrakech.games.language import N_, _, ngettext
from marrakech.games.narrate import one_line, sentence, turns
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import quoted
from marrakech.textmode import describe
from marrakech.textmode.commands import WIDE, CommandError, Look, LookLine, LookSquare, Plain, parse
from marrakech.textmode.loop import INTERRUPTED, PROMPT, Lines, converse, write
from marrakech.textmode.terminal import typed_lines

HELP_LINES = (
    N_("Replay commands (docs/text-mode.md has them all):"),
    N_(
        "Enter or next: one turn forward; back: one turn back; start, end: the first and the "
        "last position; turn 12 (or 12): the position after that turn."
    ),
    N_("where: the turn shown, said again; log: every turn, numbered."),
    N_("summary: the whole record's summary (marrakech review NAME reviews a finished game)."),
    N_(
        "board: the market in words; picture: a compact text picture of it; "
        "square 2 3, row 2, col 3: one square, row or column; regions: each colour's regions; "
        "scores: the scores at this turn."
    ),
    N_("help; quit. When the input ends, the rest of the game is said turn by turn."),
)
"""What ``help`` prints in a replay."""

STEPS: dict[str, str] = {
    "": "next",
    "next": "next",
    "n": "next",
    "back": "back",
    "previous": "back",
    "start": "start",
    "first": "start",
    "end": "end",
    "last": "end",
    "where": "where",
    "次": "next",
    "戻る": "back",
    "最初": "start",
    "最後": "end",
    "どこ": "where",
}
"""The replay's own commands without an argument, by every name they have ("": Enter;
the Japanese names are understood in every language)."""

TURN_WORDS = ("turn", "手番")
"""The names of ``turn N``."""

NOW = N_("Now: Enter or next, back, start, end or turn N; help lists every command.")
"""What may be typed, said after a refused line."""

LOOKS = ("board", "picture", "regions", "scores", "log", "summary", "help")
"""The text mode's looks (``commands.Look``) a replay answers, of the position shown."""


@dataclass
class Answer:
    """What a line typed came to: the lines to print, and whether the replay ends."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False


class TextReplay:
    """A saved game's positions, one turn per step; see the module docstring."""

    def __init__(self, session: Session) -> None:
        """A replay of the session's game so far (finished or not), shown at its start."""
        self.session = session
        self.names = session.setup.names
        self.turns = turns(session.transitions)
        self.ends = (0, *accumulate(len(turn) for turn in self.turns))
        """Index in session.states of the position after each step."""
        self.step = 0
        """The turns played in the position shown (0: the start)."""

    @property
    def last(self) -> int:
        """The last step: the number of turns in the record."""
        return len(self.turns)

    @property
    def state(self) -> GameState:
        """The position shown."""
        return self.session.states[self.ends[self.step]]

    # -- what is said ----------------------------------------------------------------

    def opening(self) -> list[str]:
        """Whose game it is, who plays what, how to step, and the starting position."""
        over = self.session.state.phase is Phase.OVER
        setup = self.session.setup
        kinds = [setup.level(seat) for seat in range(setup.players)]
        names, count = words.listed(self.names), self.last
        if over:
            title = ngettext(
                "Replaying the game of {names}: {count} turn, to its end.",
                "Replaying the game of {names}: {count} turns, to its end.",
                count,
            )
        else:
            title = ngettext(
                "Replaying the game of {names}: {count} turn, unfinished.",
                "Replaying the game of {names}: {count} turns, unfinished.",
                count,
            )
        return [
            title.format(names=names, count=count),
            *describe.seat_lines(self.session.states[0], self.names, kinds),
            _("Type help for the commands; Enter (or next) goes one turn forward."),
            *self.position(),
        ]

    def position(self) -> list[str]:
        """The step shown: its turn's sentence; at the last step, how the record ends."""
        step, state = self.step, self.state
        if step == 0:
            lines = [
                _("The start, turn 0 of {last}: {name} plays first.").format(
                    last=self.last, name=self.names[state.current]
                )
            ]
        else:
            lines = [
                _("Turn {number} of {last}: {sentence}").format(
                    number=step, last=self.last, sentence=sentence(self.turns[step - 1], self.names)
                )
            ]
        if step < self.last:
            return lines
        if state.phase is Phase.OVER:
            return [
                *lines,
                words.result_line(state, self.names),
                *words.score_lines(state, self.names, self.session.setup.levels),
            ]
        return [
            *lines,
            _("The record ends here, the game unfinished: {name} to play.").format(
                name=self.names[state.current]
            ),
        ]

    def input_ended(self) -> list[str]:
        """What is said when the input ends: the rest of the game, turn by turn."""
        if self.step == self.last:
            return [_("The input has ended.")]
        lines = [_("The input has ended: the rest of the game, turn by turn.")]
        while self.step < self.last:
            self.step += 1
            lines += self.position()
        return lines

    # -- one line typed --------------------------------------------------------------

    def respond(self, line: str) -> Answer:
        """Run one line typed; a line that is no replay command changes nothing and says
        what is possible."""
        typed = " ".join(line.split()).translate(WIDE).lower()
        head, _space, argument = typed.partition(" ")
        if typed in STEPS:
            return Answer(self._step(STEPS[typed]))
        if head in TURN_WORDS or (typed.isdigit() and typed.isascii()):
            return Answer(self._go_to(argument if head in TURN_WORDS else typed))
        try:
            command = parse(line)
        except CommandError as error:
            return Answer([one_line(str(error), self.now_line())])
        if isinstance(command, Plain) and command.name == "quit":
            return Answer([_("Goodbye.")], quit=True)
        if isinstance(command, Look) and command.name in LOOKS:
            return Answer(self._look(command.name))
        if isinstance(command, LookSquare):
            return Answer([describe.square_line(self.state, command.square, self.names)])
        if isinstance(command, LookLine):
            say = describe.column_line if command.column else describe.row_line
            return Answer([say(self.state, command.index)])
        if command == Look("review"):
            refused = _("Not in a replay: marrakech review NAME reviews a finished game.")
        else:
            refused = _("Not in a replay: {command} is for playing a game.").format(
                command=quoted(line.strip())
            )
        return Answer([one_line(refused, self.now_line())])

    def now_line(self) -> str:
        """What may be typed now in a replay."""
        return _(NOW)

    def _step(self, name: str) -> list[str]:
        if name == "next" and self.step == self.last:
            return [
                _("Already at the end, turn {last} of {last}: type back, start or turn N.").format(
                    last=self.last
                )
            ]
        if name == "back" and self.step == 0:
            return [_("Already at the start: type next (or Enter), end or turn N.")]
        moves = {"next": self.step + 1, "back": self.step - 1, "start": 0, "end": self.last}
        self.step = moves.get(name, self.step)
        return self.position()

    def _go_to(self, number: str) -> list[str]:
        if not (number.isdigit() and number.isascii()):
            return [_("Which turn? Give its number, 0 to {last}: turn 12.").format(last=self.last)]
        if int(number) > self.last:
            return [
                _("No turn {number}: the turns are 0 (the start) to {last}.").format(
                    number=quoted(int(number)), last=self.last
                )
            ]
        self.step = int(number)
        return self.position()

    def _look(self, name: str) -> list[str]:
        if name == "board":
            return describe.market_lines(self.state)
        if name == "picture":
            return describe.picture_lines(self.state)
        if name == "regions":
            return describe.region_lines(self.state, self.names)
        if name == "scores":
            return words.score_lines(self.state, self.names)
        if name == "help":
            return [_(line) for line in HELP_LINES]
        if name == "summary":  # of the whole record, whatever turn is shown
            start, transitions = self.session.start, self.session.transitions
            return summary_lines(start, recaps(transitions, self.names), self.names)
        if not self.turns:
            return [_("Nothing was played in this game.")]
        return [
            *describe.numbered_turns([sentence(turn, self.names) for turn in self.turns]),
            _("Shown now: turn {number} of {last}.").format(number=self.step, last=self.last),
        ]


def play_replay(
    replay: TextReplay, lines: Lines, out: TextIO, *, prompt_on_same_line: bool = False
) -> int:
    """Step through ``replay`` reading commands from ``lines``; returns the exit code.

    The prompt is the text mode's. It ends with ``quit`` or the end of the input (exit 0;
    the rest of the game is said first) or Ctrl-C (exit 130).
    """
    try:
        write(out, replay.opening())
        converse(
            lines,
            out,
            replay.respond,
            replay.now_line,
            prompt_on_same_line=prompt_on_same_line,
            ended=replay.input_ended,
        )
        return 0
    except KeyboardInterrupt:
        out.write("\n" if prompt_on_same_line else "")
        write(out, [_("Interrupted.")])
        return INTERRUPTED


def replay_saved(path: Path) -> int:
    """Replay a saved game on the standard streams (the file is only read); exit code 1
    when it cannot be read."""
    try:
        session = storage.load_game(path)
    except SaveFileError as error:
        print(f"marrakech replay: {error}", file=sys.stderr)
        return 1
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if hasattr(stream, "reconfigure"):  # a text stream that cannot say a character
            stream.reconfigure(errors=errors)  # escapes it rather than stop the replay
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    steps = [word for word in STEPS if word.isascii() and len(word) > 1]
    words = (*steps, "turn", "square", "row", "col", *LOOKS, "quit")
    lines = typed_lines(sys.stdin, sys.stdout, f"{PROMPT} ", words)
    try:
        return play_replay(TextReplay(session), lines, sys.stdout, prompt_on_same_line=interactive)
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
