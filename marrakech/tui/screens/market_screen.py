"""A screen that draws the market: on a terminal too small for it, a notice instead.

The game, the lessons, the review and the replay lay the market out in at least
``too_small.MIN_WIDTH`` x ``MIN_HEIGHT`` cells. Smaller, the screen takes the class
``-too-small``: its ``.market-room`` (what it draws) hides, the ``TooSmall`` notice shows,
and its keys are hidden (``fits_the_market`` in ``check_action``).
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import Screen

from marrakech.tui.widgets.too_small import TooSmall

ScreenResult = TypeVar("ScreenResult")


class MarketScreen(Screen[ScreenResult]):
    """A screen whose ``.market-room`` needs the market's room (see the module)."""

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(not TooSmall.fits(width, height), "-too-small")
        for notice in self.query(TooSmall):
            notice.speak()  # with the size now
        self.refresh_bindings()

    @property
    def fits_the_market(self) -> bool:
        """False while the terminal is too small: no key of the screen acts then."""
        return not self.has_class("-too-small")
