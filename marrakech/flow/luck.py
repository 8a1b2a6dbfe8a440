"""Luck and skill: each seat's final margin split into what chance gave it and what the
table's decisions made of it.

A seat's margin is its final points minus the best other seat's. Before every step of the
game the evaluator (``bots.evaluator``) expects a margin for each seat: its expected
points minus the best other seat's expected points. Walking the game, every change of that
expectation goes to one account:

* **luck**, what nobody at the table decided, in four parts (``LUCK_PARTS``):

  - ``dice``: what each roll gave against the average over the die
    (``GameState.chance_outcomes``) of what it might have given. Whatever the evaluator's
    errors, this averages to zero over the die in every position, so with 2 players a
    player's luck averages to zero however well or badly they play;
  - ``start``: the margin expected before the first move (the seat to move: the piles'
    order is hidden and valued alike whatever it is), as the first mover's best first
    decision values it: the evaluator values the bare first position with no edge for
    the seat to move, and that edge is the seat's luck, not the first mover's foresight;
  - ``table``: with 3 and 4 players, how the others' decisions fell on this seat beyond
    an equal share of what they lost in expected margin (one rival's mistake may help one
    seat more than another); 0 with 2 players;
  - ``evaluator``: with 3 and 4 players, the evaluator's inconsistency (below); 0 with 2
    players.

* **skill**, what the decisions made of the margin, in two parts (``SKILL_PARTS``):

  - ``decisions``: each decision with a choice loses some points of the decider's lead
    against the best option found (``flow.judging``, the review's ``loss_points``). That
    loss counts against the decider and, shared equally, for the other seats: a seat's
    part is the others' average loss minus its own;
  - ``foresight``: with 2 players, the evaluator's inconsistency. Its value of a position
    differs from the value of the best decision in it (it looks one decision deeper there)
    and from the average over the die of the positions after the roll; a decision's
    points of the lead differ from the change in expected margin (they weigh the seats by
    the chance to win). A player who looks further than the evaluator steers into
    positions that turn out better than they looked: that gain shows here, as the loss of
    one who walks into positions that turn out worse (over 1,000 games the full-budget
    expert's was clearly positive, greedy's the opposite). With 3 and 4 players it is 0
    and the inconsistency stays in luck: there it is mostly the evaluator not foreseeing
    that the others' decisions (each choosing by its own chance to win) fall hardest on
    the leader, which is nobody's skill.

  Both parts add up to 0 over the seats; with 2 players one seat's skill is the other's
  with the sign turned.

Luck plus skill is the margin exactly: the inconsistency is worked out as what is left of
the margin (so it takes the rounding, and in a game not finished the difference between
the margin now and the margin expected). ``Split.by_turn`` follows both accounts
turn by turn for a chart: their sum after a turn is the margin expected then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from marrakech.bots.evaluator import DEFAULT_EVALUATOR, Evaluator
from marrakech.engine import GameState, Roll, turn_bounds
from marrakech.games.session import Session

from .judging import Judgement

LUCK_PARTS = ("dice", "start", "table", "evaluator")
"""The parts luck is made of (see the module docstring)."""

SKILL_PARTS = ("decisions", "foresight")
"""The parts skill is made of (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Account:
    """One seat's margin split into luck and skill, in points."""

    seat: int
    margin: float
    """Its final points minus the best other seat's (the points now where the record
    stops; the ``evaluator`` part then holds what was still expected)."""
    luck: float
    skill: float
    parts: Mapping[str, float]
    """Luck's parts (``LUCK_PARTS``), adding up to ``luck``."""
    skill_parts: Mapping[str, float]
    """Skill's parts (``SKILL_PARTS``), adding up to ``skill``."""


@dataclass(frozen=True, slots=True)
class RollLuck:
    """One roll of the die and what it gave each seat (its part of their dice luck)."""

    turn: int
    """The game's turn it was rolled in, from 1."""
    seat: int
    """The seat that rolled."""
    value: int
    luck: tuple[float, ...]
    """For each seat, the margin it expected after the roll less the average over the
    die: what this roll gave it (below 0: took from it)."""
    in_game: tuple[int, ...]
    """The seats still in the game when it was rolled (one it put out among them)."""


@dataclass(frozen=True, slots=True)
class Split:
    """Every seat's account, and both accounts after each turn."""

    accounts: tuple[Account, ...]
    by_turn: tuple[tuple[tuple[float, float], ...], ...]
    """After each turn, for each seat, (luck, skill) so far."""
    rolls: tuple[RollLuck, ...] = ()
    """Every roll of the game, in order, with the dice luck it gave each seat."""


def luckiest_rolls(found: Split, seat: int) -> tuple[RollLuck, RollLuck] | None:
    """The roll that gave ``seat`` the most, and the one that took the most from it (its
    own or another seat's), while it was in the game (the rolls after it went out still
    move its margin, but it has nothing left at stake); None when it saw no roll."""
    rolls = [roll for roll in found.rolls if seat in roll.in_game]
    if not rolls:
        return None
    best = max(rolls, key=lambda roll: roll.luck[seat])
    worst = min(rolls, key=lambda roll: roll.luck[seat])
    return best, worst


def rounded(margin: float, skill: float, digits: int = 1) -> tuple[float, float]:
    """Luck and skill to show with ``digits`` decimals, adding up to ``margin`` as shown:
    skill rounded, luck what is left of the margin."""
    shown_skill = round(skill, digits)
    return round(margin - shown_skill, digits), shown_skill


def has_foresight(seats: int) -> bool:
    """Whether skill has a foresight part with this many seats: with 2 players one seat's
    inconsistency is the other's with the sign turned, so it is theirs to gain or lose;
    with more it stays in luck (its ``evaluator`` part)."""
    return seats == 2


def rounded_skill_parts(
    skill: float, parts: Mapping[str, float], digits: int = 1
) -> tuple[float, float] | None:
    """Skill's two parts, decisions and foresight, to show with ``digits`` decimals, adding
    up to the skill as ``rounded`` shows it: decisions rounded, foresight what is left.
    None where foresight is 0 (3 and 4 players): the skill is its decisions part."""
    if parts["foresight"] == 0.0:
        return None
    decisions = round(parts["decisions"], digits)
    return decisions, round(round(skill, digits) - decisions, digits)


def margins(points: Sequence[float]) -> list[float]:
    """Each seat's points minus the best other seat's."""
    return [
        mine - max(other for seat, other in enumerate(points) if seat != index)
        for index, mine in enumerate(points)
    ]


def split(
    session: Session,
    judged: Mapping[int, Judgement],
    evaluator: Evaluator = DEFAULT_EVALUATOR,
    progress: Callable[[int], None] | None = None,
) -> Split:
    """Split each seat's margin in ``session`` into luck and skill.

    ``judged`` holds, by index in ``session.transitions``, the judgement of every decision
    that had a choice (``judging.judge``); a decision missing from it had none.
    ``progress`` hears the index of each step as it is counted.
    """
    seats = len(session.setup.names)
    known: dict[GameState, list[float]] = {}

    def expected(state: GameState) -> list[float]:
        if state not in known:
            known[state] = margins(evaluator.evaluate(state).points)
        return known[state]

    transitions = session.transitions
    start = expected(transitions[0].before) if transitions else expected(session.state)
    if 0 in judged:  # as the first mover sees it: after its best first decision
        start = known[transitions[0].before] = margins(judged[0].best.evaluation.points)
    chance = {name: [0.0] * seats for name in ("dice", "start", "table")}
    chance["start"] = list(start)
    decisions = [0.0] * seats
    inconsistency = [0.0] * seats  # the evaluator's, seat by seat (see account())

    def add(account: list[float], values: Sequence[float]) -> None:
        for seat in range(seats):
            account[seat] += values[seat]

    def account(seat: int, margin: float) -> Account:
        """The seat's account of ``margin``: what the walk's dice, start, table and
        decisions leave unexplained is the evaluator's inconsistency."""
        parts = {name: chance[name][seat] for name in ("dice", "start", "table")}
        unexplained = margin - decisions[seat] - sum(parts.values())
        foresight = unexplained if has_foresight(seats) else 0.0
        parts["evaluator"] = unexplained - foresight
        skill = decisions[seat] + foresight
        skill_parts = {"decisions": decisions[seat], "foresight": foresight}
        return Account(seat, margin, margin - skill, skill, parts, skill_parts)

    by_turn = []
    rolls = []
    for turn, (begin, end) in enumerate(turn_bounds(session.actions), start=1):
        for index in range(begin, end):
            if progress is not None:
                progress(index)
            transition = transitions[index]
            before = expected(transition.before)
            if isinstance(transition.action, Roll):
                outcomes = [
                    (probability, expected(transition.before.apply(Roll(value))))
                    for value, probability in transition.before.chance_outcomes()
                ]
                average = [sum(p * found[seat] for p, found in outcomes) for seat in range(seats)]
                after = expected(transition.after)
                luck = tuple(after[seat] - average[seat] for seat in range(seats))
                add(chance["dice"], luck)
                value, in_game = transition.action.value, transition.before.alive
                rolls.append(RollLuck(turn, transition.seat, value, luck, in_game))
                add(inconsistency, [average[seat] - before[seat] for seat in range(seats)])
                continue
            judgement = judged.get(index)
            if judgement is None:
                after = expected(transition.after)
                add(inconsistency, [after[seat] - before[seat] for seat in range(seats)])
                continue
            known.setdefault(transition.after, margins(judgement.played.evaluation.points))
            after = expected(transition.after)
            best = margins(judgement.best.evaluation.points)
            decider, loss = transition.seat, judgement.loss_points
            # The loss in expected margin, beside the loss in points of the lead.
            lost = best[decider] - after[decider]
            for seat in range(seats):
                if seat == decider:
                    decisions[seat] -= loss
                    inconsistency[seat] += best[seat] - before[seat] + loss - lost
                else:
                    decisions[seat] += loss / (seats - 1)
                    chance["table"][seat] += after[seat] - best[seat] - lost / (seats - 1)
                    inconsistency[seat] += best[seat] - before[seat] + (lost - loss) / (seats - 1)
        expected_now = [
            decisions[seat] + inconsistency[seat] + sum(part[seat] for part in chance.values())
            for seat in range(seats)
        ]
        by_turn.append(
            tuple(
                (found.luck, found.skill)
                for found in (account(seat, expected_now[seat]) for seat in range(seats))
            )
        )
    # A finished game's margin, or where the record stops the margin now: what was still
    # expected, and the rounding, are the evaluator's too.
    final = margins([float(score.total) for score in session.state.scores()])
    accounts = tuple(account(seat, final[seat]) for seat in range(seats))
    return Split(accounts, tuple(by_turn), tuple(rolls))
