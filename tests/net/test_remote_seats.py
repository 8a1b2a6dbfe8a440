"""The flow's remote seats: someone elsewhere decides, the flow never asks anyone here."""

from __future__ import annotations

import pytest

from marrakech.engine import MarrakechError, Orient, Turn
from marrakech.flow import GameFlow, SeatKind
from marrakech.games.session import GameSetup, Session


def _flow() -> GameFlow:
    setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seats=("person", "person", "greedy"))
    return GameFlow(Session(setup), lambda notice: None, autosave=False, remote=(1,))


def test_a_remote_seat_is_neither_a_person_here_nor_a_computer() -> None:
    flow = _flow()
    assert [seat.kind for seat in flow.seats] == [
        SeatKind.PERSON,
        SeatKind.REMOTE,
        SeatKind.COMPUTER,
    ]
    flow.decide(Orient(Turn.LEFT))
    flow.decide(flow.state.legal_placements()[0])
    assert flow.to_move is not None and flow.to_move.kind is SeatKind.REMOTE
    assert not flow.person_to_move and flow.computers.question() is None


def test_a_seat_is_handed_to_a_computer_and_back_without_changing_the_game() -> None:
    flow = _flow()
    flow.decide(Orient(Turn.LEFT))
    flow.decide(flow.state.legal_placements()[0])
    flow.hand_seat(1, SeatKind.COMPUTER, "random")
    move = flow.computers.question()
    assert move is not None and move.seat == 1
    assert flow.session.setup.seats[1] == "person"  # the seat stays its player's
    flow.hand_seat(1, SeatKind.REMOTE)
    assert flow.computers.question() is None
    with pytest.raises(ValueError, match="a computer seat needs a level"):
        flow.hand_seat(1, SeatKind.COMPUTER)


def test_a_renamed_player_is_named_so_in_the_log_and_a_bad_name_is_refused() -> None:
    flow = _flow()
    flow.decide(Orient(Turn.RIGHT))
    flow.rename(0, "Aylin")
    assert flow.names[0] == "Aylin" and flow.seats[0].name == "Aylin"
    assert flow.log()[0].startswith("Aylin turns right, rolls")
    with pytest.raises(MarrakechError, match="must be 1 to 40 characters"):
        flow.rename(1, " ")
    assert flow.names == ("Aylin", "Bo", "Cem")
