"""Pilot tests of the saved-games list reached from the new-game screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from marrakech.bots import make_bot
from marrakech.engine import Orient, Phase, Turn
from marrakech.games import autosaves, storage
from marrakech.games.narrate import turns_played
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.saves import SavesScreen

from .helpers import (
    as_in_a_browser,
    keep_a_finished_game,
    paste,
    run,
    screen_text,
    toasts,
    wait_until,
)

BROKEN = '{"format": "marrakech-game", "version": '


def one_turn_game(names: tuple[str, str]) -> Session:
    """A 2-player game where the first player has taken one whole turn."""
    session = Session(GameSetup(2, names=names, seed=3))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    session.play(session.state.legal_placements()[0])
    return session


async def open_saves(pilot: Pilot[None], key: str = "ctrl+o") -> None:
    """Open the saved-games list from the new-game screen and let it read the saves."""
    if key == "click":
        await pilot.click("#saved")
    else:
        await pilot.press(key)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def paste_a_game(pilot: Pilot[None], text: str) -> None:
    """Paste ``text`` over the saved-games list and let it be kept (or refused)."""
    await paste(pilot, text)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def saved(name: str, session: Session, age: int) -> Path:
    """Save the session under a name, as if saved ``age`` minutes ago."""
    path = storage.save_named(name, session)
    stamp = path.stat().st_mtime - 60 * age
    os.utime(path, (stamp, stamp))
    return path


@pytest.mark.slow
@run
async def test_the_list_shows_each_save_newest_first_and_unreadable_ones_disabled() -> None:
    saved("older", one_turn_game(("Ann", "Bo")), age=10)
    saved("newer", Session(GameSetup(2, names=("Cy", "[b]Di"), seed=4)), age=1)
    against = Session(GameSetup(2, names=("Ed", "Fay"), seats=("person", "expert"), seed=5))
    saved("against", against, age=5)
    storage.saves_dir().joinpath("broken.json").write_text(BROKEN)
    app = MarrakechApp()
    async with app.run_test(size=(80, 40)) as pilot:  # room for all four, whole
        await open_saves(pilot)
        assert isinstance(app.screen, SavesScreen)
        text = screen_text(app)
        assert text.index("broken") < text.index("newer") < text.index("older")
        assert "Cy, [b]Di · 0 turns · Cy to play" in text
        assert "Ed, Fay (expert computer) · 0 turns · Ed to play" in text
        assert "Ann, Bo · 1 turn · Bo to play" in text
        assert "cannot be read: broken.json" in text
        saves = app.screen.query_one(OptionList)
        assert [option.disabled for option in saves.options if option.id] == [
            True,
            False,
            False,
            False,
        ]


@pytest.mark.slow
@run
async def test_enter_plays_the_highlighted_save_on_and_leaves_a_broken_one_alone() -> None:
    game = one_turn_game(("Ann", "Bo"))
    saved("ours", game, age=5)
    broken = storage.saves_dir() / "broken.json"
    broken.write_text(BROKEN)
    app = MarrakechApp()
    async with app.run_test(size=(80, 30)) as pilot:
        await open_saves(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.flow.session.actions == game.actions
    assert broken.read_text() == BROKEN


@pytest.mark.slow
@run
async def test_r_replays_a_save_and_closing_the_replay_returns_to_the_list_then_the_form() -> None:
    saved("older", one_turn_game(("Eve", "Fa")), age=2)
    replayed = saved("to replay", one_turn_game(("Ann", "Bo")), age=1)  # the middle one
    saved("newer", one_turn_game(("Cy", "Di")), age=0)
    app = MarrakechApp()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        form = app.screen
        form.query_one("#name-0", Input).value = "Zed"
        await open_saves(pilot, "click")
        await pilot.press("down")  # past the newer save
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the list again")
        saves = app.screen.query_one(OptionList)
        await wait_until(pilot, lambda: saves.highlighted is not None, "the list read")
        assert saves.highlighted is not None
        assert saves.get_option_at_index(saves.highlighted).id == str(replayed)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#name-0", Input).value == "Zed"


@pytest.mark.slow
@run
async def test_a_save_that_breaks_after_listing_is_reported_and_the_list_says_why() -> None:
    path = saved("fragile", one_turn_game(("Ann", "Bo")), age=1)
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await pilot.pause()
        await open_saves(pilot)
        path.write_text(BROKEN)
        await pilot.press("r")
        await wait_until(pilot, lambda: "cannot be read" in screen_text(app), "the list again")
        assert isinstance(app.screen, SavesScreen)
        # The notification shown (a Toast, its CSS type name) names the file.
        toasts = app.screen.query("Toast")
        assert any("fragile.json" in str(toast.render()) for toast in toasts)
    assert path.read_text() == BROKEN


@run
async def test_with_no_readable_save_nothing_opens_and_escape_goes_back() -> None:
    broken = storage.saves_dir() / "broken.json"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text(BROKEN)
    app = MarrakechApp()
    async with app.run_test(size=(80, 30)) as pilot:
        await open_saves(pilot)
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert screen.check_action("open", ()) is None
        await pilot.press("enter", "r")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"
    assert broken.read_text() == BROKEN


@pytest.mark.slow
@run
async def test_an_empty_list_says_how_to_save_a_game() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(80, 30)) as pilot:
        await open_saves(pilot)
        assert "No saved games yet: during a game, s saves one" in screen_text(app)


@pytest.mark.slow
@run
async def test_in_a_browser_an_empty_list_says_so_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # The browser's longer sentence was cut at the dialog's edge ("..., or finish, wai").
    as_in_a_browser(monkeypatch)
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_saves(pilot)
        text = " ".join(screen_text(app).split())
    assert "waits here while this page is open." in text


@run
async def test_a_long_list_leaves_room_for_where_the_games_are_kept() -> None:
    for number in range(12):
        saved(f"game {number}", one_turn_game(("Ann", "Bo")), age=number)
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saves(pilot)
        text = screen_text(app)
        assert "game 0 " in text and "game 11 " not in text  # the oldest are further down
        await pilot.press("end")  # the oldest: the list scrolls to it, above the note
        await pilot.pause()
        last = screen_text(app)
    # The note under the list, whole (its lines joined, the dialog's edges left out):
    for shown in (text, last):
        note = "".join(line.strip(" █│") for line in shown.splitlines())
        assert f"finishedgamesin{autosaves.history_dir()}." in note.replace(" ", "")
        assert "keptamongthenamedsaves." in note.replace(" ", "")
    assert "game 11 " in last.split("Named saves are kept")[0]


@run
async def test_a_save_opened_goes_on_in_the_unfinished_game_it_was_saved_from() -> None:
    left = one_turn_game(("Ann", "Bo"))
    autosave = autosaves.GameFile.new()
    autosave.save(left)
    autosave.close()
    named = saved("friday", left, age=1)
    app = MarrakechApp(load=named)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")  # Bo rolls: a decision autosaved
        await pilot.pause()
    unfinished = autosaves.unfinished_games()
    assert [game.path for game in unfinished] == [autosave.path]  # not a second copy
    assert unfinished[0].session is not None
    assert len(unfinished[0].session.actions) > len(left.actions)


@pytest.mark.slow
@run
async def test_v_reviews_a_finished_game_over_the_list_and_not_an_unfinished_one() -> None:
    from marrakech.tui.screens.review import ReviewScreen

    from .test_end_of_game import finished_session

    saved("half way", one_turn_game(("Ann", "Bo")), age=0)
    finished = saved("the end", finished_session(2), age=1)
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await open_saves(pilot)
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        assert saves.check_action("review", ()) is False  # the newest: not over yet
        await pilot.press("down")
        chosen = saves.query_one(OptionList)
        assert chosen.highlighted is not None
        assert chosen.get_option_at_index(chosen.highlighted).id == str(finished)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is saves, "the list again")


@pytest.mark.slow
@run
async def test_a_saved_game_pasted_as_text_is_kept_highlighted_and_plays_on() -> None:
    game = one_turn_game(("Ann", "Bo"))
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await open_saves(pilot)
        await paste_a_game(pilot, "\n" + record_to_json(game) + "\n")
        (kept,) = storage.list_saves()
        assert kept.stem.startswith("pasted-")
        kept_words = f"Kept among the saved games as {kept.stem}: Enter plays it on."
        assert kept_words in " ".join(toasts(app))
        assert "Ann, Bo · 1 turn · Bo to play" in screen_text(app)
        await paste_a_game(pilot, record_to_json(game))  # the same game again: nothing new
        assert storage.list_saves() == [kept]
        again = f"That game is already among the saved games, as {kept.stem}."
        assert again in " ".join(toasts(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert app.screen.state == game.state


@pytest.mark.slow
@run
async def test_pasted_text_that_is_no_game_is_refused_with_the_reason_and_nothing_written() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await open_saves(pilot)
        await paste_a_game(pilot, BROKEN)
        assert any("the text breaks off before the save ends" in toast for toast in toasts(app))
        assert storage.list_saves() == []
        assert isinstance(app.screen, SavesScreen)


@run
async def test_in_a_browser_a_pasted_game_an_outside_bot_plays_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    as_in_a_browser(monkeypatch)
    text = record_to_json(one_turn_game(("Ann", "Bo")))
    text = text.replace('"seats": ["person", "person"]', '"seats": ["person", "mybots.py:Clever"]')
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await open_saves(pilot)
        await paste_a_game(pilot, text)
        said = " ".join(toasts(app))
        assert "an outside bot plays in it (mybots.py:Clever)" in said
        assert storage.list_saves() == []


@run
async def test_ctrl_v_come_as_a_key_says_which_keys_paste() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await open_saves(pilot)
        await pilot.press("ctrl+v")
        said = " ".join(toasts(app))
        assert "Ctrl+V does not paste here: paste with your terminal's own keys." in said


@run
async def test_at_80x24_a_game_s_line_breaks_between_its_phrases_so_who_won_reads_whole() -> None:
    # "Player 1, Player 2 (greedy computer) · 48 turns · over: Player 2" ended a line, and
    # "won" came alone on the next.
    game = Session(GameSetup(2, seats=("person", "greedy"), seed=4))
    bot = make_bot("greedy", seed=4)
    while game.state.phase is not Phase.OVER:
        if game.state.phase is Phase.ROLL:
            game.roll()
        else:
            game.play(bot.choose(game.state))
    autosaves.history_dir().mkdir(parents=True, exist_ok=True)
    (autosaves.history_dir() / "0123456789ab.json").write_text(record_to_json(game))
    played = turns_played(game.transitions, game.state)
    (winner,) = (game.setup.names[seat] for seat in game.state.winners())
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saves(pilot)
        lines = [line.strip(" │█▊▎") for line in screen_text(app).splitlines()]
    assert f"Player 1, Player 2 (greedy computer) · {played} turns" in lines
    assert f"over: {winner} won" in lines


@pytest.mark.parametrize("in_a_browser", [False, True])
@run
async def test_a_finished_game_is_listed_by_its_number_where_the_command_line_can_use_it(
    in_a_browser: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_in_a_browser(monkeypatch, in_a_browser)
    keep_a_finished_game("0123456789ab")
    app = MarrakechApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_saves(pilot)
        text = screen_text(app)
    assert "Finished game" in text
    assert ("0123456789ab" in text) is not in_a_browser  # marrakech review NUMBER


@pytest.mark.parametrize("in_a_browser", [False, True])
@run
async def test_in_a_browser_d_sends_the_highlighted_game_to_the_downloads(
    in_a_browser: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_in_a_browser(monkeypatch, in_a_browser)
    delivered: list[tuple[str, str | None]] = []
    monkeypatch.setattr(
        MarrakechApp,
        "deliver_text",
        lambda app, file, save_filename=None, **_: delivered.append((file.read(), save_filename)),
    )
    path = saved("evening", one_turn_game(("Ann", "Bo")), age=0)
    app = MarrakechApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await open_saves(pilot)
        footer = screen_text(app).splitlines()[-1]
        await pilot.press("d")
        await pilot.pause()
        said = " ".join(" ".join(toasts(app)).split())
    if in_a_browser:
        assert "d Download" in footer
        assert delivered == [(path.read_text(), "evening.json")]
        assert "On its way to your browser's downloads: evening.json" in said
    else:  # the files are in the folder the note names
        assert "Download" not in footer
        assert delivered == []


@pytest.mark.slow
@run
async def test_delete_removes_the_highlighted_game_once_asked_and_highlights_the_next() -> None:
    newer = saved("newer", one_turn_game(("Ann", "Bo")), age=1)
    older = saved("older", one_turn_game(("Cy", "Di")), age=5)
    broken = storage.saves_dir() / "broken.json"
    broken.write_text(BROKEN)
    os.utime(broken, (0, 0))  # the oldest, and never highlighted: it cannot be read
    app = MarrakechApp()
    async with app.run_test(size=(80, 30), notifications=True) as pilot:
        await open_saves(pilot)
        assert "Del Delete" in screen_text(app).splitlines()[-1]
        await pilot.press("delete")
        await wait_until(pilot, lambda: not isinstance(app.screen, SavesScreen), "asked")
        assert "Delete the save newer for good?" in screen_text(app)
        await pilot.press("enter")  # the default answer keeps it
        await pilot.pause()
        assert newer.exists() and isinstance(app.screen, SavesScreen)
        await pilot.press("delete")
        await wait_until(pilot, lambda: not isinstance(app.screen, SavesScreen), "asked")
        await pilot.press("y")
        await wait_until(pilot, lambda: not newer.exists(), "deleted")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "Deleted." in toasts(app)
        saves = app.screen.query_one(OptionList)
        assert saves.highlighted is not None
        assert saves.get_option_at_index(saves.highlighted).id == str(older)
        await pilot.press("delete")  # the last that opens: the one before it is highlighted
        await wait_until(pilot, lambda: not isinstance(app.screen, SavesScreen), "asked")
        await pilot.press("y")
        await wait_until(pilot, lambda: not older.exists(), "deleted")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert saves.highlighted is None or saves.get_option_at_index(saves.highlighted).id != (
            str(broken)
        )
    assert broken.read_text() == BROKEN


def test_an_unfinished_game_goes_with_its_lock_file_but_never_while_open_elsewhere() -> None:
    game = autosaves.GameFile.new()
    game.save(one_turn_game(("Ann", "Bo")))
    with pytest.raises(storage.SaveFileError, match="open in another window"):
        autosaves.delete(game.path)  # this window holds it
    assert game.path.exists()
    game.close()
    autosaves.delete(game.path)
    assert list(autosaves.games_dir().iterdir()) == []
    with pytest.raises(storage.SaveFileError, match="is no saved game"):
        autosaves.delete(storage.data_dir() / "settings.json")
