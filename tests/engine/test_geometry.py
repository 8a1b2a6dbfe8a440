"""The market's geometry: the border-loop table, squares, neighbours, carpet places, masks."""

from __future__ import annotations

from marrakech.engine import BORDER_LOOPS, SQUARES, BorderLoop, Direction, LoopEnd, step
from marrakech.engine.geometry import (
    BB_ALL,
    BB_COLS,
    BB_EMPTY,
    BB_ROWS,
    BB_SQUARES,
    DOMINOES,
    NEIGHBOURS,
    flood,
    pack,
    square_index,
    squares_of,
    unpack,
)

from .reference import ALL_SQUARES, EXITS

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W


def test_there_are_14_loops_and_each_exit_is_the_end_of_exactly_one() -> None:
    assert len(BORDER_LOOPS) == 14
    ends = [end for loop in BORDER_LOOPS for end in loop]
    assert len(ends) == len(set(ends)) == 28
    assert {(end.square, end.outward.name) for end in ends} == set(EXITS)


def test_the_loops_are_the_decisions_page_table() -> None:
    """Leaving by one end lands on the other end's square, facing back into the market."""
    for loop in BORDER_LOOPS:
        for leaving, other in ((loop.first, loop.second), (loop.second, loop.first)):
            landing = (other.square, other.outward.opposite.name)
            assert EXITS[(leaving.square, leaving.outward.name)] == landing


def test_named_loops() -> None:
    assert BorderLoop(LoopEnd((0, 0), N), LoopEnd((0, 1), N)) in BORDER_LOOPS  # top arc
    corners = [loop for loop in BORDER_LOOPS if loop.is_corner]
    assert corners == [(((0, 6), N), ((0, 6), E)), (((6, 0), S), ((6, 0), W))]
    arcs = [loop for loop in BORDER_LOOPS if not loop.is_corner]
    assert all(loop.first.outward is loop.second.outward for loop in arcs)


def test_a_step_off_the_market_follows_the_loop_table() -> None:
    for loop in BORDER_LOOPS:
        for leaving, other in ((loop.first, loop.second), (loop.second, loop.first)):
            assert step(leaving.square, leaving.outward) == (
                other.square,
                other.outward.opposite,
            )


def test_squares_and_their_indices() -> None:
    assert SQUARES == ALL_SQUARES
    assert [square_index(square) for square in SQUARES] == list(range(49))
    assert square_index((0, 6)) == 6
    assert square_index((6, 6)) == 48


def test_neighbours_are_orthogonal_and_on_the_market() -> None:
    assert [SQUARES[i] for i in NEIGHBOURS[0]] == [(0, 1), (1, 0)]
    assert [SQUARES[i] for i in NEIGHBOURS[square_index((3, 3))]] == [
        (2, 3),
        (3, 4),
        (4, 3),
        (3, 2),
    ]
    assert sum(len(n) for n in NEIGHBOURS) == 2 * 2 * 7 * 6


def test_a_carpet_fits_on_84_pairs_of_squares() -> None:
    assert len(DOMINOES) == 2 * 7 * 6
    assert DOMINOES[((2, 3), (2, 4))] == (17, 18)
    assert DOMINOES[((2, 3), (3, 3))] == (17, 24)
    assert all(a < b for a, b in DOMINOES.values())


def test_masks_name_squares_rows_and_columns() -> None:
    assert BB_SQUARES[square_index((2, 5))] == 1 << 19
    assert BB_ALL == sum(BB_SQUARES) == sum(BB_ROWS) == sum(BB_COLS)
    assert squares_of(BB_ROWS[6]) == {(6, col) for col in range(7)}
    assert squares_of(BB_COLS[0]) == {(row, 0) for row in range(7)}
    assert squares_of(BB_EMPTY) == frozenset()


def test_flood_joins_orthogonal_squares_only_and_does_not_wrap_rows() -> None:
    def mask(*squares: tuple[int, int]) -> int:
        return sum(BB_SQUARES[square_index(square)] for square in squares)

    # (0,6) and (1,0) are neighbours in index order but not on the market.
    snake = mask((0, 5), (0, 6), (1, 0), (1, 1), (2, 2))
    assert squares_of(flood(snake, square_index((0, 5)))) == {(0, 5), (0, 6)}
    assert squares_of(flood(snake, square_index((1, 1)))) == {(1, 0), (1, 1)}
    assert squares_of(flood(snake, square_index((2, 2)))) == {(2, 2)}  # diagonal only
    assert flood(BB_ALL, 0) == BB_ALL


def test_assam_packs_into_one_int() -> None:
    assert pack(square_index((3, 3)), N) == 96
    assert unpack(96) == ((3, 3), N)
    assert unpack(pack(square_index((6, 0)), W)) == ((6, 0), W)
