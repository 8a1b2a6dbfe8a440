"""The starting position (kept out of the compiled engine so its argument checks see bools)."""

from __future__ import annotations

from .errors import IllegalAction, quoted
from .pieces import Assam, PlayerState
from .piles import SEED_LIMIT, MersenneTwister, shuffled
from .state import START_SQUARE, STARTING_MONEY, GameState
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
    no hidden randomness); it is a whole number below 2**64 in absolute value, as in a
    save. ``alternate_piles`` lays a 2-player pile strictly alternating instead (the
    reading of seed 001; refused with 3 or 4 players, whose piles have one colour).
    ``first`` is the seat that starts.
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise IllegalAction(
            f"cannot start a game with players={quoted(players)}: Marrakech is for 2-4 players"
        )
    if not isinstance(variant, Variant):
        names = ", ".join(f"Variant.{member.name}" for member in Variant)
        raise IllegalAction(f"cannot start with variant {quoted(variant)}: one of {names}")
    if not (type(first) is int and 0 <= first < players):
        raise IllegalAction(f"cannot start with seat {quoted(first)}: seats are 0-{players - 1}")
    if type(alternate_piles) is not bool:
        raise IllegalAction(
            f"cannot start with alternate_piles={quoted(alternate_piles)}: True or False"
        )
    if alternate_piles and players != 2:
        raise IllegalAction(
            f"cannot start {players} players with alternate_piles=True: only 2 players have "
            "piles of two colours"
        )
    if seed is None:
        seed = 0
    if not (type(seed) is int and -SEED_LIMIT < seed < SEED_LIMIT):
        raise IllegalAction(
            f"cannot start with seed {quoted(seed)}: a whole number below 2**64 in absolute value"
        )
    shuffles = players == 2 and not alternate_piles
    stream = MersenneTwister(seed) if shuffles else None
    count = carpets_per_colour(players)
    seats = []
    for seat in range(players):
        colours = colours_for_seat(seat, players)
        pile = colours * count
        if stream is not None:
            pile = shuffled([c for c in colours for _ in range(count)], stream)
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
