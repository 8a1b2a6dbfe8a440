"""The game screen's clock: computers think in a worker, their moves wait a moment, Assam walks.

Not drawn. The screen calls down and the pacer posts up what is due, so every timer and
worker of a game lives here:

- a computer seat's move (``move``): its roll, or its decision thought over in a worker,
  settled by the flow's driver and shown (``Chosen``), is ``Due`` after a pause (the
  screen plays it, so that no key press comes between a move and its showing);
- a hint (``hint``): the hint giver thinks in a worker (``Hinted``);
- the chances to win of a position (``chances``), worked out in a worker (``Chances``);
- Assam's walk after a roll (``walk``): ``walking`` while it is shown, ``Stepped`` at each
  square, ``Walked`` at the end; the screen takes the roll to settle with ``walked`` (or
  ``skip``, when a key or a move from elsewhere ends the walk at once).

Without animations nothing waits: a move is due at once and no walk is shown.
"""

from __future__ import annotations

from textual import on, work
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from marrakech.engine import Action, Aim, GameState, Orient, Place, Transition
from marrakech.flow import ComputerMove, ComputerSeats, Decision, GameFlow
from marrakech.tui.screens.game_status import WalkShown, walk_timing

PAUSE_SECONDS = 0.4
"""How long a computer's choice stays on screen before it is played."""


class Pacer(Widget):
    """Runs the computer players and the walk at a pace a person can follow."""

    DEFAULT_CSS = "Pacer { display: none; }"

    class Chosen(Message):
        """A computer seat's decision, to show until it is ``Due``."""

        def __init__(self, action: Orient | Place | Aim) -> None:
            super().__init__()
            self.action = action

    class Due(Message):
        """Time to play a computer's decision (None: its roll) in ``state``."""

        def __init__(self, state: GameState, action: Decision) -> None:
            super().__init__()
            self.state, self.action = state, action

    class Hinted(Message):
        """The hint giver's answer to ``move``, or its error."""

        def __init__(self, move: ComputerMove, result: Action | Exception) -> None:
            super().__init__()
            self.move, self.result = move, result

    class Chances(Message):
        """Each seat's chance to win in ``state`` (None: the evaluator could not say)."""

        def __init__(self, state: GameState, chances: tuple[float, ...] | None) -> None:
            super().__init__()
            self.state, self.chances = state, chances

    class Stepped(Message):
        """Assam took the next step of his walk."""

    class Walked(Message):
        """The walk is over (``walked`` gives its roll)."""

    class _Thought(Message, bubble=False):
        """A computer seat's answer, back from the worker (the pacer's own)."""

        def __init__(
            self, computers: ComputerSeats, move: ComputerMove, result: Action | Exception
        ) -> None:
            super().__init__()
            self.computers, self.move, self.result = computers, move, result

    def __init__(self) -> None:
        super().__init__()
        self.walking: WalkShown | None = None
        """Assam's walk while it is shown step by step."""
        self._pause: Timer | None = None
        self._walk: Timer | None = None
        self._steps: list[float] = []

    @property
    def _animated(self) -> bool:
        return self.app.animation_level != "none"

    # -- computer players -----------------------------------------------------------------

    def move(self, computers: ComputerSeats) -> None:
        """Move for the computer seat to move, if there is one here: its roll, or its
        decision thought over in a worker (``Chosen``); either is ``Due`` after a pause."""
        if computers.to_roll:
            self._play_later(computers.flow.state, None)
        elif (move := computers.question()) is not None:
            self._think_move(computers, move)

    def again(self, state: GameState, action: Decision) -> None:
        """A decision that came due while the board was out of sight: show it again (a
        roll has nothing to show) and post Due after the pause, as the first time."""
        if action is not None:
            self.post_message(self.Chosen(action))
        self._play_later(state, action)

    def hint(self, move: ComputerMove) -> None:
        """Think about a hint in a worker thread; post Hinted."""
        self._think_hint(move)

    def chances(self, flow: GameFlow, state: GameState) -> None:
        """Work out each seat's chance to win in ``state`` in a worker thread; post Chances."""
        self._work_chances(flow, state)

    @work(thread=True, exclusive=True, group="chances", exit_on_error=False)
    def _work_chances(self, flow: GameFlow, state: GameState) -> None:
        try:
            chances: tuple[float, ...] | None = flow.win_chances(state)
        except ValueError:
            chances = None
        self.post_message(self.Chances(state, chances))

    @work(thread=True, exclusive=True, group="move", exit_on_error=False)
    def _think_move(self, computers: ComputerSeats, move: ComputerMove) -> None:
        self.post_message(self._Thought(computers, move, ComputerSeats.think(move)))

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _think_hint(self, move: ComputerMove) -> None:
        self.post_message(self.Hinted(move, ComputerSeats.think(move)))

    @on(_Thought)
    def _thought(self, thought: _Thought) -> None:
        """Settle the answer (nothing when it came too late); show it, play it soon."""
        action = thought.computers.settle(thought.move, thought.result)
        if action is not None:
            self.post_message(self.Chosen(action))
            self._play_later(thought.move.state, action)

    def _play_later(self, state: GameState, action: Decision) -> None:
        """Post Due for this decision after a pause (at once without animations)."""
        if self._animated:
            self._pause = self.set_timer(PAUSE_SECONDS, lambda: self._due(state, action))
        else:
            self.call_later(self._due, state, action)

    def _due(self, state: GameState, action: Decision) -> None:
        self.post_message(self.Due(state, action))

    # -- the walk -------------------------------------------------------------------------

    def walk(self, flow: GameFlow, roll: Transition, step_seconds: float) -> bool:
        """Show Assam's walk after ``roll`` (one of ``flow``'s transitions), a square every
        ``step_seconds`` (longer after a loop): Stepped at each square, then Walked.

        False, and nothing shown, when there is nothing to show (no animations, no walk).
        """
        steps = list(walk_timing(roll, step_seconds))
        if not self._animated or not steps:
            return False
        self._steps = steps
        self._walk = self.set_timer(self._steps.pop(0), self._step)
        self.walking = WalkShown.of(flow, roll)
        return True

    def walked(self) -> Transition | None:
        """End the walk shown: its roll, to settle (None: no walk is shown)."""
        walking, self.walking = self.walking, None
        return walking.transition if walking is not None else None

    def skip(self) -> Transition | None:
        """End the walk shown at once, and forget whatever else was pending (``stop``):
        its roll, to settle (None, and nothing stopped: no walk is shown)."""
        roll = self.walked()
        if roll is not None:
            self.stop()
        return roll

    def stop(self) -> None:
        """Forget a computer's question, a pending move and the walk (left unsettled)."""
        self.workers.cancel_group(self, "move")
        for timer in (self._pause, self._walk):
            if timer is not None:
                timer.stop()
        self._pause = self._walk = None
        self.walking = None

    def _step(self) -> None:
        if self._steps:
            self._walk = self.set_timer(self._steps.pop(0), self._step)
            if self.walking is not None:
                self.walking.step += 1
            self.post_message(self.Stepped())
        else:
            self._walk = None
            self.post_message(self.Walked())
