"""The status line under the market: who does what now, then a reason or a message."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import RenderResult

from marrakech.flow import Notice
from marrakech.tui.files import PassingNotice
from marrakech.tui.widgets.wrapped import WrappedStatic


class StatusLine(WrappedStatic):
    """Two lines of text; ``show`` redraws them only when they change. A message too long
    for the lines it has (an undo that took back a whole round, say) is cut with "…" and
    shown whole as a notice as well; the next such message takes the place of the last
    one's notice, if it is still up (a redo's beside its undo's would contradict it).
    Japanese breaks where Japanese may (``WrappedStatic``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.overflow = PassingNotice()
        """The notice of the last message too long for the lines."""

    def show(self, status: Text) -> None:
        """Show these lines (``game_status.status_text`` writes them)."""
        if status != self._text:
            self.update(status, layout=False)
            if self._overflows(status):
                first, _, message = status.plain.partition("\n")
                self.overflow.show(self.app, Notice(message or first))

    def fits(self, status: Text) -> bool:
        """Whether ``status`` takes no more lines than the widget is sure to have (its
        height, or where that follows the text, its least height): a screen may then say
        less, rather than have it cut."""
        least = self.styles.min_height
        rows = int(least.value) if least is not None else self.content_size.height
        return len(self._lines(status)) <= rows

    def _overflows(self, status: Text) -> bool:
        """Whether ``status`` wraps to more lines than the widget has room for."""
        return len(self._lines(status)) > self.content_size.height > 0

    def _lines(self, status: Text) -> list[Text]:
        """``status`` broken into the lines it takes at the widget's width."""
        width = self.content_size.width
        if width <= 0:
            return [status]
        return list((self._wrapped(width, status) or status).wrap(self.app.console, width))

    def render(self) -> RenderResult:
        """The lines that fit; where the text goes on, the last ends with "…" (the whole
        of it is a notice as well)."""
        width, height = self.content_size
        lines = self._lines(self._text)
        if not len(lines) > height > 0:
            return super().render()
        kept = lines[:height]
        last = kept[-1]
        last.rstrip()
        last.truncate(width - 1)
        last.append("…")
        return Text("\n").join(kept)
