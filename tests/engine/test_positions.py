"""The position builder itself: what it draws is what the tests mean."""

from __future__ import annotations

import copy
import pickle

import pytest

from marrakech.engine import (
    Assam,
    Colour,
    Direction,
    GameState,
    InvalidState,
    Layer,
    Phase,
    Roll,
    Variant,
)

from .positions import build, carpet_of, describe


def test_carpets_are_laid_in_order_later_ones_on_top() -> None:
    state = build(carpets=["B 2.3-2.4", "R 2.4-2.5"])
    assert state.stack((2, 4)) == (Layer(Colour.BLUE, 0), Layer(Colour.RED, 1))
    assert state.top((2, 3)) == Layer(Colour.BLUE, 0)
    assert state.top((2, 5)) == Layer(Colour.RED, 1)
    assert state.top((0, 0)) is None
    assert state.next_carpet == 2


def test_description_fields_reach_the_state() -> None:
    state = build(
        players=4,
        money=[1, 2, 3, 4],
        assam="0.6 W",
        phase="roll",
        current=2,
        variant="aim",
        eliminated=[3],
    )
    assert [p.money for p in state.players] == [1, 2, 3, 4]
    assert state.assam == ((0, 6), Direction.W)
    assert state.phase is Phase.ROLL
    assert state.current == 2
    assert state.variant is Variant.AIM
    assert state.alive == (0, 1, 2)
    assert state.players[3].pile == ()


def test_default_piles_hold_the_carpets_not_yet_laid() -> None:
    state = build(players=2, carpets=["R 0.0-0.1", "R 1.0-1.1", "G 2.0-2.1"])
    seat0, seat1 = state.players
    assert seat0.pile.count(Colour.RED) == 10
    assert seat0.pile.count(Colour.YELLOW) == 12
    assert seat1.pile.count(Colour.BLUE) == 12
    assert seat1.pile.count(Colour.GREEN) == 11


def test_explicit_piles() -> None:
    state = build(players=2, piles=["YYR", "G"])
    assert state.players[0].pile == (Colour.YELLOW, Colour.YELLOW, Colour.RED)
    assert state.players[1].pile == (Colour.GREEN,)


def test_tuple_and_text_carpets_agree() -> None:
    assert carpet_of("b 2.3-3.3") == carpet_of(("BLUE", (2, 3), (3, 3)))
    assert describe(carpets=["B 2.3-3.3"]) == describe(carpets=[(Colour.BLUE, (2, 3), (3, 3))])


def test_a_malformed_description_is_refused_by_the_engine() -> None:
    with pytest.raises(InvalidState):
        build(carpets=["R 0.0-2.2"])


def test_the_constructor_refuses_assam_off_the_market_or_facing_nowhere() -> None:
    state = build(players=2)
    for assam in (
        Assam((7, 0), Direction.N),
        Assam((3, 3), 4),  # type: ignore[arg-type]
        Assam((-1, 3), Direction.E),
        Assam((3,), Direction.E),  # type: ignore[arg-type]
        Assam((3, 3), True),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidState, match="Assam stands on a square of the market"):
            state.replace(assam=assam)


def test_a_seat_owning_something_that_is_not_a_colour_is_refused() -> None:
    state = build(players=2)
    odd = state.players[1].replace(colours=(-1,))
    with pytest.raises(InvalidState, match="seat 1 owns -1, not a colour"):
        state.replace(players=(state.players[0], odd))


def test_replace_changes_public_fields_only() -> None:
    state = build(players=2)
    assert state.replace(current=1).current == 1
    with pytest.raises(TypeError, match="no field _visible"):
        state.replace(_visible=(0, 0, 0, 0))
    with pytest.raises(TypeError):
        state.players[0].replace(purse=3)


def test_owner_is_the_first_seat_listing_a_colour_and_none_for_other_values() -> None:
    state = build(players=2)
    twice = state.replace(
        players=(state.players[0], state.players[1].replace(colours=(Colour.RED,)))
    )
    assert twice.owner(Colour.RED) == 0
    assert state.owner(Colour.GREEN) == 1
    assert state.owner(-1) is None  # type: ignore[arg-type]
    assert state.owner(5) is None  # type: ignore[arg-type]
    assert state.is_neutral(5) is True  # type: ignore[arg-type]


def test_the_constructor_takes_the_public_fields_only() -> None:
    state = build(players=2, carpets=["B 2.3-2.4", "B 3.3-3.4"], assam="3.2 E", phase="roll")
    fields = {
        "variant": state.variant,
        "phase": state.phase,
        "current": state.current,
        "assam": state.assam,
        "players": state.players,
        "stacks": state.stacks,
        "next_carpet": state.next_carpet,
    }
    made = GameState(**fields)
    assert made == state
    assert GameState(*fields.values()) == state
    assert made.region((2, 4)) == {(2, 3), (2, 4), (3, 3), (3, 4)}  # the masks are built
    assert made.apply(Roll(1)).players[0].money == 26  # and so is the owner table
    with pytest.raises(TypeError):
        GameState(*fields.values(), _at=0)  # type: ignore[call-arg]


def test_states_pickle_and_copy_through_their_public_fields() -> None:
    state = build(players=3, carpets=["R 0.0-0.1"], assam="0.2 W", phase="roll")
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert twin == state
        assert hash(twin) == hash(state)
        assert twin.apply(Roll(1)) == state.apply(Roll(1))
