"""A Static whose Japanese breaks where Japanese may (``games.lines``), not wherever the edge
falls; English and other narrow text is drawn by Textual as any Static's is."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.visual import VisualType
from textual.widgets import Static

from marrakech.games.lines import is_wide, wrap_text


class WrappedStatic(Static):
    """A Static of text (``update`` with a str or a Rich Text) wrapped as ``lines`` says."""

    _text = Text()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``; text is kept to be wrapped at the width drawn."""
        self._text = content if isinstance(content, Text) else Text(str(content))
        super().update(content, layout=layout)

    def _wrapped(self, width: int) -> Text | None:
        """The text broken into lines of ``width`` cells, when it has wide characters."""
        if width > 0 and is_wide(self._text.plain):
            return wrap_text(self._text, width)
        return None

    def render(self) -> RenderResult:
        wrapped = self._wrapped(self.content_size.width)
        return super().render() if wrapped is None else wrapped

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        wrapped = self._wrapped(width)
        if wrapped is None:
            return super().get_content_height(container, viewport, width)
        return len(wrapped.wrap(self.app.console, width))
