"""The status line under the market: who does what now, then a reason or a message."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """Two lines of text; ``show`` redraws them only when they change."""

    _shown = Text()

    def show(self, status: Text) -> None:
        """Show these lines (``game_status.status_text`` writes them)."""
        if status != self._shown:
            self._shown = status
            self.update(status, layout=False)
