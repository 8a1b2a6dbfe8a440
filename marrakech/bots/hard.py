"""The hard bot: expectimax over the die, two plies deep, within a time or iteration budget.

The search runs on a determinized copy of the position (hidden pile orders reshuffled,
see ``base.determinize``) and scores leaves with ``evaluation.evaluate``.

* Depth 1 values a carpet by the evaluation right after it is laid; the evaluation
  already includes the next player's roll (that player picks its cheapest facing).
* Depth 2 values a carpet by the next player's whole turn: it takes the facing whose
  roll costs it least (``evaluation.likely_facing``), and for each die outcome it lays
  the carpet that is worst for me by depth-1 values (see ``_Search.reply``). When I
  aim Assam myself (the variant) every aim is searched.

In PLACE every legal carpet gets its depth-1 value, then depth-2 values in order of
promise until the budget runs out; the best depth-2 value wins. In ORIENT each facing
is worth the probability-weighted best carpet over the four die outcomes: first with
depth-1 values, then in rounds where the b best carpets of every outcome get depth-2
values (b = 1, 2, ...); the last complete round decides. In AIM (the variant) each aim
is worth the next player's expected reply, at depth 1.

The budget is a number of evaluations beyond depth 1 (``iterations``, by default
``DEFAULT_ITERATIONS``), so the same seed, position and iterations always give the same
action whatever the machine's load; a cap of ``budget`` seconds (by default
``DEFAULT_BUDGET``) of the decision's own processor time is only a safety net against
runaway work (processor time, unlike wall-clock time, does not grow when other programs
load the machine). Given ``budget`` alone, the search runs on wall-clock time only, as
long as the budget allows (not reproducible). Depth 1 always completes, whatever the
budget: it costs at most about a hundred and fifty evaluations.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place, Roll

from .base import determinize, position_rng
from .evaluation import DEFAULT_WEIGHTS, Estimate, Weights, evaluate, likely_facing, utility
from .outcomes import Outcome, outcomes
from .simple import best_of

DEFAULT_ITERATIONS = 600
"""Evaluations per decision beyond depth 1 when no budget is given."""

DEFAULT_BUDGET = 0.5
"""The cap of a decision, in seconds of its processor time, when no budget is given."""


class OutOfBudget(Exception):
    """Raised inside the search when its time or evaluation budget is spent."""


class _Search:
    """One decision's search: counts evaluations and watches the clock."""

    def __init__(
        self,
        me: int,
        clock: Callable[[], float],
        deadline: float,
        max_evaluations: int | None,
        weights: Weights,
    ) -> None:
        self.me = me
        self.clock = clock
        self.deadline = deadline
        self.max_evaluations = max_evaluations
        self.weights = weights
        self.evaluations = 0
        self.unlimited = False
        """True while depth 1 runs: it is never cut short."""

    def evaluate(self, state: GameState) -> Estimate:
        """The evaluation, charged to the budget."""
        self.evaluations += 1
        if not self.unlimited:
            if self.max_evaluations is not None and self.evaluations > self.max_evaluations:
                raise OutOfBudget
            if self.clock() > self.deadline:
                raise OutOfBudget
        return evaluate(state, self.weights)

    def mine(self, estimate: Estimate) -> float:
        return utility(estimate, self.me)

    def reply(self, state: GameState) -> Estimate:
        """The estimate after the player in PLACE lays its carpet, judged at depth 1.

        I lay my best carpet; another player lays the one worst for me (the paranoid
        assumption: with two players that is its own best carpet, with more it beat
        modelling each rival's own interest in tournaments against greedy).
        """
        if state.phase is not Phase.PLACE:
            return self.evaluate(state)
        leaves = [self.evaluate(state.apply(place)) for place in state.legal_placements()]
        if state.current == self.me:
            return max(leaves, key=self.mine)
        return min(leaves, key=self.mine)

    def after_roll(self, state: GameState, leaf: Callable[[GameState], Estimate]) -> Estimate:
        """The expected estimate over the die in ``state`` (phase ROLL)."""
        expected = [0.0] * len(state.players)
        for value, probability in state.chance_outcomes():
            estimate = leaf(state.apply(Roll(value)))
            for seat, points in enumerate(estimate):
                expected[seat] += probability * points
        return expected

    def depth2(self, state: GameState) -> float:
        """My value of a position right after my carpet, the next roll and carpet searched.

        The next player is expected to take its cheapest facing (``likely_facing``); when
        I aim Assam myself (the variant) every aim is searched.
        """
        phase = state.phase
        if phase is Phase.OVER:
            return self.mine(self.evaluate(state))
        if phase is Phase.ORIENT and state.current != self.me:
            options = [likely_facing(state, self.weights)]
        else:
            options = [
                state.apply(action)
                for action in state.legal_actions()
                if isinstance(action, Orient | Aim)
            ]
        chooser = state.current
        outcomes = [self.after_roll(option, self.reply) for option in options]
        return self.mine(max(outcomes, key=lambda outcome: utility(outcome, chooser)))

    def placements(self, state: GameState) -> list[tuple[float, Place, GameState]]:
        """My legal carpets with their depth-1 values, best first."""
        ranked = []
        for place in state.legal_placements():
            after = state.apply(place)
            ranked.append((self.mine(self.evaluate(after)), place, after))
        ranked.sort(key=lambda item: -item[0])
        return ranked


class HardBot:
    """Two-ply expectimax with a toll-aware evaluation; see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = None,
        iterations: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        alternate_piles: bool = False,
    ) -> None:
        if budget is not None and budget <= 0:
            raise ValueError(f"budget must be positive seconds, not {budget!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        self.seed = seed
        self.budget = DEFAULT_BUDGET if budget is None else budget
        if iterations is None and budget is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.weights = weights
        self.alternate_piles = alternate_piles
        """The piles alternate colours (a set-up everyone knows): no order to guess."""

    @property
    def settings(self) -> str:
        """The budget this bot plays with, for reports."""
        if self.iterations is None:
            return f"budget={self.budget:g} s (time only)"
        return f"iterations={self.iterations}, cap {self.budget:g} s"

    def choose(self, state: GameState) -> Action:
        """The hard bot's action in ORIENT, PLACE or AIM."""
        # A budget of work is capped in the processor time this decision uses, so a busy
        # machine never cuts it short; a budget of time alone is wall-clock time.
        clock = time.perf_counter if self.iterations is None else time.thread_time
        start = clock()
        rng = position_rng(self.seed, state)
        world = state if self.alternate_piles else determinize(state, rng)
        deadline = start + self.budget
        search = _Search(state.current, clock, deadline, self.iterations, self.weights)
        if state.phase is Phase.PLACE:
            return self._place(search, world, rng)
        if state.phase is Phase.ORIENT:
            return self._orient(search, world, rng)
        if state.phase is Phase.AIM:
            return self._aim(search, world, rng)
        raise ValueError(f"the hard bot has nothing to choose in phase {state.phase.name}")

    def _place(self, search: _Search, state: GameState, rng: Random) -> Place:
        search.unlimited = True
        ranked = search.placements(state)
        search.unlimited = False
        deep: dict[Place, float] = {}
        try:
            for _, place, after in ranked:
                deep[place] = search.depth2(after)
        except OutOfBudget:
            pass
        if not deep:
            values = {place: value for value, place, _ in ranked}
            return best_of(list(values), values.__getitem__, rng)
        return best_of(list(deep), deep.__getitem__, rng)

    def _orient(self, search: _Search, state: GameState, rng: Random) -> Orient:
        search.unlimited = True
        branches = {
            orient: self._outcomes(search, state.apply(orient))
            for orient in state.legal_actions()
            if isinstance(orient, Orient)
        }
        search.unlimited = False

        def values_at(width: int) -> dict[Orient, float]:
            return {
                orient: sum(o.probability * o.value(width) for o in outcomes)
                for orient, outcomes in branches.items()
            }

        values = values_at(0)
        widest = max(len(o.ranked) for outcomes in branches.values() for o in outcomes)
        try:
            for width in range(1, widest + 1):
                for outcomes in branches.values():
                    for outcome in outcomes:
                        if width <= len(outcome.ranked):
                            outcome.deep.append(search.depth2(outcome.ranked[width - 1][2]))
                values = values_at(width)
        except OutOfBudget:
            pass
        return best_of(list(values), values.__getitem__, rng)

    @staticmethod
    def _outcomes(search: _Search, turned: GameState) -> list[Outcome]:
        """Each die outcome after a facing is chosen, with my carpets ranked at depth 1."""
        return outcomes(
            turned,
            search.me,
            search.placements,
            lambda rolled: search.mine(search.evaluate(rolled)),
        )

    def _aim(self, search: _Search, state: GameState, rng: Random) -> Aim:
        search.unlimited = True
        values = {
            aim: search.mine(search.after_roll(state.apply(aim), search.reply))
            for aim in state.legal_actions()
            if isinstance(aim, Aim)
        }
        return best_of(list(values), values.__getitem__, rng)
