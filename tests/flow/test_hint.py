"""Hints that explain: the lane's risk against the others, and what a carpet does."""

from __future__ import annotations

from engine.positions import build

from marrakech.engine import Aim, Orient, Place, Roll, Turn, Variant
from marrakech.flow.hint import hint_reasons
from marrakech.flow.risk import lane_risks

NAMES = ("Ann", "Bob")


def test_a_facing_is_explained_by_its_risk_against_the_other_lanes() -> None:
    # Blue's carpet lies east of Assam: turning right may stop on it.
    state = build(players=2, carpets=["B 3.4-3.5"], assam="3.3 N", phase="orient", current=0)
    right = {risk.turn: risk for risk in lane_risks(state)}[Turn.RIGHT]
    assert hint_reasons(state, Orient(Turn.RIGHT), NAMES) == (
        f"Turning right: you pay with a chance of {round(right.chance_to_pay * 100)}%, "
        f"{right.expected_toll:.1f} dirhams expected.",
        "Instead, turning left: 0% to pay, 0.0 expected; going straight: 0% to pay, 0.0 expected.",
    )
    assert hint_reasons(state, Orient(Turn.LEFT), NAMES)[0] == (
        "Turning left: you pay no toll, whatever the die shows."
    )


def test_an_aim_names_the_player_who_will_roll() -> None:
    state = build(
        players=2, carpets=["R 3.4-3.5"], assam="3.3 N", phase="aim", current=0, variant="aim"
    )
    assert state.variant is Variant.AIM
    aim = next(action for action in state.legal_actions() if isinstance(action, Aim))
    first = hint_reasons(state, aim, ("Ann", "Bob\x1b[2J"))[0]
    assert "Bob\\x1b[2J pays" in first  # a name reaches the screen escaped


def test_a_carpet_is_explained_by_whom_it_covers_and_what_it_joins() -> None:
    state = build(
        players=2,
        carpets=["R 3.4-3.5", "B 2.4-2.5", "R 4.4-4.5"],
        assam="3.3 N",
        phase="place",
        current=0,
        piles=["RR", "BB"],
    )
    assert hint_reasons(state, Place((2, 3), (2, 4)), NAMES) == (
        "It covers 1 square of Bob's carpets.",
        "It joins your region of 4 squares into one of 6.",
    )
    assert hint_reasons(state, Place((3, 2), (3, 1)), NAMES) == (
        "It starts a region of 2 squares.",
    )


def test_nothing_is_said_of_an_action_that_is_not_legal_here() -> None:
    state = build(players=2, phase="orient", current=0)
    assert hint_reasons(state, Roll(2), NAMES) == ()
    assert hint_reasons(state, Place((0, 0), (0, 1)), NAMES) == ()
