"""The lessons in plain lines: every lesson finished from the words alone, wrong tries
explained, the lesson commands, and the whole course through a pipe."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from marrakech.textmode.tutorial import TextLessons, teach
from marrakech.tutorial import progress
from marrakech.tutorial.course import Bookmark, Course


def lessons(key: str = "turn") -> TextLessons:
    return TextLessons(Course(Bookmark(key)))


def said(text: TextLessons, *lines: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out += text.respond(line).lines
    return out


def test_lesson_1_in_words() -> None:
    text = lessons()
    opening = text.opening()
    assert opening[:2] == [
        "Learn Marrakech by playing it: six short lessons, then a short game against the "
        "computer. In the lessons the die is set, so each one goes the same way every time.",
        "Lesson 1 of 6: Your turn.",
    ]
    assert opening[-2:] == [
        "Assam is on (3,3), facing north.",
        "Type left, right or ahead to turn Assam and roll (around tries a U-turn).",
    ]
    lines = said(text, "around")
    assert lines[0].startswith("Assam never turns round: there is no U-turn.")
    lines = said(text, "right")
    assert lines[0].startswith("The die showed 2, so Assam walked 2 squares to (3,5): row 3,")
    assert lines[1].startswith("Step 2 of 2. Now lay your red carpet.")
    assert lines[2] == "Assam is on (3,5), facing east."
    assert said(text, "legal")[0] == "1: c1.5-2.5, both squares empty."
    lines = said(text, "lay c0.0-0.1")
    assert lines[0] == "Not allowed: a carpet must touch Assam's square by a side."
    lines = said(text, "lay c3.6-4.6")
    assert lines[0].startswith("Your first carpet is down!")
    assert lines[1] == "Lesson 2 of 6: The edge of the market."


def test_lesson_2_in_words() -> None:
    text = lessons("edge")
    assert said(text, "left")[0] == "Here Assam already faces the way he goes: just roll."
    lines = said(text, "roll")
    assert lines[0].startswith(
        "The die showed 3. He walked off the top, round the loop, back in at (0,5)"
    )
    lines = said(text, "roll")
    assert lines[0].startswith(
        "The die showed 3. In the corner the small loop turned him to face south"
    )


def test_lesson_3_in_words_the_rows_to_count_from() -> None:
    text = lessons("toll")
    assert (
        "Row 2: (2,0) to (2,1) empty; (2,2) yellow carpet no. 4; (2,3) blue carpet no. 1; "
        in "\n".join(text.opening())
    )
    lines = said(text, "roll")
    assert lines[1].startswith("Step 2 of 2. How many dirhams do you pay Bo?")
    assert "Assam is on (2,3), facing north." in lines
    assert said(text, "lay 1")[0].startswith("First answer the question: type a number.")
    assert said(text, "3")[0].startswith("Not quite.")
    assert said(text, "5")[1] == "The squares that count are (1,4), (1,5), (2,3) and (2,4)."
    assert said(text, "4")[0] == "Right: 4. You pay Bo 4 dirhams."


def test_lesson_4_in_words() -> None:
    text = lessons("carpets")
    lines = said(text, "lay c3.2-4.2")
    assert lines[:2] == [
        "That carpet would be allowed here.",
        "For this step, put it where it does not touch Assam's square.",
    ]
    lines = said(text, "lay c3.4-4.5")
    assert lines[0] == "Not allowed: a carpet covers two squares side by side on the market."
    assert said(text, "c0.0-0.1")[0].startswith("Refused, as it should be")
    assert said(text, "lay c3.3-3.2")[0].startswith("Refused: Assam stands there")
    lines = said(text, "lay c2.2-2.3")
    assert lines[0].startswith("Refused: it would cover both halves of the blue carpet at once.")
    # The last step names a carpet: its prompt's example is that one, not another.
    assert "for example on (3,4) and (4,4)." in " ".join(lines)
    assert "lay c3.4-4.4 lays it on (3,4) and (4,4)" in lines[-1]
    assert said(text, "lay c3.4-4.4")[0] == (
        "Allowed! Each of those two carpets still shows one half, and the number on your "
        "squares counts the carpets piled there now."
    )


def test_lesson_5_in_words() -> None:
    text = lessons("bankrupt")
    lines = said(text, "roll")
    assert lines[1].startswith("Step 2 of 2. You owe Bo 6 dirhams, but you have only 3.")
    assert said(text, "6")[0].startswith("Not quite. You cannot pay more than you have")
    assert said(text, "3")[0].startswith("Right: you pay all you have, 3 dirhams")


def test_lesson_6_in_words_then_the_short_game() -> None:
    text = lessons("end")
    assert said(text, "roll")[0] == "Not now: first lay your carpet."
    assert said(text, "1")[0].startswith("That was the last carpet")
    assert said(text, "scores") == [
        "You: 12 dirhams, 0 carpets left.",
        "Bo: 11 dirhams, 0 carpets left.",
        "Cem: 9 dirhams, 0 carpets left.",
    ]
    assert said(text, "log")[0].startswith("That is not used in the lessons")
    board = said(text, "board")
    assert board[1].startswith(
        "Row 0: (0,0) empty, with Assam facing east; (0,1) red carpet no. 13"
    )
    assert said(text, "19")[0].startswith("Not quite. Count the red squares you can see")
    lines = said(text, "20")
    assert lines[1].startswith("Step 3 of 3. Bo has 20 points too")
    assert said(text, "2")[0].startswith("Not quite. When the points are level")
    lines = said(text, "1")
    assert lines[0].startswith("Right: you win!")
    assert lines[1].startswith("That was the last lesson. You skipped some")  # 1 to 5
    assert said(text, "left") == [
        "Type play for the short game (hint there gives a hint and its reasons), or quit."
    ]
    assert said(text, "play") == [
        "Your name in the game? Type it, or just press Enter for Player 1."
    ]
    assert said(text, "bo") == [
        "Bo is the computer's name in this game: choose another.",
        "Your name in the game? Type it, or just press Enter for Player 1.",
    ]
    assert said(text, "x" * 41)[0] == "The name must be at most 40 characters, not 41."
    assert said(text, "hint") == [  # as the line before said to type, in the game
        "'hint' is a command here, not a name.",
        "Your name in the game? Type it, or just press Enter for Player 1.",
    ]
    quitting = text.respond("\uff51\uff55\uff49\uff54")  # full-width "quit" quits too
    assert quitting.quit
    assert quitting.lines == ["Goodbye: the lessons are over; next time they start from the first."]
    assert said(text, "play")[0].startswith("Your name in the game?")
    named = text.respond("  Ayla ")
    assert named.practice
    assert named.player == "Ayla"


def test_each_line_of_the_lessons_help_is_whole_sentences() -> None:
    # A sentence cut in two lines ("... lessons lists them, lesson 3" / "opens lesson 3;
    # ...") came out as two lines, the first broken again at an 80-column terminal.
    lines = said(lessons(), "help")
    assert all(line.endswith(".") for line in lines), lines
    assert any(line.startswith("lesson 3 opens lesson 3;") for line in lines), lines


def test_the_lesson_commands() -> None:
    text = lessons()
    assert said(text, "help")[0].startswith("left, right, ahead, roll, lay c2.3-2.4")
    assert said(text, "lesson 9") == ["There is no lesson 9: the lessons are 1 to 6."]
    assert said(text, "lesson 4")[0] == "Lesson 4 of 6: Laying carpets."
    back = said(text, "back")  # from lesson 4's first step to lesson 3's last
    assert back[0] == "Lesson 3 of 6: Paying."
    assert back[1].startswith("Step 2 of 2. How many dirhams do you pay Bo?")
    assert said(text, "skip")[0] == "Lesson 4 of 6: Laying carpets."
    assert said(text, "next") == [
        "In these lessons the next step comes by itself once this one is done; skip goes on "
        "to the next lesson."
    ]
    assert said(text, "n")[0] == "Lesson 5 of 6: Running out of money."
    assert said(text, "lesson 4")[0] == "Lesson 4 of 6: Laying carpets."
    assert said(text, "lessons")[:2] == ["1. Your turn", "2. The edge of the market"]
    assert said(text, "square 2 3")[0].startswith("Square (2,3): Bo's blue carpet no. 1")
    assert said(text, "row 3")[0].startswith("Row 3: (3,0) to (3,2) empty; (3,3) empty, with Assam")
    assert said(text, "hello")[0].startswith("Unknown command 'hello'. Type lay and")
    goodbye = text.respond("quit")
    assert goodbye.quit and goodbye.lines == [
        "Goodbye: next time the lessons start where you stopped."
    ]


def test_teaching_on_streams_keeps_the_place_for_next_time() -> None:
    out = io.StringIO()
    assert teach(io.StringIO("left\nlay 1\nroll\nquit\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert lines.count(">") == 4
    assert lines[-1] == "Goodbye: next time the lessons start where you stopped."
    assert progress.load() == Bookmark("edge", 1, frozenset({"turn"}))
    again = io.StringIO()
    teach(io.StringIO(""), again, bookmark=progress.load())
    assert again.getvalue().startswith(
        "Welcome back! Here is where you stopped: lesson 2, The edge of the market.\n"
        "Step 2 of 2. The corners have small loops too."
    )


COURSE = (
    "around\nleft\nlay c0.0-0.1\nlay 1\n"  # lesson 1, a U-turn and a carpet too far
    "left\nroll\nroll\n"  # lesson 2
    "roll\n5\n5\n4\n"  # lesson 3
    "lay c3.2-4.2\nlay c0.0-0.1\nlay c3.3-3.2\nlay c2.2-2.3\nlay (3,4) (4,4)\n"  # lesson 4
    "roll\n6\n3\n"  # lesson 5
    "lay 1\n20\n2\n1\n"  # lesson 6
    "play\n\nleft\n1\n"  # the short game under the name offered: a turn
    "quit\n"
)
"""Every lesson, with wrong tries, then the short game started and left."""


@pytest.mark.slow
def test_the_whole_course_through_a_pipe(home: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from marrakech.textmode.tutorial import "
            "teach_on_console; sys.exit(teach_on_console())",
        ],
        input=COURSE,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
        },
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert "\x1b" not in result.stdout
    headings = [line for line in lines if line.startswith("Lesson ")]
    assert headings == [
        f"Lesson {n} of 6: {title}."
        for n, title in enumerate(
            [
                "Your turn",
                "The edge of the market",
                "Paying",
                "Laying carpets",
                "Running out of money",
                "The end of the game",
            ],
            start=1,
        )
    ]
    wrong = [
        line
        for line in lines
        if line.startswith(("Not ", "That carpet", "Here Assam", "Assam never"))
    ]
    assert len(wrong) == 8
    done = next(i for i, line in enumerate(lines) if line.startswith("Well done: you know"))
    # The commands of a game the lessons did not use, once, before the short game.
    assert lines[done + 1].startswith("In a game, these tell you more: risk, the chance of")
    assert sum(line.startswith("In a game, these tell") for line in lines) == 1
    assert "Player 1 plays red." in lines
    assert "Bo (random computer) plays blue." in lines
    assert lines[-1] == "Goodbye: the game is saved, and marrakech --text resumes it."


def test_the_game_s_commands_in_japanese_work_in_the_lessons_too() -> None:
    text = lessons()
    assert said(text, "ヘルプ")[0].startswith("left, right, ahead, roll, lay c2.3-2.4")
    assert said(text, "左")[0].startswith("The die showed 2")
    assert said(text, "敷く 1")[0].startswith("Your first carpet is down!")
    assert text.respond("終了").quit


def test_after_the_last_lesson_only_the_short_game_or_leaving_is_left() -> None:
    text = TextLessons(Course(Bookmark("end")))
    text.course.skip()
    expected = "Type play for the short game (hint there gives a hint and its reasons), or quit."
    assert said(text, "around")[0].endswith(expected)
    assert said(text, "hello")[0].endswith(expected)
    assert said(text, "back")[0] == "Lesson 6 of 6: The end of the game."


def test_coming_back_to_the_question_after_the_roll() -> None:
    out = io.StringIO()
    teach(io.StringIO("roll\nquit\n"), out, bookmark=Bookmark("bankrupt"))
    assert "Step 2 of 2. You owe Bo 6 dirhams" in out.getvalue()
    assert progress.load() == Bookmark("bankrupt", 1, frozenset())
    again = io.StringIO()
    teach(io.StringIO("3\nquit\n"), again, bookmark=progress.load())
    lines = again.getvalue().splitlines()
    assert lines[:2] == [
        "Welcome back! Here is where you stopped: lesson 5, Running out of money.",
        "Step 2 of 2. You owe Bo 6 dirhams, but you have only 3. How many dirhams does Bo get?",
    ]
    # Coming back, the market is said whole, though the step goes on from the one before.
    assert lines[2].startswith("Assam is on ")
    assert lines[3].startswith("Row ")
    assert "Right: you pay all you have, 3 dirhams, and you are out of the game." in " ".join(lines)


def test_the_words_fit_plain_lines() -> None:
    edge = lessons("edge").opening()
    assert not any("drawn" in line for line in edge)
    assert "a loop at the edge takes him round and back in" in " ".join(edge)
    carpets = lessons("carpets").opening()
    assert "Try it: type lay with two squares side by side that are far from Assam." in (
        " ".join(carpets)
    )
    assert not any("move your carpet" in line for line in carpets)
    text = lessons("carpets")
    said(text, "c0.0-0.1", "lay c3.3-3.2")
    step = " ".join(said(text, "board"))
    assert "(3,4) blue carpet no. 2" in step  # the words the next step explains
    assert (
        "blue carpet no. 1 means the first carpet laid, and 2 carpets high means two carpets"
        in (" ".join(text.step_lines()))
    )
    toll = said(lessons("toll"), "roll")
    assert "Count the blue square Assam stands on, then every blue square touching a" in (
        " ".join(toll)
    )


def test_the_example_carpet_is_allowed_and_squares_in_words_lay_it() -> None:
    text = lessons()
    prompt = said(text, "right")[-1]
    assert prompt.startswith("Type lay and the carpet's two squares, row and column of each: ")
    example = prompt.split("lay ")[2].split(" ")[0]
    assert any(line.startswith(f"1: {example},") for line in said(text, "legal"))
    assert said(text, "lay (1,5) (2,5)")[0].startswith("Your first carpet is down!")
    text = lessons("carpets")
    assert said(text, "lay 0,0 0,1")[0].startswith("Refused, as it should be")
    assert said(text, "lay (3,3)-(3,2)")[0].startswith("Refused: Assam stands there")


def test_the_dirhams_to_count_are_said() -> None:
    text = lessons("end")
    lines = said(text, "lay 1")
    assert "plus your dirhams: you have 12." in lines[1]
    assert lines[-1] == (
        "Type the number (board says what lies on every square, scores what everyone has)."
    )
    assert said(text, "scores")[0] == "You: 12 dirhams, 0 carpets left."


def test_a_name_that_is_a_way_of_the_compass_is_a_name() -> None:
    text = TextLessons(Course(Bookmark("end")))
    text.course.skip()
    assert said(text, "play")[0].startswith("Your name in the game?")
    named = text.respond("南")
    assert named.practice and named.player == "南"
