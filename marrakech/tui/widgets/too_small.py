"""What the game screen shows instead of the market on a terminal too small for it."""

from __future__ import annotations

from textual.widgets import Static

from marrakech.games.language import _

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the game screen lays out in."""


class TooSmall(Static):
    """The notice to make the window larger; shown while the size does not ``fit``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(self.notice(), id=id, markup=False)

    def on_mount(self) -> None:
        self.speak()

    @staticmethod
    def notice(*, web: bool = False, size: tuple[int, int] | None = None) -> str:
        """What to do, in the language spoken now (``web``: in a browser's page), and how
        large it is now (``size``: columns and rows), to tell which of the two is short."""
        if web:
            words = _(
                "The market needs a page of at least {width} columns and {height} rows.\n"
                "Make the browser window larger (or zoom out, ctrl and -) to go on playing."
            ).format(width=MIN_WIDTH, height=MIN_HEIGHT)
        else:
            words = _(
                "The market needs a terminal of at least {width}x{height}.\n"
                "Make the window larger (or the font smaller) to go on playing."
            ).format(width=MIN_WIDTH, height=MIN_HEIGHT)
        if size is None:
            return words
        now = _("Now: {width} columns and {height} rows.").format(width=size[0], height=size[1])
        return f"{words}\n{now}"

    def speak(self) -> None:
        """Say it again in the language spoken now, with the size now."""
        width, height = self.app.size
        self.update(self.notice(web=self.app.is_web, size=(width, height)))

    @staticmethod
    def fits(width: int, height: int) -> bool:
        """True when a terminal of ``width`` x ``height`` can show the market."""
        return width >= MIN_WIDTH and height >= MIN_HEIGHT
