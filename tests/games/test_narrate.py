"""The game log's sentences (``games.narrate``)."""

from __future__ import annotations

from marrakech.engine import Orient, Place, Turn
from marrakech.games.narrate import game_log
from marrakech.games.session import GameSetup, Session


def test_a_roll_round_a_loop_of_the_edge_says_the_way_it_went_and_the_facing_after() -> None:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=5))  # docs/save-format.md
    session.play(Orient(Turn.LEFT))
    session.roll()
    session.play(Place((1, 0), (2, 0)))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    assert game_log(session.transitions, ("Ayla", "Bo")) == [
        "Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (1,0)-(2,0).",
        "Bo goes straight, rolls 3, walks to (2,2) by way of a loop at the edge, now facing east.",
    ]
