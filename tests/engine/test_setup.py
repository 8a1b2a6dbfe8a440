"""Set-up: money, carpets, piles, Assam, first seat."""

from __future__ import annotations

from collections import Counter

import pytest

from marrakech.engine import (
    Colour,
    Direction,
    IllegalAction,
    MarrakechError,
    Phase,
    Variant,
    carpets_per_colour,
    colours_for_seat,
    new_game,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_starts_with_30_dirhams_and_nothing_on_the_market(players: int) -> None:
    state = new_game(players, seed=7)
    assert [p.money for p in state.players] == [30] * players
    assert all(not p.eliminated and p.discarded == 0 for p in state.players)
    assert all(stack == () for stack in state.stacks)
    assert len(state.stacks) == 49
    assert state.next_carpet == 0


@pytest.mark.parametrize(
    ("players", "colours", "count"),
    [
        (3, [("RED",), ("BLUE",), ("YELLOW",)], 15),
        (4, [("RED",), ("BLUE",), ("YELLOW",), ("GREEN",)], 12),
        (2, [("RED", "YELLOW"), ("BLUE", "GREEN")], 24),
    ],
)
def test_colours_and_carpets_per_player(
    players: int, colours: list[tuple[str, ...]], count: int
) -> None:
    state = new_game(players, seed=3)
    assert [tuple(c.name for c in p.colours) for p in state.players] == colours
    for seat, player in enumerate(state.players):
        assert player.carpets_left == count
        assert player.colours == colours_for_seat(seat, players)
        held = Counter(player.pile)
        # Every colour a seat owns comes in equal numbers: 15, 12, or 12 + 12.
        assert set(held) == set(player.colours)
        assert all(n == count // len(player.colours) for n in held.values())
    assert carpets_per_colour(players) == {2: 12, 3: 15, 4: 12}[players]


def test_two_player_piles_are_decided_by_the_seed_only() -> None:
    a = new_game(2, seed=11)
    b = new_game(2, seed=11, first=1, variant=Variant.AIM)
    assert [p.pile for p in a.players] == [p.pile for p in b.players]
    assert new_game(2, seed=None).players == new_game(2, seed=0).players
    piles = {tuple(p.pile for p in new_game(2, seed=s).players) for s in range(20)}
    assert len(piles) == 20, "different seeds should (almost always) shuffle differently"


def test_two_player_piles_are_shuffled_not_sorted_or_alternating() -> None:
    pile = new_game(2, seed=1).players[0].pile
    assert pile != tuple(sorted(pile))
    assert pile != (Colour.RED, Colour.YELLOW) * 12
    assert pile != (Colour.YELLOW, Colour.RED) * 12


def test_two_player_piles_look_uniform() -> None:
    """Over many seeds, each pile position is BLUE about half the time (a loose check)."""
    seeds = range(600)
    reds = [0] * 24
    for seed in seeds:
        for i, colour in enumerate(new_game(2, seed=seed).players[1].pile):
            reds[i] += colour is Colour.BLUE
    for count in reds:
        assert 0.4 < count / len(seeds) < 0.6


def test_alternate_piles_option() -> None:
    state = new_game(2, seed=5, alternate_piles=True)
    assert state.players[0].pile == (Colour.RED, Colour.YELLOW) * 12
    assert state.players[1].pile == (Colour.BLUE, Colour.GREEN) * 12
    assert state == new_game(2, seed=6, alternate_piles=True)


@pytest.mark.parametrize("players", [3, 4])
def test_alternate_piles_are_refused_with_three_or_four_players(players: int) -> None:
    with pytest.raises(MarrakechError, match="only 2 players have piles of two colours"):
        new_game(players, alternate_piles=True)
    with pytest.raises(MarrakechError, match=r"alternate_piles='yes': True or False"):
        new_game(2, alternate_piles="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4])
def test_seed_does_not_matter_with_three_or_four_players(players: int) -> None:
    assert new_game(players, seed=1) == new_game(players, seed=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_assam_starts_in_the_centre_facing_north(players: int) -> None:
    state = new_game(players)
    assert state.assam.square == (3, 3)
    assert state.assam.facing is Direction.N


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 3), (4, 0)])
def test_any_seat_may_start(players: int, first: int) -> None:
    state = new_game(players, first=first)
    assert state.current == first
    assert state.phase is Phase.ORIENT


def test_default_first_seat_is_zero() -> None:
    assert new_game(3).current == 0


@pytest.mark.parametrize("variant", [Variant.AIM, Variant.AIM_OR_KEEP])
def test_aim_variants_start_with_a_roll(variant: Variant) -> None:
    state = new_game(3, variant=variant)
    assert state.phase is Phase.ROLL
    assert state.variant is variant


@pytest.mark.parametrize("players", [0, 1, 5])
def test_player_count_must_be_two_to_four(players: int) -> None:
    with pytest.raises(IllegalAction, match="2-4"):
        new_game(players)


@pytest.mark.parametrize("first", [-1, 3, 10])
def test_first_seat_must_exist(first: int) -> None:
    with pytest.raises(IllegalAction, match="seat"):
        new_game(3, first=first)


def test_a_boolean_first_seat_is_refused() -> None:
    with pytest.raises(IllegalAction):
        new_game(3, first=True)


def test_a_fractional_player_count_is_refused_cleanly() -> None:
    with pytest.raises(IllegalAction):
        new_game(2.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["aim", "aim-or-keep", "bogus", None])
def test_a_variant_that_is_no_variant_is_refused_with_the_ones_there_are(variant: object) -> None:
    with pytest.raises(IllegalAction, match=r"variant .*Variant\.AIM_OR_KEEP"):
        new_game(2, variant=variant)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seat", "players"), [(9, 2), (-1, 2), (3, 3), (0, 5), (0, 1), (0.5, 2), (True, 2), (0, 2.0)]
)
def test_colours_of_no_seat_are_refused(seat: object, players: object) -> None:
    with pytest.raises(MarrakechError, match=r"seat|players"):
        colours_for_seat(seat, players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 1, 5, 7, 2.0, True, "3"])
def test_carpets_for_no_number_of_players_are_refused(players: object) -> None:
    with pytest.raises(MarrakechError, match="2-4 players"):
        carpets_per_colour(players)  # type: ignore[arg-type]
