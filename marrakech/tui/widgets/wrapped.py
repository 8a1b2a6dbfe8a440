"""Text whose Japanese breaks where Japanese may (``games.lines``), not wherever the edge
falls: a Static (``WrappedStatic``), and a Rich renderable for a table's cell or a list's
line (``WrappedText``, which may also break only between phrases). English and other
narrow text is drawn as Textual and Rich draw it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions
from rich.console import RenderResult as RichResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.visual import VisualType
from textual.widgets import Static

from marrakech.games.lines import is_wide, narrowest, phrase_breaks, wrap_text


class WrappedStatic(Static):
    """A Static of text (``update`` with a str or a Rich Text) wrapped as ``lines`` says."""

    def __init__(
        self,
        content: VisualType = "",
        *,
        markup: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Show ``content`` (kept to be wrapped at the width drawn, as ``update`` keeps it)."""
        super().__init__(content, markup=markup, id=id, classes=classes)
        self._text = content if isinstance(content, Text) else Text(str(content))

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``; text is kept to be wrapped at the width drawn."""
        self._text = content if isinstance(content, Text) else Text(str(content))
        super().update(content, layout=layout)

    def _wrapped(self, width: int, text: Text | None = None) -> Text | None:
        """The text (or ``text``) broken into lines of ``width`` cells, when it has wide
        characters."""
        text = self._text if text is None else text
        if width > 0 and is_wide(text.plain):
            return wrap_text(text, width)
        return None

    def render(self) -> RenderResult:
        wrapped = self._wrapped(self.content_size.width)
        return super().render() if wrapped is None else wrapped

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        wrapped = self._wrapped(width)
        if wrapped is None:
            return super().get_content_height(container, viewport, width)
        return len(wrapped.wrap(self.app.console, width))


class WrappedText:
    """A Rich renderable: ``text`` broken into lines as ``lines`` says at the width it is
    drawn in (a table's column, a list's line), where it has wide characters; and first
    between its phrases, when it has them."""

    def __init__(
        self, text: Text, *, joins: Sequence[tuple[int, int]] = (), keep: Sequence[str] = ()
    ) -> None:
        """``joins``: where each join between two phrases of ``text`` (a saved game's
        players, its turns, who won) begins and ends: a line breaks there, the join
        dropped, when the next phrase does not fit on it (``lines.phrase_breaks``), and
        inside a phrase only when it is wider than a whole line. ``keep``: words (the
        players' names) a line of Japanese breaks inside only when one is wider than it."""
        self.text = text
        self.joins = tuple(joins)
        self.keep = tuple(keep)

    def __str__(self) -> str:
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RichResult:
        width = options.max_width
        text = self.text
        if self.joins and width > 0:
            text = phrase_breaks(text, self.joins, width)
        yield wrap_text(text, width, self.keep) if is_wide(text.plain) and width > 0 else text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        measured = Measurement.get(console, options, self.text)
        if is_wide(self.text.plain):  # it breaks between words Japanese may break between
            least = narrowest(self.text.plain)
            return Measurement(min(least, measured.maximum), measured.maximum)
        return measured


def hanging(mark: str, words: Text, mark_width: int, keep: Sequence[str] = ()) -> Table:
    """One entry of a list: ``mark`` (a number, a bullet) dim in a column of its own,
    ``mark_width`` cells wide, and ``words`` beside it, wrapped under themselves (so that
    a line cut from its start never reads as an entry of its own), never inside one of
    the words of ``keep`` (the players' names)."""
    entry = Table.grid(padding=(0, 1, 0, 0))
    entry.add_column(width=mark_width, justify="right", style="dim")
    entry.add_column(ratio=1)
    entry.add_row(mark, WrappedText(words, keep=keep))
    return entry
