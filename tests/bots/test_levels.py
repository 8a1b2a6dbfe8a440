"""The computer levels: one set of names, old names understood, one seeding formula."""

from __future__ import annotations

import pytest

from marrakech.levels import DESCRIPTIONS, LEVELS, OLD_NAMES, bot_seed, describe_levels, level_named


def test_every_level_is_its_own_name_and_has_a_description() -> None:
    assert [level_named(level) for level in LEVELS] == list(LEVELS)
    assert set(DESCRIPTIONS) == set(LEVELS)


def test_old_names_give_the_levels_they_meant() -> None:
    assert {old: level_named(old) for old in OLD_NAMES} == {"easy": "random", "normal": "greedy"}


def test_an_unknown_name_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match=r"'wizard': choose one of random, greedy, hard$"):
        level_named("wizard")


def test_the_levels_described_for_help_texts() -> None:
    assert describe_levels() == (
        "random (plays any legal move), greedy (looks one move ahead), "
        "hard (searches a few moves ahead)"
    )


def test_every_seat_of_every_game_has_its_own_bot_seed() -> None:
    seeds = [bot_seed(game, seat) for game in range(50) for seat in range(4)]
    assert len(set(seeds)) == len(seeds)
    assert bot_seed(3, 1) == 25
