"""The host as the one authority: every bad message is refused with a reason, nothing changes.

A host runs in the test's event loop on a free loopback port; raw protocol peers send
what a faulty or cheating client might.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from marrakech.engine import IllegalAction, Orient, Turn
from marrakech.flow import SeatKind
from marrakech.games.session import GameSetup
from marrakech.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from net.harness import Peer, Table, hosted, until

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=11)


def act(action: str, at: int = 0, id: int = 1) -> dict[str, Any]:
    return {"type": "act", "id": id, "at": at, "action": action}


async def lays_first_carpet(ayla: Peer, table: Table, id: int = 1) -> None:
    """Ayla (seat 1) turns left, sees the roll, and sends her first carpet (the engine's
    first legal one) as message ``id``."""
    await ayla.send(act("L"))
    await ayla.rolled()
    await ayla.send(act(str(table.flow.state.legal_placements()[0]), at=2, id=id))


HELLO_AGAIN = {"type": "hello", "version": PROTOCOL_VERSION, "code": "X"}

BAD_MESSAGES = [
    ("another seat's move", "Bo", act("L"), "it is Ayla's turn, not yours"),
    ("not JSON", "Ayla", "roll please", "not valid JSON"),
    ("NaN", "Ayla", '{"type": "ping", "id": NaN}', "not valid JSON"),
    ("too deep", "Ayla", "[" * 2000 + "]" * 2000, "JSON"),  # refused whatever the depth limit
    ("not an object", "Ayla", "[1, 2]", "a message is a JSON object"),
    ("binary", "Ayla", b"\x00\x01", "binary messages are not accepted"),
    ("unknown type", "Ayla", {"type": "cheat"}, "unknown message type 'cheat'"),
    ("extra field", "Ayla", {**act("L"), "seat": 1}, "the act message has no field 'seat'"),
    ("no action", "Ayla", {"type": "act", "id": 1, "at": 0}, "action must be a move"),
    ("a die value", "Ayla", act("4"), "the die is the host's"),
    ("unreadable move", "Ayla", act("c9.9-9.9"), "cannot read action 'c9.9-9.9'"),
    ("illegal move", "Ayla", act("c0.0-0.1"), "cannot play c0.0-0.1"),
    ("roll out of turn", "Ayla", act("roll"), "cannot roll now"),
    ("negative id", "Ayla", act("L", id=-1), "id must be a whole number"),
    ("a bool for at", "Ayla", act("L", at=True), "at must be a whole number"),  # type: ignore[arg-type]
    ("future at", "Ayla", act("L", at=7), "out of date: the game is at action 0"),
    ("oversized", "Ayla", act("L" * MAX_MESSAGE_BYTES), f"larger than {MAX_MESSAGE_BYTES} bytes"),
    (
        "second hello",
        "Ayla",
        {"type": "hello", "version": PROTOCOL_VERSION, "code": "X"},
        "said hello already",
    ),
    ("answer unasked", "Ayla", {"type": "answer", "accept": True}, "nobody asked you"),
    ("nothing to undo", "Ayla", {"type": "undo", "id": 3, "at": 0}, "nothing to undo"),
    ("spectator's move", "watcher", act("L"), "a spectator cannot play"),
]


@pytest.mark.parametrize(
    ("sender", "message", "reason"),
    [case[1:] for case in BAD_MESSAGES],
    ids=[case[0] for case in BAD_MESSAGES],
)
def test_a_bad_message_is_refused_with_its_reason_and_changes_nothing(
    sender: str, message: Any, reason: str
) -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            watcher = await Peer.open(table.address, {"watch": True})
            await watcher.next("game")
            peers = {"Ayla": ayla, "Bo": bo, "watcher": watcher}
            await peers[sender].send(message)
            error = await peers[sender].next("error")
            assert reason in error["reason"]
            assert table.flow.session.actions == ()
            await ayla.send(act("L", id=9))  # the host goes on as if nothing happened
            assert (await ayla.next("played"))["at"] == 0
            assert (await ayla.rolled())["at"] == 1
            assert len(table.flow.session.actions) == 2

    asyncio.run(scenario())


def test_a_replayed_message_is_refused_as_out_of_date() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))
            played = await ayla.next("played")
            assert played["at"] == 0 and played["seat"] == 0 and played["actions"] == ["L"]
            await ayla.rolled()
            await ayla.send(act("L"))
            error = await ayla.next("error")
            assert "out of date: the game is at action 2" in error["reason"]
            assert len(table.flow.session.actions) == 2

    asyncio.run(scenario())


def test_a_huge_frame_closes_only_its_own_connection() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            await bo.send("x" * 100_000)
            await bo.socket.wait_closed()
            assert bo.socket.close_code == 1009  # message too big
            await ayla.send(act("L"))
            assert (await ayla.next("played"))["at"] == 0

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("hello", "reason"),
    [
        (
            {"version": 1, "code": "X"},
            "protocol version 1 is not spoken here: this host speaks version 5",
        ),
        (  # the version before the dice every client checks
            {"version": 3, "code": "X"},
            "protocol version 3 is not spoken here: this host speaks version 5",
        ),
        (
            {"version": float(PROTOCOL_VERSION), "code": "X"},
            f"protocol version {float(PROTOCOL_VERSION)} is not spoken here",
        ),
        ({"version": PROTOCOL_VERSION, "code": "AAAA-BBBB-CCCC"}, "opens no seat"),
        ({"version": PROTOCOL_VERSION}, "needs the seat's join code"),
        ({"version": PROTOCOL_VERSION, "code": "X", "name": ""}, "the name must be 1 to"),
        ({"version": PROTOCOL_VERSION, "code": "X", "name": "ayla"}, "'ayla' is too like Ayla's"),
        (
            {"version": PROTOCOL_VERSION, "code": "X", "name": "\N{CYRILLIC CAPITAL LETTER A}yla"},
            "is too like Ayla's, who plays at this table",
        ),
    ],
    ids=[
        "version 1",
        "version 3",
        "a version that is no whole number",
        "wrong code",
        "no code",
        "blank name",
        "another player's name in other case",
        "another player's name with a look-alike letter",
    ],
)
def test_a_bad_hello_is_refused_and_the_connection_closed(
    hello: dict[str, Any], reason: str
) -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            if hello.get("code") == "X" and "name" in hello:
                hello["code"] = table.code(1)
            peer = await Peer.open(table.address)
            await peer.send({"type": "hello", **hello})
            error = await peer.next("error")
            assert reason in error["reason"] and error["fatal"] is True
            await peer.socket.wait_closed()
            assert table.flow.names == ("Ayla", "Bo") and not table.game.players

    asyncio.run(scenario())


def test_a_code_opens_its_own_seat_only_typed_in_any_case() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            typed = table.code(1).lower().replace("-", "")
            bo = await Peer.open(table.address, {"code": typed, "name": "Bodil"})
            game = await bo.next("game")
            assert game["you"] == 1 and game["setup"]["names"] == ["Ayla", "Bodil"]
            assert "seed" not in game["setup"]  # the die stays the host's secret
            assert table.flow.names == ("Ayla", "Bodil")

    asyncio.run(scenario())


def test_undo_needs_the_agreement_of_the_seat_whose_decision_it_takes_back() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            await lays_first_carpet(ayla, table, id=2)
            await ayla.next("played")
            await bo.send({"type": "undo", "id": 1, "at": 3})
            assert (await ayla.next("undo_request"))["by"] == "Bo"
            await ayla.send({"type": "answer", "accept": False})
            assert (await bo.next("undo_refused"))["reason"] == "Ayla said no"
            assert len(table.flow.session.actions) == 3
            await bo.send({"type": "undo", "id": 2, "at": 3})
            await ayla.next("undo_request")
            await ayla.send({"type": "answer", "accept": True})
            synced = await bo.next("game")
            assert synced["actions"] == [str(a) for a in table.flow.session.actions]
            assert len(synced["actions"]) == 2
            assert synced["news"] == "you took back Ayla's last decision, with their agreement"
            told = await ayla.next("game")  # each in their own words; a spectator, Bo's name
            assert told["news"] == "Bo took back your last decision, with your agreement"

    asyncio.run(scenario())


async def bo_has_asked_ayla_to_undo(table: Table) -> tuple[Peer, Peer]:
    """Ayla and Bo seated; Ayla laid the first carpet and Bo asks her to take it back."""
    ayla, _ = await Peer.seat(table.address, table.code(0))
    bo, _ = await Peer.seat(table.address, table.code(1))
    await lays_first_carpet(ayla, table, id=2)
    await ayla.next("played")
    await bo.send({"type": "undo", "id": 1, "at": 3})
    await ayla.next("undo_request")
    return ayla, bo


def test_a_player_who_leaves_while_asked_to_agree_to_an_undo_has_left_without_answering() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, bo = await bo_has_asked_ayla_to_undo(table)
            await ayla.close()
            refused = await bo.next("undo_refused")
            assert refused["reason"] == "Ayla left without answering"
            assert len(table.flow.session.actions) == 3

    asyncio.run(scenario())


def test_an_undo_request_goes_with_its_asker_when_they_leave() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, bo = await bo_has_asked_ayla_to_undo(table)
            await bo.close()
            synced = await ayla.next("game")  # read again: the question is gone with it
            assert synced["news"] == (
                "Bo left, and their request to take back your last decision went with them"
            )
            await ayla.send({"type": "answer", "accept": True})
            refused = await ayla.next("error")
            assert refused["reason"] == "nobody asked you to take back a decision"
            assert len(table.flow.session.actions) == 3

    asyncio.run(scenario())


def test_a_seat_renamed_too_often_is_refused_and_the_others_hear_each_new_name_once() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            for name in ("Bo 1", "Bo 2", "Bo 3"):
                bo = await Peer.open(table.address, {"code": table.code(1), "name": name})
                await bo.next("game")
            again = await Peer.open(table.address, {"code": table.code(1), "name": "Bo 4"})
            assert await again.next("error") == {
                "type": "error",
                "id": None,
                "reason": "the name of seat 2 changes at most 3 times a minute: join as Bo 3, "
                "or later",
                "fatal": True,
            }
            await ayla.send({"type": "ping", "id": 9})
            news = []
            while (message := await ayla.next())["type"] != "pong":
                if message["type"] == "game":
                    news.append(message["news"])
            assert news == ["seat 2 is now Bo 1", "seat 2 is now Bo 2", "seat 2 is now Bo 3"]
            assert table.notices[-1].text == (
                "A hello for seat 2 (Bo 3) was refused: the name of seat 2 changes at most 3 "
                "times a minute: join as Bo 3, or later."
            )
            back = await Peer.open(table.address, {"code": table.code(1), "name": "Bo 3"})
            assert (await back.next("game"))["setup"]["names"] == ["Ayla", "Bo 3"]

    asyncio.run(scenario())


def test_each_game_message_shows_the_game_as_it_is_then() -> None:
    async def scenario() -> None:
        setup = GameSetup(2, names=("Ayla", "Bo"), seed=11, takeback=True)
        async with hosted(setup) as table:

            async def watched() -> dict[str, Any]:
                watcher = await Peer.open(table.address, {"watch": True})
                game = await watcher.next("game")
                await watcher.socket.close()
                return game

            ayla, first = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))
            await ayla.rolled()
            await ayla.send({"type": "undo", "id": 2, "at": 2})  # her decision and its roll
            undone = await ayla.next("game")  # the first position again, one roll later
            watching = await watched()
            await ayla.send(act("R", id=3))
            await ayla.rolled()
            again = await watched()
            table.flow.rename(1, "Bodil")
            renamed = await ayla.next("game")
            games = [first, undone, watching, again, renamed]
            assert [len(game["actions"]) for game in games] == [0, 0, 0, 2, 2]
            assert [game["dice"]["draws"] for game in games] == [[], [], [], [1], [1]]
            assert [len(game["dice"]["rolls"]) for game in games] == [0, 1, 1, 2, 2]
            assert undone["dice"]["next"] == again["dice"]["rolls"][1]["commitment"]
            assert [game["setup"]["names"][1] for game in games] == [*["Bo"] * 4, "Bodil"]
            assert [game["you"] for game in games] == [0, 0, None, None, 0]
            assert renamed["start"] == again["start"]

    asyncio.run(scenario())


def test_undo_follows_the_takeback_setting() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))
            await ayla.rolled()
            await ayla.send({"type": "undo", "id": 2, "at": 2})
            error = await ayla.next("error")
            assert "takebacks are off, so a roll that was seen cannot be undone" in error["reason"]
            assert len(table.flow.session.actions) == 2

    asyncio.run(scenario())


def test_a_spectator_sees_every_move() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            watcher = await Peer.open(table.address, {"watch": True})
            game = await watcher.next("game")
            assert game["you"] is None and game["actions"] == []
            await ayla.send(act("R"))
            assert (await watcher.next("played"))["actions"] == ["R"]
            answering = ayla.answering()
            played = await watcher.rolled()
            assert [*game["actions"], "R", *played["actions"]] == [
                str(a) for a in table.flow.session.actions
            ]
            answering.cancel()

    asyncio.run(scenario())


def test_a_seat_whose_player_is_away_goes_to_a_computer_and_back() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, fill="random", grace=0.1) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await lays_first_carpet(ayla, table)
            await ayla.next("played")
            seats = await ayla.next("seats")
            assert seats["table"][1]["kind"] == "computer"
            answering = ayla.answering()  # the computer's roll asks Ayla for a share
            await until(lambda: table.flow.to_move is not None and table.flow.to_move.number == 0)
            answering.cancel()
            assert table.flow.session.transitions[-1].seat == 1  # the computer played Bo's turn
            _, game = await Peer.seat(table.address, table.code(1))
            assert game["table"][1] == {"name": "Bo", "kind": "person", "level": None, "here": True}
            assert table.flow.seats[1].kind is SeatKind.REMOTE

    asyncio.run(scenario())


def test_the_host_plays_its_own_seat_through_its_flow() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False) as table:
            assert table.flow.me == 0 and list(table.hosting.codes) == [1]
            bo, _ = await Peer.seat(table.address, table.code(1))
            changes: list[str] = []
            table.flow.listen(lambda change: changes.append(change.kind))
            table.flow.play(Orient(Turn.RIGHT))
            played = await bo.next("played")
            assert played["seat"] == 0 and played["actions"] == ["R"]
            assert changes == ["played"]  # the facing: the roll waits for Bo's share
            rolled = await bo.rolled()
            assert rolled["seat"] == 0 and rolled["dice"]["by"] == 1
            assert changes == ["played", "played"]
            await bo.send(act("L", at=2))
            assert "it is Ayla's turn" in (await bo.next("error"))["reason"]

    asyncio.run(scenario())


def test_the_hosts_own_seat_asked_to_agree_is_told_when_the_asker_leaves() -> None:
    async def scenario() -> None:
        async with hosted(SETUP, headless=False) as table:
            bo, _ = await Peer.seat(table.address, table.code(1))
            table.flow.play(Orient(Turn.RIGHT))
            await bo.rolled()
            table.flow.play(table.flow.state.legal_placements()[0])
            await bo.played_at(2)
            await bo.send({"type": "undo", "id": 1, "at": 3})
            await until(lambda: table.flow.undo_asker == "Bo")
            await bo.close()
            await until(lambda: table.flow.undo_asker is None)
            assert any(
                notice.text
                == "Bo left, and their request to take back your last decision went with them."
                for notice in table.notices
            )
            with pytest.raises(IllegalAction, match="nobody asked you"):
                table.flow.answer_undo(True)

    asyncio.run(scenario())


def test_undo_of_an_absent_players_decision_is_refused() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            await lays_first_carpet(ayla, table)
            await bo.played_at(2)
            await ayla.close()
            await until(lambda: 0 not in table.game.players)
            await bo.send({"type": "undo", "id": 4, "at": 3})
            error = await bo.next("error")
            assert error["id"] == 4
            assert error["reason"] == (
                "cannot undo: the last decision is Ayla's, who is not here to agree"
            )
            assert len(table.flow.session.actions) == 3

    asyncio.run(scenario())


def test_no_client_learns_the_order_of_a_shuffled_pile() -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, names=("Ayla", "Bo"), seed=11)) as table:
            bo, game = await Peer.seat(table.address, table.code(1))
            real = table.flow.session.start.to_dict()["players"]
            for sent, actual in zip(game["start"]["players"], real, strict=True):
                assert sent["pile"][0] == actual["pile"][0]  # the top: everyone sees it
                assert set(sent["pile"][1:]) == {sent["colours"][0]}  # the rest: hidden
                assert len(sent["pile"]) == len(actual["pile"])
            assert any(
                sent["pile"] != actual["pile"]
                for sent, actual in zip(game["start"]["players"], real, strict=True)
            )
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(act("L"))
            await ayla.rolled()
            carpet = table.flow.state.legal_placements()[0]
            await ayla.send(act(str(carpet), at=2))
            played = await bo.played_at(2)
            top = table.flow.state.players[0].top
            assert played["tops"][0] == top.name.lower()  # the carpet just uncovered

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("message", "echoed"),
    [
        ({**act("L", id=2), "seat": 1}, 2),  # an extra field
        (act("c9.9-9.9", id=9), 9),  # an unreadable action
        ({"type": "act", "id": 4, "at": 0}, 4),  # no action
        (act("4", id=5), 5),  # a die value
        (act("L", at=-3, id=6), 6),  # a bad at
        ({"type": "cheat", "id": 7}, 7),  # an unknown type
        (act("L", id=-1), None),  # no id to echo
        ({**act("L"), "id": "8"}, None),
    ],
    ids=[
        "extra field",
        "unreadable action",
        "no action",
        "die value",
        "bad at",
        "unknown type",
        "negative id",
        "id as text",
    ],
)
def test_a_refused_message_echoes_its_id_whenever_it_is_readable(
    message: dict[str, Any], echoed: int | None
) -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            await ayla.send(message)
            error = await ayla.next("error")
            assert error["id"] == echoed
            assert "fatal" not in error

    asyncio.run(scenario())


async def _until_pong(peer: Peer, id: int) -> list[dict[str, Any]]:
    """Every message the peer receives up to the answer to its ping ``id``."""
    await peer.send({"type": "ping", "id": id})
    seen: list[dict[str, Any]] = []
    while True:
        message = await peer.next()
        if message["type"] == "pong" and message["id"] == id:
            return seen
        seen.append(message)


def test_a_second_undo_request_is_refused_and_the_owner_is_asked_once_a_decision() -> None:
    async def scenario() -> None:
        async with hosted(SETUP) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            await lays_first_carpet(ayla, table, id=2)
            await bo.played_at(2)
            await bo.send({"type": "undo", "id": 3, "at": 3})
            assert (await ayla.next("undo_request"))["by"] == "Bo"
            await bo.send({"type": "undo", "id": 4, "at": 3})
            error = await bo.next("error")
            assert error["id"] == 4
            assert (
                error["reason"] == "cannot undo: you already asked Ayla, who has not answered yet"
            )
            seen = await _until_pong(ayla, 5)
            assert [m for m in seen if m["type"] == "undo_request"] == []
            await ayla.send({"type": "answer", "accept": False})
            assert (await bo.next("undo_refused"))["reason"] == "Ayla said no"
            # Answered no: he may ask once more (her answer may have been a slip), not a
            # third time about the same decision (a dialog coming back at once, for ever).
            await bo.send({"type": "undo", "id": 6, "at": 3})
            assert (await ayla.next("undo_request"))["by"] == "Bo"
            await ayla.send({"type": "answer", "accept": False})
            assert (await bo.next("undo_refused"))["reason"] == "Ayla said no"
            await bo.send({"type": "undo", "id": 7, "at": 3})
            error = await bo.next("error")
            assert error["reason"] == (
                "cannot undo: Ayla said no twice to taking back this decision"
            )
            assert [m for m in await _until_pong(ayla, 8) if m["type"] == "undo_request"] == []

    asyncio.run(scenario())


def test_a_third_players_undo_request_waits_for_the_first_to_be_answered() -> None:
    async def scenario() -> None:
        setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=11)
        async with hosted(setup) as table:
            ayla, _ = await Peer.seat(table.address, table.code(0))
            bo, _ = await Peer.seat(table.address, table.code(1))
            cem, _ = await Peer.seat(table.address, table.code(2))
            await lays_first_carpet(ayla, table, id=2)
            await bo.played_at(2)
            await cem.played_at(2)
            await bo.send({"type": "undo", "id": 3, "at": 3})
            await ayla.next("undo_request")
            await cem.send({"type": "undo", "id": 4, "at": 3})
            error = await cem.next("error")
            assert error["reason"] == "cannot undo: Bo already asked Ayla, who has not answered yet"
            assert [m for m in await _until_pong(ayla, 5) if m["type"] == "undo_request"] == []

    asyncio.run(scenario())
