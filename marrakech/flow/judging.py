"""How the hint and the review rank a position's decisions, by the evaluator's figures.

The best option is the one with the best chance to win for the seat deciding; options whose
chances are less than ``EQUAL_CHANCE`` below the best chance count as equal on it, and the
one of them worth the most points of the lead ranks first (its chance a hair lower, maybe:
a difference a review would not grade). An option's lead is counted in points as the
chance to win counts them (``Evaluator.margin_weights`` and ``Evaluator.compare``): a
dirham paid to a rival counts against the payer and for the rival.

A decision's losses against the best are what it gave up, each 0 or more. The two measures
may disagree: an option worth more points on average may have the smaller chance to win
(the chance is averaged over the die, and near 0 or 1 it hardly moves). Such an option lost
chance to win and no points; counted as a negative loss, its points would read as a gain
and add to its player's skill although the option is ranked below the best.
"""

from __future__ import annotations

from dataclasses import dataclass

from marrakech.bots.evaluator import DEFAULT_EVALUATOR, DecisionValue, Evaluator
from marrakech.engine import Action, Aim, GameState, Orient, Place

EQUAL_CHANCE = 0.005
"""Options whose chances to win are less than this (0 to 1) below the best chance are equal
on chance: the points of the lead rank them."""

EQUAL_POINTS = 0.5
"""An option less than this many points of the lead below the best, and equal on chance, is
as good as the best: the review grades it "best", the hint says "either will do"."""


def alike(loss_win_chance: float, loss_points: float) -> bool:
    """Whether an option that lost this much chance to win (0 to 1) and this many points of
    the lead against the best is as good as the best (``EQUAL_CHANCE``, ``EQUAL_POINTS``)."""
    return loss_win_chance < EQUAL_CHANCE and loss_points < EQUAL_POINTS


@dataclass(frozen=True, slots=True)
class Ranking:
    """A position's decisions, best first, with the lead each gives."""

    options: tuple[DecisionValue, ...]
    """Every legal decision's value, best first."""
    leads: tuple[float, ...]
    """Each option's points of the lead, in the order of ``options``, counted from the
    option with the best chance to win (the best's lead is 0 unless the points ranked it
    first among options equal on chance)."""
    weights: tuple[float, ...]
    """What a point of each seat is worth to the seat deciding (``margin_weights``)."""

    def loss_points(self, action: Action) -> float:
        """How many points of the lead ``action`` gives up against the best option (0 when
        it is worth as many or more)."""
        index = next(i for i, value in enumerate(self.options) if value.action == action)
        return max(0.0, self.leads[0] - self.leads[index])

    def as_good_as_best(self, action: Action) -> bool:
        """Whether ``action`` is as good as the best option (``alike``)."""
        value = next(value for value in self.options if value.action == action)
        lost = max(0.0, self.options[0].win_chance - value.win_chance)
        return alike(lost, self.loss_points(action))


def rank(state: GameState, evaluator: Evaluator = DEFAULT_EVALUATOR) -> Ranking | None:
    """Every decision of ``state.current`` ranked; None in ROLL or OVER (the die decides)."""
    values = [
        value
        for value in evaluator.decisions(state)
        if isinstance(value.action, Orient | Aim | Place)
    ]
    if not values:
        return None
    top = max(values, key=lambda value: value.win_chance)
    weights = evaluator.margin_weights(state, top.evaluation.points)
    leads = {
        value.action: sum(part.points for part in evaluator.compare(value, top, weights))
        for value in values
    }

    def order(value: DecisionValue) -> tuple[bool, float, float]:
        lead, chance = leads[value.action], value.win_chance
        if chance > top.win_chance - EQUAL_CHANCE:
            return True, lead, chance  # equal on chance: the points decide
        return False, chance, lead

    ranked = sorted(values, key=order, reverse=True)
    return Ranking(tuple(ranked), tuple(leads[value.action] for value in ranked), weights)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A decision played, against the best option found."""

    played: DecisionValue
    best: DecisionValue
    loss_points: float
    """How much less the move played is worth than the best, in points of the lead (0 or
    more: ``Ranking.loss_points``)."""
    loss_win_chance: float
    """How much less chance to win it leaves than the best, 0 to 1 (0 for one with a hair
    more chance than the best, which the points ranked first)."""


def judge(
    state: GameState, played: Action, evaluator: Evaluator = DEFAULT_EVALUATOR
) -> Judgement | None:
    """What ``played`` lost in ``state`` against the best option; None when there was no
    choice (one option, or a roll)."""
    ranking = rank(state, evaluator)
    if ranking is None or len(ranking.options) < 2:
        return None
    best = ranking.options[0]
    mine = next(value for value in ranking.options if value.action == played)
    if mine is best:
        return Judgement(mine, best, 0.0, 0.0)
    loss_win_chance = max(0.0, best.win_chance - mine.win_chance)  # (a hair above the best's)
    return Judgement(mine, best, ranking.loss_points(played), loss_win_chance)


def win_chances(state: GameState, evaluator: Evaluator = DEFAULT_EVALUATOR) -> tuple[float, ...]:
    """Each seat's chance to win in ``state``, 0 to 1: where a decision is to be made (a
    facing, a carpet or an aim), after the best one, as ``rank`` ranks them (the figures a
    hint quotes there); else, a roll or the end, the evaluator's of the position."""
    ranking = rank(state, evaluator)
    if ranking is not None:
        return ranking.options[0].evaluation.win_chance
    return evaluator.evaluate(state).win_chance
