"""from_dict: clear InvalidState messages for malformed input; odd but well-formed is fine."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from marrakech.engine import (
    STATE_FORMAT,
    STATE_VERSION,
    Colour,
    GameState,
    InvalidState,
    Phase,
    new_game,
)

from .positions import describe

Data = dict[str, Any]


def base() -> Data:
    return describe(players=3, carpets=["B 2.3-2.4", "R 2.4-3.4"], phase="place", current=0)


def _set(path: str, value: object) -> Callable[[Data], None]:
    """A mutation that sets data[path] (dots and [i] steps) to value."""

    def mutate(data: Data) -> None:
        keys: list[Any] = []
        for part in path.replace("]", "").replace("[", ".").split("."):
            keys.append(int(part) if part.isdigit() else part)
        target: Any = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return mutate


def _delete(key: str) -> Callable[[Data], None]:
    return lambda data: data.pop(key)


BAD: list[tuple[str, Callable[[Data], None], str]] = [
    ("format", _set("format", "chess"), "format"),
    ("no format", _delete("format"), "format is missing"),
    ("version 2", _set("version", 2), "version"),
    ("version 0", _set("version", 0), "version"),
    ("version text", _set("version", "1"), "version"),
    ("variant", _set("variant", "advanced"), "variant"),
    ("phase", _set("phase", "dance"), "phase"),
    ("no players", _delete("players"), "players is missing"),
    ("one player", _set("players", [base()["players"][0]]), "players"),
    ("five players", _set("players", [base()["players"][0]] * 5), "players"),
    ("negative money", _set("players[1].money", -1), "players[1].money"),
    ("money as text", _set("players[1].money", "30"), "players[1].money"),
    ("money as bool", _set("players[1].money", True), "players[1].money"),
    ("unknown colour", _set("players[2].colours", ["purple"]), "players[2].colours[0]"),
    ("no colour", _set("players[2].colours", []), "players[2].colours"),
    ("shared colour", _set("players[2].colours", ["red"]), "players[2].colours"),
    ("pile of another colour", _set("players[0].pile", ["blue"]), "players[0].pile[0]"),
    ("eliminated not bool", _set("players[0].eliminated", 1), "players[0].eliminated"),
    ("negative discarded", _set("players[0].discarded", -3), "players[0].discarded"),
    ("current too big", _set("current", 3), "current"),
    ("current negative", _set("current", -1), "current"),
    ("assam off market", _set("assam.square", [7, 0]), "assam.square[0]"),
    ("assam square short", _set("assam.square", [3]), "assam.square"),
    ("assam facing", _set("assam.facing", "NE"), "assam.facing"),
    ("assam not object", _set("assam", [3, 3, "N"]), "assam"),
    ("market 6 rows", lambda d: d["market"].pop(), "market"),
    ("market short row", lambda d: d["market"][4].pop(), "market[4]"),
    ("market not list", _set("market", "empty"), "market"),
    ("layer unknown colour", _set("market[2][3][0][0]", "pink"), "market[2][3][0][0]"),
    ("layer colour nobody plays", _set("market[2][3][0][0]", "green"), "market[2][3][0]"),
    ("layer negative id", _set("market[2][3][0][1]", -1), "market[2][3][0][1]"),
    ("layer not a pair", _set("market[2][3][0]", ["blue"]), "market[2][3][0]"),
    ("carpet on one square", _set("market[2][3]", []), "carpet 0 on 1 square"),
    ("carpet on three squares", _set("market[0][0]", [["blue", 0]]), "carpet 0 on 3 square"),
    ("carpet halves apart", lambda d: d["market"][6][6].append(d["market"][2][3].pop()), "touch"),
    ("carpet in two colours", _set("market[2][3][0][0]", "yellow"), "two colours"),
    ("next_carpet too small", _set("next_carpet", 1), "next_carpet"),
    ("current seat bankrupt", _set("players[0].eliminated", True), "players[0].pile"),
]


@pytest.mark.parametrize(("mutate", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_malformed_input_is_refused_clearly(mutate: Callable[[Data], None], words: str) -> None:
    data = base()
    GameState.from_dict(data)  # the base is fine
    mutate(data)
    with pytest.raises(InvalidState) as caught:
        GameState.from_dict(data)
    message = str(caught.value)
    assert message.startswith("invalid state: ")
    assert words in message


@pytest.mark.parametrize("thing", [None, [], "state", 3, json.dumps(base())])
def test_a_non_dict_is_refused(thing: object) -> None:
    with pytest.raises(InvalidState, match="must be an object"):
        GameState.from_dict(thing)


@pytest.mark.parametrize("key", list(base()))
def test_every_missing_field_is_named(key: str) -> None:
    data = base()
    del data[key]
    with pytest.raises(InvalidState, match=f"{key} is missing"):
        GameState.from_dict(data)


def test_phase_must_fit_the_position() -> None:
    out = describe(players=3, phase="orient", current=1, eliminated=[1])
    with pytest.raises(InvalidState, match="bankrupt"):
        GameState.from_dict(out)
    with pytest.raises(InvalidState, match="orient"):
        GameState.from_dict(describe(players=3, phase="orient", variant="aim"))
    with pytest.raises(InvalidState, match="aim"):
        GameState.from_dict(describe(players=3, phase="aim", variant="standard"))
    with pytest.raises(InvalidState, match="no carpet left"):
        GameState.from_dict(describe(players=3, phase="roll", piles=["", "B", "Y"]))
    with pytest.raises(InvalidState, match="fewer than two"):
        GameState.from_dict(describe(players=3, phase="roll", eliminated=[1, 2]))


def test_a_round_trip_keeps_every_field() -> None:
    state = GameState.from_dict(base())
    assert state.to_dict() == base()
    assert state.to_dict()["format"] == STATE_FORMAT
    assert state.to_dict()["version"] == STATE_VERSION


WELL_FORMED_ODDITIES = {
    "more money than the table holds": describe(money=[500, 0, 7]),
    "a carpet fully hidden in one move": describe(carpets=["B 2.3-2.4", "R 2.3-2.4"]),
    "tall stacks": describe(carpets=["B 0.0-0.1", "R 0.0-0.1", "Y 0.0-0.1", "B 0.0-0.1"]),
    "ids with gaps": describe(carpets=["B 0.0-0.1"], next_carpet=99),
    "empty piles for others": describe(piles=["R", "", ""]),
    "a 2-player seat with one colour": describe(players=2, piles=["R", "B"]),
    "a pile of extra carpets": describe(piles=["R" * 40, "B", "Y"]),
    "a game over with piles left": describe(phase="over"),
    "a bankrupt seat with money": describe(players=4, money=[1, 2, 3, 40], eliminated=[3]),
    "Assam in a corner facing out": describe(assam="0.6 E", phase="roll"),
}


@pytest.mark.parametrize("data", WELL_FORMED_ODDITIES.values(), ids=list(WELL_FORMED_ODDITIES))
def test_well_formed_positions_that_play_would_not_reach_are_accepted(data: Data) -> None:
    state = GameState.from_dict(copy.deepcopy(data))
    assert state.to_dict() == data
    state.legal_actions()  # and the engine can work with them


def test_a_hand_made_position_plays_on() -> None:
    state = GameState.from_dict(describe(players=2, piles=["R", "B"], phase="place"))
    after = state.apply(state.legal_placements()[0])
    assert after.phase is Phase.ORIENT
    assert after.players[0].pile == ()
    assert after.top((2, 3)).colour is Colour.RED  # type: ignore[union-attr]


def test_new_games_round_trip() -> None:
    for players in (2, 3, 4):
        state = new_game(players, seed=17)
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", ["over", "orient"])
def test_a_game_with_nobody_left_is_refused(players: int, phase: str) -> None:
    """Play never bankrupts the last seat in, so no position has nobody left to win."""
    data = describe(players=players, phase=phase, eliminated=list(range(players)))
    with pytest.raises(InvalidState, match="players are all bankrupt: at least one seat"):
        GameState.from_dict(data)
