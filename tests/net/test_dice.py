"""Dice nobody can doubt: every roll is fixed by the host's commitment and a player's share.

A host in the test's event loop; real clients (which check every roll) or raw protocol
peers. A host that changes a roll is played by rewriting what it broadcasts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from marrakech.engine import DIE_FACES, Orient, Phase, Turn
from marrakech.flow import Notice
from marrakech.games.session import GameSetup, Session
from marrakech.net.client import Client
from marrakech.net.fair import DiceWitness, HostDice, commitment, new_share, roll_value
from marrakech.net.hosting import new_game, resume_game, start_hosting
from marrakech.textmode.game import TextGame
from marrakech.textmode.online import play_at_table
from marrakech.tui.screens.game_status import Pointing, status_text
from net.harness import Peer, hosted, until

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=11)


def act(action: str, at: int = 0, id: int = 1) -> dict[str, Any]:
    return {"type": "act", "id": id, "at": at, "action": action}


def test_a_roll_is_its_secret_and_share_and_the_secret_is_the_one_committed_to() -> None:
    dice = HostDice()
    upcoming = dice.commitment(0)
    share = new_share()
    proof = dice.settle(share, 1)
    assert commitment(proof.secret) == upcoming == proof.commitment
    assert proof.value == roll_value(0, proof.secret, share) in DIE_FACES
    again = HostDice.from_dict(json.loads(json.dumps(dice.to_dict())))
    assert again.proofs == dice.proofs and again.commitment(1) == dice.commitment(1)
    values = {roll_value(0, proof.secret, new_share()) for _ in range(200)}
    assert values == set(DIE_FACES)  # the share decides, the secret alone does not


def test_the_hosts_own_roll_waits_for_a_players_share_after_its_facing() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False) as table:
            bo, game = await Peer.seat(table.address, table.code(1))
            assert game["dice"] == {"rolls": [], "next": table.flow.dice.commitment(0), "draws": []}
            table.flow.play(Orient(Turn.LEFT))
            facing = await bo.next("played")
            assert facing["actions"] == ["L"] and "dice" not in facing
            assert table.flow.state.phase is Phase.ROLL  # nobody knows the roll yet
            ask = await bo.next("share_ask")
            assert ask == {"type": "share_ask", "roll": 0, "commitment": game["dice"]["next"]}
            share = new_share()
            await bo.send({"type": "share", "roll": 0, "share": share})
            rolled = await bo.next("played")
            proof = rolled["dice"]
            assert (proof["roll"], proof["share"], proof["by"]) == (0, share, 1)
            assert commitment(proof["secret"]) == game["dice"]["next"]
            assert rolled["actions"] == [str(roll_value(0, proof["secret"], share))]
            assert proof["next"] == table.flow.dice.commitment(1)

    asyncio.run(scenario())


def test_a_share_nobody_asked_for_is_refused() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send({"type": "share", "roll": 0, "share": new_share()})
            assert (await ayla.next("error"))["reason"] == "no share of roll 1 was asked of you"
            await ayla.send({"type": "share", "roll": 0, "share": "A" * 64})
            assert "64 hexadecimal digits" in (await ayla.next("error"))["reason"]
            assert table.flow.dice.settled == 0

    asyncio.run(scenario())


def test_a_player_who_does_not_answer_is_passed_over() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, share_seconds=0.2, return_seconds=0) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            await ayla.send(act("L"))
            await ayla.next("share_ask")  # Ayla, to move, is asked first, and says nothing
            rolled = await bo.rolled()  # Bo is asked next, and answers
            assert rolled["dice"]["by"] == 1

    asyncio.run(scenario())


def test_a_player_who_lets_a_share_ask_pass_costs_one_wait_and_is_asked_again_once_heard() -> None:
    async def scenario() -> None:
        options = {"share_seconds": 0.5, "share_told_seconds": 0, "return_seconds": 0}
        async with hosted(SETUP, headless=False, **options) as table:
            ayla = TextGame(table.flow)  # the host's own seat, in lines
            bo, _ = await Peer.seat(table.address, table.code(1))  # adds no share, for now
            said = ayla.respond("left").lines
            await until(lambda: table.flow.state.phase is Phase.PLACE)  # rolled alone
            said += ayla.respond("1").lines + ayla.advance()
            await bo.send(act("L", at=3))  # Bo's own roll: not asked of him, not waited for
            await until(lambda: table.flow.state.phase is Phase.PLACE)
            said += ayla.advance()
            waits = [line for line in said if line.startswith("Dice: ")]
            assert waits == ["Dice: The roll waits up to 1 second for Bo to add to it."]
            heard = []
            while sum("dice" in message for message in heard) < 2:
                heard.append(json.loads(await asyncio.wait_for(bo.socket.recv(), 10)))
            assert [message["roll"] for message in heard if message["type"] == "share_ask"] == [0]
            assert [proof.by for proof in table.flow.dice.proofs] == [None, None]
            await bo.send({"type": "share", "roll": 0, "share": new_share()})  # heard at last
            carpet = str(table.flow.state.legal_placements()[0])
            await bo.send(act(carpet, at=5, id=2))
            await until(lambda: table.flow.state.current == 0)
            ayla.respond("left")
            assert (await bo.rolled())["dice"]["by"] == 1  # asked again, and added to it

    asyncio.run(scenario())


def test_with_no_player_here_the_roll_is_the_hosts_alone_and_says_so() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False, return_seconds=0) as table:
            watcher = await Peer.open(table.address, {"watch": True})
            await watcher.next("game")
            table.flow.play(Orient(Turn.RIGHT))
            rolled = await watcher.rolled()
            assert (rolled["dice"]["share"], rolled["dice"]["by"]) == (None, None)
            assert rolled["actions"] == [str(table.flow.dice.proofs[0].value)]

    asyncio.run(scenario())


def test_a_roll_waits_for_a_player_who_just_left_and_asks_them_when_back() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False, return_seconds=60) as table:
            bo, _ = await Peer.seat(table.address, table.code(1))
            await bo.close()
            await until(lambda: 1 not in table.game.players)
            table.flow.play(Orient(Turn.LEFT))
            await until(lambda: any(notice.title == "Dice" for notice in table.notices))
            assert table.notices[-1].text == (
                "The roll waits 60 more seconds at most for a player who is not here to join "
                "and add to it; then it is the host's alone."
            )
            board = status_text(table.flow, None, Pointing()).plain  # the host's status line
            assert "the die waits a few seconds for a player who is away to add to it" in board
            bo, _ = await Peer.seat(table.address, table.code(1))
            assert (await bo.rolled())["dice"]["by"] == 1

    asyncio.run(scenario())


Tamper = Callable[[dict[str, Any]], None]


def changed_value(played: dict[str, Any]) -> None:
    value = int(played["actions"][-1])
    played["actions"][-1] = str(next(face for face in DIE_FACES if face != value))


def changed_secret(played: dict[str, Any]) -> None:
    proof = played["dice"]
    proof["secret"] = new_share()
    played["actions"][-1] = str(roll_value(proof["roll"], proof["secret"], proof["share"]))


def changed_share(played: dict[str, Any]) -> None:
    proof = played["dice"]
    proof["share"] = new_share()
    played["actions"][-1] = str(roll_value(proof["roll"], proof["secret"], proof["share"]))


def rolled_alone(played: dict[str, Any]) -> None:
    proof = played["dice"]
    proof["share"] = proof["by"] = None
    played["actions"][-1] = str(roll_value(proof["roll"], proof["secret"], None))


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        (changed_value, "roll 1 shows "),
        (changed_secret, "roll 1: the host's secret does not match its commitment."),
        (changed_share, "roll 1: the host did not use the share you sent."),
        (rolled_alone, "roll 1: the host did not use the share you sent."),
    ],
    ids=["its value", "its secret", "its share", "no share"],
)
def test_a_roll_the_host_changes_is_named_by_the_client(tamper: Tamper, named: str) -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False) as table:
            broadcast = table.game._broadcast

            def tampered(text: str) -> None:
                message = json.loads(text)
                if message["type"] == "played" and "dice" in message:
                    tamper(message)
                broadcast(json.dumps(message))

            table.game._broadcast = tampered  # type: ignore[method-assign]
            client = Client(table.address, code=table.code(1), keep_finished=False)
            notices: list[Notice] = []
            running = asyncio.create_task(client.run())
            await until(lambda: client.flow is not None)
            assert client.flow is not None
            client.flow.notify = notices.append
            table.flow.play(Orient(Turn.LEFT))  # Bo's client adds its share at once
            await until(lambda: bool(notices))
            (notice,) = notices
            assert notice.title == "The dice do not add up" and notice.severity == "error"
            assert notice.text.startswith(named)
            if tamper is changed_value:
                assert "but the host's secret and Bo's share make it " in notice.text
            assert client.witness is not None and client.witness.problems
            running.cancel()

    asyncio.run(scenario())


@pytest.mark.slow  # a whole game, each roll written before it is told
def test_an_honest_game_between_clients_adds_up_for_everyone() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=3)
        async with hosted(setup) as table:
            clients = [
                Client(table.address, code=table.code(seat), keep_finished=False, level="random")
                for seat in (0, 1)
            ]
            seats = [
                play_at_table(lambda c=c: c.flow, c.listen, c.run(), moves=False, reads=False)
                for c in clients
            ]
            codes = await asyncio.wait_for(asyncio.gather(*seats), 30)
            assert codes == [0, 0] and table.flow.over
            # The host kept the record of the dice as the game ended, before it closes.
            record = table.hosted.record
            assert record is not None and record.name.endswith("-host.json")
            assert json.loads(record.read_text(encoding="utf-8"))["role"] == "host"
            proofs = table.flow.dice.proofs
            assert all(proof.by is not None for proof in proofs)  # a player added to each
            for client in clients:
                assert client.witness is not None and client.witness.problems == []
                assert len(client.witness.proofs) == len(proofs)

    asyncio.run(scenario())


def test_after_an_undo_the_next_roll_is_a_new_one_and_still_adds_up() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11, takeback=True)
        async with hosted(setup, headless=False) as table:
            client = Client(table.address, code=table.code(1), keep_finished=False)
            running = asyncio.create_task(client.run())
            await until(lambda: client.flow is not None)
            assert client.flow is not None
            flow = table.flow
            flow.play(Orient(Turn.LEFT))  # Bo's client adds its share
            await until(lambda: flow.state.phase is Phase.PLACE)
            flow.undo()  # the host's own decision, and the roll seen after it
            flow.play(Orient(Turn.RIGHT))
            await until(lambda: flow.state.phase is Phase.PLACE)
            await until(lambda: client.flow.session.actions == flow.session.actions)
            assert flow.draws() == [1]  # the roll seen before the undo is never rolled again
            assert client.witness is not None and client.witness.problems == []
            assert client.witness.draws == [1]
            running.cancel()

    asyncio.run(scenario())


def test_a_client_adds_nothing_to_a_roll_whose_facing_it_has_not_seen_fixed() -> None:
    witness = DiceWitness(1)
    dice = HostDice()
    names = ("Ayla", "Bo")
    assert (
        witness.read_game({"rolls": [], "next": dice.commitment(0), "draws": []}, [], names) == []
    )
    share, problems = witness.share_for(0, dice.commitment(0), ready=False)
    assert share is None
    assert problems == ["the host asked you to add to roll 1 before its facing was fixed"]
    share, problems = witness.share_for(0, new_share(), ready=True)  # another commitment
    assert share is None and problems == ["roll 1: the host changed its commitment"]
    share, problems = witness.share_for(0, dice.commitment(0), ready=True)
    assert share is not None and problems == []
    assert witness.share_for(0, dice.commitment(0), ready=True) == (share, [])  # the same


def test_a_roll_the_host_rolled_alone_while_this_player_watched_is_named() -> None:
    witness = DiceWitness(1)
    dice = HostDice()
    names = ("Ayla", "Bo")
    witness.read_game({"rolls": [], "next": dice.commitment(0), "draws": []}, [], names)
    proof = dice.settle(None, None)
    sent = {**proof.to_dict(), "next": dice.commitment(1)}
    assert witness.revealed(sent, proof.value, names, watched=0) == [
        "roll 1 was the host's alone, though you were at the table and were not asked"
    ]
    proof = dice.settle(None, None)
    sent = {**proof.to_dict(), "next": dice.commitment(2)}
    assert witness.revealed(sent, proof.value, names, watched=None) == []  # not here: fair
    stale = {**dice.proofs[0].to_dict(), "next": dice.commitment(1)}
    assert "roll 1 is not the dice's next roll (that is roll 3)" in witness.revealed(
        stale, dice.proofs[0].value, names, watched=None
    )


def test_a_host_resumed_keeps_its_commitments_and_rolls_a_roll_left_waiting() -> None:
    async def scenario() -> None:
        flow, hosting = new_game(
            Session(SETUP), lambda notice: None, headless=False, host="127.0.0.1", port=0
        )
        hosted_game = await start_hosting(flow, hosting, return_seconds=60)
        flow.play(Orient(Turn.LEFT))  # nobody here: the roll waits for Bo
        upcoming = flow.dice.commitment(0)
        await hosted_game.close()
        resumed, again = resume_game(hosting.game_id, lambda notice: None)
        assert resumed.dice.commitment(0) == upcoming and resumed.state.phase is Phase.ROLL
        hosted_again = await start_hosting(resumed, again, return_seconds=0)
        await until(lambda: resumed.state.phase is Phase.PLACE)  # rolled, alone, at once
        assert resumed.dice.proofs[0].commitment == upcoming
        await hosted_again.close()

    asyncio.run(scenario())


def bo_joins_in_text(address: str, code: str) -> argparse.Namespace:
    """The options of ``marrakech join ADDRESS CODE --text``, as ``running._join`` takes them."""
    return argparse.Namespace(
        command="join", address=address, code=code, name=None, bot=None, watch=False, text=True
    )


def test_a_seat_taken_from_another_terminal_is_not_told_its_join_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from marrakech.net import running

    async def plays_on(table: Callable[[], Any], listen: Any, until: Any, **options: Any) -> int:
        return int(await until)

    async def scenario() -> int:
        async with hosted(SETUP, headless=False) as host:
            args = bo_joins_in_text(host.address, host.code(1))
            joining = asyncio.ensure_future(running._join(args, plays_on, None))
            await until(lambda: 1 in host.game.players)
            await Peer.seat(host.address, host.code(1))  # Bo's code, typed elsewhere
            return await asyncio.wait_for(joining, 10)

    assert asyncio.run(scenario()) == 1
    out = capsys.readouterr().out
    assert "The game is not over: the dice seen so far are kept in" in out
    assert "To take your seat again" not in out  # the line would take it back from the other


def test_a_player_who_quits_mid_game_keeps_the_dice_seen_and_verify_says_unfinished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pathlib import Path

    from marrakech.cli import main
    from marrakech.net import running

    async def quits_after_the_first_roll(
        table: Callable[[], Any], listen: Any, until: Any, **options: Any
    ) -> int:
        playing = asyncio.ensure_future(until)
        await until_rolled(table)
        playing.cancel()  # the person typed quit: the client stops
        return 0

    async def until_rolled(table: Callable[[], Any]) -> None:
        await until(lambda: table() is not None and table().state.phase is Phase.PLACE)

    async def scenario() -> tuple[int, str]:
        async with hosted(SETUP, headless=False) as host:
            args = bo_joins_in_text(host.address, host.code(1))
            joining = asyncio.ensure_future(running._join(args, quits_after_the_first_roll, None))
            await until(lambda: 1 in host.game.players)
            host.flow.play(Orient(Turn.LEFT))  # Ayla's roll: Bo's client adds its share
            joined.extend((host.address, host.code(1)))
            return await asyncio.wait_for(joining, 10), ""

    joined: list[str] = []
    code, _ = asyncio.run(scenario())
    address, seat_code = joined
    assert code == 0
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if line.startswith("The game is not over")]
    assert len(said) == 1, out
    # And how to come back: the seat's own join line.
    again = f"To take your seat again while the game goes on: marrakech join {address} {seat_code}"
    assert out.splitlines()[-1] == f"{again} --text"
    path = Path(said[0].split(" kept in ", 1)[1].split("; to check them", 1)[0])
    assert said[0].endswith(f"to check them: marrakech verify {path}")
    assert path.parent.name == "dice" and path.name.endswith("-seat2.json")
    assert main(["verify", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(", kept by seat 2 (Bo): 1 roll.")
    assert lines[1:] == [
        "The game was not over when this record was kept.",
        "Every roll matches the host's commitment and the share it was made with.",
    ]
    # Left while a roll waited for this seat's share: that share is not counted against
    # the host (the roll was never told), and verify says why it is not checked.
    document = json.loads(path.read_text(encoding="utf-8"))
    document["shares"]["1"] = new_share()
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        "Roll 2 was not rolled yet when this record was kept: the share added to it "
        "cannot be checked." in lines
    )
