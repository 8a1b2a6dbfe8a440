"""Risk preview: for each facing Assam could take, the chance of paying and the expected toll.

Pure maths over the engine: every facing is tried with the engine (Orient or Aim), every
die outcome is rolled with ``GameState.transition`` and weighted by its probability.
"""

from __future__ import annotations

from dataclasses import dataclass

from marrakech.engine import Aim, Direction, GameState, Orient, Phase, Roll, Square, Turn


@dataclass(frozen=True, slots=True)
class LaneRisk:
    """What rolling one way would cost the seat that rolls."""

    turn: Turn | None
    """The turn that gives this facing; None when the facing is already fixed (ROLL)."""
    facing: Direction
    seat: int
    """The seat that would roll (the next player when aiming)."""
    stops: tuple[Square, ...]
    """Where Assam stops for each die outcome, in the order of DIE_PROBABILITIES."""
    chance_to_pay: float
    expected_toll: float
    """The mean toll the stopping square charges, over the die outcomes."""
    chance_of_bankruptcy: float
    tolls: tuple[tuple[int, int | None], ...] = ()
    """For each die outcome, in the order of ``stops``: the toll its square charges and the
    seat it goes to (0 and None: nothing to pay)."""


def lane_risk(rolling: GameState, turn: Turn | None = None) -> LaneRisk:
    """The risk of the roll about to be made in a ROLL position."""
    stops = []
    tolls = []
    pay = toll = bankrupt = 0.0
    for value, probability in rolling.chance_outcomes():
        transition = rolling.transition(Roll(value))
        stops.append(transition.after.assam.square)
        tolls.append((transition.toll, transition.payee if transition.toll else None))
        if transition.toll:
            pay += probability
            toll += probability * transition.toll
        if transition.eliminated is not None:
            bankrupt += probability
    return LaneRisk(
        turn=turn,
        facing=rolling.assam.facing,
        seat=rolling.current,
        stops=tuple(stops),
        chance_to_pay=pay,
        expected_toll=toll,
        chance_of_bankruptcy=bankrupt,
        tolls=tuple(tolls),
    )


def lane_risks(state: GameState) -> tuple[LaneRisk, ...]:
    """One LaneRisk per choice the position offers.

    ORIENT: left, straight, right for the player about to roll. AIM: each legal aim, for
    the player who will roll next. ROLL: the one fixed facing. Other phases: none.
    """
    if state.phase is Phase.ORIENT:
        return tuple(lane_risk(state.apply(Orient(turn)), turn) for turn in Turn)
    if state.phase is Phase.AIM:
        aims = [action for action in state.legal_actions() if isinstance(action, Aim)]
        return tuple(lane_risk(state.apply(aim), aim.turn) for aim in aims)
    if state.phase is Phase.ROLL:
        return (lane_risk(state),)
    return ()
