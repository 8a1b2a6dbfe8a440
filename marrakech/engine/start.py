"""The starting position (kept out of the compiled engine so its argument checks see bools)."""

from __future__ import annotations

import random

from .errors import IllegalAction
from .piles import shuffled
from .state import START_SQUARE, STARTING_MONEY, Assam, GameState, PlayerState
from .types import SIZE, Direction, Phase, Variant, carpets_per_colour, colours_for_seat


def new_game(
    players: int,
    *,
    seed: int | None = None,
    variant: Variant = Variant.STANDARD,
    first: int = 0,
    alternate_piles: bool = False,
) -> GameState:
    """The starting position for 2, 3 or 4 players.

    ``seed`` decides only the order of the 2-player piles (None means 0: the engine has
    no hidden randomness). ``alternate_piles`` lays a 2-player pile strictly alternating
    instead (the reading of seed 001). ``first`` is the seat that starts.
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise IllegalAction(f"cannot start a game for {players!r} players: Marrakech is for 2-4")
    if not (type(first) is int and 0 <= first < players):
        raise IllegalAction(f"cannot start with seat {first!r}: seats are 0-{players - 1}")
    shuffles = players == 2 and not alternate_piles
    rng = random.Random(0 if seed is None else seed) if shuffles else None
    count = carpets_per_colour(players)
    seats = []
    for seat in range(players):
        colours = colours_for_seat(seat, players)
        pile = colours * count
        if rng is not None:
            pile = shuffled([c for c in colours for _ in range(count)], rng)
        seats.append(PlayerState(STARTING_MONEY, colours, pile))
    phase = Phase.ORIENT if variant is Variant.STANDARD else Phase.ROLL
    return GameState(
        variant,
        phase,
        first,
        Assam(START_SQUARE, Direction.N),
        tuple(seats),
        ((),) * (SIZE * SIZE),
        0,
    )
