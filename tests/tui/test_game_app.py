"""The app around a game: help, quitting, saving, loading, resuming, the mouse, bots, size."""

from __future__ import annotations

import re
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Input

from marrakech import bots
from marrakech.engine import Action, GameState, Orient, Phase, Place, Roll, Turn
from marrakech.games import storage
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.files import NOTICE_TEXT_WIDTH, screenshot_name, shown_path
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.help import HelpScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.setup import NewGameScreen
from marrakech.tui.widgets.board import BoardWidget

from .helpers import (
    as_in_a_browser,
    check_golden,
    keep_a_finished_game,
    position,
    run,
    screen_text,
    toasts,
    wait_for_seat,
    wait_for_turns,
    wait_until,
)


def game_screen(app: MarrakechApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def cell(col: int, row: int) -> tuple[int, int]:
    """Where the middle of a square is on the compact 80x24 board."""
    return (4 + col * 6 + 2, 2 + row * 2)


@run
async def test_fixed_position_matches_golden_screen() -> None:
    session = Session(GameSetup(2, seed=1), [Orient(Turn.LEFT)])
    session.roll()
    session.play(Place((2, 0), (2, 1)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        check_golden("game_80x24.txt", screen_text(app))


@pytest.mark.slow
@run
async def test_help_opens_and_closes() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("yes", ["y", "q"])  # the quit key twice quits
@run
async def test_quitting_a_game_asks_first(yes: str) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "y, q: Quit · n, Esc: Keep playing" in screen_text(app)
        await pilot.press(yes)
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_the_quit_question_is_not_covered_by_a_notice_said_just_before() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("Saved to /a/long/path/of/the/data/folder/saves/three.json")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert toasts(app) == []


def downloads(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The names of the files the app sends to the browser from now on (none is sent)."""
    delivered: list[str | None] = []
    monkeypatch.setattr(
        MarrakechApp,
        "deliver_text",
        lambda app, file, save_filename=None, **_: delivered.append(save_filename),
    )
    return delivered


def a_new_game(monkeypatch: pytest.MonkeyPatch, *, in_a_browser: bool) -> MarrakechApp:
    """The app with a new 2-player game, run in a browser's page or in a terminal."""
    as_in_a_browser(monkeypatch, in_a_browser)
    return MarrakechApp(session=Session(GameSetup(2, seed=1)))


@pytest.mark.parametrize("games", [0, 1])
@run
async def test_in_a_browser_leaving_the_first_page_asks_when_the_page_keeps_games(
    games: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_in_a_browser(monkeypatch)
    if games:
        keep_a_finished_game()
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        if not games:  # nothing would be lost: the page's game ends at once
            assert app.return_code == 0 and not app.is_running
            return
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == (
            "Leave Marrakech? In a browser the game in Saved games goes with the page: d "
            "there sends it to your downloads first."
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # stayed: the form as it was
        await pilot.press("escape", "q")  # the quit key again answers yes
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("in_a_browser", [False, True])
@run
async def test_quitting_from_the_results_goes_to_the_first_page_in_a_browser(
    in_a_browser: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_in_a_browser(monkeypatch, in_a_browser)
    app = MarrakechApp(session=storage.load_game(keep_a_finished_game()))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        label = str(app.screen.query_one("#quit", Button).label)
        assert label == ("First page" if in_a_browser else "Quit")  # q's button
        await pilot.press("q")  # nothing is lost: the game waits in Saved games
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) is in_a_browser
        assert app.is_running is in_a_browser


@pytest.mark.slow
@run
async def test_in_a_browser_leaving_a_game_goes_to_the_first_page_and_saved_games_keeps_it(
    monkeypatch: pytest.MonkeyPatch, data_home: Path
) -> None:
    # Quitting ended the page: a dead page saying "The market has closed", the game gone.
    app = a_new_game(monkeypatch, in_a_browser=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # a game under way: it autosaves
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == (
            "Leave the game for the first page? It waits in Saved games while this page is "
            "open; to keep it longer, s on the board sends it to your downloads."
        )
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the first page")
        assert app.is_running
        await pilot.press("ctrl+o")
        await pilot.pause()
        listed = " ".join(screen_text(app).split())
        assert "Unfinished game" in listed
        assert "In a browser these games last as long as this page" in listed
        assert str(data_home) not in listed  # no folder of the server's


@pytest.mark.slow
@run
async def test_in_a_browser_a_game_saved_under_a_name_is_listed_by_it_in_saved_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The name named only the download: Saved games listed the game as "Unfinished game".
    delivered = downloads(monkeypatch)
    app = a_new_game(monkeypatch, in_a_browser=True)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter", "s")  # a game under way, saved
        await wait_until(pilot, lambda: app.screen.query(Input), "the name prompt")
        app.screen.query_one(Input).value = "ｆｒｉｄａｙ"  # noqa: RUF001 (full-width letters)
        await pilot.press("enter")
        await wait_until(pilot, lambda: toasts(app), "the save's notice")
        assert delivered == ["friday.json"]  # the download goes as before, named as the save
        assert " ".join(" ".join(toasts(app)).split()) == (
            "Saved Kept in Saved games while this page is open, and on its way to your "
            "browser's downloads: friday.json"
        )
        await pilot.press("ctrl+q", "y")  # left for the first page
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the first page")
        await pilot.press("ctrl+o")
        await wait_until(pilot, lambda: "friday" in screen_text(app), "the save, by its name")
        lines = screen_text(app).splitlines()
        (at,) = [n for n, line in enumerate(lines) if re.search(r"\bfriday  saved \d{4}-", line)]
        assert "Player 1, Player 2 · 0 turns · Player 1 to play" in lines[at + 1]
        assert any("Unfinished game" in line for line in lines)  # the game too, as in a terminal


@pytest.mark.slow
@run
async def test_in_a_browser_a_save_asks_before_replacing_and_downloads_if_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    delivered = downloads(monkeypatch)
    storage.save_named("friday", Session(GameSetup(2, names=("Other", "Game"), seed=2)))
    app = a_new_game(monkeypatch, in_a_browser=True)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:

        async def save_as_friday() -> None:
            await pilot.press("s")
            await wait_until(pilot, lambda: app.screen.query(Input), "the name prompt")
            app.screen.query_one(Input).value = "friday"
            await pilot.press("enter")
            await pilot.pause()

        await pilot.press("enter")  # a game under way
        for answer in ("n", "y"):  # another game is saved as friday: asked before replacing
            await save_as_friday()
            assert isinstance(app.screen, ConfirmScreen)
            assert app.screen.question == (
                "friday holds another game, of Other and Game (0 turns). Replace it with this game?"
            )
            await pilot.press(answer)
            await pilot.pause()
            assert delivered == ([] if answer == "n" else ["friday.json"])
        assert storage.load_game(storage.saves_dir() / "friday.json").setup.names == (
            "Player 1",
            "Player 2",
        )

        def full(*args: object, **kwargs: object) -> None:
            raise storage.SaveFileError("the disk is full")

        monkeypatch.setattr(storage, "save_named", full)
        app.clear_notifications()
        await save_as_friday()  # this game again: nothing to ask; keeping it fails
        await wait_until(pilot, lambda: len(toasts(app)) == 2, "the two notices")
        said = [" ".join(toast.split()) for toast in toasts(app)]
        assert said == [
            "Not saved the disk is full",
            "Download On its way to your browser's downloads: friday.json",
        ]
        assert delivered == ["friday.json", "friday.json"]  # the download goes all the same


@run
async def test_a_small_terminal_gets_a_message() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "needs a terminal of at least 80x24" in screen_text(app)
        assert "Now: 70 columns and 20 rows." in screen_text(app)  # which of the two is short
        await pilot.resize_terminal(85, 23)  # one row short still: the notice says so
        await wait_until(pilot, lambda: "Now: 85 columns and 23 rows." in screen_text(app), "")
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: "needs a terminal" not in screen_text(app), "the market")
        assert "needs a terminal" not in screen_text(app)
        assert "Player 1" in screen_text(app)


@pytest.mark.slow
@run
async def test_the_mouse_picks_a_lane_and_lays_a_carpet() -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await pilot.click(BoardWidget, offset=cell(1, 3))  # a stop of the lane to the left
        assert screen.pointing.turn is Turn.LEFT
        await pilot.press("enter")
        assert session.state.phase is Phase.PLACE
        ghost = screen.pointing.carpet
        assert ghost is not None
        await pilot.hover(BoardWidget, offset=cell(6, 6))  # far from Assam: illegal
        assert "touches Assam's square" in screen_text(app)
        await pilot.hover(BoardWidget, offset=cell(ghost.a[1], ghost.a[0]))
        assert "touches Assam" not in screen_text(app)
        await pilot.click(BoardWidget, offset=cell(ghost.a[1], ghost.a[0]))
        assert session.actions[-1] == ghost


@pytest.mark.slow
@run
async def test_saving_under_a_name_then_loading(data_home: Path) -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "s")
        app.screen.query_one(Input).value = "my game"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    saved = data_home / "saves" / "my game.json"
    assert saved.exists()
    loaded = MarrakechApp(load=saved)
    async with loaded.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert game_screen(loaded).flow.session.actions == session.actions


@pytest.mark.slow
@run
async def test_a_broken_save_is_reported_and_left_alone(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "nonsense"')
    app = MarrakechApp(load=broken)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert any("broken.json" in toast for toast in toasts(app))
        assert type(app.screen).__name__ == "NewGameScreen"
    assert broken.read_text() == '{"format": "nonsense"'


@pytest.mark.slow
@run
async def test_an_unfinished_game_is_offered_for_resuming() -> None:
    session = Session(GameSetup(2, seed=1))
    first = MarrakechApp(session=session)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # every action is autosaved
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert game_screen(app).flow.session.actions == session.actions


@run
async def test_exporting_the_log(data_home: Path) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "e")
    (log,) = (data_home / "logs").iterdir()
    assert "Player 1 goes straight, rolls" in log.read_text()


@pytest.mark.slow
@run
async def test_a_computer_plays_its_turns() -> None:
    session = Session(GameSetup(2, seats=("person", "normal"), seed=2))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await wait_for_turns(pilot, session, 1, 1)
        await wait_for_seat(pilot, session, 0)
        assert session.state.current == 0
        assert session.state.phase is Phase.ORIENT
        assert [t.seat for t in session.transitions].count(1) == 3  # orient, roll, place


@pytest.mark.slow
@run
async def test_undo_with_a_computer_goes_back_to_the_persons_decision() -> None:
    session = Session(GameSetup(2, seats=("person", "easy"), seed=2))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await wait_for_turns(pilot, session, 1, 1)
        await wait_for_seat(pilot, session, 0)
        await pilot.press("u")
        assert session.state.current == 0
        assert session.state.phase is Phase.PLACE  # before the person's last decision
        await pilot.press("u")
        assert session.state.phase is Phase.ORIENT  # takebacks are on against a computer
        assert session.actions == ()


@run
async def test_a_hint_shows_the_best_option_found_and_why() -> None:
    state = position(carpets=[("B", (2, 3), (1, 3))], phase="place", assam=((3, 3), "N"))
    session = Session(GameSetup(2), start=state)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Hint: lay the carpet on" in screen_text(app)
        assert game_screen(app).pointing.carpet in session.state.legal_placements()
        (why,) = [toast for toast in toasts(app) if toast.startswith("Why this hint")]
        assert "%" not in why  # two people play: the chances to win are not shown (why: points)


def _broken_hint(state: object) -> None:
    raise RuntimeError("out of ideas")


@run
async def test_a_hint_giver_that_fails_says_there_is_no_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("marrakech.flow.hint.hint", _broken_hint)
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "No hint available here." in screen_text(app)
        assert not any("Why this hint" in toast for toast in toasts(app))
        assert session.actions == ()


@run
async def test_a_saved_game_can_be_replayed(data_home: Path) -> None:
    session = Session(GameSetup(2, seed=1))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    session.play(session.state.legal_placements()[0])
    saved = storage.save_named("to replay", session)
    app = MarrakechApp(replay=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_the_die_rolls_when_clicked_and_the_risk_preview_toggles() -> None:
    session = Session(GameSetup(4, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "If Player 1 rolls:" in screen_text(app)
        await pilot.press("p")
        await wait_until(pilot, lambda: "If Player 1 rolls:" not in screen_text(app), "no preview")
        await pilot.click("#die")
        assert session.state.phase is Phase.PLACE


@run
async def test_the_command_palette_offers_the_game_commands() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)):
        titles = {command.title for command in app.get_system_commands(app.screen)}
    assert {"Save game", "Export log", "Risk preview", "Hint", "Help"} <= titles
    assert "Keys" not in titles  # Textual's panel of keys: the Help lists them, each with its use


class _BrokenBot:
    """A computer player that always answers with an action the rules refuse."""

    name = "broken"

    def choose(self, state: GameState) -> Action:
        return Roll(4)


@run
async def test_a_computer_that_chooses_an_illegal_action_is_replaced_by_the_normal_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_make_bot = bots.make_bot

    def make_bot(kind: str, **options: Any) -> Any:
        return _BrokenBot() if kind == "hard" else real_make_bot(kind, **options)

    monkeypatch.setattr(bots, "make_bot", make_bot)
    session = Session(GameSetup(2, seats=("hard", "person"), seed=2))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for_seat(pilot, session, 1)
        assert session.state.current == 1
        assert any(isinstance(action, Place) for action in session.actions)
        assert any("chose an illegal action" in toast for toast in toasts(app))


@pytest.mark.slow
@run
async def test_no_key_plays_while_the_terminal_is_too_small_to_show_the_market() -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(60, 20)) as pilot:
        assert "needs a terminal of at least 80x24" in screen_text(app)
        await pilot.press("enter", "enter", "left", "enter", "tab", "enter", "u")
        assert session.actions == ()
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: "needs a terminal" not in screen_text(app), "the market")
        await pilot.press("enter")
        assert session.state.phase is Phase.PLACE


@run
async def test_in_a_browser_too_small_a_page_asks_for_a_larger_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = a_new_game(monkeypatch, in_a_browser=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "The market needs a page of at least 80 columns and 24 rows." in text
        assert "Make the browser window larger (or zoom out, ctrl and -)" in text
        assert "terminal" not in text


@pytest.mark.parametrize("web", [False, True])
@run
async def test_the_palette_says_what_quit_save_and_export_do_here(
    monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    # In a browser the palette promised a game kept and a log in the data folder: the
    # page's game ends with it, and the files come as downloads.
    app = a_new_game(monkeypatch, in_a_browser=web)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = {command.title: command.help for command in app.get_system_commands(app.screen)}
    assert said["Quit"] == (
        "Quit (a game: back to the first page; there, the page's games end)"
        if web
        else "Quit (in a game, it asks first; an unfinished game is kept, to resume)"
    )
    assert said["Export log"] == (
        "Download the game log as text" if web else "Write the game log as text to the data folder"
    )
    assert said["Save game"] == (
        "Save the game under a name, and download it" if web else "Save the game under a name"
    )


@pytest.mark.slow
@run
async def test_the_risk_preview_and_the_walk_pace_are_kept_for_the_next_run() -> None:
    from marrakech.games import settings
    from marrakech.tui.widgets.risk_preview import RiskPreview

    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.query_one(RiskPreview).display
        await pilot.press("p")
        await pilot.pause()
        app.change_settings(walk_pace="slow")  # what the palette's "Walk pace: slow" does
    assert settings.load() == settings.Settings(walk_pace="slow", risk_preview=False)
    again = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with again.run_test(size=(80, 24)):
        assert not again.screen.query_one(RiskPreview).display
        screen = game_screen(again)
        assert screen.settings.step_seconds == settings.PACES["slow"]
        titles = {command.title for command in again.get_system_commands(again.screen)}
        assert {"Walk pace: normal", "Walk pace: fast"} <= titles


@run
async def test_a_screenshot_without_a_downloads_folder_goes_to_the_data_directory(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "no such folder"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.action_screenshot()
        deadline = time.monotonic() + 30  # far beyond what any load needs
        while not any("screenshot" in toast.lower() for toast in toasts(app)):
            assert time.monotonic() < deadline, "no notice of the screenshot"
            await pilot.pause(0.05)
        (shot,) = (data_home / "screenshots").iterdir()
        assert shot.suffix == ".svg"
        assert any(str(shot.parent) in toast.replace("\n", "") for toast in toasts(app))


@run
async def test_four_players_at_80x24_still_see_the_latest_move() -> None:
    session = Session(GameSetup(4, seed=3))
    bot = bots.make_bot("greedy", seed=3)
    for _ in range(9):  # three turns
        session.play(bot.choose(session.state))
        if session.state.phase is Phase.ROLL:
            session.roll()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        latest = game_screen(app).flow.log()[-1]
        area = app.screen.query_one("#log").scrollable_content_region
        rows = screen_text(app).splitlines()[area.y : area.bottom]
        shown = " ".join(" ".join(row[area.x : area.right] for row in rows).split())
    assert latest.split()[0] == "Player"
    assert shown.endswith(latest), shown  # the latest move ends the log, in full


@run
async def test_a_board_shrunk_with_the_terminal_is_drawn_whole_at_once() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # a roll: the board is drawn again for the carpet
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        board = app.screen.query_one(BoardWidget)
        await wait_until(pilot, lambda: board.size.width < 60, "the smaller board")
        await pilot.pause()
        region = board.region
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        drawn = [
            row[region.x : region.right] for row in rows if row[region.x : region.right].strip()
        ]
    assert drawn[0].split() == ["0", "1", "2", "3", "4", "5", "6"]  # every column's label
    labels = [line.split()[0] for line in drawn[1:] if line.split()[0].isdigit()]
    assert labels == list("0123456")  # every row's label


@pytest.mark.slow
@run
async def test_the_new_game_form_offers_the_set_up_it_last_started() -> None:
    first = MarrakechApp()
    async with first.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first.screen.query_one("#name-0", Input).value = "Ayla"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(first.screen, GameScreen)
    again = MarrakechApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#name-0", Input).value == "Ayla"
        assert again.screen.query_one("#seed", Input).value == ""


@run
async def test_a_game_s_log_and_its_save_go_by_one_name(data_home: Path) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        (log,) = (data_home / "logs").iterdir()
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one(Input).value == log.stem
        assert log.stem.startswith("game-")


async def saved_notice(name: str) -> str:
    """The notice of a new game saved with s under ``name``, at 80x24."""
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(Input).value = name
        await pilot.press("enter")
        await pilot.pause()
        (notice,) = toasts(app)
    return notice


@run
async def test_a_save_says_where_it_went_with_the_file_s_name_on_a_line_of_its_own(
    home: Path, data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(home))  # the data folder is under it, so it reads ~
    notice = await saved_notice("an evening at the market")
    assert (data_home / "saves" / "an evening at the market.json").is_file()
    assert notice.splitlines() == [
        "Saved",
        "Saved to ~/data/marrakech/saves/",
        "an evening at the market.json",
    ]


@run
async def test_a_save_in_a_long_folder_breaks_its_path_after_a_slash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "a rather long folder name" / "for the games of the market"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    notice = await saved_notice("friday")
    *folder, name = notice.splitlines()[1:]
    assert name == "friday.json"
    assert "".join(folder) == f"Saved to {data}/marrakech/saves/"  # copied whole, the path works
    assert len(folder) > 1 and all(line.endswith("/") for line in folder), folder


@run
async def test_a_dimmed_undo_or_redo_pressed_says_why_not() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "greedy"), seed=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "Cannot redo: nothing to redo." in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Cannot undo: nothing to undo." in screen_text(app)
        assert screen_text(app).splitlines()[-1].count("Redo") == 1


@pytest.mark.slow
@run
async def test_saving_over_another_game_asks_first_and_cancel_keeps_it(data_home: Path) -> None:
    other = Session(GameSetup(2, names=("Cem", "Dara"), seed=9))
    other.play(other.state.legal_actions()[0])
    storage.save_named("friday", other)
    path = data_home / "saves" / "friday.json"
    held = path.read_bytes()
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        for answer in ("n", "y"):
            await pilot.press("s")
            await pilot.pause()
            app.screen.query_one(Input).value = "friday"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "friday holds another game, of Cem and Dara (0 turns). Replace it" in " ".join(
                screen_text(app).split()
            )
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                assert path.read_bytes() == held  # the other game is kept
    assert storage.load_game(path).setup.names == ("Player 1", "Player 2")


@run
async def test_quitting_before_anything_is_played_says_nothing_is_new_to_resume(
    data_home: Path,
) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == (
            "Quit the game? Nothing was played here, so there is nothing new to resume."
        )
        await pilot.press("n")
        await pilot.press("enter", "enter")  # a turn played: now there is a game to resume
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Quit the game? It is saved")


@run
async def test_a_screenshot_says_in_the_games_words_where_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage, "screenshot_folder", lambda: tmp_path)
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.deliver_screenshot()
        await wait_until(pilot, lambda: bool(toasts(app)), "the screenshot's notice")
        (notice,) = toasts(app)
    (shot,) = tmp_path.glob("marrakech-*.svg")
    assert " " not in shot.name
    assert shot.read_text(encoding="utf-8").startswith("<svg")
    lines = notice.splitlines()
    assert lines[0] == "Screenshot" and lines[-1] == shot.name, lines
    # Joined again, the lines are the path whole, the last "/" too: it can be copied.
    assert "".join(lines[1:]) == f"Screenshot saved to {tmp_path / shot.name}", lines
    assert all(line.endswith("/") for line in lines[1:-1]), lines  # broken after a "/" only


def test_two_screenshots_in_one_second_are_two_files(tmp_path: Path) -> None:
    when = datetime(2026, 12, 6, 8, 15, 30, 123456)
    first = screenshot_name(tmp_path, when)
    assert first == "marrakech-20261206-081530.svg"
    (tmp_path / first).write_text("<svg/>", encoding="utf-8")
    assert screenshot_name(tmp_path, when) == "marrakech-20261206-081530-2.svg"
    assert len(first) <= NOTICE_TEXT_WIDTH  # on one line of the notice that says where


def test_a_file_name_wider_than_a_notice_breaks_after_a_hyphen() -> None:
    path = Path("/data/marrakech/screenshots/marrakech-20261206-081530-12.svg")
    lines = shown_path(path).splitlines()
    assert "".join(lines) == str(path)  # joined again, the path whole: it can be copied
    assert all(len(line) <= NOTICE_TEXT_WIDTH for line in lines), lines
    assert lines[-2:] == ["marrakech-20261206-081530-", "12.svg"], lines


@run
async def test_the_risk_table_and_the_die_take_a_new_themes_colours_at_once() -> None:
    from rich.text import Text

    from marrakech.tui.widgets.die_face import DieFace
    from marrakech.tui.widgets.risk_preview import RiskPreview

    def drawn_in(widget: RiskPreview | DieFace, component: str) -> bool:
        content = widget.content
        assert isinstance(content, Text)
        wanted = widget.get_component_rich_style(component)
        return any(span.style == wanted for span in content.spans)

    app = MarrakechApp(session=Session(GameSetup(2, seed=1)), basic_colours=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        risk, die = app.screen.query_one(RiskPreview), app.screen.query_one(DieFace)
        assert drawn_in(risk, "risk--header") and drawn_in(die, "die--face")
        app.theme = "solarized-light"
        await pilot.pause()
        await pilot.pause()
        assert drawn_in(risk, "risk--header") and drawn_in(die, "die--face")
