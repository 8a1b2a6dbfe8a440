"""The two simple bots: ``random`` (uniformly random legal actions) and ``greedy`` (one ply)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import TypeVar

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place

from .base import position_rng
from .tolls import expected_toll

T = TypeVar("T")


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        return position_rng(self.seed, state).choice(state.legal_actions())


def best_of(options: Sequence[T], value: Callable[[T], float], rng: Random) -> T:
    """The option with the highest value; ties are broken by ``rng``."""
    values = [value(option) for option in options]
    top = max(values)
    tied = [option for option, v in zip(options, values, strict=True) if v >= top - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def placement_value(state: GameState, place: Place) -> float:
    """Greedy's value of a carpet: own squares gained, opponents' squares covered, region size.

    One point per square that becomes visibly ours, one per live opponent square covered,
    and half a point per square of the region the new carpet joins.
    """
    me = state.current
    mine = state.players[me].colours
    value = 0.0
    for square in (place.a, place.b):
        top = state.top(square)
        if top is None or top.colour not in mine:
            value += 1
            if top is not None and not state.is_neutral(top.colour):
                value += 1
    after = state.apply(place)
    return value + 0.5 * len(after.region(place.a))


class GreedyBot:
    """One ply: the facing with the lowest expected toll, then the best-looking carpet.

    In the aiming variant it aims Assam where the next player expects to pay it most.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        """Greedy's action in ORIENT, PLACE or AIM."""
        rng = position_rng(self.seed, state)
        me = state.current
        if state.phase is Phase.PLACE:
            return best_of(state.legal_placements(), lambda p: placement_value(state, p), rng)
        actions = state.legal_actions()
        if state.phase is Phase.ORIENT:
            orients = [a for a in actions if isinstance(a, Orient)]
            return best_of(
                orients,
                lambda o: -expected_toll(state, me, state.assam.facing.turned(o.turn)),
                rng,
            )
        if state.phase is Phase.AIM:

            def income(aim: Aim) -> float:
                aimed = state.apply(aim)
                return expected_toll(aimed, aimed.current, aimed.assam.facing, payee=me)

            return best_of([a for a in actions if isinstance(a, Aim)], income, rng)
        raise ValueError(f"greedy has nothing to choose in phase {state.phase.name}")
