"""Playing a game out to its end: the players choose, the die stream rolls.

In ORIENT, PLACE and AIM a chooser picks the action of the seat to move
(``state.current``); in ROLL the die stream gives the next roll, roll number ``rolls``
counting from 0. ``play_out`` gives the finished game, ``play_out_steps`` the same game one
Transition at a time. The tournament, the bot benchmark, the golden playthroughs and the
bot tests play their games through here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from marrakech.engine import DIE_FACES, Action, GameState, Phase, Roll, Transition
from marrakech.games.dice import DieStream

Chooser = Callable[[GameState], Action]
"""Picks the action of the seat to move (``state.current``) in ORIENT, PLACE or AIM."""


class Player(Protocol):
    """Anything that chooses a seat's actions, as every bot does (``marrakech.bots.Bot``)."""

    def choose(self, state: GameState) -> Action:
        """The action to take in ``state``."""
        ...


# Random games run a few hundred thousand actions a second: building a frozen Roll costs
# about a third of an engine action, looking up an enum member a tenth.
_OVER = Phase.OVER
_ROLL = Phase.ROLL
_ROLLS = {value: Roll(value) for value in DIE_FACES}


def by_seat(bots: Sequence[Player]) -> Chooser:
    """A chooser that asks the bot playing the seat to move (``bots[state.current]``)."""

    def choose(state: GameState) -> Action:
        return bots[state.current].choose(state)

    return choose


def play_out(state: GameState, choose: Chooser, dice: DieStream, *, rolls: int = 0) -> GameState:
    """The game from ``state`` played to its end (phase OVER).

    ``rolls`` is how many rolls the game has had already, so its next roll is
    ``dice.roll(rolls)``. An illegal choice raises the engine's IllegalAction.
    """
    phase = state.phase
    while phase is not _OVER:
        if phase is _ROLL:
            value = dice.roll(rolls)
            state = state.apply(_ROLLS.get(value) or Roll(value))
            rolls += 1
        else:
            state = state.apply(choose(state))
        phase = state.phase
    return state


def play_out_steps(
    state: GameState, choose: Chooser, dice: DieStream, *, rolls: int = 0
) -> Iterator[Transition]:
    """The game ``play_out`` plays, one Transition per action; the last one ends the game.

    Nothing is yielded when ``state`` is already over.
    """
    while state.phase is not _OVER:
        if state.phase is _ROLL:
            value = dice.roll(rolls)
            action: Action = _ROLLS.get(value) or Roll(value)
            rolls += 1
        else:
            action = choose(state)
        step = state.transition(action)
        yield step
        state = step.after
