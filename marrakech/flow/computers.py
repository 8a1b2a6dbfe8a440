"""The one driver of computer seats, for every front end and every kind of table.

A computer seat's move goes the same way everywhere: the driver asks the question
(``question``: the seat's bot and the position), the front end schedules the thinking
where it likes (``think`` in a worker thread, or ``play_now`` at once, or ``play_soon``
in an event loop), the driver checks the answer (``settle``: an illegal, failed or
timed-out answer is replaced by the fallback level's move, with a notice) and plays it
(``play``) unless the game has moved on meanwhile (an undo, a player back in their seat).

Nothing a computer player does ends the game: whatever it raises (``SystemExit`` and
``KeyboardInterrupt`` from its own code included) is a failure replaced by the fallback's
move. An outside bot plays only when it was loaded in this run at the player's word
(``bots.plugins.is_loaded``); a seat a save gives to one that was not is played by the
fallback level, with a notice that says how to bring the bot back.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place, Roll, Transition
from marrakech.flow.notice import Notice, Notify
from marrakech.flow.seats import Seat
from marrakech.games.language import _
from marrakech.games.levels import bot_seed, is_level, level_word
from marrakech.games.reasons import said
from marrakech.games.session import Session
from marrakech.games.text import shown

if TYPE_CHECKING:
    from marrakech.bots import Bot

FALLBACK_LEVEL = "greedy"
"""The level that plays for a computer seat whose own player failed or cheated."""

Decision = Orient | Place | Aim | None
"""What a seat decides: a facing, a carpet, an aim, or None (a roll, where it is one)."""

PROBLEM_LIMIT = 200
"""The most characters of a computer player's error a notice repeats."""

_ACTIONS = (Orient, Roll, Place, Aim)


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
        self._given_up = False
        """True once the game is closing (``give_up``): no outside bot's answer is waited for."""
        self._unbuilt: set[int] = set()
        """Seats whose outside bot could not be built: the fallback level plays them."""
        self._told: set[tuple[int, str]] = set()
        """The failures already told, by seat: the same one again is played for quietly."""

    def give_up(self) -> None:
        """Wait for no outside bot's answer any more (the game is closing): one thinking
        gives up at once, rather than keep the program from ending for its time limit,
        and none is asked again."""
        self._given_up = True
        for bot in list(self._bots.values()):
            self._give_up_on(bot)

    def _give_up_on(self, bot: Bot) -> None:
        from marrakech.bots.plugins import TimeLimited

        if isinstance(bot, TimeLimited):
            bot.give_up()

    def forget(self, seat: int) -> None:
        """Drop the bot of a seat handed to someone else (a new one is made if it returns)."""
        self._bots.pop(seat, None)
        self._unbuilt.discard(seat)

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
        that takes too long gives up with a TimeoutError: ``bots.plugins.TimeLimited``).

        Whatever the player raises is returned, never raised: a ``SystemExit`` or any
        other exception that is no ``Exception`` comes back as a ``bots.plugins.BotFailed``.
        Only a ``KeyboardInterrupt`` in the main thread (the person's Ctrl+C while a
        computer thinks there, as in the text mode) goes on up."""
        try:
            return move.think()
        except Exception as error:  # a computer player's bug must not end the game
            return error
        except KeyboardInterrupt as error:
            if threading.current_thread() is threading.main_thread():
                raise
            return _failed(error)
        except BaseException as error:  # SystemExit, GeneratorExit...: still only a failure
            return _failed(error)

    def settle(self, move: ComputerMove, result: Action | Exception) -> Decision:
        """The decision an answer (or its error) comes to: the computer's own action when
        legal, else the fallback level's, with a notice. None when the answer comes too
        late (the position changed meanwhile): nothing is to be played."""
        if move.state is not self.flow.state:
            return None
        if isinstance(result, Exception):
            action = self._fallback(
                move,
                _("{name}'s computer player failed ({problem}); the {level} one moves instead."),
                _problem(result),
            )
        elif _legal(move.state, result):
            action = result
        else:
            action = self._fallback(
                move,
                _(
                    "{name}'s computer player chose an illegal action ({problem}); "
                    "the {level} one moves instead."
                ),
                shown(said(move.state.why_illegal(result) or ""), PROBLEM_LIMIT),
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
        if (move.seat, problem) not in self._told:  # once: a bot failing so at every move
            self._told.add((move.seat, problem))  # would cover the board with notices
            flow.notify(
                Notice(
                    message.format(
                        name=flow.names[move.seat],
                        problem=problem,
                        level=level_word(FALLBACK_LEVEL),
                    ),
                    severity="warning",
                )
            )
        setup = flow.session.setup
        fallback = make_bot(FALLBACK_LEVEL, seed=setup.seed, alternate_piles=setup.alternate_piles)
        return fallback.choose(move.state)

    def runs_outside_bot(self, seat: Seat) -> bool:
        """True when an outside bot, loaded in this run, plays ``seat`` here (its turns may
        take seconds: a front end says it is thinking)."""
        level = seat.level
        return (
            self.flow.plays_here(seat)
            and level is not None
            and not is_level(level)
            and self.stand_in(seat) is None
            and seat.number not in self._unbuilt
        )

    def playing(self, seat: Seat) -> str | None:
        """The computer that plays ``seat`` now: its own level or outside bot, or the
        level standing in for an outside bot that is not loaded; None for a person."""
        return self.stand_in(seat) or seat.level

    def stand_in(self, seat: Seat) -> str | None:
        """The level that plays ``seat`` for its outside bot when the bot is not loaded in
        this run (a saved game never runs one by itself); None for any other seat."""
        from marrakech.bots.plugins import is_loaded

        level = seat.level
        if level is None or is_level(level) or is_loaded(level) or not self.flow.plays_here(seat):
            return None
        return FALLBACK_LEVEL

    def _bot(self, seat: Seat) -> Bot:
        from marrakech.bots import make_bot  # the search code loads only when a bot plays

        if seat.number not in self._bots:
            setup = self.flow.session.setup
            level = seat.level or FALLBACK_LEVEL
            seed = bot_seed(setup.seed, seat.number)
            if is_level(level):
                bot = make_bot(level, seed=seed, alternate_piles=setup.alternate_piles)
            else:
                bot = self._outside_bot(seat, level, seed)
            if self._given_up:
                self._give_up_on(bot)
            self._bots[seat.number] = bot
        return self._bots[seat.number]

    def _outside_bot(self, seat: Seat, name: str, seed: int) -> Bot:
        """The outside bot ``name`` for a seat, when it was loaded in this run at the
        player's word; else (or when it cannot be built) the fallback level, with a notice."""
        from marrakech.bots import make_bot
        from marrakech.bots.plugins import build_plugin, is_loaded

        setup = self.flow.session.setup
        fallback = make_bot(FALLBACK_LEVEL, seed=seed, alternate_piles=setup.alternate_piles)
        words = {
            "name": self.flow.names[seat.number],
            "bot": shown(name, 120),
            "seat": seat.number + 1,
            "level": level_word(FALLBACK_LEVEL),
        }
        if not is_loaded(name):
            self.flow.notify(
                Notice(
                    _(
                        "{name}'s computer player is the outside bot {bot}, which is not "
                        "loaded: a saved game never runs an outside bot's code by itself. "
                        "The {level} one plays for it; to bring the bot back, name it "
                        "again when you load the game: --bot {seat}={bot}"
                    ).format(**words),
                    severity="warning",
                    lasting=True,
                )
            )
            return fallback
        try:
            return build_plugin(name, seed, load=False)
        except ValueError as error:
            self.flow.notify(
                Notice(
                    _(
                        "{name}'s computer player, the outside bot {bot}, cannot be built "
                        "({problem}); the {level} one plays for it."
                    ).format(problem=_said(error), **words),
                    severity="warning",
                    lasting=True,
                )
            )
            self._unbuilt.add(seat.number)
            return fallback


def _said(error: Exception) -> str:
    """A computer player's error in a few words safe to show: its message, else its type."""
    try:
        text = str(error)
    except BaseException:  # a computer player's own __str__: any failure is only a failure
        text = ""
    return shown(" ".join(text.split()), PROBLEM_LIMIT) or type(error).__name__


def _problem(error: Exception) -> str:
    """What a computer player's error says: its type and message ("RuntimeError: out of
    ideas"), or the message alone for a time limit or a failure already put in words."""
    from marrakech.bots.plugins import BotFailed, problem_of

    if isinstance(error, TimeoutError | BotFailed):
        return _said(error)
    return problem_of(error)


def _legal(state: GameState, answer: object) -> bool:
    """True when a computer player's answer is an action of the engine, legal in ``state``."""
    return type(answer) in _ACTIONS and state.is_legal(answer)


def _failed(error: BaseException) -> Exception:
    """What a computer player raised that is no ``Exception``, as one (``BotFailed``)."""
    from marrakech.bots.plugins import BotFailed, problem_of

    return BotFailed(problem_of(error))
