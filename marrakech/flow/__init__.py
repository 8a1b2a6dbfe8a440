"""The game flow: a game being played, for every front end (full-screen, text, network).

No Textual, no Rich, no terminal: a front end asks the flow whose turn it is, plays the
decisions its players make, runs the computer players when asked, and draws what the
flow says happened. The pure choosing helpers (``cursor``) and the risk maths (``risk``)
live beside it.
"""

from marrakech.flow.game import ComputerMove, GameFlow, Seat, SeatKind
from marrakech.flow.notice import Notice, Notify
from marrakech.flow.recap import TurnRecap, looped_steps, recap, recaps

__all__ = [
    "ComputerMove",
    "GameFlow",
    "Notice",
    "Notify",
    "Seat",
    "SeatKind",
    "TurnRecap",
    "looped_steps",
    "recap",
    "recaps",
]
