"""Turn notation: one compact string per turn, read back by parse_turns."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from property_budget import examples

from marrakech.engine import Aim, MarrakechError, Orient, Place, Roll, Turn, Variant
from marrakech.games.records import parse_turns, turn_notation
from marrakech.games.session import GameSetup, Session

from .games import games, play_random


def test_standard_turn_is_orient_and_roll_then_carpet() -> None:
    actions = (Orient(Turn.LEFT), Roll(3), Place((2, 4), (2, 3)), Orient(Turn.STRAIGHT))
    assert turn_notation(actions) == ["L3 c2.3-2.4", "S"]


def test_aim_variant_turn_is_roll_carpet_aim() -> None:
    actions = (Roll(2), Place((1, 1), (1, 2)), Aim(Turn.RIGHT), Roll(4))
    assert turn_notation(actions) == ["2 c1.1-1.2 aR", "4"]


def test_bankrupt_turn_has_no_carpet() -> None:
    actions = (Orient(Turn.RIGHT), Roll(1), Orient(Turn.LEFT), Roll(2))
    assert turn_notation(actions) == ["R1", "L2"]
    assert turn_notation((Roll(1), Roll(2))) == ["1", "2"]


def test_empty() -> None:
    assert turn_notation(()) == []
    assert parse_turns("") == ()
    assert parse_turns([]) == ()


def test_parse_accepts_one_string_or_a_list_and_any_spacing() -> None:
    expected = (Orient(Turn.LEFT), Roll(3), Place((2, 3), (2, 4)), Aim(Turn.LEFT))
    assert parse_turns("L3 c2.3-2.4 aL") == expected
    assert parse_turns(["L3 c2.3-2.4", "aL"]) == expected
    assert parse_turns("  L 3\n\tc2.4-2.3  aL ") == expected


@pytest.mark.parametrize("text", ["X", "L5", "LL", "c2.3", "c7.0-7.1", "0", "aX", "L3c2.3-2.4"])
def test_parse_names_the_bad_token(text: str) -> None:
    with pytest.raises(MarrakechError, match="cannot read action"):
        parse_turns(text)


@settings(max_examples=examples(40), deadline=None)
@given(games())
def test_round_trip_of_random_games(session: Session) -> None:
    notation = turn_notation(session.actions)
    assert parse_turns(notation) == session.actions
    assert parse_turns(" ".join(notation)) == session.actions
    assert all(line and line == line.strip() for line in notation)


@settings(max_examples=examples(20), deadline=None)
@given(games(finished=True))
def test_one_line_per_turn_of_one_seat(session: Session) -> None:
    notation = turn_notation(session.actions)
    seats = []
    index = 0
    for line in notation:
        count = len(parse_turns(line))
        turn = session.transitions[index : index + count]
        assert {t.seat for t in turn} == {turn[0].seat}
        seats.append(turn[0].seat)
        index += count
    assert index == len(session.actions)
    assert all(a != b for a, b in pairwise(seats))


def test_the_setup_and_the_actions_replay_the_session() -> None:
    for variant in Variant:
        session = play_random(Session(GameSetup(3, variant=variant, seed=11)), seed=4)
        replayed = Session(session.setup, session.actions)
        assert replayed.states == session.states
        assert replayed.actions == session.actions


def test_the_actions_leave_out_the_redo_list() -> None:
    session = play_random(Session(GameSetup(2, seed=1)), seed=2, max_actions=9)
    session.undo()
    replayed = Session(session.setup, session.actions)
    assert replayed.state == session.state
    assert not replayed.can_redo
