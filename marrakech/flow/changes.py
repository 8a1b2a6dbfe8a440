"""What a table tells its front ends: one ``Change`` each time something happens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from marrakech.engine import Transition

ChangeKind = Literal[
    "played", "synced", "seats", "undo_asked", "undo_refused", "error", "lost", "closed"
]


@dataclass(frozen=True, slots=True)
class Change:
    """Something that happened at a table (local or networked), for the front end to show.

    ``played``: ``seat`` made a decision (``transitions``, a roll included; the flow's
    ``latest`` recap says it in words). ``synced``: the whole game was read again (an
    undo, a reconnection); ``text`` says why. ``seats``: who plays which seat changed.
    ``undo_asked``: ``text`` (a player's name) asks ``seat`` to agree to an undo.
    ``undo_refused``: ``seat``'s undo request was refused, ``text`` says why. ``error``:
    the host refused something this front end sent (``text``). ``lost``: the connection
    dropped and the client is trying again. ``closed``: the connection is gone for good
    (``text`` says why).
    """

    kind: ChangeKind
    seat: int | None = None
    transitions: tuple[Transition, ...] = ()
    text: str = ""
    own: tuple[tuple[int, str], ...] = ()
    """What particular seats' players are told instead of ``text`` (seat, words): "you took
    back your last decision" to the one who did."""

    def said_to(self, seat: int | None) -> str:
        """The words for the player of ``seat`` (None: a spectator, or a table's own)."""
        return dict(self.own).get(seat, self.text) if seat is not None else self.text


Listener = Callable[[Change], None]
"""Called with every Change, in the event loop's thread."""
