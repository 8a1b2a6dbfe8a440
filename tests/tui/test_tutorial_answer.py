"""The lessons' answers typed in the full-screen app: once an answer is under way its letters
are never commands (b went back a step, n skipped the lesson), and before it they are."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.tutorial import TutorialScreen
from marrakech.tutorial import progress
from marrakech.tutorial.course import Bookmark

from .helpers import run, screen_text

REFUSED = "✗ The answer is a number: type its digits."
QUESTION = "Step 2 of 2"
"""Lesson 5's question: how many dirhams Bo gets."""


MARKET_COLUMNS = 47
"""At 80 columns, the market and the lines under it; the lesson's words are right of them."""


async def press(pilot: Pilot[None], *keys: str) -> str:
    """Press the keys one at a time; then the screen's text on one line, spaces folded and
    read as a person does: the lesson beside the market, the market, then the keys."""
    for key in keys:
        await pilot.press(key)
    await pilot.pause()
    lines = screen_text(pilot.app).splitlines()
    parts = (
        [line[MARKET_COLUMNS:] for line in lines[:-1]],
        [line[:MARKET_COLUMNS] for line in lines[:-1]],
        lines[-1:],
    )
    return " ".join(" ".join(line.split()) for part in parts for line in part if line.strip())


def lessons(app: MarrakechApp) -> TutorialScreen:
    screen = app.screen
    assert isinstance(screen, TutorialScreen)
    return screen


def at_the_question() -> MarrakechApp:
    """The lessons, to be opened at lesson 5 (its question is its second step)."""
    progress.save(Bookmark("bankrupt", 0, frozenset()))
    return MarrakechApp(tutorial=True)


@pytest.mark.slow
@run
async def test_letters_typed_for_an_answer_neither_go_back_nor_skip() -> None:
    app = at_the_question()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await press(pilot, "enter", "enter")
        assert QUESTION in screen
        assert "How many dirhams does Bo get?" in screen
        step = (lessons(app).course.lesson_number, lessons(app).course.step_number)
        screen = await press(pilot, "a", "b", "c")
        assert (lessons(app).course.lesson_number, lessons(app).course.step_number) == step
        assert "Lesson 5 of 6" in screen
        assert QUESTION in screen
        assert REFUSED in screen
        assert not lessons(app).active_bindings["b"].enabled  # Back dims while typing
        assert not lessons(app).active_bindings["n"].enabled
        screen = await press(pilot, "enter")  # nothing typed: nothing given
        assert QUESTION in screen
        screen = await press(pilot, "1", "n", "b")
        assert (lessons(app).course.lesson_number, lessons(app).course.step_number) == step
        assert REFUSED in screen
        assert "Your answer: 1" in screen
        screen = await press(pilot, "backspace", "3", "enter")
        assert "✓ Right: you pay all you have, 3 dirhams" in screen


@pytest.mark.slow
@run
async def test_with_no_answer_under_way_b_goes_back_and_n_skips() -> None:
    app = at_the_question()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter", "enter")
        assert lessons(app).active_bindings["b"].enabled
        screen = await press(pilot, "b")  # nothing typed yet: b is Back
        assert "Step 1 of 2" in screen
        screen = await press(pilot, "enter", "enter", "1", "backspace", "b")  # all erased
        assert "Step 1 of 2" in screen
        screen = await press(pilot, "enter", "enter", "x", "backspace", "n")
        assert "Lesson 6 of 6" in screen
        screen = await press(pilot, "b", "enter", "6", "enter")  # a wrong answer given
        assert "✗ Not quite." in screen
        assert QUESTION in screen
        screen = await press(pilot, "b")
        assert "Step 1 of 2" in screen


@pytest.mark.slow
@run
async def test_a_full_width_digit_from_an_input_method_is_that_digit() -> None:
    # A Japanese input method types a full-width 3 (U+FF13): it vanished, with no word said.
    app = at_the_question()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await press(pilot, "enter", "enter")
        assert QUESTION in screen
        screen = await press(pilot, "\uff13")
        assert "Your answer: 3" in screen
        screen = await press(pilot, "enter")
        assert "✓ Right: you pay all you have, 3 dirhams" in screen
