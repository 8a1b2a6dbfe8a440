"""The die: the last roll's face. Clicking it asks to roll."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.message import Message
from textual.theme import Theme
from textual.widgets import Static

from marrakech.games import language
from marrakech.games.language import N_, _

ROLL_HINT = N_("(⏎ or click to roll)")
"""Beside the die while Enter or a click on it rolls."""


class DieFace(Static):
    """Shows the last roll (faces 1, 2, 2, 3, 3, 4); posts DieFace.Clicked when clicked."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"die--face"}

    _shown: tuple[int | None, str, str] | None = None

    class Clicked(Message):
        """The die was clicked: the player wants to roll."""

    def show(self, value: int | None, hint: str = "") -> None:
        """Show a face (None before the first roll) and a short hint beside it."""
        if (value, hint, language.current()) == self._shown:
            return
        self._shown = (value, hint, language.current())
        face = f" {value} " if value is not None else " - "
        # Translators: the label before the die's face.
        text = Text.assemble(_("Die") + " ", (face, self.get_component_rich_style("die--face")))
        if value is not None:
            text.append(" " + "●" * value)
        if hint:
            text.append(f"  {hint}", style="italic")
        self.update(text, layout=False)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._restyle)

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _restyle(self, _theme: Theme) -> None:
        """Draw the face again in a new theme's colours (the text keeps the old ones)."""
        shown, self._shown = self._shown, None
        if shown is not None:
            self.show(shown[0], shown[1])

    def on_click(self, _event: events.Click) -> None:
        self.post_message(self.Clicked())
