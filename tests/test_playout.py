"""Playing a game out: choices from the chooser, rolls from the die stream, to the end."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from marrakech.bots import make_bot
from marrakech.engine import Action, GameState, IllegalAction, Phase, Roll, Variant, new_game
from marrakech.games.dice import LoadedDie, SeededDie
from marrakech.games.playout import Chooser, by_seat, play_out, play_out_steps


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_actions())


@pytest.mark.parametrize(("players", "variant"), [(2, Variant.STANDARD), (3, Variant.AIM)])
def test_steps_play_the_game_play_out_plays(players: int, variant: Variant) -> None:
    start = new_game(players, seed=8, variant=variant)
    steps = list(play_out_steps(start, random_chooser(1), SeededDie(8)))
    assert steps[0].before == start
    assert all(a.after == b.before for a, b in pairwise(steps))
    assert steps[-1].after.phase is Phase.OVER
    assert play_out(start, random_chooser(1), SeededDie(8)) == steps[-1].after


def test_the_rolls_are_the_die_streams_in_order() -> None:
    steps = play_out_steps(new_game(2, seed=3), random_chooser(2), SeededDie(3))
    rolls = [step.action for step in steps if isinstance(step.action, Roll)]
    assert [roll.value for roll in rolls] == [SeededDie(3).roll(n) for n in range(len(rolls))]


def middle_choice(state: GameState) -> Action:
    """The same choice in the same position, whatever came before."""
    actions = state.legal_actions()
    return actions[len(actions) // 2]


def test_rolls_says_where_a_game_under_way_goes_on_in_the_stream() -> None:
    whole = list(play_out_steps(new_game(2, seed=4), middle_choice, SeededDie(4)))
    middle = whole[40].after
    rolled = sum(isinstance(step.action, Roll) for step in whole[:41])
    rest = play_out_steps(middle, middle_choice, SeededDie(4), rolls=rolled)
    assert [step.action for step in rest] == [step.action for step in whole[41:]]
    assert play_out(middle, middle_choice, SeededDie(4), rolls=rolled) == whole[-1].after


def test_a_loaded_die_sets_the_rolls_and_refuses_one_past_its_last() -> None:
    steps = play_out_steps(new_game(2, seed=1), middle_choice, LoadedDie((3, 4)))
    rolls = []
    with pytest.raises(IllegalAction, match="roll 3 was asked for"):
        for step in steps:
            if isinstance(step.action, Roll):
                rolls.append(step.action.value)
    assert rolls == [3, 4]


def test_by_seat_asks_the_bot_of_the_seat_to_move() -> None:
    asked: list[tuple[str, int]] = []

    class Recorder:
        def __init__(self, name: str) -> None:
            self.name = name
            self.bot = make_bot("greedy")

        def choose(self, state: GameState) -> Action:
            asked.append((self.name, state.current))
            return self.bot.choose(state)

    play_out(new_game(3, seed=2), by_seat([Recorder(n) for n in "abc"]), SeededDie(2))
    assert {(name, seat) for name, seat in asked} == {("a", 0), ("b", 1), ("c", 2)}


def test_a_finished_game_has_no_steps_left() -> None:
    over = play_out(new_game(2, seed=6), random_chooser(6), SeededDie(6))
    assert list(play_out_steps(over, random_chooser(6), SeededDie(6))) == []
    assert play_out(over, random_chooser(6), SeededDie(6)) is over


def test_an_illegal_choice_is_refused() -> None:
    with pytest.raises(IllegalAction):
        play_out(new_game(2, seed=1), lambda _state: Roll(1), SeededDie(1))
