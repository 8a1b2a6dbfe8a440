"""Assam's movement on the market, border loops included.

A step that would leave the market follows the loop printed around the border and lands
on the re-entry square; that is the whole step (the loop itself is not counted again).
"""

from __future__ import annotations

from typing import Final

from .types import SIZE, Direction, Square

_LAST: Final = SIZE - 1


def _partner(index: int, first_paired: int) -> int:
    """The other member of an arc pair; pairs start at first_paired (0/1, 2/3... or 1/2...)."""
    offset = index - first_paired
    return first_paired + (offset ^ 1)


def _loop(square: Square, facing: Direction) -> tuple[Square, Direction]:
    """Where a step off the market from this edge square lands, and the new facing."""
    row, col = square
    if facing is Direction.N:
        if col == _LAST:
            return (0, _LAST), Direction.W
        return (0, _partner(col, 0)), Direction.S
    if facing is Direction.E:
        if row == 0:
            return (0, _LAST), Direction.S
        return (_partner(row, 1), _LAST), Direction.W
    if facing is Direction.S:
        if col == 0:
            return (_LAST, 0), Direction.E
        return (_LAST, _partner(col, 1)), Direction.N
    if row == _LAST:
        return (_LAST, 0), Direction.N
    return (_partner(row, 0), 0), Direction.E


def step(square: Square, facing: Direction) -> tuple[Square, Direction]:
    """One step straight ahead, or along the border loop when the market ends."""
    d_row, d_col = facing.delta
    row, col = square[0] + d_row, square[1] + d_col
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return (row, col), facing
    return _loop(square, facing)


def walk_path(
    square: Square, facing: Direction, steps: int
) -> tuple[tuple[Square, Direction], ...]:
    """Every (square, facing) Assam stands on after each of the steps, in order."""
    if not 0 <= square[0] < SIZE or not 0 <= square[1] < SIZE:
        raise ValueError(f"square {square} is not on the {SIZE}x{SIZE} market")
    if steps < 0:
        raise ValueError(f"cannot walk {steps} steps")
    path = []
    for _ in range(steps):
        square, facing = step(square, facing)
        path.append((square, facing))
    return tuple(path)


def walk(square: Square, facing: Direction, steps: int) -> tuple[Square, Direction]:
    """Where Assam stands, and which way he faces, after walking the given steps."""
    path = walk_path(square, Direction(facing), steps)
    if path:
        return path[-1]
    return (square[0], square[1]), Direction(facing)


def _index_table() -> tuple[tuple[tuple[tuple[int, Direction], ...], ...], ...]:
    """WALK[index][facing][steps] for steps 0..4, by square index row * SIZE + col."""
    table = []
    for index in range(SIZE * SIZE):
        square = divmod(index, SIZE)
        per_facing = []
        for facing in Direction:
            row = [(index, facing)]
            for sq, fc in walk_path(square, facing, 4):
                row.append((sq[0] * SIZE + sq[1], fc))
            per_facing.append(tuple(row))
        table.append(tuple(per_facing))
    return tuple(table)


WALK_TABLE: Final = _index_table()
"""Precomputed walks: WALK_TABLE[row * 7 + col][facing][steps] -> (index, facing)."""
