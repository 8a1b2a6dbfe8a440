"""Beside the market in the lessons: the lesson and step, what to do, and what just happened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from rich.style import Style
from rich.text import Text

from marrakech.games.words import sentences
from marrakech.tui.widgets.wrapped import WrappedStatic

Mood = Literal["note", "done", "wrong", "aside"]
"""What the last words said: a note (the welcome), a step done, a try that was not it, or
an aside on a key that changed nothing (no mark: nothing was wrong)."""

DONE_MARK = "✓ "
"""Before the words of a step done (they read so without colour too)."""

WRONG_MARK = "✗ "
"""Before the words that say why a try did not do what the step asks."""


class LessonPanel(WrappedStatic):
    """The lesson's words; ``show`` redraws them only when they change."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "lesson-panel--heading",
        "lesson-panel--step",
        "lesson-panel--done",
        "lesson-panel--wrong",
    }

    _shown: tuple[object, ...] = ()

    def show(
        self, heading: str, step: str, instruction: str, said: Sequence[str], mood: Mood
    ) -> None:
        """Show a lesson's ``heading`` and ``step`` (either may be ""), what to do, and what
        was said last: a try's outcome below (``mood`` "done" or "wrong", marked so), or a
        note above (the welcome)."""
        shown = (heading, step, instruction, tuple(said), mood)
        if shown == self._shown:
            return
        self._shown = shown
        text = Text()
        if said and mood == "note":
            text.append(sentences(said) + "\n\n", style="italic")
        if heading:
            text.append(heading + "\n", style=self._style("heading"))
        if step:
            text.append(step + "\n", style=self._style("step"))
        text.append("\n" + instruction)
        if said and mood == "aside":
            text.append("\n\n" + sentences(said), style=self._style("step"))
        elif said and mood != "note":
            mark = DONE_MARK if mood == "done" else WRONG_MARK
            text.append("\n\n" + mark + sentences(said), style=self._style(mood))
        self.update(text)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"lesson-panel--{name}")
