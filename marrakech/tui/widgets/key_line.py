"""A line of keys ("Esc: board · c: summary · ..."), wrapped between keys, never inside one."""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Size
from textual.widget import Widget

SEPARATOR = " · "
"""What stands between two keys, in every language's catalogue."""


def key_rows(line: str, width: int) -> list[str]:
    """``line``'s keys (separated by ``SEPARATOR``) in rows at most ``width`` cells wide,
    breaking only between keys, as few rows as fit and as even as that many allow (no
    key left alone under a full row); a key wider than ``width`` has a row of its own."""
    rows = _filled(line, width)
    if len(rows) < 2:
        return rows
    narrowest = max(cell_len(key) for key in line.split(SEPARATOR))
    for narrower in range(narrowest, width):  # the narrowest width that keeps as few rows
        even = _filled(line, narrower)
        if len(even) == len(rows):
            return even
    return rows


def _filled(line: str, width: int) -> list[str]:
    """The keys in rows, each row filled with as many as fit in ``width`` cells."""
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
