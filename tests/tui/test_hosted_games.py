"""A network game on this machine: quitting says how it goes on, and a hosted game is
never resumed at one keyboard (the player is told how to host it again)."""

from __future__ import annotations

import json

import pytest

from marrakech.flow import GameFlow
from marrakech.games import autosaves
from marrakech.games.session import PERSON, GameSetup, Session
from marrakech.net.host import HostGame
from marrakech.net.host_flow import HostFlow
from marrakech.net.hosting import new_game
from marrakech.net.replica import ReplicaFlow
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.setup import NewGameScreen
from marrakech.tui.widgets.board import BoardWidget

from .helpers import position, run, screen_text, toasts
from .test_screens_saves import open_saves

SETUP = GameSetup(2, names=("Host", "Guest"), seats=(PERSON, PERSON), seed=4)


def hosted_game() -> tuple[HostFlow, str]:
    """A game hosted from this machine (its autosave and host file written, no server):
    its flow, and the command that hosts it again."""
    flow, hosting = new_game(Session(SETUP), lambda notice: None, headless=False, host="", port=0)
    return flow, f"marrakech host --resume {hosting.game_id}"


def joined_copy(seat: int | None) -> ReplicaFlow:
    """What a client builds from the host's game: seat ``seat``'s copy (None: watching)."""
    host, _ = hosted_game()
    message = HostGame(host, {1: "CODE"}).game_message(seat)
    host.close()
    return ReplicaFlow(json.loads(message), lambda text: None)


async def quit_dialog(flow: GameFlow) -> str:
    """The question quitting asks at this network table; No goes back to the game."""
    app = MarrakechApp(network=NetworkGame(flow))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        shown = " ".join(screen_text(app).split())
        assert "Quit" in shown
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        return dialog.question


@run
async def test_the_hosts_quit_dialog_names_the_command_that_hosts_it_again() -> None:
    flow, command = hosted_game()
    question = await quit_dialog(flow)
    assert question == (
        f"Stop hosting the game? Everyone is disconnected. It is saved: “{command}” hosts "
        "it again, and your friends' lines take them back to their seats."
    )
    assert "offers to resume" not in question


@run
async def test_the_host_sees_the_join_lines_again_with_i() -> None:
    # Once the first dialog was closed, the lines to send were nowhere to be seen again.
    flow, command = hosted_game()
    intro = (
        f"Send each friend the line of their seat:\nseat 2: marrakech join HOST:1 CODE\n{command}"
    )
    app = MarrakechApp(network=NetworkGame(flow, intro))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")  # Play: the dialog closes
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "seat 2: marrakech join HOST:1 CODE" in screen_text(app)
        await pilot.press("enter")  # back to the game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Invite: the join lines" in titles


@pytest.mark.slow
@run
async def test_a_joined_seat_is_told_the_host_keeps_the_game() -> None:
    question = await quit_dialog(joined_copy(1))
    assert question == (
        "Leave the game? The host keeps it: your “marrakech join” line takes you back to your seat."
    )


@pytest.mark.slow
@run
async def test_a_spectator_is_told_its_line_watches_again() -> None:
    question = await quit_dialog(joined_copy(None))
    assert question.startswith("Stop watching? The host keeps the game")


@pytest.mark.slow
@run
async def test_a_hosted_game_is_not_offered_at_one_keyboard_and_says_how_to_host_it() -> None:
    flow, command = hosted_game()
    flow.close()  # the host stopped: its game waits, unlocked
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # no offer to resume it as hot-seat
        said = f"A network game you host is not resumed here: `{command}` hosts it again."
        assert any(said in toast for toast in toasts(app))


@pytest.mark.slow
@run
async def test_saved_games_lists_a_hosted_game_with_the_command_not_to_play_here() -> None:
    flow, command = hosted_game()
    flow.close()
    app = MarrakechApp()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await open_saves(pilot)
        text = screen_text(app)
        assert "Host, Guest · 0 turns · Host to play" in text
        assert "Network game  played" in text and "you host it; it goes on with:" in text
        assert command in text
        await pilot.press("enter")  # listed, not playable here
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
    [game] = autosaves.unfinished_games()
    assert game.hosted and game.session is not None and game.session.setup == SETUP


@pytest.mark.slow
@run
async def test_a_hot_seat_game_is_still_offered_beside_a_hosted_one() -> None:
    hosted, command = hosted_game()
    hosted.close()
    local = Session(GameSetup(2, names=("Hot", "Seat"), seed=2))
    local.play(local.state.legal_actions()[0])
    game_file = autosaves.GameFile.new()
    game_file.save(local)
    game_file.close()
    app = MarrakechApp()
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.question == "Resume the unfinished game of Hot and Seat? 0 turns played."
        assert any(command in toast for toast in toasts(app))


@pytest.mark.slow
@run
async def test_loading_a_hosted_games_file_opens_no_game() -> None:
    flow, command = hosted_game()
    path = flow.autosave_path
    flow.close()
    assert path is not None
    app = MarrakechApp(load=path)
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any(command in toast for toast in toasts(app))


@run
async def test_no_carpet_is_drawn_for_a_player_elsewhere_to_lay() -> None:
    """While the host lays a carpet, the guest's board shows no carpet of its own to lay."""
    start = position(phase="place", piles=("RRR", "BBB"))
    flow, _ = new_game(
        Session(SETUP, start=start), lambda notice: None, headless=False, host="", port=0
    )
    message = HostGame(flow, {1: "CODE"}).game_message(1)
    flow.close()
    guest = ReplicaFlow(json.loads(message), lambda text: None)
    assert guest.state.current == 0 and not guest.person_to_move
    app = MarrakechApp(network=NetworkGame(guest))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        board = app.screen.query_one(BoardWidget).region
        market = [line[board.x : board.right] for line in screen_text(app).splitlines()]
        assert "░" not in "".join(market[board.y : board.bottom])  # a carpet not laid yet
