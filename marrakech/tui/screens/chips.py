"""Carpet colours as small chips of text: the letter on its colour, readable without colour."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from marrakech.engine import Colour
from marrakech.tui.palette import carpet_style


def chips(colours: Iterable[Colour], *, dim: bool = False) -> Text:
    """The colours as chips (" R " on red...), side by side; dim for a bankrupt seat."""
    text = Text()
    for colour in colours:
        text.append(f" {colour.letter} ", style="dim" if dim else carpet_style(colour, bold=True))
    return text
