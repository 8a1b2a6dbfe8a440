"""The game flow: a game being played, for every front end (full-screen, text, network).

No Textual, no Rich, no terminal: a front end asks the flow whose turn it is, plays the
decisions its players make, lets the flow's ``computers`` run the computer seats, hears
what happened (``Change``) and draws it. ``GameFlow`` is the interface of every kind of
table: local, a network host's, a client's copy. The pure choosing helpers (``cursor``)
and the risk maths (``risk``) live beside it.
"""

from marrakech.flow.changes import Change, Listener
from marrakech.flow.computers import ComputerMove, ComputerSeats, Decision
from marrakech.flow.game import GameFlow
from marrakech.flow.notice import Notice, Notify
from marrakech.flow.recap import TurnRecap, looped_steps, recap, recaps
from marrakech.flow.seats import Seat, SeatKind

__all__ = [
    "Change",
    "ComputerMove",
    "ComputerSeats",
    "Decision",
    "GameFlow",
    "Listener",
    "Notice",
    "Notify",
    "Seat",
    "SeatKind",
    "TurnRecap",
    "looped_steps",
    "recap",
    "recaps",
]
