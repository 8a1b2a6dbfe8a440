"""The action values: shared where they can be, checked, frozen, and copied as values."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Callable

import pytest

from marrakech.engine import (
    Action,
    Aim,
    IllegalAction,
    Orient,
    Place,
    Roll,
    Turn,
    Variant,
    new_game,
)

from .positions import build


class _Orient(Orient):
    """A subclass, to show it is made anew rather than handed a shared Orient."""


SHARED: list[Action] = [*(Orient(turn) for turn in Turn), *(Aim(turn) for turn in Turn)]
SHARED += [Roll(value) for value in range(1, 5)]
MADE_ANEW: list[Action] = [Roll(0), Roll(6), Place((2, 4), (2, 3))]


def test_an_orient_roll_or_aim_of_the_game_is_one_shared_value() -> None:
    assert all(Orient(turn) is Orient(turn) for turn in Turn)
    assert all(Aim(turn) is Aim(turn) for turn in Turn)
    assert all(Roll(value) is Roll(value) for value in range(1, 5))
    orients = new_game(2).legal_actions()
    assert all(a is b for a, b in zip(orients, (Orient(turn) for turn in Turn), strict=True))
    rolls = build(players=2, phase="roll").legal_actions()
    assert all(a is b for a, b in zip(rolls, (Roll(value) for value in range(1, 5)), strict=True))
    aims = build(players=2, phase="aim", variant=Variant.AIM_OR_KEEP).legal_actions()
    assert all(a is b for a, b in zip(aims, (Aim(turn) for turn in Turn), strict=True))


def test_other_rolls_and_subclasses_are_made_anew() -> None:
    assert Roll(6) == Roll(6) and hash(Roll(6)) == hash(Roll(6)) and str(Roll(6)) == "6"
    mine = _Orient(Turn.LEFT)
    assert type(mine) is _Orient and mine.turn is Turn.LEFT
    assert mine != Orient(Turn.LEFT) and mine is not _Orient(Turn.LEFT)
    with pytest.raises(IllegalAction, match="Orient needs"):
        _Orient(-1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "value", "words"),
    [
        (Orient, -1, "Orient needs Turn.LEFT, Turn.STRAIGHT or Turn.RIGHT, not -1"),
        (Orient, 0, "not 0"),
        (Orient, "L", "not 'L'"),
        (Orient, [1], "not [1]"),
        (Aim, 1, "Aim needs Turn.LEFT, Turn.STRAIGHT or Turn.RIGHT, not 1"),
        (Roll, True, "Roll needs a whole number of steps, not True"),
        (Roll, 3.0, "not 3.0"),
        (Roll, [3], "not [3]"),
    ],
)
def test_a_value_equal_to_a_turn_or_a_die_value_is_still_refused(
    cls: Callable[[object], Action], value: object, words: str
) -> None:
    with pytest.raises(IllegalAction) as caught:
        cls(value)
    assert words in str(caught.value)


@pytest.mark.parametrize("action", SHARED + MADE_ANEW, ids=str)
def test_actions_are_frozen(action: Action) -> None:
    field = dataclasses.fields(action)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(action, field, getattr(action, field))
    assert not hasattr(action, "__dict__")


@pytest.mark.parametrize("action", [*SHARED, *MADE_ANEW, _Orient(Turn.RIGHT)], ids=repr)
def test_actions_pickle_copy_and_replace_to_equal_actions(action: Action) -> None:
    twins = [pickle.loads(pickle.dumps(action, protocol)) for protocol in range(6)]
    twins += [copy.copy(action), copy.deepcopy(action), dataclasses.replace(action)]
    for twin in twins:
        assert twin == action and type(twin) is type(action)
        assert (twin is action) == (action in SHARED)


def test_a_state_and_its_legal_actions_pickle_together() -> None:
    state = build(players=3, phase="place")
    twin, actions = pickle.loads(pickle.dumps((state, state.legal_actions())))
    assert twin == state and actions == state.legal_actions()
    assert [twin.apply(action) for action in actions] == [
        state.apply(action) for action in state.legal_actions()
    ]


def test_actions_match_by_field() -> None:
    described = []
    for action in (Orient(Turn.LEFT), Roll(3), Place((2, 4), (2, 3)), Aim(Turn.RIGHT)):
        match action:
            case Orient(turn):
                described.append(f"orient {turn.name}")
            case Roll(value=value):
                described.append(f"roll {value}")
            case Place(a, b):
                described.append(f"place {a} {b}")
            case Aim(turn=Turn.RIGHT):
                described.append("aim right")
    assert described == ["orient LEFT", "roll 3", "place (2, 3) (2, 4)", "aim right"]
    assert dataclasses.replace(Orient(Turn.LEFT), turn=Turn.RIGHT) is Orient(Turn.RIGHT)
    assert repr(Roll(3)) == "Roll(value=3)"
