"""A full board at a network table that is lost, and what every board says of the seats:
a joined board whose seat was taken elsewhere, or whose host is gone for good, says so for
good and hides the keys that play; while it reconnects it says that; each seat's panel
says whether its player has not joined yet or is away; no board offers redo; the Quit
dialogs name their commands without backquotes."""

from __future__ import annotations

import asyncio

import pytest
from tui.helpers import panel_titles, screen_text, toasts

from marrakech.games.session import GameSetup
from marrakech.net.client import Client
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.confirm import ConfirmScreen
from net.harness import WAIT, Peer, heard_seat, hosted, seated, until

BO_FIRST = GameSetup(2, names=("Ayla", "Bo"), seed=11, first=1)
PLAYING = ("roll", "turn", "hint", "undo", "redo")


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_seat_taken_from_another_terminal_leaves_a_board_that_says_so_and_plays_no_more() -> None:
    async def go() -> None:
        async with hosted(BO_FIRST) as table:
            client = Client(table.address, code=table.code(1), keep_finished=False)
            playing = asyncio.create_task(client.run())
            await until(lambda: client.flow is not None)
            assert client.flow is not None
            app = MarrakechApp(network=NetworkGame(client.flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                screen = app.screen
                assert "Enter rolls" in flat(screen_text(app))
                assert screen.check_action("roll", ()) is True
                other, _ = await Peer.seat(table.address, table.code(1))  # the same code
                assert await asyncio.wait_for(playing, WAIT) == 1
                await pilot.pause()
                shown = flat(screen_text(app))
                assert (
                    "Your seat was taken from another terminal. This board no longer plays; "
                    "q leaves." in shown
                ), shown
                assert "Enter rolls" not in shown
                assert "Your seat was taken from another terminal." in flat(" ".join(toasts(app)))
                assert all(screen.check_action(key, ("left",)) is False for key in PLAYING)
                await pilot.press("enter")
                await pilot.pause()
                assert not any("Not allowed" in toast for toast in toasts(app))
                await pilot.press("q")  # leaves, as the board says: nothing to keep playing
                await pilot.pause()
                assert not isinstance(app.screen, ConfirmScreen)
                assert app.return_code is not None
            await other.close()

    asyncio.run(go())


@pytest.mark.slow
def test_a_board_whose_host_stopped_says_it_waits_then_that_it_plays_no_more() -> None:
    async def go() -> None:
        async with hosted(BO_FIRST) as table:
            client, heard, playing = await heard_seat(table, 1)
            assert client.flow is not None
            app = MarrakechApp(network=NetworkGame(client.flow))
            # Wide: the market's status line clear of the notifications.
            async with app.run_test(size=(160, 44), notifications=True) as pilot:
                await pilot.pause()
                screen = app.screen
                await table.hosted.close()
                await until(lambda: any(change.kind == "lost" for change in heard))
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "The host stopped the game: waiting for it to come back..." in shown, shown
                assert "Enter rolls" not in shown
                assert not screen.check_action("roll", ())
                client.retry_seconds = 0  # give up at the next try
                assert await asyncio.wait_for(playing, WAIT) == 1
                await pilot.pause()
                shown = flat(screen_text(app))
                assert (
                    "The host stopped the game and has not come back: q leaves; run your join "
                    "line again once it is hosted again." in shown
                ), shown
                told = flat(" ".join(toasts(app)))
                assert (
                    f"The host at ws://{table.address} stopped the game and has not come back;"
                    in told
                ), told
                assert all(screen.check_action(key, ("left",)) is False for key in PLAYING)

    asyncio.run(go())


def test_at_80_columns_a_default_name_and_not_joined_fit_whole() -> None:
    async def go() -> None:
        async with hosted(GameSetup(3, seed=11), headless=False) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert panel_titles(app)[2].endswith("Player 3 · not joined 30 pts")

    asyncio.run(go())


def test_the_hosts_panels_say_who_has_not_joined_yet_and_who_is_away() -> None:
    async def go() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11)
        async with hosted(setup, headless=False) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                titles = panel_titles(app)
                assert "Bo · not joined" in titles[1], titles
                assert "Cem · not joined" in titles[2], titles
                assert "·" not in titles[0], titles  # the host's own seat
                bo, _ = await Peer.seat(table.address, table.code(1))
                await until(lambda: 1 in table.game.players)
                await pilot.pause()
                titles = panel_titles(app)
                assert "·" not in titles[1], titles
                assert "Cem · not joined" in titles[2], titles
                await bo.close()
                await until(lambda: 1 not in table.game.players)
                await pilot.pause()
                titles = panel_titles(app)
                assert "Bo · away" in titles[1], titles
                assert "not joined" not in titles[1], titles

    asyncio.run(go())


@pytest.mark.slow
def test_a_joined_players_panels_say_who_has_not_joined_yet() -> None:
    async def go() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11)
        async with hosted(setup) as table, seated(table, 2) as client:
            assert client.flow is not None
            app = MarrakechApp(network=NetworkGame(client.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                titles = panel_titles(app)
                assert "Bo · not joined" in titles[1], titles
                assert "·" not in titles[2], titles  # this board's own seat

    asyncio.run(go())


def test_the_hosts_board_offers_no_redo_and_its_quit_dialog_has_no_backquotes() -> None:
    async def go() -> None:
        async with hosted(BO_FIRST, headless=False) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                screen = app.screen
                assert screen.check_action("redo", ()) is False
                assert "Redo" not in screen_text(app)
                assert not any(c.title == "Redo" for c, _english in screen.palette_entries())
                await pilot.press("q")
                await pilot.pause()
                dialog = app.screen
                assert isinstance(dialog, ConfirmScreen)
                assert "`" not in dialog.question
                assert f"It is saved: “marrakech host --resume {table.hosting.game_id}” hosts" in (
                    dialog.question
                )
                await pilot.press("n")

    asyncio.run(go())
