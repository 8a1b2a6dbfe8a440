"""The end-of-game summary agrees with the scores, the tolls and the regions of the game."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.bots import make_bot
from marrakech.engine import Colour, GameState, Phase, new_game
from marrakech.flow import recaps
from marrakech.flow.judging import win_chances
from marrakech.flow.summary import chances_by_round, largest_region, summarise
from marrakech.games.dice import SeededDie
from marrakech.games.playout import by_seat, play_out_steps


def played(players: int, seed: int, first: int = 0) -> tuple[GameState, list]:
    start = new_game(players, seed=seed, first=first)
    bots = [make_bot("greedy", seed=seed * 8 + seat) for seat in range(players)]
    return start, list(play_out_steps(start, by_seat(bots), SeededDie(seed)))


@settings(max_examples=examples(12), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000))
def test_the_summary_adds_up_to_the_final_scores_and_the_tolls(players: int, seed: int) -> None:
    start, steps = played(players, seed)
    names = tuple(f"P{seat + 1}" for seat in range(players))
    turns = recaps(steps, names)
    summary = summarise(start, turns, names)
    end = steps[-1].after
    assert end.phase is Phase.OVER
    assert [p.total for p in summary.players] == [s.total for s in end.scores()]
    assert sum(p.earned for p in summary.players) == sum(p.paid for p in summary.players)
    assert sum(p.paid for p in summary.players) == sum(t.paid for t in turns)
    for player in summary.players:
        assert player.biggest_toll <= player.paid
        assert player.largest_region <= player.visible
        assert sum(c.visible for c in player.colours) == player.visible
        if player.eliminated:  # its grey carpets count for nothing, as in the score
            assert player.largest_region == player.visible == 0
    assert summary.turns == len(turns)
    assert [row[0] for row in summary.scores] == [s.total for s in start.scores()]
    assert [row[-1] for row in summary.scores] == [s.total for s in end.scores()]


def test_a_game_not_begun_sums_up_to_its_start() -> None:
    start = new_game(3, seed=5)
    summary = summarise(start, (), ("A", "B", "C"))
    assert summary.turns == 0
    assert all(p.earned == p.paid == p.biggest_toll == 0 for p in summary.players)
    assert all(p.largest_region == 0 for p in summary.players)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_largest_region_is_the_largest_connected_area_of_one_colour(seed: int) -> None:
    _, steps = played(2, seed)
    end = steps[-1].after
    for colour in Colour:
        squares = [sq for sq, stack in end.squares() if stack and stack[-1].colour is colour]
        sizes = [len(end.region(sq)) for sq in squares]
        assert largest_region(end, colour) == max(sizes, default=0)


def test_a_bankrupt_counts_no_squares_under_any_of_its_colours() -> None:
    start, steps = played(3, 27)  # a greedy game where a seat goes bankrupt
    names = ("P1", "P2", "P3")
    summary = summarise(start, recaps(steps, names), names)
    out = [player for player in summary.players if player.eliminated]
    assert out
    for player in out:
        assert [(c.visible, c.largest_region) for c in player.colours] == [(0, 0)]


@pytest.mark.parametrize(
    ("players", "seed", "first"), [(2, 3, 0), (4, 5, 0), (3, 27, 0), (3, 8, 2)]
)
def test_the_chances_to_win_are_counted_once_a_round_and_at_the_end(
    players: int, seed: int, first: int
) -> None:
    start, steps = played(players, seed, first)
    names = tuple(f"P{seat + 1}" for seat in range(players))
    turns = recaps(steps, names)
    found = chances_by_round(start, turns)
    assert found[0] == (0, win_chances(start))
    assert found[-1][0] == len(turns)
    end = steps[-1].after
    best = max(score.total for score in end.scores())
    for seat, chance in enumerate(found[-1][1]):  # the end: the winner's, or a tie's share
        assert (chance > 0) is (end.scores()[seat].total == best), found[-1]
    for (turn, chances), (after, _) in pairwise(found):
        assert sum(chances) == pytest.approx(1.0)
        state = turns[turn - 1].after if turn else start
        assert chances == win_chances(state)
        # A round: the seats still playing, each once, in order from the seat that
        # started the game (the first to move again).
        movers = [(recap.seat - first) % players for recap in turns[turn:after]]
        assert movers == sorted(set(movers)), movers
        if after < len(turns):
            assert (turns[after].seat - first) % players <= movers[-1]
    assert len(found) >= len(turns) // players + 1
