"""What the game screen shows instead of the market on a terminal too small for it."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the game screen lays out in."""


class TooSmall(Static):
    """The notice to make the window larger; shown while the size does not ``fit``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            f"The market needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Make the window larger (or the font smaller) to go on playing.",
            id=id,
        )

    @staticmethod
    def fits(width: int, height: int) -> bool:
        """True when a terminal of ``width`` x ``height`` can show the market."""
        return width >= MIN_WIDTH and height >= MIN_HEIGHT
