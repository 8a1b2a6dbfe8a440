"""The course: the lessons played one step at a time, whatever the front end.

A ``Course`` holds the step the learner is on and the game of that step (a ``Session``
on the lesson's position, its die set). A front end hands it what the learner tried
(``attempt``: a way to walk, a U-turn, a carpet, a number) and shows the ``Reply``: the
step done, or why not, in the words of ``lessons``. Whether a carpet may be laid, where
Assam walks, what a square costs, who won: the engine says (``why_illegal``, the roll's
``Transition``, ``scores``, ``winners``); the course only compares that with what the
step asks for. ``next``, ``back``, ``skip`` and ``open`` move through the course, and
every move is handed to ``keep`` (the progress file) as a ``Bookmark``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from marrakech.engine import (
    DIE_FACES,
    SQUARES,
    Action,
    Assam,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    Square,
    Transition,
    Turn,
)
from marrakech.flow import looped_steps
from marrakech.games.dice import LoadedDie
from marrakech.games.language import N_, _
from marrakech.games.session import (
    PERSON,
    GameSetup,
    Session,
    default_name,
    name_key,
    name_problem,
    new_seed,
)
from marrakech.games.settings import load_last_setup
from marrakech.games.words import compass_word, listed, square_text
from marrakech.tutorial.lessons import (
    ALLOWED_HERE,
    ALREADY_FACING,
    BO,
    FINISHED,
    FINISHED_SKIPPED,
    HEADING,
    LESSONS,
    NAMES,
    NOT_A_SEAT,
    NOT_ACROSS,
    NOT_NOW,
    PRACTICE_CARPETS,
    PRACTICE_LEVEL,
    REFUSED,
    STEP,
    UTURN,
    WELCOME,
    WELCOME_BACK,
    WRONG_ANSWER,
    YOU,
    Goal,
    How,
    Lesson,
    Rule,
    Step,
    practice_start,
)

# -- what a learner tries -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Walk:
    """Turn Assam this way (when he may be turned) and roll; STRAIGHT just rolls."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class TurnAround:
    """Try to turn Assam round (no such turn exists: the lesson says why)."""


@dataclass(frozen=True, slots=True)
class Lay:
    """Try to lay a carpet here."""

    place: Place


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer the step's question with a number."""

    number: int


Attempt = Walk | TurnAround | Lay | Answer


@dataclass(frozen=True, slots=True)
class Reply:
    """What a try came to: the words to show, whether the step is done, and the roll it
    made (to show Assam's walk)."""

    lines: tuple[str, ...]
    done: bool = False
    walked: Transition | None = None


@dataclass(frozen=True, slots=True)
class View:
    """What the market shows: a position, Assam where it does not have him (stopped, his
    toll not paid yet), and the squares to mark (a toll's region, the squares a score
    counts)."""

    state: GameState
    assam: Assam | None = None
    region: frozenset[Square] = frozenset()


@dataclass(frozen=True, slots=True)
class Bookmark:
    """Where a learner is: a lesson (its key), a step, and the lessons finished."""

    lesson: str
    step: int = 0
    finished: frozenset[str] = field(default_factory=frozenset)


def _forget(_bookmark: Bookmark) -> None:
    """Keep nothing."""


# -- the engine's refusals ------------------------------------------------------------------

ENGINE_REFUSALS = {
    Rule.APART: N_(
        "cannot lay a carpet on {a}-{b}: neither square touches Assam's square {square}"
    ),
    Rule.UNDER: N_("cannot lay a carpet on {a}-{b}: {square} is under Assam"),
    Rule.WHOLE: N_(
        "cannot lay a carpet on {a}-{b}: it would cover both visible halves of one carpet "
        "({colour} carpet {number})"
    ),
}
"""The engine's sentences for the refusals the lessons teach (the same ones
``games.reasons`` says to players), by rule."""

_PATTERNS = {
    rule: re.compile(re.sub(r"\\\{\w+\\\}", ".+?", re.escape(sentence)))
    for rule, sentence in ENGINE_REFUSALS.items()
}


def refusal_rule(reason: str) -> Rule:
    """The rule behind the engine's refusal of a carpet (any other refusal: the carpet is
    not two squares side by side on the market)."""
    for rule, pattern in _PATTERNS.items():
        if pattern.fullmatch(reason):
            return rule
    return Rule.SHAPE


REFUSAL_GOALS = {
    Goal.REFUSED_APART: Rule.APART,
    Goal.REFUSED_UNDER: Rule.UNDER,
    Goal.REFUSED_WHOLE: Rule.WHOLE,
}
"""The steps that ask for a refusal, and the rule it must be for."""

ANSWERS = frozenset({Goal.TOLL, Goal.PAID, Goal.POINTS, Goal.WINNER})
"""The steps that ask a question."""

TOLL_QUESTIONS = frozenset({Goal.TOLL, Goal.PAID})
"""The questions about a toll not paid yet."""


def learner_name() -> str | None:
    """The learner's name for the practice game, when one was typed: the name of the first
    person of the game last set up (``settings.load_last_setup``), unless it is a default
    name or Bo's; else None (the front end asks, ``learner_name_problem``)."""
    setup = load_last_setup()
    if setup is None or PERSON not in setup.seats:
        return None
    seat = setup.seats.index(PERSON)
    name = setup.names[seat]
    if name == default_name(seat) or learner_name_problem(name) is not None:
        return None
    return name


def learner_name_problem(name: str) -> str | None:
    """None for a name the learner may take in the practice game, else what is wrong."""
    problem = name_problem(name)
    if problem is not None:
        return _("The name {problem}.").format(problem=problem)
    if name_key(name) == name_key(_(NAMES[BO])):
        return _("{name} is the computer's name in this game: choose another.").format(
            name=_(NAMES[BO])
        )
    return None


def practice(name: str | None = None) -> Session:
    """The short game after the lessons: the learner, called ``name`` ("Player 1" when
    None), against the gentle computer, which is called Bo, as in the lessons."""
    names = (name or default_name(YOU), _(NAMES[BO]))
    setup = GameSetup(2, names=names, seats=(PERSON, PRACTICE_LEVEL), seed=new_seed())
    return Session(setup, start=practice_start())


def covers_two_carpets(state: GameState, place: Place) -> bool:
    """True when both squares of ``place`` show a carpet now, and not the same one."""
    first, second = state.top(place.a), state.top(place.b)
    return first is not None and second is not None and first.carpet != second.carpet


def _scripted(session: Session, step: Step) -> tuple[Action, ...]:
    """What doing ``step`` plays in ``session`` (not played yet), when the learner did it
    in an earlier visit: a roll ahead (the die is set), the step's carpet or the first the
    rules allow; nothing for a question or a refusal."""
    if step.goal is Goal.ROLL:
        ahead = (Orient(Turn.STRAIGHT),) if session.state.phase is Phase.ORIENT else ()
        return (*ahead, session.next_roll())
    if step.goal in (Goal.LAY, Goal.LAY_ACROSS):
        return (step.target or session.state.legal_placements()[0],)
    return ()


class Course:
    """The lessons, one step at a time; see the module docstring."""

    def __init__(
        self,
        bookmark: Bookmark | None = None,
        keep: Callable[[Bookmark], None] = _forget,
        *,
        spoken: bool = False,
    ) -> None:
        """Start where ``bookmark`` says (the first lesson when None or unknown);
        ``keep`` is told every move; ``spoken``: the text mode's words (``Step.spoken``)."""
        self.lessons: tuple[Lesson, ...] = LESSONS
        self._keep = keep
        self.spoken = spoken
        """True in the text mode: the steps' words that do not name what the app draws."""
        self.setup = GameSetup(3, names=tuple(_(name) for name in NAMES))
        """The players of every lesson, named in the language spoken now."""
        self.finished: set[str] = set(bookmark.finished) if bookmark else set()
        """The keys of the lessons finished, now or before."""
        self.complete = False
        """True once the last step of the last lesson is done and gone past."""
        keys = [lesson.key for lesson in self.lessons]
        index = keys.index(bookmark.lesson) if bookmark and bookmark.lesson in keys else 0
        step = bookmark.step if bookmark else 0
        self.returning = (index, step) != (0, 0)
        """True when the learner comes back to a place past the very start."""
        self._lesson = index
        self._step = 0
        self._played: dict[int, tuple[Action, ...]] = {}
        """The actions each step of the lesson played to be done, by step (for ``back``)."""
        self._session: Session
        """The game of the step: the lesson's position, its die set."""
        self._done = False
        self._misses = 0
        """Wrong answers to the step's question so far."""
        self._owed: Transition | None = None
        """A roll whose toll the step asks about, shown unpaid until it is answered."""
        self._asked: View
        """What the market showed when the step began (its words are about that)."""
        self._open(index, step if 0 <= step < len(self.lessons[index].steps) else 0)

    # -- where the learner is -------------------------------------------------------------

    @property
    def lesson(self) -> Lesson:
        """The lesson under way."""
        return self.lessons[self._lesson]

    @property
    def lesson_number(self) -> int:
        """The lesson under way, counted from 1."""
        return self._lesson + 1

    @property
    def step(self) -> Step:
        """The step under way."""
        return self.lesson.steps[self._step]

    @property
    def step_number(self) -> int:
        """The step under way, counted from 1."""
        return self._step + 1

    @property
    def names(self) -> tuple[str, ...]:
        """The players of the lessons."""
        return self.setup.names

    @property
    def bookmark(self) -> Bookmark:
        """Where the learner is, to come back to (the very start, once all is done)."""
        if self.complete:
            return Bookmark(self.lessons[0].key, 0, frozenset(self.finished))
        return Bookmark(self.lesson.key, self._step, frozenset(self.finished))

    def how(self) -> How:
        """What the learner does next."""
        goal = self.step.goal
        if self.complete or self._done:
            return How.NEXT
        if goal is Goal.ROLL:
            return How.TURN if self._session.state.phase is Phase.ORIENT else How.ROLL
        return How.ANSWER if goal in ANSWERS else How.LAY

    @property
    def view(self) -> View:
        """What the market shows now."""
        owed = self._owed
        if owed is not None:
            marked = owed.region if self._misses >= 2 else frozenset()
            return View(owed.before, Assam(*owed.path[-1]), marked)
        roll = self.last_roll
        state = self._session.state
        if self._done and self.step.goal in TOLL_QUESTIONS and roll is not None:
            return View(state, None, roll.region)
        if self.step.goal is Goal.POINTS and (self._done or self._misses >= 2):
            return View(state, None, self._squares_seen(YOU))
        return View(state)

    def _squares_seen(self, seat: int) -> frozenset[Square]:
        """The squares where one of ``seat``'s colours is on top: those its score counts."""
        mine = self._session.state.players[seat].colours
        return frozenset(
            square
            for square in SQUARES
            if (top := self._session.state.top(square)) is not None and top.colour in mine
        )

    # -- the words ------------------------------------------------------------------------

    def welcome(self) -> str:
        """The first words: what the course is, or where the learner stopped before."""
        if self.returning:
            return _(WELCOME_BACK).format(number=self.lesson_number, title=_(self.lesson.title))
        return _(WELCOME)

    def heading(self) -> str:
        """The lesson's number and title."""
        return _(HEADING).format(
            number=self.lesson_number, count=len(self.lessons), title=_(self.lesson.title)
        )

    def step_label(self) -> str:
        """The step's number in the lesson."""
        return _(STEP).format(number=self.step_number, count=len(self.lesson.steps))

    def instruction(self) -> str:
        """What the step asks for, and why (with the facts as the step found them)."""
        text = (self.spoken and self.step.spoken) or self.step.text
        return _(text).format(**self._fields(self._asked))

    def closing(self) -> str:
        """The words once the lessons are over: well done, or, when some were skipped,
        that they are still there; then the short game."""
        every = all(lesson.key in self.finished for lesson in self.lessons)
        return _(FINISHED if every else FINISHED_SKIPPED).format(carpets=PRACTICE_CARPETS)

    def say(self, words: str) -> str:
        """A lesson's words, translated, with the game's facts as they are now."""
        return _(words).format(**self._fields(self.view))

    def _fields(self, view: View) -> dict[str, object]:
        """Every fact the lessons' words may name, read from the game and the engine."""
        state = view.state
        square, facing = view.assam or state.assam
        scores = state.scores()
        mine = scores[YOU]
        level = [s for s in scores if s.seat != YOU and s.total == mine.total]
        rival = (level or sorted(scores[1:], key=lambda score: -score.total))[0]
        fields: dict[str, object] = {
            "square": square_text(square),
            "row": square[0],
            "col": square[1],
            "facing": compass_word(facing),
            "faces": listed([str(face) for face in DIE_FACES]),
            "money": state.players[YOU].money,
            "squares": mine.visible,
            "dirhams": mine.dirhams,
            "points": mine.total,
            "rival": self.names[rival.seat],
            "rival_number": rival.seat + 1,
            "rival_squares": rival.visible,
            "rival_dirhams": rival.dirhams,
            "roll": "",
            "entry": "",
            "toll": "",
            "paid": "",
            "region": "",
            "a": "",
            "b": "",
        }
        roll = self.last_roll
        if roll is not None and isinstance(roll.action, Roll):
            looped = [at for at, loop in zip(roll.path, looped_steps(roll), strict=True) if loop]
            region = [square_text(at) for at in sorted(roll.region)]
            fields.update(
                roll=roll.action.value,
                toll=roll.toll,
                paid=roll.paid,
                region=listed(region) if region else "",
                entry=square_text(looped[0][0]) if looped else "",
            )
        if self.step.target is not None:
            fields.update(a=square_text(self.step.target.a), b=square_text(self.step.target.b))
        return fields

    # -- trying ---------------------------------------------------------------------------

    def attempt(self, attempt: Attempt) -> Reply:
        """Try something in the step: done, or the words that say why not."""
        how = self.how()
        if how is How.NEXT:
            return self._not_now(how)
        if isinstance(attempt, TurnAround):
            return self._wrong(UTURN) if how in (How.TURN, How.ROLL) else self._not_now(how)
        if isinstance(attempt, Walk):
            if how is How.TURN:
                return self._walk(Orient(attempt.turn))
            if how is How.ROLL:
                return (
                    self._walk(None)
                    if attempt.turn is Turn.STRAIGHT
                    else self._wrong(ALREADY_FACING)
                )
            return self._not_now(how)
        if isinstance(attempt, Lay):
            return self._lay(attempt.place) if how is How.LAY else self._not_now(how)
        return self._answer(attempt.number) if how is How.ANSWER else self._not_now(how)

    def fits(self, place: Place) -> bool:
        """True when laying a carpet on ``place`` would do what the step asks (the rules
        allow it, or refuse it for the rule the step is about)."""
        return self.how() is How.LAY and self.why_not(place) is None

    def why_not(self, place: Place) -> str | None:
        """Why laying a carpet on ``place`` would not do what the step asks (the message,
        before ``say``); None when it would."""
        state = self._session.state
        reason = state.why_illegal(place)
        rule = None if reason is None else refusal_rule(reason)
        wanted = REFUSAL_GOALS.get(self.step.goal)
        if wanted is not None:
            return None if rule is wanted else ALLOWED_HERE if rule is None else REFUSED[rule]
        if rule is not None:
            return REFUSED[rule]
        if self.step.goal is Goal.LAY_ACROSS and not covers_two_carpets(state, place):
            return NOT_ACROSS
        return None

    def _walk(self, orient: Orient | None) -> Reply:
        played: tuple[Action, ...] = ()
        if orient is not None:
            self._session.play(orient)
            played = (orient,)
        roll = self._session.roll()
        if self.step.pays_later:
            self._owed = roll
        return self._reach((*played, roll.action), walked=roll)

    def _lay(self, place: Place) -> Reply:
        why = self.why_not(place)
        if why is not None:
            return self._wrong(why, self.step.hint)
        if self.step.goal in REFUSAL_GOALS:  # refused, for the rule the step is about
            return self._reach(())
        self._session.play(place)
        return self._reach((place,))

    def _right_answers(self) -> frozenset[int]:
        """The numbers that answer the step's question (none when it asks none)."""
        goal = self.step.goal
        roll = self.last_roll
        state = self._session.state
        if goal is Goal.TOLL and roll is not None:
            return frozenset({roll.toll})
        if goal is Goal.PAID and roll is not None:
            return frozenset({roll.paid})
        if goal is Goal.POINTS:
            return frozenset({state.scores()[YOU].total})
        if goal is Goal.WINNER and state.phase is Phase.OVER:
            return frozenset(seat + 1 for seat in state.winners())
        return frozenset()

    def _answer(self, number: int) -> Reply:
        players = len(self._session.state.players)
        if self.step.goal is Goal.WINNER and not 1 <= number <= players:
            return Reply((_(NOT_A_SEAT).format(count=players),))  # no try spent on it
        if number in self._right_answers():
            self._owed = None  # the toll asked about is paid now
            return self._reach(())
        self._misses += 1
        hint = self.step.hint if self._misses >= 2 else ""
        return self._wrong(WRONG_ANSWER[self.step.goal], hint)

    def _reach(self, played: tuple[Action, ...], walked: Transition | None = None) -> Reply:
        """The step is done: say so (and what it played, for ``back``)."""
        self._played[self._step] = played
        self._done = True
        done = (self.spoken and self.step.done_spoken) or self.step.done
        return Reply((self.say(done),), done=True, walked=walked)

    def _wrong(self, *words: str) -> Reply:
        return Reply(tuple(self.say(said) for said in words if said))

    def _not_now(self, how: How) -> Reply:
        return Reply((_(NOT_NOW[how]),))

    @property
    def last_roll(self) -> Transition | None:
        """The last roll of the step's game, if any."""
        for transition in reversed(self._session.transitions):
            if isinstance(transition.action, Roll):
                return transition
        return None

    # -- moving through the course --------------------------------------------------------

    def keep(self) -> None:
        """Hand where the learner is to ``keep`` (as every move does): when they leave."""
        self._keep(self.bookmark)

    def next(self) -> None:
        """Go on to the next step, the next lesson, or the end of the course."""
        if self._step + 1 < len(self.lesson.steps):
            self._open(self._lesson, self._step + 1)
        else:
            self.finished.add(self.lesson.key)
            self._next_lesson()
        self.keep()

    def skip(self) -> None:
        """Leave this lesson for the next one (after the last: the end of the course)."""
        self._next_lesson()
        self.keep()

    def back(self) -> None:
        """Go back a step (from a lesson's first step or the end of the lessons, to the last
        step of the lesson before, its steps not played here played as the lesson scripts
        them)."""
        if self.complete:
            self.complete = False
            self._open(self._lesson, len(self.lesson.steps) - 1)
        elif self._step > 0:
            self._open(self._lesson, self._step - 1)
        elif self._lesson > 0:
            self._open(self._lesson - 1, len(self.lessons[self._lesson - 1].steps) - 1)
        else:
            self._open(0, 0)
        self.keep()

    def open(self, number: int) -> None:
        """Go to lesson ``number`` (from 1), at its start."""
        self.complete = False
        self._open(number - 1, 0)
        self.keep()

    def _next_lesson(self) -> None:
        if self._lesson + 1 < len(self.lessons):
            self._open(self._lesson + 1, 0)
        else:
            self.complete = True

    def _open(self, lesson: int, step: int) -> None:
        """Be at ``step`` of ``lesson``: its game rebuilt from the last step with a start of
        its own, the steps between played again as they were (or, when they were not
        played here, as the lesson scripts them: ``_scripted``)."""
        if lesson != self._lesson:
            self._played = {}
        self._lesson = lesson
        steps = self.lesson.steps
        first = max(index for index in range(step + 1) if steps[index].start is not None)
        start = steps[first].start
        assert start is not None, "a lesson's first step has a position of its own"
        session = Session(self.setup, start=start(), dice=LoadedDie(steps[first].die))
        owed: Transition | None = None
        for index in range(first, step):
            played = self._played.get(index)
            if played is None:
                played = self._played[index] = _scripted(session, steps[index])
            for action in played:
                transition = session.play(action)
                if steps[index].pays_later and isinstance(action, Roll):
                    owed = transition
        self._played = {index: played for index, played in self._played.items() if index < step}
        self._session = session
        self._step = step
        self._done = False
        self._misses = 0
        self._owed = owed if self.step.goal in TOLL_QUESTIONS else None
        self._asked = self.view
