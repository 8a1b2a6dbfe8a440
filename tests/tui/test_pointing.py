"""What the mouse does to a person's pick (``game_status.Pointing``), without a screen."""

from __future__ import annotations

from dataclasses import replace

from marrakech.engine import Orient, Phase, Place, Turn
from marrakech.flow import GameFlow
from marrakech.flow.hint import hint
from marrakech.games.session import GameSetup, Session
from marrakech.tui.screens.game_status import Pointing


def _flow() -> GameFlow:
    return GameFlow(Session(GameSetup(2, seed=1)), lambda notice: None, autosave=False)


def test_a_click_on_a_lane_turns_assam_to_it_before_the_roll() -> None:
    flow = _flow()
    left = next(risk for risk in flow.lane_risks() if risk.turn is Turn.LEFT)
    clicked = Pointing.fresh(flow.state).clicked(flow.state, left.stops[0], flow.lane_risks())
    assert isinstance(clicked, Pointing) and clicked.turn is Turn.LEFT


def test_a_click_lays_the_carpet_shown_or_shows_why_not_elsewhere() -> None:
    flow = _flow()
    flow.play(Orient(Turn.STRAIGHT))
    state = flow.state
    assert state.phase is Phase.PLACE
    pointing = Pointing.fresh(state)
    assert pointing.carpet is not None
    assert pointing.clicked(state, pointing.carpet.b, ()) == pointing.carpet
    far = next(
        (row, column)
        for row in range(7)
        for column in range(7)
        if max(abs(row - state.assam.square[0]), abs(column - state.assam.square[1])) > 2
    )
    probed = pointing.clicked(state, far, ())
    assert isinstance(probed, Pointing) and probed.probe is not None and probed.reason
    assert probed.hovering(state, None) == pointing  # the mouse leaves: the pick is back


def test_the_next_spot_goes_round_every_legal_carpet() -> None:
    flow = _flow()
    flow.play(Orient(Turn.STRAIGHT))
    state = flow.state
    pointing = Pointing.fresh(state)
    seen: list[Place] = []
    for _ in state.legal_placements():
        moved = pointing.cycled(state, 1)
        assert moved is not None and moved.carpet is not None
        pointing = moved
        seen.append(moved.carpet)
    assert set(seen) == set(state.legal_placements()) and len(seen) == len(set(seen))


def test_a_hint_turns_assam_to_its_way_unless_any_way_will_do() -> None:
    flow = _flow()
    fresh = Pointing.fresh(flow.state)
    opening = hint(flow.state)  # an empty market: all three ways alike
    assert opening is not None and opening.any_way
    alike = fresh.hinting(opening.pick, opening)
    assert alike.turn is fresh.turn and alike.message == "Hint: any way will do."
    way = next(turn for turn in Turn if turn is not fresh.turn)
    shown = fresh.hinting(Orient(way), replace(opening, also=()))
    assert shown.turn is way and shown.message.startswith("Hint: ")
