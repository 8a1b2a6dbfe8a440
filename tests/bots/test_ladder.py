"""scripts/ladder.py: each level against the next until ordered, with confidence kept over
every look, or said plainly that it cannot separate them."""

from __future__ import annotations

from project_scripts import script

ladder = script("ladder")


def test_more_looks_ask_for_a_wider_interval() -> None:
    assert round(ladder.z_for_looks(1), 2) == 1.96
    assert 1.96 < ladder.z_for_looks(10) < ladder.z_for_looks(20)
    low, high = ladder.wilson(15, 20, 1.96)
    wider_low, wider_high = ladder.wilson(15, 20, ladder.z_for_looks(20))
    assert wider_low < low < 0.75 < high < wider_high


def test_a_clear_pair_stops_as_soon_as_it_is_ordered() -> None:
    match = ladder.play_match(("random", "greedy"), 2, batch=2, most=40, seed=1, jobs=1)
    assert match.games < 40 and match.games % 4 == 0
    assert match.high < 0.5
    assert match.verdict() == "`greedy` above `random`"
    # Random won nothing, and one batch fewer would not have been enough to be sure.
    assert match.points == 0.0
    assert ladder.wilson(0, match.games - 4, ladder.z_for_looks(10))[1] > 0.5


def test_a_pair_left_unordered_is_said_plainly() -> None:
    match = ladder.Match(("hard", "expert"), points=10.0, games=20, low=0.3, high=0.7, seconds=1)
    assert not match.ordered
    assert match.verdict() == "cannot separate `hard` and `expert`"
