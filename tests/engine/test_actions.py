"""The action values: shared where they can be, checked, frozen, and copied as values."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

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


def test_an_action_built_by_keyword_is_the_shared_one_too() -> None:
    assert Orient(turn=Turn.LEFT) is Orient(Turn.LEFT)
    assert Aim(turn=Turn.RIGHT) is Aim(Turn.RIGHT)
    assert Roll(value=3) is Roll(3)


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


CONSTRUCTIONS = """
import pickle
from marrakech.engine import Aim, Orient, Place, Roll, Turn

class Mine(Roll):
    pass

WAYS = [
    *(f"{kind}(Turn.{turn.name})" for kind in ("Orient", "Aim") for turn in Turn),
    *(f"Roll({value})" for value in range(-1, 7)),
    "Orient(turn=Turn.RIGHT)", "Roll(value=2)", "Mine(3)", "Mine(2.0)",
    "Orient(0)", "Orient(-1)", "Orient('L')", "Orient([1])", "Orient(None)", "Aim(1)",
    "Roll(True)", "Roll(3.0)", "Roll('3')", "Roll([3])", "Roll(None)", "Roll(2**300)",
    "Place((2, 4), (2, 3))", "Place([2, 3], (2, 4))", "Place((2, 3.0), (2, 4))",
]
for way in WAYS:
    try:
        action = eval(way)
    except Exception as error:
        print(way, "->", type(error).__name__, error)
        continue
    twin = pickle.loads(pickle.dumps(action))
    print(way, "->", repr(action), action is eval(way), twin == action, twin is action)
"""


def test_the_pure_python_engine_builds_the_same_actions(tmp_path: Path) -> None:
    """Built by this engine (compiled, where it is) and by a pure-Python copy of its sources:
    the same values, shared alike, and the same errors, word for word."""
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(
        root / "marrakech" / "engine",
        tmp_path / "marrakech" / "engine",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"),
    )
    (tmp_path / "marrakech" / "__init__.py").write_text("")
    # -S: no site-packages, so neither the installed (compiled) engine nor its finder.
    pure = _run([sys.executable, "-S", "-c", CONSTRUCTIONS], tmp_path)
    assert _run([sys.executable, "-c", CONSTRUCTIONS], root) == pure
    assert "Roll(True) -> IllegalAction Roll needs a whole number of steps, not True" in pure


def _run(command: list[str], cwd: Path) -> str:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout
