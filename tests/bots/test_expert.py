"""The expert's evaluation: where Assam is likely to stop, and what a region there earns."""

from __future__ import annotations

import pytest
from engine.positions import build

from marrakech.bots.exposure import exposure_estimate, likely_choice
from marrakech.bots.foresight import ROLLS_AHEAD, stops
from marrakech.bots.tolls import LANDINGS
from marrakech.engine import Direction, Phase


def test_each_roll_ahead_stops_somewhere() -> None:
    ahead = stops((3, 3), Direction.N)
    assert len(ahead) == ROLLS_AHEAD
    for roll in ahead:
        assert sum(chance for _, chance in roll) == pytest.approx(1, abs=1e-2)
    coming = {divmod(index, 7): chance for index, chance in ahead[0]}
    assert coming == pytest.approx(dict(LANDINGS[(3, 3), Direction.N]))


def test_a_region_in_assam_s_way_is_worth_more_than_the_same_region_out_of_it() -> None:
    # Blue (seat 1) has one carpet; Red (seat 0) moves next from the centre, facing north.
    def blue_lead(carpet: str) -> float:
        state = build(players=2, carpets=[carpet], assam="3.3 N", phase="orient", current=0)
        estimate = exposure_estimate(state)
        return estimate[1] - estimate[0]

    in_the_way = blue_lead("B 1.2-1.3")  # two to three steps ahead of Assam
    out_of_the_way = blue_lead("B 6.0-6.1")  # a far corner behind him
    assert in_the_way > out_of_the_way


def test_the_mover_is_expected_to_turn_away_from_a_toll() -> None:
    state = build(players=2, carpets=["B 2.3-1.3"], assam="3.3 N", phase="orient", current=0)
    chosen = likely_choice(state)
    assert chosen.phase is Phase.ROLL
    assert chosen.assam.facing is not Direction.N


def test_a_finished_game_is_its_result() -> None:
    state = build(players=2, carpets=["B 2.3-1.3"], phase="over")
    estimate = exposure_estimate(state)
    scores = state.scores()
    winner = state.winners()[0]
    assert estimate[winner] == scores[winner].total + 50
