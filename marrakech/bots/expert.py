"""The expert bot: selective expectimax over the die on the toll-exposure evaluation.

The search runs on a determinized copy of the position (``base.determinize``) and scores
leaves with ``exposure.exposure_estimate``, which already looks at the coming roll exactly,
at the stops of Assam over the rolls after it and at which squares are likely to be covered.

* Depth 1 values a carpet by the evaluation right after it is laid.
* Depth 2 values a carpet by the next player's whole turn: for each die outcome it lays
  its own best carpet (with 2 players the worst for me; with more, each rival plays for
  itself, not against me only). With 2 players it tries each of its facings (in the
  variant, whoever aims tries each aim) and takes the one best for it over the whole
  turn, carpet included; with 3 or 4 it takes the facing the evaluation expects after the
  roll (``exposure.likely_choice``). The reply is picked with the hard bot's cheaper
  evaluation (``evaluation.evaluate``, about a third of the cost) and the carpet picked
  is then valued with the expert's own, so the budget reaches twice as many replies.
  When I aim Assam myself (the variant) every aim is searched.

In PLACE every carpet gets its depth-1 value, then the most promising ones depth-2 values,
best first, within the budget; the best depth-2 value wins. In ORIENT each facing is worth
the probability-weighted best carpet over the die outcomes, first at depth 1; then the two
best facings go deeper, in rounds where the w best carpets of each of their outcomes get
depth-2 values (w = 1, 2, ...); the last complete round decides between them. In AIM each
aim is worth the next player's expected reply.

Every leaf is valued by the evaluator (``evaluator.Evaluator``: ``estimate`` and
``value``), the one the hints and the review ask too; the expert searches deeper than its
depth-1 figures. What is maximised is the chance to win, not the lead
(``evaluator.win_chance``, raw, never the calibrated chances reported): the chance to
finish ahead of another seat is a logistic curve of the margin over it divided by the
spread, how far a final margin still strays from the estimate with this many rolls left
(``evaluator.spread_of``, measured on self-play: about 3.5 points times the square root
of the rolls left, at most 21, 14 and 10 points for 2, 3 and 4 players); the chance to
win is the product of those chances over the other seats. Near the end a safe lead is kept
safe and a player behind takes its chances; with 3 or 4 players every rival counts, not
only the nearest (a seat level with the leader and far ahead of the others is worth more
than one level with all three).

The budget is a number of evaluations (``work``), so the same seed, position and work
always give the same action; a cap of ``time_cap`` seconds of the decision's own processor
time is only a safety net against runaway work (it is not wall-clock time, so a loaded
machine makes a decision slower, never weaker).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from random import Random

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place, Roll

from .base import determinize, position_rng
from .evaluation import evaluate, utility
from .evaluator import DEFAULT_EVALUATOR, Evaluator, spread_of
from .evaluator import win_chance as win_chance  # where it was, for old imports
from .exposure import DEFAULT_EXPOSURE_WEIGHTS, ExposureWeights, likely_choice
from .outcomes import Outcome, outcomes
from .simple import best_of

DEFAULT_WORK = 700
"""Evaluations per decision beyond depth 1 when no budget is given."""

DEFAULT_TIME_CAP = 0.8
"""Seconds of processor time after which a decision stops searching deeper."""

PLACE_WIDTH = 4
"""How many of the best depth-1 carpets a PLACE decision searches at depth 2."""

FACINGS_DEEPENED = 2
"""How many of the best facings at depth 1 an ORIENT decision searches at depth 2."""

WHOLE_TURN_PLAYERS = 2
"""Up to this many players, depth 2 searches every facing of the next player.

With more, the next player takes the facing the evaluation expects after the roll: every
facing searched costs three times the work, and the next player's turn is a smaller part
of what comes before my next carpet. Searching every facing, the expert won alone 0.324
of 800 four-player games against three hard (0.346 with the expected facing) and 0.407
of 300 three-player games against two (0.413); with 2 players it raised the score against
hard from 0.585 to 0.629 (docs/bots.md).
"""

PLACE_TURNS = (1, 2, 2)
"""For 2, 3 and 4 players: how many turns after a carpet ``searched_values`` searches. With 3
and 4 players what a carpet earns or loses lies in the rolls of more than the next player:
re-checked by playouts, carpets flagged in 3- and 4-player games were confirmed 87% of the
time where the next two turns searched agreed, 67% where they did not (docs/review.md)."""

QUICK_COST = 0.4
"""What a reply valued with the hard bot's evaluation costs, in expert evaluations."""


class OutOfWork(Exception):
    """Raised inside the search when its evaluations or its time cap are spent."""


class _Search:
    """One decision's search: counts evaluations and watches the clock."""

    def __init__(
        self,
        me: int,
        work: int,
        deadline: float,
        evaluator: Evaluator,
        spread: float | None = None,
        quick_replies: bool = False,
        whole_turn_players: int = WHOLE_TURN_PLAYERS,
    ) -> None:
        self.me = me
        self.spread = spread
        self.quick_replies = quick_replies
        self.whole_turn_players = whole_turn_players
        """Up to this many players, the next player's every facing is searched."""
        self.work = work
        self.deadline = deadline
        self.evaluator = evaluator
        self.weights = evaluator.weights
        self.evaluations = 0.0
        self.unlimited = True
        """True while depth 1 runs: it is never cut short."""

    def estimate(self, state: GameState) -> list[float]:
        """The evaluation, charged to the budget."""
        self._spend(1.0)
        return self.evaluator.estimate(state)

    def quick(self, state: GameState) -> list[float]:
        """The hard bot's cheaper evaluation, charged to the budget as the part it costs."""
        self._spend(QUICK_COST)
        return evaluate(state)

    def _spend(self, cost: float) -> None:
        """Charge ``cost`` evaluations; past depth 1, OutOfWork once the budget is spent."""
        self.evaluations += cost
        if not self.unlimited and (
            self.evaluations > self.work or time.thread_time() > self.deadline
        ):
            raise OutOfWork

    def mine(self, estimate: list[float]) -> float:
        """My value of an estimate: the evaluator's criterion (``Evaluator.value``)."""
        return self.evaluator.value(estimate, self.me, self.spread)

    def placements(self, state: GameState) -> list[tuple[float, Place, GameState]]:
        """My legal carpets with their depth-1 values, best first."""
        ranked = []
        for place in state.legal_placements():
            after = state.apply(place)
            ranked.append((self.mine(self.estimate(after)), place, after))
        ranked.sort(key=lambda item: -item[0])
        return ranked

    def turn_of_next(self, state: GameState) -> float:
        """My value of a position right after my carpet, with the next player's turn searched.

        Whoever sets the next roll's facing (the mover, or the aiming player) takes the one
        best for itself: searched through the die and the mover's reply when it is me or
        when the game has at most ``whole_turn_players`` players, else the one the
        evaluation expects after the roll alone.
        """
        phase = state.phase
        if phase is not Phase.ORIENT and phase is not Phase.AIM:
            return self.mine(self.estimate(state))
        chooser = state.current
        if chooser != self.me and len(state.players) > self.whole_turn_players:
            return self.mine(self.after_roll(likely_choice(state, self.weights)))
        options = [
            self.after_roll(state.apply(action))
            for action in state.legal_actions()
            if isinstance(action, Orient | Aim)
        ]
        if chooser == self.me:
            return max(self.mine(option) for option in options)
        return self.mine(max(options, key=lambda option: utility(option, chooser)))

    def turns_ahead(self, state: GameState, turns: int) -> list[float]:
        """The estimate after the next ``turns`` turns, each searched in full: whoever sets
        a roll's facing (the mover, or the aiming player) takes the one best for itself over
        the die, and each mover lays the carpet best for it (by the quick evaluation with
        ``quick_replies``). One turn is what ``turn_of_next`` searches, with every facing."""
        if turns == 0 or state.phase not in (Phase.ORIENT, Phase.AIM):
            return self.estimate(state)
        chooser = state.current
        options = [
            self._rolled_ahead(state.apply(action), turns)
            for action in state.legal_actions()
            if isinstance(action, Orient | Aim)
        ]
        if chooser == self.me:
            return max(options, key=self.mine)
        return max(options, key=lambda option: utility(option, chooser))

    def _rolled_ahead(self, state: GameState, turns: int) -> list[float]:
        """The expected estimate over the die in ``state`` (ROLL), the mover laying its best
        carpet and the turns after it searched (``turns_ahead``: ``turns`` with this one)."""

        def after(rolled: GameState) -> list[float]:
            if rolled.phase is not Phase.PLACE:
                return self.estimate(rolled)
            return self.turns_ahead(self._best_laid(rolled), turns - 1)

        return self._over_the_die(state, after)

    def _best_laid(self, state: GameState) -> GameState:
        """The position after the player in PLACE lays the carpet best for it (by the quick
        evaluation with ``quick_replies``)."""
        chooser = state.current
        value = self.quick if self.quick_replies else self.estimate
        return max(
            (state.apply(place) for place in state.legal_placements()),
            key=lambda after: utility(value(after), chooser),
        )

    def _over_the_die(
        self, state: GameState, after: Callable[[GameState], list[float]]
    ) -> list[float]:
        """The expected estimate over the die in ``state`` (ROLL), each roll's by ``after``."""
        expected = [0.0] * len(state.players)
        for value, probability in state.chance_outcomes():
            for seat, points in enumerate(after(state.apply(Roll(value)))):
                expected[seat] += probability * points
        return expected

    def after_roll(self, state: GameState) -> list[float]:
        """The expected estimate over the die in ``state`` (ROLL), the mover laying its best."""
        return self._over_the_die(state, self.best_carpet)

    def best_carpet(self, state: GameState) -> list[float]:
        """The estimate after the player in PLACE lays the carpet best for it."""
        if state.phase is not Phase.PLACE:
            return self.estimate(state)
        if self.quick_replies:
            return self.estimate(self._best_laid(state))
        chooser = state.current
        leaves = [self.estimate(state.apply(place)) for place in state.legal_placements()]
        return max(leaves, key=lambda leaf: utility(leaf, chooser))


class ExpertBot:
    """Selective two-ply expectimax on the toll-exposure evaluation (see the module)."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        *,
        work: int | None = None,
        time_cap: float | None = None,
        weights: ExposureWeights = DEFAULT_EXPOSURE_WEIGHTS,
        alternate_piles: bool = False,
        risk: bool = True,
        quick_replies: bool = True,
    ) -> None:
        """``risk``: play for the chance to win (else for the lead); ``quick_replies``: pick
        the next player's replies with the cheaper evaluation (else with the expert's own)."""
        if work is not None and work < 0:
            raise ValueError(f"work must be 0 or more evaluations, not {work!r}")
        if time_cap is not None and time_cap <= 0:
            raise ValueError(f"time_cap must be positive seconds, not {time_cap!r}")
        self.seed = seed
        self.work = DEFAULT_WORK if work is None else work
        self.time_cap = DEFAULT_TIME_CAP if time_cap is None else time_cap
        self.weights = weights
        self.evaluator = Evaluator(weights)
        self.alternate_piles = alternate_piles
        self.risk = risk
        self.quick_replies = quick_replies

    @property
    def settings(self) -> str:
        """The budget this bot plays with, for reports."""
        return f"work={self.work}, cap {self.time_cap:g} s"

    def choose(self, state: GameState) -> Action:
        """The expert's action in ORIENT, PLACE or AIM."""
        deadline = time.thread_time() + self.time_cap
        rng = position_rng(self.seed, state)
        world = state if self.alternate_piles else determinize(state, rng)
        spread = spread_of(state) if self.risk else None
        search = _Search(
            state.current, self.work, deadline, self.evaluator, spread, self.quick_replies
        )
        if state.phase is Phase.PLACE:
            return self._place(search, world, rng)
        if state.phase is Phase.ORIENT:
            return self._orient(search, world, rng)
        if state.phase is Phase.AIM:
            return self._aim(search, world, rng)
        raise ValueError(f"the expert bot has nothing to choose in phase {state.phase.name}")

    @staticmethod
    def _place(search: _Search, state: GameState, rng: Random) -> Place:
        ranked = search.placements(state)
        search.unlimited = False
        deep: dict[Place, float] = {}
        try:
            for _, place, after in ranked[:PLACE_WIDTH]:
                deep[place] = search.turn_of_next(after)
        except OutOfWork:
            pass
        if not deep:
            deep = {place: value for value, place, _ in ranked}
        return best_of(list(deep), deep.__getitem__, rng)

    @staticmethod
    def _orient(search: _Search, state: GameState, rng: Random) -> Orient:
        branches = {
            action: ExpertBot._outcomes(search, state.apply(action))
            for action in state.legal_actions()
            if isinstance(action, Orient)
        }
        search.unlimited = False

        def values_at(width: int, orients: Iterable[Orient] = branches) -> dict[Orient, float]:
            return {
                orient: sum(o.probability * o.value(width) for o in branches[orient])
                for orient in orients
            }

        values = values_at(0)
        # Only the most promising facings are searched deeper: the others stay behind.
        deepened = sorted(branches, key=lambda orient: -values[orient])[:FACINGS_DEEPENED]
        widest = max(len(o.ranked) for orient in deepened for o in branches[orient])
        try:
            for width in range(1, widest + 1):
                for orient in deepened:
                    for outcome in branches[orient]:
                        if width <= len(outcome.ranked):
                            after = outcome.ranked[width - 1][2]
                            outcome.deep.append(search.turn_of_next(after))
                values = values_at(width, deepened)
        except OutOfWork:
            pass
        return best_of(list(values), values.__getitem__, rng)

    @staticmethod
    def _outcomes(search: _Search, turned: GameState) -> list[Outcome]:
        """Each die outcome after a facing is chosen, with my carpets ranked at depth 1."""
        return outcomes(
            turned,
            search.me,
            search.placements,
            lambda rolled: search.mine(search.estimate(rolled)),
        )

    @staticmethod
    def _aim(search: _Search, state: GameState, rng: Random) -> Aim:
        values = {
            action: search.mine(search.after_roll(state.apply(action)))
            for action in state.legal_actions()
            if isinstance(action, Aim)
        }
        return best_of(list(values), values.__getitem__, rng)


def searched_values(
    state: GameState,
    actions: Iterable[Action],
    evaluator: Evaluator = DEFAULT_EVALUATOR,
    *,
    points: bool = False,
) -> dict[Action, float]:
    """Each of these actions (the seat to move's, in ORIENT, PLACE or AIM) valued by the
    expert's search at depth 2, in full: no budget and no clock, on the position as it is
    (nothing determinized: the caller decides what may be seen).

    A carpet is valued with the next player's turn searched (``PLACE_TURNS``: with 3 and 4
    players, the next two players' turns); a facing through the die,
    each outcome by the best of my ``PLACE_WIDTH`` best carpets at depth 1 valued so; an
    aim by the next player's expected reply (as the expert's own decisions do). The next
    player's every facing is searched whatever the number of players (the expert, on a
    clock, searches them only with 2: ``WHOLE_TURN_PLAYERS``), so that with 3 or 4 the
    facing the next player takes is not the evaluation's guess again. The values are in the
    expert's criterion (``Evaluator.value``): compare them with each other only; with
    ``points``, in points of the lead over the best other seat (its criterion without a
    spread) instead. The review asks it for a second look at the decisions it grades worst.
    """
    search = _Search(
        state.current,
        0,
        float("inf"),
        evaluator,
        None if points else spread_of(state),
        quick_replies=True,
        whole_turn_players=len(state.players),
    )
    values: dict[Action, float] = {}
    for action in actions:
        after = state.apply(action)
        if isinstance(action, Place):
            turns = PLACE_TURNS[len(state.players) - 2]
            values[action] = search.mine(search.turns_ahead(after, turns))
        elif isinstance(action, Aim):
            values[action] = search.mine(search.after_roll(after))
        elif isinstance(action, Orient):
            branches = ExpertBot._outcomes(search, after)
            for outcome in branches:
                outcome.deep.extend(
                    search.turn_of_next(deeper) for _, _, deeper in outcome.ranked[:PLACE_WIDTH]
                )
            values[action] = sum(o.probability * o.value(PLACE_WIDTH) for o in branches)
        else:
            raise ValueError(f"the expert searches no {type(action).__name__} action")
    return values
