"""No game is lost to another game, to opening a finished one, or to a second window."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.engine import Phase, colours_for_seat
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import GameFile
from marrakech.games.dice import SeededDie
from marrakech.games.playout import play_out_steps
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.replay import ReplayScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.setup import NewGameScreen

from .helpers import position, run, screen_text, toasts
from .test_screens_saves import open_saves


def unfinished_game(seed: int = 11, names: tuple[str, str] = ("Old", "Game")) -> Session:
    """An unfinished game autosaved and left (one action played), as a closed window leaves it."""
    session = Session(GameSetup(2, names=names, seed=seed))
    session.play(session.state.legal_actions()[0])
    game_file = GameFile.new()
    game_file.save(session)
    game_file.close()
    return session


def unfinished() -> list[tuple[str, ...]]:
    """The names of every unfinished game in the folder."""
    return sorted(game.session.setup.names for game in autosaves.unfinished_games() if game.session)


def finished_game(tmp_path: Path) -> Path:
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    state = position(piles=piles)
    setup = GameSetup(2, seed=4)
    steps = play_out_steps(state, lambda now: now.legal_actions()[0], SeededDie(setup.seed))
    path = tmp_path / "finished.json"
    finished = Session(setup, [step.action for step in steps], start=state)
    path.write_text(record_to_json(finished), encoding="utf-8")
    return path


@run
async def test_a_new_game_leaves_an_unfinished_one_untouched_and_resumable() -> None:
    unfinished_game()
    app = MarrakechApp(session=Session(GameSetup(2, names=("New", "One"), seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the first decision autosaves the new game
        await pilot.pause()
        assert unfinished() == [("New", "One"), ("Old", "Game")]


@run
async def test_opening_a_finished_game_writes_nothing(tmp_path: Path) -> None:
    unfinished_game()
    app = MarrakechApp(load=finished_game(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    assert unfinished() == [("Old", "Game")]


@pytest.mark.slow
@run
async def test_a_game_that_ends_here_moves_to_the_finished_games_to_replay() -> None:
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    state = position(piles=piles)
    app = MarrakechApp(session=Session(GameSetup(2, seed=4), start=state))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    assert list(autosaves.games_dir().glob("*.json")) == []
    [kept] = autosaves.finished_games()
    assert storage.load_game(kept).state.phase is Phase.OVER
    again = MarrakechApp()
    async with again.run_test(size=(100, 40)) as pilot:
        await open_saves(pilot)
        assert "Finished game" in screen_text(again)
        assert "over: " in screen_text(again) and " won" in screen_text(again)
        await pilot.press("r")  # replay it
        await pilot.pause()
        assert isinstance(again.screen, ReplayScreen)


@run
async def test_the_newest_free_game_is_offered_and_the_others_are_counted() -> None:
    unfinished_game(seed=1, names=("First", "Game"))
    unfinished_game(seed=2, names=("Second", "Game"))
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert "Resume the unfinished game of Second, Game" in screen_text(app)
        assert dialog.question == (
            "Resume the unfinished game of Second, Game (1 turn played)? "
            "1 other unfinished game: Saved games (ctrl+o)."
        )
        await pilot.press("enter")  # Resume is the default
        await pilot.pause()
        assert "Second" in screen_text(app) and "Game" in screen_text(app)
        assert unfinished() == [("First", "Game"), ("Second", "Game")]


@pytest.mark.slow
@run
async def test_a_game_open_in_another_window_is_not_offered_nor_opened_twice() -> None:
    unfinished_game()
    held = GameFile.resume(autosaves.unfinished_games()[0].path)[0]  # "another window"
    try:
        app = MarrakechApp()
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await open_saves(pilot)
            assert "open in another window" in screen_text(app)
    finally:
        held.close()


@pytest.mark.slow
@run
async def test_an_unfinished_game_that_cannot_be_resumed_is_mentioned_at_the_start() -> None:
    folder = storage.data_folder(autosaves.games_dir())
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=4))
    text = record_to_json(session).replace('"seed": 4', '"seed": "four"')
    (folder / "with-a-broken-seed.json").write_text(text)
    app = MarrakechApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        said = "1 unfinished game cannot be resumed: Saved games (ctrl+o) says why."
        assert any(said in toast for toast in toasts(app))
        await open_saves(pilot)
        assert "seed" in screen_text(app)
