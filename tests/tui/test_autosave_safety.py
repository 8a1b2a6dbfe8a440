"""The autosave of one game is never lost to another game, nor to opening a finished one."""

from __future__ import annotations

from pathlib import Path

from marrakech import storage
from marrakech.dice import SeededDie
from marrakech.engine import colours_for_seat
from marrakech.playout import play_out_steps
from marrakech.records import record_to_json
from marrakech.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.results import ResultsScreen

from .helpers import position, run, toasts


def unfinished_autosave() -> Session:
    """An unfinished game in the autosave (one action played)."""
    session = Session(GameSetup(2, names=("Old", "Game"), seed=11))
    session.play(session.state.legal_actions()[0])
    storage.autosave(session)
    return session


def kept_copies() -> list[Path]:
    return sorted(storage.saves_dir().glob("autosave-*.json"))


@run
async def test_a_new_game_keeps_an_unfinished_autosave_of_another_game() -> None:
    old = unfinished_autosave()
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")  # the first action autosaves the new game
        await pilot.pause()
        copies = kept_copies()
        assert len(copies) == 1
        assert storage.load_game(copies[0]).actions == old.actions
        assert storage.load_autosave() is not None
        assert storage.load_autosave().setup.seed == 1  # type: ignore[union-attr]
        assert any(str(copies[0]) in toast for toast in toasts(app))
        await pilot.press("enter")  # later autosaves make no more copies
        await pilot.pause()
        assert len(kept_copies()) == 1


@run
async def test_loading_another_game_keeps_the_unfinished_autosave(tmp_path: Path) -> None:
    old = unfinished_autosave()
    other = tmp_path / "other.json"
    other.write_text(record_to_json(Session(GameSetup(2, seed=3))), encoding="utf-8")
    app = MarrakechApp(load=other)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
    copies = kept_copies()
    assert len(copies) == 1
    assert storage.load_game(copies[0]).actions == old.actions


@run
async def test_resuming_the_autosaved_game_makes_no_copy() -> None:
    unfinished_autosave()
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert kept_copies() == []


@run
async def test_opening_a_finished_game_leaves_the_autosave_alone(tmp_path: Path) -> None:
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    state = position(piles=piles)
    old = unfinished_autosave()
    setup = GameSetup(2, seed=4)
    steps = play_out_steps(state, lambda now: now.legal_actions()[0], SeededDie(setup.seed))
    finished = Session(setup, [step.action for step in steps], start=state)
    path = tmp_path / "finished.json"
    path.write_text(record_to_json(finished), encoding="utf-8")
    app = MarrakechApp(load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    autosaved = storage.load_autosave()
    assert autosaved is not None and autosaved.actions == old.actions


@run
async def test_a_game_that_ends_here_clears_its_autosave() -> None:
    piles = [colours_for_seat(seat, 2)[0].name[0] for seat in range(2)]
    state = position(piles=piles)
    app = MarrakechApp(session=Session(GameSetup(2, seed=4), start=state))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    assert not storage.autosave_path().exists()
