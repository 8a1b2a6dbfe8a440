"""Carpet colours as small chips of text: the letter on its colour, readable without colour."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from marrakech.engine import Colour

CHIP_STYLES = {
    Colour.RED: "bold #fff4e8 on #b8352a",
    Colour.BLUE: "bold #f2f6ff on #2d64a8",
    Colour.YELLOW: "bold #2a1a00 on #e9b52f",
    Colour.GREEN: "bold #f0fff4 on #2f7f4f",
}
"""Rich styles of the four carpet colours."""


def chips(colours: Iterable[Colour], *, dim: bool = False) -> Text:
    """The colours as chips (" R " on red...), side by side; dim for a bankrupt seat."""
    text = Text()
    for colour in colours:
        style = "dim" if dim else CHIP_STYLES[colour]
        text.append(f" {colour.letter} ", style=style)
    return text
