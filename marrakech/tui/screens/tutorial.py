"""Learn to play: the lessons on the market, a step at a time, then the short game.

A view of the course (``marrakech.tutorial``): the course says what each step asks and
checks every try with the engine; this screen keeps only what the learner points at (the
way picked, the carpet moved about, the number typed), sends the tries and shows what
they came to. The carpet moves freely over the market, so a learner can try a spot the
rules refuse and read why. Dismissed with the short game to play, or None to leave.
"""

from __future__ import annotations

import unicodedata
from itertools import combinations
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer

from marrakech.engine import Assam, GameState, Place, Transition, Turn
from marrakech.flow import cursor
from marrakech.flow.risk import lane_risks
from marrakech.games.language import _
from marrakech.games.session import Session, default_name
from marrakech.games.settings import Settings
from marrakech.games.words import STRAIGHT_ON, compass_word, square_text, way_words
from marrakech.tui.screens.game_status import walk_timing
from marrakech.tui.screens.market_screen import MarketScreen
from marrakech.tui.screens.name_prompt import NamePromptScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.screens.tutorial_keys import (
    ACTS,
    LESSON_KEYS,
    LESSON_LETTERS,
    LESSON_MOVES,
    MAX_DIGITS,
    moved,
    over,
    picked_again,
    rotated,
)
from marrakech.tui.widgets.board import BoardWidget, Ghost, Lane
from marrakech.tui.widgets.die_face import ROLL_HINT, DieFace
from marrakech.tui.widgets.key_footer import PALETTE_MIN_WIDTH, KeyFooter
from marrakech.tui.widgets.lesson_panel import LessonPanel, Mood
from marrakech.tui.widgets.lesson_seats import LessonSeats
from marrakech.tui.widgets.status_line import StatusLine
from marrakech.tui.widgets.too_small import TooSmall
from marrakech.tutorial import progress
from marrakech.tutorial.course import (
    Answer,
    Attempt,
    Course,
    Lay,
    TurnAround,
    Walk,
    learner_name,
    learner_name_problem,
    practice,
)
from marrakech.tutorial.lessons import (
    ANSWER_LETTER,
    ANSWER_SO_FAR,
    CARPET_ALLOWED,
    CARPET_REFUSED,
    FACES,
    FACES_SHARED,
    KEYS,
    KEYS_LAST_LESSON,
    KEYS_NEXT_LESSON,
    KEYS_PRACTICE,
    LEFT_LESSONS_FOR_THE_FORM,
    LEFT_LESSONS_IN_A_BROWSER,
    PICKED_WAY,
    PICKED_WAY_SHARED,
    TITLE,
    YOU,
    How,
)


class TutorialScreen(MarketScreen[Session | None]):
    """The lessons; dismissed with the short game to play, or None to leave."""

    BINDINGS: ClassVar[list[BindingType]] = list(LESSON_KEYS)

    def __init__(self, settings: Settings | None = None) -> None:
        """The lessons from where the learner stopped (the progress file); ``settings``
        give the pace of Assam's walk."""
        super().__init__()
        translate_bindings(self)
        self.settings = settings or Settings()
        """The player's settings (the pace of the walk)."""
        self.course = Course(progress.load(), keep=progress.save)
        self.turn: Turn = Turn.STRAIGHT
        """The way picked, before the roll."""
        self.carpet: Place | None = None
        """Where the carpet to lay lies now (anywhere on the market)."""
        self.typed = ""
        """The answer typed so far."""
        self.answering = False
        """An answer is under way: a key was typed for it (a digit, or a letter refused),
        and it is neither given nor erased. Its letters are then never commands."""
        self.said: tuple[str, ...] = (self.course.welcome(),)
        """What the last try came to (at first: what the course is)."""
        self.mood: Mood = "note"
        """What kind of words ``said`` are."""
        self._refused_for: str | None = None
        """Why the carpet last tried was refused (``Course.why_not``), while it is said."""
        self.walking: tuple[Transition, int] | None = None
        """A roll whose walk is shown, and the step Assam is on."""
        self._timer: Timer | None = None
        self._keys: tuple[tuple[str, str, bool], ...] = ()

    def compose(self) -> ComposeResult:
        with Horizontal(id="lesson-main", classes="market-room"):
            with Vertical(id="lesson-market"):
                yield BoardWidget(id="board")
                yield StatusLine(id="lesson-status")
                yield LessonSeats(id="lesson-seats")
            with Vertical(id="lesson-side"):
                yield LessonPanel(id="lesson")
                yield DieFace(id="lesson-die")
        yield TooSmall(id="too-small")
        yield KeyFooter(palette_min_width=PALETTE_MIN_WIDTH)

    def on_mount(self) -> None:
        self._fresh()
        self._draw()

    def on_unmount(self) -> None:
        self.course.keep()  # however the lessons are left, the next visit starts here

    def language_changed(self) -> None:
        """Say everything again in the language spoken now."""
        self.query_one(TooSmall).speak()
        self._draw()

    # -- the keys of the moment -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of the step show; those that try something dim during a walk."""
        if not self.fits_the_market:
            return False
        how = self.course.how()
        if action in ACTS:
            if how not in ACTS[action]:
                return False
            if action == "turn":
                way = str(parameters[0])
                return cursor.turned(self.course.view.state, self.turn, way) is not None or None
            if action == "picked_again":  # the way's own key dims; pressed, it says why
                return cursor.why_not_turned(self.turn, str(parameters[0])) is not None
            return self.walking is None or None
        if action == "next":
            return how is How.NEXT and not self.course.complete
        if action == "practice":
            return self.course.complete
        if action == "skip" and self.course.complete:
            return False
        if action in LESSON_MOVES and self.answering:
            return None  # b and n wait while an answer is typed (Backspace erases it)
        return True

    def why_not_now(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a dimmed key cannot act, where the lesson can say (the help shows it): a
        way's key, for the way picked already."""
        if action == "turn" and self.check_action(action, parameters) is None:
            return cursor.why_not_turned(self.turn, str(parameters[0]))
        return None

    def _refresh_keys(self) -> None:
        keys = tuple(
            (key, active.binding.action, active.enabled)
            for key, active in self.active_bindings.items()
        )
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    # -- drawing --------------------------------------------------------------------------

    def _fresh(self) -> None:
        """The first picks of a step: ahead, the carpet in front of Assam, nothing typed."""
        state = self.course.view.state
        self.turn = Turn.STRAIGHT
        self.carpet = cursor.first_carpet(state) if self.course.how() is How.LAY else None
        self.typed = ""
        self.answering = False

    def _draw(self) -> None:
        course = self.course
        view = course.view
        state, assam, how = view.state, view.assam, course.how()
        lanes: tuple[Lane, ...] = ()
        ghost = None
        if self.walking is not None:
            roll, step = self.walking
            state, assam = roll.before, Assam(*roll.path[step])
        elif how in (How.TURN, How.ROLL):
            turn = self.turn if how is How.TURN else None
            lanes = tuple(Lane(r.stops, chosen=True) for r in lane_risks(state) if r.turn == turn)
            square, facing = state.assam
            assam = Assam(square, facing.turned(self.turn)) if how is How.TURN else None
        elif how is How.LAY and self.carpet is not None:
            colour = state.players[YOU].top
            if colour is not None:
                ghost = Ghost(self.carpet, colour, legal=state.is_legal(self.carpet))
        self.query_one(BoardWidget).show(
            state, assam=assam, lanes=lanes, ghost=ghost, region=view.region
        )
        self.query_one(LessonSeats).show(state, course.names)
        roll_shown = course.last_roll if self.walking is None else self.walking[0]
        value = getattr(roll_shown.action, "value", None) if roll_shown is not None else None
        self.query_one(DieFace).show(value, _(ROLL_HINT) if self.check_action("roll", ()) else "")
        status_line = self.query_one(StatusLine)
        status = self._status(how)
        if not status_line.fits(status):  # the keys to press matter most: keep them whole
            status = self._status(how, shared=False)
        status_line.show(status)
        if course.complete:
            self.query_one(LessonPanel).show(_(TITLE), "", course.closing(), self.said, self.mood)
        else:
            self.query_one(LessonPanel).show(
                course.heading(),
                course.step_label(),
                course.instruction(),
                self.said,
                self.mood,
            )
        self._refresh_keys()

    def _status(self, how: How, *, shared: bool = True) -> Text:
        """The two lines under the market: the learner's pick, then the keys to use;
        ``shared`` False leaves out which rolls stop on one square (where it would not
        fit)."""
        state = self.course.view.state
        first = ""
        keys = _(KEYS[how])
        if self.walking is not None:
            keys = ""
        elif how in (How.TURN, How.ROLL):
            turn = self.turn if how is How.TURN else None
            stop = _shared_stop(state, turn) if shared else None
            rolls = {} if stop is None else {"first": stop[0], "second": stop[1]}
            if how is How.TURN:
                way = way_words(self.turn, state.assam.facing, straight=STRAIGHT_ON)
                first = _(PICKED_WAY_SHARED if rolls else PICKED_WAY).format(way=way, **rolls)
            else:
                facing = compass_word(state.assam.facing)
                first = _(FACES_SHARED if rolls else FACES).format(facing=facing, **rolls)
        elif how is How.LAY and self.carpet is not None:
            allowed = state.is_legal(self.carpet)
            first = _(CARPET_ALLOWED if allowed else CARPET_REFUSED).format(
                a=square_text(self.carpet.a), b=square_text(self.carpet.b)
            )
        elif how is How.ANSWER:
            first = _(ANSWER_SO_FAR).format(typed=self.typed + "▁")
        elif self.course.complete:
            keys = _(KEYS_PRACTICE)
        elif self.course.step_number == len(self.course.lesson.steps):
            last = self.course.lesson_number == len(self.course.lessons)
            keys = _(KEYS_LAST_LESSON if last else KEYS_NEXT_LESSON)
        status = Text(first)
        if keys:
            status.append(("\n" if first else "") + keys, style="italic")
        return status

    # -- trying ---------------------------------------------------------------------------

    def _try(self, attempt: Attempt) -> None:
        """Hand a try to the course and show what it came to (a roll's walk first)."""
        reply = self.course.attempt(attempt)
        self.said, self.mood = reply.lines, "done" if reply.done else "wrong"
        # What a refused carpet was refused for, to keep saying while a pick gets the same.
        self._refused_for = self.course.why_not(attempt.place) if isinstance(attempt, Lay) else None
        if not reply.done:
            self.app.bell()
        if reply.walked is not None:
            self._walk(reply.walked)
        self._draw()

    def _picked(self) -> None:
        """After a new pick: words saying a try was wrong stay while the carpet would be
        refused for the same reason, and go otherwise (a way for Assam, a carpet that would
        do what the step asks, or that would be refused for another reason)."""
        if self.mood in ("wrong", "aside") and (
            self.course.how() is How.TURN
            or self.carpet is None
            or self.course.why_not(self.carpet) != self._refused_for
        ):
            self.said = ()
        self._draw()

    def action_turn(self, way: str) -> None:
        """Pick a way for Assam (the way he faces, or a quarter turn)."""
        turn = cursor.turned(self.course.view.state, self.turn, way)
        if turn is None:
            self.app.bell()
            return
        self.turn = turn
        self._picked()

    def action_picked_again(self, way: str) -> None:
        """A way's key pressed again, that way picked already: the lesson says so (as the
        help says "picked already" of that key), and which keys act. A turn pressed twice
        is marked wrong (a turn is a quarter turn, never more); ↑ with Assam going
        straight on (as a step begins) is no mistake: an aside."""
        said = (picked_again(self.course.view.state, self.turn),)
        if way == "straight":
            self.said, self.mood = said, "aside"
        else:
            self.app.bell()
            self.said, self.mood = said, "wrong"
        self._draw()

    def action_turn_around(self) -> None:
        """Try to turn Assam round: the lesson says why he never does."""
        self._try(TurnAround())

    def action_already_facing(self) -> None:
        """A turn where Assam already faces his way: the lesson says to just roll."""
        self._try(Walk(Turn.LEFT))

    def action_roll(self) -> None:
        """Roll the die, Assam facing the way picked."""
        self._try(Walk(self.turn if self.course.how() is How.TURN else Turn.STRAIGHT))

    def action_move_carpet(self, way: str) -> None:
        """Move the carpet a square (anywhere on the market: the rules are tried on Enter)."""
        carpet = self.carpet and moved(self.carpet, way)
        if carpet is None:
            self.app.bell()
            return
        self.carpet = carpet
        self._picked()

    def action_rotate(self) -> None:
        """Turn the carpet a quarter."""
        if self.carpet is not None:
            self.carpet = rotated(self.carpet)
            self._picked()

    def action_lay(self) -> None:
        """Try to lay the carpet where it lies."""
        if self.carpet is not None:
            self._try(Lay(self.carpet))

    def action_type_digit(self, digit: int) -> None:
        """Type a digit of the answer."""
        self.answering = True
        if len(self.typed) < MAX_DIGITS:
            self.typed += str(digit)
        self._draw()

    def action_erase(self) -> None:
        """Take back the last digit typed; with none left, the answer is no longer under
        way (b and n move through the lessons again)."""
        self.typed = self.typed[:-1]
        self.answering = bool(self.typed)
        self._draw()

    def action_answer(self) -> None:
        """Give the number typed as the answer."""
        if not self.typed:
            self.app.bell()
            return
        typed, self.typed = self.typed, ""
        self.answering = False
        self._try(Answer(int(typed)))

    @on(DieFace.Clicked)
    def _die_clicked(self) -> None:
        if self.check_action("roll", ()):
            self.action_roll()

    @on(BoardWidget.SquareClicked)
    def _clicked(self, event: BoardWidget.SquareClicked) -> None:
        """A click moves the carpet over the square; a click on the carpet tries to lay it."""
        if self.carpet is None or self.check_action("lay", ()) is not True:
            return
        if event.square in (self.carpet.a, self.carpet.b):
            self.action_lay()
        else:
            self.carpet = over(self.carpet, event.square)
            self._picked()

    # -- Assam's walk ---------------------------------------------------------------------

    def _walk(self, roll: Transition) -> None:
        """Show Assam walking his roll a square at a time (not without animations)."""
        timing = list(walk_timing(roll, self.settings.step_seconds))
        if self.app.animation_level == "none" or not timing:
            return
        self.walking = (roll, 0)

        def step() -> None:
            if self.walking is None:
                return
            roll, at = self.walking
            if at + 1 < len(timing):
                self.walking = (roll, at + 1)
                self._timer = self.set_timer(timing[at + 1], step)
            else:
                self.walking = None
            self._draw()

        self._timer = self.set_timer(timing[0], step)

    def on_key(self, event: events.Key) -> None:
        """Any key ends the walk at once; a digit typed for an answer in another script
        (full-width, from an input method) is that digit; a letter typed for an answer is
        only a wrong try (never a key that leaves, such as q). Before anything is typed, b
        and n still go back a step and skip the lesson; once an answer is under way they
        are letters too."""
        if self.walking is not None:
            event.stop()
            event.prevent_default()
            self._stop_walk()
            self._draw()
        elif (
            self.course.how() is How.ANSWER
            and event.character is not None
            and len(event.character) == 1
            and event.character.isdecimal()
            and not event.character.isascii()
        ):
            # A digit from an input method (a full-width one, U+FF13): the digit it is.
            event.stop()
            event.prevent_default()
            self.action_type_digit(unicodedata.decimal(event.character))
        elif (
            self.course.how() is How.ANSWER
            and event.character is not None
            and event.character.isalpha()
            and (self.answering or event.key not in LESSON_LETTERS)
        ):
            event.stop()
            event.prevent_default()
            self.answering = True
            self.app.bell()
            self.said, self.mood = (_(ANSWER_LETTER),), "wrong"
            self._draw()

    def _stop_walk(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.walking = self._timer = None

    # -- moving through the course --------------------------------------------------------

    def _moved(self) -> None:
        """After a move through the course: fresh picks, nothing said yet."""
        self._stop_walk()
        self.said = ()
        self._fresh()
        self._draw()

    def action_next(self) -> None:
        """Go on to the next step or lesson."""
        self.course.next()
        self._moved()

    def action_back(self) -> None:
        """Go back a step."""
        self.course.back()
        self._moved()

    def action_skip(self) -> None:
        """Go on to the next lesson."""
        self.course.skip()
        self._moved()

    def action_leave(self) -> None:
        """Leave the lessons (the next visit starts where the learner is now, and a notice
        says so)."""
        self._stop_walk()
        self.course.keep()
        said = LEFT_LESSONS_IN_A_BROWSER if self.app.is_web else LEFT_LESSONS_FOR_THE_FORM
        kept = progress.kept_words(self.course.bookmark, said)
        if kept is not None:
            self.app.notify(kept, markup=False)
        self.dismiss(None)

    def action_practice(self) -> None:
        """Play the short game against the gentle computer, under the name last typed at
        set-up, else one the learner types now (Escape stays in the lessons)."""
        name = learner_name()
        if name is not None:
            self.dismiss(practice(name))
            return

        def named(typed: str | None) -> None:
            if typed is not None:
                self.dismiss(practice(typed))

        prompt = NamePromptScreen(
            _("Your name in the game"), default_name(YOU), check=learner_name_problem
        )
        self.app.push_screen(prompt, named)


def _shared_stop(state: GameState, turn: Turn | None) -> tuple[int, int] | None:
    """The first two rolls of the way ``turn`` (None: Assam's facing, before a plain roll)
    that stop on one square, shown there side by side ("12"); None when each has its own."""
    for risk in lane_risks(state):
        if risk.turn == turn:
            for first, second in combinations(range(len(risk.stops)), 2):
                if risk.stops[first] == risk.stops[second]:
                    return first + 1, second + 1
    return None
