"""Small typed values of the game: directions, turns, phases, colours, variants."""

from __future__ import annotations

from enum import Enum, IntEnum

from .errors import MarrakechError, quoted

Square = tuple[int, int]
"""A market square as (row, col); row 0 is the top row, col 0 the left column."""

SIZE = 7
"""The market is SIZE x SIZE squares."""


class Direction(IntEnum):
    """Assam's facing. N is up (row - 1), E right (col + 1), S down, W left."""

    N = 0
    E = 1
    S = 2
    W = 3

    def turned(self, turn: Turn) -> Direction:
        """The facing after a quarter turn (or none) to the given side."""
        return _BY_VALUE[(self + turn) % 4]

    @property
    def opposite(self) -> Direction:
        """The facing after a half turn."""
        return _BY_VALUE[(self + 2) % 4]

    @property
    def delta(self) -> Square:
        """The (row, col) change of one step this way."""
        return _DELTAS[self]


_DELTAS: tuple[Square, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
_BY_VALUE: tuple[Direction, ...] = tuple(Direction)


class Turn(IntEnum):
    """A change of facing: a quarter turn left, none, or a quarter turn right."""

    LEFT = -1
    STRAIGHT = 0
    RIGHT = 1


class Phase(Enum):
    """What the game waits for next."""

    ORIENT = "orient"
    """The current player keeps Assam's facing or turns him a quarter."""
    ROLL = "roll"
    """The die is rolled (a chance node); Assam moves and the toll is paid."""
    PLACE = "place"
    """The current player lays a carpet next to Assam."""
    AIM = "aim"
    """Variant only: the player who just laid a carpet aims Assam for the next player."""
    OVER = "over"
    """The game has ended."""


class Colour(IntEnum):
    """Carpet colours. Seat i owns colour i with 3-4 players; see colours_for_seat."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    GREEN = 3

    @property
    def letter(self) -> str:
        """One capital letter that names the colour without colour."""
        return self.name[0]


class Variant(Enum):
    """Who sets Assam's facing."""

    STANDARD = "standard"
    """The 2024 rules: each player orients Assam before rolling."""
    AIM = "aim"
    """Seed 001: after laying a carpet the player turns Assam left or right for the next one."""
    AIM_OR_KEEP = "aim-or-keep"
    """As AIM, but keeping the facing is allowed too."""


def colours_for_seat(seat: int, players: int) -> tuple[Colour, ...]:
    """The colours a seat owns: one with 3-4 players, two with 2 players.

    MarrakechError for a number of players other than 2-4 or a seat not among them.
    """
    if type(players) is not int or players not in _CARPETS_PER_COLOUR:
        raise MarrakechError(_not_a_player_count(players))
    if type(seat) is not int or not 0 <= seat < players:
        raise MarrakechError(f"{quoted(seat)} is not a seat: seats are 0-{players - 1}")
    if players == 2:
        return (_COLOURS[seat], _COLOURS[seat + 2])
    return (_COLOURS[seat],)


def carpets_per_colour(players: int) -> int:
    """How many carpets of each colour a player starts with.

    MarrakechError for a number of players other than 2-4.
    """
    count = _CARPETS_PER_COLOUR.get(players) if type(players) is int else None
    if count is None:
        raise MarrakechError(_not_a_player_count(players))
    return count


def _not_a_player_count(players: object) -> str:
    return f"{quoted(players)} is no number of players: Marrakech is for 2-4 players"


_COLOURS = tuple(Colour)
_CARPETS_PER_COLOUR = {2: 12, 3: 15, 4: 12}
