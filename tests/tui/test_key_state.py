"""Which keys a board shows: none that play where no person plays."""

from __future__ import annotations

import pytest

from marrakech.flow import GameFlow
from marrakech.games.session import GameSetup, Session
from marrakech.tui.screens.game_keys import PLAYING_KEYS, key_state
from marrakech.tui.screens.game_status import Pointing


def _flow(*seats: str, remote: tuple[int, ...] = ()) -> GameFlow:
    setup = GameSetup(len(seats), seats=seats)
    return GameFlow(Session(setup), lambda notice: None, autosave=False, remote=remote)


def _shown(flow: GameFlow, action: str, *parameters: object) -> bool:
    return key_state(flow, Pointing(), False, action, parameters) is not False


@pytest.mark.parametrize(
    "flow",
    [
        pytest.param(_flow("greedy", "hard"), id="computers only"),
        pytest.param(_flow("person", "person", remote=(0, 1)), id="a spectator of two players"),
    ],
)
def test_a_board_where_no_person_plays_hides_the_playing_keys(flow: GameFlow) -> None:
    assert not any(_shown(flow, action, "left") for action in PLAYING_KEYS)
    assert _shown(flow, "save") and _shown(flow, "toggle_risk")


def test_a_person_at_the_board_sees_the_keys_of_the_moment() -> None:
    flow = _flow("person", "greedy", remote=())
    assert _shown(flow, "turn", "left") and _shown(flow, "roll") and _shown(flow, "undo")
    assert not _shown(flow, "lay")  # not before the roll


def test_hot_seat_without_takebacks_shows_undo_and_redo_only_when_they_act() -> None:
    seats = ("person", "person", "greedy")
    setup = GameSetup(3, seats=seats, seed=3, takeback=False)
    flow = GameFlow(Session(setup), lambda notice: None, autosave=False)
    assert not _shown(flow, "undo") and not _shown(flow, "redo")  # nothing decided yet
    while flow.state.current != 2:  # Player 1, then Player 2, turn Assam and lay
        flow.play(flow.state.legal_actions()[0])
        assert not _shown(flow, "redo")
    assert _shown(flow, "undo")  # Player 2's carpet, before the computer's roll
    flow.undo()
    assert _shown(flow, "redo") and not _shown(flow, "undo")  # their roll was seen
    flow.close()


def test_a_key_that_plays_says_whose_turn_it_is_only_while_another_is_to_move() -> None:
    flow = _flow("person", "person", remote=(1,))  # Player 2 plays from elsewhere
    assert not _shown(flow, "not_yours")  # Player 1's turn here: the keys play
    flow.play(flow.state.legal_actions()[0])  # a way, and the die rolls
    flow.play(flow.state.legal_actions()[0])  # a carpet: Player 2 to move
    assert flow.state.current == 1
    assert key_state(flow, Pointing(), False, "not_yours", ()) is True
    assert key_state(flow, Pointing(), True, "not_yours", ()) is False  # Assam walks
    flow.close()
