"""The game screen's ear on a network game: each Change the game's flow hears is posted up
as a ``NetworkLink.Heard`` message, for the screen to show (a move played elsewhere, the
game read again, an undo to agree to, a lost connection)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

if TYPE_CHECKING:
    from marrakech.net.changes import Change


class NetworkLink(Widget):
    """Posts ``Heard`` for every Change of a network game's flow; draws nothing."""

    DEFAULT_CSS = """
    NetworkLink {
        display: none;
    }
    """

    class Heard(Message):
        """Something happened in the network game."""

        def __init__(self, change: Change) -> None:
            super().__init__()
            self.change = change

    def __init__(self, listen: Callable[[Callable[[Change], None]], None]) -> None:
        """Listen with ``listen`` (the flow's ``listen``) once mounted."""
        super().__init__()
        self._listen = listen

    def on_mount(self) -> None:
        self._listen(self._heard)

    def _heard(self, change: Change) -> None:
        self.post_message(self.Heard(change))
