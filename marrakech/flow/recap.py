"""What happened in a turn, as one value that every panel, log and replay reads.

A turn is one seat's run of actions (orient, roll, lay a carpet; in the aiming variant
roll, lay, aim). ``TurnRecap`` gathers what it did: the facing chosen, the roll, the walk,
the toll and who paid whom, the money each seat gained or lost, a bankruptcy, the carpet
laid, the aim, and the sentence the log prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from marrakech.engine import (
    Aim,
    Colour,
    Direction,
    GameState,
    Orient,
    Place,
    Roll,
    Square,
    Transition,
    Turn,
)
from marrakech.games.narrate import sentence, turns


@dataclass(frozen=True, slots=True)
class TurnRecap:
    """One turn: what its seat chose and what the die and the tolls did.

    The walk, the toll, who was paid and a bankruptcy are the roll's own (the engine's
    ``Transition``); the recap adds the choices and the money each seat gained or lost.
    """

    seat: int
    """The seat whose turn it was."""
    transitions: tuple[Transition, ...]
    """Its actions with the positions on both sides, in order."""
    words: str
    """The turn as the log says it: "Ayla turns left, rolls 3, ..."."""
    turned: Turn | None = None
    """The facing chosen before the roll (standard rules), if it has been chosen."""
    rolled: Transition | None = None
    """The roll's transition, once rolled."""
    laid: Transition | None = None
    """The carpet's transition, once laid."""
    aimed: Turn | None = None
    """The aim for the next player (aiming variant)."""

    @property
    def before(self) -> GameState:
        """The position at the start of the turn."""
        return self.transitions[0].before

    @property
    def after(self) -> GameState:
        """The position after the turn's last action so far."""
        return self.transitions[-1].after

    @property
    def roll(self) -> int | None:
        """The die value, once rolled."""
        action = self.rolled.action if self.rolled is not None else None
        return action.value if isinstance(action, Roll) else None

    @property
    def path(self) -> tuple[tuple[Square, Direction], ...]:
        """Where Assam stood after each step of the walk, border loops included."""
        return self.rolled.path if self.rolled is not None else ()

    @property
    def toll(self) -> int:
        """What the square he stopped on charged (the region's size); 0 when free."""
        return self.rolled.toll if self.rolled is not None else 0

    @property
    def paid(self) -> int:
        """The dirhams that changed hands (less than the toll on a bankruptcy)."""
        return self.rolled.paid if self.rolled is not None else 0

    @property
    def payee(self) -> int | None:
        """The seat that was paid, if any."""
        return self.rolled.payee if self.rolled is not None else None

    @property
    def payer(self) -> int | None:
        """The seat that paid a toll, if one was paid."""
        return self.seat if self.payee is not None else None

    @property
    def region(self) -> frozenset[Square]:
        """The region that was paid for."""
        return self.rolled.region if self.rolled is not None else frozenset()

    @property
    def eliminated(self) -> int | None:
        """The seat that went bankrupt."""
        return self.rolled.eliminated if self.rolled is not None else None

    @property
    def carpet(self) -> Place | None:
        """The carpet laid, once laid."""
        action = self.laid.action if self.laid is not None else None
        return action if isinstance(action, Place) else None

    @property
    def colour(self) -> Colour | None:
        """The laid carpet's colour."""
        return self.laid.colour if self.laid is not None else None

    def money_change(self, seat: int) -> int:
        """The dirhams ``seat`` gained (positive) or lost (negative) in this turn."""
        if self.payee is None:
            return 0
        if seat == self.payee:
            return self.paid
        return -self.paid if seat == self.seat else 0


def looped_steps(roll: Transition) -> tuple[bool, ...]:
    """For each step of a roll's walk, True when it followed a border loop.

    Only a loop turns Assam while he walks, so a step whose facing differs from the one
    before it went round the border.
    """
    facing = roll.before.assam.facing
    looped = []
    for _, after in roll.path:
        looped.append(after is not facing)
        facing = after
    return tuple(looped)


def recap(transitions: Sequence[Transition], names: Sequence[str]) -> TurnRecap:
    """The recap of one turn's transitions (one seat's consecutive actions)."""
    if not transitions:
        raise ValueError("a turn has at least one action")
    result = TurnRecap(transitions[0].seat, tuple(transitions), sentence(transitions, names))
    for transition in transitions:
        action = transition.action
        if isinstance(action, Orient):
            result = replace(result, turned=action.turn)
        elif isinstance(action, Roll):
            result = replace(result, rolled=transition)
        elif isinstance(action, Place):
            result = replace(result, laid=transition)
        elif isinstance(action, Aim):
            result = replace(result, aimed=action.turn)
    return result


def recaps(transitions: Sequence[Transition], names: Sequence[str]) -> tuple[TurnRecap, ...]:
    """Every turn of a game so far, first to last."""
    return tuple(recap(turn, names) for turn in turns(transitions))
