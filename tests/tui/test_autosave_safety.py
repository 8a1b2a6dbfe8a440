"""No game is lost to another game, to opening a finished one, to a second window, or to a
data folder that cannot be written."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.replay import ReplayScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.setup import NewGameScreen

from .helpers import position, run, screen_text, toasts, wait_until
from .test_screens_saves import open_saves

READ_ONLY = os.strerror(errno.EROFS)


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


@pytest.fixture
def read_only_data(home: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Path]:
    """Make the data folder (whose name needs escaping) act as on a read-only file system:
    what the test wrote is read as ever, and nothing can be made or written there any
    more. Returns the folder of unfinished games."""
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data\x1bfolder"))
    storage.data_folder(autosaves.games_dir())

    def make_read_only() -> Path:
        root = storage.data_dir()
        real_open, real_access, real_mkdir = os.open, os.access, os.mkdir

        def inside(path: object) -> bool:
            return Path(os.path.abspath(str(path))).is_relative_to(root)

        def refused(path: object) -> OSError:
            return OSError(errno.EROFS, READ_ONLY, str(path))

        def open_file(path: str, flags: int, mode: int = 0o777, **options: Any) -> int:
            if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and inside(path):
                raise refused(path)
            return real_open(path, flags, mode, **options)

        def access(path: str, mode: int, **options: Any) -> bool:
            return not (mode & os.W_OK and inside(path)) and real_access(path, mode, **options)

        def mkdir(path: str, *args: Any, **options: Any) -> None:
            if inside(path) and not os.path.isdir(path):
                raise refused(path)
            real_mkdir(path, *args, **options)

        monkeypatch.setattr(os, "open", open_file)
        monkeypatch.setattr(os, "access", access)
        monkeypatch.setattr(os, "mkdir", mkdir)
        return autosaves.games_dir()

    return make_read_only


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


@pytest.mark.slow
@run
async def test_a_new_game_set_up_in_the_middle_of_one_leaves_it_in_saved_games() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, names=("First", "Game"), seed=1)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # a decision: the game is autosaved
        await pilot.pause()
        played = app.screen
        for then in ("escape", "enter"):  # back to the game, then a new one started
            await pilot.press("ctrl+p", *"New game")
            await wait_until(
                pilot, lambda: "this one stays in Saved games" in screen_text(app), "listed"
            )
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            assert "Escape goes back to the game being played" in screen_text(app)
            assert "Esc Back to the game" in screen_text(app)
            if then == "escape":  # the Back button says where it goes
                app.screen.query_one("#back").focus()
                await pilot.pause()
                assert "Back to the game being played, as it was left." in screen_text(app)
            await pilot.press(then)
            await pilot.pause()
            assert (app.screen is played) is (then == "escape")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.flow.session.state.phase is Phase.ORIENT  # the new game's start
        assert unfinished() == [("First", "Game")]  # the first one, still to play on


@pytest.mark.slow
@run
async def test_saved_games_over_a_game_list_it_as_played_here_and_go_back_to_it() -> None:
    unfinished_game()
    app = MarrakechApp(session=Session(GameSetup(2, names=("First", "Game"), seed=1)))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")  # a decision: the game is autosaved
        await pilot.pause()
        played = app.screen
        assert isinstance(played, GameScreen)
        played.action_new_game()
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await open_saves(pilot)
        listed = screen_text(app)
        assert "being played here: Enter goes back to it" in listed
        assert "open in another window" not in listed
        saves = app.screen
        await pilot.press("delete")  # the newest, the one played here: Del is dimmed
        await pilot.pause()
        assert app.screen is saves
        await pilot.press("down", "delete")  # the old game: it may be deleted
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "asked")
        await pilot.press("escape", "up", "enter")
        await pilot.pause()
        assert app.screen is played
        assert unfinished() == [("First", "Game"), ("Old", "Game")]


@pytest.mark.slow
@run
async def test_with_takebacks_on_the_end_of_the_game_is_taken_back_from_the_results() -> None:
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    session = Session(GameSetup(2, seed=4, takeback=True), start=position(piles=piles))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter", "enter", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert "u: take back" in screen_text(app)
        [kept] = autosaves.finished_games()
        await pilot.press("u")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the board")
        assert isinstance(app.screen, GameScreen)
        assert session.state.phase is Phase.PLACE and session.state.current == 1
        assert "Taken back: Player 2 lays" in screen_text(app)
        assert autosaves.finished_games() == []
        assert [game.path.name for game in autosaves.unfinished_games()] == [kept.name]
        await pilot.press("enter")  # the last carpet again: the results again
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("escape", "u")  # from the final board too
        await wait_until(pilot, lambda: session.state.phase is Phase.PLACE, "taken back")
        assert not isinstance(app.screen, ResultsScreen)


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
        # With its number, which `marrakech review NUMBER` takes.
        assert f"Finished game {kept.stem}" in screen_text(again)
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
        assert "Resume the unfinished game of Second and Game?" in screen_text(app)
        assert dialog.question == (
            "Resume the unfinished game of Second and Game? 0 turns played. "  # one under way
            "1 other unfinished game: New game, then Saved games (ctrl+o)."
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


@pytest.mark.slow
@run
async def test_a_read_only_data_folder_plays_the_unfinished_game_without_autosaving(
    read_only_data: Callable[[], Path],
) -> None:
    unfinished_game()
    [game] = list(autosaves.games_dir().glob("*.json"))
    kept = game.read_bytes()
    folder = read_only_data()
    app = MarrakechApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)  # not "open in another window"
        assert dialog.question == "Resume the unfinished game of Old and Game? 0 turns played."
        await pilot.press("enter")
        await pilot.pause()
        assert "Old" in screen_text(app)
        escaped = str(folder).replace("\x1b", "\\x1b")
        said = (
            f"{escaped} cannot be written. The unfinished game stays there "
            "as it was; what is played now is not saved."
        )
        assert any(said in toast for toast in toasts(app))
        await pilot.press("enter")  # a decision, played on
        await pilot.press("q")
        await pilot.pause()
        quit_dialog = app.screen
        assert isinstance(quit_dialog, ConfirmScreen)
        assert quit_dialog.question == (
            f"Quit the game? It is not saved ({escaped} cannot be written): what was "
            "played here is lost."
        )
        assert not any("Autosave failed" in toast for toast in toasts(app))
        await pilot.press("y")
        await pilot.pause()
    assert sorted(folder.glob("*.json")) == [game] and game.read_bytes() == kept


@pytest.mark.slow
@run
async def test_a_new_game_in_a_read_only_data_folder_says_it_is_not_saved(
    read_only_data: Callable[[], Path],
) -> None:
    folder = read_only_data()
    app = MarrakechApp(session=Session(GameSetup(2, names=("New", "One"), seed=1)))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")  # the first decision cannot be autosaved
        await pilot.pause()
        assert any("Autosave failed" in toast and READ_ONLY in toast for toast in toasts(app))
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.question.startswith("Quit the game? It is not saved (")
    assert list(folder.iterdir()) == []


@run
async def test_ctrl_q_at_the_resume_question_quits_and_the_game_waits() -> None:
    unfinished_game()
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0  # quit, not a new game
    assert unfinished() == [("Old", "Game")]  # offered again next time
