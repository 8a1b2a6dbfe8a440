"""A player who left, on the full board: the host is told how to let a computer play for
them (``c``, or a level from the command palette) and can; every board says the player
is away and since when; a roll that waits for a share says so, and Enter does not act."""

from __future__ import annotations

import asyncio
import re

import pytest
from tui.helpers import screen_text, toasts

from marrakech.flow import SeatKind
from marrakech.games.levels import LEVELS
from marrakech.games.session import GameSetup
from marrakech.net.running import board_hand_over
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.network_game import NetworkGameScreen
from net.harness import Peer, hosted, seated, until

BO_FIRST = GameSetup(2, names=("Ayla", "Bo"), seed=11, first=1)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_host_gives_an_away_players_seat_to_a_computer_with_c() -> None:
    async def go() -> None:
        async with hosted(BO_FIRST, headless=False, hand_over=board_hand_over) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, NetworkGameScreen)
                bo, _ = await Peer.seat(table.address, table.code(1))
                await until(lambda: 1 in table.game.players)
                await pilot.pause()
                assert screen.check_action("give_seat", ()) is None  # dimmed: nobody away
                await pilot.press("c")
                assert table.flow.seats[1].kind is SeatKind.REMOTE
                await bo.close()
                await until(lambda: 1 not in table.game.players)
                await pilot.pause()
                told = flat(" ".join(toasts(app)))
                assert (
                    "Bo has left the table (seat 2). To let the greedy computer play for "
                    "them until they are back, press c; for another level, ctrl+p (the "
                    "command palette)." in told
                )
                shown = flat(screen_text(app))
                assert re.search(
                    r"Bo is away \(disconnected since \d\d:\d\d\): c lets a computer play "
                    r"for them\.",
                    shown,
                ), shown
                assert "playing on another machine" not in shown
                assert screen.check_action("give_seat", ()) is True
                levels = [
                    c.title for c, _english in screen.palette_entries() if "play for Bo" in c.title
                ]
                assert levels == [f"Let the {level} computer play for Bo" for level in LEVELS]
                await pilot.press("c")
                await until(lambda: table.flow.seats[1].kind is SeatKind.COMPUTER)
                await pilot.pause()
                assert table.flow.seats[1].level == "greedy"
                told = flat(" ".join(toasts(app)))
                assert "The greedy computer plays for Bo (seat 2) until they are back." in told
                assert screen.check_action("give_seat", ()) is None  # nobody else away

    asyncio.run(go())


@pytest.mark.slow
def test_a_joined_seat_sees_another_player_not_joined_yet_then_playing_then_away() -> None:
    async def go() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11, first=1)
        async with hosted(setup) as table, seated(table, 2) as client:
            assert client.flow is not None
            app = MarrakechApp(network=NetworkGame(client.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "Waiting for Bo to join..." in shown, shown
                assert "playing on another machine" not in shown
                bo, _ = await Peer.seat(table.address, table.code(1))
                await until(lambda: client.flow.here[1])
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "Bo is playing on another machine..." in shown, shown
                assert "Waiting for Bo" not in shown
                await bo.close()
                await until(lambda: not client.flow.here[1])
                await pilot.pause()
                shown = flat(screen_text(app))
                assert re.search(
                    r"Bo is away \(disconnected since \d\d:\d\d\): the host may let a computer "
                    r"play\.",
                    shown,
                ), shown
                screen = app.screen
                assert screen.check_action("give_seat", ()) is False  # the host's key only

    asyncio.run(go())


@pytest.mark.slow
def test_while_the_roll_waits_for_a_share_the_status_says_so_and_enter_does_not_roll() -> None:
    async def go() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11)
        async with hosted(setup, headless=False, share_seconds=30) as table:
            silent, _ = await Peer.seat(table.address, table.code(1))  # never adds a share
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                assert "Enter rolls" in flat(screen_text(app))
                await pilot.press("enter")  # Ayla's facing: the roll waits for Bo's share
                await until(lambda: table.flow.rolling)
                await pilot.pause()
                shown = flat(screen_text(app))
                assert re.search(
                    r"Ayla: Assam faces \w+; the die is being rolled, waiting for a "
                    r"player's share\.\.\.",
                    shown,
                ), shown
                assert "Enter rolls" not in shown
                screen = app.screen
                assert not screen.check_action("roll", ())
                played = table.flow.actions_played
                await pilot.press("enter")
                await pilot.pause()
                assert table.flow.actions_played == played and table.flow.rolling
                assert not any("Not allowed" in toast for toast in toasts(app))
            await silent.rolled()  # Bo's share at last: the roll lands
            assert table.flow.state.phase.value == "place"

    asyncio.run(go())


def test_a_seat_whose_player_has_not_joined_says_so_until_they_come() -> None:
    async def go() -> None:
        async with hosted(BO_FIRST, headless=False) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                shown = flat(screen_text(app))
                assert (
                    "Waiting for Bo to join (seat 2): c lets a computer play for them." in shown
                ), shown
                assert "playing on another machine" not in shown
                assert "away" not in shown
                screen = app.screen
                assert isinstance(screen, NetworkGameScreen)
                assert screen.check_action("give_seat", ()) is True  # a seat nobody took
                bo, _ = await Peer.seat(table.address, table.code(1))
                await until(lambda: 1 in table.game.players)
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "Bo is playing on another machine..." in shown, shown
                assert "Waiting for Bo" not in shown
                await bo.close()
                await until(lambda: 1 not in table.game.players)
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "Bo is away (disconnected since" in shown, shown
                assert "Waiting for Bo" not in shown  # they came once: away, not awaited

    asyncio.run(go())
