"""The expert's evaluation: where Assam is likely to stop, and what a region there earns."""

from __future__ import annotations

import pytest
from engine.positions import build

from marrakech.bots import expert, make_bot
from marrakech.bots.expert import searched_values, win_chance
from marrakech.bots.exposure import ExposureWeights, exposure_estimate, likely_choice
from marrakech.bots.foresight import ROLLS_AHEAD, pressure, stops
from marrakech.bots.tolls import LANDINGS
from marrakech.engine import Direction, GameState, Orient, Phase, Roll, Turn, new_game


def test_each_roll_ahead_stops_somewhere() -> None:
    ahead = stops((3, 3), Direction.N)
    assert len(ahead) == ROLLS_AHEAD
    for roll in ahead:
        assert sum(chance for _, chance in roll) == pytest.approx(1, abs=1e-2)
    coming = {divmod(index, 7): chance for index, chance in ahead[0]}
    assert coming == pytest.approx(dict(LANDINGS[(3, 3), Direction.N]))


def test_a_region_in_assam_s_way_is_worth_more_than_the_same_region_out_of_it() -> None:
    # Blue (seat 1) has one carpet; Red (seat 0) moves next from the centre, facing north.
    # Without the cover term (a carpet in the way is also likelier to be covered).
    weights = ExposureWeights(cover=(0, 0, 0))

    def blue_lead(carpet: str) -> float:
        state = build(players=2, carpets=[carpet], assam="3.3 N", phase="orient", current=0)
        estimate = exposure_estimate(state, weights)
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


def test_squares_beside_assam_s_way_are_likelier_to_be_covered() -> None:
    near = pressure((3, 3), Direction.N)
    beside_the_way = near[2 * 7 + 2]  # beside the squares one to three steps north
    far_corner = near[6 * 7 + 6]
    assert beside_the_way > 5 * far_corner
    assert sum(near) == pytest.approx(sum(len(_beside(i)) * c for i, c in _all_stops()), rel=1e-9)


def _beside(index: int) -> list[int]:
    row, col = divmod(index, 7)
    return [
        r * 7 + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 7 and 0 <= c < 7
    ]


def _all_stops() -> list[tuple[int, float]]:
    return [stop for roll in stops((3, 3), Direction.N) for stop in roll]


def test_a_carpet_in_assam_s_way_is_worth_less_to_hold_when_carpets_are_laid_there() -> None:
    # Only the cover term counts: no tolls ahead, no potential, no holding.
    weights = ExposureWeights(exposure=(), potential=(0, 0, 0), holding=(0, 0, 0), cover=(1, 1, 1))

    def blue_lead(carpet: str) -> float:
        state = build(players=2, carpets=[carpet], assam="3.3 N", phase="orient", current=0)
        estimate = exposure_estimate(state, weights)
        return estimate[1] - estimate[0]

    beside_the_way = blue_lead("B 2.2-1.2")  # where Red would lay carpets after its roll
    out_of_the_way = blue_lead("B 6.5-6.6")
    assert out_of_the_way > beside_the_way


def test_holding_squares_is_worth_more_the_more_carpets_are_left() -> None:
    weights = ExposureWeights(exposure=(), potential=(0, 0, 0), holding=(1, 1, 1), cover=(0, 0, 0))
    state = build(players=2, carpets=["B 6.5-6.6"], assam="3.3 N", phase="orient", current=0)
    estimate = exposure_estimate(state, weights)
    left = sum(player.carpets_left for player in state.players) / 2
    assert estimate[1] - state.scores()[1].total == pytest.approx(2 * left / 12)


def test_near_the_end_a_sure_lead_beats_a_gamble_with_a_bigger_average() -> None:
    def gamble(spread: float) -> float:  # +10 or -4 on a coin: +3 on average
        return (win_chance([30, 20], 0, spread) + win_chance([16, 20], 0, spread)) / 2

    near_the_end, at_the_start = 4.0, 21.0
    assert win_chance([22, 20], 0, near_the_end) > gamble(near_the_end)
    assert win_chance([22, 20], 0, at_the_start) < gamble(at_the_start)


def test_a_bigger_lead_is_always_worth_more() -> None:
    leads = [-60, -10, -1, 0, 1, 10, 60]
    for spread in (4.0, 21.0):
        values = [win_chance([40 + lead, 40], 0, spread) for lead in leads]
        assert values == sorted(values) and len(set(values)) == len(values)


def test_with_more_players_every_rival_counts_not_only_the_nearest() -> None:
    spread = 10.0
    level_with_all = win_chance([40, 40, 39, 39], 0, spread)
    level_with_the_leader_only = win_chance([40, 40, 20, 20], 0, spread)
    assert level_with_the_leader_only > level_with_all
    far_ahead_of_the_others = win_chance([40, 40, 0, 0], 0, spread)
    assert far_ahead_of_the_others == pytest.approx(win_chance([40, 40], 0, spread), rel=0.01)
    assert sum(win_chance([40, 40, 40, 40], seat, spread) for seat in range(4)) < 4 * 25


def test_the_search_values_a_carpet_a_facing_and_nothing_else() -> None:
    state = new_game(2, seed=4)
    facings = [action for action in state.legal_actions() if isinstance(action, Orient)]
    values = searched_values(state, facings)
    assert list(values) == facings and len(set(values.values())) > 1
    rolled = state.apply(facings[0])
    with pytest.raises(ValueError, match="the expert searches no Roll action"):
        searched_values(rolled, [Roll(1)])
    while rolled.phase is not Phase.PLACE:
        rolled = rolled.apply(Roll(1))
    carpets = list(rolled.legal_placements()[:3])
    assert list(searched_values(rolled, carpets)) == carpets


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_the_search_tries_the_next_player_s_every_facing_with_any_number_of_players(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's second look does not take the facing the evaluation expects of the
    next player: it searches them all, so a wrong guess changes nothing."""
    state = carpet_to_lay(players)
    carpets = list(state.legal_placements())
    facings = searched_values(state, carpets)

    def always_left(state: GameState, weights: object = None) -> GameState:
        return state.apply(Orient(Turn.LEFT))

    monkeypatch.setattr(expert, "likely_choice", always_left)
    assert searched_values(state, carpets) == facings


def test_a_carpet_with_3_players_is_searched_through_the_next_two_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = carpet_to_lay(3)
    carpets = list(state.legal_placements())
    two_turns = searched_values(state, carpets)
    monkeypatch.setattr(expert, "PLACE_TURNS", (1, 1, 1))
    assert searched_values(state, carpets) != two_turns


def carpet_to_lay(players: int) -> GameState:
    """A seeded game of greedy players, a dozen turns each in, a carpet to lay."""
    greedy = make_bot("greedy", seed=players)
    state, played = new_game(players, seed=players), 0
    while played < 12 * players or state.phase is not Phase.PLACE:  # carpets on the board
        roll = Roll((1, 2, 2, 3, 3, 4)[played % 6])  # the die's six faces in turn
        state = state.apply(roll if state.phase is Phase.ROLL else greedy.choose(state))
        played += 1
    return state
