"""The whole log one key away (``l``): every turn so far, numbered, the newest in view, and
back to the game with Escape, at 80x24 with four players."""

from __future__ import annotations

import pytest
from textual.app import App

from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.log import LogScreen

from .helpers import run, screen_text, wait_until


@pytest.mark.slow
@run
async def test_l_opens_every_turn_so_far_and_escape_goes_back() -> None:
    session = Session(GameSetup(4, seats=("person", "greedy", "greedy", "greedy"), seed=9))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen
        assert "l Log" in screen_text(app).splitlines()[-1]
        await pilot.press("enter")  # Player 1 rolls, then lays the carpet shown
        await wait_until(pilot, lambda: game.state.phase.value == "place", "the carpet to lay")
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(game.flow.log()) >= 4, "the computers' turns")
        await wait_until(pilot, lambda: game.flow.person_to_move, "Player 1's turn again")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = screen_text(app)
        for number, sentence in enumerate(game.flow.log(), start=1):
            assert f"{number} {sentence.split(',')[0]}," in text  # who did what, numbered
        assert "pays" in text or "walks to" in text
        # A sentence longer than a line goes on under its first word, not under its number.
        rows = text.splitlines()
        first = next(i for i, row in enumerate(rows) if "1 Player 1 " in row)
        start = rows[first].index("1 Player 1 ") + 2
        assert rows[first + 1][1:start].strip() == "", rows[first + 1]  # inside the frame
        assert rows[first + 1][start:].startswith("("), rows[first + 1]  # "(0,1)-(0,2)."
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


@run
async def test_a_sentence_with_no_spaces_wraps_whole() -> None:
    """Japanese writes no spaces between words: a long sentence still wraps, not cut."""
    sentence = "商人1はアッサムを左に向けました。" * 8
    app = LogApp(LogScreen([sentence]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = "".join(line.strip().strip("┃▌▐█ ") for line in screen_text(app).splitlines())
    assert "…" not in text
    assert sentence in text.replace(" ", "")


class LogApp(App[None]):
    def __init__(self, screen: LogScreen) -> None:
        super().__init__()
        self.log_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.log_screen)
