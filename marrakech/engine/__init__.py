"""The Marrakech rules engine: pure, frozen, with no I/O and no hidden randomness.

>>> from marrakech.engine import new_game, Orient, Roll, Turn
>>> state = new_game(2, seed=1).apply(Orient(Turn.LEFT)).apply(Roll(3))
>>> state.phase.name, state.assam.square
('PLACE', (3, 0))
"""

from .actions import (
    DIE_FACES,
    DIE_PROBABILITIES,
    Action,
    Aim,
    Orient,
    Place,
    Roll,
    parse_action,
    turn_bounds,
)
from .errors import GameNotOver, IllegalAction, InvalidState, MarrakechError
from .geometry import (
    BB_ALL,
    BB_COLS,
    BB_EMPTY,
    BB_ROWS,
    BB_SQUARES,
    BORDER_LOOPS,
    SQUARES,
    BorderLoop,
    LoopEnd,
    square_index,
    squares_of,
)
from .movement import step, walk, walk_path
from .pieces import Assam, Layer, PlayerState, Stack
from .piles import SEED_LIMIT
from .savedict import STATE_FORMAT, STATE_VERSION
from .start import new_game
from .state import (
    START_SQUARE,
    STARTING_MONEY,
    Charge,
    GameState,
    Score,
    Standing,
    Transition,
)
from .types import (
    SIZE,
    Colour,
    Direction,
    Phase,
    Square,
    Turn,
    Variant,
    carpets_per_colour,
    colours_for_seat,
)

__all__ = [
    "BB_ALL",
    "BB_COLS",
    "BB_EMPTY",
    "BB_ROWS",
    "BB_SQUARES",
    "BORDER_LOOPS",
    "DIE_FACES",
    "DIE_PROBABILITIES",
    "SEED_LIMIT",
    "SIZE",
    "SQUARES",
    "STARTING_MONEY",
    "START_SQUARE",
    "STATE_FORMAT",
    "STATE_VERSION",
    "Action",
    "Aim",
    "Assam",
    "BorderLoop",
    "Charge",
    "Colour",
    "Direction",
    "GameNotOver",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "Layer",
    "LoopEnd",
    "MarrakechError",
    "Orient",
    "Phase",
    "Place",
    "PlayerState",
    "Roll",
    "Score",
    "Square",
    "Stack",
    "Standing",
    "Transition",
    "Turn",
    "Variant",
    "carpets_per_colour",
    "colours_for_seat",
    "new_game",
    "parse_action",
    "square_index",
    "squares_of",
    "step",
    "turn_bounds",
    "walk",
    "walk_path",
]
