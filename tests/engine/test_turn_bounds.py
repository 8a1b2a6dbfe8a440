"""turn_bounds: where the turns of a run of actions begin and end, in both kinds of game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from property_budget import examples

from marrakech.engine import Action, Phase, Variant, parse_action, turn_bounds

from .games import GameSpec, game_specs, play


def actions(text: str) -> list[Action]:
    return [parse_action(token) for token in text.split()]


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        # standard: orient, roll, lay; a bankruptcy turn has no carpet
        ("L 3 c1.0-2.0 S 1 R 2 c2.2-2.3", ((0, 3), (3, 5), (5, 8))),
        # aim variants: roll, lay, aim; no aim after the final carpet
        ("2 c1.1-1.2 aR 1 c0.0-0.1 aL 4 c5.5-5.6", ((0, 3), (3, 6), (6, 8))),
        # aim variants: a bankruptcy turn is a lone roll, the next turn starts at a roll
        ("2 c1.1-1.2 aR 3 1 c0.0-0.1", ((0, 3), (3, 4), (4, 6))),
        ("L 3", ((0, 2),)),  # a turn in progress
        ("c1.0-2.0 R 2", ((0, 1), (1, 3))),  # a run that starts within a turn
        ("", ()),
    ],
)
def test_turns_begin_at_an_orient_or_at_a_roll_without_one(
    text: str, bounds: tuple[tuple[int, int], ...]
) -> None:
    assert turn_bounds(actions(text)) == bounds


@settings(max_examples=examples(40), deadline=None)
@given(game_specs())
def test_each_turn_of_a_game_is_one_seat_from_its_first_action(spec: GameSpec) -> None:
    steps = play(spec)
    bounds = turn_bounds([t.action for t in steps])
    assert [i for start, end in bounds for i in range(start, end)] == list(range(len(steps)))
    for start, end in bounds:
        turn = steps[start:end]
        first = turn[0].before.phase
        assert first is (Phase.ORIENT if spec.variant is Variant.STANDARD else Phase.ROLL)
        assert {t.seat for t in turn} == {turn[0].seat}
