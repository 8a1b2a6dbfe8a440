"""Assam's movement: all 784 (square, facing, roll) cases against the border-loop table."""

from __future__ import annotations

import itertools

import pytest

from marrakech.engine import Direction, step, walk, walk_path

from .reference import ALL_SQUARES, DELTA, EXITS, on_market, ref_step, ref_walk, ref_walk_path

FACINGS = "NESW"
CASES = list(itertools.product(ALL_SQUARES, FACINGS, (1, 2, 3, 4)))


def test_the_case_list_has_784_entries() -> None:
    assert len(CASES) == 7 * 7 * 4 * 4 == 784


@pytest.mark.parametrize(
    ("square", "facing", "roll"),
    CASES,
    ids=[f"{r}.{c}{f}{n}" for (r, c), f, n in CASES],
)
def test_walk_matches_the_border_table(square: tuple[int, int], facing: str, roll: int) -> None:
    want_square, want_facing = ref_walk(square, facing, roll)
    got_square, got_facing = walk(square, Direction[facing], roll)
    assert (tuple(got_square), Direction(got_facing).name) == (want_square, want_facing)


def test_literal_exit_table_matches_the_pairing_rules() -> None:
    """The 28 literal exits agree with the decisions page's compact rows (typo guard)."""

    def paired(index: int, pairs: list[tuple[int, int]]) -> int:
        for x, y in pairs:
            if index == x:
                return y
            if index == y:
                return x
        raise AssertionError(index)

    derived = {}
    for i in range(7):
        # N: cols 0/1, 2/3, 4/5 to the top arc facing S; col 6 corner loop facing W.
        derived[((0, i), "N")] = (
            ((0, 6), "W") if i == 6 else ((0, paired(i, [(0, 1), (2, 3), (4, 5)])), "S")
        )
        # E: row 0 corner loop facing S; rows 1/2, 3/4, 5/6 right arc facing W.
        derived[((i, 6), "E")] = (
            ((0, 6), "S") if i == 0 else ((paired(i, [(1, 2), (3, 4), (5, 6)]), 6), "W")
        )
        # S: col 0 corner loop facing E; cols 1/2, 3/4, 5/6 bottom arc facing N.
        derived[((6, i), "S")] = (
            ((6, 0), "E") if i == 0 else ((6, paired(i, [(1, 2), (3, 4), (5, 6)])), "N")
        )
        # W: rows 0/1, 2/3, 4/5 left arc facing E; row 6 corner loop facing N.
        derived[((i, 0), "W")] = (
            ((6, 0), "N") if i == 6 else ((paired(i, [(0, 1), (2, 3), (4, 5)]), 0), "E")
        )
    assert derived == EXITS
    assert len(EXITS) == 28


def test_every_edge_exit_is_in_the_table() -> None:
    exits = {
        (sq, f)
        for sq in ALL_SQUARES
        for f in FACINGS
        if not on_market((sq[0] + DELTA[f][0], sq[1] + DELTA[f][1]))
    }
    assert exits == set(EXITS)


def test_every_loop_is_reversible() -> None:
    reverse = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for (start, facing), (land, after) in EXITS.items():
        assert EXITS[(land, reverse[after])] == (start, reverse[facing])


@pytest.mark.parametrize(
    ("start", "facing", "roll", "end", "end_facing"),
    [
        ((0, 5), "E", 3, (1, 6), "S"),  # the decisions page's example
        ((3, 3), "N", 4, (0, 2), "S"),
        ((6, 1), "W", 2, (6, 0), "N"),
        ((3, 3), "N", 1, (2, 3), "N"),
        ((0, 6), "N", 1, (0, 6), "W"),  # corner loop: same square, new facing
        ((6, 0), "S", 1, (6, 0), "E"),
    ],
)
def test_worked_examples(
    start: tuple[int, int], facing: str, roll: int, end: tuple[int, int], end_facing: str
) -> None:
    assert walk(start, Direction[facing], roll) == (end, Direction[end_facing])


def test_worked_example_path_goes_through_the_corner_loop() -> None:
    path = walk_path((0, 5), Direction.E, 3)
    assert path == (
        ((0, 6), Direction.E),
        ((0, 6), Direction.S),
        ((1, 6), Direction.S),
    )


@pytest.mark.parametrize("facing", FACINGS)
def test_walk_path_has_one_entry_per_step(facing: str) -> None:
    for square in ALL_SQUARES:
        for roll in range(6):
            path = walk_path(square, Direction[facing], roll)
            assert len(path) == roll
            want = ref_walk_path(square, facing, roll)
            assert [(sq, d.name) for sq, d in path] == want
            if roll:
                assert path[-1] == walk(square, Direction[facing], roll)


def test_step_matches_the_reference_everywhere() -> None:
    for square in ALL_SQUARES:
        for facing in FACINGS:
            got_square, got_facing = step(square, Direction[facing])
            assert (got_square, got_facing.name) == ref_step(square, facing)


def test_walk_of_zero_steps_stays_put() -> None:
    assert walk((2, 5), Direction.W, 0) == ((2, 5), Direction.W)
    assert walk_path((2, 5), Direction.W, 0) == ()


@pytest.mark.parametrize(("square", "steps"), [((7, 0), 1), ((0, -1), 1), ((3, 3), -1)])
def test_walk_path_refuses_bad_input(square: tuple[int, int], steps: int) -> None:
    with pytest.raises(ValueError):
        walk_path(square, Direction.N, steps)


def test_a_walk_off_the_market_says_so_as_every_square_question_does() -> None:
    with pytest.raises(ValueError, match=r"^\(7, 0\) is not a square of the market: \(row, col\)"):
        walk((7, 0), Direction.N, 1)
