"""Bankruptcy: only a toll above your money; pay all, go out, carpets turn neutral."""

from __future__ import annotations

import pytest

from marrakech.engine import Colour, IllegalAction, Orient, Phase, Place, Roll, Turn

from .helpers import landing, moneys
from .positions import build

# The toll-of-7 board of docs/rules-2024.md: a red region of 7 around (2,3), and a blue
# carpet (2,4)-(2,5) that turns neutral when BLUE (seat 1) goes bankrupt.
RED_7 = ["R 1.1-1.2", "R 1.3-2.3", "R 3.3-4.3", "R 4.4-4.5", "Y 4.5-5.5", "B 2.4-2.5"]


def bankrupt_blue(money: int = 4):
    """BLUE (seat 1, 3 players) stops on (2,3) and owes 7."""
    return landing((2, 3), players=3, carpets=RED_7, current=1, money=[30, money, 30])


def test_documented_example_toll_of_7_with_4_dirhams() -> None:
    t = bankrupt_blue(4)
    assert (t.toll, t.paid, t.payee, t.eliminated) == (7, 4, 0, 1)
    assert moneys(t.after) == [34, 0, 30]
    assert t.after.players[1].eliminated
    assert t.after.alive == (0, 2)


def test_the_bankrupt_pays_all_and_money_is_conserved() -> None:
    t = bankrupt_blue(6)
    assert t.paid == 6
    assert sum(moneys(t.after)) == sum(moneys(t.before))


def test_paying_exactly_down_to_zero_stays_in() -> None:
    t = bankrupt_blue(7)
    assert (t.toll, t.paid, t.eliminated) == (7, 7, None)
    assert moneys(t.after) == [37, 0, 30]
    assert not t.after.players[1].eliminated
    assert t.after.phase is Phase.PLACE
    assert t.after.current == 1


def test_zero_dirhams_on_a_free_square_goes_on() -> None:
    t = landing((6, 6), players=3, carpets=RED_7, current=1, money=[30, 0, 30])
    assert t.eliminated is None
    assert t.after.phase is Phase.PLACE


def test_no_placement_in_the_bankrupt_turn() -> None:
    t = bankrupt_blue()
    assert t.after.phase is Phase.ORIENT
    assert t.after.current == 2
    assert t.after.legal_placements() == ()
    with pytest.raises(IllegalAction):
        t.after.apply(Place((1, 4), (2, 4)))


def test_unplaced_carpets_leave_the_game() -> None:
    t = bankrupt_blue()
    before = t.before.players[1]
    after = t.after.players[1]
    assert before.carpets_left == 14
    assert after.pile == ()
    assert after.discarded == 14


def test_board_carpets_become_neutral() -> None:
    after = bankrupt_blue().after
    assert after.is_neutral(Colour.BLUE)
    assert not after.is_neutral(Colour.RED)
    # The blue carpet stays on the market but charges nobody.
    assert after.top((2, 4)).colour is Colour.BLUE  # type: ignore[union-attr]
    assert after.toll_at((2, 4), seat=0) == (0, None)
    assert after.toll_at((2, 5), seat=2) == (0, None)


def test_neutral_carpets_score_nobody() -> None:
    scores = bankrupt_blue().after.scores()
    assert scores[1].visible == 0
    assert scores[1].eliminated
    assert scores[0].visible == 7


def test_neutral_carpet_still_blocks_a_full_cover() -> None:
    # RED plays next to the neutral blue carpet (2,4)-(2,5) with Assam on (2,3).
    state = build(players=3, carpets=RED_7, assam="2.3 E", current=0, eliminated=[1])
    legal = state.legal_placements()
    assert Place((2, 4), (2, 5)) not in legal
    assert Place((2, 4), (3, 4)) in legal  # one half only is fine
    with pytest.raises(IllegalAction, match="both visible halves"):
        state.apply(Place((2, 4), (2, 5)))


def test_with_two_players_the_game_ends_at_once() -> None:
    t = landing((3, 3), players=2, carpets=["B 3.3-3.4"], current=0, money=[1, 30])
    assert t.eliminated == 0
    assert t.after.phase is Phase.OVER
    assert t.after.winners() == (1,)
    assert moneys(t.after) == [0, 31]


def test_the_game_ends_when_one_player_is_left_of_three() -> None:
    t = landing(
        (3, 3), players=3, carpets=["B 3.3-3.4"], current=2, money=[30, 30, 1], eliminated=[0]
    )
    assert t.after.phase is Phase.OVER
    assert t.after.winners() == (1,)


def test_with_four_players_play_continues_with_the_next_seat_round_the_table() -> None:
    t = landing((3, 3), players=4, carpets=["R 3.3-3.4"], current=3, money=[30, 30, 30, 1])
    assert t.eliminated == 3
    assert t.after.phase is Phase.ORIENT
    assert t.after.current == 0


def test_the_next_seat_skips_players_already_out() -> None:
    t = landing(
        (3, 3), players=4, carpets=["R 3.3-3.4"], current=1, money=[30, 1, 30, 30], eliminated=[2]
    )
    assert t.after.current == 3


def test_an_eliminated_seat_is_skipped_afterwards() -> None:
    after = bankrupt_blue().after  # seat 2 to orient; seat 1 is out
    state = after.apply(Orient(Turn.STRAIGHT)).apply(Roll(4))
    assert state.current == 2 and state.phase is Phase.PLACE
    state = state.apply(state.legal_placements()[0])
    assert state.current == 0 and state.phase is Phase.ORIENT
    state = state.apply(Orient(Turn.STRAIGHT)).apply(Roll(1))
    state = state.apply(state.legal_placements()[0])
    assert state.current == 2


@pytest.mark.parametrize(
    ("money", "paid", "bankrupt"), [(4, 4, True), (7, 7, False), (9, 7, False)]
)
def test_charge_at_tells_the_toll_payment_and_bankruptcy_before_the_roll(
    money: int, paid: int, bankrupt: bool
) -> None:
    state = build(players=3, carpets=RED_7, current=1, money=[30, money, 30])
    charge = state.charge_at((2, 3))
    assert (charge.toll, charge.paid, charge.payee, charge.bankrupt) == (7, paid, 0, bankrupt)
    assert state.charge_at((2, 3), seat=0) == (0, 0, None, False)  # red's own region
