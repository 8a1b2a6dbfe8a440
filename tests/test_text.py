"""Outside text never reaches the terminal raw; names refuse what cannot be seen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marrakech.games.session import name_problem
from marrakech.games.text import QUOTE_LIMIT, quoted, shown, unshowable


def test_escape_sequences_and_bidirectional_overrides_are_written_out() -> None:
    assert shown("evil\x1b]0;PWNED\x07\x1b[2J.json") == "evil\\x1b]0;PWNED\\x07\\x1b[2J.json"
    assert shown("a\u202eb\u2066") == "a\\u202eb\\u2066"
    assert shown("tag\U000e0041") == "tag\\U000e0041"
    assert shown("Ayla, Bö, 東京 ☕") == "Ayla, Bö, 東京 ☕"


@given(st.text())
def test_nothing_unshowable_survives(text: str) -> None:
    assert not any(unshowable(char) for char in shown(text))


def test_a_long_value_is_quoted_short() -> None:
    assert len(quoted("x" * 1_500_000)) == QUOTE_LIMIT
    assert quoted("x" * 1_500_000).endswith("...")
    assert quoted(10**5000) == "a number of about 5001 digits"
    assert quoted("a\x1bb") == "'a\\x1bb'"


@pytest.mark.parametrize(
    "name",
    [
        "\ufeff",
        "a\u200bb",
        "tag\U000e0041",
        "one\u2028two",
        "\u3000",
        " ",
        "x\x1b[2J",
        "\u3164",
        "\u115f",
        "\u2800",
        "\u0301\u0301",
    ],
)
def test_invisible_and_control_characters_are_refused_in_names(name: str) -> None:
    assert name_problem(name) is not None


@pytest.mark.parametrize("name", ["Ayla", "Bö", "東京", "Zoë-Ann O'Neil", "☕ bot"])
def test_ordinary_names_pass(name: str) -> None:
    assert name_problem(name) is None


def test_a_name_s_problem_says_what_a_player_typed_wrong_first() -> None:
    family = "Bo \U0001f468\u200d\U0001f469\u200d\U0001f467"  # three emoji joined into one
    assert name_problem(family) == (
        "contains U+200D, which joins emoji into one (a family, a flag), drawn at different "
        "widths by different terminals: use emoji that stand alone"
    )
    assert name_problem("Bo \U0001f42b") is None  # an emoji alone is a name like any other
    long_and_escaped = "\x1b[2J" + "x" * 40  # the escape is the problem to fix, not the length
    assert name_problem(long_and_escaped) == "contains the invisible or control character U+001B"
