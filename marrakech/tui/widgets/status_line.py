"""The status line under the market: who does what now, then a reason or a message."""

from __future__ import annotations

from rich.text import Text

from marrakech.flow import Notice
from marrakech.tui.files import show_notice
from marrakech.tui.widgets.wrapped import WrappedStatic


class StatusLine(WrappedStatic):
    """Two lines of text; ``show`` redraws them only when they change. A message too long
    for the lines it has (an undo that took back a whole round, say) is shown whole as a
    notice as well. Japanese breaks where Japanese may (``WrappedStatic``)."""

    def show(self, status: Text) -> None:
        """Show these lines (``game_status.status_text`` writes them)."""
        if status != self._text:
            self.update(status, layout=False)
            if self._overflows(status):
                first, _, message = status.plain.partition("\n")
                show_notice(self.app, Notice(message or first))

    def _overflows(self, status: Text) -> bool:
        """Whether ``status`` wraps to more lines than the widget has room for."""
        width, height = self.content_size
        if width <= 0 or height <= 0:
            return False
        return len((self._wrapped(width) or status).wrap(self.app.console, width)) > height
