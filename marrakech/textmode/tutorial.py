"""The lessons in plain lines: every step said in words, every try typed as a command.

The same course as the full-screen app (``marrakech.tutorial``), read aloud: each step
says what to do, where Assam is (on a new market, every row with a carpet on it too) and
what to type; the market can be asked about as in a game (board, square, row, col,
legal). A step done is said and the next one follows at once. Once the lessons are over,
``play`` starts the short game against the gentle computer, played as any text-mode game.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from typing import TextIO

from marrakech.engine import SIZE, GameState, Phase, Turn
from marrakech.games.language import N_, _, ngettext
from marrakech.games.narrate import one_line
from marrakech.games.session import default_name
from marrakech.games.text import quoted
from marrakech.games.words import as_sentence, square_text
from marrakech.textmode import describe
from marrakech.textmode.commands import (
    AROUND,
    COMMAND_WORDS,
    CommandError,
    Face,
    Go,
    LayCarpet,
    LayNumber,
    Look,
    LookLine,
    LookSquare,
    Plain,
    facing_turn,
    parse,
)
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import INTERRUPTED, PROMPT, Lines, converse, play, write
from marrakech.textmode.start import _console
from marrakech.textmode.terminal import typed_lines
from marrakech.tutorial import progress
from marrakech.tutorial.course import (
    Answer,
    Attempt,
    Bookmark,
    Course,
    Lay,
    TurnAround,
    Walk,
    learner_name,
    learner_name_problem,
    practice,
)
from marrakech.tutorial.lessons import (
    GOODBYE,
    GOODBYE_AT_THE_END,
    LESSON_DONE_LINE,
    LESSON_LINE,
    MONEY_LINE,
    NEXT_STEP_COMES,
    NO_LESSON,
    NOT_IN_LESSONS,
    NOT_NOW,
    OUT_LINE,
    TYPE,
    TYPE_HELP,
    TYPE_PRACTICE,
    YOU,
    How,
)

SKIP = frozenset({"skip", "n"})
"""What a learner may type to skip to the next lesson."""

IN_A_GAME = N_(
    "In a game, these tell you more: risk, the chance of paying each way; square 2 3, what "
    "lies there and what stopping there would cost; regions, each colour's regions; log, "
    "the game so far; where, what to type now; undo takes your last decision back; help "
    "lists every command."
)
"""Said once the lessons are over: the text mode's commands the lessons did not use."""


@dataclass
class Said:
    """What a line typed came to: the lines to print, and whether to leave or to play
    the short game."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False
    practice: bool = False
    player: str | None = None
    """The learner's name in the short game (None: "Player 1")."""


class TextLessons:
    """The course in lines: ``opening`` first, then ``respond`` to each line typed."""

    def __init__(self, course: Course) -> None:
        self.course = course
        course.spoken = True  # words for plain lines, not the app's drawing or keys
        self.naming = False
        """True once play was typed and the next line is the learner's name."""

    def opening(self) -> list[str]:
        """What the course is (or where the learner stopped), then the first step; coming
        back, with the whole market, which the learner has not seen since."""
        return [self.course.welcome(), *self.step_lines(whole=self.course.returning)]

    def step_lines(self, *, whole: bool = False, heading: bool = False) -> list[str]:
        """The step under way in words: the lesson (at its first step, or with
        ``heading``), what to do, the market (``whole``: every row with a carpet, even
        where the step goes on from the one before), what to type."""
        course = self.course
        if course.complete:
            return [course.closing(), _(IN_A_GAME), _(TYPE_PRACTICE)]
        lines = [as_sentence(course.heading())] if course.step_number == 1 or heading else []
        lines.append(one_line(as_sentence(course.step_label()), course.instruction()))
        lines += self.scene(whole=whole)
        lines.append(self.now_line())
        return lines

    def scene(self, *, whole: bool = False) -> list[str]:
        """Where Assam is, and, on a new market, every row with a carpet on it (a step
        that goes on from the one before says only where Assam is now, unless ``whole``)."""
        state = self._shown()
        if self.course.step.start is None and not whole:
            return [describe.assam_line(state)]
        rows = [row for row in range(SIZE) if any(state.stack((row, col)) for col in range(SIZE))]
        return [describe.assam_line(state), *(describe.row_line(state, row) for row in rows)]

    def _shown(self) -> GameState:
        """The position as the market shows it (Assam where he stopped, unpaid)."""
        view = self.course.view
        return view.state if view.assam is None else view.state.replace(assam=view.assam)

    def respond(self, line: str) -> Said:
        """Run one line the learner typed."""
        if self.naming:
            return self._named(line.strip())
        course = self.course
        words = " ".join(line.lower().split())
        if words == "lessons":
            return Said(self.lesson_list())
        if words.startswith("lesson "):
            return self._open(words.partition(" ")[2])
        if words == "back":
            was = (course.lesson_number, course.complete)
            course.back()
            other = (course.lesson_number, course.complete) != was
            return Said(self.step_lines(whole=other, heading=other))
        if words in SKIP:
            course.skip()
            return Said(self.step_lines())
        if words == "next":
            if course.how() is How.NEXT and not course.complete:
                course.next()
                return Said(self.step_lines())
            return Said([_(NEXT_STEP_COMES)])
        if course.complete and words == "play":
            name = learner_name()
            if name is not None:
                return Said(practice=True, player=name)
            self.naming = True
            return Said([self._name_question()])
        return self._command(words, line)

    def goodbye(self) -> str:
        """What is said when the learner leaves: where the next visit starts."""
        return _(GOODBYE_AT_THE_END if self.course.complete else GOODBYE)

    def _name_question(self) -> str:
        return _("Your name in the game? Type it, or just press Enter for {name}.").format(
            name=default_name(YOU)
        )

    def _named(self, name: str) -> Said:
        """The line typed after play: the learner's name, or nothing for the default
        (quit still leaves)."""
        problem = learner_name_problem(name) if name else None
        if problem is not None:
            return Said([problem, self._name_question()])
        with contextlib.suppress(CommandError):
            command = parse(name) if name else None
            if command == Plain("quit"):  # quit, q, exit, 終了...
                self.naming = False
                return Said([self.goodbye()], quit=True)
            # hint, help, left, 3...: typed for the game, not a name (a way of the compass,
            # or "where", may well be one: 南, West)
            if command is not None and not isinstance(command, Face) and command != Look("where"):
                taken = _("{word} is a command here, not a name.").format(word=quoted(name))
                return Said([taken, self._name_question()])
        self.naming = False
        return Said(practice=True, player=name or None)

    def _command(self, words: str, line: str) -> Said:
        """Run a line that is a try or a game's command."""
        course = self.course
        if words in AROUND and not course.complete:
            return self._try(TurnAround())
        if course.how() is How.ANSWER and words.isdigit():
            return self._try(Answer(int(words)))
        try:
            command = parse(line)
        except CommandError as error:
            return Said([one_line(str(error), self.now_line())])
        if command == Plain("quit"):
            return Said([self.goodbye()], quit=True)
        if command == Look("help"):
            return Said([_(text) for text in TYPE_HELP])
        if course.complete:
            return Said([_(TYPE_PRACTICE)])
        if command == Look("where"):
            return Said([*self.scene(), self.now_line()])
        if isinstance(command, Face):
            try:
                command = facing_turn(command, self._shown().assam.facing)
            except CommandError:  # the way behind him: a try to turn him round
                return self._try(TurnAround())
        if isinstance(command, Go):
            return self._try(Walk(command.turn))
        if isinstance(command, Plain) and command.name == "roll":
            return self._try(Walk(Turn.STRAIGHT))
        if isinstance(command, LayCarpet):
            return self._try(Lay(command.place))
        if isinstance(command, LayNumber):
            return self._lay_number(command.number)
        if isinstance(command, Look) and command.name in ("board", "picture", "legal"):
            return Said(self._look(command.name))
        if command == Look("scores"):
            return Said(self.money_lines())
        if isinstance(command, LookSquare):
            return Said([describe.square_line(self._shown(), command.square, course.names)])
        if isinstance(command, LookLine):
            line_of = describe.column_line if command.column else describe.row_line
            return Said([line_of(self._shown(), command.index)])
        return Said([one_line(_(NOT_IN_LESSONS), self.now_line())])

    def now_line(self) -> str:
        """What the learner may type now (to lay a carpet: the one the step names, else
        an example the rules allow)."""
        if self.course.complete:
            return _(TYPE_PRACTICE)
        how = self.course.how()
        if how is not How.LAY:
            return _(TYPE[how])
        # The carpet the step's words name, else one the rules allow.
        example = self.course.step.target or self._shown().legal_placements()[0]
        return _(TYPE[how]).format(
            carpet=example, a=square_text(example.a), b=square_text(example.b)
        )

    def money_lines(self) -> list[str]:
        """Each player's dirhams and carpets left (not their points: a lesson asks for
        those)."""
        lines = []
        for name, player in zip(self.course.names, self._shown().players, strict=True):
            if player.eliminated:
                lines.append(_(OUT_LINE).format(name=name))
                continue
            dirhams = ngettext("{count} dirham", "{count} dirhams", player.money)
            carpets = ngettext("{count} carpet", "{count} carpets", player.carpets_left)
            lines.append(
                _(MONEY_LINE).format(
                    name=name,
                    dirhams=dirhams.format(count=player.money),
                    carpets=carpets.format(count=player.carpets_left),
                )
            )
        return lines

    def _try(self, attempt: Attempt) -> Said:
        reply = self.course.attempt(attempt)
        said = Said(list(reply.lines))
        if reply.done:
            self.course.next()
            said.lines += self.step_lines()
        else:
            said.lines.append(self.now_line())
        return said

    def _lay_number(self, number: int) -> Said:
        how = self.course.how()
        placements = self._shown().legal_placements()
        if how is not How.LAY:
            return Said([one_line(_(NOT_NOW[how]), self.now_line())])
        if not 1 <= number <= len(placements):
            refused = _("No carpet {number}: legal numbers 1 to {last}.")
            return Said([refused.format(number=number, last=len(placements))])
        return self._try(Lay(placements[number - 1]))

    def _look(self, name: str) -> list[str]:
        state = self._shown()
        if name == "board":
            return describe.market_lines(state)
        if name == "picture":
            return describe.picture_lines(state)
        if state.phase is not Phase.PLACE:
            return [self.now_line()]
        return describe.legal_lines(state, self.course.names)

    def lesson_list(self) -> list[str]:
        """Every lesson by number, the finished ones said so."""
        course = self.course
        return [
            _(LESSON_DONE_LINE if lesson.key in course.finished else LESSON_LINE).format(
                number=number, title=_(lesson.title)
            )
            for number, lesson in enumerate(course.lessons, start=1)
        ]

    def _open(self, given: str) -> Said:
        count = len(self.course.lessons)
        if not given.isdigit() or not 1 <= int(given) <= count:
            return Said([_(NO_LESSON).format(number=given, count=count)])
        self.course.open(int(given))
        return Said(self.step_lines())


def teach(
    lines: Lines,
    out: TextIO,
    *,
    prompt_on_same_line: bool = False,
    bookmark: Bookmark | None = None,
) -> int:
    """Give the lessons reading commands from ``lines``, then, when asked, the short game;
    returns the exit code. Where the learner is goes to the progress file at every move;
    ``bookmark`` is where to start (None: the very start)."""
    course = Course(bookmark, keep=progress.save, spoken=True)
    lessons = TextLessons(course)
    try:
        write(out, lessons.opening())
        said = converse(
            lines,
            out,
            lessons.respond,
            lessons.now_line,
            prompt_on_same_line=prompt_on_same_line,
            ended=lambda: [lessons.goodbye()],
            until=lambda said: said.quit or said.practice,
        )
        if said is None or said.quit:
            return 0
        return play(
            TextGame.local(practice(said.player)),
            lines,
            out,
            prompt_on_same_line=prompt_on_same_line,
            stay_at_the_end=prompt_on_same_line,
        )
    except KeyboardInterrupt:
        out.write("\n" if prompt_on_same_line else "")
        write(out, [lessons.goodbye()])
        return INTERRUPTED
    finally:
        course.keep()


def teach_on_console() -> int:
    """The lessons on the standard streams, from where the learner stopped (``marrakech
    tutorial --text``)."""
    stdin, stdout = _console()
    interactive = stdin.isatty() and stdout.isatty()
    # The game's commands (the lessons take most, the short game all), then their own.
    words = (*COMMAND_WORDS, "around", "back", "skip", "next", "lessons", "lesson", "play")
    lines = typed_lines(stdin, stdout, f"{PROMPT} ", words)
    try:
        return teach(lines, stdout, prompt_on_same_line=interactive, bookmark=progress.load())
    except BrokenPipeError:  # the reader went away: nothing more can be said
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1
