"""The course: each lesson done as asked, each wrong try explained and the step going on,
back, skip and a later visit; the progress file, whatever it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.engine import Colour, Phase, Place, Turn
from marrakech.games.session import GameSetup
from marrakech.games.settings import save_last_setup
from marrakech.tutorial import progress
from marrakech.tutorial.course import (
    Answer,
    Bookmark,
    Course,
    Lay,
    TurnAround,
    Walk,
    learner_name,
    learner_name_problem,
    practice,
)
from marrakech.tutorial.lessons import LESSONS, How


def done(course: Course, *tries: Walk | TurnAround | Lay | Answer) -> list[str]:
    """Make the tries; the last must finish the step. Every line said, in order."""
    said: list[str] = []
    for attempt in tries:
        reply = course.attempt(attempt)
        said += reply.lines
    assert reply.done, said
    course.next()
    return said


def test_lesson_1_a_turn_with_a_u_turn_refused_and_a_first_carpet() -> None:
    course = Course()
    assert course.heading() == "Lesson 1 of 6: Your turn"
    assert course.how() is How.TURN
    said = done(course, TurnAround(), Walk(Turn.LEFT))
    assert said[0].startswith("Assam never turns round: there is no U-turn.")
    assert said[1].startswith(
        "The die showed 2, so Assam walked 2 squares to (3,1): row 3, column 1."
    )
    assert "1, 2, 2, 3, 3 and 4" in said[1]
    assert course.how() is How.LAY
    said = done(course, Lay(Place((0, 5), (0, 6))), Lay(Place((2, 1), (2, 2))))
    assert said[0] == "Not allowed: a carpet must touch Assam's square by a side."
    assert said[1].startswith("Your first carpet is down!")
    assert course.lesson_number == 2


def test_lesson_2_the_loops_of_the_edge_and_the_corner() -> None:
    course = Course(Bookmark("edge"))
    assert course.how() is How.ROLL
    said = done(course, Walk(Turn.LEFT), Walk(Turn.STRAIGHT))
    assert said[0] == "Here Assam already faces the way he goes: just roll."
    assert said[1].startswith(
        "The die showed 3. He walked off the top, round the loop, back in at (0,5) and on"
    )
    said = done(course, Walk(Turn.STRAIGHT))
    assert said == [
        "The die showed 3. In the corner the small loop turned him to face south on (0,6), and "
        "he walked on to (1,6)."
    ]


def test_lesson_3_the_toll_is_said_before_it_is_paid() -> None:
    course = Course(Bookmark("toll"))
    done(course, Walk(Turn.STRAIGHT))
    shown = course.view
    assert shown.assam is not None and shown.assam.square == (2, 3)
    assert shown.state.players[0].money == 30  # not paid yet
    assert course.how() is How.ANSWER
    first = course.attempt(Answer(2))
    assert first.lines == (
        "Not quite. Count Assam's own blue square, then every blue square touching a counted "
        "one by a side. Corners do not count.",
    )
    assert course.view.region == frozenset()
    second = course.attempt(Answer(6))
    assert second.lines[1] == "The squares that count are (1,4), (1,5), (2,3) and (2,4)."
    assert course.view.region == {(1, 4), (1, 5), (2, 3), (2, 4)}
    right = course.attempt(Answer(4))
    assert right.lines == ("Right: 4. You pay Bo 4 dirhams.",)
    assert course.view.state.players[0].money == 26


def test_lesson_4_each_refusal_explained_then_two_carpets_covered() -> None:
    course = Course(Bookmark("carpets"))
    said = done(course, Lay(Place((3, 2), (4, 2))), Lay(Place((0, 0), (0, 1))))
    assert said == [
        "That carpet would be allowed here.",
        "For this step, put it where it does not touch Assam's square.",
        "Refused, as it should be: a carpet must touch Assam's square by a side.",
    ]
    said = done(course, Lay(Place((0, 0), (0, 1))), Lay(Place((3, 3), (4, 3))))
    assert said[:2] == [
        "Not allowed: a carpet must touch Assam's square by a side.",
        "For this step, put one half on Assam's square.",
    ]
    assert said[2] == "Refused: Assam stands there, so no carpet may cover his square."
    assert "on top of Bo's blue carpet on (2,2) and (2,3)." in course.instruction()
    said = done(course, Lay(Place((2, 2), (2, 3))))
    assert said[0].startswith("Refused: it would cover both halves of the blue carpet at once.")
    said = done(course, Lay(Place((3, 2), (4, 2))), Lay(Place((3, 4), (4, 4))))
    assert said[0] == "That carpet would be allowed, but it does not cover halves of two carpets."
    assert said[-1] == (
        "Allowed! Each of those two carpets still shows one half, and the number on your "
        "squares counts the carpets piled there now."
    )


def test_lesson_5_bankruptcy_takes_all_you_have() -> None:
    course = Course(Bookmark("bankrupt"))
    assert course.instruction() == "You have only 3 dirhams left. Assam faces north. Roll."
    done(course, Walk(Turn.STRAIGHT))
    assert course.instruction().startswith("You owe Bo 6 dirhams, but you have only 3.")
    said = done(course, Answer(6), Answer(6), Answer(3))
    assert said[0].startswith("Not quite. You cannot pay more than you have")
    assert said[2] == "You have 3 dirhams: that is all Bo can get."
    assert said[3].startswith("Right: you pay all you have, 3 dirhams, and you are out")


def test_lesson_6_counting_the_score_and_the_tie_broken_by_dirhams() -> None:
    course = Course(Bookmark("end"))
    said = done(course, Lay(Place((0, 1), (0, 2))))
    assert said == ["That was the last carpet: the game is over. Time to count!"]
    assert course.view.state.phase is Phase.OVER
    assert course.view.region == frozenset()
    course.attempt(Answer(12))
    course.attempt(Answer(8))  # two wrong answers: the squares that count are marked
    counted = course.view.region
    assert len(counted) == 8 and all(course.view.state.top(s) is not None for s in counted)
    assert {course.view.state.top(s).colour for s in counted} == {Colour.RED}  # type: ignore[union-attr]
    said = done(course, Answer(20))
    assert said == ["Right: 8 red squares and 12 dirhams make 20 points."]
    course = Course(Bookmark("end", 1))
    said = done(course, Answer(8), Answer(12), Answer(20))
    assert said[2] == "You can see 8 red squares, and you have 12 dirhams."
    assert said[3] == "Right: 8 red squares and 12 dirhams make 20 points."
    assert course.instruction() == (
        "Bo has 20 points too: 9 squares and 11 dirhams. When the points are level, the player "
        "with more dirhams wins. So who wins? Type 1 for you or 2 for Bo."
    )
    reply = course.attempt(Answer(7))  # no player's number: no try is spent on it
    assert reply.lines == ("Answer with a player's number: 1 to 3.",) and not reply.done
    said = done(course, Answer(2), Answer(1))
    assert said[0] == "Not quite. When the points are level, the player with more dirhams wins."
    assert said[1].startswith("Right: you win! When the points are level, more dirhams win")
    assert course.complete


def test_a_try_of_the_wrong_kind_says_what_the_step_waits_for() -> None:
    course = Course()
    assert course.attempt(Answer(3)).lines == ("Not now: first turn Assam and roll.",)
    assert course.attempt(Lay(Place((2, 3), (1, 3)))).lines == (
        "Not now: first turn Assam and roll.",
    )
    course.attempt(Walk(Turn.RIGHT))
    assert course.attempt(Walk(Turn.RIGHT)).lines == ("This step is done: go on to the next one.",)


def test_back_plays_the_steps_before_again_and_skip_goes_to_the_next_lesson() -> None:
    kept: list[Bookmark] = []
    course = Course(keep=kept.append)
    done(course, Walk(Turn.RIGHT))
    assert course.view.state.assam.square == (3, 5)
    course.back()
    assert (course.lesson_number, course.step_number) == (1, 1)
    assert course.how() is How.TURN
    done(course, Walk(Turn.LEFT))
    course.back()  # back from the carpet to the turn
    course.back()  # back from the first step of lesson 1 stays there
    assert (course.lesson_number, course.step_number) == (1, 1)
    course.skip()
    assert course.lesson.key == "edge"
    assert kept[-1] == Bookmark("edge", 0, frozenset())
    course.back()  # back from the first step of lesson 2 to the last step of lesson 1
    assert (course.lesson_number, course.step_number) == (1, len(LESSONS[0].steps))
    assert course.how() is How.LAY
    course.open(6)
    course.skip()
    assert course.complete
    assert kept[-1] == Bookmark("turn", 0, frozenset())


def test_a_step_that_goes_on_from_the_one_before_is_kept_when_going_back_to_it() -> None:
    course = Course(Bookmark("toll"))
    done(course, Walk(Turn.STRAIGHT))
    done(course, Answer(4))
    course.back()  # from the next lesson to the start of this one
    course.open(3)
    done(course, Walk(Turn.STRAIGHT))
    course.back()
    course.attempt(Walk(Turn.STRAIGHT))
    course.next()
    assert course.step_number == 2 and course.view.assam is not None


def test_coming_back_later_opens_the_lesson_where_it_was_left() -> None:
    course = Course(Bookmark("carpets", 2, frozenset({"turn"})))
    assert (course.lesson_number, course.step_number) == (4, 3)
    assert course.welcome() == (
        "Welcome back! Here is where you stopped: lesson 4, Laying carpets."
    )
    assert Course(Bookmark("no such lesson", 7)).lesson_number == 1


@pytest.mark.parametrize(
    ("lesson", "number", "asked"),
    [
        ("toll", 3, "How many dirhams do you pay Bo?"),
        ("bankrupt", 5, "You owe Bo 6 dirhams, but you have only 3."),
        ("turn", 1, "Now lay your red carpet."),
        ("end", 6, "Your score is the red squares you can see on the market"),
    ],
)
def test_coming_back_to_a_step_that_goes_on_from_the_one_before(
    lesson: str, number: int, asked: str
) -> None:
    resumed = Course(Bookmark(lesson, 1))  # the step before was played in an earlier visit
    assert (resumed.lesson_number, resumed.step_number) == (number, 2)
    assert resumed.instruction().startswith(asked)
    assert resumed.how() is (How.LAY if lesson == "turn" else How.ANSWER)
    if lesson == "toll":  # the scripted roll played again, its toll not paid yet
        assert resumed.view.assam is not None and resumed.view.assam.square == (2, 3)
        assert resumed.attempt(Answer(4)).done
    resumed.back()
    assert resumed.step_number == 1


def test_lesson_words_say_what_the_rules_count() -> None:
    toll = Course(Bookmark("toll", 1))
    assert (
        "Count the blue square Assam stands on, then every blue square touching a counted "
        "one by a side, however far that goes." in toll.instruction()
    )
    end = Course(Bookmark("end", 1))
    assert "plus your dirhams: you have 12." in end.instruction()
    tie = Course(Bookmark("end", 2))
    rule = tie.instruction().index("the player with more dirhams wins")
    assert rule < tie.instruction().index("who wins?")  # the rule before the question
    labels = Course(Bookmark("carpets", 2)).instruction()
    assert "B1 means: blue on top, and 1 carpet on that square." in labels
    spoken = Course(Bookmark("carpets", 2), spoken=True).instruction()
    assert "2 carpets high means two carpets lie on that square" in spoken
    first = Course(Bookmark("turn", 1)).attempt(Lay(Place((0, 3), (0, 2)))).lines[0]
    assert "Each of its squares shows R1: red on top, and 1 carpet there." in first
    spoken = Course(Bookmark("turn", 1), spoken=True)
    first = spoken.attempt(Lay(Place((0, 3), (0, 2)))).lines[0]
    assert "The board now says red carpet no. 1 on each of its squares" in first
    assert "numbered as they are laid, whatever their colour" in first
    assert "R1" not in first
    assert "curved loop drawn" in Course(Bookmark("edge")).instruction()
    assert "drawn" not in Course(Bookmark("edge"), spoken=True).instruction()


def test_the_end_of_the_lessons_says_honestly_whether_all_were_done() -> None:
    skipped = Course(Bookmark("end"))
    skipped.skip()
    assert skipped.closing().startswith("That was the last lesson. You skipped some")
    skipped.back()
    assert (skipped.lesson_number, skipped.step_number) == (6, 3)  # its last step, skipped or not
    every = Course(Bookmark("end", 2, frozenset(lesson.key for lesson in LESSONS[:-1])))
    assert every.attempt(Answer(1)).done
    every.next()
    assert every.closing().startswith("Well done: you know the rules of Marrakech!")


def test_progress_is_kept_and_read_back(config_home: Path) -> None:
    assert progress.load() is None
    progress.save(Bookmark("toll", 1, frozenset({"turn", "edge"})))
    assert progress.load() == Bookmark("toll", 1, frozenset({"turn", "edge"}))
    assert progress.progress_path().parent == config_home / "marrakech"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[1, 2]",
        '{"lesson": 3}',
        '{"lesson": "' + "x" * 100 + '"}',
        '{"lesson": "toll", "step": "two", "finished": "all"}',
        '{"lesson": "toll", "step": -4, "finished": [1, null, "edge"]}',
        "\udcff",
    ],
)
def test_a_broken_progress_file_is_the_very_start_and_breaks_nothing(text: str) -> None:
    path = progress.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    found = progress.load()
    course = Course(found)
    assert course.lesson_number in (1, 3) and course.step_number == 1
    assert found is None or found.finished <= {"edge"}


def test_progress_that_cannot_be_written_is_not_kept(config_home: Path) -> None:
    (config_home / "marrakech").write_text("a file where the folder should be")
    progress.save(Bookmark("toll"))
    assert progress.load() is None


def test_a_question_keeps_its_words_once_answered() -> None:
    course = Course(Bookmark("bankrupt"))
    done(course, Walk(Turn.STRAIGHT))
    asked = course.instruction()
    course.attempt(Answer(3))
    assert course.instruction() == asked  # "you have only 3", not the 0 left after paying


def test_the_practice_game_is_against_bo_as_in_the_lessons() -> None:
    session = practice()
    assert session.setup.names == ("Player 1", "Bo")
    assert session.setup.seats[0] == "person"
    assert practice("Ayla").setup.names == ("Ayla", "Bo")


@pytest.mark.parametrize(
    ("names", "seats", "learner"),
    [
        (("Ayla", "Cem"), ("person", "hard"), "Ayla"),
        (("Cem", "Ayla"), ("expert", "person"), "Ayla"),
        (("Player 1", "Cem"), ("person", "hard"), None),  # not typed: the learner is asked
        (("BO", "Cem"), ("person", "hard"), None),  # Bo is the computer's name
        (("Ayla", "Cem"), ("hard", "expert"), None),
    ],
)
def test_the_practice_game_calls_the_learner_by_the_name_last_typed(
    names: tuple[str, str], seats: tuple[str, str], learner: str | None
) -> None:
    save_last_setup(GameSetup(2, names=names, seats=seats))
    assert learner_name() == learner


def test_a_learner_may_not_take_the_computer_s_name_nor_a_blank_one() -> None:
    assert learner_name_problem("Ayla") is None
    assert learner_name_problem("BO") == "Bo is the computer's name in this game: choose another."
    assert learner_name_problem("   ") == "The name must be 1 to 40 characters, not blank."
