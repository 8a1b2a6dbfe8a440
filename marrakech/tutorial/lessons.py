"""The lessons, as data: every position, every set die and every word a learner reads.

Each lesson is a few steps on the real market, each asking the learner to do one thing
(``Goal``). A step either starts from a position of its own (``start``, built with the
engine's public values) or goes on from where the step before left the game. Its words
are plain sentences marked for the catalogue (``N_``) and translated where they are
shown; ``{fields}`` in them are filled by the course from the engine (the square Assam
stopped on, the toll, the score), never written here. ``tests/tutorial`` checks that
each position really gives the toll, the refusal or the end its words describe.

The seats of every lesson: the learner ("You", red), Bo (blue) and Cem (yellow), the
three-player game (one colour each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from marrakech.engine import (
    SIZE,
    START_SQUARE,
    STARTING_MONEY,
    Assam,
    Colour,
    Direction,
    GameState,
    Layer,
    Phase,
    Place,
    PlayerState,
    Square,
    Turn,
    Variant,
    carpets_per_colour,
    colours_for_seat,
)
from marrakech.games.language import N_


class Goal(Enum):
    """The one thing a step asks for."""

    ROLL = "roll"
    """Turn Assam (when he may be turned) and roll."""
    LAY = "lay"
    """Lay any carpet the rules allow."""
    LAY_ACROSS = "lay-across"
    """Lay a carpet the rules allow over halves of two different carpets."""
    REFUSED_APART = "refused-apart"
    """Try a carpet that is refused because it does not touch Assam's square."""
    REFUSED_UNDER = "refused-under"
    """Try a carpet that is refused because it would cover Assam's square."""
    REFUSED_WHOLE = "refused-whole"
    """Try a carpet that is refused because it would cover one whole carpet."""
    TOLL = "toll"
    """Say the toll of the roll just made, before it is paid."""
    PAID = "paid"
    """Say what the roll just made takes from you, before it is paid."""
    POINTS = "points"
    """Say your score at the end."""
    WINNER = "winner"
    """Say who won (their seat's number)."""


class Rule(Enum):
    """Why the engine refuses a carpet, as a lesson explains it."""

    APART = "apart"
    UNDER = "under"
    WHOLE = "whole"
    SHAPE = "shape"
    """Not two squares side by side on the market."""


class How(Enum):
    """What the learner does next, which says which keys or words to use."""

    TURN = "turn"
    ROLL = "roll"
    LAY = "lay"
    ANSWER = "answer"
    NEXT = "next"


@dataclass(frozen=True)
class Step:
    """One thing to do, with its words."""

    goal: Goal
    text: str
    """What to do, and why."""
    done: str
    """What is said once it is done."""
    start: Callable[[], GameState] | None = None
    """The position the step starts from; None: where the step before left the game."""
    die: tuple[int, ...] = ()
    """The die's rolls from ``start`` on, in order."""
    hint: str = ""
    """Said after a wrong try: what exactly to do (an answer's hint comes from the second
    wrong answer on)."""
    target: Place | None = None
    """A carpet the words name as ``{a}`` and ``{b}``."""
    pays_later: bool = False
    """A roll whose toll is shown unpaid until the next step says how much it is."""
    spoken: str = ""
    """``text`` as the text mode says it, where the app's words name what it draws or the
    keys it uses ("": the same words)."""
    done_spoken: str = ""
    """``done`` as the text mode says it, likewise."""


@dataclass(frozen=True)
class Lesson:
    """A few steps on one subject; ``key`` names it in the saved progress."""

    key: str
    title: str
    steps: tuple[Step, ...]


YOU, BO, CEM = 0, 1, 2
"""The seats of the lessons."""

NAMES = (N_("You"), N_("Bo"), N_("Cem"))
"""The players of the lessons, by seat."""

Carpet = tuple[Colour, Square, Square]

RED, BLUE, YELLOW = (colours_for_seat(seat, 3)[0] for seat in (YOU, BO, CEM))

PILE = carpets_per_colour(3)
"""The carpets each player of the lessons' game of three starts with."""


def position(
    assam: tuple[Square, Direction],
    phase: Phase,
    carpets: Sequence[Carpet] = (),
    *,
    money: tuple[int, int, int] = (30, 30, 30),
    piles: tuple[int, int, int] | None = None,
) -> GameState:
    """A three-player position: the learner to move, the carpets laid in order (later on
    top), each seat's dirhams and carpets left (None: as in a game of three, its carpets
    less those laid on the market)."""
    stacks: list[list[Layer]] = [[] for _ in range(SIZE * SIZE)]
    for number, (colour, *squares) in enumerate(carpets):
        for row, col in squares:
            stacks[row * SIZE + col].append(Layer(colour, number))
    colours = (RED, BLUE, YELLOW)
    laid = [colour for colour, *_squares in carpets]
    left = piles or tuple(PILE - laid.count(colour) for colour in colours)
    players = tuple(
        PlayerState(money[seat], (colour,), (colour,) * left[seat])
        for seat, colour in enumerate(colours)
    )
    return GameState(
        Variant.STANDARD,
        phase,
        YOU,
        Assam(*assam),
        players,
        tuple(tuple(stack) for stack in stacks),
        len(carpets),
    )


def _first_turn() -> GameState:
    return position(((3, 3), Direction.N), Phase.ORIENT)


def _off_the_top() -> GameState:
    return position(((1, 4), Direction.N), Phase.ROLL, [(YELLOW, (4, 1), (4, 2))])


def _into_the_corner() -> GameState:
    return position(((0, 5), Direction.E), Phase.ROLL, [(YELLOW, (4, 1), (4, 2))])


TOLL_MARKET: tuple[Carpet, ...] = (
    (BLUE, (2, 3), (2, 4)),
    (BLUE, (1, 4), (1, 5)),
    (BLUE, (3, 5), (4, 5)),
    (YELLOW, (1, 2), (2, 2)),
    (RED, (5, 1), (6, 1)),
)
"""Bo's region of four squares where Assam stops, and a blue carpet meeting it only at a
corner."""


def _toll() -> GameState:
    return position(((4, 3), Direction.N), Phase.ROLL, TOLL_MARKET)


CARPETS_MARKET: tuple[Carpet, ...] = (
    (BLUE, (2, 2), (2, 3)),
    (BLUE, (3, 4), (3, 5)),
    (YELLOW, (4, 4), (4, 5)),
    (RED, (5, 1), (5, 2)),
)
"""A whole blue carpet beside Assam, and a blue and a yellow one side by side."""


def _carpets() -> GameState:
    return position(((3, 3), Direction.N), Phase.PLACE, CARPETS_MARKET)


BANKRUPTCY_MARKET: tuple[Carpet, ...] = (
    (BLUE, (3, 1), (3, 2)),
    (BLUE, (2, 2), (1, 2)),
    (BLUE, (3, 0), (4, 0)),
    (YELLOW, (1, 4), (1, 5)),
    (RED, (5, 4), (5, 5)),
    (RED, (6, 2), (6, 3)),
)
"""Bo's region of six squares, where the learner, with three dirhams, stops."""


def _bankruptcy() -> GameState:
    return position(((5, 1), Direction.N), Phase.ROLL, BANKRUPTCY_MARKET, money=(3, 30, 30))


END_MARKET: tuple[Carpet, ...] = (
    (BLUE, (0, 3), (0, 4)),
    (YELLOW, (0, 5), (0, 6)),
    (BLUE, (1, 2), (1, 3)),
    (YELLOW, (2, 2), (2, 3)),
    (RED, (2, 3), (3, 3)),
    (BLUE, (3, 1), (3, 2)),
    (RED, (4, 3), (5, 3)),
    (BLUE, (4, 5), (4, 6)),
    (YELLOW, (4, 6), (5, 6)),
    (BLUE, (5, 5), (6, 5)),
    (RED, (6, 0), (6, 1)),
    (YELLOW, (6, 3), (6, 4)),
)
"""Six red squares, nine blue and seven yellow; Assam in the top left corner with empty
squares round him, so any last carpet adds two red squares."""


def _last_carpet() -> GameState:
    return position(
        ((0, 0), Direction.E), Phase.PLACE, END_MARKET, money=(12, 11, 9), piles=(1, 0, 0)
    )


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "turn",
        N_("Your turn"),
        (
            Step(
                Goal.ROLL,
                N_(
                    "You play red. Assam stands in the middle of the market, facing north "
                    "(up). First choose where he faces: ahead, or a quarter turn left or "
                    "right. He can never turn round to go back. Then roll the die: he walks "
                    "that many squares."
                ),
                N_(
                    "The die showed {roll}, so Assam walked {roll} squares to {square}: row "
                    "{row}, column {col}. The die's six sides show {faces}."
                ),
                start=_first_turn,
                die=(2,),
            ),
            Step(
                Goal.LAY,
                N_(
                    "Now lay your red carpet. It covers two squares side by side, and one of "
                    "them must touch Assam's square by a side."
                ),
                N_(
                    "Your first carpet is down! Each of its squares shows R1: red on top, and "
                    "1 carpet there. That was a whole turn: turn Assam, roll, pay if you must, "
                    "lay a carpet. Then the next player has a turn."
                ),
                done_spoken=N_(
                    "Your first carpet is down! The board now says red carpet no. 1 on each of "
                    "its squares: red on top, and the first carpet laid (carpets are "
                    "numbered as they are laid, whatever their colour). That was a whole "
                    "turn: turn Assam, roll, pay if you must, lay a carpet. Then the next "
                    "player has a turn."
                ),
            ),
        ),
    ),
    Lesson(
        "edge",
        N_("The edge of the market"),
        (
            Step(
                Goal.ROLL,
                N_(
                    "Assam faces north, near the edge. When he walks off the market, he "
                    "follows the curved loop drawn at the edge and comes back in. Roll and "
                    "watch him."
                ),
                N_(
                    "The die showed {roll}. He walked off the top, round the loop, back in at "
                    "{entry} and on to {square}. He faces {facing} now. Going round a loop "
                    "counts as one step."
                ),
                start=_off_the_top,
                die=(3,),
                spoken=N_(
                    "Assam faces north, near the edge. When he walks off the market, a loop "
                    "at the edge takes him round and back in on the row or column beside "
                    "the one he left, facing into the market. Roll and see where he goes."
                ),
            ),
            Step(
                Goal.ROLL,
                N_(
                    "The corners have small loops too. Assam faces east, near the top right "
                    "corner. Roll again."
                ),
                N_(
                    "The die showed {roll}. In the corner the small loop turned him to face "
                    "{facing} on {entry}, and he walked on to {square}."
                ),
                start=_into_the_corner,
                die=(3,),
            ),
        ),
    ),
    Lesson(
        "toll",
        N_("Paying"),
        (
            Step(
                Goal.ROLL,
                N_(
                    "Bo plays blue and Cem plays yellow. Assam faces north. Roll and see "
                    "where he stops."
                ),
                N_(
                    "Assam stopped on {square}, on Bo's blue carpet. When you stop on "
                    "another player's colour, you pay them."
                ),
                start=_toll,
                die=(2,),
                pays_later=True,
            ),
            Step(
                Goal.TOLL,
                N_(
                    "How many dirhams do you pay Bo? One for each square you count. Count the "
                    "blue square Assam stands on, then every blue square touching a counted "
                    "one by a side, however far that goes. Squares that only meet at a "
                    "corner do not count."
                ),
                N_("Right: {toll}. You pay Bo {toll} dirhams."),
                hint=N_("The squares that count are {region}."),
            ),
        ),
    ),
    Lesson(
        "carpets",
        N_("Laying carpets"),
        (
            Step(
                Goal.REFUSED_APART,
                N_(
                    "A carpet has three rules. Rule 1: it must touch Assam's square by a "
                    "side. Try it: move your carpet away from Assam and try to lay it there."
                ),
                N_("Refused, as it should be: a carpet must touch Assam's square by a side."),
                start=_carpets,
                hint=N_("For this step, put it where it does not touch Assam's square."),
                spoken=N_(
                    "A carpet has three rules. Rule 1: it must touch Assam's square by a "
                    "side. Try it: type lay with two squares side by side that are far from "
                    "Assam."
                ),
            ),
            Step(
                Goal.REFUSED_UNDER,
                N_(
                    "Rule 2: a carpet never goes under Assam. Try to lay your carpet with "
                    "one half on his square."
                ),
                N_("Refused: Assam stands there, so no carpet may cover his square."),
                start=_carpets,
                hint=N_("For this step, put one half on Assam's square."),
            ),
            Step(
                Goal.REFUSED_WHOLE,
                N_(
                    "Rule 3: a carpet may not cover both halves of one carpet at once. Try "
                    "to lay yours right on top of Bo's blue carpet on {a} and {b}. On the "
                    "market, B1 means: blue on top, and 1 carpet on that square."
                ),
                N_(
                    "Refused: it would cover both halves of the blue carpet at once. One half "
                    "at a time is fine: a carpet may end up hidden over two turns."
                ),
                start=_carpets,
                hint=N_("For this step, cover both halves of the blue carpet on {a} and {b}."),
                target=Place((2, 2), (2, 3)),
                spoken=N_(
                    "Rule 3: a carpet may not cover both halves of one carpet at once. Try "
                    "to lay yours right on top of Bo's blue carpet on {a} and {b}. In the "
                    "words of the market, "
                    "blue carpet no. 1 means the first carpet laid, and 2 carpets high means two "
                    "carpets lie on that square."
                ),
            ),
            Step(
                Goal.LAY_ACROSS,
                N_(
                    "Covering half of a carpet is fine, even halves of two carpets at once. "
                    "Lay yours across two carpets, for example on {a} and {b}."
                ),
                N_(
                    "Allowed! Each of those two carpets still shows one half, and the number "
                    "on your squares counts the carpets piled there now."
                ),
                start=_carpets,
                hint=N_(
                    "For this step, cover half of one carpet and half of another: {a} and {b}."
                ),
                target=Place((3, 4), (4, 4)),
            ),
        ),
    ),
    Lesson(
        "bankrupt",
        N_("Running out of money"),
        (
            Step(
                Goal.ROLL,
                N_("You have only {money} dirhams left. Assam faces north. Roll."),
                N_("Assam stopped on Bo's blue carpets: {toll} squares joined together."),
                start=_bankruptcy,
                die=(2,),
                pays_later=True,
            ),
            Step(
                Goal.PAID,
                N_(
                    "You owe Bo {toll} dirhams, but you have only {money}. How many dirhams "
                    "does Bo get?"
                ),
                N_(
                    "Right: you pay all you have, {paid} dirhams, and you are out of the "
                    "game. Your red carpets stay, but they are neutral now: nobody pays for "
                    "them and they score for nobody."
                ),
                hint=N_("You have {money} dirhams: that is all Bo can get."),
            ),
        ),
    ),
    Lesson(
        "end",
        N_("The end of the game"),
        (
            Step(
                Goal.LAY,
                N_(
                    "The game ends when everyone has laid all their carpets. Bo and Cem "
                    "have laid theirs, and this is your last one. Lay it!"
                ),
                N_("That was the last carpet: the game is over. Time to count!"),
                start=_last_carpet,
            ),
            Step(
                Goal.POINTS,
                N_(
                    "Your score is the red squares you can see on the market, plus your "
                    "dirhams: you have {dirhams}. Count each red square once, however many "
                    "carpets lie under it. How many points do you have?"
                ),
                N_("Right: {squares} red squares and {dirhams} dirhams make {points} points."),
                hint=N_("You can see {squares} red squares, and you have {dirhams} dirhams."),
            ),
            Step(
                Goal.WINNER,
                N_(
                    "{rival} has {points} points too: {rival_squares} squares and "
                    "{rival_dirhams} dirhams. When the points are level, the player with "
                    "more dirhams wins. So who wins? Type 1 for you or {rival_number} for "
                    "{rival}."
                ),
                N_(
                    "Right: you win! When the points are level, more dirhams win: you have "
                    "{dirhams}, {rival} has {rival_dirhams}."
                ),
                hint=N_("You have {dirhams} dirhams and {rival} has {rival_dirhams}."),
            ),
        ),
    ),
)
"""The course, in order."""


# -- what a wrong try is told ------------------------------------------------------------

UTURN = N_(
    "Assam never turns round: there is no U-turn. He goes ahead, or a quarter turn left or right."
)
"""A try to turn Assam round (the game says it shorter: ``cursor.NO_UTURN``)."""

ALREADY_FACING = N_("Here Assam already faces the way he goes: just roll.")
"""A try to turn Assam in a step where he is only rolled."""

REFUSED = {
    Rule.APART: N_("Not allowed: a carpet must touch Assam's square by a side."),
    Rule.UNDER: N_("Not allowed: no carpet may cover Assam's square."),
    Rule.WHOLE: N_("Not allowed: a carpet may not cover both halves of one carpet."),
    Rule.SHAPE: N_("Not allowed: a carpet covers two squares side by side on the market."),
}
"""Why a carpet is refused, by the rule the engine named."""

ALLOWED_HERE = N_("That carpet would be allowed here.")
"""A carpet the rules allow, tried where a step asks for one they refuse."""

NOT_ACROSS = N_("That carpet would be allowed, but it does not cover halves of two carpets.")

NOT_A_SEAT = N_("Answer with a player's number: 1 to {count}.")
"""What an answer naming no player gets, when the question is who wins (no try is spent)."""

WRONG_ANSWER = {
    Goal.TOLL: N_(
        "Not quite. Count Assam's own blue square, then every blue square touching a counted "
        "one by a side. Corners do not count."
    ),
    Goal.PAID: N_(
        "Not quite. You cannot pay more than you have: you pay everything, and you are out."
    ),
    Goal.POINTS: N_("Not quite. Count the red squares you can see, then add your dirhams."),
    Goal.WINNER: N_("Not quite. When the points are level, the player with more dirhams wins."),
}
"""A wrong answer, by what was asked."""

NOT_NOW = {
    How.TURN: N_("Not now: first turn Assam and roll."),
    How.ROLL: N_("Not now: first roll the die."),
    How.LAY: N_("Not now: first lay your carpet."),
    How.ANSWER: N_("First answer the question: type a number."),
    How.NEXT: N_("This step is done: go on to the next one."),
}
"""A try of the wrong kind, by what the step waits for."""


# -- the course around the lessons -------------------------------------------------------

TITLE = N_("Learn to play")

WELCOME = N_(
    "Learn Marrakech by playing it: six short lessons, then a short game against the "
    "computer. In the lessons the die is set, so each one goes the same way every time."
)

WELCOME_BACK = N_("Welcome back! Here is where you stopped: lesson {number}, {title}.")

HEADING = N_("Lesson {number} of {count}: {title}")

STEP = N_("Step {number} of {count}")

FINISHED = N_(
    "Well done: you know the rules of Marrakech! Now play a short game against Bo, the random "
    "computer (the gentlest: any carpet the rules allow): you lay red, Bo lays blue, {carpets} "
    "carpets each. (In a real game of two, each player has two colours, laid as they come "
    "from one pile.)"
)

FINISHED_SKIPPED = N_(
    "That was the last lesson. You skipped some, and you can go back to them any time. Now "
    "play a short game against Bo, the random computer (the gentlest: any carpet the rules "
    "allow): you lay red, Bo lays blue, {carpets} carpets each. (In a real game of two, each "
    "player has two colours, laid as they come from one pile.)"
)
"""Said at the end of the lessons instead of FINISHED when some were skipped."""

LEFT_LESSONS = N_("Your place is kept. You can come back to this lesson with marrakech tutorial.")
"""Said when the learner leaves the lessons before their end (and the program with them)."""

LEFT_LESSONS_FOR_THE_FORM = N_(
    "Your place is kept: Learn to play comes back to this lesson (so does marrakech tutorial)."
)
"""Said when the learner leaves the lessons for the new-game form, before their end."""

LEFT_LESSONS_IN_A_BROWSER = N_(
    "Your place is kept while this page is open: Learn to play comes back to this lesson."
)
"""Said when the learner leaves the lessons in a browser, where the page keeps the place."""

# -- the keys of the full-screen app -------------------------------------------------------

KEYS = {
    How.TURN: N_("← → ↑ pick a way, Enter rolls."),
    How.ROLL: N_("Enter rolls the die."),
    How.LAY: N_("Arrows move it, r turns it, Enter lays it."),
    How.ANSWER: N_("Type the number, then press Enter."),
    How.NEXT: N_("Enter: the next step."),
}
"""What to press, by what the step waits for."""

KEYS_NEXT_LESSON = N_("Enter: the next lesson.")

KEYS_LAST_LESSON = N_("Enter: finish the lessons.")
"""The keys at the end of the last lesson."""

ANSWER_LETTER = N_("The answer is a number: type its digits.")
"""A letter typed where the step waits for a number."""

KEYS_PRACTICE = N_(
    "Enter: play the short game (h there gives a hint and its reasons). Escape: leave."
)

PICKED_WAY = N_("Assam (the arrow) will go {way}. The numbers show where each roll stops.")

PICKED_AGAIN = {
    Turn.LEFT: N_(
        "Assam already goes {way}: a turn is only ever a quarter turn, so ← again turns "
        "him no further. Enter rolls; → or ↑ picks another way."
    ),
    Turn.RIGHT: N_(
        "Assam already goes {way}: a turn is only ever a quarter turn, so → again turns "
        "him no further. Enter rolls; ← or ↑ picks another way."
    ),
    Turn.STRAIGHT: N_(
        "Assam already goes {way}. Enter rolls; ← or → turns him a quarter turn first."
    ),
}
"""A way's key pressed again while that way is picked (the game's keys say "picked
already"), by the way picked."""

FACES = N_("Assam faces {facing}. The numbers show where each roll stops.")

PICKED_WAY_SHARED = N_(
    "Assam (the arrow) will go {way}. The numbers show where each roll stops ({first}{second}: "
    "a {first} and a {second} both stop there)."
)
"""``PICKED_WAY`` where two rolls stop on one square (the market shows "12" there)."""

FACES_SHARED = N_(
    "Assam faces {facing}. The numbers show where each roll stops ({first}{second}: a {first} "
    "and a {second} both stop there)."
)
"""``FACES`` where two rolls stop on one square."""

CARPET_ALLOWED = N_("Your carpet on {a} and {b}: allowed here.")

CARPET_REFUSED = N_("Your carpet on {a} and {b}: \N{MULTIPLICATION SIGN} not allowed here.")

ANSWER_SO_FAR = N_("Your answer: {typed}")

# -- the words of the text mode ------------------------------------------------------------

TYPE = {
    How.TURN: N_("Type left, right or ahead to turn Assam and roll (around tries a U-turn)."),
    How.ROLL: N_("Type roll."),
    How.LAY: N_(
        "Type lay and the carpet's two squares, row and column of each: lay {carpet} "
        "lays it on {a} and {b}. legal lists the carpets allowed."
    ),
    How.ANSWER: N_(
        "Type the number (board says what lies on every square, scores what everyone has)."
    ),
    How.NEXT: N_("Type next."),
}
"""What to type, by what the step waits for."""

TYPE_HELP = (
    N_("left, right, ahead, roll, lay c2.3-2.4 and numbers do what each step asks."),
    N_("board, square 2 3, row 2 and col 3 describe the market; legal lists the carpets allowed."),
    N_("scores says the dirhams and carpets each player has."),
    N_("back goes back a step, skip skips to the next lesson, lessons lists them."),
    N_("lesson 3 opens lesson 3; quit leaves, and the lessons start where you stopped next time."),
)
"""What ``help`` prints in the text mode's lessons, a line each (the text mode breaks a
line at the terminal's width: a sentence cut in two here would come out as two lines)."""

TYPE_PRACTICE = N_(
    "Type play for the short game (hint there gives a hint and its reasons), or quit."
)

NOT_IN_LESSONS = N_("That is not used in the lessons: help lists what is.")

MONEY_LINE = N_("{name}: {dirhams}, {carpets} left.")
"""A player's line of ``scores`` in the text mode's lessons ({dirhams}: "30 dirhams",
{carpets}: "13 carpets"); not their points, which the lessons ask the learner to count."""

OUT_LINE = N_("{name}: out, bankrupt.")
"""A bankrupt player's line of ``scores`` in the text mode's lessons."""

NEXT_STEP_COMES = N_(
    "In these lessons the next step comes by itself once this one is done; skip goes on to "
    "the next lesson."
)
"""Said to ``next`` in the text mode (the app's Enter goes on to the next step)."""

LESSON_LINE = N_("{number}. {title}")

LESSON_DONE_LINE = N_("{number}. {title} (done)")

NO_LESSON = N_("There is no lesson {number}: the lessons are 1 to {count}.")

GOODBYE = N_("Goodbye: next time the lessons start where you stopped.")
GOODBYE_AT_THE_END = N_("Goodbye: the lessons are over; next time they start from the first.")

PRACTICE_CARPETS = 8
"""The carpets each player lays in the short game after the lessons."""

PRACTICE_LEVEL = "random"
"""The computer of the short game: the gentlest level."""


def practice_start() -> GameState:
    """The short game's first position: the learner (red) against the computer (blue), one
    colour and PRACTICE_CARPETS carpets each, Assam in the middle facing north."""
    players = tuple(
        PlayerState(STARTING_MONEY, (colour,), (colour,) * PRACTICE_CARPETS)
        for colour in (RED, BLUE)
    )
    return GameState(
        Variant.STANDARD,
        Phase.ORIENT,
        YOU,
        Assam(START_SQUARE, Direction.N),
        players,
        ((),) * (SIZE * SIZE),
        0,
    )
