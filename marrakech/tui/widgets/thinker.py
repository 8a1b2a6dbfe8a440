"""The computer players' thinking, off the screen's thread: asked down, answers posted up."""

from __future__ import annotations

from textual import work
from textual.message import Message
from textual.widget import Widget

from marrakech.engine import Action
from marrakech.flow import ComputerMove


class Thinker(Widget):
    """Runs a ``ComputerMove`` in a worker thread; posts ``Answered`` or ``Failed``.

    Not drawn. A computer seat's move and a hint think in separate groups, so a hint
    never cancels a computer's move; ``ask`` cancels an unanswered question of its group.
    """

    DEFAULT_CSS = "Thinker { display: none; }"

    class Answered(Message):
        """A computer player's answer to ``move``."""

        def __init__(self, move: ComputerMove, action: Action, hint: bool) -> None:
            super().__init__()
            self.move = move
            self.action = action
            self.hint = hint

    class Failed(Message):
        """The computer player raised instead of answering."""

        def __init__(self, move: ComputerMove, error: Exception, hint: bool) -> None:
            super().__init__()
            self.move = move
            self.error = error
            self.hint = hint

    def ask(self, move: ComputerMove, *, hint: bool = False) -> None:
        """Think about ``move`` (a computer seat's, or a hint) and post the answer."""
        (self._think_hint if hint else self._think_move)(move)

    def stop(self) -> None:
        """Forget a computer seat's question still being thought about."""
        self.workers.cancel_group(self, "move")

    @work(thread=True, exclusive=True, group="move", exit_on_error=False)
    def _think_move(self, move: ComputerMove) -> None:
        self._answer(move, hint=False)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _think_hint(self, move: ComputerMove) -> None:
        self._answer(move, hint=True)

    def _answer(self, move: ComputerMove, *, hint: bool) -> None:
        try:
            action = move.think()
        except Exception as error:  # a computer player's bug must not end the game
            self.post_message(self.Failed(move, error, hint))
        else:
            self.post_message(self.Answered(move, action, hint))
