"""The bots: construction, legal and reproducible choices, no peeking, budgets."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.bots import (
    DEFAULT_ITERATIONS,
    DEFAULT_WORK,
    Bot,
    ExpertBot,
    HardBot,
    determinize,
    make_bot,
)
from marrakech.bots.evaluation import DEFAULT_WEIGHTS, evaluate, likely_facing, utility
from marrakech.bots.tolls import expected_toll
from marrakech.engine import (
    Action,
    GameState,
    Phase,
    Turn,
    Variant,
    new_game,
    parse_action,
)
from marrakech.games.dice import SeededDie
from marrakech.games.levels import LEVELS, OLD_NAMES
from marrakech.games.playout import by_seat, play_out, play_out_steps

DECIDING = (Phase.ORIENT, Phase.PLACE, Phase.AIM)

QUICK = {"hard": "hard:iterations=60", "expert": "expert:work=60"}
"""The searching levels with a small fixed budget, so tests run fast and reproducibly."""


def quick(level: str) -> str:
    """A level's name with a small budget when it searches."""
    return QUICK.get(level, level)


def random_position(players: int, seed: int, moves: int, variant: Variant) -> GameState:
    """A position reached by random legal actions, stopped where a bot must decide."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, variant=variant)
    for _ in range(moves):
        if state.phase is Phase.OVER:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    while state.phase not in (*DECIDING, Phase.OVER):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def play(bots: list[Bot], seed: int, variant: Variant = Variant.STANDARD) -> list[Action]:
    """Every action of a game between the bots, dice from the seeded stream."""
    start = new_game(len(bots), seed=seed, variant=variant)
    return [step.action for step in play_out_steps(start, by_seat(bots), SeededDie(seed))]


@pytest.mark.parametrize("level", LEVELS)
def test_make_bot_builds_every_level(level: str) -> None:
    bot = make_bot(quick(level), seed=3)
    assert isinstance(bot, Bot)
    assert bot.name == level


@pytest.mark.parametrize(("old", "level"), OLD_NAMES.items())
def test_make_bot_understands_the_old_level_names(old: str, level: str) -> None:
    assert make_bot(old).name == level


def test_unknown_level_names_the_levels() -> None:
    with pytest.raises(
        ValueError, match="'grandmaster': choose one of random, greedy, hard, expert, module:Class"
    ):
        make_bot("grandmaster")


def test_hard_rejects_empty_budgets() -> None:
    with pytest.raises(ValueError):
        make_bot("hard", budget=0)
    with pytest.raises(ValueError):
        make_bot("hard", iterations=0)
    with pytest.raises(ValueError, match="iterations must be a whole number above 0"):
        make_bot("hard:iterations=0")


def test_settings_in_a_name_give_the_budget() -> None:
    hard = make_bot("hard:iterations=77:budget=0.25")
    assert isinstance(hard, HardBot)
    assert (hard.iterations, hard.budget) == (77, 0.25)
    assert hard.settings == "iterations=77, cap 0.25 s"
    expert = make_bot("expert:work=12")
    assert isinstance(expert, ExpertBot) and expert.settings == "work=12, cap 0.8 s"


def test_the_default_budgets_are_work_not_time() -> None:
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, HardBot) and isinstance(expert, ExpertBot)
    assert (hard.iterations, expert.work) == (DEFAULT_ITERATIONS, DEFAULT_WORK)
    assert make_bot("hard:budget=0.2").settings == "budget=0.2 s (time only)"  # type: ignore[attr-defined]


positions = st.builds(
    random_position,
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    variant=st.sampled_from(list(Variant)),
)


@settings(max_examples=examples(60), deadline=None)
@given(state=positions, seed=st.integers(0, 100))
def test_simple_bots_choose_legal_actions(state: GameState, seed: int) -> None:
    for level in ("random", "greedy"):
        if state.phase in DECIDING:
            assert make_bot(level, seed=seed).choose(state) in state.legal_actions()


@settings(max_examples=examples(25), deadline=None)
@given(state=positions, seed=st.integers(0, 100), level=st.sampled_from(["hard", "expert"]))
def test_searching_bots_choose_legal_actions(state: GameState, seed: int, level: str) -> None:
    if state.phase in DECIDING:
        bot = make_bot(f"{level}:{'iterations' if level == 'hard' else 'work'}=40", seed=seed)
        assert bot.choose(state) in state.legal_actions()


@pytest.mark.parametrize(
    "levels",
    [
        ("hard", "greedy"),
        pytest.param(("expert", "hard"), marks=pytest.mark.slow),
        ("random", "greedy", "random"),
    ],
)
def test_same_seed_same_game(levels: tuple[str, ...]) -> None:
    def lineup() -> list[Bot]:
        return [make_bot(quick(level), seed=7 + seat) for seat, level in enumerate(levels)]

    assert play(lineup(), seed=5) == play(lineup(), seed=5)


@pytest.mark.parametrize("level", ["hard", pytest.param("expert", marks=pytest.mark.slow)])
def test_searching_bots_play_the_aiming_variant(level: str) -> None:
    bots: list[Bot] = [make_bot(quick(level)), make_bot("greedy")]
    assert play(bots, seed=2, variant=Variant.AIM)


def test_determinize_keeps_what_the_table_sees() -> None:
    state = random_position(2, seed=4, moves=30, variant=Variant.STANDARD)
    world = determinize(state, random.Random(1))
    assert world.players != state.players
    for real, guess in zip(state.players, world.players, strict=True):
        assert guess.top == real.top
        assert sorted(guess.pile) == sorted(real.pile)
    assert world.replace(players=state.players) == state


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_peek_below_the_top_carpet(level: str) -> None:
    rng = random.Random(9)
    for seed in range(4):
        state = random_position(2, seed=seed, moves=4 * seed + 5, variant=Variant.STANDARD)
        reshuffled = determinize(state, rng)
        bot = make_bot(quick(level), seed=seed)
        assert bot.choose(state) == bot.choose(reshuffled)


def test_hard_bot_keeps_its_time_budget() -> None:
    state = random_position(2, seed=11, moves=60, variant=Variant.STANDARD)
    assert state.phase is Phase.ORIENT
    bot = HardBot(budget=0.05)
    start = time.perf_counter()
    bot.choose(state)
    assert time.perf_counter() - start < 0.5


def test_evaluation_ends_with_the_result() -> None:
    greedy = [make_bot("greedy", seed=seat) for seat in range(2)]
    state = play_out(new_game(2, seed=1), by_seat(greedy), SeededDie(1))
    estimate = evaluate(state)
    winner = state.winners()[0]
    assert utility(estimate, winner) >= DEFAULT_WEIGHTS.win_bonus


def test_likely_facing_avoids_the_toll() -> None:
    state = new_game(2, seed=1)
    for action in ("S", "1", "c2.4-2.5"):
        state = state.apply(parse_action(action))
    # Red's carpet lies east of Assam on (2,3): facing east costs Blue 1 dirham on average.
    assert state.phase is Phase.ORIENT and state.current == 1
    tolls = {turn: expected_toll(state, 1, state.assam.facing.turned(turn)) for turn in Turn}
    assert tolls[Turn.RIGHT] == pytest.approx(1)
    chosen = likely_facing(state)
    assert chosen.phase is Phase.ROLL
    assert expected_toll(chosen, 1, chosen.assam.facing) == 0
