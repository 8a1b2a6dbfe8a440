"""The host hears about its table: a player joining, leaving and coming back is a notice,
with how to let a computer play the seat of one who left."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

import pytest
from tui.helpers import screen_text, toasts

from marrakech.bots import make_bot
from marrakech.engine import Phase
from marrakech.flow import Notice
from marrakech.games.levels import LEVELS
from marrakech.games.session import GameSetup, Session
from marrakech.net.hosting import new_game, start_hosting
from marrakech.net.running import resume_hand_over, typed_hand_over
from marrakech.textmode.game import TextGame
from marrakech.tui.app import MarrakechApp, NetworkGame
from net.harness import Peer, hosted, until

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=11)

LEFT_TYPED = (
    "Network game: Bo has left the table (seat 2). To let a computer play for them until "
    f"they are back, type: computer 2 LEVEL ({', '.join(LEVELS)})."
)


def test_the_hosts_text_seat_is_told_when_a_player_leaves_and_comes_back() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False, hand_over=typed_hand_over) as table:
            seat = TextGame(table.flow)  # the host's own seat, in lines
            seat.advance()
            bo, _ = await Peer.seat(table.address, table.code(1))
            assert seat.advance() == ["Network game: Bo has joined the table (seat 2)."]
            await bo.close()
            await until(lambda: 1 not in table.game.players)
            assert seat.advance() == [LEFT_TYPED]
            await Peer.seat(table.address, table.code(1))
            assert seat.advance() == ["Network game: Bo is back at the table (seat 2)."]

    asyncio.run(scenario())


def test_a_player_joining_under_a_new_name_is_one_piece_of_news_at_the_host() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Player 2"), seed=11)
        async with hosted(setup, headless=False, hand_over=typed_hand_over) as table:
            seat = TextGame(table.flow)
            seat.advance()
            await Peer.open(table.address, {"code": table.code(1), "name": "Bo"})
            await until(lambda: 1 in table.game.players)
            await until(lambda: table.flow.names[1] == "Bo")
            assert seat.advance() == [
                "Seat 2 is now Bo.",
                "Network game: Bo has joined the table (seat 2).",
            ]  # not "Bo plays blue and green." again: the seat is played as before

    asyncio.run(scenario())


def test_a_host_with_fill_says_when_a_computer_steps_in_and_without_commands_how_to() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, fill="greedy", grace=30) as table:
            bo, _ = await Peer.seat(table.address, table.code(1))
            await bo.close()
            await until(lambda: any("left" in notice.text for notice in table.notices))
            assert table.notices[-1] == Notice(
                "Bo has left the table (seat 2). If they are still away at their turn after "
                "30 seconds, the greedy computer plays for them until they are back.",
                title="Network game",
                severity="warning",
                lasting=True,
            )
        async with hosted(SETUP, hand_over=resume_hand_over("3f2a9c1b7d4e")) as table:
            bo, _ = await Peer.seat(table.address, table.code(1))
            await bo.close()
            await until(lambda: any("left" in notice.text for notice in table.notices))
            assert table.notices[-1].text == (
                "Bo has left the table (seat 2). Their seat waits for them; to let a computer "
                "play it, stop and host the game again with: "
                "marrakech host --resume 3f2a9c1b7d4e --fill LEVEL"
            )

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_hosts_full_board_shows_a_player_leaving_and_coming_back() -> None:
    async def go() -> None:
        async with hosted(
            SETUP, headless=False, hand_over=resume_hand_over("3f2a9c1b7d4e")
        ) as table:
            app = MarrakechApp(network=NetworkGame(table.flow))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await pilot.pause()
                bo, _ = await Peer.seat(table.address, table.code(1))
                await bo.close()
                await until(lambda: 1 not in table.game.players)
                await pilot.pause()
                shown = " ".join(" ".join(toasts(app)).split())
                assert "Bo has left the table (seat 2)." in shown
                assert "--resume 3f2a9c1b7d4e --fill LEVEL" in shown
                await Peer.seat(table.address, table.code(1))
                await pilot.pause()
                assert "Bo is back at the table (seat 2)." in " ".join(toasts(app))

    asyncio.run(go())


def test_a_player_whose_seat_has_played_is_back_not_new_when_the_game_is_hosted_again() -> None:
    async def scenario() -> None:
        session = Session(SETUP)
        bots = [make_bot("greedy", seed=seat) for seat in range(2)]
        while len({t.seat for t in session.transitions}) < 2:  # a turn each: Bo has played
            if session.state.phase is Phase.ROLL:
                session.roll()
            else:
                session.play(bots[session.state.current].choose(session.state))
        notices: list[Notice] = []
        flow, hosting = new_game(session, notices.append, headless=True, host="127.0.0.1", port=0)
        hosted_again = await start_hosting(flow, hosting)
        try:
            await Peer.seat(hosted_again.address, hosting.codes[1])
            await until(lambda: bool(notices))
            assert notices[-1].text == "Bo is back at the table (seat 2)."
        finally:
            await hosted_again.close()

    asyncio.run(scenario())


def test_a_headless_host_writes_each_new_name_and_each_refused_hello_to_its_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from marrakech.cli import build_parser
    from marrakech.net import running

    async def no_lines(*args: object, **options: object) -> int:
        raise AssertionError("a headless host has no seat in lines")

    async def scenario() -> list[str]:
        args = build_parser().parse_args(["host", "--headless", "--port", "0"])
        hosting = asyncio.ensure_future(running._host(args, no_lines, None))
        printed: list[str] = []
        log: list[str] = []

        def read() -> bool:
            out, err = capsys.readouterr()
            printed.extend(out.splitlines())
            log.extend(err.splitlines())
            return any(line.startswith("seat 2: ") for line in printed)

        await until(read)
        join = {line.split(": ", 1)[0]: line.split() for line in printed}
        address, code = join["seat 2"][-2:]
        eve = await Peer.open(address, {"code": code, "name": "Eve"})
        await eve.next("game")
        blank = await Peer.open(address, {"code": code, "name": " "})
        await blank.next("error")
        alike = await Peer.open(address, {"code": code, "name": "player 1"})
        await alike.next("error")
        hosting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hosting
        read()
        return log

    log = asyncio.run(scenario())
    assert log == [
        "Seat 2 is now Eve.",
        "Eve has joined the table (seat 2).",
        "A hello for seat 2 (Eve) was refused: the name must be 1 to 40 characters, not blank.",
        "A hello for seat 2 (Eve) was refused: the name 'player 1' is too like Player 1's, "
        "who plays at this table.",
    ]


def test_a_resumed_hosts_invitation_says_friends_still_joined_come_back_by_themselves() -> None:
    from marrakech.net.running import invitation

    lines = ["seat 2: marrakech join ws://h:1 CODE"]
    command = "marrakech host --resume 0123456789ab"
    new = invitation(lines, command, resumed=False).splitlines()
    again = invitation(lines, command, resumed=True).splitlines()
    assert new[0] == "Send each friend the line of their seat:"
    assert again[0] == (
        "Friends still running their join line come back by themselves; send the line of "
        "their seat to any who stopped it:"
    )
    assert new[1:] == again[1:] == [*lines, "", "If the host stops, go on with:", command]


@pytest.mark.parametrize("moved", [False, True])
def test_a_game_resumed_elsewhere_does_not_say_friends_come_back_by_themselves(
    moved: bool,
) -> None:
    # Their running lines call the old address: on a new port, they must be sent again.
    from marrakech.cli import build_parser
    from marrakech.net import running

    shown: list[str] = []

    async def board(flow: object, intro: str = "") -> None:
        shown.append(intro)

    async def no_lines(*args: object, **options: object) -> int:
        raise AssertionError("the host plays on the board")

    async def scenario() -> None:
        first = build_parser().parse_args(["host", "--port", "0"])
        assert await running._host(first, no_lines, board) == 0
        game = shown[0].split("marrakech host --resume ")[1].split()[0]
        port = int(shown[0].split("marrakech join 127.0.0.1:")[1].split()[0])
        again = build_parser().parse_args(
            ["host", "--resume", game, *(["--port", "0"] if moved else [])]
        )
        with socket.socket() as held:
            if moved:  # the old port taken meanwhile: the game goes on another
                held.bind(("127.0.0.1", port))
            assert await running._host(again, no_lines, board) == 0

    asyncio.run(scenario())
    said = shown[1].splitlines()[0]
    if moved:
        assert said == "Send each friend the line of their seat:"
    else:
        assert said.startswith("Friends still running their join line come back by themselves")


def test_the_host_is_told_when_a_seat_is_joined_again_from_another_connection() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False, hand_over=typed_hand_over) as table:
            seat = TextGame(table.flow)
            seat.advance()
            await Peer.seat(table.address, table.code(1))
            seat.advance()
            await Peer.seat(table.address, table.code(1))  # Bo's code, typed elsewhere
            assert seat.advance() == [
                "Network game: Bo joined again from another connection (seat 2): the one "
                "before is closed."
            ]
            # Under another name, both names are said: it may be someone else with the code.
            eve = await Peer.open(table.address, {"code": table.code(1), "name": "Eve"})
            await eve.next("game")
            assert seat.advance() == [
                "Seat 2 is now Eve.",
                "Network game: Eve took seat 2 from Bo, with that seat's join code from "
                "another connection: Bo's connection is closed.",
            ]

    asyncio.run(scenario())


def test_a_host_that_cannot_listen_leaves_no_game_to_resume(
    capsys: pytest.CaptureFixture[str], data_home: Path
) -> None:
    from marrakech.cli import main
    from marrakech.games.autosaves import unfinished_games

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["host", "--headless", "--port", str(port)])
    assert code == 1
    said = capsys.readouterr().err
    assert said == (
        f"marrakech host: cannot listen on 127.0.0.1:{port}: the port is in use (a program, "
        "another game maybe, listens there: choose another port with --port)\n"
    )
    assert unfinished_games() == []  # it said "a network game you host: 0 turns played"
    assert not [path for path in data_home.rglob("*") if path.is_file()], list(data_home.rglob("*"))


def test_a_player_joining_a_seat_a_computer_played_meanwhile_joins_not_returns() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, fill="random", grace=0, return_seconds=0) as table:
            flow = table.flow
            await until(lambda: any(t.seat == 1 for t in flow.session.transitions))
            await Peer.seat(table.address, table.code(1))
            await until(lambda: any("Bo " in notice.text for notice in table.notices))
            said = [notice.text for notice in table.notices if "Bo " in notice.text]
            assert said == ["Bo has joined the table (seat 2)."]

    asyncio.run(scenario())


@pytest.mark.parametrize(("typed", "takeback"), [([], None), (["--takebacks", "on"], True)])
def test_host_takes_the_takebacks_as_new_does(typed: list[str], takeback: bool | None) -> None:
    from marrakech.cli import build_parser
    from marrakech.net.running import hosted_setup

    args = build_parser().parse_args(["host", "--players", "3", *typed])
    assert hosted_setup(args).takeback is takeback


def test_news_of_the_table_waits_until_the_host_has_read_the_invitation() -> None:
    # A notice lay over the ends of the invitation's lines: the join codes.
    async def go() -> None:
        async with hosted(SETUP, headless=False, hand_over=typed_hand_over) as table:
            intro = "\n".join(table.hosted.join_lines())
            app = MarrakechApp(network=NetworkGame(table.flow, intro))
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await pilot.pause()
                await Peer.seat(table.address, table.code(1))
                await until(lambda: 1 in table.game.players)
                await pilot.pause()
                assert toasts(app) == []
                assert table.code(1) in " ".join(screen_text(app).split())
                await pilot.press("enter")  # Play
                await pilot.pause()
                assert "Bo has joined the table (seat 2)." in " ".join(toasts(app))

    asyncio.run(go())


def test_the_host_in_lines_hears_a_computer_seat_to_move_is_a_computers() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seats=("greedy", "person"), seed=11)
        async with hosted(setup, headless=False, computer_pause=60) as table:
            seat = TextGame(table.flow)  # Bo's, the host's own
            assert "It is Ayla's turn: the greedy computer plays it." in seat.opening()

    asyncio.run(scenario())
