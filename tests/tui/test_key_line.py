"""The key line's rows: broken between keys, never inside one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from marrakech.tui.widgets.key_line import SEPARATOR, key_rows

KEYS = "Esc: board · c: summary · v: review · r: replay · s: save · e: export"


def test_a_wide_line_is_one_row_and_a_narrow_one_breaks_between_keys() -> None:
    assert key_rows(KEYS, 80) == [KEYS]
    assert key_rows(KEYS, 30) == [
        "Esc: board · c: summary",
        "v: review · r: replay",
        "s: save · e: export",
    ]
    assert key_rows(KEYS, 5) == KEYS.split(SEPARATOR)


def test_rows_are_as_even_as_their_number_allows() -> None:
    # At 80x24 the results' box holds 62 cells: "e: export" was left alone on a row.
    assert key_rows(KEYS, 62) == [
        "Esc: board · c: summary · v: review",
        "r: replay · s: save · e: export",
    ]


@given(st.integers(min_value=1, max_value=120))
def test_the_rows_hold_every_key_in_order_within_the_width(width: int) -> None:
    rows = key_rows(KEYS, width)
    keys = KEYS.split(SEPARATOR)
    assert SEPARATOR.join(rows).split(SEPARATOR) == keys
    assert all(len(row) <= width or row in keys for row in rows)
    fewest, used = 0, width + 1  # the rows of keys filling each row in turn
    for key in keys:
        if used + len(SEPARATOR) + len(key) <= width:
            used += len(SEPARATOR) + len(key)
        else:
            fewest, used = fewest + 1, len(key)
    assert len(rows) == fewest
