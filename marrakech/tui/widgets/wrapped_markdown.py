"""A Markdown document whose Japanese paragraphs break where Japanese may (``games.lines``),
never before a full stop or inside a number; English is drawn as by any Markdown."""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.geometry import Size
from textual.widgets.markdown import Markdown, MarkdownBlock

from marrakech.games.lines import is_wide, line_starts


def wrap_content(content: Content, width: int) -> Content:
    """``content`` with a line break wherever ``line_starts`` breaks a line of it that has
    wide characters in ``width`` cells (a line without any is left to Textual)."""
    lines: list[Content] = []
    for line in content.split("\n", allow_blank=True):
        if is_wide(line.plain):
            lines += [part.rstrip() for part in line.divide(line_starts(line.plain, width))]
        else:
            lines.append(line)
    return Content("\n").join(lines)


class WrappedParagraph(MarkdownBlock):
    """A paragraph of a ``WrappedMarkdown``. (Textual's own paragraph class is not public;
    what it adds beside its margin serves a document updated in place, which the help's
    pages never are.)"""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    Markdown > WrappedParagraph {
         margin: 0 0 1 0;
    }
    """

    paragraph = Content()
    """The paragraph's text, before it is wrapped."""

    def set_content(self, content: Content) -> None:
        """Show ``content``; it is kept to be wrapped at the width drawn."""
        self.paragraph = content
        super().set_content(content)

    def _wrapped(self, width: int) -> Content | None:
        if width > 0 and is_wide(self.paragraph.plain):
            return wrap_content(self.paragraph, width)
        return None

    def render(self) -> RenderResult:
        wrapped = self._wrapped(self.content_size.width)
        return super().render() if wrapped is None else wrapped

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        wrapped = self._wrapped(width)
        if wrapped is None:
            return super().get_content_height(container, viewport, width)
        return len(wrapped.wrap(width))


class WrappedMarkdown(Markdown):
    """Markdown whose paragraphs (in lists too) are ``WrappedParagraph``."""

    BLOCKS: dict[str, type[MarkdownBlock]] = {  # noqa: RUF012 (Textual's own declaration)
        **Markdown.BLOCKS,
        "paragraph_open": WrappedParagraph,
    }
