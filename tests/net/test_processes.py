"""Whole games over loopback with real ``join`` (and ``host``) processes.

Every client keeps the finished game in its own data directory, as hot-seat does; its
final position must be the host's.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
from pathlib import Path

import pytest

from marrakech.engine import Phase
from marrakech.games.levels import LEVELS
from marrakech.games.narrate import sentence
from marrakech.games.session import GameSetup
from marrakech.games.words import result_line
from net.harness import finished_games, hosted, net_process, until

pytestmark = pytest.mark.slow

GAME_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def finish(process: asyncio.subprocess.Process) -> str:
    """Wait for a process to end well; returns what it printed."""
    out, err = await asyncio.wait_for(process.communicate(), GAME_SECONDS)
    assert process.returncode == 0, err.decode()
    return out.decode()


class TextSeat:
    """A ``join --text`` process answered as the text mode asks: left to orient, 1 to lay."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []

    async def play(self, turns: int | None = None) -> None:
        """Answer prompts until the game ends (or ``turns`` orient prompts were answered)."""
        assert self.process.stdout is not None and self.process.stdin is not None
        answered = 0
        while turns is None or answered < turns:
            raw = await asyncio.wait_for(self.process.stdout.readline(), GAME_SECONDS)
            if not raw:
                return
            line = raw.decode().rstrip("\n")
            self.lines.append(line)
            if "your turn" in line and line.endswith("to turn him and roll."):
                answered += 1
                self.process.stdin.write(b"left\n")
            elif ", lay your " in line:
                self.process.stdin.write(b"1\n")


def test_a_four_seat_game_with_the_hosts_seat_and_three_joined_computers(
    tmp_path: Path, data_home: Path
) -> None:
    async def scenario() -> None:
        setup = GameSetup(4, names=("Ayla", "Bo", "Cem", "Dua"), seed=21)
        async with hosted(setup, headless=False) as table:
            flow = table.flow

            def move() -> None:  # the host's own seat, scripted through its flow
                seat = flow.to_move
                if seat is not None and seat.number == flow.me:
                    flow.play(flow.state.legal_actions()[0])  # type: ignore[arg-type]

            def local_seat(change: object) -> None:
                asyncio.get_running_loop().call_soon(move)

            flow.listen(local_seat)
            homes = [tmp_path / f"client{seat}" for seat in (1, 2, 3)]
            processes = [
                await net_process(
                    "join",
                    table.address,
                    table.code(seat),
                    "--bot",
                    "greedy",
                    *extra,
                    data_home=home,
                )
                for seat, home, extra in zip((1, 2, 3), homes, ([], ["--text"], []), strict=True)
            ]
            await until(lambda: len(table.game.players) == 3, GAME_SECONDS)
            local_seat(None)
            outputs = [await finish(process) for process in processes]
            assert flow.over
            final = json.loads(json.dumps(flow.state.to_dict()))
            for home in homes:
                (kept,) = finished_games(home)
                assert kept["position"] == final
            (hosts,) = finished_games(data_home.parent)  # the XDG folder
            assert hosts["position"] == final
            names = tuple(name + " " for name in flow.names)
            announced = [line for line in outputs[1].splitlines() if line.startswith(names)]
            assert announced[-1] == sentence(flow.session.transitions[-1:], flow.names)
            winner = result_line(flow.state, flow.names)
            assert all(output.splitlines().count(winner) == 1 for output in outputs)

    asyncio.run(scenario())


def test_a_client_killed_mid_turn_rejoins_its_seat_and_the_game_ends(tmp_path: Path) -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=8)
        async with hosted(setup) as table:
            ayla = await net_process(
                "join", table.address, table.code(0), "--bot", "random", data_home=tmp_path / "a"
            )
            bo = await net_process(
                "join",
                table.address,
                table.code(1),
                "--text",
                data_home=tmp_path / "b",
                stdin=True,
            )
            text = TextSeat(bo)
            await text.play(turns=1)  # Bo turns left and rolls...
            flow = table.flow
            await until(lambda: flow.state.current == 1 and flow.state.phase is Phase.PLACE)
            bo.kill()  # ...and is gone before laying his carpet
            await bo.wait()
            await until(lambda: 1 not in table.game.players)
            at = len(flow.session.actions)
            back = await net_process(
                "join",
                table.address,
                table.code(1),
                "--bot",
                "greedy",
                "--text",
                data_home=tmp_path / "b",
            )
            out = await finish(back)
            await finish(ayla)
            assert out.startswith("You play seat 2, Bo.")
            assert flow.session.transitions[at].seat == 1  # Bo's carpet, laid on his return
            final = json.loads(json.dumps(flow.state.to_dict()))
            assert [kept["position"] for kept in finished_games(tmp_path / "b")] == [final]

    asyncio.run(scenario())


def test_the_host_killed_and_restarted_resumes_and_its_clients_finish(tmp_path: Path) -> None:
    async def scenario() -> None:
        port = str(free_port())
        host_home = tmp_path / "host"
        host = await net_process(
            "host", "--headless", "--seed", "5", "--port", port, data_home=host_home
        )
        assert host.stdout is not None
        heading = [(await host.stdout.readline()).decode().split() for _ in range(3)]
        game_id = heading[0][1]
        address, codes = heading[1][4], [heading[1][5], heading[2][5]]
        ayla = await net_process(
            "join", address, codes[0], "--bot", "random", data_home=tmp_path / "a"
        )
        bo = await net_process(
            "join", address, codes[1], "--text", data_home=tmp_path / "b", stdin=True
        )
        text = TextSeat(bo)
        await text.play(turns=3)
        host.send_signal(signal.SIGKILL)
        await host.wait()
        again = await net_process("host", "--resume", game_id, data_home=host_home)
        await text.play()
        await bo.wait()
        await finish(ayla)
        assert bo.returncode == 0
        assert sum(line.startswith("The game is over: ") for line in text.lines) == 1
        assert any("connection to the host is lost" in line for line in text.lines)
        assert any("Back in touch with the host at " in line for line in text.lines)
        said = await finish(again)
        assert f"Game {game_id} is over: there is nothing left to resume." in said
        (hosts,) = finished_games(host_home)
        for home in ("a", "b"):
            (kept,) = finished_games(tmp_path / home)
            assert kept["position"] == hosts["position"]
            assert kept["moves"] == hosts["moves"]
        # Every roll, those before the host was killed too, checks out on every side.
        (record,) = (host_home / "marrakech" / "dice").glob("*-host.json")
        assert f"The dice of this game are kept in {record}; to check them: " in said
        records = [record, *(tmp_path / "a" / "marrakech" / "dice").glob("*-seat1.json")]
        records += (tmp_path / "b" / "marrakech" / "dice").glob("*-seat2.json")
        assert len(records) == 3
        for record in records:
            check = await net_process("verify", str(record), data_home=tmp_path / "v")
            out, _ = await check.communicate()
            assert check.returncode == 0, out.decode()
            lines = out.decode().splitlines()
            assert (
                lines[-1]
                == "Every roll matches the host's commitment and the share it was made with."
            )

    asyncio.run(scenario())


def test_the_hosts_text_seat_is_told_when_a_joiner_is_killed_and_hands_the_seat(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        port = str(free_port())
        host = await net_process(
            "host", "--text", "--port", port, data_home=tmp_path / "host", stdin=True
        )
        assert host.stdout is not None and host.stdin is not None
        heading = [(await host.stdout.readline()).decode().split() for _ in range(2)]
        address, code = heading[1][4], heading[1][5]

        async def host_says(start: str) -> str:
            assert host.stdout is not None
            while True:
                raw = await asyncio.wait_for(host.stdout.readline(), GAME_SECONDS)
                assert raw, f"the host ended before saying {start!r}"
                if raw.decode().startswith(start):
                    return raw.decode().rstrip("\n")

        bo = await net_process(
            "join", address, code, "--bot", "greedy", "--name", "Bo", data_home=tmp_path / "b"
        )
        await host_says("Network game: Bo has joined the table (seat 2).")
        bo.kill()
        await bo.wait()
        left = await host_says("Network game: Bo has left the table (seat 2).")
        assert left.endswith(f"type: computer 2 LEVEL ({', '.join(LEVELS)}).")
        host.stdin.write(b"computer 2 greedy\n")
        await host_says("The greedy computer plays seat 2 now.")
        host.stdin.write(b"quit\n")
        await finish(host)

    asyncio.run(scenario())


def test_exposing_the_host_warns_and_a_bad_resume_is_one_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        exposed = await net_process(
            "host", "--headless", "--host", "0.0.0.0", "--port", "0", data_home=tmp_path
        )
        assert exposed.stderr is not None
        warning = (await asyncio.wait_for(exposed.stderr.readline(), GAME_SECONDS)).decode()
        assert warning.startswith("warning: listening on every network interface")
        exposed.terminate()
        await exposed.wait()
        bad = await net_process("host", "--resume", "../../etc", data_home=tmp_path)
        _, err = await bad.communicate()
        assert bad.returncode == 1
        assert err.decode().splitlines() == [
            "marrakech host: '../../etc' is not a game id (12 letters a-f and digits)"
        ]

    asyncio.run(scenario())


@pytest.mark.parametrize("typed", [None, b"quit\n"], ids=["no input", "quit typed at once"])
def test_a_join_whose_input_ends_before_the_hosts_refusal_says_it_and_exits_1(
    tmp_path: Path, typed: bytes | None
) -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=2)) as table:
            joined = await net_process(
                "join",
                table.address,
                "WRON-GCOD-EXXX",
                "--text",
                data_home=tmp_path,
                stdin=typed is not None,
            )
            if typed is not None:
                assert joined.stdin is not None
                joined.stdin.write(typed)
                joined.stdin.close()
            out, _ = await asyncio.wait_for(joined.communicate(), GAME_SECONDS)
            assert joined.returncode == 1
            said = out.decode().splitlines()
            assert said[-1] == "The host refused: that join code opens no seat here."

    asyncio.run(scenario())
