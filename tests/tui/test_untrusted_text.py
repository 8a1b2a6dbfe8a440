"""Names and other text from people or files are shown literally, never read as markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from marrakech.engine import GameState, Phase, colours_for_seat
from marrakech.games import storage
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session
from marrakech.tui import app as app_module
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.replay import ReplayScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.saves import save_option
from marrakech.tui.screens.setup import kind_hint

from .helpers import paste, position, run, screen_text, toasts
from .test_screens_saves import open_saves

NAMES = ("a[/]", "[@click=app.quit]x")
TYPED = ("a[/]", "[@click=quit]x")
"""Names that fit the form's 16 characters."""


def last_carpets() -> GameState:
    """A start with one carpet left per player: a turn each ends the game."""
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    return position(piles=piles)


async def play_to_the_end(pilot: Pilot[None], app: MarrakechApp, names: tuple[str, ...]) -> Path:
    """Play the two last turns, check the results, and save the game for a replay."""
    game = app.screen
    assert isinstance(game, GameScreen)
    assert game.flow.names == names
    assert names[0] in screen_text(app)
    await pilot.press("enter", "enter")  # roll, lay: the first player's turn
    await pilot.pause()
    assert names[1] in screen_text(app)
    await pilot.press("enter", "enter")
    await pilot.pause()
    assert game.state.phase is Phase.OVER
    assert isinstance(app.screen, ResultsScreen)
    text = screen_text(app)
    assert "wins!" in text or "share the win" in text
    assert names[0] in text and names[1] in text
    await pilot.click("#headline")  # a click on a name runs no action
    await pilot.pause()
    assert app.is_running
    saved = storage.data_dir() / "played.json"
    saved.write_text(record_to_json(game.flow.session), encoding="utf-8")
    return saved


async def check_replay(saved: Path, names: tuple[str, ...]) -> None:
    replay = MarrakechApp(replay=saved)
    async with replay.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(replay.screen, ReplayScreen)
        text = screen_text(replay)
        assert names[0] in text and names[1] in text  # in the players' panels
        await pilot.click("#seat-0")
        await pilot.pause()
        assert replay.is_running
        await pilot.press("end")
        assert names[1] in screen_text(replay)


@pytest.mark.slow
@run
async def test_bracketed_names_typed_in_setup_go_through_a_game_results_and_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start = last_carpets()  # the games the app starts begin there
    monkeypatch.setattr(app_module, "Session", lambda setup: Session(setup, start=start))
    app = MarrakechApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for seat, name in enumerate(TYPED):
            field = app.screen.query_one(f"#name-{seat}", Input)
            field.focus()
            await paste(pilot, name)
            assert field.value == name
        await pilot.pause()
        assert "a[/]" in screen_text(app)  # the "Starts" buttons show the names
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        saved = await play_to_the_end(pilot, app, TYPED)
    await check_replay(saved, TYPED)


@pytest.mark.slow
@run
async def test_bracketed_names_from_a_loaded_save_show_literally(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "names.json"
    session = Session(GameSetup(2, names=NAMES, seed=5), start=last_carpets())
    saved.write_text(record_to_json(session), "utf-8")
    app = MarrakechApp(load=saved)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        played = await play_to_the_end(pilot, app, NAMES)
    await check_replay(played, NAMES)


@pytest.mark.slow
@run
async def test_the_resume_question_shows_names_literally() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmScreen(f"Resume the game of {', '.join(NAMES)}?"))
        await pilot.pause()
        assert f"{NAMES[0]}, {NAMES[1]}" in screen_text(app)


EVIL = "evil\x1b]0;PWNED\x07\x1b[2J"
"""A file name that would retitle and clear a terminal if it reached one raw."""


@run
async def test_escape_sequences_in_file_names_are_shown_written_out() -> None:
    saves = storage.data_folder(storage.saves_dir())
    (saves / f"{EVIL}.json").write_text(record_to_json(Session(GameSetup(2))), "utf-8")
    (saves / f"{EVIL}2.json").write_text("{broken", "utf-8")
    app = MarrakechApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_saves(pilot)
        text = screen_text(app)
        assert "evil\\x1b]0;PWNED\\x07\\x1b[2J" in text
        assert "\x1b" not in text and "\x07" not in text


@pytest.mark.slow
@run
async def test_loading_a_file_with_an_escape_in_its_name_reports_it_written_out(
    tmp_path: Path,
) -> None:
    evil = tmp_path / f"{EVIL}.json"
    evil.write_text("not json", "utf-8")
    app = MarrakechApp(load=evil)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await pilot.pause()
        [toast] = toasts(app)
        assert "evil\\x1b]0;PWNED\\x07\\x1b[2J.json" in toast and "\x1b" not in toast


def test_a_broken_save_whose_name_holds_escapes_is_listed_without_them() -> None:
    path = storage.data_folder(storage.saves_dir()) / "\x1b[2Jevil.json"
    path.write_bytes(b"\xff\xfe not text")
    option = save_option(path)
    assert option.disabled
    assert "cannot be read: cannot load" in str(option.prompt)
    assert "\x1b" not in str(option.prompt) and "\\x1b[2Jevil" in str(option.prompt)


def test_an_outside_bots_name_in_the_new_game_hint_is_shown_as_it_is() -> None:
    hint = kind_hint("[b]odd.py:Bot")
    where = Path("[b]odd.py").resolve()  # by its full path, as the save names it
    assert hint == f"The outside bot {where}:Bot plays this seat (docs/bots.md)."
