"""A player here who lets their turn wait: after a while the host is told, and may let a
computer play their seat as it may an away player's (``computer``, ``c``, ``--fill``);
the player gets it back by joining again, or by asking for it (``back``)."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from tui.helpers import panel_titles, screen_text, toasts

from marrakech.engine import Phase
from marrakech.flow import Seat, SeatKind
from marrakech.games.levels import LEVELS
from marrakech.games.session import GameSetup
from marrakech.net.running import board_hand_over, typed_hand_over
from marrakech.textmode.game import TextGame
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens.network_game import NetworkGameScreen
from marrakech.tui.widgets.status_line import StatusLine
from net.harness import Peer, hosted, says, seated, until

CEM_FIRST = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11, first=2)

STALL = 0.1
"""The seconds a player here may let their turn wait in these tests."""


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_hosts_text_seat_is_told_and_gives_a_silent_players_seat_to_a_computer() -> None:
    async def scenario() -> None:
        options = {"hand_over": typed_hand_over, "stall_seconds": STALL, "computer_pause": 0}
        async with hosted(CEM_FIRST, headless=False, **options) as table:
            ayla = TextGame(table.flow)  # the host's own seat, in lines
            cem, _ = await Peer.seat(table.address, table.code(2))  # says hello, then reads
            lines = await says(ayla, "has not moved")
            assert (
                "Network game: Cem has not moved for 0.1 seconds (seat 3). To let a computer "
                f"play for them until they are back, type: computer 3 LEVEL ({', '.join(LEVELS)})."
            ) in lines
            assert sum("has not moved" in line for line in lines + ayla.advance()) == 1
            assert ayla.respond("computer 3 greedy").lines[-1] == (
                "The greedy computer plays seat 3 now."
            )
            seats = await cem.next("seats")  # Cem's own arrival first
            while seats["table"][2]["kind"] != "computer":
                seats = await cem.next("seats")
            answering = cem.answering()  # the computer's roll asks Cem for a share
            assert seats["table"][2] == {
                "name": "Cem",
                "kind": "computer",
                "level": "greedy",
                "here": True,
            }
            await until(lambda: table.flow.state.current == 0)  # the computer played Cem's turn
            assert [t.seat for t in table.flow.session.transitions] == [2, 2, 2]
            answering.cancel()
            _, game = await Peer.seat(table.address, table.code(2))  # Cem joins again
            assert game["table"][2] == {
                "name": "Cem",
                "kind": "person",
                "level": None,
                "here": True,
            }
            assert table.flow.seats[2].kind is SeatKind.REMOTE

    asyncio.run(scenario())


def test_a_joined_player_whose_seat_a_computer_plays_is_told_how_to_play_it_again() -> None:
    async def scenario() -> None:
        options = {"hand_over": typed_hand_over, "stall_seconds": STALL, "computer_pause": 60}
        async with hosted(CEM_FIRST, headless=False, **options) as table:
            ayla = TextGame(table.flow)
            async with seated(table, 2) as client:
                assert client.flow is not None
                cem = TextGame(client.flow)  # Cem, in lines, types nothing
                await says(ayla, "has not moved")
                ayla.respond("computer 3 hard")
                lines = await says(cem, "A computer plays your seat")
                assert lines[-2:] == [
                    "Cem (hard computer) plays yellow.",
                    "A computer plays your seat: type back to play it again.",
                ]
                # At the keyboard again: the seat back without joining again.
                assert cem.respond("back").lines == ["Asked the host for your seat back."]
                await until(lambda: table.flow.seats[2].kind is SeatKind.REMOTE)
                await says(ayla, "Cem is back at the table (seat 3).")
                told = await says(cem, "Your seat is yours again.")
                assert told[-1].startswith(
                    "Cem, "
                )  # his turn said again, wherever the computer got
                assert (
                    cem.respond("back")
                    .lines[-1]
                    .startswith("No computer plays your seat: it is yours. Now: ")
                )

    asyncio.run(scenario())


def test_the_hosts_board_says_a_player_lets_their_turn_wait_and_c_gives_their_seat() -> None:
    async def go() -> None:
        options = {"hand_over": board_hand_over, "stall_seconds": STALL}
        async with hosted(CEM_FIRST, headless=False, **options) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, NetworkGameScreen)
                bo, _ = await Peer.seat(table.address, table.code(1))
                cem, _ = await Peer.seat(table.address, table.code(2))
                answering = [bo.answering(), cem.answering()]  # each adds shares, Cem no move
                shown = ""
                for _ in range(200):
                    await pilot.pause(0.05)
                    shown = flat(screen_text(app))
                    if "has not moved" in shown:
                        break
                assert "Cem has not moved for 0.1 seconds: c lets a computer play for them." in (
                    shown
                ), shown
                told = flat(" ".join(toasts(app)))
                assert (
                    "Cem has not moved for 0.1 seconds (seat 3). To let the greedy computer play "
                    "for them until they are back, press c" in told
                )
                assert screen.check_action("give_seat", ()) is True
                levels = [
                    c.title for c, _english in screen.palette_entries() if "play for" in c.title
                ]
                assert levels == [f"Let the {level} computer play for Cem" for level in LEVELS]
                await pilot.press("c")
                await until(lambda: table.flow.seats[2].kind is SeatKind.COMPUTER)
                await pilot.pause()
                assert "The greedy computer plays for Cem (seat 3) until they are back." in flat(
                    " ".join(toasts(app))
                )
                assert "c lets a computer play" not in flat(screen_text(app))
                await until(lambda: table.flow.state.current == 0)
                await pilot.pause()
                assert screen.check_action("give_seat", ()) is None  # Bo and Cem are here
                for task in answering:
                    task.cancel()

    asyncio.run(go())


def test_a_joined_board_whose_seat_a_computer_plays_says_how_to_play_it_again() -> None:
    async def go() -> None:
        async with (
            hosted(CEM_FIRST, headless=False, stall_seconds=STALL, computer_pause=60) as table,
            seated(table, 2) as client,
        ):
            flow = client.flow
            assert flow is not None
            app = MarrakechApp(network=NetworkGame(flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await until(lambda: table.game.stalled(2))
                table.flow.give_to_computer(2, "greedy")
                await until(lambda: flow.seats[2].kind is SeatKind.COMPUTER)
                await pilot.pause()
                told = flat(" ".join(toasts(app)))
                given = "A computer plays your seat: b gives it back to you."
                assert given in told, told
                # It stays said under the market, and the seat's panel names the computer.
                app.clear_notifications()
                await pilot.pause()
                status = app.screen.query_one(StatusLine).render()
                assert isinstance(status, Text)
                assert given in flat(status.plain)
                assert "Cem · greedy computer" in panel_titles(app)[2]
                assert app.screen.check_action("seat_back", ()) is True
                await pilot.press("b")  # at the keyboard again: the seat back
                await until(lambda: table.flow.seats[2].kind is SeatKind.REMOTE)
                await until(lambda: not flow.given_away)
                await pilot.pause()
                assert app.screen.check_action("seat_back", ()) is False
                status = app.screen.query_one(StatusLine).render()
                assert isinstance(status, Text)
                assert "Your seat is yours again." in flat(status.plain)

    asyncio.run(go())


def test_with_fill_a_computer_plays_for_a_player_who_lets_their_turn_wait() -> None:
    async def scenario() -> None:
        async with hosted(CEM_FIRST, fill="random", stall_seconds=STALL) as table:
            cem, _ = await Peer.seat(table.address, table.code(2))
            answering = cem.answering()  # adds shares, moves never
            await until(lambda: table.flow.state.current == 0)  # a computer played Cem's turn
            (notice,) = [n for n in table.notices if "has not moved" in n.text]
            assert notice.text == (
                "Cem has not moved for 0.1 seconds (seat 3). The random computer plays for them "
                "until they are back."
            )
            assert table.flow.seats[2] == Seat(2, "Cem", SeatKind.COMPUTER, "random")
            answering.cancel()

    asyncio.run(scenario())


def test_a_player_leaving_a_seat_a_computer_plays_already_is_offered_no_computer() -> None:
    async def scenario() -> None:
        async with hosted(CEM_FIRST, fill="random", stall_seconds=STALL) as table:
            cem, _ = await Peer.seat(table.address, table.code(2))
            answering = cem.answering()
            await until(lambda: table.flow.seats[2].kind is SeatKind.COMPUTER)
            answering.cancel()
            await cem.close()
            await until(lambda: any("has left" in notice.text for notice in table.notices))
            (left,) = [notice for notice in table.notices if "has left" in notice.text]
            assert left.text == "Cem has left the table (seat 3)."

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_player_waiting_for_an_answer_to_an_undo_request_is_not_idle() -> None:
    async def scenario() -> None:
        # Bo's wait is counted from Ayla's carpet, and the undo must reach the host within
        # it: a second, not STALL, so that a busy machine still sends it in time.
        stall = 1.0
        options = {"hand_over": typed_hand_over, "stall_seconds": stall}
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11)
        async with hosted(setup, headless=False, **options) as table:
            ayla = TextGame(table.flow)  # the host's own seat, in lines
            bo, _ = await Peer.seat(table.address, table.code(1))
            answering = bo.answering()  # Ayla's roll asks Bo for a share
            ayla.respond("left")
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            ayla.respond("1")
            await until(lambda: table.flow.state.current == 1)
            answering.cancel()
            await bo.send({"type": "undo", "id": 1, "at": len(table.flow.session.actions)})
            await says(ayla, "asks to take back")
            await asyncio.sleep(stall * 2)  # Bo's turn waits, but for Ayla's answer
            assert not any("has not moved" in line for line in ayla.advance())
            ayla.respond("no")
            assert "Bo has not moved" in flat(" ".join(await says(ayla, "has not moved")))

    asyncio.run(scenario())


def test_a_seat_is_given_back_once_a_position_and_never_after_the_end() -> None:
    # A client answering every hand-over with back, and a fresh wait each time, held the
    # game: with --fill nobody ever moved.
    async def scenario() -> None:
        options = {"stall_seconds": STALL, "computer_pause": 60}  # it never moves here
        async with hosted(CEM_FIRST, headless=False, **options) as table:
            cem, _ = await Peer.seat(table.address, table.code(2))
            await until(lambda: table.game.stalled(2))
            await cem.send({"type": "back", "id": 1})
            assert (await cem.next("error"))["reason"] == "no computer plays your seat: it is yours"
            table.flow.give_to_computer(2, "greedy")
            await cem.send({"type": "back", "id": 2})
            await until(lambda: table.flow.seats[2].kind is SeatKind.REMOTE)
            await until(lambda: table.game.stalled(2))
            table.flow.give_to_computer(2, "greedy")  # in the same position: not again
            await cem.send({"type": "back", "id": 3})
            refused = await cem.next("error")
            assert refused["id"] == 3 and refused["reason"].startswith(
                "your seat was given back once this turn"
            )
            assert table.flow.seats[2].kind is SeatKind.COMPUTER

    asyncio.run(scenario())


def test_the_words_of_a_seat_given_back_are_said_in_the_players_language() -> None:
    from marrakech.games import language
    from marrakech.net import texts

    language.use("ja")
    try:
        said = texts.local("you took back Ayla's last decision, with their agreement")
        assert said.startswith("あなたは、Ayla"), said  # not "youが、…": a name it is not
        assert texts.local("Bo took back your last decision, with your agreement").startswith(
            "Boが、あなたの同意"
        )
    finally:
        language.use("en")


def test_the_host_in_lines_is_told_how_to_go_on_when_a_seat_nobody_joined_is_to_move() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11)
        options = {"hand_over": typed_hand_over, "return_seconds": 0, "computer_pause": 60}
        async with hosted(setup, headless=False, **options) as table:
            ayla = TextGame(table.flow)  # the host's own seat, in lines
            ayla.respond("left")
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            ayla.respond("1")
            await until(lambda: table.flow.state.current == 1)
            told = [line for line in ayla.advance() if "not joined" in line]
            assert told == [
                "It is Bo's turn, who has not joined yet (seat 2): send them the line of their "
                f"seat, or type computer 2 LEVEL ({', '.join(LEVELS)}) to let a computer play "
                "for them."
            ]
            assert not ayla.advance()  # said once
            ayla.respond("computer 2 greedy")  # it waits a minute before it moves
            await until(lambda: table.flow.seats[1].kind is SeatKind.COMPUTER)
            assert not [line for line in ayla.advance() if "not joined" in line]
            assert "It is Bo's turn: the greedy computer plays it." in ayla.opening()

    asyncio.run(scenario())
