"""The lessons against the engine: each scripted position really gives the walk, the toll,
the refusal, the bankruptcy or the end its words describe."""

from __future__ import annotations

import pytest

from marrakech.engine import (
    DIE_FACES,
    Direction,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    Turn,
    carpets_per_colour,
)
from marrakech.games.reasons import ENGINE_SENTENCES
from marrakech.tutorial.course import (
    ANSWERS,
    ENGINE_REFUSALS,
    REFUSAL_GOALS,
    Course,
    covers_two_carpets,
    refusal_rule,
)
from marrakech.tutorial.lessons import (
    BO,
    LESSONS,
    YOU,
    Goal,
    Lesson,
    Rule,
    practice_start,
)


def lesson(key: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.key == key)


def start(key: str, step: int = 0) -> GameState:
    found = lesson(key).steps[step].start
    assert found is not None
    return found()


def test_every_lesson_starts_from_a_position_of_its_own_and_asks_one_thing_a_step() -> None:
    assert [lesson.key for lesson in LESSONS] == [
        "turn",
        "edge",
        "toll",
        "carpets",
        "bankrupt",
        "end",
    ]
    for each in LESSONS:
        assert each.steps[0].start is not None, each.key
        for step in each.steps:
            assert step.text and step.done
            if step.goal in ANSWERS or step.goal in REFUSAL_GOALS:
                assert step.hint, (each.key, step.goal)


def test_every_word_of_every_step_is_filled_in_by_the_course() -> None:
    course = Course()
    for number, each in enumerate(LESSONS, start=1):
        course.open(number)
        for step in each.steps:
            for words in (step.text, step.done, step.hint):
                said = course.say(words)
                assert "{" not in said and "}" not in said, (each.key, said)
            course.next()


def test_the_first_turn_offers_three_ways_and_never_a_u_turn() -> None:
    state = start("turn")
    facing = state.assam.facing
    ways = [action for action in state.legal_actions() if isinstance(action, Orient)]
    assert [way.turn for way in ways] == [Turn.LEFT, Turn.STRAIGHT, Turn.RIGHT]
    assert facing.opposite not in {facing.turned(way.turn) for way in ways}
    rolled = state.apply(Orient(Turn.LEFT)).transition(Roll(2))
    assert rolled.after.assam.square == (3, 1) and rolled.toll == 0
    assert rolled.after.phase is Phase.PLACE
    assert sorted(set(DIE_FACES)) == [1, 2, 3, 4]


def test_walking_off_the_top_follows_the_arc_back_in() -> None:
    rolled = start("edge").transition(Roll(3))
    assert [at for at, _ in rolled.path] == [(0, 4), (0, 5), (1, 5)]
    assert rolled.path[1][1] is Direction.S  # came back in facing south
    assert rolled.toll == 0


def test_walking_into_the_corner_turns_round_on_the_corner_square() -> None:
    rolled = start("edge", 1).transition(Roll(3))
    assert rolled.path == (
        ((0, 6), Direction.E),
        ((0, 6), Direction.S),
        ((1, 6), Direction.S),
    )


def test_the_toll_is_the_joined_region_not_the_carpet_and_not_the_corner() -> None:
    state = start("toll")
    rolled = state.transition(Roll(2))
    assert rolled.after.assam.square == (2, 3)
    assert rolled.payee == BO and not rolled.eliminated
    assert rolled.region == {(2, 3), (2, 4), (1, 4), (1, 5)}
    assert rolled.toll == 4 == rolled.paid
    assert state.top((3, 5)) == state.top((4, 5))  # blue, meeting the region at a corner only
    assert (3, 5) not in rolled.region


@pytest.mark.parametrize(
    ("goal", "rule"),
    [
        (Goal.REFUSED_APART, Rule.APART),
        (Goal.REFUSED_UNDER, Rule.UNDER),
        (Goal.REFUSED_WHOLE, Rule.WHOLE),
    ],
)
def test_each_rule_of_laying_is_one_the_engine_refuses_in_the_lesson(
    goal: Goal, rule: Rule
) -> None:
    state = start("carpets")
    assert REFUSAL_GOALS[goal] is rule
    examples = {
        Rule.APART: Place((0, 0), (0, 1)),
        Rule.UNDER: Place((3, 2), (3, 3)),
        Rule.WHOLE: Place((2, 2), (2, 3)),
    }
    reason = state.why_illegal(examples[rule])
    assert reason is not None and refusal_rule(reason) is rule
    step = next(step for step in lesson("carpets").steps if step.goal is goal)
    if step.target is not None:
        reason = state.why_illegal(step.target)
        assert reason is not None and refusal_rule(reason) is rule


def test_any_other_refusal_is_the_shape_of_a_carpet() -> None:
    state = start("carpets")
    reason = state.why_illegal(Place((3, 4), (4, 5)))
    assert reason is not None and refusal_rule(reason) is Rule.SHAPE


def test_covering_halves_of_two_carpets_is_allowed() -> None:
    state = start("carpets")
    step = lesson("carpets").steps[-1]
    assert step.goal is Goal.LAY_ACROSS and step.target is not None
    assert state.is_legal(step.target)
    assert covers_two_carpets(state, step.target)
    (first, second) = (state.top(step.target.a), state.top(step.target.b))
    assert first is not None and second is not None and first.colour != second.colour


def test_a_toll_above_your_money_takes_it_all_and_puts_you_out() -> None:
    state = start("bankrupt")
    money = state.players[YOU].money
    rolled = state.transition(Roll(2))
    assert rolled.toll == 6 > money == rolled.paid == 3
    assert rolled.eliminated == YOU
    after = rolled.after
    assert after.players[BO].money == state.players[BO].money + money
    assert after.players[YOU].pile == () and after.players[YOU].eliminated
    assert after.phase is Phase.ORIENT and after.current == BO  # the game goes on
    red = after.players[YOU].colours[0]
    assert after.is_neutral(red)
    assert after.toll_at((5, 4), BO) == (0, None)  # the learner's carpets charge nothing now


def test_any_last_carpet_ends_the_game_in_a_tie_on_points_broken_by_dirhams() -> None:
    state = start("end")
    assert state.phase is Phase.PLACE
    assert [player.carpets_left for player in state.players] == [1, 0, 0]
    for place in state.legal_placements():
        after = state.apply(place)
        assert after.phase is Phase.OVER
        you, bo, cem = after.scores()
        assert (you.visible, you.dirhams, you.total) == (8, 12, 20)
        assert (bo.total, bo.dirhams) == (20, 11)
        assert cem.total < 20
        assert after.winners() == (YOU,)


def test_the_players_hold_a_game_of_three_s_carpets_less_those_on_the_market() -> None:
    # They held 5 each, whatever the market showed; the last lesson's last carpets are its
    # subject (everyone else has laid theirs), as the test above checks.
    for each in (lesson for lesson in LESSONS if lesson.key != "end"):
        for step in each.steps:
            if step.start is None:
                continue
            state = step.start()
            laid = {layer for stack in state.stacks for layer in stack}
            for player in state.players:
                mine = sum(1 for layer in laid if layer.colour in player.colours)
                assert player.carpets_left == carpets_per_colour(3) - mine, each.key


def test_the_short_game_is_one_colour_each_against_the_gentle_computer() -> None:
    state = practice_start()
    assert [player.colours for player in state.players] == [
        (state.players[0].pile[0],),
        (state.players[1].pile[0],),
    ]
    assert [player.carpets_left for player in state.players] == [8, 8]
    assert state.phase is Phase.ORIENT and state.current == YOU


def test_the_refusals_the_course_reads_are_the_engine_sentences_players_are_told() -> None:
    assert set(ENGINE_REFUSALS.values()) <= set(ENGINE_SENTENCES)
