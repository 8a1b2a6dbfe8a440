"""Orienting Assam and the die."""

from __future__ import annotations

from fractions import Fraction

import pytest

from marrakech.engine import (
    DIE_FACES,
    DIE_PROBABILITIES,
    Direction,
    IllegalAction,
    Orient,
    Phase,
    Roll,
    Turn,
    new_game,
    walk,
)

from .positions import build

OPPOSITE = {Direction.N: Direction.S, Direction.S: Direction.N, Direction.E: Direction.W}
OPPOSITE[Direction.W] = Direction.E


@pytest.mark.parametrize(
    ("turn", "facing"),
    [(Turn.LEFT, Direction.W), (Turn.STRAIGHT, Direction.N), (Turn.RIGHT, Direction.E)],
)
def test_orient_from_north(turn: Turn, facing: Direction) -> None:
    state = new_game(3).apply(Orient(turn))
    assert state.assam == ((3, 3), facing)
    assert state.phase is Phase.ROLL
    assert state.current == 0


def test_orient_offers_exactly_left_straight_right() -> None:
    assert set(new_game(3).legal_actions()) == {Orient(t) for t in Turn}


@pytest.mark.parametrize("facing", "NESW")
def test_no_orient_turns_assam_round(facing: str) -> None:
    state = build(assam=f"3.3 {facing}", phase="orient")
    reached = {state.apply(a).assam.facing for a in state.legal_actions()}
    start = Direction[facing]
    assert len(reached) == 3
    assert OPPOSITE[start] not in reached
    assert start in reached


def test_no_action_gives_south_from_north() -> None:
    state = new_game(4)
    assert all(state.apply(a).assam.facing is not Direction.S for a in state.legal_actions())


def test_die_faces() -> None:
    assert sorted(DIE_FACES) == [1, 2, 2, 3, 3, 4]


def test_the_probabilities_come_from_the_faces() -> None:
    assert DIE_PROBABILITIES == ((1, 1 / 6), (2, 1 / 3), (3, 1 / 3), (4, 1 / 6))


def test_chance_outcomes_follow_the_faces_and_sum_to_one() -> None:
    state = new_game(3).apply(Orient(Turn.STRAIGHT))
    outcomes = state.chance_outcomes()
    assert [v for v, _ in outcomes] == [1, 2, 3, 4]
    for value, p in outcomes:
        assert p == pytest.approx(DIE_FACES.count(value) / 6)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert sum(Fraction(p).limit_denominator(6) for _, p in DIE_PROBABILITIES) == 1
    assert set(state.legal_actions()) == {Roll(v) for v in (1, 2, 3, 4)}


def test_chance_outcomes_only_in_the_roll_phase() -> None:
    assert new_game(3).chance_outcomes() == ()
    assert build(phase="place").chance_outcomes() == ()


@pytest.mark.parametrize("value", [0, 5, 6, -1])
def test_impossible_rolls_are_refused(value: int) -> None:
    state = new_game(3).apply(Orient(Turn.STRAIGHT))
    with pytest.raises(IllegalAction, match=str(value)):
        state.apply(Roll(value))


def test_non_integer_roll_is_refused_cleanly() -> None:
    with pytest.raises(IllegalAction, match="whole number"):
        Roll(2.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1, 2, 3, 4])
def test_a_roll_moves_assam_that_many_steps(value: int) -> None:
    state = build(assam="1.5 E", phase="roll")
    after = state.apply(Roll(value))
    assert after.assam == walk((1, 5), Direction.E, value)
    assert after.phase is Phase.PLACE
    assert after.current == state.current


def test_boolean_roll_is_refused() -> None:
    with pytest.raises(IllegalAction, match="whole number"):
        Roll(True)
