"""The hard bot's evaluation: each seat's expected final score, from public information only.

For every seat the estimate is its score now (visible squares plus dirhams), plus:

* the next roll: the player who moves next picks the facing that costs it least (or the
  aiming player picks the aim that earns it most) and the expected toll moves between
  the seats; a bankruptcy also costs the bankrupt its carpets and a lost game;
* toll potential: a region of k visible squares is worth ``p * k * k`` to its owner,
  fading out as the game runs out of turns (future tolls come from big regions). With
  more players carpets are covered sooner, so p is smaller (tuned by tournaments
  against greedy: 0.12, 0.06 and 0.03 for 2, 3 and 4 players).

At the end of the game the estimate is the final score plus ``win_bonus`` times the
seat's share of the win. A seat's utility is its estimate minus the best other estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marrakech.engine import Aim, Colour, GameState, Orient, Phase

from .tolls import LANDINGS

_COLOURS = tuple(Colour)


@dataclass(frozen=True)
class Weights:
    """The evaluation's tunable numbers."""

    win_bonus: float = 50.0
    """Points for winning the game (and lost for losing it)."""
    potential: tuple[float, float, float] = (0.12, 0.06, 0.03)
    """p for 2, 3 and 4 players: a region of k squares is worth p * k * k."""
    horizon: float = 6.0
    """The potential fades linearly once fewer carpets than this are left per player."""


DEFAULT_WEIGHTS = Weights()

Estimate = list[float]
"""Expected final score per seat."""


def utility(estimate: Sequence[float], seat: int) -> float:
    """How good an estimate is for a seat: its score minus the best other score."""
    best_other = max(value for other, value in enumerate(estimate) if other != seat)
    return estimate[seat] - best_other


def evaluate(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> Estimate:
    """Each seat's expected final score (see the module docstring)."""
    scores = state.scores()
    if state.phase is Phase.OVER:
        winners = state.winners()
        return [
            score.total + (weights.win_bonus / len(winners) if score.seat in winners else 0.0)
            for score in scores
        ]
    estimate: Estimate = [float(score.total) for score in scores]
    _add_potential(state, estimate, weights)
    visible = [score.visible for score in scores]
    return _with_next_roll(state, estimate, visible, weights)


def _add_potential(state: GameState, estimate: Estimate, weights: Weights) -> None:
    alive = [p for p in state.players if not p.eliminated]
    carpets_left = sum(p.carpets_left for p in alive) / max(len(alive), 1)
    factor = weights.potential[len(state.players) - 2] * min(1.0, carpets_left / weights.horizon)
    if factor <= 0:
        return
    # The state says who each colour scores for; asked once here, not once per region.
    scoring = {colour: state.owner(colour) for colour in _COLOURS if not state.is_neutral(colour)}
    for colour, region in state.regions():
        owner = scoring.get(colour)
        if owner is not None:
            estimate[owner] += factor * region.bit_count() ** 2


def _with_next_roll(
    state: GameState, estimate: Estimate, visible: list[int], weights: Weights
) -> Estimate:
    """The estimate after the coming roll, facing chosen by whoever chooses it."""
    phase = state.phase
    if phase is Phase.PLACE:
        return estimate
    if phase is Phase.ROLL:
        return _after_roll(state, estimate, visible, weights)
    return _choose_facing(state, estimate, visible, weights)[1]


def likely_facing(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> GameState:
    """In ORIENT or AIM, the state after the choice the evaluation expects.

    The chooser takes the facing (or aim) whose coming roll is best for it: the mover
    avoids tolls and bankruptcy, the aiming player sends the mover onto its carpets.
    """
    scores = state.scores()
    estimate = [float(score.total) for score in scores]
    visible = [score.visible for score in scores]
    return _choose_facing(state, estimate, visible, weights)[0]


def _choose_facing(
    state: GameState, estimate: Estimate, visible: list[int], weights: Weights
) -> tuple[GameState, Estimate]:
    chooser = state.current
    options = [
        state.apply(action) for action in state.legal_actions() if isinstance(action, Orient | Aim)
    ]
    outcomes = [(option, _after_roll(option, estimate, visible, weights)) for option in options]
    return max(outcomes, key=lambda outcome: utility(outcome[1], chooser))


def _after_roll(
    state: GameState, estimate: Estimate, visible: list[int], weights: Weights
) -> Estimate:
    """The expected estimate once the die is rolled in ``state`` (phase ROLL)."""
    mover = state.current
    outcome = list(estimate)
    bankruptcy_cost = visible[mover] + weights.win_bonus
    for square, probability in LANDINGS[state.assam.square, state.assam.facing]:
        charge = state.charge_at(square, mover)
        if charge.payee is None:
            continue
        outcome[mover] -= probability * charge.paid
        outcome[charge.payee] += probability * charge.paid
        if charge.bankrupt:
            outcome[mover] -= probability * bankruptcy_cost
    return outcome
