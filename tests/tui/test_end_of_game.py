"""The end of a game: the results, the final board behind them, the summary, replay, saving."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.widgets import Input, Label
from textual_plotext import PlotextPlot

from marrakech.bots import make_bot
from marrakech.engine import Phase
from marrakech.flow import GameFlow
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.game_status import presence_words
from marrakech.tui.screens.name_prompt import NamePromptScreen
from marrakech.tui.screens.replay import ReplayScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.summary import SummaryScreen
from marrakech.tui.widgets.score_chart import whole_ticks
from marrakech.tutorial.course import practice

from .helpers import open_summary, run, screen_text, wait_until


def finished_session(players: int = 2, seed: int = 4) -> Session:
    """A game played to its end by greedy computers, as if by people at one keyboard."""
    session = Session(
        GameSetup(players, names=tuple(f"P{n}" for n in range(1, players + 1)), seed=seed)
    )
    bot = make_bot("greedy", seed=seed)
    while session.state.phase is not Phase.OVER:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(bot.choose(session.state))
            if session.state.phase is Phase.ROLL:
                session.roll()
    return session


def footer(app: MarrakechApp) -> str:
    return screen_text(app).splitlines()[-1]


@run
async def test_escape_shows_the_final_board_and_enter_brings_the_results_back() -> None:
    app = MarrakechApp(session=finished_session(3))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "the game is over. Enter shows the results" in text
        keys = footer(app)
        assert "Results" in keys and "Help" in keys
        for gone in ("Lay", "Rotate", "Next", "Undo", "Redo", "Hint", "Roll", "Left"):
            assert gone not in keys, gone
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is None


@pytest.mark.slow
@run
async def test_the_summary_has_every_players_figures_and_a_chart() -> None:
    session = finished_session(2)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        for heading in (
            "Squares",
            "Dirhams",
            "Earned",
            "Paid",
            "Biggest toll paid",
            "Largest region",
        ):
            assert heading in text
        assert "P1" in text and "P2" in text
        assert "red" in text and "green" in text  # each colour of a 2-player game
        plot = app.screen.query_one(PlotextPlot)
        assert plot.size.height >= 8
        assert "after each turn" in text
        assert "c Chances to win" in footer(app)
        # c again: who was likely to win, round by round (a learner sees where it turned).
        await pilot.press("c")
        await wait_until(pilot, lambda: "100%" in screen_text(app), "the chances' chart")
        await pilot.pause()  # the new heading's height settled
        text = screen_text(app)
        at = app.screen.query_one("#chart-heading").region
        rows = [row[at.x : at.right] for row in text.splitlines()[at.y : at.bottom]]
        heading = "Chances to win at the start of each round (turns along the bottom)"
        assert " ".join(" ".join(rows).split()) == heading
        assert "after each turn" not in text
        assert "c Points" in footer(app)
        assert sum(plot.display for plot in app.screen.query(PlotextPlot)) == 1
        await pilot.press("c")
        await pilot.pause()
        assert "after each turn" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


@pytest.mark.slow
@run
async def test_the_game_replays_from_its_results() -> None:
    app = MarrakechApp(session=finished_session(2))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


@pytest.mark.slow
@run
async def test_saving_from_the_results_keeps_a_bad_name_in_the_prompt(data_home: Path) -> None:
    app = MarrakechApp(session=finished_session(2))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, NamePromptScreen)
        prompt.query_one(Input).value = "../escape"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt
        assert "save name" in str(prompt.query_one("#error", Label).render())
        prompt.query_one(Input).value = "final"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("e")
        await pilot.pause()
    assert (data_home / "saves" / "final.json").is_file()
    assert (data_home / "logs" / "final.txt").is_file()  # the save's name
    assert not (data_home / "saves" / ".." / "escape.json").exists()


@pytest.mark.slow
@run
async def test_the_score_charts_marks_are_evenly_stepped_at_every_size() -> None:
    # Marks crowded on next rows read as unequal steps, and plotext drops one where two
    # fall on the same row (50, 45, 35).
    session = finished_session(2)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SummaryScreen(session))
        await pilot.pause()
        for size in ((80, 24), (100, 30), (140, 45)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            chart = app.screen.query_one(PlotextPlot).region
            rows = [row[chart.x : chart.right] for row in screen_text(app).splitlines()]
            marks = [
                (y, int(row.split("┤")[0]))
                for y, row in enumerate(rows[chart.y : chart.bottom])
                if "┤" in row
            ]
            steps = {high - low for (_, high), (_, low) in pairwise(marks)}
            apart = [below - above for (above, _), (below, _) in pairwise(marks)]
            assert len(marks) >= 2 and len(steps) == 1 and min(apart) >= 2, (size, marks)


def test_the_charts_marks_are_a_round_step_apart() -> None:
    assert whole_ticks(0, 80, 4) == [0, 25, 50, 75]  # four marks on a short chart
    assert whole_ticks(28, 56) == [30, 35, 40, 45, 50, 55]
    assert whole_ticks(0, 47) == [0, 10, 20, 30, 40]


class _LeftAtTheEnd(GameFlow):
    """A finished network game whose other players' programs let go of the table."""

    def away_since(self, seat: int) -> float | None:
        return 0.0 if seat > 0 else None


def test_once_the_game_is_over_nobody_is_called_away() -> None:
    session = finished_session(3)
    flow = _LeftAtTheEnd(session, lambda notice: None, autosave=False, remote=(1, 2))
    assert flow.over
    assert [presence_words(flow, seat) for seat in range(3)] == ["", "", ""]
    playing = _LeftAtTheEnd(
        Session(session.setup), lambda notice: None, autosave=False, remote=(1, 2)
    )
    assert [presence_words(playing, seat) for seat in range(3)] == ["", "away", "away"]


@pytest.mark.slow
@run
async def test_the_summary_lists_a_colour_under_its_player_only_where_they_hold_two() -> None:
    session = practice("Ana")  # the lessons' short game: a colour each
    greedy = make_bot("greedy", seed=2)
    while session.state.phase is not Phase.OVER:
        session.roll() if session.state.phase is Phase.ROLL else session.play(
            greedy.choose(session.state)
        )
    app = MarrakechApp(session=finished_session(2))
    async with app.run_test(size=(100, 32)) as pilot:
        await open_summary(pilot, session)
        one_each = screen_text(app)
        await open_summary(pilot, finished_session(2))
        two_each = screen_text(app)
    assert "Ana" in one_each and "  red" not in one_each
    assert "  red" in two_each and "  yellow" in two_each
