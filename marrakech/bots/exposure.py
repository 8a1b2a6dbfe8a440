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
  run low: big regions go on earning after the rolls looked at;
* board presence: each visible square is worth ``holding`` more per dozen carpets each
  player has left (squares on the board earn tolls long after the rolls looked at), and
  ``cover`` less for each stop of Assam expected beside it over the coming rolls (every
  carpet is laid beside Assam, so squares along his likely way get covered).

The 2-player weights of the potential, holding and cover were fitted by least squares on
400 self-play games (the final margin against these terms at every facing decision); the
3- and 4-player ones are small values between the fits of 160 games each, which disagree,
except the 4-player potential, which doubled after matches against hard (docs/bots.md).

At the end of the game the estimate is the final score plus ``win_bonus`` times the seat's
share of the win.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from marrakech.engine import SQUARES, Aim, Direction, GameState, Orient, Phase, Square, Turn

from .evaluation import utility
from .foresight import ROLLS_AHEAD, pressure, stops
from .tolls import LANDINGS


@dataclass(frozen=True)
class ExposureWeights:
    """The expert evaluation's tunable numbers."""

    win_bonus: float = 50.0
    """Points for winning the game (and lost for losing it)."""
    exposure: tuple[float, ...] = (0.8, 0.6, 0.45, 0.3, 0.2)
    """Weight of the toll exposure of the 2nd, 3rd, ... roll from now (the 1st is exact)."""
    potential: tuple[float, float, float] = (0.03, 0.06, 0.08)
    """p for 2, 3 and 4 players: a region of k squares is worth p * k * k."""
    horizon: float = 6.0
    """The potential fades linearly once fewer carpets than this are left per player."""
    holding: tuple[float, float, float] = (0.8, 0.15, 0.15)
    """For 2, 3 and 4 players: what a visible square is worth beyond its point, per dozen
    carpets each player has left (a board presence earns tolls beyond the rolls looked at)."""
    cover: tuple[float, float, float] = (0.9, 0.1, 0.1)
    """For 2, 3 and 4 players: what a visible square loses, per dozen carpets left, for each
    expected stop of Assam beside it over the coming rolls (carpets are laid there)."""


DEFAULT_EXPOSURE_WEIGHTS = ExposureWeights()

Option = tuple[GameState | None, list[float]]
"""A choice of facing and its estimate (with the state after it when it is an aim)."""

PART_NAMES = (
    "score",
    "regions",
    "presence",
    "toll",
    "bankruptcy",
    "exposure",
    "cover",
    "win_bonus",
)
"""The terms an estimate adds up, in order (``exposure_parts``; each is described in
``evaluator``'s table): score now, region potential, holding, the coming roll's toll and
the carpets a bankruptcy on it removes, the later rolls' tolls, the cover expected beside
Assam's way, and ``win_bonus``, the search's bonus for a win (a game over) or its loss for
an expected elimination, which is no points of the game."""

Parts = dict[str, list[float]]
"""Each part's value per seat, under ``PART_NAMES``."""


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


def exposure_parts(state: GameState, weights: ExposureWeights = DEFAULT_EXPOSURE_WEIGHTS) -> Parts:
    """``exposure_estimate`` split into its parts: seat by seat, they add up to it (within
    rounding), for the option the chooser is expected to take."""
    if state.phase is Phase.OVER:
        winners = state.winners()
        scores = [float(score.total) for score in state.scores()]
        bonus = [
            weights.win_bonus / len(winners) if seat in winners else 0.0
            for seat in range(len(scores))
        ]
        return _parts(scores, *([0.0] * len(scores) for _ in PART_NAMES[1:-1]), bonus)
    split: list[Parts] = []
    options = facing_options(state, weights, split)
    chooser = state.current
    best = max(range(len(options)), key=lambda i: utility(options[i][1], chooser))
    return split[best]


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


def facing_options(
    state: GameState, weights: ExposureWeights, split: list[Parts] | None = None
) -> list[Option]:
    """Every facing the coming roll may have, with the estimate after it.

    ORIENT: one per turn, in Turn's order. AIM: one per legal aim. ROLL: the fixed facing.
    PLACE: the board as it is (no roll is coming before the carpet). Given ``split``, each
    option's estimate is also appended to it split into its parts (``PART_NAMES``).
    """
    scores = state.scores()
    estimate = [float(score.total) for score in scores]
    players = state.players
    seats = len(players)
    alive = [seat for seat, player in enumerate(players) if not player.eliminated]
    # Split or not, the terms are added in the same order; split, each into a list of its own.
    if split is None:
        potential_to = holding_to = estimate
    else:
        potential_to, holding_to = [0.0] * seats, [0.0] * seats
    regions, owned = _regions(state, potential_to, holding_to, weights, alive)
    base = estimate if split is None else _summed(estimate, potential_to, holding_to)
    carpets_left = sum(players[seat].carpets_left for seat in alive)
    cover = weights.cover[len(players) - 2] * carpets_left / max(len(alive), 1) / 12
    phase = state.phase
    if phase is Phase.PLACE:
        if split is not None:
            split.append(_parts(estimate, potential_to, holding_to))
        return [(None, base)]
    later_rolls = min(len(weights.exposure), ROLLS_AHEAD - 1, carpets_left - 1)
    visible = [score.visible for score in scores]
    money = [player.money for player in players]

    def after(mover: int, square: Square, facing: Direction) -> list[float]:
        outcome = list(base)
        if split is None:
            cover_to = toll_to = bankruptcy_to = win_bonus_to = exposure_to = outcome
        else:
            cover_to, toll_to, bankruptcy_to, win_bonus_to, exposure_to = (
                [0.0] * seats for _ in range(5)
            )
        if cover:
            near = pressure(square, facing).__getitem__
            for seat, squares in owned.items():
                cover_to[seat] -= cover * sum(map(near, squares))
        for landing, probability in LANDINGS[square, facing]:
            charge = state.charge_at(landing, mover)
            if charge.payee is None:
                continue
            toll_to[mover] -= probability * charge.paid
            toll_to[charge.payee] += probability * charge.paid
            if charge.bankrupt and split is None:
                outcome[mover] -= probability * (visible[mover] + weights.win_bonus)
            elif charge.bankrupt:
                bankruptcy_to[mover] -= probability * visible[mover]
                win_bonus_to[mover] -= probability * weights.win_bonus
        if later_rolls > 0:
            start = alive.index(mover)
            order = alive[start:] + alive[:start]
            chances = _later_chances(square, facing, len(order), weights.exposure[:later_rolls])
            for offset, payer in enumerate(order):
                chance = chances[offset].__getitem__
                purse = money[payer]
                for owner, size, squares in regions:
                    if owner != payer:
                        flow = min(size, purse) * sum(map(chance, squares))
                        exposure_to[payer] -= flow
                        exposure_to[owner] += flow
        if split is not None:
            terms = (toll_to, bankruptcy_to, exposure_to, cover_to, win_bonus_to)
            outcome = _summed(base, *terms)
            split.append(_parts(estimate, potential_to, holding_to, *terms))
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


def _summed(*terms: list[float]) -> list[float]:
    """Seat by seat, the sum of the terms, added in the order given."""
    total = list(terms[0])
    for term in terms[1:]:
        for seat, value in enumerate(term):
            total[seat] += value
    return total


def _parts(*terms: list[float]) -> Parts:
    """The terms under ``PART_NAMES`` (missing ones are 0)."""
    seats = len(terms[0])
    padded = [*terms, *([0.0] * seats for _ in range(len(PART_NAMES) - len(terms)))]
    return dict(zip(PART_NAMES, padded, strict=True))


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


Region = tuple[int, int, list[int]]
"""A region's owner, its size and its square indices (``row * 7 + col``)."""


def _regions(
    state: GameState,
    potential_to: list[float],
    holding_to: list[float],
    weights: ExposureWeights,
    alive: list[int],
) -> tuple[list[Region], dict[int, list[int]]]:
    """Every region owned by a seat still playing; and per seat, the squares it shows.

    Adds each region's potential (p * k * k) to its owner's ``potential_to`` and the seat's
    holding to its ``holding_to`` on the way (the same list when not split).
    """
    players = state.players
    count = len(players) - 2
    carpets_left = sum(players[seat].carpets_left for seat in alive) / max(len(alive), 1)
    factor = weights.potential[count] * min(1.0, carpets_left / weights.horizon)
    holding = weights.holding[count] * carpets_left / 12
    regions: list[Region] = []
    owned: dict[int, list[int]] = {seat: [] for seat in alive}
    for colour, mask in state.regions():
        owner = state.owner(colour)
        if owner is None or players[owner].eliminated:
            continue
        size = mask.bit_count()
        if potential_to is holding_to:  # not split: added as one term, as always
            potential_to[owner] += factor * size * size + holding * size
        else:
            potential_to[owner] += factor * size * size
            holding_to[owner] += holding * size
        indices = []
        while mask:
            square = mask & -mask
            indices.append(square.bit_length() - 1)
            mask ^= square
        owned[owner].extend(indices)
        regions.append((owner, size, indices))
    return regions, owned
