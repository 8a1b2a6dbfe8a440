"""Laying a carpet: where it may go, and what it does."""

from __future__ import annotations

import pytest

from marrakech.engine import SQUARES, Colour, IllegalAction, Layer, Phase, Place

from .positions import build
from .reference import ref_placements

# The legal/illegal board of docs/rules-2024.md. r1 (3,1)-(3,2) has its (3,1) half covered
# by g1; b1, b2, b3 are three different blue carpets.
EXAMPLE = ["R 3.1-3.2", "G 2.1-3.1", "B 2.3-2.4", "B 4.3-5.3", "B 4.4-5.4"]


def example(current: int = 1):
    return build(players=4, carpets=EXAMPLE, assam="3.3 N", current=current)


@pytest.mark.parametrize(
    ("a", "b", "legal"),
    [
        ((3, 4), (3, 5), True),  # two empty squares, (3,4) touches Assam
        ((4, 3), (4, 4), True),  # halves of b2 and b3: two carpets, same colour
        ((2, 2), (3, 2), True),  # empty square plus the last visible half of r1
        ((2, 3), (2, 4), False),  # both visible halves of b1
        ((4, 3), (5, 3), False),  # both halves of b2, the mover's own colour
        ((3, 3), (3, 4), False),  # under Assam
        ((1, 2), (2, 2), False),  # (2,2) touches Assam only diagonally
        ((1, 3), (1, 4), False),  # touches nothing
    ],
)
def test_documented_verdicts(a: tuple[int, int], b: tuple[int, int], legal: bool) -> None:
    state = example()
    assert (Place(a, b) in state.legal_placements()) is legal
    assert state.is_legal(Place(a, b)) is legal
    assert (state.why_illegal(Place(a, b)) is None) is legal


@pytest.mark.parametrize(
    ("a", "b", "words"),
    [
        ((2, 3), (2, 4), "both visible halves of one carpet (blue carpet 2)"),
        ((4, 3), (5, 3), "both visible halves"),
        ((3, 3), (3, 4), "under Assam"),
        ((1, 2), (2, 2), "touches Assam"),
        ((0, 6), (0, 7), "not a square"),
        ((2, 2), (4, -5), "not a square"),  # 4 * 7 - 5 = 3 * 7 + 2: numbered as (3,2)
        ((3, 4), (4, -2), "not a square"),  # 4 * 7 - 2 = 3 * 7 + 5: numbered as (3,5)
        ((1, 1), (2, 2), "orthogonally adjacent"),
        ((3, 4), (3, 6), "orthogonally adjacent"),
    ],
)
def test_refusals_say_what_and_why(a: tuple[int, int], b: tuple[int, int], words: str) -> None:
    state = example()
    with pytest.raises(IllegalAction) as caught:
        state.apply(Place(a, b))
    message = str(caught.value)
    assert words in message
    assert "cannot lay a carpet" in message
    assert f"({a[0]},{a[1]})" in message


def test_the_example_matches_the_brute_force_count() -> None:
    state = example()
    tops = {sq: state.top(sq).carpet for sq in SQUARES if state.top(sq)}  # type: ignore[union-attr]
    want = ref_placements(tops, (3, 3))
    assert {frozenset((p.a, p.b)) for p in state.legal_placements()} == want
    assert len(want) == 10  # 12 round the centre, minus b1 and b2


def test_covering_the_last_visible_half_hides_the_carpet() -> None:
    state = example().apply(Place((2, 2), (3, 2)))
    assert all(layer.carpet != 0 for sq in SQUARES for layer in [state.top(sq)] if layer)
    assert state.stack((3, 2)) == (Layer(Colour.RED, 0), Layer(Colour.BLUE, 5))
    assert state.scores()[0].visible == 0  # red shows nothing now


def test_the_carpet_is_the_top_of_the_pile_with_the_next_id() -> None:
    state = build(players=2, piles=["YR", "G"], carpets=["B 0.0-0.1"], current=0)
    t = state.transition(Place((3, 4), (3, 5)))
    assert (t.colour, t.carpet) == (Colour.YELLOW, 1)
    assert t.after.stack((3, 4)) == (Layer(Colour.YELLOW, 1),)
    assert t.after.stack((3, 5)) == (Layer(Colour.YELLOW, 1),)
    assert t.after.players[0].pile == (Colour.RED,)
    assert t.after.next_carpet == 2
    assert t.after.phase is Phase.ORIENT
    assert t.after.current == 1


def test_placements_are_written_smaller_square_first() -> None:
    assert Place((3, 5), (3, 4)) == Place((3, 4), (3, 5))
    assert str(Place((3, 2), (2, 2))) == "c2.2-3.2"


@pytest.mark.parametrize(
    ("assam", "count"),
    [("3.3 N", 12), ("0.0 N", 4), ("0.3 N", 7), ("1.1 N", 10), ("6.6 W", 4), ("3.0 E", 7)],
)
def test_counts_on_an_empty_market(assam: str, count: int) -> None:
    """Counted by hand: the dominoes touching a neighbour of Assam but not Assam himself."""
    assert len(build(assam=assam).legal_placements()) == count


def test_never_more_than_12_placements() -> None:
    for row, col in SQUARES:
        assert len(build(assam=f"{row}.{col} N").legal_placements()) <= 12


def test_placements_only_in_the_place_phase() -> None:
    state = build(phase="orient")
    assert state.legal_placements() == ()
    with pytest.raises(IllegalAction, match="now"):
        state.apply(Place((2, 3), (2, 4)))


def test_every_square_has_a_legal_placement_even_when_crowded() -> None:
    """A market tiled with whole carpets still leaves a legal placement round any square."""
    carpets = [f"R {r}.{c}-{r}.{c + 1}" for r in range(7) for c in (0, 2, 4)]
    carpets += [f"B {r}.6-{r + 1}.6" for r in (0, 2, 4)]
    for row, col in SQUARES:
        state = build(players=3, carpets=carpets, assam=f"{row}.{col} N", current=2)
        assert state.legal_placements(), (row, col)


def test_a_subclass_of_place_lays_a_carpet_like_place() -> None:
    class Carpet(Place):
        pass

    state = example()
    carpet = Carpet((3, 4), (3, 5))
    assert state.why_illegal(carpet) is None
    assert state.apply(carpet) == state.apply(Place((3, 4), (3, 5)))
