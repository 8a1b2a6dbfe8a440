"""The end of a game, polished (issue #28): what Enter does on the results, the way back
from a new-game form opened there, the bankrupt in the tables, the chart's axis, the log's
file name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Button, Static
from textual_plotext import PlotextPlot

from marrakech.engine import Phase
from marrakech.games.dice import LoadedDie
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.setup import NewGameScreen
from marrakech.tui.screens.summary import SummaryScreen
from marrakech.tui.widgets.chart_legend import ChartLegend
from marrakech.tui.widgets.status_line import StatusLine

from .helpers import open_summary, position, run, screen_text, wait_until
from .test_screens_results import finished


def last_carpet() -> Session:
    """Two people at one keyboard; Enter lays the last carpet of the game."""
    state = position(carpets=[("B", (1, 3), (2, 3))], piles=("R", ""), phase="place")
    return Session(GameSetup(2, names=("Ayla", "Bo")), start=state)


def status_behind(app: MarrakechApp) -> str:
    """The status line of the game under the results."""
    game = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
    return game.query_one(StatusLine).render().plain  # type: ignore[union-attr]


@pytest.mark.slow
@run
async def test_the_results_say_what_enter_does_and_the_board_stops_claiming_it() -> None:
    app = MarrakechApp(session=last_carpet())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        assert "Enter: Summary" in screen_text(app)
        assert "Enter shows the results" not in status_behind(app)
        await pilot.press("left")
        await pilot.pause()
        assert "Enter: Play again" in screen_text(app)
        await pilot.press("escape")  # the final board: Enter is the game screen's again
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Enter shows the results" in screen_text(app)


@pytest.mark.slow
@run
async def test_escape_on_a_new_game_reached_from_the_results_goes_back_to_them() -> None:
    app = MarrakechApp(session=last_carpet())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("left", "enter")  # Play again, left of the focused Summary
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert "Escape goes back to the results" in text
        assert "Back to the results" in text  # the footer's Escape
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#back")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("a")  # and once started, the new game replaces the old one
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#start")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the new game")
        games = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        assert len(games) == 1
        assert games[0].state.phase is not Phase.OVER
        assert "Ayla" in screen_text(app)  # the last game's players, for "play again"
        assert not any(isinstance(screen, ResultsScreen) for screen in app.screen_stack)


@pytest.mark.slow
@run
async def test_a_bankrupt_player_is_not_run_into_the_word_bankrupt() -> None:
    state = finished(money=[40, 0, 30], carpets=[], eliminated=[1])
    names = ("Player 1", "Player 2", "Player 3")
    app = MarrakechApp(session=Session(GameSetup(3, names=names), start=state))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert "Player 2 (bankrupt)" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        lines = screen_text(app).splitlines()
        row = next(n for n, line in enumerate(lines) if line.lstrip().startswith("Player 2"))
        assert "bankrupt" not in lines[row]
        column = lines[row].index("Player 2")
        # Set in under the name, as a colour's row is: not read as another player's row.
        assert lines[row + 1][column:].startswith("  bankrupt")


def chart_session(names: tuple[str, str] | None = None) -> Session:
    """Two turns from a position where the scores are far from round numbers (the players
    so named, when ``names`` is given)."""
    state = position(carpets=[("B", (1, 3), (2, 3))], money=(81, 67))
    setup = GameSetup(2) if names is None else GameSetup(2, names=names)
    session = Session(setup, start=state, dice=LoadedDie((1, 2)))
    for _turn in range(2):
        session.play(session.state.legal_actions()[0])
        session.roll()
        session.play(session.state.legal_placements()[0])
    return session


@run
async def test_the_score_chart_marks_whole_points() -> None:
    app = MarrakechApp(session=chart_session())
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(pilot, chart_session())
        assert app.screen.query_one(PlotextPlot).size.height >= 8
        marks = re.findall(r"^\s*(\S+)┤", screen_text(app), flags=re.MULTILINE)
        assert len(marks) >= 2
        assert all(mark.isdigit() for mark in marks), marks


@run
async def test_an_exported_log_has_no_spaces_in_its_file_name(data_home: Path) -> None:
    app = MarrakechApp(session=last_carpet())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("e")
        await wait_until(pilot, lambda: (data_home / "logs").is_dir(), "the log")
    logs = [path.name for path in (data_home / "logs").iterdir()]
    assert len(logs) == 1
    assert " " not in logs[0] and logs[0].startswith("game-"), logs


@run
async def test_a_log_named_after_a_save_with_spaces_has_none(data_home: Path) -> None:
    app = MarrakechApp(session=last_carpet())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        results = app.screen
        assert isinstance(results, ResultsScreen)
        results.documents.name = "my game"  # as if saved under that name
        await pilot.press("e")
        await pilot.pause()
    assert [path.name for path in (data_home / "logs").iterdir()] == ["my-game.txt"]


@pytest.mark.slow
@run
async def test_a_button_keeps_enter_words_after_focus_moves_back() -> None:
    app = MarrakechApp(session=last_carpet())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        app.screen.query_one("#quit", Button).focus()
        await pilot.pause()
        enter = app.screen.query_one("#enter", Static)
        assert "Enter: Quit" in str(enter.render())


@run
async def test_a_japanese_name_keeps_the_score_chart_in_line() -> None:
    named = chart_session(("花子", "Bob"))
    app = MarrakechApp(session=named)
    async with app.run_test(size=(100, 34)) as pilot:
        await open_summary(pilot, named)
        lines = screen_text(app).splitlines()
    top = next(n for n, line in enumerate(lines) if "┌" in line)
    right = lines[top].index("┐")
    bottom = next(n for n in range(top, len(lines)) if "└" in lines[n])
    assert all(lines[n][right] == "│" for n in range(top + 1, bottom)), lines[top:bottom]
    assert "━━ 花子" in lines[top - 1] and "━━ Bob" in lines[top - 1]


@run
async def test_a_long_name_takes_one_row_of_the_figures_and_leaves_the_chart_its_rows() -> None:
    long_name = "Grandma Rosalind the Magnificent"
    named = chart_session((long_name, "Bob"))
    app = MarrakechApp(session=named)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(pilot, named)
        lines = screen_text(app).splitlines()
        await pilot.resize_terminal(130, 30)  # room for the whole name: it is shown whole
        await wait_until(  # in the table, not only in the chart's legend
            pilot,
            lambda: any(
                line.strip().startswith(long_name) for line in screen_text(app).splitlines()
            ),
            "the whole name",
        )
    grandma = next(n for n, line in enumerate(lines) if line.strip().startswith("Grandma R"))
    assert "…" in lines[grandma] and long_name not in lines[grandma]
    assert lines[grandma + 3].strip().startswith("Bob")  # her two colours' rows, then Bob
    top = next(n for n, line in enumerate(lines) if "┌" in line)
    bottom = next(n for n in range(top, len(lines)) if "└" in lines[n])
    assert bottom - top > 5, lines  # the chart keeps its rows


@pytest.mark.slow
@pytest.mark.parametrize("width", [96, 100])
@run
async def test_the_chart_legend_never_parts_a_stroke_from_its_name(width: int) -> None:
    # At these widths "━━ Player 4" used to break: "━━" at the end of a line, or "4" alone
    # under the rest, where it read as one of the chart's figures.
    named = Session(GameSetup(4, names=("Ana", "Player 2", "Player 3", "Player 4"), seed=2))
    while named.state.phase is not Phase.OVER:
        if named.state.phase is Phase.ROLL:
            named.roll()
        else:
            named.play(named.state.legal_actions()[0])
    app = MarrakechApp(session=named)
    async with app.run_test(size=(width, 34)) as pilot:
        await open_summary(pilot, named)
        lines = screen_text(app).splitlines()
    legend = [line for line in lines if "━━" in line]
    names = re.findall(r"━━ (\w+(?: \d)?)", " ".join(legend))
    assert names == ["Ana", "Player 2", "Player 3", "Player 4"], legend
    assert not any(line.rstrip().endswith("━━") for line in legend), legend


def test_a_long_name_in_the_chart_legend_ends_in_an_ellipsis_and_leaves_room() -> None:
    # At 80x24 "Maximilian-Alexander Fitzgerald-Worthing" took two lines of the legend and
    # pushed the last player's entry out of sight.
    names = ("Ayla", "花子", "Maximilian-Alexander Fitzgerald-Worthing", "Dee")
    legend = ChartLegend([(name, "#c0392b") for name in names])
    lines = [line.plain for line in legend.lines(38)]
    assert len(lines) == 2, lines
    assert all(cell_len(line) <= 38 for line in lines), lines
    joined = " ".join(lines)
    assert "━━ Maximilian-Alex…" in joined and "━━ Dee" in joined, lines
    wide = [line.plain for line in legend.lines(200)]  # room for every name whole
    assert wide == ["   ".join(f"━━ {name}" for name in names)], wide
    narrow = [line.plain for line in legend.lines(10)]  # narrower than the name
    assert narrow[2] == "━━ Maximi…" and all(cell_len(line) <= 10 for line in narrow), narrow


@run
async def test_the_luck_figures_scroll_beside_a_thin_grey_bar_not_one_like_the_chart_s() -> None:
    # At 80x24 the figures of luck and skill scroll; their scroll bar was two columns of the
    # theme's blue beside the chart's blue bars, and read as one more bar.
    session = chart_session()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(pilot, session)
        luck = app.screen.query_one("#luck")
        await wait_until(pilot, lambda: luck.max_scroll_y > 0, "figures to scroll")
        bar = luck.vertical_scrollbar
        assert bar.display and bar.size.width == 1
        thumb = {  # the thumb: the bar's colour, drawn reversed
            segment.style.color.get_truecolor()
            for segment in app.console.render(bar.render(), app.console.options)
            if segment.style is not None and segment.style.reverse and segment.style.color
        }
        assert thumb
        for colour in thumb:  # greyish: its channels within a third of each other
            assert max(colour) - min(colour) < max(colour) / 3, colour
