"""The computer levels: one set of names, old names understood, one seeding formula."""

from __future__ import annotations

import re

import pytest

from marrakech.games.levels import (
    DESCRIPTIONS,
    LEVELS,
    OLD_NAMES,
    UnknownBot,
    bot_named,
    bot_seed,
    computer_named,
    describe_levels,
)


def test_every_level_is_its_own_name_and_has_a_description() -> None:
    assert [computer_named(level) for level in LEVELS] == list(LEVELS)
    assert set(DESCRIPTIONS) == set(LEVELS)


def test_old_names_give_the_levels_they_meant() -> None:
    assert {old: computer_named(old) for old in OLD_NAMES} == {"easy": "random", "normal": "greedy"}


def test_an_unknown_name_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match=r"'wizard': choose one of random, greedy, hard, expert$"):
        computer_named("wizard", outside=False)


def test_the_levels_described_for_help_texts() -> None:
    assert describe_levels() == (
        "random (plays any legal move), greedy (looks one move ahead), "
        "hard (searches a few moves ahead), "
        "expert (searches ahead and watches where Assam is likely to go)"
    )


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("expert", "expert"),
        ("normal", "greedy"),
        (" hard ", "hard"),
        ("hard:iterations=100", "hard:iterations=100"),
        ("hard:budget=0.1:iterations=5", "hard:budget=0.1:iterations=5"),
        ("expert:work=300", "expert:work=300"),
        ("mybots.strong:Bot", "mybots.strong:Bot"),
        ("bots/my_bot.py:MyBot", "bots/my_bot.py:MyBot"),
    ],
)
def test_bot_names_are_levels_settings_or_outside_bots(name: str, canonical: str) -> None:
    assert bot_named(name) == canonical


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("hard:depth=3", "hard has no setting 'depth=3' (its settings: iterations, budget)"),
        ("greedy:iterations=3", "greedy has no setting 'iterations=3' (its settings: none)"),
        ("hard:iterations=-1", "iterations must be a whole number above 0, not '-1'"),
        ("expert:time_cap=nan", "time_cap must be a number above 0, not 'nan'"),
    ],
)
def test_bad_settings_are_refused_saying_which(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        bot_named(name)


@pytest.mark.parametrize("name", ["wizard", "no colon.py", "a b:C", "mod:not-a-class", ""])
def test_a_name_that_is_no_bot_is_refused(name: str) -> None:
    with pytest.raises(UnknownBot, match="choose one of random, greedy, hard, expert"):
        bot_named(name)


def test_every_seat_of_every_game_has_its_own_bot_seed() -> None:
    seeds = [bot_seed(game, seat) for game in range(50) for seat in range(4)]
    assert len(set(seeds)) == len(seeds)
    assert bot_seed(3, 1) == 25
