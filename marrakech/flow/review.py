"""The post-game review: what each decision of a finished game cost, by the evaluator.

``review`` walks a game's history and, for every decision where the player had a choice
(more than one legal facing, carpet or aim; the die is not a decision), asks the evaluator
(``bots.evaluator``) for every option's value before it, as the hint does (``flow.hint``):
the best option is the one with the best chance to win (ties: the most points of the
lead), and the loss of the move played is how much less it is worth, in points of the
player's lead as the hint weighs them (``Evaluator.margin_weights`` and ``compare``) and
in chance to win. The grade is the worse of what each loss gives (``GRADES``,
``POINT_GRADES``). A decision graded a mistake or a blunder gets a second look
(``deeper_loss``): the expert's search two plies deep values the move played and the best
one by the measure the grade came from (the chance to win, or for a flag by points alone
the points of the lead), and unless it confirms the loss (``confirms``: at least as much
lost as the evaluator said) the smaller of the two losses grades it, an inaccuracy at
least (``second_look_grade``), marked ``doubted`` (the losses stay the evaluator's). In
the last turns, where the figures are exact (``evaluator.decisions_solved``), a loss gets
no second look.
Each loss is 0 or more (``judging``); a move that gave up no points and less chance to
win than a "best" grade allows (``BEST_BELOW``) counts as the best.

Each seat's final margin is split into luck and skill (``flow.luck``) from the same
judgements (every seat's decisions are judged for it, shown or not).

``review_lines`` says it in plain lines in the language spoken now; ``review_document``
as one JSON-ready document.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from marrakech.bots.evaluator import DEFAULT_EVALUATOR, Evaluator, decisions_solved
from marrakech.bots.expert import searched_values
from marrakech.engine import Action, Aim, GameState, Orient, Place, turn_bounds
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.session import Session
from marrakech.games.words import action_words, percents, series

from .hint import why_better
from .judging import EQUAL_CHANCE, EQUAL_POINTS, Judgement, alike, judge
from .luck import (
    LUCK_PARTS,
    SKILL_PARTS,
    Account,
    RollLuck,
    Split,
    has_foresight,
    luckiest_rolls,
    rounded,
    rounded_skill_parts,
    split,
)
from .recap import recaps
from .summary import chances_by_round

BEST, INACCURACY, MISTAKE, BLUNDER = "best", "inaccuracy", "mistake", "blunder"
GOOD = "good"
"""Neither the best nor an inaccuracy: lost at least ``BEST_BELOW`` but under 0.02."""

BEST_BELOW = EQUAL_CHANCE
"""A decision losing less chance to win than this is graded "best": the ranking counts
chances this close as equal (``judging.EQUAL_CHANCE``), the hint too."""

GRADES = ((0.10, BLUNDER), (0.05, MISTAKE), (0.02, INACCURACY))
"""The grades by chance to win lost, from the worst: at least this much, this grade."""

GRADE_ORDER = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
"""Every grade, from the best."""

GRADE_WORDS = {
    BEST: N_("best"),
    GOOD: N_("good"),
    INACCURACY: N_("inaccuracy"),
    MISTAKE: N_("mistake"),
    BLUNDER: N_("blunder"),
}
"""How the lines name each grade (English: shown with ``_``)."""


POINT_GRADES = ((6.0, BLUNDER), (3.0, MISTAKE), (1.5, INACCURACY))
"""The grades by points of the lead lost, from the worst. Where the game is all but decided
the chance to win hardly moves, and points still show what a decision cost."""

BEST_POINTS_BELOW = EQUAL_POINTS
"""A decision losing this many points of the lead or more is not graded "best" (``judging.
EQUAL_POINTS``: the hint says "either will do" of the same)."""


def grade(loss_win_chance: float, loss_points: float = 0.0) -> str:
    """The grade of a decision that lost this much chance to win (0 to 1) and this many
    points of the lead: the worse of the grade each loss gives."""
    by_chance = next((name for threshold, name in GRADES if loss_win_chance >= threshold), None)
    by_points = next((name for threshold, name in POINT_GRADES if loss_points >= threshold), None)
    worst = max(
        (GRADE_ORDER.index(name) for name in (by_chance, by_points) if name is not None),
        default=None,
    )
    if worst is not None:
        return GRADE_ORDER[worst]
    return BEST if alike(loss_win_chance, loss_points) else GOOD


def deeper_loss(
    state: GameState, played: Action, best: Action, evaluator: Evaluator, *, points: bool = False
) -> float:
    """What the move played loses against the best by the expert's search two plies deep
    (``expert.searched_values``), the review's second look: chance to win (0 to 1), or
    with ``points`` points of the lead over the best other seat."""
    looked = searched_values(state, (played, best), evaluator, points=points)
    loss = looked[best] - looked[played]
    return loss if points else loss / 100  # the search values chances in percent


def flagged_by_chance(loss_win_chance: float) -> bool:
    """Whether this chance to win lost makes a mistake or a blunder by itself (else such a
    grade comes from the points of the lead alone, in a game all but decided)."""
    return grade(loss_win_chance) in (MISTAKE, BLUNDER)


def confirms(deeper: float, loss: float) -> bool:
    """Whether the second look confirms a mistake or a blunder: the deeper search finds at
    least as much lost as the evaluator, by the measure the grade came from (chance to win,
    or points of the lead for one graded by points alone)."""
    return deeper >= loss


def second_look_grade(loss: float, deeper: float, *, points: bool = False) -> str:
    """The grade of a mistake or a blunder the deeper search finds less lost in (``loss``
    and ``deeper`` by the measure it was flagged for: chance to win, or with ``points``
    points of the lead): the grade the smaller of the two losses earns, an inaccuracy at
    least (the evaluator found it costly)."""
    smaller = max(0.0, min(loss, deeper))
    by_smaller = grade(0.0, smaller) if points else grade(smaller)
    return GRADE_ORDER[max(GRADE_ORDER.index(by_smaller), GRADE_ORDER.index(INACCURACY))]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision reviewed."""

    seat: int
    turn: int
    """The game's turn it was made in, from 1."""
    state: GameState
    """The position it was made in."""
    played: Action
    best: Action
    """The best option found; the move played when it gave up no points and less chance
    to win than ``BEST_BELOW`` (then both losses are 0)."""
    loss_points: float
    """How much less the move played is worth than the best, in points of the lead (0 or
    more)."""
    loss_win_chance: float
    """How much less chance to win it leaves than the best, 0 to 1."""
    grade: str
    deeper_loss_win_chance: float | None = None
    """For a decision the evaluator's chance to win lost makes a mistake or a blunder: the
    chance the move played lost by the expert's deeper search (``deeper_loss``; below 0
    where it finds the move played better); else None."""
    deeper_loss_points: float | None = None
    """For a mistake or a blunder by the points of the lead alone: the points the move
    played lost by the deeper search (``deeper_loss``); else None."""

    @property
    def doubted(self) -> bool:
        """True when the evaluator's losses make it a mistake or a blunder but the deeper
        search finds less lost (``confirms``) by a measure it looked at again: that
        measure grades it by the smaller loss, an inaccuracy at least
        (``second_look_grade``)."""
        return self.doubted_by_chance or self.doubted_by_points

    @property
    def doubted_by_chance(self) -> bool:
        """True when the deeper search finds less chance to win lost than the evaluator."""
        deeper = self.deeper_loss_win_chance
        return deeper is not None and not confirms(deeper, self.loss_win_chance)

    @property
    def doubted_by_points(self) -> bool:
        """True when the deeper search finds fewer points lost than the evaluator."""
        deeper = self.deeper_loss_points
        return deeper is not None and not confirms(deeper, self.loss_points)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One seat's summary."""

    seat: int
    name: str
    margin: int
    """Its score minus the best other score (at the end, or where the record stops)."""
    decisions: int
    average_loss_points: float
    grades: dict[str, int]
    """How many decisions got each grade (``GRADE_ORDER``)."""
    account: Account
    """Its margin split into luck and skill, each with its parts (``flow.luck``)."""


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: its decisions in order and each reviewed seat's summary."""

    decisions: tuple[Decision, ...]
    players: tuple[PlayerReview, ...]
    luck: Split
    """Every seat's luck and skill, turn by turn too (for a chart)."""
    chances: tuple[tuple[int, tuple[float, ...]], ...] = ()
    """Each seat's chance to win at the start of every round and at the end, with the
    turns played by then (``summary.chances_by_round``)."""


Progress = Callable[[float], None]
"""Hears how much of a review is done, from 0 to 1."""


def review(
    session: Session,
    *,
    computers: bool = False,
    evaluator: Evaluator = DEFAULT_EVALUATOR,
    progress: Progress | None = None,
) -> Review:
    """Review every decision of the people in ``session`` (of the computers too with
    ``computers``); ``progress`` hears how far it is, now and then."""
    setup = session.setup
    transitions = session.transitions
    steps = 2 * max(1, len(transitions))  # each step is judged, then counted for luck

    def tell(index: int) -> None:
        if progress is not None and index % 8 == 0:
            progress(index / steps)

    judged: dict[int, Judgement] = {}
    found: list[Decision] = []
    for number, (start, end) in enumerate(turn_bounds(session.actions), start=1):
        for index in range(start, end):
            tell(index)
            transition = transitions[index]
            action = transition.action
            if not isinstance(action, Orient | Place | Aim):
                continue
            judgement = judge(transition.before, action, evaluator)
            if judgement is None:
                continue
            judged[index] = judgement
            if not (computers or setup.is_person(transition.seat)):
                continue
            best, points, chance = (
                judgement.best.action,
                judgement.loss_points,
                judgement.loss_win_chance,
            )
            if points == 0.0 and chance < BEST_BELOW:
                # Worth as many points as the best or more, and all but its chance to win
                # (``judging``: near 0 or 1 the chance hardly moves): as good as the best.
                best, chance = action, 0.0
            graded, deeper_chance, deeper_points = grade(chance, points), None, None
            if graded in (MISTAKE, BLUNDER):
                # Each measure that makes it a mistake or a blunder is looked at again;
                # the grade is the worse of what the two measures give then.
                before = transition.before
                by_chance, by_points = grade(chance), grade(0.0, points)
                # (Solved, the figures are exact: no search could find them wrong.)
                exact = decisions_solved(before)
                if by_chance in (MISTAKE, BLUNDER) and not exact:
                    deeper_chance = deeper_loss(before, action, best, evaluator)
                    if not confirms(deeper_chance, chance):
                        by_chance = second_look_grade(chance, deeper_chance)
                if by_points in (MISTAKE, BLUNDER) and not exact:
                    deeper_points = deeper_loss(before, action, best, evaluator, points=True)
                    if not confirms(deeper_points, points):
                        by_points = second_look_grade(points, deeper_points, points=True)
                graded = GRADE_ORDER[
                    max(GRADE_ORDER.index(by_chance), GRADE_ORDER.index(by_points))
                ]
            found.append(
                Decision(
                    transition.seat,
                    number,
                    transition.before,
                    action,
                    best,
                    points,
                    chance,
                    graded,
                    deeper_chance,
                    deeper_points,
                )
            )
    accounts = split(session, judged, evaluator, lambda index: tell(len(transitions) + index))
    if progress is not None:
        progress(1.0)
    scores = [score.total for score in session.state.scores()]
    players = []
    for seat, name in enumerate(setup.names):
        if not (computers or setup.is_person(seat)):
            continue
        mine = [decision for decision in found if decision.seat == seat]
        others = max(score for other, score in enumerate(scores) if other != seat)
        account = accounts.accounts[seat]
        players.append(
            PlayerReview(
                seat,
                name,
                scores[seat] - others,
                len(mine),
                sum(decision.loss_points for decision in mine) / len(mine) if mine else 0.0,
                {kind: sum(1 for d in mine if d.grade == kind) for kind in GRADE_ORDER},
                account,
            )
        )
    chances = chances_by_round(session.start, recaps(transitions, setup.names))
    return Review(tuple(found), tuple(players), accounts, chances)


def worst(found: Review, seat: int, count: int = 3) -> tuple[Decision, ...]:
    """A seat's ``count`` most costly decisions graded below best, in the game's
    order: the worst grades first (a blunder by points of the lead in a game all but
    decided comes before an inaccuracy by chance to win), within a grade by chance to win
    lost, then points. One the second look ``doubted`` counts by the smaller of the two
    losses by the measure it was flagged for (chance to win, or points alone): one the
    deeper search found no worse comes after every other miss."""

    def rank(decision: Decision) -> tuple[int, float, float]:
        chance, points = decision.loss_win_chance, decision.loss_points
        if not decision.doubted:
            return GRADE_ORDER.index(decision.grade), chance, points
        looked = []  # the grade each measure looked at again gives by its smaller loss
        if decision.deeper_loss_win_chance is not None:
            chance = min(chance, decision.deeper_loss_win_chance)
            looked.append(GRADE_ORDER.index(grade(max(chance, 0.0))))
        if decision.deeper_loss_points is not None:
            points = min(points, decision.deeper_loss_points)
            looked.append(GRADE_ORDER.index(grade(0.0, max(points, 0.0))))
        return max(looked), chance, points

    missed = [
        d for d in found.decisions if d.seat == seat and d.played != d.best and d.grade != BEST
    ]
    chosen = {id(d) for d in sorted(missed, key=rank, reverse=True)[:count]}
    return tuple(d for d in found.decisions if id(d) in chosen)


def notation(action: Action) -> str:
    """A decision as the save files write it: "L", "c0.2-1.2", "aR"."""
    return str(action)


def review_document(found: Review) -> dict[str, Any]:
    """The review as one JSON-ready document (seats from 1, chances from 0 to 1)."""
    return {
        "decisions": [
            {
                "seat": decision.seat + 1,
                "turn": decision.turn,
                "played": notation(decision.played),
                "best": notation(decision.best),
                "loss_points": round(decision.loss_points, 3),
                "loss_win_chance": round(decision.loss_win_chance, 4),
                "grade": decision.grade,
                "doubted": decision.doubted,
                "deeper_loss_win_chance": _rounded(decision.deeper_loss_win_chance, 4),
                "deeper_loss_points": _rounded(decision.deeper_loss_points, 3),
            }
            for decision in found.decisions
        ],
        "players": [_player_document(player, found.luck) for player in found.players],
        "chances_by_round": [
            {"turn": turn, "chances": [round(chance, 4) for chance in chances]}
            for turn, chances in found.chances
        ],
    }


def _rounded(value: float | None, places: int) -> float | None:
    return None if value is None else round(value, places)


def _player_document(player: PlayerReview, luck_split: Split) -> dict[str, Any]:
    account = player.account
    luck, skill = rounded(player.margin, account.skill, 3)
    pinned = luckiest_rolls(luck_split, player.seat)
    rolls = {
        name: None if pinned is None else _roll_document(roll, player.seat)
        for name, roll in zip(
            ("luckiest_roll", "unluckiest_roll"), pinned or (None, None), strict=True
        )
    }
    return {
        "seat": player.seat + 1,
        "name": player.name,
        "margin": player.margin,
        "decisions": player.decisions,
        "average_loss_points": round(player.average_loss_points, 3),
        "luck": luck,
        "skill": skill,
        "luck_parts": {name: round(account.parts[name], 3) for name in LUCK_PARTS},
        "skill_parts": {name: round(account.skill_parts[name], 3) for name in SKILL_PARTS},
        **rolls,
    }


def _roll_document(roll: RollLuck | None, seat: int) -> dict[str, Any] | None:
    """A roll as the JSON says it: its turn, who rolled (seats from 1), the value, and
    what it gave ``seat``."""
    if roll is None:
        return None
    return {
        "turn": roll.turn,
        "seat": roll.seat + 1,
        "value": roll.value,
        "luck": round(roll.luck[seat], 3),
    }


POINT_EDGES = tuple(sorted({BEST_POINTS_BELOW, *(threshold for threshold, _ in POINT_GRADES)}))
"""The points lost at which a grade changes."""

PERCENT_EDGES = tuple(sorted({BEST_BELOW * 100, *(threshold * 100 for threshold, _ in GRADES)}))
"""The chance to win lost, in percentage points, at which a grade changes."""


def _shown(value: float, places: int, edges: tuple[float, ...], cut: bool) -> str:
    """A loss ``value`` with ``places`` decimals: rounded, as the JSON rounds it, but never
    up to a grade's edge it is below (4.96% shows as 4.9%, under a mistake's 5%), so that a
    loss is never shown above the grade it got; ``cut``: cut, never shown above itself."""
    scale = 10**places
    shown = math.trunc(value * scale) if cut else round(value * scale)
    for edge in edges:
        if value < edge <= (shown + 1e-6) / scale:
            shown = min(math.trunc(value * scale + 1e-9), round(edge * scale) - 1)
    return f"{shown / scale:.{places}f}"


def _points(value: float, places: int = 2, cut: bool = False) -> str:
    return _shown(value, places, POINT_EDGES, cut)


def _percent(chance: float, places: int = 1, cut: bool = False) -> str:
    return f"{_shown(chance * 100, places, PERCENT_EDGES, cut)}%"


def _deeper_percent(decision: Decision) -> str:
    """The deeper search's loss in chance to win (``_below`` the evaluator's)."""
    return _below(_percent, decision.deeper_loss_win_chance or 0.0, decision.loss_win_chance, 1)


def _deeper_points(decision: Decision) -> str:
    """The deeper search's loss in points (``_below`` the evaluator's)."""
    return _below(_points, decision.deeper_loss_points or 0.0, decision.loss_points, 2)


def _shows_a_loss(loss: float | None, shown: str) -> bool:
    """Whether a deeper search found a loss that reads as one as ``shown`` writes it:
    "0.0%" would read as a chance to win of nothing, so a loss too small to show is said
    as no worse than the best."""
    return (loss or 0.0) > 0 and any(digit in shown for digit in "123456789")


def _below(show: Callable[[float, int, bool], str], deeper: float, loss: float, places: int) -> str:
    """``deeper`` as ``show`` writes it, to a decimal more, cut, where it would read as
    ``loss`` does (it is below it whenever it is shown)."""
    shown = show(deeper, places, False)
    return show(deeper, places + 1, True) if shown == show(loss, places, False) else shown


def decision_line(decision: Decision, names: tuple[str, ...]) -> str:
    """One decision in a line."""
    played, best = action_words(decision.played), action_words(decision.best)
    flagged = grade(decision.loss_win_chance, decision.loss_points)
    if decision.played == decision.best:
        return _("Turn {turn}, {name}: {played}: best.").format(
            turn=decision.turn, name=names[decision.seat], played=played
        )
    if decision.grade == BEST and _points(decision.loss_points) == _points(0.0):
        # Below half a hundredth of a point ("0.00 points more" would read as a slip).
        line = _("Turn {turn}, {name}: {played}, level with the best found ({best}): {grade}.")
    elif decision.grade == BEST:  # a hair's breadth from the best found: no loss worth a grade
        line = _(
            "Turn {turn}, {name}: {played}, close to the best found ({best}, {points} points "
            "more): {grade}."
        )
    elif (  # looked at again by both measures: both figures said
        decision.doubted
        and _shows_a_loss(decision.deeper_loss_win_chance, _deeper_percent(decision))
        and _shows_a_loss(decision.deeper_loss_points, _deeper_points(decision))
    ):
        if decision.grade == flagged:
            line = _(
                "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
                "chance to win; a deeper search finds it lost {deeper_points} points and "
                "{deeper} chance to win, still a {grade}."
            )
        else:
            line = _(
                "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
                "chance to win; a deeper search finds it lost {deeper_points} points and "
                "{deeper} chance to win, so the {flagged} is not confirmed: {grade}."
            )
    elif (
        decision.doubted_by_chance
        and decision.grade == flagged
        and _shows_a_loss(decision.deeper_loss_win_chance, _deeper_percent(decision))
    ):
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win; a deeper search finds a smaller loss ({deeper} chance to win), "
            "still a {grade}."
        )
    elif decision.doubted_by_points and decision.grade == flagged and decision.deeper_loss_points:
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win; a deeper search finds a smaller loss ({deeper_points} points), "
            "still a {grade}."
        )
    elif decision.doubted_by_chance and _shows_a_loss(
        decision.deeper_loss_win_chance, _deeper_percent(decision)
    ):
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win; a deeper search finds a smaller loss ({deeper} chance to win), so "
            "the {flagged} is not confirmed: {grade}."
        )
    elif decision.doubted_by_points and _shows_a_loss(
        decision.deeper_loss_points, _deeper_points(decision)
    ):
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win; a deeper search finds a smaller loss ({deeper_points} points), so "
            "the {flagged} is not confirmed: {grade}."
        )
    elif decision.doubted:
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win; a deeper search finds it no worse than the best, so the {flagged} "
            "is not confirmed: {grade}."
        )
    elif _percent(decision.loss_win_chance) == _percent(0.0) and decision.grade != BEST:
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win: {grade} for the points, though it cost no chance to win."
        )
    elif GRADE_ORDER.index(grade(decision.loss_win_chance)) < GRADE_ORDER.index(decision.grade):
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win: {grade} for the points (graded by the chance to win lost alone: "
            "{by_chance})."
        )
    else:
        line = _(
            "Turn {turn}, {name}: {played}, best {best}: lost {points} points and {chance} "
            "chance to win: {grade}."
        )
    return line.format(
        turn=decision.turn,
        name=names[decision.seat],
        played=played,
        best=best,
        points=_points(decision.loss_points),
        chance=_percent(decision.loss_win_chance),
        deeper=_deeper_percent(decision),
        deeper_points=_deeper_points(decision),
        grade=_(GRADE_WORDS[decision.grade]),
        flagged=_(GRADE_WORDS[flagged]),
        by_chance=_(GRADE_WORDS[grade(decision.loss_win_chance)]),
    )


def player_line(player: PlayerReview) -> str:
    """One seat's summary in a line."""
    # Translators: between the grades counted in a player's summary: "best 3, good 1".
    counts = pgettext("between grades", ", ").join(
        f"{_(GRADE_WORDS[name])} {player.grades[name]}" for name in GRADE_ORDER
    )
    decisions = ngettext("{count} decision", "{count} decisions", player.decisions).format(
        count=player.decisions
    )
    return _(
        "{name}: margin {margin}, {decisions}, average loss {points} points ({counts})."
    ).format(
        name=player.name,
        margin=f"{player.margin:+d}",
        decisions=decisions,
        points=f"{player.average_loss_points:.2f}",
        counts=counts,
    )


def luck_line(player: PlayerReview) -> str:
    """One seat's margin split into luck and skill, in a line (the two add up to it); with
    2 players, skill's two parts too (adding up to it as shown)."""
    luck, skill = rounded(player.margin, player.account.skill)
    figures = {
        "name": player.name,
        "margin": f"{player.margin:+d}",
        "luck": f"{luck:+.1f}",
        "skill": f"{skill:+.1f}",
    }
    parts = rounded_skill_parts(player.account.skill, player.account.skill_parts)
    if parts is None:
        return _("{name}: margin {margin} = luck {luck} + skill {skill}.").format(**figures)
    decisions, foresight = parts
    return _(
        "{name}: margin {margin} = luck {luck} + skill {skill} "
        "(decisions {decisions}, foresight {foresight})."
    ).format(**figures, decisions=f"{decisions:+.1f}", foresight=f"{foresight:+.1f}")


def skill_parts_words(name: str, account: Account) -> str | None:
    """A seat's skill split into its two parts, as ``rounded_skill_parts`` shows them (they
    add up to the skill shown); None where the skill has no foresight part (3 and 4 players).
    """
    parts = rounded_skill_parts(account.skill, account.skill_parts)
    if parts is None:
        return None
    decisions, foresight = parts
    return _("{name}'s skill: decisions {decisions}, foresight {foresight}.").format(
        name=name, decisions=f"{decisions:+.1f}", foresight=f"{foresight:+.1f}"
    )


def rolls_line(luck_split: Split, seat: int, names: tuple[str, ...]) -> str | None:
    """The roll that gave ``seat`` the most and the one that took the most from it, in a
    line ("Ayla's luckiest roll: turn 22, Bo rolled 4 (+7.2 for Ayla); ..."); None without
    rolls."""
    pinned = luckiest_rolls(luck_split, seat)
    if pinned is None:
        return None
    best, worst = pinned
    return _(
        "{name}'s luckiest roll: turn {turn}, {roller} rolled {value} ({luck} for {name}); "
        "unluckiest: turn {worst_turn}, {worst_roller} rolled {worst_value} ({worst_luck})."
    ).format(
        name=names[seat],
        turn=best.turn,
        roller=names[best.seat],
        value=best.value,
        luck=f"{best.luck[seat]:+.1f}",
        worst_turn=worst.turn,
        worst_roller=names[worst.seat],
        worst_value=worst.value,
        worst_luck=f"{worst.luck[seat]:+.1f}",
    )


def chances_line(found: Review, seat: int, names: tuple[str, ...]) -> str:
    """A seat's chance to win at the start of each round, in a line (the summary's chart
    in words): "Ayla's chance to win, round by round: 63%, 65%, ... 0%."."""
    chances = series(percents(chances)[seat] for _turn, chances in found.chances)
    return _("{name}'s chance to win, round by round: {chances}.").format(
        name=names[seat], chances=chances
    )


def review_lines(found: Review, names: tuple[str, ...]) -> Iterable[str]:
    """The review in plain lines: each decision (after one graded an inaccuracy or worse,
    why the better move is better, in the hint's words: ``hint.why_better``), then each
    seat's summary, its luck and skill, the rolls that gave it most and took most, and its
    chance to win round by round; last, what luck and skill mean."""
    if not found.decisions:
        yield _("No decision to review: nobody had a choice to make.")
    inaccuracy = GRADE_ORDER.index(INACCURACY)
    for decision in found.decisions:
        yield decision_line(decision, names)
        if GRADE_ORDER.index(decision.grade) >= inaccuracy and decision.played != decision.best:
            why = why_better(decision.state, decision.best, decision.played, names[decision.seat])
            if why is not None:
                yield why
    for player in found.players:
        yield player_line(player)
        yield luck_line(player)
        if rolls := rolls_line(found.luck, player.seat, names):
            yield rolls
        if found.chances:
            yield chances_line(found, player.seat, names)
    if found.players:
        yield luck_and_skill_words(len(names))


def luck_and_skill_words(players: int) -> str:
    """What luck and skill's parts mean, in a line under the players' figures."""
    if has_foresight(players):
        return _(
            "Luck is what nobody decided: the dice and the start. Skill is what the decisions "
            "made of the margin, in two parts. Decisions: the points the other lost against "
            "the best option found, less the points you lost. Foresight: how much better the "
            "positions you chose turned out than the evaluator expected, against the other's; "
            "a player who looks further ahead than the hints gains it, and the other loses as "
            "much."
        )
    return _(
        "Luck is what nobody decided: the dice, the start, and how the others' decisions fell "
        "on you. Skill is the points the others lost against the best option found, on "
        "average, less the points you lost."
    )
