"""The choosing cursors land only on legal choices and move the way the keys say."""

from __future__ import annotations

from engine.positions import build
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.engine import Aim, GameState, Orient, Phase, Place, Turn, Variant, new_game
from marrakech.flow import cursor

PLACING = build(players=2, phase="place")
"""Assam in the middle facing north, a carpet to lay."""


def _placing(seed: int) -> GameState:
    """A PLACE position a few turns into a seeded game."""
    state = new_game(2, seed=seed)
    for turn in (Turn.LEFT, Turn.STRAIGHT, Turn.RIGHT)[: seed % 3 + 1]:
        state = state.apply(Orient(turn)).apply(state.apply(Orient(turn)).legal_actions()[0])
        state = state.apply(state.legal_placements()[seed % len(state.legal_placements())])
    state = state.apply(Orient(Turn.STRAIGHT))
    return state.apply(state.legal_actions()[seed % 4])


def test_the_turn_cursor_starts_straight_and_each_key_picks_the_way_it_names() -> None:
    state = new_game(2)
    assert cursor.turn_choices(state) == (Turn.LEFT, Turn.STRAIGHT, Turn.RIGHT)
    assert cursor.default_turn(state) is Turn.STRAIGHT
    assert cursor.turned(state, Turn.STRAIGHT, "left") is Turn.LEFT
    assert cursor.turned(state, Turn.LEFT, "left") is None  # picked already
    # The way the key names, whatever was picked (it stepped: right, then left, was ahead).
    assert cursor.turned(state, Turn.LEFT, "right") is Turn.RIGHT
    assert cursor.turned(state, Turn.RIGHT, "left") is Turn.LEFT
    assert cursor.turned(state, Turn.RIGHT, "straight") is Turn.STRAIGHT
    assert cursor.turned(state, Turn.STRAIGHT, "straight") is None


def test_when_aiming_strictly_there_is_no_straight_and_left_and_right_jump_over_it() -> None:
    aiming = build(players=2, phase="aim", variant=Variant.AIM)
    assert cursor.turn_choices(aiming) == (Turn.LEFT, Turn.RIGHT)
    assert cursor.default_turn(aiming) is None
    assert cursor.turned(aiming, None, "right") is Turn.RIGHT
    assert cursor.turned(aiming, Turn.LEFT, "right") is Turn.RIGHT
    assert cursor.turned(aiming, None, "straight") is None
    assert aiming.is_legal(Aim(Turn.LEFT))


def test_the_first_carpet_lies_straight_ahead_of_assam() -> None:
    assert cursor.first_carpet(PLACING) == Place((2, 3), (1, 3))
    assert cursor.first_carpet(new_game(2)) is None  # nothing to lay before the roll


def test_moving_the_carpet_keeps_its_line_and_stops_at_the_edge_of_the_legal_spots() -> None:
    carpet = Place((2, 3), (1, 3))
    moved = cursor.moved_carpet(PLACING, carpet, "right")
    assert moved is not None and moved.a[1] + moved.b[1] > 2 * 3  # its middle is right of col 3
    assert cursor.moved_carpet(PLACING, carpet, "up") is None  # (1,3)-(0,3) is too far


def test_rotating_turns_the_carpet_a_quarter_on_a_shared_square() -> None:
    carpet = Place((2, 3), (1, 3))
    rotated = cursor.rotated_carpet(PLACING, carpet)
    assert rotated is not None and not cursor.is_vertical(rotated)
    assert {rotated.a, rotated.b} & {carpet.a, carpet.b}


def test_cycling_visits_every_legal_carpet_once_and_wraps() -> None:
    legal = PLACING.legal_placements()
    seen = []
    carpet = None
    for _ in legal:
        carpet = cursor.cycled_carpet(PLACING, carpet, 1)
        seen.append(carpet)
    assert seen == list(legal)
    assert cursor.cycled_carpet(PLACING, legal[0], -1) == legal[-1]


def test_a_pointer_over_a_square_picks_a_legal_carpet_there_or_an_illegal_one_to_explain() -> None:
    current = Place((2, 3), (1, 3))
    assert cursor.carpet_over(PLACING, (1, 3), current) == current
    over = cursor.carpet_over(PLACING, (3, 4), current)
    assert PLACING.is_legal(over) and (3, 4) in (over.a, over.b)
    far = cursor.carpet_over(PLACING, (6, 6), current)
    assert far == Place((6, 6), (5, 6))  # vertical like the current one, back from the edge
    assert PLACING.why_illegal(far) is not None


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(0, 10_000), way=st.sampled_from(sorted(cursor.WAYS)), step=st.integers(-3, 3)
)
def test_every_cursor_move_lands_on_a_legal_carpet(seed: int, way: str, step: int) -> None:
    state = _placing(seed)
    assert state.phase is Phase.PLACE
    carpet = cursor.first_carpet(state)
    assert carpet is not None and state.is_legal(carpet)
    for moved in (
        cursor.moved_carpet(state, carpet, way),
        cursor.rotated_carpet(state, carpet),
        cursor.cycled_carpet(state, carpet, step),
    ):
        assert moved is None or state.is_legal(moved)
