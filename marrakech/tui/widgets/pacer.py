"""The game screen's clock: computers think in a worker, their moves wait a moment, Assam walks.

Not drawn. The screen calls down (``think``, ``play_later``, ``walk``, ``stop``) and the
pacer posts what is due up as messages, so every timer and worker of a game lives here.
Without animations nothing waits: a move is due at once and a walk is over at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import work
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from marrakech.engine import Action, Aim, GameState, Orient, Place
from marrakech.flow import ComputerMove, ComputerSeats

PAUSE_SECONDS = 0.4
"""How long a computer's choice stays on screen before it is played."""


class Pacer(Widget):
    """Runs the computer players and the walk at a pace a person can follow."""

    DEFAULT_CSS = "Pacer { display: none; }"

    class Answered(Message):
        """A computer player's answer to ``move`` (a seat's move, or a hint), or its error."""

        def __init__(self, move: ComputerMove, result: Action | Exception, hint: bool) -> None:
            super().__init__()
            self.move, self.result, self.hint = move, result, hint

    class Due(Message):
        """Time to play a computer's decision (None: its roll) in ``state``."""

        def __init__(self, state: GameState, action: Orient | Place | Aim | None) -> None:
            super().__init__()
            self.state, self.action = state, action

    class Stepped(Message):
        """Assam takes the next step of his walk."""

    class Walked(Message):
        """The walk is over."""

    def __init__(self) -> None:
        super().__init__()
        self._pause: Timer | None = None
        self._walk: Timer | None = None
        self._steps: list[float] = []

    @property
    def _animated(self) -> bool:
        return self.app.animation_level != "none"

    def think(self, move: ComputerMove, *, hint: bool = False) -> None:
        """Think about ``move`` in a worker thread; post Answered."""
        (self._think_hint if hint else self._think_move)(move)

    def play_later(self, state: GameState, action: Orient | Place | Aim | None) -> None:
        """Post Due for this decision after a pause (at once without animations)."""
        if self._animated:
            self._pause = self.set_timer(PAUSE_SECONDS, lambda: self._due(state, action))
        else:
            self.call_later(self._due, state, action)

    def walk(self, steps: Sequence[float]) -> bool:
        """Pace a walk, each step lasting its seconds (Stepped each, then Walked).

        False, and nothing posted, when there is nothing to show (no animations).
        """
        if not self._animated or not steps:
            return False
        self._steps = list(steps)
        self._walk = self.set_timer(self._steps.pop(0), self._step)
        return True

    def stop(self) -> None:
        """Forget a computer's question, a pending move and the walk."""
        self.workers.cancel_group(self, "move")
        for timer in (self._pause, self._walk):
            if timer is not None:
                timer.stop()
        self._pause = self._walk = None

    def _due(self, state: GameState, action: Orient | Place | Aim | None) -> None:
        self.post_message(self.Due(state, action))

    def _step(self) -> None:
        if self._steps:
            self._walk = self.set_timer(self._steps.pop(0), self._step)
            self.post_message(self.Stepped())
        else:
            self._walk = None
            self.post_message(self.Walked())

    @work(thread=True, exclusive=True, group="move", exit_on_error=False)
    def _think_move(self, move: ComputerMove) -> None:
        self._answer(move, hint=False)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _think_hint(self, move: ComputerMove) -> None:
        self._answer(move, hint=True)

    def _answer(self, move: ComputerMove, *, hint: bool) -> None:
        self.post_message(self.Answered(move, ComputerSeats.think(move), hint))
