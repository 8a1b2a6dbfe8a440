"""The chance layer both searching bots (hard, expert) expand below a facing: each die
outcome, with the searcher's carpets ranked when it lays one, or a fixed value."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from marrakech.engine import GameState, Phase, Place, Roll

Ranked = list[tuple[float, Place, GameState]]
"""Carpets with their value at depth 1 and the position each leads to, best first."""


class Outcome(NamedTuple):
    """One die outcome below a facing: my carpets ranked at depth 1, or a fixed value."""

    probability: float
    fixed: float
    """The value when I lay no carpet (I went bankrupt)."""
    ranked: Ranked
    deep: list[float]
    """Depth-2 values of the first carpets of ``ranked``, filled in by the search."""

    def value(self, width: int) -> float:
        """The best of the ``width`` most promising carpets at depth 2 (0: at depth 1)."""
        if not self.ranked:
            return self.fixed
        if width == 0:
            return self.ranked[0][0]
        return max(self.deep[:width])


def outcomes(
    turned: GameState,
    me: int,
    rank: Callable[[GameState], Ranked],
    value: Callable[[GameState], float],
) -> list[Outcome]:
    """Each die outcome after a facing is chosen: ``rank`` my carpets where I lay one,
    else ``value`` the position reached."""
    found = []
    for roll, probability in turned.chance_outcomes():
        rolled = turned.apply(Roll(roll))
        if rolled.phase is Phase.PLACE and rolled.current == me:
            found.append(Outcome(probability, 0.0, rank(rolled), []))
        else:
            found.append(Outcome(probability, value(rolled), [], []))
    return found
