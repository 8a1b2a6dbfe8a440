"""The action notation: str() writes it, parse_action reads it back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from property_budget import examples

from marrakech.engine import (
    Aim,
    IllegalAction,
    MarrakechError,
    Orient,
    Place,
    Roll,
    Turn,
    parse_action,
)

from .games import GameSpec, game_specs, play


@settings(max_examples=examples(30), deadline=None)
@given(game_specs())
def test_every_legal_action_of_random_positions_round_trips(spec: GameSpec) -> None:
    for t in play(spec):
        for action in t.before.legal_actions():
            text = str(action)
            assert parse_action(text) == action
            assert " " not in text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("L", Orient(Turn.LEFT)),
        ("S", Orient(Turn.STRAIGHT)),
        ("R", Orient(Turn.RIGHT)),
        ("1", Roll(1)),
        ("4", Roll(4)),
        ("c2.3-2.4", Place((2, 3), (2, 4))),
        ("c2.4-2.3", Place((2, 3), (2, 4))),
        ("c0.6-1.6", Place((0, 6), (1, 6))),
        ("aL", Aim(Turn.LEFT)),
        ("aS", Aim(Turn.STRAIGHT)),
        ("aR", Aim(Turn.RIGHT)),
        ("  R \n", Orient(Turn.RIGHT)),
    ],
)
def test_documented_tokens(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "action",
    [Orient(Turn.LEFT), Roll(3), Place((5, 1), (4, 1)), Aim(Turn.RIGHT), Aim(Turn.STRAIGHT)],
)
def test_writing_then_reading(action: object) -> None:
    assert parse_action(str(action)) == action


def test_placements_are_written_in_one_way() -> None:
    assert str(Place((2, 4), (2, 3))) == "c2.3-2.4"


@pytest.mark.parametrize(
    "text",
    ["", " ", "x", "l", "r", "LL", "0", "5", "12", "a", "aX", "al", "c2.3", "c2.3-2.", "c7.0-6.0",
     "c2.3-2.7", "c2,3-2,4", "C2.3-2.4", "c-1.0-0.0", "orient left", "2.3-2.4", "c2.3-2.4x"],
)  # fmt: skip
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(MarrakechError) as caught:
        parse_action(text)
    assert isinstance(caught.value, ValueError)
    assert repr(text) in str(caught.value)


def test_non_ascii_digits_are_refused() -> None:
    with pytest.raises(MarrakechError):
        parse_action("c\u0662.3-2.4")


def test_a_square_with_a_boolean_coordinate_is_refused() -> None:

    with pytest.raises(IllegalAction, match="whole numbers"):
        Place((True, 2), (1, 3))
