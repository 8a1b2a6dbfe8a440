"""The aim variant: the player who has just laid a carpet aims Assam for the next."""

from __future__ import annotations

import pytest

from marrakech.engine import (
    Aim,
    Direction,
    IllegalAction,
    Orient,
    Phase,
    Place,
    Roll,
    Turn,
    Variant,
    new_game,
)

from .helpers import landing
from .positions import build


@pytest.mark.parametrize("variant", [Variant.AIM, Variant.AIM_OR_KEEP])
def test_the_first_player_rolls_with_the_starting_facing(variant: Variant) -> None:
    state = new_game(3, variant=variant, first=1)
    assert (state.phase, state.current, state.assam.facing) == (Phase.ROLL, 1, Direction.N)
    assert state.apply(Roll(2)).assam == ((1, 3), Direction.N)
    with pytest.raises(IllegalAction, match="orient"):
        state.apply(Orient(Turn.RIGHT))


def test_after_placing_the_same_player_aims_left_or_right() -> None:
    state = build(players=3, variant="aim", current=0, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert (after.phase, after.current) == (Phase.AIM, 0)
    assert set(after.legal_actions()) == {Aim(Turn.LEFT), Aim(Turn.RIGHT)}


def test_aim_or_keep_also_allows_straight() -> None:
    state = build(players=3, variant="aim-or-keep", current=0, phase="aim")
    assert set(state.legal_actions()) == {Aim(t) for t in Turn}
    assert state.apply(Aim(Turn.STRAIGHT)).assam.facing is Direction.N


def test_keeping_the_facing_is_refused_in_the_strict_variant() -> None:
    state = build(players=3, variant="aim", current=0, phase="aim")
    with pytest.raises(IllegalAction, match="keep"):
        state.apply(Aim(Turn.STRAIGHT))


@pytest.mark.parametrize(("turn", "facing"), [(Turn.LEFT, Direction.N), (Turn.RIGHT, Direction.S)])
def test_the_aim_turns_assam_and_hands_the_roll_on(turn: Turn, facing: Direction) -> None:
    state = build(players=4, variant="aim", current=3, phase="aim", assam="2.2 E")
    after = state.apply(Aim(turn))
    assert after.assam == ((2, 2), facing)
    assert (after.phase, after.current) == (Phase.ROLL, 0)


def test_aim_only_in_the_aim_phase() -> None:
    with pytest.raises(IllegalAction, match="aim"):
        build(players=3, variant="aim", phase="roll").apply(Aim(Turn.LEFT))
    with pytest.raises(IllegalAction):
        new_game(3).apply(Aim(Turn.LEFT))


def test_no_aim_after_a_bankruptcy() -> None:
    t = landing(
        (3, 3), players=3, variant="aim", carpets=["R 3.3-3.4"], current=1, money=[30, 1, 30]
    )
    assert t.eliminated == 1
    assert (t.after.phase, t.after.current) == (Phase.ROLL, 2)
    assert t.after.assam == ((3, 3), Direction.S)  # the facing as it is


def test_no_aim_after_the_final_carpet() -> None:
    state = build(players=3, variant="aim", piles=["", "", "Y"], current=2, phase="place")
    assert state.apply(Place((2, 3), (2, 4))).phase is Phase.OVER


def test_aiming_after_ones_own_last_carpet_when_others_still_play() -> None:
    state = build(players=3, variant="aim", piles=["R", "", "Y"], current=2, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert (after.phase, after.current) == (Phase.AIM, 2)
    after = after.apply(Aim(Turn.LEFT))
    assert (after.phase, after.current) == (Phase.ROLL, 0)


def test_standard_game_has_no_aim_phase() -> None:
    state = build(players=3, current=0, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert (after.phase, after.current) == (Phase.ORIENT, 1)
