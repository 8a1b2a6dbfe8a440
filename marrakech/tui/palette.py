"""The app's one palette for carpets: each colour's hex value and the ink that reads on it.

The board, the player panels, the colour chips and the results all draw carpets from here.
"""

from __future__ import annotations

from typing import Final

from rich.style import Style

from marrakech.engine import Colour

CARPET_COLOURS: Final[dict[Colour, str]] = {
    Colour.RED: "#b3261e",
    Colour.BLUE: "#2050b0",
    Colour.YELLOW: "#ffd23f",
    Colour.GREEN: "#1f9d55",
}
"""The four carpet colours as hex colours."""

CARPET_INK: Final[dict[Colour, str]] = {
    Colour.RED: "#fff1e6",
    Colour.BLUE: "#eaf2ff",
    Colour.YELLOW: "#2b1b00",
    Colour.GREEN: "#effff4",
}
"""The text colour that reads on each carpet colour."""

NEUTRAL_COLOUR: Final = "#6e6259"
"""A neutral carpet (its owner went bankrupt) is grey, whatever its colour was."""

NEUTRAL_INK: Final = "#d9d0c7"
"""The text colour that reads on a neutral carpet."""

NEUTRAL_CARPET: Final = Style(color=NEUTRAL_INK, bgcolor=NEUTRAL_COLOUR)
"""A neutral carpet as a style."""


def carpet_style(colour: Colour, *, bold: bool = False) -> Style:
    """A carpet colour as a style: its ink on it, bold for a chip of text."""
    style = Style(color=CARPET_INK[colour], bgcolor=CARPET_COLOURS[colour])
    return style + Style(bold=True) if bold else style
