"""The expert bot's evaluation: expected final scores from where Assam is likely to go.

For every seat the estimate is its score now (visible squares plus dirhams), plus:

* the coming roll, exactly: whoever sets Assam's facing (the mover in ORIENT, the aiming
  player in AIM) takes the option whose estimate is best for it, and the engine's
  ``charge_at`` says what each die outcome costs, bankruptcy included (a bankrupt also
  loses its carpets and the game);
* toll exposure over the following rolls: for each later roll, in seat order, the chance
  that Assam stops on each square (``foresight.stops``) times the toll that square's region
  would charge that roll's mover, moved from the mover to the region's owner and weighted
  less the further ahead it is (carpets laid meanwhile change the regions). Only as many
  rolls as the game has turns left are counted, so the endgame is valued as it is;
* the hard bot's potential ``p * k * k`` per region of k squares, fading out as the piles
  run low: big regions go on earning after the rolls looked at.

At the end of the game the estimate is the final score plus ``win_bonus`` times the seat's
share of the win.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import mul

from marrakech.engine import SIZE, SQUARES, Aim, Direction, GameState, Orient, Phase, Square, Turn

from .evaluation import utility
from .foresight import ROLLS_AHEAD, stops
from .tolls import LANDINGS


@dataclass(frozen=True)
class ExposureWeights:
    """The expert evaluation's tunable numbers."""

    win_bonus: float = 50.0
    """Points for winning the game (and lost for losing it)."""
    exposure: tuple[float, ...] = (0.8, 0.6, 0.45, 0.3, 0.2)
    """Weight of the toll exposure of the 2nd, 3rd, ... roll from now (the 1st is exact)."""
    potential: tuple[float, float, float] = (0.12, 0.06, 0.03)
    """p for 2, 3 and 4 players: a region of k squares is worth p * k * k."""
    horizon: float = 6.0
    """The potential fades linearly once fewer carpets than this are left per player."""


DEFAULT_EXPOSURE_WEIGHTS = ExposureWeights()

Option = tuple[GameState | None, list[float]]
"""A choice of facing and its estimate (with the state after it when it is an aim)."""


def exposure_estimate(
    state: GameState, weights: ExposureWeights = DEFAULT_EXPOSURE_WEIGHTS
) -> list[float]:
    """Each seat's expected final score (see the module docstring)."""
    if state.phase is Phase.OVER:
        winners = state.winners()
        return [
            score.total + (weights.win_bonus / len(winners) if score.seat in winners else 0.0)
            for score in state.scores()
        ]
    options = facing_options(state, weights)
    if len(options) == 1:
        return options[0][1]
    chooser = state.current
    return max((option[1] for option in options), key=lambda estimate: utility(estimate, chooser))


def likely_choice(
    state: GameState, weights: ExposureWeights = DEFAULT_EXPOSURE_WEIGHTS
) -> GameState:
    """In ORIENT or AIM, the state after the facing (or aim) the evaluation expects."""
    chooser = state.current
    options = facing_options(state, weights)
    best = max(range(len(options)), key=lambda i: utility(options[i][1], chooser))
    chosen = options[best][0]
    if chosen is None:  # ORIENT: the options are the turns, in Turn's order
        chosen = state.apply(Orient(tuple(Turn)[best]))
    return chosen


def facing_options(state: GameState, weights: ExposureWeights) -> list[Option]:
    """Every facing the coming roll may have, with the estimate after it.

    ORIENT: one per turn, in Turn's order. AIM: one per legal aim. ROLL: the fixed facing.
    PLACE: the board as it is (no roll is coming before the carpet).
    """
    scores = state.scores()
    estimate = [float(score.total) for score in scores]
    players = state.players
    alive = [seat for seat, player in enumerate(players) if not player.eliminated]
    charges = _charges(state, estimate, weights, alive)
    phase = state.phase
    if phase is Phase.PLACE:
        return [(None, estimate)]
    later_rolls = min(
        len(weights.exposure), ROLLS_AHEAD - 1, sum(players[s].carpets_left for s in alive) - 1
    )
    visible = [score.visible for score in scores]

    def after(mover: int, square: Square, facing: Direction) -> list[float]:
        outcome = list(estimate)
        for landing, probability in LANDINGS[square, facing]:
            charge = state.charge_at(landing, mover)
            if charge.payee is None:
                continue
            outcome[mover] -= probability * charge.paid
            outcome[charge.payee] += probability * charge.paid
            if charge.bankrupt:
                outcome[mover] -= probability * (visible[mover] + weights.win_bonus)
        if later_rolls > 0:
            start = alive.index(mover)
            order = alive[start:] + alive[:start]
            chances = _later_chances(square, facing, len(order), weights.exposure[:later_rolls])
            for offset, payer in enumerate(order):
                chance = chances[offset]
                for owner, tolls in charges[payer]:
                    flow = sum(map(mul, chance, tolls))
                    outcome[payer] -= flow
                    outcome[owner] += flow
        return outcome

    assam = state.assam
    if phase is Phase.ROLL:
        return [(None, after(state.current, assam.square, assam.facing))]
    if phase is Phase.ORIENT:
        mover = state.current
        return [(None, after(mover, assam.square, assam.facing.turned(turn))) for turn in Turn]
    options: list[Option] = []
    for action in state.legal_actions():
        if isinstance(action, Aim):
            aimed = state.apply(action)
            options.append((aimed, after(aimed.current, aimed.assam.square, aimed.assam.facing)))
    return options


@cache
def _later_chances(
    square: Square, facing: Direction, seats: int, weights: tuple[float, ...]
) -> tuple[tuple[float, ...], ...]:
    """Per seat offset from the next mover: its weighted chance of stopping on each square.

    Offset k is the seat that rolls k rolls after the coming one (modulo the seats); a
    seat that rolls again later adds those stops too, each with its roll's weight.
    """
    per_seat = [[0.0] * len(SQUARES) for _ in range(seats)]
    ahead = stops(square, facing)
    for roll, weight in enumerate(weights, start=1):
        row = per_seat[roll % seats]
        for index, chance in ahead[roll]:
            row[index] += weight * chance
    return tuple(tuple(row) for row in per_seat)


def _charges(
    state: GameState, estimate: list[float], weights: ExposureWeights, alive: list[int]
) -> dict[int, list[tuple[int, list[float]]]]:
    """Per payer, per seat it would pay: the toll each square would charge (capped by money).

    Adds each region's potential (p * k * k) to its owner's estimate on the way.
    """
    players = state.players
    money = [player.money for player in players]
    carpets_left = sum(players[seat].carpets_left for seat in alive) / max(len(alive), 1)
    factor = weights.potential[len(players) - 2] * min(1.0, carpets_left / weights.horizon)
    charges: dict[int, dict[int, list[float]]] = {payer: {} for payer in alive}
    seen: set[Square] = set()
    for square, stack in zip(SQUARES, state.stacks, strict=True):
        if not stack or square in seen:
            continue
        region = state.region(square)
        seen |= region
        owner = state.owner(stack[-1].colour)
        if owner is None or players[owner].eliminated:
            continue
        size = len(region)
        estimate[owner] += factor * size * size
        indices = [row * SIZE + col for row, col in region]
        for payer in alive:
            if payer != owner:
                tolls = charges[payer].get(owner) or charges[payer].setdefault(
                    owner, [0.0] * len(SQUARES)
                )
                toll = float(min(size, money[payer]))
                for index in indices:
                    tolls[index] = toll
    return {payer: list(by_owner.items()) for payer, by_owner in charges.items()}
