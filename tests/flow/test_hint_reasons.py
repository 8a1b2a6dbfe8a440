# ruff: noqa: RUF001
"""Hints that choose by what they say (flow/hint.py): the pick is the evaluator's best
decision, and the figures the hint quotes rank the pick first."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine.games import GameSpec, play
from engine.positions import build
from hypothesis import given
from hypothesis import strategies as st

from marrakech.bots.evaluator import DEFAULT_EVALUATOR
from marrakech.bots.simple import GreedyBot
from marrakech.engine import GameState, Orient, Phase, Place, Roll, Turn, Variant, new_game
from marrakech.flow.hint import (
    EITHER_BELOW,
    QUOTED_MOST,
    SHOWN,
    Hint,
    HintGiver,
    hint,
    hint_move,
    shown_tenths,
    why_better,
)
from marrakech.flow.judging import EQUAL_CHANCE, judge
from marrakech.flow.review import BEST, GOOD, grade
from marrakech.games import language
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import by_seat, play_out_steps
from marrakech.games.storage import load_game

DECIDING = (Phase.ORIENT, Phase.PLACE, Phase.AIM)


def positions(seeds: range) -> Iterator[GameState]:
    """A position where a player decides for each seed, from seeded games: 2, 3 and 4 players,
    the standard and the aiming variant, played at random (even seeds) or by greedy
    players (odd seeds), each position taken at a random point of its game."""
    for seed in seeds:
        players = 2 + seed % 3
        variant = Variant.AIM if seed // 3 % 2 else Variant.STANDARD
        if seed % 2 == 0:
            spec = GameSpec(players, variant, seed, seed % players, False, False)
            states = [step.before for step in play(spec)]
        else:
            greedy = [GreedyBot(bot_seed(seed, seat)) for seat in range(players)]
            start = new_game(players, seed=seed, variant=variant)
            states = [
                step.before for step in play_out_steps(start, by_seat(greedy), SeededDie(seed))
            ]
        deciding = [state for state in states if state.phase in DECIDING]
        yield random.Random(seed).choice(deciding)


def assert_ranks_its_pick_first(state: GameState, found: Hint) -> None:
    values = DEFAULT_EVALUATOR.decisions(state)
    best = max(value.win_chance for value in values)
    by_action = {value.action: value for value in values}
    # The pick is the best decision by the mover's chance to win, or less than
    # EQUAL_CHANCE below it and worth the most points of those so close.
    picked = by_action[found.pick]
    assert picked.win_chance > best - EQUAL_CHANCE
    assert found.win_chance == picked.win_chance
    top = max(values, key=lambda value: value.win_chance)
    weights = DEFAULT_EVALUATOR.margin_weights(state, top.evaluation.points)
    for value in values:
        if value.win_chance > best - EQUAL_CHANCE:
            lead = sum(part.points for part in DEFAULT_EVALUATOR.compare(picked, value, weights))
            assert lead >= -1e-9
    if found.compared is None:
        assert len(values) == 1
        return
    assert found.compared != found.pick
    assert found.compared_win_chance == by_action[found.compared].win_chance
    assert found.win_chance >= found.compared_win_chance or (
        found.chance_a_hair_lower
        and found.compared_win_chance - found.win_chance < EQUAL_CHANCE
        and found.points >= -1e-9
    )
    assert len(found.parts) <= QUOTED_MOST
    if found.parts and abs(found.points) < SHOWN:
        assert_they_cancel_out(state, found)
    elif found.parts:
        gains = sum(part.points for part in found.parts if part.points > 0)
        losses = -sum(part.points for part in found.parts if part.points < 0)
        # Every figure quoted is shown (not 0.0), and those for the pick outweigh the others.
        assert all(abs(part.points) >= SHOWN for part in found.parts)
        assert gains > losses
        assert found.points >= SHOWN
        # The total quoted is the difference of all the parts, as the evaluator weighs them.
        parts = DEFAULT_EVALUATOR.compare(
            by_action[found.pick], by_action[found.compared], found.weights
        )
        assert found.points == pytest.approx(sum(part.points for part in parts))
        quoted = {part.name: part.points for part in found.parts}
        for part in parts:
            if part.name in quoted:
                assert quoted[part.name] == pytest.approx(part.points)
        # The part that differs most is named, against the pick or for it; a loss is left
        # among everything else only where the gains that can be named do not outweigh it.
        largest = max(parts, key=lambda part: abs(part.points))
        if largest.name not in quoted:
            assert largest.points < 0 and all(points > 0 for points in quoted.values())
            gains = sorted((part.points for part in parts if part.points >= SHOWN), reverse=True)
            assert largest.points + sum(gains[: QUOTED_MOST - 1]) < SHOWN
    elif found.chance_a_hair_lower:  # no parts, and no better chance: nothing to choose
        assert any("either will do" in sentence for sentence in found.sentences)
    else:  # no parts: the sentence gives the chances, and the pick's is the higher
        assert round(found.win_chance * 100) >= round(found.compared_win_chance * 100)


def assert_they_cancel_out(state: GameState, found: Hint) -> None:
    """Two options worth about the same in all: the part that differs most (half a point
    or more) is quoted first, then the largest the other way, as the evaluator weighs them."""
    by_action = {value.action: value for value in DEFAULT_EVALUATOR.decisions(state)}
    assert found.compared is not None
    parts = DEFAULT_EVALUATOR.compare(
        by_action[found.pick], by_action[found.compared], found.weights
    )
    largest = max(parts, key=lambda part: abs(part.points))
    assert found.parts[0] == largest and abs(largest.points) >= EITHER_BELOW
    others = sorted(
        (part for part in parts if (part.points > 0) != (largest.points > 0)),
        key=lambda part: abs(part.points),
        reverse=True,
    )
    assert found.parts[1:] == tuple(others[: len(found.parts) - 1])
    assert all(abs(part.points) >= SHOWN for part in found.parts)
    assert "about the same as" in found.sentences[0]


def assert_the_figures_said_add_up(found: Hint) -> None:
    """The figures the reason quotes, gains less losses, make the total it says."""
    if not found.parts:
        return
    sentence = found.sentences[0]
    losses, _, gains = sentence.rpartition(", but gains ")
    assert sentence.startswith("In points of your lead, "), sentence
    figures = [float(figure) for figure in re.findall(r"(\d+\.\d) (?:on|more)", gains)]
    *items, total = [*figures, 0.0] if "about the same as" in gains else figures
    given_up = [float(figure) for figure in re.findall(r"(\d+\.\d) on", losses)]
    assert round(sum(items) - sum(given_up), 1) == total, sentence


def assert_the_review_grades_them_best(state: GameState, found: Hint) -> None:
    """Where a hint says "either (any) will do", the review grades each option it means
    "best": a player who took the hint at its word is not marked down."""
    assert found.compared is not None
    for option in (found.compared, *(way for way, _chance in found.also)):
        judgement = judge(state, option)
        assert judgement is not None
        assert grade(judgement.loss_win_chance, judgement.loss_points) == BEST, option


def check(seeds: range) -> None:
    seen: set[tuple[Phase, int]] = set()
    for state in positions(seeds):
        found = hint(state)
        assert found is not None
        assert_ranks_its_pick_first(state, found)
        assert_the_figures_said_add_up(found)
        assert found.sentences
        if any("are worth about the same" in sentence for sentence in found.sentences):
            assert abs(found.points) < EITHER_BELOW  # alike in points too, not only in chance
        if any(" will do" in sentence for sentence in found.sentences):
            assert_the_review_grades_them_best(state, found)
        # Without the chances, the same options are said to be alike, or not.
        without = hint(state, chances=False)
        assert without is not None
        alike_said = [any("will do" in s for s in h.sentences) for h in (found, without)]
        assert alike_said[0] == alike_said[1], (found.sentences, without.sentences)
        seen.add((state.phase, len(state.players)))
    assert seen == {(phase, players) for phase in DECIDING for players in (2, 3, 4)}


def test_the_figures_a_hint_quotes_rank_its_pick_first() -> None:
    check(range(24))  # the fewest seeds that still meet every phase with 2, 3 and 4 players


def test_a_hint_that_may_not_quote_chances_picks_the_same_and_quotes_points_only() -> None:
    for state in positions(range(24)):
        found, without = hint(state), hint(state, chances=False)
        assert found is not None and without is not None
        assert (without.pick, without.compared, without.parts) == (
            found.pick,
            found.compared,
            found.parts,
        )
        assert without.sentences and not any("%" in sentence for sentence in without.sentences)
        if found.parts:  # the figures that decided, as with the chances
            assert without.sentences[0] == found.sentences[0]


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 500, 125))
def test_the_figures_a_hint_quotes_rank_its_pick_first_in_500_positions(first: int) -> None:
    """Seeds 0 to 499, in four parts that the workers share."""
    check(range(first, first + 125))


def played_position(seed: int, index: int) -> GameState:
    """The position before step ``index`` of the random game ``positions`` plays for an
    even ``seed``."""
    players = 2 + seed % 3
    variant = Variant.AIM if seed // 3 % 2 else Variant.STANDARD
    spec = GameSpec(players, variant, seed, seed % players, False, False)
    return list(play(spec))[index].before


def test_a_pick_worth_fewer_points_for_a_chance_better_by_less_than_shows_says_so() -> None:
    found = hint(played_position(16, 125))
    without = hint(played_position(16, 125), chances=False)
    assert found is not None and without is not None
    assert found.points <= -EITHER_BELOW
    assert found.win_chance - found.compared_win_chance >= EQUAL_CHANCE
    assert found.sentences == (
        "In points of your lead, turning right is worth 1.0 less on average than turning left, "
        "but its chance to win is a little better (both show as 3%).",
    )
    assert without.sentences == (
        "In points of your lead, turning right is worth 1.0 less on average than turning left, "
        "but its chance to win is a little better.",
    )


def test_chances_less_than_half_a_percentage_point_apart_are_equal_and_the_points_decide() -> None:
    state = played_position(50, 135)
    found = hint(state)
    assert found is not None
    # Turning right has a hair more chance to win, too little for the review to grade: the
    # hint picks left, worth a point more, and the review agrees with it.
    assert (found.pick, found.compared) == (Orient(Turn.LEFT), Orient(Turn.RIGHT))
    assert found.chance_a_hair_lower
    assert found.sentences == (
        "In points of your lead, turning left gives up 0.1 on the carpet laid this turn and 0.1 "
        "on everything else, but gains 1.2 on the toll on this roll: 1.0 more than turning right.",
        "Your chance to win: 0% (turning right: 1%), less than half a percentage point apart, "
        "so the points decide.",
        "Going straight: 0%.",
    )
    left, right = judge(state, Orient(Turn.LEFT)), judge(state, Orient(Turn.RIGHT))
    assert left is not None and right is not None
    assert left.best.action == right.best.action == Orient(Turn.LEFT)
    assert grade(left.loss_win_chance, left.loss_points) == "best"
    assert right.loss_win_chance == 0.0 and right.loss_points == pytest.approx(found.points)
    assert grade(right.loss_win_chance, right.loss_points) == "good"


def test_options_a_hair_apart_in_chance_and_alike_in_points_are_either_will_do() -> None:
    found = hint(played_position(22, 100))
    assert found is not None
    assert found.chance_a_hair_lower
    assert found.sentences == (
        "Laying it on (2,0)-(3,0) and laying it on (1,1)-(1,2) are worth about the same, 56% "
        "and 57% chance to win, less than half a percentage point apart: either will do.",
    )
    # Where parts of half a point or more cancel out, they are said.
    cancelling = hint(played_position(8, 68))
    assert cancelling is not None and cancelling.chance_a_hair_lower
    assert cancelling.sentences == (
        "In points of your lead, laying it on (2,1)-(3,1) gives up 0.4 on the next player's roll "
        "and 0.1 on everything else, but gains 0.5 on the carpet laid this turn: about the same "
        "as laying it on (1,2)-(1,3).",
        "Your chance to win: 17% (laying it on (1,2)-(1,3): 18%), less than half a percentage "
        "point apart: either will do.",
    )
    with_parts = hint(played_position(29, 113))
    assert with_parts is not None
    assert with_parts.sentences[-1] == (
        "Your chance to win: 6% (turning right: 7%), less than half a percentage point apart: "
        "either will do."
    )
    without = hint(played_position(29, 113), chances=False)
    assert without is not None
    assert without.sentences[-1] == "Either will do."


def issue_example() -> GameState:
    """Issue 24's example: seed 1422769287, Player 1 goes ahead, rolls 3, lays c0.2-1.2."""
    state = new_game(2, seed=1422769287)
    return state.apply(Orient(Turn.STRAIGHT)).apply(Roll(3)).apply(Place((0, 2), (1, 2)))


EXAMPLE_ENGLISH = (
    "In points of your lead, turning left gives up 0.7 on the toll on this roll and 0.4 on "
    "everything else, but gains 1.1 on squares that earn tolls later and 0.8 on the carpet laid "
    "this turn: 0.8 more than turning right.",
    "Your chance to win: 54% (turning right: 51%).",
    "Going straight: 49%.",  # every facing's chance is given
)


def test_the_issue_s_example_says_why_left_despite_its_toll() -> None:
    found = hint(issue_example())
    assert found is not None
    assert found.pick == Orient(Turn.LEFT)
    assert found.compared == Orient(Turn.RIGHT)
    assert found.naive  # turning right pays no toll on this roll
    assert [part.name for part in found.parts] == ["presence", "carpet", "toll"]
    assert found.sentences == EXAMPLE_ENGLISH


def test_the_issue_s_example_in_japanese() -> None:
    assert language.use("ja") == "ja"
    try:
        found = hint(issue_example())
    finally:
        language.use(language.ENGLISH)
    assert found is not None
    assert found.sentences == (
        "あなたのリード（ほかのプレイヤーとの点差）で数えると、"
        "「左に向ける」は「右に向ける」と比べて、この出目の通行料の面で0.7点とその他の面で"
        "0.4点不利ですが、のちに通行料を稼ぐマスの面で1.1点とこの手番に敷くじゅうたんの面で"
        "0.8点有利です。差し引き0.8点有利です。",
        "あなたが勝つ確率は54%です（「右に向ける」なら51%）。",
        "「まっすぐのまま」なら49%です。",
    )


def test_a_carpet_hint_in_english_and_japanese() -> None:
    state = build(
        players=2,
        carpets=["R 3.4-3.5", "B 2.4-2.5", "R 4.4-4.5"],
        assam="3.3 N",
        phase="place",
        current=0,
        piles=["RR", "BB"],
    )
    found = hint(state)
    assert found is not None
    assert found.pick == Place((2, 3), (2, 4))
    assert not found.naive  # no other carpet gains more now: the runner-up
    assert_ranks_its_pick_first(state, found)
    assert found.sentences == (
        "In points of your lead, laying it on (2,3)-(2,4) gains 1.0 on the carpet laid this turn, "
        "0.1 on tolls on the later rolls and 0.1 on squares that earn tolls later: 1.2 more than "
        "laying it on (4,2)-(4,3).",
        "Your chance to win: 80% (laying it on (4,2)-(4,3): 75%).",
    )
    assert language.use("ja") == "ja"
    try:
        found = hint(state)
    finally:
        language.use(language.ENGLISH)
    assert found is not None
    assert found.sentences == (
        "あなたのリード（ほかのプレイヤーとの点差）で数えると、"
        "「(2,3)と(2,4)に敷く」は「(4,2)と(4,3)に敷く」と比べて、この手番に敷くじゅうたんの"
        "面で1.0点、その後の出目の通行料の面で0.1点とのちに通行料を稼ぐマスの面で0.1点有利"
        "です。合わせて1.2点有利です。",
        "あなたが勝つ確率は80%です（「(4,2)と(4,3)に敷く」なら75%）。",
    )


def test_an_aim_quotes_what_outweighs_the_figure_against_it() -> None:
    state = build(players=2, assam="0.0 N", phase="aim", current=0, variant="aim")
    found = hint(state)
    assert found is not None
    assert_ranks_its_pick_first(state, found)
    assert found.sentences[0] == (
        "In points of your lead, turning right gives up 0.4 on which carpets are likely to be "
        "covered, but gains 0.5 on the next player's roll: 0.1 more than turning left."
    )


def test_no_hint_where_the_die_decides() -> None:
    assert hint(build(players=2, phase="roll", current=0)) is None


def test_the_hint_giver_keeps_what_it_found_for_the_app() -> None:
    state = issue_example()
    move = hint_move(state)
    assert isinstance(move.bot, HintGiver)
    assert move.think() == Orient(Turn.LEFT)
    assert move.bot.found is not None
    assert move.bot.found.sentences == EXAMPLE_ENGLISH


@given(
    st.lists(
        st.builds(
            lambda size, negative: -size if negative else size,
            st.floats(min_value=0.05, max_value=30),
            st.booleans(),
        ),
        min_size=1,
        max_size=5,  # up to four parts quoted, and the rest together
    )
)
def test_the_figures_shown_add_up_to_the_total_shown(values: list[float]) -> None:
    shown, total = shown_tenths(values, sum(values))
    assert sum(shown) == total
    if all(abs(value) >= 0.15 for value in values):  # no value held off 0
        assert abs(total - sum(values) * 10) < 1  # a tenth at most from the total
    for value, tenths in zip(values, shown, strict=True):
        assert tenths != 0 and (tenths > 0) == (value > 0)  # never 0, never across it
        # Half a tenth off at most by rounding (0.05 held off 0 as 0.1 too), then moved a
        # tenth at most: 0.05 may show as 0.2 (0.05 - 0.05 - 0.05 - 0.05 reads -0.1).
        assert abs(tenths - value * 10) <= 1.5


@given(
    st.lists(st.floats(min_value=-30, max_value=30).filter(lambda v: abs(v) >= 0.15), max_size=5)
)
def test_the_total_shown_misses_its_nearest_tenth_only_where_no_figure_could_move(
    values: list[float],
) -> None:
    # The review's figure, rounded (0.74 is not said 0.8), unless meeting it would show a
    # figure more than three quarters of a tenth from its value, or at 0, or across it.
    shown, total = shown_tenths(values, sum(values))
    exact = sum(values) * 10
    if abs(total - exact) <= 0.5 + 1e-9:
        return
    step = 1 if exact > total else -1
    for value, tenths in zip(values, shown, strict=True):
        moved = tenths + step
        assert moved == 0 or (moved > 0) != (value > 0) or abs(moved - value * 10) > 0.75


def test_rounded_parts_that_miss_the_total_are_moved_to_meet_it() -> None:
    # 1.24 + 0.44 - 0.27 = 1.41: rounded one by one, 1.2 + 0.4 - 0.3 = 1.3, not 1.4.
    assert shown_tenths([1.24, 0.44, -0.27], 1.41) == ([13, 4, -3], 14)
    assert shown_tenths([0.05, 2.0], 2.05) == ([1, 20], 21)  # 0.05 shows as 0.1, never 0.0
    # 0.46 + 0.28 = 0.74: rounded one by one 0.5 + 0.3 = 0.8, which the review says is 0.74.
    assert shown_tenths([0.46, 0.28], 0.74) == ([4, 3], 7)


def test_options_close_in_points_and_in_chance_are_said_to_be_either_as_the_review_grades() -> None:
    # Seed 35: the pick gains 0.3 points over the other carpet, 3% chance to win with both,
    # 0.3 percentage points apart: the review grades either "best".
    state = next(positions(range(35, 36)))
    found = hint(state)
    assert found is not None and found.parts and found.points < 0.5
    assert found.sentences[-1] == "Your chance to win: 3% with both, so either will do."
    quiet = hint(state, chances=False)
    assert quiet is not None and quiet.sentences[-1] == "Either will do."
    # Seed 4: 15% with both, but 0.6 percentage points apart: the review grades the other
    # "good" (it lost chance to win), so the hint does not say either will do.
    state = next(positions(range(4, 5)))
    found = hint(state)
    assert found is not None and found.win_chance - found.compared_win_chance >= EQUAL_CHANCE
    assert found.sentences[-1] == (
        "Your chance to win: 15% (laying it on (2,1)-(3,1): a little less, 15% too)."
    )
    assert grade(found.win_chance - found.compared_win_chance, found.points) == GOOD
    quiet = hint(state, chances=False)
    assert quiet is not None and quiet.sentences == (found.sentences[0],)
    # Seed 5: the chances shown differ (60% against 54%): both are quoted, nothing is "either".
    state = next(positions(range(5, 6)))
    found = hint(state)
    assert found is not None
    assert found.sentences[-1] == "Your chance to win: 60% (turning right: 54%)."
    # Seed 6: the same chance shown (99%), but 1.3 points apart: the points decide.
    state = next(positions(range(6, 7)))
    found = hint(state)
    assert found is not None and found.points >= 0.5
    assert found.sentences[-1] == "Your chance to win: 99% either way, so the points decide."


def test_parts_that_cancel_to_the_tenth_say_about_the_same_not_0_0_more() -> None:
    # Seed 200: the pick gains 0.106 and gives up 0.050, 0.06 in all: 0.1 and 0.1 as shown,
    # about the same (the gain is not said 0.2 to make the total 0.1).
    found = hint(next(positions(range(200, 201))))
    assert found is not None
    assert found.sentences == (
        "In points of your lead, laying it on (5,5)-(5,6) gives up 0.1 on tolls on the later "
        "rolls, but gains 0.1 on the next player's roll: about the same as laying it on "
        "(5,4)-(5,5).",
        "Your chance to win: 27% with both, so either will do.",
    )


def test_where_all_three_ways_are_alike_the_hint_says_so() -> None:
    # The opening: an empty market, Assam in the middle; every way is worth the same.
    found = hint(new_game(2, seed=1))
    assert found is not None
    assert found.sentences == (
        "All three ways are worth about the same: any will do.",
        f"Moving first: {round(found.win_chance * 100)}% to win, not 50%.",
    )
    assert found.any_way
    quiet = hint(new_game(2, seed=1), chances=False)  # between people: no chance quoted
    assert quiet is not None and quiet.sentences == (
        "All three ways are worth about the same: any will do.",
    )
    elsewhere = hint(next(positions(range(5, 6))))  # turning right is worse: a way to pick
    assert elsewhere is not None and not elsewhere.any_way


def test_why_a_better_move_is_better_is_said_as_the_hint_says_it() -> None:
    # The review's "better move" says why in the hint's words: the same parts and total.
    for state in positions(range(1, 12)):
        found = hint(state)
        assert found is not None and found.compared is not None
        why = why_better(state, found.pick, found.compared, "Bo")
        # (Parts that cancel out are no reason why one is better.) A review names whose lead.
        said = found.sentences[0].replace("In points of your lead, ", "In points of Bo's lead, ")
        assert why == (said if found.parts and found.points >= SHOWN else None)
    state = next(positions(range(1, 2)))
    found = hint(state)
    assert found is not None and found.compared is not None
    assert why_better(state, found.compared, found.pick, "Bo") is None  # worth less: no "why"


def my_facing_in_the_last_facing_game(next_carpet: int) -> GameState:
    """My facing (seat 0) before carpet ``next_carpet`` of a game against the expert."""
    session = load_game(Path(__file__).parents[1] / "data" / "last_facing.json")
    return next(
        t.before
        for t in session.transitions
        if t.seat == 0 and t.before.phase is Phase.ORIENT and t.before.next_carpet == next_carpet
    )


def test_a_chance_a_hair_lower_that_shows_the_same_is_said_once() -> None:
    # Turn 29 of a game against the expert: turning left is worth 0.1 points more than
    # turning right, its chance a hair lower; both show as 60%.
    found = hint(my_facing_in_the_last_facing_game(28))
    assert found is not None and found.chance_a_hair_lower
    assert found.sentences[-2:] == (
        "Your chance to win: 60% with both, so either will do.",
        "Going straight: 54%.",
    )


def test_a_way_not_picked_whose_chance_shows_higher_says_why_it_is_not_the_pick() -> None:
    # "Your chance to win: 9% with both ... Going straight: 10%." read as a contradiction.
    found = hint(played_position(332, 105))
    assert found is not None and found.pick == Orient(Turn.LEFT)
    assert found.sentences[-2:] == (
        "Your chance to win: 9% with both, so either will do.",
        "Going straight: 10%, less than half a percentage point more, so the points decide.",
    )


def test_in_the_last_turns_the_hint_quotes_the_rest_of_the_game_worked_out_exactly() -> None:
    # Turn 47 of a game against the expert, two carpets left: going straight wins 27 games
    # in 36, turning right 20, turning left 19 (the estimate said left, 81%).
    found = hint(my_facing_in_the_last_facing_game(46))
    assert found is not None and found.pick == Orient(Turn.STRAIGHT)
    assert found.sentences == (
        "In points of your lead, going straight gives up 0.2 on the carpet laid this turn, but "
        "gains 0.4 on the rest of the game (worked out exactly): 0.2 more than turning right.",
        "Your chance to win: 75% (turning right: 56%).",
        "Turning left: 53%.",
    )


def test_a_facing_s_hint_gives_every_way_s_chance_once_where_chances_are_shown() -> None:
    state = issue_example()
    found = hint(state)
    assert found is not None
    chances = found.sentences[-2:]
    assert chances == ("Your chance to win: 54% (turning right: 51%).", "Going straight: 49%.")
    assert [choice for choice, _ in found.others] == [Orient(Turn.STRAIGHT)]
    without = hint(state, chances=False)
    assert without is not None and without.others == ()
    assert "Going straight" not in " ".join(without.sentences)


def test_options_alike_in_all_say_which_parts_cancel_out_and_which_gives_the_better_chance() -> (
    None
):
    state = played_position(16, 23)
    found, without = hint(state), hint(state, chances=False)
    assert found is not None and without is not None
    reason = (
        "In points of your lead, turning right gives up 0.7 on the carpet laid this turn and 0.2 "
        "on everything else, but gains 0.9 on the toll on this roll: about the same as turning "
        "left."
    )
    assert found.sentences == (reason, "Your chance to win: 40% (turning left: 37%).")
    assert without.sentences == (reason, "It gives the better chance to win.")


def random_game_position(players: int, seed: int, index: int) -> GameState:
    """The position before step ``index`` of a standard game played at random."""
    spec = GameSpec(players, Variant.STANDARD, seed, seed % players, False, False)
    return list(play(spec))[index].before


def test_where_all_three_ways_are_alike_any_will_do_not_either_with_both() -> None:
    # Seed 0, turn 37 (2 players): turning right is 0.3 points ahead of turning left, and
    # going straight is worth about the same too; all three show 6%.
    state = random_game_position(2, 0, 72)
    found = hint(state)
    assert found is not None and found.any_way
    assert found.sentences[1:] == (
        "Going straight is worth about the same too.",
        "Your chance to win: 6% whichever way, so any will do.",
    )
    quiet = hint(state, chances=False)
    assert quiet is not None and quiet.sentences[1:] == (
        "Going straight is worth about the same too.",
        "Any will do.",
    )
    # Seed 67 (3 players): less than half a percentage point apart, shown apart: each way's
    # chance is given.
    found = hint(random_game_position(3, 67, 45))
    assert found is not None and found.any_way
    assert found.sentences[-1] == (
        "Your chance to win: 43% (going straight: 42% and turning right: 42%), too close to "
        "count: any will do."
    )
    # Seed 29 (4 players): no part shows; each way is named with its chance.
    found = hint(random_game_position(4, 29, 66))
    assert found is not None and found.any_way
    assert found.sentences == (
        "All three ways are worth about the same, their chances to win too close to count "
        "(going straight: 9%, turning right: 8% and turning left: 8%): any will do.",
    )


def test_the_first_decision_says_its_chance_is_the_edge_of_playing_first() -> None:
    start = new_game(2, seed=3)
    found = hint(start)
    assert found is not None
    assert found.sentences == (
        "All three ways are worth about the same: any will do.",
        "Moving first: 63% to win, not 50%.",
    )
    four = hint(new_game(4, seed=3))
    assert four is not None
    assert four.sentences[-1] == "Moving first: 32% to win, not 25%."
    # Said once: not where the chances are not shown, nor once a carpet is down.
    quiet = hint(start, chances=False)
    assert quiet is not None and not any("Moving first" in line for line in quiet.sentences)
    later = start.apply(Orient(Turn.STRAIGHT)).apply(Roll(3)).apply(Place((0, 2), (1, 2)))
    second = hint(later)
    assert second is not None and not any("Moving first" in line for line in second.sentences)
    # Nor from a start built otherwise (fewer dirhams, Assam elsewhere): not the seat's edge.
    for built in (
        build(players=2, money=[10, 30], phase="orient", current=0),
        build(players=2, assam="0.0 E", phase="orient", current=0),
    ):
        other = hint(built)
        assert other is not None and not any("Moving first" in line for line in other.sentences)
    as_dealt = hint(build(players=2, phase="orient", current=0))  # the rules' own start
    assert as_dealt is not None and as_dealt.sentences[-1].startswith("Moving first: ")
