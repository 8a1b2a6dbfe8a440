"""Assam's movement on the market, border loops included.

A step that would leave the market follows the loop printed around the border
(``BORDER_LOOPS``) and lands on the re-entry square; that is the whole step (the loop
itself is not counted again). The steps come from the tables of ``geometry``.
"""

from __future__ import annotations

from .errors import MarrakechError, quoted
from .geometry import ASSAM_STEP, on_market, pack, square_index, unpack
from .types import Direction, Square


def _packed(square: Square, facing: Direction) -> int:
    if not on_market(square[0], square[1]):
        raise MarrakechError(
            f"{quoted(square)} is not a square of the market: (row, col), each 0-6"
        )
    return pack(square_index(square), facing)


def step(square: Square, facing: Direction) -> tuple[Square, Direction]:
    """One step straight ahead, or along the border loop when the market ends."""
    return unpack(ASSAM_STEP[_packed(square, facing)])


def walk_path(
    square: Square, facing: Direction, steps: int
) -> tuple[tuple[Square, Direction], ...]:
    """Every (square, facing) Assam stands on after each of the steps, in order."""
    at = _packed(square, facing)
    if steps < 0:
        raise MarrakechError(f"cannot walk {steps} steps")
    path = []
    for _ in range(steps):
        at = ASSAM_STEP[at]
        path.append(unpack(at))
    return tuple(path)


def walk(square: Square, facing: Direction, steps: int) -> tuple[Square, Direction]:
    """Where Assam stands, and which way he faces, after walking the given steps."""
    path = walk_path(square, Direction(facing), steps)
    if path:
        return path[-1]
    return (square[0], square[1]), Direction(facing)
