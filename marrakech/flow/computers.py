"""The one driver of computer seats, for every front end and every kind of table.

A computer seat's move goes the same way everywhere: the driver asks the question
(``question``: the seat's bot and the position), the front end schedules the thinking
where it likes (``think`` in a worker thread, or ``play_now`` at once, or ``play_soon``
in an event loop), the driver checks the answer (``settle``: an illegal, failed or
timed-out answer is replaced by the fallback level's move, with a notice) and plays it
(``play``) unless the game has moved on meanwhile (an undo, a player back in their seat).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place, Transition
from marrakech.flow.notice import Notice, Notify
from marrakech.flow.seats import Seat
from marrakech.games.language import _
from marrakech.games.levels import bot_seed, level_word
from marrakech.games.session import Session

if TYPE_CHECKING:
    from marrakech.bots import Bot

FALLBACK_LEVEL = "greedy"
"""The level that plays for a computer seat whose own player failed or cheated."""

Decision = Orient | Place | Aim | None
"""What a seat decides: a facing, a carpet, an aim, or None (a roll, where it is one)."""


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A question for a computer player: its move in ``state``.

    ``think`` may run in any thread; hand its answer to ``ComputerSeats.settle``.
    """

    state: GameState
    seat: int
    bot: Bot

    def think(self) -> Action:
        """The computer player's action (may take a while)."""
        return self.bot.choose(self.state)


class Table(Protocol):
    """What the driver asks of the flow whose computer seats it runs (``GameFlow``)."""

    session: Session
    notify: Notify

    @property
    def state(self) -> GameState: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def to_move(self) -> Seat | None: ...
    def plays_here(self, seat: Seat) -> bool: ...
    def play(self, decision: Decision) -> tuple[Transition, ...]: ...


class ComputerSeats:
    """Runs the computer seats a flow plays here; see the module docstring."""

    def __init__(self, flow: Table) -> None:
        self.flow = flow
        self._bots: dict[int, Bot] = {}

    def forget(self, seat: int) -> None:
        """Drop the bot of a seat handed to someone else (a new one is made if it returns)."""
        self._bots.pop(seat, None)

    @property
    def to_roll(self) -> bool:
        """True when a computer seat played here is to roll (nothing to think about)."""
        seat = self.flow.to_move
        return (
            seat is not None and self.flow.plays_here(seat) and self.flow.state.phase is Phase.ROLL
        )

    def question(self) -> ComputerMove | None:
        """What to ask the computer seat to move, or None: a person (or nobody, or a
        computer elsewhere) is to move, or the computer is only to roll (``to_roll``)."""
        flow = self.flow
        seat = flow.to_move
        if seat is None or not flow.plays_here(seat) or flow.state.phase is Phase.ROLL:
            return None
        return ComputerMove(flow.state, seat.number, self._bot(seat))

    @staticmethod
    def think(move: ComputerMove) -> Action | Exception:
        """Think ``move`` over: the computer player's answer, or its error (an outside bot
        that takes too long gives up with a TimeoutError: ``bots.plugins.TimeLimited``)."""
        try:
            return move.think()
        except Exception as error:  # a computer player's bug must not end the game
            return error

    def settle(self, move: ComputerMove, result: Action | Exception) -> Decision:
        """The decision an answer (or its error) comes to: the computer's own action when
        legal, else the fallback level's, with a notice. None when the answer comes too
        late (the position changed meanwhile): nothing is to be played."""
        if move.state is not self.flow.state:
            return None
        if isinstance(result, Exception):
            problem = str(result) or type(result).__name__
            action = self._fallback(
                move,
                _("{name}'s computer player failed ({problem}); the {level} one moves instead."),
                problem,
            )
        elif move.state.is_legal(result):
            action = result
        else:
            action = self._fallback(
                move,
                _(
                    "{name}'s computer player chose an illegal action ({problem}); "
                    "the {level} one moves instead."
                ),
                str(result),
            )
        return action if isinstance(action, Orient | Place | Aim) else None

    def play(self, state: GameState, decision: Decision) -> tuple[Transition, ...]:
        """Play a computer seat's decision in ``state``, unless the game has moved on or
        the seat is no longer a computer's here (then nothing)."""
        seat = self.flow.to_move
        if state is not self.flow.state or seat is None or not self.flow.plays_here(seat):
            return ()
        return self.flow.play(decision)

    def play_now(self) -> tuple[Transition, ...]:
        """Think and play the computer seat to move at once (nothing when none is)."""
        state = self.flow.state
        if self.to_roll:
            return self.play(state, None)
        move = self.question()
        if move is None:
            return ()
        return self.play(state, self.settle(move, self.think(move)))

    async def play_soon(self, pause: float = 0.0) -> tuple[Transition, ...]:
        """The same in an event loop: wait ``pause`` seconds, think in a worker thread."""
        state = self.flow.state
        if pause:
            await asyncio.sleep(pause)
        if self.to_roll:
            return self.play(state, None)
        move = self.question()
        if move is None or move.state is not state:
            return ()
        result = await asyncio.to_thread(self.think, move)
        decision = self.settle(move, result)
        return () if decision is None else self.play(state, decision)

    def _fallback(self, move: ComputerMove, message: str, problem: str) -> Action:
        from marrakech.bots import make_bot

        flow = self.flow
        flow.notify(
            Notice(
                message.format(
                    name=flow.names[move.seat], problem=problem, level=level_word(FALLBACK_LEVEL)
                ),
                severity="warning",
            )
        )
        setup = flow.session.setup
        fallback = make_bot(FALLBACK_LEVEL, seed=setup.seed, alternate_piles=setup.alternate_piles)
        return fallback.choose(move.state)

    def _bot(self, seat: Seat) -> Bot:
        from marrakech.bots import make_bot  # the search code loads only when a bot plays

        if seat.number not in self._bots:
            setup = self.flow.session.setup
            self._bots[seat.number] = make_bot(
                seat.level or FALLBACK_LEVEL,
                seed=bot_seed(setup.seed, seat.number),
                alternate_piles=setup.alternate_piles,
            )
        return self._bots[seat.number]
