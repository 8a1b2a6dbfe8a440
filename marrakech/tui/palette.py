"""The app's one palette for carpets: each colour and the ink that reads on it, per colour depth.

The board, the player panels, the colour chips and the results all draw carpets from here.
Terminals with millions of colours (or 256) get ``FULL``; a 16-colour terminal or the
Linux console gets ``BASIC``, made of the eight background colours every console has
(its bright backgrounds are missing there), chosen so the market floor and every carpet
stay apart. The app picks one at start-up with ``use``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rich.style import Style

from marrakech.engine import Colour


@dataclass(frozen=True, slots=True)
class Palette:
    """Carpet colours and their inks, as colours Rich understands (hex or ANSI names)."""

    carpets: dict[Colour, str]
    inks: dict[Colour, str]
    neutral: str
    """A neutral carpet (its owner went bankrupt), whatever its colour was."""
    neutral_ink: str


FULL: Final = Palette(
    carpets={
        Colour.RED: "#b3261e",
        Colour.BLUE: "#2050b0",
        Colour.YELLOW: "#ffd23f",
        Colour.GREEN: "#1f9d55",
    },
    inks={
        Colour.RED: "#fff1e6",
        Colour.BLUE: "#eaf2ff",
        Colour.YELLOW: "#2b1b00",
        Colour.GREEN: "#effff4",
    },
    neutral="#6e6259",
    neutral_ink="#d9d0c7",
)
"""The palette for terminals with 256 colours or more."""

BASIC: Final = Palette(
    carpets={
        Colour.RED: "red",
        Colour.BLUE: "blue",
        Colour.YELLOW: "yellow",
        Colour.GREEN: "green",
    },
    inks={
        Colour.RED: "bright_white",
        Colour.BLUE: "bright_white",
        Colour.YELLOW: "black",
        Colour.GREEN: "bright_white",
    },
    neutral="cyan",
    neutral_ink="black",
)
"""The palette for 16 colours: normal (never bright) backgrounds only; the floor is white."""

CARPET_COLOURS: Final[dict[Colour, str]] = FULL.carpets
"""The four carpet colours as hex colours (the full palette: also the chart's colours)."""

_palette = [FULL]


def use(palette: Palette) -> None:
    """Draw every carpet from ``palette`` from now on (the app calls it once, at start-up)."""
    _palette[0] = palette


def current() -> Palette:
    """The palette in use."""
    return _palette[0]


def carpet_style(colour: Colour, *, bold: bool = False) -> Style:
    """A carpet colour as a style: its ink on it, bold for a chip of text."""
    palette = _palette[0]
    style = Style(color=palette.inks[colour], bgcolor=palette.carpets[colour])
    return style + Style(bold=True) if bold else style


def neutral_style() -> Style:
    """A neutral carpet as a style."""
    palette = _palette[0]
    return Style(color=palette.neutral_ink, bgcolor=palette.neutral)
