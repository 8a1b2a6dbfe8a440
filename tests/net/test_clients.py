"""Clients in this process: replicas that end where the host ends, the text mode at a
network table, resuming."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import socket
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TextIO

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import CloseCode

from marrakech.cli import main
from marrakech.engine import Orient, Phase, Turn, Variant
from marrakech.flow import GameFlow, Listener
from marrakech.flow.changes import Change
from marrakech.games.narrate import sentence
from marrakech.games.session import GameSetup, Session
from marrakech.games.words import action_words, result_line
from marrakech.net import client as client_module
from marrakech.net.address import host_uri
from marrakech.net.client import Client
from marrakech.net.host import HostGame
from marrakech.net.host_flow import HostFlow
from marrakech.net.hosting import new_game, resume_game
from marrakech.net.protocol import HOST_STOPPED
from marrakech.net.replica import HostError, ReplicaFlow
from marrakech.textmode.game import TextGame
from marrakech.textmode.online import play_at_table
from net.harness import Peer, Table, heard_seat, hosted, says, seated, until


@asynccontextmanager
async def typing_at(
    flow: Callable[[], GameFlow | None], listen: Callable[[Listener], None]
) -> AsyncIterator[tuple[TextIO, io.StringIO]]:
    """A person at the table in lines, typing through a pipe (read by a thread until it
    ends): what they type and what they are told. The pipe closes when the block ends,
    which ends their input; the seat must then have left with exit code 0. The pipe's
    reading end closes once the thread has read to its end (a seat that quit leaves it
    still reading)."""
    out = io.StringIO()
    read, write = os.pipe()
    with open(read, encoding="utf-8") as typed:
        playing = asyncio.create_task(
            play_at_table(flow, listen, asyncio.sleep(30, 0), lines=typed, out=out)
        )
        with open(write, "w", encoding="utf-8") as keys:
            yield keys, out
        assert await playing == 0
        await until(lambda: not any(t.name == "text input" for t in threading.enumerate()))


@pytest.mark.slow  # a whole game, each roll written before it is told
def test_computer_clients_play_a_game_and_every_replica_ends_as_the_host() -> None:
    async def scenario() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=4, variant=Variant.AIM)
        async with hosted(setup) as table:
            clients = [
                Client(table.address, code=table.code(seat), keep_finished=False, level="random")
                for seat in range(3)
            ]
            heard: list[str] = []
            outs = [io.StringIO() for _ in clients]
            for client in clients:
                client.listen(lambda change: heard.append(change.kind))
            seats = [
                play_at_table(
                    lambda c=client: c.flow,
                    client.listen,
                    client.run(),
                    moves=False,
                    reads=False,
                    out=out,
                )
                for client, out in zip(clients, outs, strict=True)
            ]
            codes = await asyncio.wait_for(asyncio.gather(*seats), 30)
            assert codes == [0, 0, 0]
            assert "lost" not in heard and "error" not in heard
            assert table.flow.over
            winner = result_line(table.flow.state, table.flow.names)
            for client, out in zip(clients, outs, strict=True):
                assert client.flow is not None
                assert client.flow.state == table.flow.state
                assert client.flow.log() == table.flow.log()
                assert winner in out.getvalue().splitlines()

    asyncio.run(scenario())


def test_a_watching_client_says_each_move_in_the_logs_words_and_who_won() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2, seats=("person", "greedy"))
        async with hosted(setup, headless=False) as table:
            out = io.StringIO()
            watcher = Client(table.address, keep_finished=False)
            watching = asyncio.create_task(
                play_at_table(
                    lambda: watcher.flow, watcher.listen, watcher.run(), out=out, reads=False
                )
            )
            said_by_host: list[str] = []
            table.flow.listen(
                lambda change: (
                    said_by_host.append(sentence(change.transitions, table.flow.names))
                    if change.kind == "played"
                    else None
                )
            )
            host = TextGame(table.flow)
            host_lines = host.opening() + host.advance()
            while not table.flow.over:
                await asyncio.sleep(0.01)
                if table.flow.to_move is not None and table.flow.to_move.number == 0:
                    command = "1" if table.flow.state.phase is Phase.PLACE else "left"
                    host_lines += host.respond(command).lines + host.advance()
            host_lines += host.advance()  # the last roll or move may have come since
            assert await asyncio.wait_for(watching, 10) == 0
            lines = out.getvalue().splitlines()
            assert lines[:3] == [
                "You are watching the game.",
                "Ayla plays red and yellow.",
                "Bo (greedy computer) plays blue and green.",
            ]
            purses = re.compile(r"(Ayla|Bo) has \d+ dirhams? now, ")  # after each toll
            announced = [line for line in lines if line.startswith(("Ayla ", "Bo "))]
            assert [line for line in announced if not purses.match(line)][
                -len(said_by_host) :
            ] == said_by_host
            winner = result_line(table.flow.state, table.flow.names)
            assert winner.startswith("The game is over: ")
            assert lines.count(winner) == 1 and winner in host_lines
            assert any(line.startswith("Ayla, your turn") for line in host_lines)

    asyncio.run(scenario())


NOW = " Now: left, right or ahead; help lists every command."
"""What follows a refusal at the start of a turn: what may be typed now."""


def test_the_text_mode_at_a_network_table_explains_what_it_cannot_do() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            game = TextGame(table.flow)
            said = [
                game.respond(command).lines
                for command in ("7", "dance", "aim left", "yes", "computer 1 hard", "redo")
            ]
            assert said == [
                ["No carpet to lay now. Now: left, right or ahead; help lists every command."],
                ["Unknown command 'dance'. Now: left, right or ahead; help lists every command."],
                [
                    "This game has no aiming: in the standard rules each player turns Assam "
                    "before their own roll (the aiming variant is chosen when a game is set up). "
                    "Now: left, right or ahead; help lists every command."
                ],
                [f"Nobody asked you to take back a decision.{NOW}"],
                [f"Seat 1 is not a seat for a player elsewhere.{NOW}"],
                [f"Cannot redo in a network game.{NOW}"],
            ]
            assert game.respond("left").moved
            await until(lambda: table.flow.state.phase is Phase.PLACE)  # nobody to add: at once
            assert len(table.flow.session.actions) == 2  # only "left" played (and its roll)
            assert game.advance()[0].startswith("Ayla rolls ")
            assert game.respond("99").lines[0].startswith("No carpet 99: legal numbers 1 to ")

    asyncio.run(scenario())


def test_a_hosted_game_resumes_with_the_same_codes_and_moves() -> None:
    session = Session(GameSetup(3, seed=9))
    flow, hosting = new_game(session, lambda notice: None, headless=True, host="::1", port=9)
    assert isinstance(flow, HostFlow)
    flow.hand_seat(0, flow.seats[0].kind)
    flow.decide(flow.state.legal_actions()[0])  # type: ignore[arg-type]
    flow.close()
    resumed, again = resume_game(hosting.game_id, lambda notice: None)
    assert again == hosting and resumed.session.actions == session.actions
    assert [seat.kind for seat in resumed.seats] == [seat.kind for seat in flow.seats]
    resumed.close()


def test_a_change_reaches_every_listener() -> None:
    flow, _ = new_game(Session(GameSetup(2)), lambda notice: None, headless=False, host="", port=0)
    heard: list[Change] = []
    flow.listen(heard.append)
    flow.rename(1, "Bo")
    assert [(c.kind, c.seat) for c in heard] == [("synced", 1)] and flow.names[1] == "Bo"
    flow.close()


@pytest.mark.parametrize(
    ("sent", "problem"),
    [
        ("not json", "the host sent a message that is not JSON"),
        ('{"type": "played", "at": 0, "actions": ["L"]}', "the host sent 'played' before the game"),
        ('{"type": "game", "version": 9}', "the host speaks another version of the protocol"),
        ('{"type": "surprise"}', "the host sent 'surprise' before the game"),
    ],
    ids=["not JSON", "played first", "another version", "unknown type"],
)
def test_a_client_stops_with_a_reason_when_the_host_sends_nonsense(sent: str, problem: str) -> None:
    async def fake_host(socket: ServerConnection) -> None:
        await socket.recv()
        await socket.send(sent)
        await socket.wait_closed()

    async def scenario() -> None:
        async with serve(fake_host, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = Client(f"127.0.0.1:{port}", code="AAAA-BBBB-CCCC", keep_finished=False)
            heard: list[Change] = []
            client.listen(heard.append)
            assert await asyncio.wait_for(client.run(), 10) == 1
            assert [(c.kind, c.text) for c in heard] == [("closed", problem)]

    asyncio.run(scenario())


def test_a_connection_lost_after_the_host_came_back_is_not_called_the_host_stopping() -> None:
    async def scenario() -> None:
        client = Client("127.0.0.1:9", keep_finished=False)  # watching; its address comes next
        heard: list[Change] = []
        client.listen(heard.append)
        visits = 0

        async def fake_host(socket: ServerConnection) -> None:
            nonlocal visits
            visits += 1
            await socket.recv()
            if visits == 1:
                await socket.close(CloseCode.GOING_AWAY, HOST_STOPPED)
            else:  # back, then gone on a fault, not stopping
                client.retry_seconds = 0  # give up at the next try
                server.close(close_connections=False)
                await socket.close(CloseCode.INTERNAL_ERROR)

        async with serve(fake_host, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client.uri = f"ws://127.0.0.1:{port}"
            assert await asyncio.wait_for(client.run(), 10) == 1
        address = f"ws://127.0.0.1:{port}"
        assert [change.text for change in heard] == [
            f"the host at {address} stopped the game; waiting for it to come back",
            f"no host answers at {address}; trying again for 1 second",
            f"the host at {address} cannot be reached, and this program has stopped trying; "
            "the same join line joins again once the host answers",
        ]

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("errno", "unknown"), [(socket.EAI_NONAME, True), (socket.EAI_AGAIN, False)]
)
def test_a_host_name_that_names_nothing_is_said_so_at_once(
    monkeypatch: pytest.MonkeyPatch, errno: int, unknown: bool
) -> None:
    # A typo in the address read "no host answers" for a minute, as if the host might come.
    def lookup_failed(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(errno, "Name or service not known")

    monkeypatch.setattr(client_module, "connect", lookup_failed)
    client = Client("nosuchhost.invalid:47110", code="K7QF-2MXA-9PRT", keep_finished=False)
    heard: list[Change] = []
    client.listen(heard.append)
    client.retry_seconds = 0  # gives up at the second try
    assert asyncio.run(asyncio.wait_for(client.run(), 10)) == 1
    first = heard[0].text
    if unknown:  # still tried again: offline, or a name the host's machine is not up with
        assert first == (
            "no host is named 'nosuchhost.invalid': check the address; trying again for 1 second"
        )
    else:  # a lookup that failed for now
        assert first == (
            "no host answers at ws://nosuchhost.invalid:47110; trying again for 1 second"
        )
    assert heard[-1].kind == "closed"


def test_joining_for_the_full_board_says_ctrl_c_gives_up_while_it_tries(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before the game opens, the board reads no keys: ctrl+q did nothing.
    from marrakech.net import running

    def no_host(*args: object, **kwargs: object) -> None:
        raise ConnectionRefusedError(111, "Connection refused")

    async def never_opened(flow: GameFlow, intro: str = "") -> None:
        raise AssertionError("no game to open")

    monkeypatch.setattr(client_module, "connect", no_host)
    client = Client("127.0.0.1:47110", code="K7QF-2MXA-9PRT", keep_finished=False)
    client.retry_seconds = 0
    assert asyncio.run(running._join_on_board(client, never_opened)) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first == (
        "No host answers at ws://127.0.0.1:47110; trying again for 1 second. Ctrl+C gives up."
    )


def test_a_replica_refuses_a_move_that_does_not_follow_its_game() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, seed=1)) as table:
            client = Client(table.address, code=table.code(0), keep_finished=False)
            running = asyncio.create_task(client.run())
            await until(lambda: client.flow is not None)
            assert client.flow is not None
            with pytest.raises(HostError, match="does not follow action 0"):
                client.flow.apply({"type": "played", "at": 5, "actions": ["L"]})
            with pytest.raises(HostError, match=r"the host's action 'c9\.9-9\.9'"):
                client.flow.apply({"type": "played", "at": 0, "actions": ["c9.9-9.9"]})
            assert client.flow.session.actions == ()
            running.cancel()

    asyncio.run(scenario())


def test_the_hosts_own_seat_in_lines_says_each_move_before_what_comes_next() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2, seats=("person", "greedy"))
        async with hosted(setup, headless=False, computer_pause=0.0) as table:
            async with typing_at(lambda: table.flow, table.flow.listen) as (keys, out):
                keys.write("left\n")
                keys.flush()
                await until(lambda: table.flow.state.phase is Phase.PLACE)  # the roll came
                keys.write("1\n")
            lines = out.getvalue().splitlines()
            assert lines[:3] == [
                "You play seat 1, Ayla.",
                "Ayla plays red and yellow.",
                "Bo (greedy computer) plays blue and green.",
            ]
            said = [line for line in lines[4:] if not line.startswith("The input has ended")]
            assert said[0].startswith("Ayla, your turn")
            assert said[1] == ">"  # the prompt on a pipe, as in the text mode at one keyboard
            assert said[2] == "Ayla turns left."  # the facing first, for everyone...
            assert said[3].startswith("Ayla rolls ")  # ...then the roll it fixed
            assert said[4].startswith("Ayla, lay your ")
            assert said[5] == ">"
            assert said[6].startswith("Ayla lays a ")
            assert said.count(">") == 2  # only when the table waits for Ayla

    asyncio.run(scenario())


def test_the_host_gives_an_away_players_seat_to_a_computer_and_everyone_is_told() -> None:
    async def scenario() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=2, seats=("person",) * 3)
        async with hosted(setup, headless=False) as table:
            game = TextGame(table.flow)
            game.advance()
            assert (
                game.respond("computer 2 wizard")
                .lines[0]
                .startswith(
                    "Unknown computer level 'wizard': choose one of random, greedy, hard, expert"
                )
            )
            reply = game.respond("computer 2 greedy")
            assert reply.lines == [
                "Bo (greedy computer) plays blue.",
                "The greedy computer plays seat 2 now.",
            ]

    asyncio.run(scenario())


def test_lines_typed_while_another_plays_say_whose_turn_it_is() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            game = TextGame(table.flow)
            assert game.respond("left").moved
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            assert game.respond("1").moved
            await until(lambda: table.flow.state.current == 1)  # Bo, elsewhere, to move
            assert [game.respond(line).lines for line in ("left", "dance", "3")] == [
                ["It is Bo's turn, not yours."],
                ["Unknown command 'dance'. It is Bo's turn; help lists every command."],
                ["No carpet to lay now. It is Bo's turn; help lists every command."],
            ]

    asyncio.run(scenario())


def test_the_hosts_seat_in_lines_says_whose_share_a_roll_waits_for_while_it_waits() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False, share_seconds=60, share_told_seconds=0) as table:
            await Peer.seat(table.address, table.code(1))  # Bo's program adds no share
            async with typing_at(lambda: table.flow, table.flow.listen) as (keys, out):
                keys.write("left\n")
                keys.flush()
                await until(lambda: "The roll waits" in out.getvalue())
                assert table.flow.rolling  # said while it waits, not once it has landed
            waits = [line for line in out.getvalue().splitlines() if "The roll waits" in line]
            assert waits == ["Dice: The roll waits up to 60 seconds for Bo to add to it."]

    asyncio.run(scenario())


def test_a_seat_in_lines_on_a_pipe_is_prompted_when_asked_and_says_goodbye_once() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2, seats=("person", "greedy"))
        async with hosted(setup, headless=False, computer_pause=0.0) as table:
            async with typing_at(lambda: table.flow, table.flow.listen) as (keys, out):
                await until(lambda: out.getvalue().endswith("\n>\n"))
                keys.write("dance\n")
                keys.flush()
                await until(lambda: "Unknown command" in out.getvalue())
                keys.write("quit\n")
            lines = out.getvalue().splitlines()
            asked = lines.index(">")
            assert lines[asked - 1].startswith("Ayla, your turn")
            assert lines[asked + 1].startswith("Unknown command 'dance'. Now: left, right")
            assert lines[asked + 2] == ">"  # refused: the table still waits for Ayla
            assert lines[asked + 3].startswith("Goodbye: the game is saved")
            assert sum("Goodbye" in line for line in lines) == 1

    asyncio.run(scenario())


def test_an_undo_asked_of_another_player_names_the_decision_and_who_agreed() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            ayla = TextGame(table.flow)
            ayla.respond("left")
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            carpet = table.flow.state.legal_placements()[0]
            ayla.respond("1")
            said = action_words(carpet)  # "carpet on (r,c)-(r,c)"
            async with seated(table, 1) as client:
                assert client.flow is not None
                bo = TextGame(client.flow)
                asked = bo.respond("undo").lines
                assert asked == [f"Asked Ayla to agree to take back their last decision ({said})."]
                await until(lambda: table.flow.undo_asker is not None)
                assert f"Bo asks to take back your last decision ({said}): type yes or no." in (
                    ayla.advance()
                )
                agreed, again = ayla.respond("yes").lines
                assert agreed == "You said yes: your last decision is taken back."
                assert again.startswith("Ayla, lay your yellow carpet")  # hers to decide again
                await until(lambda: len(client.flow.session.actions) == 2)  # type: ignore[union-attr]
                said = bo.advance()  # Bo asked: he is told in his own words
                assert "You took back Ayla's last decision, with their agreement." in said

    asyncio.run(scenario())


def test_a_refused_undo_and_a_player_taking_back_their_own_say_whose_turn_it_is() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, client, bo):
            bo.respond("undo")
            await until(lambda: table.flow.undo_asker is not None)
            ayla.advance()
            assert ayla.respond("no").lines == [
                "You said no: your decision stands. It is Bo's turn; help lists every command."
            ]
            bo.advance()
            ayla.respond("undo")  # her own decision, Bo not having played yet
            await until(lambda: len(client.flow.session.actions) == 2)  # type: ignore[union-attr]
            said = bo.advance()
            took = said.index("Ayla took back a decision.")
            assert said[took + 1] == "It is Ayla's turn: waiting for them."

    asyncio.run(scenario())


def test_the_host_in_lines_is_prompted_for_a_yes_or_no_in_another_players_turn() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with (
            hosted(setup, headless=False, return_seconds=0) as table,
            typing_at(lambda: table.flow, table.flow.listen) as (keys, out),
        ):
            keys.write("left\n")
            keys.flush()
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            keys.write("lay 1\n")
            keys.flush()
            await until(lambda: table.flow.state.current == 1)
            async with seated(table, 1) as client:
                assert client.flow is not None
                TextGame(client.flow).respond("undo")  # Bo's turn: Ayla is asked
                await until(lambda: "type yes or no." in out.getvalue())
                await until(lambda: out.getvalue().endswith("type yes or no.\n>\n"))
                keys.write("no\n")
                keys.flush()
                await until(lambda: "You said no" in out.getvalue())
            keys.write("quit\n")
            keys.flush()
            path = table.flow.autosave_path
            assert path is not None
            await until(lambda: "Goodbye" in out.getvalue())
            command = f"marrakech host --resume {path.stem}"
            assert f"Goodbye: the game is saved, and {command} goes on with it." in out.getvalue()

    asyncio.run(scenario())


def test_a_joined_seat_in_lines_is_prompted_once_a_decision_and_not_while_it_travels() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False) as table, seated(table, 1) as client:
            async with typing_at(lambda: client.flow, client.listen) as (keys, out):
                host = TextGame(table.flow)  # Ayla plays her turn at the host
                host.respond("left")
                await until(lambda: table.flow.state.phase is Phase.PLACE)
                host.respond("1")
                await until(lambda: out.getvalue().endswith("\n>\n"))
                keys.write("ahead\n")
                keys.flush()
                await until(lambda: ", lay your " in out.getvalue())
                await until(lambda: out.getvalue().endswith("\n>\n"))
            lines = out.getvalue().splitlines()
            asked = lines.index(">")
            assert lines[asked - 1].startswith("Bo, your turn")
            assert lines[asked + 1] == "Bo goes straight."  # no prompt while "ahead" travels
            assert lines[asked + 2].startswith("Bo rolls ")
            # After a toll (the dice are the players' shares): what each has now.
            paid = " pays " in lines[asked + 2]
            assert lines[asked + 3].startswith("Bo has " if paid else "Bo, lay your ")
            assert lines[asked + 3 + paid].startswith("Bo, lay your ")
            assert lines[asked + 4 + paid] == ">"

    asyncio.run(scenario())


def test_a_seat_whose_input_ends_before_an_unreachable_host_answers_says_so_and_exits_1() -> None:
    async def scenario() -> None:
        with socket.socket() as probe:  # a port nobody listens on
            probe.bind(("127.0.0.1", 0))
            address = f"127.0.0.1:{probe.getsockname()[1]}"
        client = Client(address, code="AAAA-BBBB-CCCC", keep_finished=False)
        out = io.StringIO()
        ended = await play_at_table(
            lambda: client.flow,
            client.listen,
            client.run(),
            lines=io.StringIO(""),  # the input ends at once
            out=out,
            answer_seconds=0.5,
        )
        assert ended == 1
        assert out.getvalue().splitlines() == [
            f"No host answers at ws://{address}; trying again for a minute.",
            "The input has ended and the host has not answered: giving up.",
        ]

    asyncio.run(scenario())


def test_the_help_at_a_network_table_lists_what_that_seat_can_type() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, _, bo):
            host_help, seat_help = ayla.respond("help").lines, bo.respond("help").lines
            asked = "yes or no: agree or not when another player asks to take back your last "
            for lines in (host_help, seat_help):
                assert not any("redo" in line for line in lines)
                assert any(line.startswith(asked) for line in lines)
            assert host_help[-4].startswith("undo (another player's decision only if they agree)")
            assert "save NAME" in host_help[-4]
            assert host_help[-2].startswith("computer SEAT LEVEL: a computer plays the seat")
            assert seat_help[-1] == "save NAME and review, once the game is over."
            async with seated(table, None) as spectator:
                assert spectator.flow is not None
                watcher = TextGame(spectator.flow).respond("help").lines
            assert watcher[-1] == "help, quit; save NAME and review, once the game is over."
            assert not any(line.startswith(("undo", "yes or no")) for line in watcher)
            assert not any(line.startswith(("left, right", "roll", "a number")) for line in watcher)
            assert any(line.startswith("board") for line in watcher)  # looking, as everyone

    asyncio.run(scenario())


def test_a_seat_joined_while_another_plays_is_told_whose_turn_it_is() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False) as table, seated(table, 1) as client:
            assert client.flow is not None
            assert TextGame(client.flow).opening()[-2:] == [
                "It is Ayla's turn: waiting for them.",
                "Type help for the commands.",
            ]

    asyncio.run(scenario())


def test_a_seat_joined_with_a_bot_is_told_of_the_die_only_while_it_is_rolled() -> None:
    setup = GameSetup(2, names=("Ayla", "Bo"), seed=2, first=1)
    flow, _ = new_game(Session(setup), lambda notice: None, headless=False, host="", port=0)
    host = HostGame(flow, {1: "CODE"})

    def opening() -> list[str]:
        """What ``join --bot greedy --text`` says first, the game as it is now."""
        bot = ReplicaFlow(json.loads(host.game_message(1)), lambda text: None, level="greedy")
        return TextGame(bot).opening()

    assert opening()[-2:] == [
        "Bo (greedy computer) plays blue and green.",
        "Type help for the commands.",
    ]
    flow.roll_wanted = lambda draw: None  # the roll of Bo's facing waits for a share
    flow.decide(Orient(Turn.LEFT))
    assert opening()[-2:] == ["The die is being rolled for you.", "Type help for the commands."]
    flow.close()


@pytest.mark.parametrize("stand_in", [False, True], ids=["away", "a computer standing in"])
def test_a_joined_seat_in_lines_hears_who_joins_leaves_and_comes_back(stand_in: bool) -> None:
    async def scenario() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=2)
        async with hosted(setup, headless=False) as table, seated(table, 2) as client:
            assert client.flow is not None
            cem = TextGame(client.flow)
            bo, _ = await Peer.seat(table.address, table.code(1))
            assert "Bo has joined the table (seat 2)." in await says(cem, "Bo has")
            await bo.close()
            assert "Bo has left the table (seat 2)." in await says(cem, "Bo has")
            if stand_in:  # a computer playing for Bo is no return of his
                table.flow.give_to_computer(1, "hard")
                heard = await says(cem, "Bo (hard computer) plays blue.")
                assert not any("is back" in line for line in heard), heard
            await Peer.seat(table.address, table.code(1))
            heard = await says(cem, "Bo is back at the table (seat 2).")
            assert ("Bo plays blue." in heard) is stand_in
            later = cem.advance()
            assert not any("has left" in line for line in heard + later), heard
            assert not any("Ayla" in line for line in later)  # the host, always here

    asyncio.run(scenario())


def test_the_asker_of_an_undo_hears_the_player_asked_left_without_answering() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
        async with hosted(setup, headless=False, return_seconds=0) as table:
            ayla = TextGame(table.flow)
            bo, _ = await Peer.seat(table.address, table.code(1))
            ayla.respond("left")
            await bo.rolled()  # Bo adds the share of Ayla's roll
            ayla.respond("1")
            await bo.send({"type": "act", "id": 1, "at": 3, "action": "L"})
            await bo.rolled()
            carpet = str(table.flow.state.legal_placements()[0])
            await bo.send({"type": "act", "id": 2, "at": 5, "action": carpet})
            await until(lambda: table.flow.state.current == 0)
            assert ayla.respond("undo").lines[-1].startswith("Asked Bo to agree")
            await bo.next("undo_request")
            await bo.close()
            said = await says(ayla, "Refused")
            assert "Refused: Bo left without answering." in said
            assert not any("said no" in line for line in said)

    asyncio.run(scenario())


def test_a_new_name_in_another_script_ends_an_english_sentence_with_a_full_stop() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=2), headless=False) as table:
            ayla = TextGame(table.flow)
            named = await Peer.open(table.address, {"code": table.code(1), "name": "名前名前"})
            await named.next("game")
            assert "Seat 2 is now 名前名前." in ayla.advance()

    asyncio.run(scenario())


def test_a_client_whose_host_stopped_the_game_waits_for_it_then_says_it_did_not_come_back() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=2)) as table:
            client, heard, playing = await heard_seat(table, 1)
            await table.hosted.close()
            await until(lambda: any(change.kind == "lost" for change in heard))
            client.retry_seconds = 0  # give up at the next try
            assert await asyncio.wait_for(playing, 10) == 1
        address = f"ws://{table.address}"
        assert [change.text for change in heard if change.kind in ("lost", "closed")] == [
            f"the host at {address} stopped the game; waiting for it to come back",
            f"the host at {address} stopped the game and has not come back; the same join line "
            "takes you back once it is hosted again",
        ]

    asyncio.run(scenario())


@asynccontextmanager
async def ayla_played_bo_seated() -> AsyncIterator[tuple[Table, TextGame, Client, TextGame]]:
    """A game hosted with Ayla's seat in lines here; she lays her first carpet, then Bo
    takes his seat, in lines too, from elsewhere."""
    setup = GameSetup(2, names=("Ayla", "Bo"), seed=2)
    async with hosted(setup, headless=False, return_seconds=0) as table:
        ayla = TextGame(table.flow)
        ayla.respond("left")
        await until(lambda: table.flow.state.phase is Phase.PLACE)
        ayla.respond("1")
        async with seated(table, 1) as client:
            assert client.flow is not None
            yield table, ayla, client, TextGame(client.flow)


async def bo_plays_a_turn(table: Table, client: Client, bo: TextGame) -> None:
    """Bo turns left and lays the first carpet listed; back to Ayla at the host."""
    bo.respond("left")
    await until(lambda: client.flow is not None and client.flow.state.phase is Phase.PLACE)
    bo.respond("1")
    await until(lambda: table.flow.state.current == 0)


def test_the_hosts_own_seat_asking_twice_for_an_undo_asks_the_other_player_once() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, client, bo):
            await bo_plays_a_turn(table, client, bo)
            ayla.advance()  # what was said so far
            assert ayla.respond("undo").lines[-1].startswith("Asked Bo to agree")
            await until(lambda: client.flow.undo_asker is not None)  # type: ignore[union-attr]
            asked = [line for line in bo.advance() if "asks to take back" in line]
            assert ayla.respond("undo").lines[-1] == (
                "Cannot undo: you already asked Bo, who has not answered yet. Now: left, right or "
                "ahead; help lists every command."
            )
            await asyncio.sleep(0.2)
            asked += [line for line in bo.advance() if "asks to take back" in line]
            assert len(asked) == 1

    asyncio.run(scenario())


def test_an_undo_request_dropped_by_a_new_decision_is_said_to_the_player_asked() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, client, bo):
            bo.respond("undo")  # Bo asks the host's seat, then plays on
            await until(lambda: table.flow.undo_asker is not None)
            assert any("Bo asks to take back your last decision" in x for x in ayla.advance())
            bo.respond("left")
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            withdrawn = (
                "Network game: Bo's request to take back your last decision is withdrawn "
                "now that the game has moved on."
            )
            assert withdrawn in ayla.advance()
            await until(lambda: client.flow.state.phase is Phase.PLACE)  # type: ignore[union-attr]
            bo.respond("1")
            await until(lambda: table.flow.state.current == 0)
            await until(lambda: client.flow.state.current == 0)  # type: ignore[union-attr]
            ayla.respond("undo")  # Ayla asks Bo, then plays on
            await until(lambda: client.flow.undo_asker is not None)  # type: ignore[union-attr]
            assert any("Ayla asks to take back your last decision" in x for x in bo.advance())
            ayla.respond("left")
            await until(lambda: client.flow.state.phase is Phase.PLACE)  # type: ignore[union-attr]
            said = bo.advance()
            assert said.count(withdrawn.replace("Bo's", "Ayla's")) == 1
            assert said.index(withdrawn.replace("Bo's", "Ayla's")) > 0  # after the move

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("address", "uri"),
    [
        ("192.168.1.20:9000", "ws://192.168.1.20:9000"),
        ("192.168.1.20", "ws://192.168.1.20:8765"),  # where a host listens by default
        ("[::1]", "ws://[::1]:8765"),
        ("wss://games.example.org/marrakech", "wss://games.example.org/marrakech"),
        ("http://127.0.0.1:47301", "ws://127.0.0.1:47301"),  # pasted from a browser
        ("HTTPS://games.example.org/marrakech", "wss://games.example.org/marrakech"),
        ("games.example.org/marrakech", "ws://games.example.org:8765/marrakech"),
    ],
)
def test_a_host_named_without_a_port_is_looked_for_on_the_hosts_default_port(
    address: str, uri: str
) -> None:
    assert host_uri(address) == uri


@pytest.mark.parametrize(
    ("address", "message"),
    [
        (
            "127.0.0.1:abc",
            "'127.0.0.1:abc' has no port a host listens on: give HOST:PORT, PORT a number",
        ),
        ("ftp://example.org", "'ftp://example.org' is not a host's address: give HOST:PORT"),
        (":47301", "':47301' names no host: give HOST:PORT"),
        ("host:", "'host:' has no port a host listens on: give HOST:PORT, PORT a number"),
        ("host:0", "'host:0' has no port a host listens on: give HOST:PORT, PORT a number"),
        ("127.0.0.1:99999", "'127.0.0.1:99999' has a port out of range: a port is 1 to 65535"),
        ("::1:8765", "'::1:8765': put an IPv6 address in brackets, as [::1]:8765"),
    ],
)
def test_an_address_that_names_no_host_is_refused_at_once_on_the_command_line(
    address: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["join", address, "AAAA-BBBB-CCCC"])
    assert refused.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"argument ADDRESS: {message}")


def test_a_join_code_typed_before_the_address_is_refused_with_the_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "YHSY-2NU2-TFTP", "127.0.0.1:47110"]) == 1
    error = capsys.readouterr().err
    assert "'127.0.0.1:47110' looks like the host's address, and the address like a join " in error
    assert "the address comes first (marrakech join HOST:PORT CODE)" in error


@pytest.mark.parametrize("more", [[], ["--watch"]])
def test_a_join_code_typed_alone_is_told_the_address_goes_before_it(
    capsys: pytest.CaptureFixture[str], more: list[str]
) -> None:
    # It read "give the seat's join code", to someone who had; with --watch, it looked
    # for a host named like the code.
    assert main(["join", "yhsy-2nu2-tftp", *more]) == 1
    error = capsys.readouterr().err
    assert error.startswith(
        "marrakech join: 'YHSY-2NU2-TFTP' is a join code: the host's address goes before it"
    ), error


@pytest.mark.parametrize("address", ["mars-base-west", "mars-base-west:47110"])
def test_a_host_named_like_a_join_code_is_still_a_host(address: str) -> None:
    assert host_uri(address).startswith("ws://mars-base-west:")


@asynccontextmanager
async def ayla_played_bo_and_cem_seated() -> AsyncIterator[tuple[Table, TextGame, Client, Client]]:
    """Three people: Ayla at the host has played her first turn, Bo and Cem are seated."""
    setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=2, seats=("person",) * 3)
    async with hosted(setup, headless=False, return_seconds=0) as table:
        ayla = TextGame(table.flow)
        ayla.respond("left")
        await until(lambda: table.flow.state.phase is Phase.PLACE)
        ayla.respond("1")
        async with seated(table, 1) as bo_client, seated(table, 2) as cem_client:
            yield table, ayla, bo_client, cem_client


def test_an_undo_request_dropped_by_a_third_players_move_is_said_to_its_asker() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_and_cem_seated() as (table, ayla, bo_client, cem_client):
            assert bo_client.flow is not None and cem_client.flow is not None
            bo, cem = TextGame(bo_client.flow), TextGame(cem_client.flow)
            await until(lambda: cem_client.flow.state.current == 1)  # type: ignore[union-attr]
            cem.advance()
            assert cem.respond("undo").lines[-1].startswith("Asked Ayla to agree")
            await until(lambda: table.flow.undo_asker == "Cem")
            bo.respond("left")  # Bo's turn goes on: the request is dropped
            await until(lambda: cem_client.flow.state.phase is Phase.PLACE)  # type: ignore[union-attr]
            said = cem.advance()
            assert (
                "Network game: Your request to take back Ayla's last decision is withdrawn "
                "now that the game has moved on."
            ) in said
            withdrawn = "Cem's request to take back your last decision is withdrawn"
            assert any(withdrawn in line for line in ayla.advance())

    asyncio.run(scenario())


def test_an_undo_request_outlives_a_rename_at_the_table() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_and_cem_seated() as (table, _ayla, bo_client, cem_client):
            bo_flow, cem_flow = bo_client.flow, cem_client.flow
            assert bo_flow is not None and cem_flow is not None
            bo, cem = TextGame(bo_flow), TextGame(cem_flow)
            await until(lambda: bo_flow.state.current == 1)
            bo.advance()
            bo.respond("left")
            await until(lambda: bo_flow.state.phase is Phase.PLACE)
            bo.respond("1")
            await until(lambda: cem_flow.state.current == 2)
            cem.advance()
            assert cem.respond("undo").lines[-1].startswith("Asked Bo to agree")
            await until(lambda: bo_flow.undo_asker == "Cem")
            bo.advance()
            table.flow.rename(0, "Ayda")  # the whole game is sent again
            await until(lambda: bo_flow.names[0] == "Ayda" and cem_flow.names[0] == "Ayda")
            await until(lambda: bo_flow.undo_asker == "Cem")  # Bo is still asked
            assert cem_flow.awaiting_undo == "Bo"
            bo.advance()
            bo.respond("yes")
            await until(lambda: cem_flow.state.current == 1)  # Bo's carpet taken back
            assert cem_flow.awaiting_undo is None

    asyncio.run(scenario())


def test_a_line_that_is_no_answer_to_an_undo_request_says_the_answer_awaited() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, _client, bo):
            bo.respond("undo")  # Bo asks the host's seat to agree
            await until(lambda: table.flow.undo_asker is not None)
            ayla.advance()
            assert ayla.respond("maybe").lines == [
                "Unknown command 'maybe'. Now: yes or no to Bo's request; help lists every command."
            ]

    asyncio.run(scenario())


def test_a_player_taking_back_their_own_decision_is_told_in_their_own_words() -> None:
    # Bo's own undo came back to him as "Bo took back a decision".
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, client, bo):
            await bo_plays_a_turn(table, client, bo)
            bo.respond("undo")  # his own carpet: nobody to ask
            await says(bo, "You took back your last decision.")
            await says(ayla, "Bo took back a decision.")

    asyncio.run(scenario())


def test_a_player_who_agrees_to_an_undo_is_asked_to_decide_again_once() -> None:
    async def scenario() -> None:
        async with ayla_played_bo_seated() as (table, ayla, client, bo):
            await bo_plays_a_turn(table, client, bo)
            ayla.respond("undo")  # Ayla asks to take back Bo's carpet
            await until(lambda: client.flow.undo_asker is not None)  # type: ignore[union-attr]
            bo.advance()
            assert bo.respond("yes").lines == ["You said yes: your last decision is taken back."]
            await until(lambda: client.flow.state.current == 1)  # type: ignore[union-attr]
            said = bo.advance()
            assert said[0] == "Ayla took back your last decision, with your agreement."
            assert said[1].startswith("Bo, lay your ")
            assert not any(line.startswith("Now: ") for line in said)

    asyncio.run(scenario())


def test_a_name_no_host_would_take_is_refused_before_joining(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "127.0.0.1:1", "AAAA-BBBB-CCCC", "--text", "--name", "x" * 41]) == 1
    assert capsys.readouterr().err == (
        "marrakech join: --name: the name must be at most 40 characters, not 41\n"
    )


def test_a_decision_typed_at_a_seat_joined_with_a_computer_is_refused() -> None:
    async def scenario() -> None:
        async with (
            hosted(GameSetup(2, names=("Ayla", "Bo"), seed=3)) as table,
            seated(table, 1, level="greedy") as bo,
        ):
            assert bo.flow is not None
            for typed in ("left", "roll", "1", "undo", "back"):
                assert TextGame(bo.flow).respond(typed).lines == [
                    "The computer you joined with plays your seat: it makes every decision. "
                    "scores, log and board follow the game; quit leaves the table."
                ]
            assert TextGame(bo.flow).respond("quit").quit
            assert table.flow.session.actions == ()

    asyncio.run(scenario())


def test_leaving_or_undoing_a_spectator_is_told_what_a_spectator_has() -> None:
    async def scenario() -> None:
        async with (
            hosted(GameSetup(2, names=("Ayla", "Bo"), seed=3)) as table,
            seated(table, None) as spectator,
            seated(table, 1) as bo,
        ):
            assert spectator.flow is not None and bo.flow is not None
            assert spectator.flow.why_no_undo() == "a spectator has no decisions"
            assert TextGame(spectator.flow).goodbye() == (
                "Goodbye: the game goes on; your “marrakech join” line watches it again."
            )
            assert TextGame(bo.flow).goodbye() == (
                "Goodbye: the game goes on without you; your join code lets you back in."
            )

    asyncio.run(scenario())
