"""Saved games: a game an outside bot plays is listed, and opening it asks for the bot again;
so does resuming it when the app starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.games import storage
from marrakech.games.autosaves import GameFile
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.saves import SavesScreen

from .helpers import panel_titles, run, screen_text, toasts, wait_until
from .test_screens_saves import open_saves


def saved_with_bot(folder: Path, *, unfinished: bool = False) -> tuple[Session, Path]:
    """A named save "withbot" (``unfinished``: an unfinished game left by a closed window)
    whose first seat an outside bot plays (to move now); the bot notes each decision it
    makes in the file returned. Its file is the test's own, so no other test loaded it."""
    mark = folder / "decisions.txt"
    path = folder / "saved_bot.py"
    path.write_text(
        "from pathlib import Path\n\n"
        "class Bot:\n"
        "    name = 'marking'\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        f"        with Path({str(mark)!r}).open('a') as f: f.write('x')\n"
        "        return state.legal_actions()[0]\n"
    )
    setup = GameSetup(2, names=("Bot", "Ann"), seats=(f"{path}:Bot", "person"), seed=6)
    session = Session(setup)
    if unfinished:
        game_file = GameFile.new()
        game_file.save(session)
        game_file.close()
    else:
        storage.save_named("withbot", session)
    return session, mark


async def open_withbot(pilot: object, app: MarrakechApp) -> ConfirmScreen:
    await open_saves(pilot)  # type: ignore[arg-type]
    assert isinstance(app.screen, SavesScreen)
    assert "Bot (outside bot Bot), Ann · 0 turns · Bot to play" in screen_text(app)  # listed
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, ConfirmScreen)
    return app.screen


@pytest.mark.slow
@run
async def test_opening_it_asks_for_the_bot_and_load_lets_it_play(tmp_path: Path) -> None:
    session, mark = saved_with_bot(tmp_path)
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        dialog = await open_withbot(pilot, app)
        assert dialog.question.startswith(
            f"This game has an outside bot: {session.setup.seats[0]} for Bot. A saved game "
            "never runs its code by itself: load it again and let it play?"
        )
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await wait_until(pilot, mark.exists, "the bot chooses its facing")
        assert not any("not loaded" in toast for toast in toasts(app))


@pytest.mark.slow
@run
async def test_declining_lets_greedy_play_the_seat_and_says_so(tmp_path: Path) -> None:
    _session, mark = saved_with_bot(tmp_path)
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await open_withbot(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        said = "Bot's computer player is the outside bot"
        await wait_until(pilot, lambda: any(said in toast for toast in toasts(app)), "the notice")
        await wait_until(pilot, lambda: screen.flow.session.actions, "greedy's facing")
        assert not mark.exists()
        assert "Bot · greedy computer" in panel_titles(app)[0]  # who plays it now


@pytest.mark.slow
@run
async def test_esc_on_the_question_goes_back_to_the_saved_games(tmp_path: Path) -> None:
    saved_with_bot(tmp_path)
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        dialog = await open_withbot(pilot, app)
        assert dialog.keys() == "y: Load · n: Let greedy play · Esc: back"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)


async def resume_at_start(pilot: object, app: MarrakechApp) -> ConfirmScreen:
    """Say Resume to the app's offer; the question that follows."""
    await pilot.pause()  # type: ignore[attr-defined]
    offer = app.screen
    assert isinstance(offer, ConfirmScreen)
    assert offer.question == (
        "Resume the unfinished game of Bot (outside bot Bot) and Ann? 0 turns played."
    )
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, ConfirmScreen)
    return app.screen


@pytest.mark.slow
@run
async def test_resuming_at_the_start_asks_for_the_bot_and_lets_it_play(tmp_path: Path) -> None:
    session, mark = saved_with_bot(tmp_path, unfinished=True)
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        dialog = await resume_at_start(pilot, app)
        assert dialog.question.startswith(
            f"This game has an outside bot: {session.setup.seats[0]} for Bot. A saved game "
            "never runs its code by itself: load it again and let it play?"
        )
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await wait_until(pilot, mark.exists, "the bot chooses its facing")
        assert not any("not loaded" in toast for toast in toasts(app))


@pytest.mark.slow
@run
async def test_resuming_at_the_start_without_the_bot_lets_greedy_play(tmp_path: Path) -> None:
    _session, mark = saved_with_bot(tmp_path, unfinished=True)
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await resume_at_start(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        said = "Bot's computer player is the outside bot"
        await wait_until(pilot, lambda: any(said in toast for toast in toasts(app)), "the notice")
        await wait_until(pilot, lambda: screen.flow.session.actions, "greedy's facing")
        assert not mark.exists()
        assert "Bot · greedy computer" in panel_titles(app)[0]  # who plays it now
