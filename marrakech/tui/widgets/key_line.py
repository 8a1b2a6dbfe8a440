"""A line of keys ("Esc: board · c: summary · ..."), wrapped between keys, never inside one."""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Size
from textual.widget import Widget

SEPARATOR = " · "
"""What stands between two keys, in every language's catalogue."""


def key_rows(line: str, width: int) -> list[str]:
    """``line``'s keys (separated by ``SEPARATOR``) in rows at most ``width`` cells wide,
    breaking only between keys; a key wider than ``width`` has a row of its own."""
    rows: list[str] = []
    for key in line.split(SEPARATOR):
        if rows and cell_len(rows[-1] + SEPARATOR + key) <= width:
            rows[-1] += SEPARATOR + key
        else:
            rows.append(key)
    return rows


class KeyLine(Widget):
    """The keys of a screen, centred, in as many rows as its width needs."""

    DEFAULT_CSS = """
    KeyLine {
        width: 100%;
        height: auto;
        text-align: center;
        color: $text-muted;
    }
    """

    def __init__(self, line: str, *, id: str | None = None) -> None:
        """``line``: the keys, separated by ``SEPARATOR``."""
        super().__init__(id=id, markup=False)
        self.line = line

    def render(self) -> str:
        return "\n".join(key_rows(self.line, self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(key_rows(self.line, width))
