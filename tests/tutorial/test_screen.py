"""The lessons in the full-screen app, played with the keys as a learner would: each lesson
through to its end, wrong tries explained on screen, back, skip and leave, the new-game
screen's entry, 80x24, 16 colours and NO_COLOR."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui.helpers import as_in_a_browser, run, screen_text, toasts, wait_until

from marrakech.tui import palette
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.setup import NewGameScreen
from marrakech.tui.screens.tutorial import TutorialScreen
from marrakech.tui.widgets.lesson_panel import LessonPanel
from marrakech.tutorial import progress
from marrakech.tutorial.course import Bookmark
from marrakech.tutorial.lessons import (
    ALLOWED_HERE,
    NOT_ACROSS,
    REFUSED,
    UTURN,
    WRONG_ANSWER,
)

Keys = tuple[str, ...]


def at(lesson: str, step: int = 0, finished: frozenset[str] = frozenset()) -> None:
    """Start the next visit to the lessons at ``lesson`` (and ``step``)."""
    progress.save(Bookmark(lesson, step, finished))


MARKET_COLUMNS = 47
"""At 80 columns, the market and the lines under it; the lesson's words are right of them."""


async def press(pilot: Pilot[None], *keys: str) -> str:
    """Press the keys, one at a time as a person does; then what the screen shows, read
    the way a person reads it: the lesson beside the market first, then the market and
    the lines under it, then the keys, each part's lines joined (its sentences wrap)."""
    for key in keys:
        await pilot.press(key)
    await pilot.pause()
    lines = screen_text(pilot.app).splitlines()
    side = [line[MARKET_COLUMNS:] for line in lines[:-1]]
    market = [line[:MARKET_COLUMNS] for line in lines[:-1]]
    return "\n".join(joined(part) for part in (side, market, lines[-1:]))


def joined(lines: list[str]) -> str:
    """Lines as one, their spaces folded."""
    return " ".join(" ".join(line.split()) for line in lines if line.strip())


def flat(screen: str) -> str:
    """The screen's parts as ``press`` reads them, on one line."""
    return screen.replace("\n", " ")


@pytest.mark.slow
@run
async def test_lesson_1_turn_roll_and_a_first_carpet() -> None:
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await press(pilot)
        assert "Lesson 1 of 6: Your turn" in screen
        assert "Learn Marrakech by playing it" in flat(screen)
        assert "← → ↑ pick a way, Enter rolls." in screen
        assert "U-turn" not in screen  # he never turns round: no key says he might
        screen = flat(await press(pilot, "down"))
        assert "✗ Assam never turns round: there is no U-turn." in screen
        screen = flat(await press(pilot, "left"))
        assert "Assam (the arrow) will go left, to the west." in screen
        assert "✗" not in screen  # a way picked: the words about the U-turn are gone
        screen = flat(await press(pilot, "enter"))
        assert "✓ The die showed 2, so Assam walked 2 squares to (3,1): row 3, column 1." in screen
        assert "Enter: the next step." in screen
        screen = flat(await press(pilot, "enter"))
        assert "Step 2 of 2" in screen
        assert "Arrows move it, r turns it, Enter lays it." in screen
        screen = flat(await press(pilot, "up", "up", "up"))
        assert "Your carpet on (0,0) and (1,0): \N{MULTIPLICATION SIGN} not allowed here." in screen
        screen = flat(await press(pilot, "enter"))
        assert "✗ Not allowed: a carpet must touch Assam's square by a side." in screen
        screen = flat(await press(pilot, "down"))
        assert "✗ Not allowed" in screen  # still not allowed there
        screen = flat(await press(pilot, "down"))
        assert "Your carpet on (2,0) and (3,0): allowed here." in screen
        assert "✗" not in screen  # put right: the words about the wrong try are gone
        screen = flat(await press(pilot, "r", "enter"))
        assert "✓ Your first carpet is down!" in screen
        assert "Enter: the next lesson." in screen
        screen = flat(await press(pilot, "enter"))
        assert "Lesson 2 of 6: The edge of the market" in screen


@pytest.mark.slow
@run
async def test_a_way_s_key_pressed_again_says_that_way_is_picked_already() -> None:
    # Pressed again, → did nothing at all: the learner could not tell why.
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "right", "right"))
        assert (
            "✗ Assam already goes right, to the east: a turn is only ever a quarter turn, so → "
            "again turns him no further. Enter rolls; ← or ↑ picks another way." in screen
        )
        assert "Assam (the arrow) will go right, to the east." in screen  # still right
        screen = flat(await press(pilot, "left"))
        assert "Assam (the arrow) will go left, to the west." in screen
        assert "✗" not in screen  # another way picked: the words are gone
        screen = flat(await press(pilot, "up", "up"))
        said = (
            "Assam already goes straight on, to the north. Enter rolls; ← or → turns him a "
            "quarter turn first."
        )
        assert said in screen and "✗" not in screen  # straight on, as the step began: no slip
        screen = flat(await press(pilot, "enter"))
        assert "✓ The die showed 2, so Assam walked 2 squares to (1,3)" in screen


@run
async def test_the_players_hold_the_carpets_of_a_game_of_three_less_those_laid() -> None:
    # Every player held "5 carpets", Bo with two carpets on the market too.
    at("carpets")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Lesson 4 of 6: Laying carpets" in screen
        assert "▶ You R 30 dirhams · 14 carpets" in screen
        assert "Bo B 30 dirhams · 13 carpets" in screen
        assert "Cem Y 30 dirhams · 14 carpets" in screen


@pytest.mark.slow
@run
async def test_lesson_2_round_the_loops() -> None:
    at("edge")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Welcome back! Here is where you stopped: lesson 2" in screen
        assert "Enter rolls the die." in screen
        screen = flat(await press(pilot, "left"))  # said, as in the text mode, not ignored
        assert "Here Assam already faces the way he goes: just roll." in screen
        screen = flat(await press(pilot, "enter"))
        assert "back in at (0,5) and on to (1,5)" in screen
        screen = flat(await press(pilot, "enter", "enter"))
        assert "the small loop turned him to face south on (0,6)" in screen


@run
async def test_two_rolls_shown_on_one_square_are_explained_where_they_first_show() -> None:
    at("edge", step=1)  # the corner: a roll of 1 and a roll of 2 both stop on (0,6)
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Step 2 of 2" in screen
        assert "(12: a 1 and a 2 both stop there)" in screen


@pytest.mark.slow
@run
async def test_lesson_3_the_toll_counted_before_it_is_paid() -> None:
    at("toll")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "enter", "enter"))
        assert "How many dirhams do you pay Bo?" in screen
        assert "▶ You R 30 dirhams" in screen  # not paid yet
        screen = flat(await press(pilot, "9", "backspace", "5", "enter"))
        assert "✗ Not quite." in screen
        screen = flat(await press(pilot, "3", "enter"))
        assert "The squares that count are (1,4), (1,5), (2,3) and (2,4)." in screen
        assert screen.count("$") == 4  # the region marked on the market
        screen = flat(await press(pilot, "4"))
        assert "Your answer: 4" in screen
        screen = flat(await press(pilot, "enter"))
        assert "✓ Right: 4. You pay Bo 4 dirhams." in screen
        assert "You R 26 dirhams" in screen and "Bo B 34 dirhams" in screen


@pytest.mark.slow
@run
async def test_lesson_4_every_refusal_tried_and_explained() -> None:
    at("carpets")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "enter"))  # the carpet as it starts: allowed
        assert "✗ That carpet would be allowed here." in screen
        screen = flat(await press(pilot, "up", "enter"))
        assert "✓ Refused, as it should be" in screen
        screen = flat(await press(pilot, "enter", "down", "enter"))
        assert "✓ Refused: Assam stands there" in screen
        screen = flat(await press(pilot, "enter", "down", "enter"))
        assert "✗ Not allowed: no carpet may cover Assam's square." in screen
        screen = flat(await press(pilot, "up", "r", "down", "left", "enter"))
        assert "✓ Refused: it would cover both halves of the blue carpet at once." in screen
        screen = flat(await press(pilot, "enter", "right", "down", "down", "enter"))
        assert "✓ Allowed! Each of those two carpets still shows one half, and the number" in screen
        assert "counts the carpets piled there now." in screen


@run
async def test_lesson_5_out_of_money() -> None:
    at("bankrupt")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "enter", "enter", "6", "enter"))
        assert "✗ Not quite. You cannot pay more than you have" in screen
        screen = flat(await press(pilot, "3", "enter"))
        assert "✓ Right: you pay all you have, 3 dirhams" in screen
        assert "You R OUT: bankrupt" in screen
        assert "r1" in screen  # the learner's carpets, neutral now


@pytest.mark.slow
@run
async def test_lesson_6_the_score_and_the_tie_broken_by_dirhams() -> None:
    at("end", finished=frozenset({"turn", "edge", "toll", "carpets", "bankrupt"}))
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "enter", "enter"))
        assert "How many points do you have?" in screen
        assert "plus your dirhams: you have 12." in screen
        screen = flat(await press(pilot, "8", "enter", "2", "0", "enter"))
        assert "✓ Right: 8 red squares and 12 dirhams make 20 points." in screen
        screen = flat(await press(pilot, "enter", "2", "enter", "1", "enter"))
        assert "✓ Right: you win!" in screen
        assert "Enter: finish the lessons." in screen
        screen = flat(await press(pilot, "enter"))
        assert "Well done: you know the rules of Marrakech!" in screen
        assert "Enter: play the short game (h there gives a hint and its reasons)." in screen


@pytest.mark.slow
@run
async def test_after_the_lessons_a_short_game_with_the_hint_one_key_away() -> None:
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *["n"] * 6, "enter")
        screen = joined(screen_text(app).splitlines())
        assert "Your name in the game" in screen
        assert "Player 1" in screen
        await press(pilot, "escape")
        assert isinstance(app.screen, TutorialScreen)
        await press(pilot, "enter")
        await press(pilot, "end", "ctrl+u", "b", "o", "enter")
        screen = joined(screen_text(app).splitlines())
        assert "Bo is the computer's name in this game: choose" in screen
        assert "another." in screen  # the reason wraps inside the prompt, none of it cut
        await press(pilot, "ctrl+u", *"Ayla", "enter")
        assert isinstance(app.screen, GameScreen)
        screen = await press(pilot)
        assert "▶ Ayla" in screen
        assert "h Hint" in screen
        assert "Bo · random computer" in screen
        assert "8 carpets" in screen
        await pilot.press("h")
        await wait_until(pilot, lambda: "Hint: " in screen_text(app), "the hint")


@pytest.mark.slow
@run
async def test_back_skip_and_leave_and_coming_back_later() -> None:
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot, "right", "enter", "enter"))
        assert "Step 2 of 2" in screen
        screen = flat(await press(pilot, "b"))
        assert "Step 1 of 2" in screen
        screen = flat(await press(pilot, "n", "n"))
        assert "Lesson 3 of 6: Paying" in screen
        await press(pilot, "escape")
    assert app.return_code == 0 or app.return_code is None
    again = MarrakechApp(tutorial=True)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Welcome back! Here is where you stopped: lesson 3, Paying." in screen


@pytest.mark.slow
@run
async def test_the_new_game_screen_offers_the_lessons_to_a_newcomer() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = joined(screen_text(app).splitlines())
        assert "Learn to play" in screen
        assert "New to Marrakech? Learn to play teaches it in a few minutes." in screen
        await pilot.click("#learn")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, NewGameScreen)
        app.pop_screen()
        app.new_game()
        await pilot.pause()
        screen = joined(screen_text(app).splitlines())
        assert "New to Marrakech?" not in screen  # the lessons were opened once


@run
async def test_a_broken_progress_file_opens_the_first_lesson(config_home: Path) -> None:
    path = progress.progress_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"lesson": [1, 2], "step": "x"', encoding="utf-8")
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Lesson 1 of 6: Your turn" in screen


@pytest.mark.parametrize("colours", ["16", pytest.param("none", marks=pytest.mark.slow)])
@run
async def test_the_lessons_read_without_full_colour(
    colours: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if colours == "none":
        monkeypatch.setenv("NO_COLOR", "1")
    app = MarrakechApp(tutorial=True, basic_colours=colours == "16")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = flat(await press(pilot))
            assert "← → ↑ pick a way, Enter rolls." in screen
            assert "↓" not in screen  # he never turns round: no key line offers it
            screen = flat(await press(pilot, "down"))
            assert "✗ Assam never turns round" in screen
            screen = flat(await press(pilot, "enter", "enter", "down", "down", "down"))
            refused = "\N{MULTIPLICATION SIGN}"
            assert f"{refused} not allowed here" in screen
            assert f"{refused} · {refused}═{refused} · {refused}" in screen  # marked so
    finally:
        palette.use(palette.FULL)  # the app chose the palette for every board drawn after


@pytest.mark.slow
@run
async def test_every_step_with_its_longest_words_fits_80_by_24() -> None:
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        course = screen.course
        panel = screen.query_one(LessonPanel)
        longest_wrong = max(
            [*REFUSED.values(), *WRONG_ANSWER.values(), ALLOWED_HERE, NOT_ACROSS, UTURN], key=len
        )
        for number in range(1, len(course.lessons) + 1):
            course.open(number)
            for step in course.lesson.steps:
                heading, label = course.heading(), course.step_label()
                for said, mood in (
                    ([course.say(step.done)], "done"),
                    ([course.say(longest_wrong), course.say(step.hint)], "wrong"),
                    ([course.welcome()], "note"),
                ):
                    panel.show(heading, label, course.instruction(), said, mood)
                    await pilot.pause()
                    room = panel.content_size
                    needed = panel.get_content_height(room, app.size, room.width)
                    assert needed <= room.height, (heading, label, mood, needed)
                course.next()


@pytest.mark.slow
@run
async def test_the_carpet_about_to_be_laid_hides_neither_assam_nor_the_carpets_under_it() -> None:
    at("carpets", 1)
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await press(pilot, "down")
        refused = "\N{MULTIPLICATION SIGN}"
        assert "Your carpet on (2,3) and (3,3)" in flat(screen)
        assert f"{refused}▲· {refused}" in screen  # Assam under it, his arrow on top
        assert f"{refused} B1{refused}" in screen  # Bo's blue half under it, still read
        screen = flat(await press(pilot, "enter", "enter"))
        assert "Step 3 of 4" in screen
        assert "On the market, B1 means: blue on top, and 1 carpet on that square." in screen
        assert "Bo's blue carpet on (2,2) and (2,3)" in screen
        assert "B1 ═░ B1░" in screen  # the blue carpet the words name, seen under it
        screen = flat(await press(pilot, "enter"))
        assert "✗ That carpet would be allowed here." in screen
        screen = flat(await press(pilot, "r"))  # turned where another rule refuses it:
        assert "not allowed here" in screen  # the line under the market says so, and the
        assert "✗ That carpet would be allowed here." not in screen  # words went with it
        screen = flat(await press(pilot, "down", "left"))
        assert "Your carpet on (2,2) and (2,3): \N{MULTIPLICATION SIGN} not allowed here." in screen
        assert "✗" not in screen  # the carpet where the step wants it: the words are gone


@pytest.mark.slow
@run
async def test_in_a_browser_leaving_the_lessons_says_the_page_keeps_the_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # It named marrakech tutorial, a command a browser's player has nowhere to type.
    as_in_a_browser(monkeypatch)
    at("bankrupt")
    app = MarrakechApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.open_tutorial()
        await press(pilot, "escape")
        assert isinstance(app.screen, NewGameScreen)
        assert flat(" ".join(toasts(app))) == (
            "Your place is kept while this page is open: Learn to play comes back to this lesson."
        )


@pytest.mark.slow
@run
async def test_a_letter_typed_for_an_answer_never_leaves_and_coming_back_finds_the_question() -> (
    None
):
    at("bankrupt")
    app = MarrakechApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.open_tutorial()
        screen = flat(await press(pilot, "enter", "enter"))
        assert "Step 2 of 2" in screen
        await press(pilot, "escape")
        assert isinstance(app.screen, NewGameScreen)
        assert (
            "Your place is kept: Learn to play comes back to this lesson (so does marrakech "
            "tutorial)." in flat(" ".join(toasts(app)))
        )
    again = MarrakechApp(tutorial=True)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = flat(await press(pilot))
        assert "Welcome back! Here is where you stopped: lesson 5" in screen
        assert "Step 2 of 2" in screen
        assert "You owe Bo 6 dirhams, but you have only 3." in screen
        screen = flat(await press(pilot, "4", "q"))
        assert isinstance(again.screen, TutorialScreen)  # q typed in the answer: still here
        assert "✗ The answer is a number: type its digits." in screen
        assert "Your answer: 4" in screen
        screen = flat(await press(pilot, "backspace", "3", "enter"))
        assert "✓ Right: you pay all you have, 3 dirhams" in screen
        await press(pilot, "escape")
    assert again.return_code == 0


@pytest.mark.slow
@run
async def test_the_die_says_it_rolls_and_a_click_on_it_rolls() -> None:
    app = MarrakechApp(tutorial=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "(⏎ or click to roll)" in screen_text(app)
        await pilot.click("#lesson-die")
        await wait_until(pilot, lambda: "✓ The die showed 2" in flat(screen_text(app)), "a roll")
        assert "(⏎ or click to roll)" not in screen_text(app)
