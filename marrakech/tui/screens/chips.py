"""Carpet colours as small chips of text: the letter on its colour, readable without colour."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from marrakech.engine import Colour

CARPET_COLOURS = {
    Colour.RED: "#b8352a",
    Colour.BLUE: "#2d64a8",
    Colour.YELLOW: "#e9b52f",
    Colour.GREEN: "#2f7f4f",
}
"""The four carpet colours as hex colours."""

_INK = {
    Colour.RED: "#fff4e8",
    Colour.BLUE: "#f2f6ff",
    Colour.YELLOW: "#2a1a00",
    Colour.GREEN: "#f0fff4",
}


def chips(colours: Iterable[Colour], *, dim: bool = False) -> Text:
    """The colours as chips (" R " on red...), side by side; dim for a bankrupt seat."""
    text = Text()
    for colour in colours:
        style = "dim" if dim else f"bold {_INK[colour]} on {CARPET_COLOURS[colour]}"
        text.append(f" {colour.letter} ", style=style)
    return text
