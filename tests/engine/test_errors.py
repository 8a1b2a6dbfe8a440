"""Refused actions: IllegalAction is a ValueError, says what and why, changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from marrakech.engine import (
    Aim,
    GameNotOver,
    IllegalAction,
    InvalidState,
    MarrakechError,
    Orient,
    Place,
    Roll,
    Turn,
    Variant,
    new_game,
)

from .positions import build


@pytest.mark.parametrize("error", [IllegalAction, InvalidState, GameNotOver])
def test_every_engine_error_is_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, MarrakechError)
    assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    ("phase", "action", "words"),
    [
        ("orient", Roll(3), ["cannot roll", "orient"]),
        ("orient", Place((2, 3), (2, 4)), ["cannot lay a carpet on (2,3)-(2,4)", "orient"]),
        ("roll", Orient(Turn.LEFT), ["cannot orient", "die"]),
        ("place", Roll(2), ["cannot roll", "carpet"]),
        ("place", Place((3, 3), (2, 3)), ["(2,3)-(3,3)", "(3,3) is under Assam"]),
        ("place", Place((0, 0), (0, 1)), ["(0,0)-(0,1)", "touches Assam"]),
        ("over", Orient(Turn.LEFT), ["cannot orient", "over"]),
    ],
)
def test_the_message_names_what_was_tried_and_why(
    phase: str, action: object, words: list[str]
) -> None:
    state = build(players=3, phase=phase)
    reason = state.why_illegal(action)
    assert reason is not None
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)  # type: ignore[arg-type]
    assert str(caught.value) == reason
    for word in words:
        assert word in reason


def test_a_refused_action_leaves_the_state_unchanged() -> None:
    state = build(players=3, carpets=["B 2.3-2.4"], phase="place")
    before = state.to_dict()
    for action in (Place((2, 3), (2, 4)), Roll(1), Orient(Turn.LEFT), Aim(Turn.LEFT)):
        with pytest.raises(IllegalAction):
            state.apply(action)
        with pytest.raises(IllegalAction):
            state.transition(action)
    assert state.to_dict() == before
    assert state == build(players=3, carpets=["B 2.3-2.4"], phase="place")


@pytest.mark.parametrize("thing", ["L", None, 3, (2, 3), Turn.LEFT])
def test_things_that_are_not_actions_are_refused(thing: object) -> None:
    state = new_game(3)
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(thing)  # type: ignore[arg-type]


def test_legal_actions_are_all_accepted() -> None:
    state = build(players=3, carpets=["B 2.3-2.4"], phase="place")
    for action in state.legal_actions():
        assert state.why_illegal(action) is None
        state.apply(action)


QUERIES = ["stack", "top", "region", "toll_at", "charge_at"]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("square", [(7, 0), (0, -1), (1,), (1, 2, 3), "a1", (True, 2), None])
def test_reading_queries_name_a_square_that_is_not_on_the_market(
    query: str, square: object
) -> None:
    state = build(players=2, carpets=["R 3.4-3.5"])
    with pytest.raises(MarrakechError, match="is not a square of the market"):
        getattr(state, query)(square)


@pytest.mark.parametrize("query", QUERIES)
def test_reading_queries_take_a_square_as_a_tuple_or_a_list(query: str) -> None:
    state = build(players=2, carpets=["R 3.4-3.5"])
    assert getattr(state, query)([3, 4]) == getattr(state, query)((3, 4))


@pytest.mark.parametrize("seat", [2, -1, True])
def test_toll_queries_name_a_seat_that_does_not_exist(seat: object) -> None:
    state = build(players=2, carpets=["R 3.4-3.5"])
    for query in (state.toll_at, state.charge_at):
        with pytest.raises(MarrakechError, match="is not a seat: seats are 0-1"):
            query((3, 4), seat)  # type: ignore[arg-type]


def _forged(cls: type, **fields: object) -> object:
    """An action object built around its constructor, fields set as given."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


class _SkippingRoll(Roll):
    """A subclass that skips the constructor's checks."""

    def __post_init__(self) -> None:
        pass


FORGED = [
    ("roll of True", lambda: _forged(Roll, value=True), "ROLL", "Roll holds True"),
    ("roll of a string", lambda: _forged(Roll, value="3"), "ROLL", "Roll holds '3'"),
    ("roll without a value", lambda: _forged(Roll), "ROLL", "Roll holds None"),
    ("subclass roll of 2.0", lambda: _SkippingRoll(2.0), "ROLL", "Roll holds 2.0"),  # type: ignore[arg-type]
    ("aim by 0", lambda: _forged(Aim, turn=0), "AIM", "Aim holds 0"),
    ("orient by -1", lambda: _forged(Orient, turn=-1), "ORIENT", "Orient holds -1"),
    ("place of lists", lambda: _forged(Place, a=[2, 3], b=[2, 4]), "PLACE", "Place holds [2, 3]"),
    ("place of bools", lambda: _forged(Place, a=(True, 3), b=(2, 4)), "PLACE", "Place holds"),
    ("place without squares", lambda: _forged(Place), "PLACE", "Place holds None"),
]


@pytest.mark.parametrize(("what", "make", "phase", "message"), FORGED, ids=[f[0] for f in FORGED])
def test_a_forged_action_is_refused_with_illegal_action(
    what: str, make: Callable[[], object], phase: str, message: str
) -> None:
    variant = Variant.AIM if phase == "AIM" else Variant.STANDARD
    state = build(players=2, phase=phase.lower(), variant=variant)
    action = make()
    assert not state.is_legal(action)
    reason = state.why_illegal(action)
    assert reason is not None and message in reason
    with pytest.raises(IllegalAction, match="holds"):
        state.apply(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="holds"):
        state.transition(action)  # type: ignore[arg-type]


def test_an_error_quotes_at_most_80_characters_of_a_value() -> None:
    state = new_game(2)
    reason = state.why_illegal("x" * 100_000)
    assert reason is not None and len(reason) < 160
