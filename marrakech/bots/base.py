"""What every bot shares: the Bot protocol, seeded randomness and the public view of a game.

A bot sees only what a player at the table sees. With 2 players each pile is shuffled
and only its top carpet is visible; how many carpets of each colour a pile still holds is
public (every laid carpet was seen), its order below the top is not. ``determinize``
turns a position into one possible world consistent with that knowledge.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from marrakech.engine import Action, GameState


@runtime_checkable
class Bot(Protocol):
    """A computer player: ``choose`` is called for ``state.current`` in ORIENT, PLACE and AIM.

    ``choose`` must return a legal action, must not mutate anything shared and may be
    called from a worker thread.
    """

    name: str

    def choose(self, state: GameState) -> Action:
        """The action this bot takes in ``state``."""
        ...


def position_rng(seed: int, state: GameState) -> random.Random:
    """A generator that depends only on the bot's seed and the position.

    Asking twice in the same position (after an undo, or in another seat rotation)
    gives the same answer, and no generator is shared between threads.
    """
    assam = state.assam
    money = ",".join(str(player.money) for player in state.players)
    key = (
        f"{seed}|{state.next_carpet}|{state.current}|{state.phase.value}|"
        f"{assam.square}|{assam.facing.value}|{money}"
    )
    return random.Random(key)


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A copy of ``state`` whose piles below their visible tops are reshuffled.

    Keeps every top and every colour count, so it is one world a player at the table
    cannot tell apart from the real one. One-colour piles (3-4 players) are unchanged.
    """
    players = []
    for player in state.players:
        hidden = list(player.pile[1:])
        if len(set(hidden)) > 1:
            rng.shuffle(hidden)
            player = player.replace(pile=(player.pile[0], *hidden))
        players.append(player)
    return state.replace(players=tuple(players))
