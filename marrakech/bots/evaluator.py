"""One evaluator anyone can ask: what a position and each decision in it are worth.

For a position, ``Evaluator.evaluate`` gives each seat's expected final points and chance
to win (``Evaluation``); for each legal decision, ``Evaluator.decisions`` gives its value
to the seat deciding, in points, split into named parts that add up to it
(``DecisionValue``, ``Part``). The expert bot searches with the same evaluation (its
leaves are ``Evaluator.estimate`` and its criterion ``win_chance``); the hints and the
post-game review read the figures.

How a position is valued, by phase:

* ORIENT and AIM: the expert's evaluation (``exposure.exposure_estimate``), which already
  takes the facing (or aim) the chooser is expected to take and the coming roll exactly.
* ROLL: the average over the die (the engine's ``DIE_PROBABILITIES``) of the positions
  after each roll.
* PLACE: the position after the carpet the mover values most (by ``win_chance``, as the
  expert's first ply does).
* OVER: the result: final scores, and a chance of 1 for the winner, 0 for the others; a
  win shared by k seats counts 1/k for each.

A decision is worth what the position after it is worth: a carpet, the position it leaves;
a facing or an aim, the average over the die of the positions after the roll (each with
the mover's best carpet). ``Evaluation.points`` are expected final points (squares showing
plus dirhams); ``win_chance`` adds up to 1 over the seats (see ``chances``).

The parts (``PART_NAMES``), each in points for one seat; a decision's parts add up to its
points, a position's parts to each seat's points:

==============  ==========================================================================
name            what it is
==============  ==========================================================================
``score``       Points now, in the position valued (before the decision): squares showing
                plus dirhams.
``toll``        Dirhams the coming roll moves: paid (negative) or received (positive),
                expected over the die (after a facing is chosen, the die-weighted average
                of what each roll charges).
``bankruptcy``  Points the coming roll's bankruptcies take off the board: the bankrupt's
                carpets leave it (and squares beneath may show for others).
``carpet``      Points the carpet laid this turn changes: squares gained, squares covered.
``next_roll``   After the carpet, the toll and bankruptcies expected on the next roll (whoever
                moves then), with its facing as its chooser is expected to take it.
``exposure``    Tolls expected over the later rolls, from where Assam is likely to stop,
                weighted less the further ahead (``exposure.ExposureWeights.exposure``).
``regions``     What big regions go on earning beyond the rolls looked at (``p * k * k``
                for a region of k squares, fading out as the piles run low).
``presence``    What squares on the board are worth beyond their point while carpets are
                left to lay (they earn tolls later).
``cover``       What squares are expected to lose to carpets laid beside Assam's likely way.
``to_the_end``  In the last turns only (``solved``), in place of the five parts above: the
                exact expected final points (``exact_outcome``, every seat choosing for its
                own chance to win) less this turn's parts: what the rolls and carpets after
                this turn bring, and where the exact play lays another carpet this turn
                than the estimate's ``carpet``, the difference.
==============  ==========================================================================

The chance to win is a curve of the expected margins: the chance to finish ahead of each
other seat is a logistic curve of the margin over it divided by the spread (how far a final
margin still strays from the estimate with this many rolls left, ``spread_of``); a seat's
chance is the product over the other seats, normalised so that the chances of the seats
still playing add up to 1 (a seat out of the game has none). The figures reported are
calibrated (``CALIBRATION``, fitted by ``scripts/calibrate.py`` on mixed-level games so
that the chances come true as often as they say): with 3 and 4 players the margins count
only part of what the evaluation expects beyond the current score, and the spread is
scaled per player count and stage of the game. In the last turns, with at most
``EXACT_CARPETS`` carpets left to lay, the chances and points reported are exact instead
(``exact_outcome``: every facing, roll and carpet to the end); this turn's parts stay, and
what comes after it is ``to_the_end``. The expert
chooses by the raw curve (``win_chance``, with its tie-break on the lead, averaged over the
die where it averages); the calibration changes only the figures reported, never a choice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from marrakech.engine import (
    Action,
    Aim,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    carpets_per_colour,
    colours_for_seat,
)

from .evaluation import utility
from .exposure import DEFAULT_EXPOSURE_WEIGHTS, ExposureWeights, exposure_estimate, exposure_parts

PART_NAMES = (
    "score",
    "toll",
    "bankruptcy",
    "carpet",
    "next_roll",
    "exposure",
    "regions",
    "presence",
    "cover",
    "to_the_end",
)
"""The parts a value is made of, in this order (see the table in the module docstring)."""

TO_COME_PARTS = ("next_roll", "exposure", "regions", "presence", "cover")
"""The parts the evaluation expects beyond this turn: in the last turns (``solved``) the
exact rest of the game (``to_the_end``) takes their place."""

EXPECTED_PARTS = frozenset(TO_COME_PARTS)
"""The parts still to come after the decision's own roll and carpet: the reported chance to
win counts them at the calibration's weight (``Calibration.weight``), the others in full.
In the last turns ``to_the_end`` replaces them, exact, and counts in full."""

SPREAD_PER_ROOT_ROLL = 3.5
"""How far the final margin strays from the estimate: this times the root of the rolls left."""

SPREAD_CAP = (21.0, 14.0, 10.0)
"""The largest spread, for 2, 3 and 4 players (the margin's spread at the game's start)."""

LOGISTIC_SCALE = 1.7
"""The logistic curve's slope that matches the normal distribution's chance to stay ahead."""

STAGES = 3
"""The game's stages for the calibration: early, middle and late, a third of the carpets each."""

EXACT_CARPETS = 2
"""With this many carpets left to lay or fewer (by the seats still playing), the chances to
win and points reported are worked out exactly (``exact_outcome``): some 1,500 positions,
a few hundredths of a second. With 3 left it takes seconds."""

EXACT_KEPT = 100_000
"""How many positions' exact outcomes an evaluator keeps (a game's last turns need a few
thousand)."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """How the chances reported are drawn from the evaluation (``scripts/calibrate.py``)."""

    weight: tuple[float, float, float]
    """For 2, 3 and 4 players: how much of what the evaluation expects beyond the current
    score the chances count (1: all of it; 0: the score margin alone)."""
    factor: tuple[tuple[float, ...], ...]
    """For 2, 3 and 4 players, per stage (``stage``): what the spread is multiplied by."""

    def chances(
        self,
        estimate: Sequence[float],
        scores: Sequence[float],
        alive: Sequence[bool],
        spread: float,
        stage: int,
    ) -> tuple[float, ...]:
        """Each seat's chance to win, from its estimate and its score now (``chances``)."""
        count = len(estimate) - 2
        weight = self.weight[count]
        margins = [now + weight * (then - now) for then, now in zip(estimate, scores, strict=True)]
        return chances(margins, alive, spread * self.factor[count][stage])


RAW_CURVE = Calibration((1.0, 1.0, 1.0), ((1.0,) * STAGES,) * 3)
"""No calibration: the expert's own curve, normalised."""

CALIBRATION = Calibration(
    weight=(0.875, 0.625, 0.25),
    factor=((0.6, 0.7, 1.2), (0.95, 1.55, 2.0), (2.1, 1.8, 1.25)),
)
"""The calibration fitted by ``scripts/calibrate.py --fit`` on 200 games (seeds 1-200) and
checked on 200 others (seeds 1001-1200; docs/review.md)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One named part of a value, in points (see ``PART_NAMES``)."""

    name: str
    points: float


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a position is worth to each seat, in seat order."""

    points: tuple[float, ...]
    """Expected final points (squares showing plus dirhams)."""
    win_chance: tuple[float, ...]
    """The chance to win, from 0 to 1; the seats' chances add up to 1."""
    parts: tuple[tuple[Part, ...], ...]
    """Per seat, the parts its points add up to, in ``PART_NAMES`` order."""


@dataclass(frozen=True, slots=True)
class DecisionValue:
    """What one legal decision is worth to the seat deciding."""

    action: Action
    seat: int
    """The seat deciding."""
    points: float
    """Its expected final points after the decision."""
    win_chance: float
    """Its chance to win after the decision, from 0 to 1."""
    parts: tuple[Part, ...]
    """The parts ``points`` adds up to, in ``PART_NAMES`` order."""
    evaluation: Evaluation
    """Every seat's figures after the decision."""


def spread_of(state: GameState) -> float:
    """How far a final margin still strays from the estimate in this position, in points.

    Measured on self-play: about ``SPREAD_PER_ROOT_ROLL`` times the root of the rolls left
    (the carpets the seats still playing hold), at most ``SPREAD_CAP`` for the player count.
    """
    rolls_left = max(1, carpets_left(state))
    cap = SPREAD_CAP[len(state.players) - 2]
    return min(SPREAD_PER_ROOT_ROLL * math.sqrt(rolls_left), cap)


def stage(state: GameState) -> int:
    """How far the game is: 0 while fewer than a third of its carpets are laid, 1 while
    fewer than two thirds are, else 2 (a bankrupt's carpets count as laid)."""
    players = len(state.players)
    total = players * len(colours_for_seat(0, players)) * carpets_per_colour(players)
    left = carpets_left(state)
    return min(STAGES - 1, int((1 - left / total) * STAGES))


def win_chance(estimate: Sequence[float], seat: int, spread: float) -> float:
    """How much an estimate is worth to a seat when final margins stray by ``spread``.

    The expert's criterion: the chance, in percent, to finish ahead of every other seat,
    taking each duel as the logistic curve of the normal distribution's chance to stay
    ahead and the duels as independent; plus a twentieth of the lead over the best other
    seat, so that a won (or lost) game still prefers the bigger lead.
    """
    mine = estimate[seat]
    chance = 1.0
    best_other = -math.inf
    for other, value in enumerate(estimate):
        if other != seat:
            chance *= 1.0 / (1.0 + math.exp(-LOGISTIC_SCALE * (mine - value) / spread))
            best_other = max(best_other, value)
    return 100.0 * chance + 0.05 * (mine - best_other)


def chances(estimate: Sequence[float], alive: Sequence[bool], spread: float) -> tuple[float, ...]:
    """Each seat's chance to win, adding up to 1, from expected margins and the spread.

    A seat's weight is the product of its duels' logistic chances against the other seats
    still playing; a seat out of the game has none; the weights are normalised to add up
    to 1 (two seats level share a chance equally).
    """
    weights = []
    for seat, mine in enumerate(estimate):
        weight = 0.0
        if alive[seat]:
            weight = 1.0
            for other, value in enumerate(estimate):
                if other != seat and alive[other]:
                    margin = max(-500.0, min(500.0, LOGISTIC_SCALE * (mine - value) / spread))
                    weight /= 1.0 + math.exp(-margin)
        weights.append(weight)
    total = sum(weights)
    if total <= 0:
        return tuple(1.0 / len(weights) for _ in weights)
    return tuple(weight / total for weight in weights)


def carpets_left(state: GameState) -> int:
    """The carpets the seats still playing have left to lay."""
    return sum(player.carpets_left for player in state.players if not player.eliminated)


def solved(state: GameState) -> bool:
    """Whether the chances to win and points reported in ``state`` are exact
    (``EXACT_CARPETS``)."""
    return state.phase is Phase.OVER or carpets_left(state) <= EXACT_CARPETS


def decisions_solved(state: GameState) -> bool:
    """Whether every decision's figures in ``state`` (``Evaluator.decisions``) are exact:
    in the last turns, and at the carpet that brings them (each carpet leaves them)."""
    if solved(state):
        return True
    return state.phase is Phase.PLACE and carpets_left(state) - 1 <= EXACT_CARPETS


@dataclass(frozen=True, slots=True)
class ExactOutcome:
    """What a position is worth to each seat when it is played out exactly (``exact_outcome``)."""

    win_chance: tuple[float, ...]
    """Each seat's chance to win, 0 to 1 (a win shared by k seats counts 1/k)."""
    points: tuple[float, ...]
    """Each seat's expected final points."""


def exact_outcome(
    state: GameState, known: dict[GameState, ExactOutcome] | None = None
) -> ExactOutcome:
    """Each seat's chance to win and expected final points with every roll to come averaged
    over the die and every decision taken by the seat deciding for its own best chance; of
    equal chances (a game already won or lost, say), for its best lead over the best other
    seat, as the expert breaks ties (then the first, in the engine's order). ``known`` keeps
    positions already worked out. It visits every position to the end: ask it only near the
    end (``solved``)."""
    if known is None:
        known = {}
    if state.phase is Phase.OVER:
        winners = state.winners()
        return ExactOutcome(
            tuple(
                1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(state.players))
            ),
            tuple(_scores(state)),
        )
    found = known.get(state)
    if found is not None:
        return found
    if state.phase is Phase.ROLL:
        seats = len(state.players)
        chance, points = [0.0] * seats, [0.0] * seats
        for value, probability in state.chance_outcomes():
            rolled = exact_outcome(state.apply(Roll(value)), known)
            for seat in range(seats):
                chance[seat] += probability * rolled.win_chance[seat]
                points[seat] += probability * rolled.points[seat]
        found = ExactOutcome(tuple(chance), tuple(points))
    else:
        mover = state.current
        for action in state.legal_actions():
            after = exact_outcome(state.apply(action), known)
            if found is None or _better_for(mover, after, found):
                found = after
        assert found is not None, "a player to decide always has a legal action"
    known[state] = found
    return found


def _better_for(seat: int, outcome: ExactOutcome, than: ExactOutcome) -> bool:
    """Whether ``outcome`` is better for ``seat`` than ``than``: a better chance to win, or
    as good a chance and a better lead (``evaluation.utility``)."""
    mine, theirs = outcome.win_chance[seat], than.win_chance[seat]
    if abs(mine - theirs) > 1e-12:
        return mine > theirs
    return utility(outcome.points, seat) > utility(than.points, seat) + 1e-12


_Vector = list[float]
_Split = dict[str, _Vector]
"""Per part name (and "win_bonus"), its value per seat."""

ESTIMATES_KEPT = 5_000
"""How many positions' estimates an evaluator keeps (about 1 KB each), so that a position
met again soon is not estimated again: a review values the positions after every carpet of
every roll at the facing, then again at the carpet, and its second look searches through
them once more (a review takes about a tenth less time)."""


class Evaluator:
    """Values positions and decisions (see the module docstring)."""

    def __init__(
        self,
        weights: ExposureWeights = DEFAULT_EXPOSURE_WEIGHTS,
        calibration: Calibration = CALIBRATION,
    ) -> None:
        self.weights = weights
        self.calibration = calibration
        self._estimates: dict[GameState, tuple[float, ...]] = {}
        self._exact: dict[GameState, ExactOutcome] = {}

    # The expert's search reads these two.

    def estimate(self, state: GameState) -> list[float]:
        """Each seat's expected final score as the search sees it: ``exposure_estimate``,
        with a win worth ``win_bonus`` points more (and an elimination that much less)."""
        known = self._estimates.get(state)
        if known is None:
            known = tuple(exposure_estimate(state, self.weights))
            if len(self._estimates) >= ESTIMATES_KEPT:
                self._estimates.clear()
            self._estimates[state] = known
        return list(known)

    def value(self, estimate: Sequence[float], seat: int, spread: float | None) -> float:
        """The expert's criterion for a seat: ``win_chance``, or without a spread the lead
        over the best other seat (``evaluation.utility``)."""
        if spread is None:
            return utility(estimate, seat)
        return win_chance(estimate, seat, spread)

    # Everyone else reads these.

    def evaluate(self, state: GameState) -> Evaluation:
        """Each seat's expected final points and chance to win in this position."""
        return self._evaluation(state, self._split(state, spread_of(state)))

    def decisions(self, state: GameState) -> tuple[DecisionValue, ...]:
        """Every legal decision in ORIENT, PLACE or AIM with its value to the seat deciding.

        In the order of ``state.legal_actions()``; none in ROLL or OVER (the die decides).
        """
        if state.phase not in (Phase.ORIENT, Phase.PLACE, Phase.AIM):
            return ()
        seat = state.current
        before = _scores(state)
        values = []
        for action in state.legal_actions():
            if not isinstance(action, Orient | Place | Aim):
                continue
            after = state.apply(action)
            after_spread = spread_of(after)
            if isinstance(action, Place):  # the roll coming after it is the next one
                split = self._static(after, after_spread, later=True)
                split = _after_carpet(split, before, _scores(after))
            else:
                split = self._split(after, after_spread)
            evaluation = self._evaluation(after, split)
            values.append(
                DecisionValue(
                    action,
                    seat,
                    evaluation.points[seat],
                    evaluation.win_chance[seat],
                    evaluation.parts[seat],
                    evaluation,
                )
            )
        return tuple(values)

    def margin_weights(self, state: GameState, points: Sequence[float]) -> tuple[float, ...]:
        """What a point of each seat's expected points is worth to the seat deciding in
        ``state``, counted in points of its own: 1 for itself, minus about 1 for the only
        other seat with 2 players, and with more the others shared by how much each
        threatens it (the slopes of the reported chance to win, ``chances``, around the
        expected ``points``). Weighs the parts of two decisions (``compare``)."""
        me = state.current
        scores = _scores(state)
        alive = [not player.eliminated for player in state.players]
        spread, when = spread_of(state), stage(state)
        step = 0.5
        slopes = []
        for seat in range(len(points)):
            up, down = list(points), list(points)
            up[seat] += step
            down[seat] -= step
            higher = self.calibration.chances(up, scores, alive, spread, when)[me]
            lower = self.calibration.chances(down, scores, alive, spread, when)[me]
            slopes.append((higher - lower) / (2 * step))
        others = len(points) - 1
        if slopes[me] <= 1e-12:  # a decided game: share the others equally
            return tuple(1.0 if seat == me else -1.0 / others for seat in range(len(points)))
        return tuple(slope / slopes[me] for slope in slopes)

    def compare(
        self, first: DecisionValue, second: DecisionValue, weights: Sequence[float]
    ) -> tuple[Part, ...]:
        """How much more ``first`` is worth than ``second`` to the seat deciding, part by
        part (``PART_NAMES`` order), in points as its reported chance to win counts them:
        each seat's change in a part weighed by ``weights`` (``margin_weights``), so that a
        dirham paid to a rival counts against the payer and for the rival; and the parts
        still to come (``EXPECTED_PARTS``) counted at the calibration's weight for the
        player count (all of it with 2 players, a quarter with 4: further ahead, less sure;
        in the last turns the exact rest of the game, ``to_the_end``, counts in full).
        """
        share = self.calibration.weight[len(weights) - 2]
        differences = []
        for index, name in enumerate(PART_NAMES):
            total = 0.0
            for seat, weight in enumerate(weights):
                mine = first.evaluation.parts[seat][index].points
                theirs = second.evaluation.parts[seat][index].points
                total += weight * (mine - theirs)
            differences.append(Part(name, total * share if name in EXPECTED_PARTS else total))
        return tuple(differences)

    def _evaluation(self, state: GameState, split: _Split) -> Evaluation:
        seats = len(state.players)
        chance = tuple(split["chance"])
        if state.phase is not Phase.OVER and solved(state):
            if len(self._exact) >= EXACT_KEPT:
                self._exact.clear()
            exact = exact_outcome(state, self._exact)
            chance = exact.win_chance
            for name in TO_COME_PARTS:
                split[name] = [0.0] * seats
            for seat in range(seats):
                this_turn = sum(split[name][seat] for name in PART_NAMES if name != "to_the_end")
                split["to_the_end"][seat] = exact.points[seat] - this_turn
        points = tuple(sum(split[name][seat] for name in PART_NAMES) for seat in range(seats))
        parts = tuple(
            tuple(Part(name, split[name][seat]) for name in PART_NAMES) for seat in range(seats)
        )
        return Evaluation(points, chance, parts)

    def _split(self, state: GameState, spread: float) -> _Split:
        """The parts per seat of a position's value, and each seat's chance under "chance"."""
        phase = state.phase
        if phase is Phase.ROLL:
            return self._rolled(state)
        if phase is Phase.PLACE:
            return self._placed(state, spread)
        return self._static(state, spread)

    def _static(self, state: GameState, spread: float, later: bool = False) -> _Split:
        """The expert's evaluation split into parts; ``later``: after a carpet this turn,
        so its coming roll is the next roll."""
        found = exposure_parts(state, self.weights)
        seats = len(state.players)
        split: _Split = {name: [0.0] * seats for name in PART_NAMES}
        for name in ("score", "regions", "presence", "exposure", "cover"):
            split[name] = list(found[name])
        roll = ("next_roll", "next_roll") if later else ("toll", "bankruptcy")
        for name, into in zip(("toll", "bankruptcy"), roll, strict=True):
            for seat in range(seats):
                split[into][seat] += found[name][seat]
        if state.phase is Phase.OVER:
            winners = state.winners()
            split["chance"] = [
                1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)
            ]
        else:
            raw = [sum(values[seat] for values in found.values()) for seat in range(seats)]
            alive = [not player.eliminated for player in state.players]
            reported = self.calibration.chances(raw, found["score"], alive, spread, stage(state))
            split["chance"] = list(reported)
        split["win_bonus"] = list(found["win_bonus"])
        return split

    def _placed(self, state: GameState, spread: float) -> _Split:
        """PLACE: the position after the mover's best carpet (by ``win_chance``)."""
        mover = state.current
        best: tuple[float, GameState] | None = None
        for place in state.legal_placements():
            after = state.apply(place)
            value = win_chance(self.estimate(after), mover, spread)
            if best is None or value > best[0]:
                best = (value, after)
        assert best is not None, "a player in PLACE always has a legal carpet"
        after = best[1]
        return _after_carpet(
            self._static(after, spread, later=True), _scores(state), _scores(after)
        )

    def _rolled(self, state: GameState) -> _Split:
        """ROLL: the die-weighted average of the positions after each roll."""
        seats = len(state.players)
        total: _Split = {name: [0.0] * seats for name in (*PART_NAMES, "chance", "win_bonus")}
        money = [player.money for player in state.players]
        visible = [score.visible for score in state.scores()]
        for value, probability in state.chance_outcomes():
            rolled = state.apply(Roll(value))
            # Each with its own spread, as if evaluated alone (a bankrupt's carpets are out).
            if rolled.phase is Phase.PLACE:
                split = self._placed(rolled, spread_of(rolled))
            elif rolled.phase is Phase.ROLL:
                # The mover went bankrupt, and in the aiming variant nobody is left to aim
                # Assam for the next player: the next roll comes at once, weighed alike.
                split = self._rolled(rolled)
            else:  # the mover went bankrupt: no carpet this turn
                split = self._static(rolled, spread_of(rolled), later=True)
            # What the roll itself moved: its toll and bankruptcy, out of the score.
            for seat, (player, score) in enumerate(
                zip(rolled.players, rolled.scores(), strict=True)
            ):
                paid = player.money - money[seat]
                lost = score.visible - visible[seat]
                split["score"][seat] -= paid + lost
                split["toll"][seat] += paid
                split["bankruptcy"][seat] += lost
            for name, values in total.items():
                for seat in range(seats):
                    values[seat] += probability * split[name][seat]
        return total


def _scores(state: GameState) -> list[float]:
    return [float(score.total) for score in state.scores()]


def _after_carpet(split: _Split, before: list[float], after: list[float]) -> _Split:
    """A split of the position after a carpet, with the carpet's points taken out of the
    score (which becomes the score before it) and put under "carpet"."""
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        split["score"][seat] -= new - old
        split["carpet"][seat] += new - old
    return split


DEFAULT_EVALUATOR = Evaluator()
"""The evaluator with the expert's default weights and the fitted calibration."""
