"""What the game screen shows instead of the market on a terminal too small for it."""

from __future__ import annotations

from textual.widgets import Static

from marrakech.games.language import _

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the game screen lays out in."""


class TooSmall(Static):
    """The notice to make the window larger; shown while the size does not ``fit``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(self.notice(), id=id)

    def on_mount(self) -> None:
        self.speak()

    @staticmethod
    def notice(*, web: bool = False) -> str:
        """What to do, in the language spoken now (``web``: in a browser's page)."""
        if web:
            return _(
                "The market needs a page of at least {width} columns and {height} rows.\n"
                "Make the browser window larger (or zoom out, ctrl and -) to go on playing."
            ).format(width=MIN_WIDTH, height=MIN_HEIGHT)
        return _(
            "The market needs a terminal of at least {width}x{height}.\n"
            "Make the window larger (or the font smaller) to go on playing."
        ).format(width=MIN_WIDTH, height=MIN_HEIGHT)

    def speak(self) -> None:
        """Say it again in the language spoken now."""
        self.update(self.notice(web=self.app.is_web))

    @staticmethod
    def fits(width: int, height: int) -> bool:
        """True when a terminal of ``width`` x ``height`` can show the market."""
        return width >= MIN_WIDTH and height >= MIN_HEIGHT
