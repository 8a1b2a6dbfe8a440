"""The market's geometry: squares, neighbours, carpet shapes, the border loops and Assam's
walks, as the tables and bit masks the engine's hot code reads (compiled with the engine).

How things are represented:

- A square ``(row, col)`` has the index ``row * 7 + col``: 0 is (0,0) top left, 6 is (0,6)
  top right, 48 is (6,6). ``SQUARES[index]`` gives the square back.
- A mask is an int with bit i set for square i, the way python-chess names its bitboards:
  ``BB_SQUARES[i] == 1 << i``, ``BB_ALL`` is the whole market, ``BB_ROWS[r]`` and
  ``BB_COLS[c]`` one row or column. ``flood(mask, i)`` is the orthogonally connected part
  of a mask around square i (a toll region); ``squares_of(mask)`` lists its squares.
- Assam's square and facing travel as one int, ``index * 4 + facing`` (``pack``, ``unpack``);
  ``ASSAM_STEP``, ``ASSAM_WALKS`` and ``ASSAM_TURNS`` step, walk and turn that packed value.
- ``BORDER_LOOPS`` is the rule table of the printed border. A step off the market follows
  it; ``ASSAM_STEP`` and everything built on it are derived from that table alone.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .actions import DIE_FACES
from .types import SIZE, Direction, Square, Turn

SQUARE_COUNT: Final = SIZE * SIZE
"""How many squares the market has (49)."""

SQUARES: Final[tuple[Square, ...]] = tuple(divmod(i, SIZE) for i in range(SQUARE_COUNT))
"""Every square by its index, row-major."""


def square_index(square: Square) -> int:
    """The index of a square of the market, ``row * 7 + col`` (no check that it is one)."""
    return square[0] * SIZE + square[1]


def on_market(row: int, col: int) -> bool:
    """True when (row, col) is a square of the market."""
    return 0 <= row < SIZE and 0 <= col < SIZE


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        square_index((row + d_row, col + d_col))
        for d_row, d_col in (facing.delta for facing in Direction)
        if on_market(row + d_row, col + d_col)
    )
    for row, col in SQUARES
)
"""NEIGHBOURS[i]: the indices of the squares orthogonally next to square i, in N, E, S, W order."""

DOMINOES: Final[dict[tuple[Square, Square], tuple[int, int]]] = {
    (SQUARES[a], SQUARES[b]): (a, b) for a in range(SQUARE_COUNT) for b in NEIGHBOURS[a] if a < b
}
"""Every place a carpet can lie: (smaller square, other square) -> their indices."""

# -- bit masks ----------------------------------------------------------------------------

BB_EMPTY: Final = 0
"""The mask of no square."""

BB_SQUARES: Final[tuple[int, ...]] = tuple(1 << i for i in range(SQUARE_COUNT))
"""BB_SQUARES[i]: the mask of square i alone."""

BB_ALL: Final = (1 << SQUARE_COUNT) - 1
"""The mask of the whole market."""

BB_ROWS: Final[tuple[int, ...]] = tuple(
    sum(BB_SQUARES[square_index((row, col))] for col in range(SIZE)) for row in range(SIZE)
)
"""BB_ROWS[r]: the mask of row r."""

BB_COLS: Final[tuple[int, ...]] = tuple(
    sum(BB_SQUARES[square_index((row, col))] for row in range(SIZE)) for col in range(SIZE)
)
"""BB_COLS[c]: the mask of column c."""

_BB_NOT_FIRST_COL: Final = BB_ALL & ~BB_COLS[0]
_BB_NOT_LAST_COL: Final = BB_ALL & ~BB_COLS[SIZE - 1]


def flood(mask: int, start: int) -> int:
    """The orthogonally connected part of a mask around square ``start`` (a flood fill;
    ``start`` must be one of the mask's squares)."""
    region = 1 << start
    while True:
        larger = (
            region
            | ((region << 1) & _BB_NOT_FIRST_COL)
            | ((region >> 1) & _BB_NOT_LAST_COL)
            | (region << SIZE)
            | (region >> SIZE)
        ) & mask
        if larger == region:
            return region
        region = larger


def squares_of(mask: int) -> frozenset[Square]:
    """The squares of a mask."""
    return frozenset(SQUARES[i] for i in range(SQUARE_COUNT) if mask >> i & 1)


# -- the border loops -----------------------------------------------------------------------


class LoopEnd(NamedTuple):
    """One end of a border loop: an edge square and the direction that leaves the market."""

    square: Square
    outward: Direction


class BorderLoop(NamedTuple):
    """A loop of the printed border. Leaving the market from one end's square in its
    outward direction lands on the other end's square, facing opposite to that end's
    outward direction."""

    first: LoopEnd
    second: LoopEnd

    @property
    def is_corner(self) -> bool:
        """True for a corner loop: both ends on one corner square, leaving by two sides."""
        return self.first.outward is not self.second.outward


_N, _E, _S, _W = Direction.N, Direction.E, Direction.S, Direction.W

BORDER_LOOPS: Final[tuple[BorderLoop, ...]] = tuple(
    BorderLoop(LoopEnd(*first), LoopEnd(*second))
    for first, second in (
        # Top arcs pair cols 0/1, 2/3 and 4/5.
        (((0, 0), _N), ((0, 1), _N)),
        (((0, 2), _N), ((0, 3), _N)),
        (((0, 4), _N), ((0, 5), _N)),
        # The corner loop at (0, 6) joins its top and its right side.
        (((0, 6), _N), ((0, 6), _E)),
        # Right arcs pair rows 1/2, 3/4 and 5/6.
        (((1, 6), _E), ((2, 6), _E)),
        (((3, 6), _E), ((4, 6), _E)),
        (((5, 6), _E), ((6, 6), _E)),
        # Bottom arcs pair cols 1/2, 3/4 and 5/6.
        (((6, 1), _S), ((6, 2), _S)),
        (((6, 3), _S), ((6, 4), _S)),
        (((6, 5), _S), ((6, 6), _S)),
        # The corner loop at (6, 0) joins its bottom and its left side.
        (((6, 0), _S), ((6, 0), _W)),
        # Left arcs pair rows 0/1, 2/3 and 4/5.
        (((0, 0), _W), ((1, 0), _W)),
        (((2, 0), _W), ((3, 0), _W)),
        (((4, 0), _W), ((5, 0), _W)),
    )
)
"""The 14 loops of the printed border, clockwise from the top left; each end once."""


def _landings() -> dict[LoopEnd, LoopEnd]:
    """Each loop end -> where leaving by it lands: the other end's square, facing back in."""
    landings = {}
    for loop in BORDER_LOOPS:
        for leaving, other in ((loop.first, loop.second), (loop.second, loop.first)):
            landings[leaving] = LoopEnd(other.square, other.outward.opposite)
    return landings


_LANDINGS: Final = _landings()

# -- Assam, packed as one int -----------------------------------------------------------------

ASSAM_POSITIONS: Final = SQUARE_COUNT * 4
"""How many (square, facing) pairs there are: packed positions are 0 to 195."""

_FACINGS: Final[tuple[Direction, ...]] = tuple(Direction)


def pack(index: int, facing: int) -> int:
    """Assam on square ``index`` facing ``facing``, as one int."""
    return index * 4 + facing


def unpack(at: int) -> tuple[Square, Direction]:
    """The square and facing of a packed position."""
    return SQUARES[at >> 2], _FACINGS[at & 3]


def _stepped(at: int) -> int:
    """One step straight ahead, or along the border loop where the market ends."""
    square, facing = unpack(at)
    d_row, d_col = facing.delta
    row, col = square[0] + d_row, square[1] + d_col
    if on_market(row, col):
        return pack(square_index((row, col)), facing)
    landing = _LANDINGS[LoopEnd(square, facing)]
    return pack(square_index(landing.square), landing.outward)


ASSAM_STEP: Final[tuple[int, ...]] = tuple(_stepped(at) for at in range(ASSAM_POSITIONS))
"""ASSAM_STEP[at]: the packed position one step on (border loops included)."""


def _walks(at: int) -> tuple[int, ...]:
    walk = [at]
    for _ in range(max(DIE_FACES)):
        walk.append(ASSAM_STEP[walk[-1]])
    return tuple(walk)


ASSAM_WALKS: Final[tuple[tuple[int, ...], ...]] = tuple(_walks(at) for at in range(ASSAM_POSITIONS))
"""ASSAM_WALKS[at][steps]: the packed position after 0 up to 4 steps (the die's largest)."""

ASSAM_TURNS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(at - (at & 3) + ((at + turn) & 3) for turn in (Turn.LEFT, Turn.STRAIGHT, Turn.RIGHT))
    for at in range(ASSAM_POSITIONS)
)
"""ASSAM_TURNS[at][turn + 1]: the packed position after a quarter turn left, none, or right."""
