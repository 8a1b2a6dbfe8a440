"""The toll: who pays whom, and how much."""

from __future__ import annotations

import pytest

from marrakech.engine import Colour, Place

from .helpers import landing, moneys
from .positions import build

# The toll-of-5 board of docs/rules-2024.md. Blue (2,4)-(3,4) lies fully hidden under the
# red (1,4)-(2,4) and green (3,4)-(3,5); (4,5) is the hidden half of blue (4,4)-(4,5).
TOLL_OF_5 = [
    "B 2.4-3.4",
    "R 1.4-2.4",
    "G 3.4-3.5",
    "B 4.4-4.5",
    "Y 4.5-4.6",
    "B 2.2-2.3",
    "B 3.3-4.3",
    "B 5.5-6.5",
]


def test_empty_square_is_free() -> None:
    t = landing((3, 3), players=3, carpets=["B 3.4-3.5"])
    assert (t.toll, t.paid, t.payee) == (0, 0, None)
    assert moneys(t.after) == [30, 30, 30]


def test_own_colour_is_free() -> None:
    t = landing((3, 3), players=3, carpets=["R 3.3-3.4"], current=0)
    assert (t.toll, t.payee) == (0, None)
    assert moneys(t.after) == [30, 30, 30]


@pytest.mark.parametrize("colour", ["R", "Y"])
def test_either_own_colour_is_free_with_two_players(colour: str) -> None:
    t = landing((3, 3), players=2, carpets=[f"{colour} 3.3-3.4"], current=0)
    assert (t.toll, t.payee) == (0, None)
    assert moneys(t.after) == [30, 30]


@pytest.mark.parametrize("colour", ["B", "G"])
def test_either_opponent_colour_charges_with_two_players(colour: str) -> None:
    t = landing((3, 3), players=2, carpets=[f"{colour} 3.3-3.4"], current=0)
    assert (t.toll, t.paid, t.payee) == (2, 2, 1)
    assert moneys(t.after) == [28, 32]


def test_neutral_carpet_is_free() -> None:
    t = landing((3, 3), players=3, carpets=["B 3.3-3.4"], current=0, eliminated=[1])
    assert (t.toll, t.payee) == (0, None)
    assert t.after.toll_at((3, 3)) == (0, None)


def test_payee_gets_the_toll() -> None:
    t = landing((3, 3), players=4, carpets=["Y 3.3-3.4"], current=1)
    assert (t.toll, t.paid, t.payee) == (2, 2, 2)
    assert moneys(t.after) == [30, 28, 32, 30]
    assert t.region == {(3, 3), (3, 4)}


def test_diagonal_contact_does_not_connect() -> None:
    # Blue (3,3)-(3,4) touches blue (4,5)-(5,5) only at a corner.
    t = landing((3, 3), players=3, carpets=["B 3.3-3.4", "B 4.5-5.5"], current=0)
    assert t.toll == 2
    assert t.region == {(3, 3), (3, 4)}


def test_orthogonal_contact_connects_different_carpets() -> None:
    t = landing((3, 3), players=3, carpets=["B 3.3-3.4", "B 4.4-5.4", "B 5.5-5.6"], current=0)
    assert t.toll == 6


def test_hidden_carpet_does_not_count_or_connect() -> None:
    # Blue at (3,4) is hidden by red; it neither counts nor joins (3,3) to (3,5)-(3,6).
    carpets = ["B 3.3-3.4", "R 3.4-4.4", "B 3.5-3.6"]
    t = landing((3, 3), players=3, carpets=carpets, current=2)
    assert t.toll == 1
    assert t.payee == 1


def test_the_documented_toll_of_5() -> None:
    t = landing((3, 3), players=4, carpets=TOLL_OF_5, current=0)
    assert t.region == {(3, 3), (2, 3), (2, 2), (4, 3), (4, 4)}
    assert (t.toll, t.paid, t.payee) == (5, 5, 1)
    assert moneys(t.after) == [25, 35, 30, 30]


def test_two_player_owner_colours_are_separate_regions() -> None:
    # With 2 players seat 1 owns blue and green: the green (3,4)-(3,5) is not added.
    t = landing((3, 3), players=2, carpets=TOLL_OF_5, current=0)
    assert (t.toll, t.payee) == (5, 1)


def test_the_owner_of_both_colours_pays_nothing() -> None:
    t = landing((3, 3), players=2, carpets=TOLL_OF_5, current=1)
    assert (t.toll, t.payee) == (0, None)


def test_region_and_toll_at_read_the_position() -> None:
    state = build(players=4, carpets=TOLL_OF_5)
    assert state.region((3, 3)) == {(3, 3), (2, 3), (2, 2), (4, 3), (4, 4)}
    assert state.region((5, 5)) == {(5, 5), (6, 5)}
    assert state.region((0, 0)) == frozenset()
    assert state.toll_at((3, 3), seat=0) == (5, 1)
    assert state.toll_at((3, 3), seat=1) == (0, None)
    assert state.toll_at((3, 4), seat=0) == (2, 3)
    assert state.toll_at((0, 0), seat=0) == (0, None)


def test_regions_lists_every_region_by_its_first_square_as_a_mask() -> None:
    state = build(players=4, carpets=TOLL_OF_5)
    found = [
        (colour, sorted(divmod(index, 7) for index in range(49) if mask >> index & 1))
        for colour, mask in state.regions()
    ]
    assert found == [
        (Colour.RED, [(1, 4), (2, 4)]),
        (Colour.BLUE, [(2, 2), (2, 3), (3, 3), (4, 3), (4, 4)]),
        (Colour.GREEN, [(3, 4), (3, 5)]),
        (Colour.YELLOW, [(4, 5), (4, 6)]),
        (Colour.BLUE, [(5, 5), (6, 5)]),
    ]
    assert build(players=2).regions() == ()


def test_laying_a_carpet_charges_no_toll() -> None:
    state = build(players=3, carpets=["B 3.4-3.5"], current=0, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert moneys(after) == [30, 30, 30]
    assert after.top((2, 3)).colour is Colour.RED  # type: ignore[union-attr]
