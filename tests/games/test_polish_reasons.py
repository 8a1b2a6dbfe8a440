"""The engine's refusals in a player's words (issue #28): colours as words, carpets
counted from 1, squares "side by side"."""

from __future__ import annotations

from typing import Any

from marrakech.engine import GameState, Place
from marrakech.games.reasons import said


def placing(carpets: list[tuple[str, int, tuple[int, int], tuple[int, int]]]) -> GameState:
    """Red to lay, Assam on (3,3) facing north, these (colour, carpet number, squares)."""
    market: list[list[list[list[Any]]]] = [[[] for _ in range(7)] for _ in range(7)]
    for colour, carpet, *squares in carpets:
        for row, col in squares:
            market[row][col].append([colour, carpet])
    seats = [
        {
            "money": 30,
            "colours": [colour],
            "pile": [colour] * 5,
            "eliminated": False,
            "discarded": 0,
        }
        for colour in ("red", "blue", "yellow")
    ]
    return GameState.from_dict(
        {
            "format": "marrakech-state",
            "version": 1,
            "variant": "standard",
            "phase": "place",
            "current": 0,
            "assam": {"square": [3, 3], "facing": "N"},
            "next_carpet": len(carpets),
            "players": seats,
            "market": market,
        }
    )


def test_a_refusal_names_the_colour_in_words_and_counts_carpets_from_one() -> None:
    state = placing([("yellow", 0, (0, 0), (0, 1)), ("blue", 1, (2, 3), (2, 4))])
    reason = state.why_illegal(Place((2, 3), (2, 4)))
    assert reason is not None and "(blue carpet 1)" in reason  # the engine's own words
    shown = said(reason)
    assert shown.endswith("(blue carpet 2)")
    assert "BLUE" not in shown
    # Only a carpet's number changes: a sentence no template knows, or a host's news of a
    # seat, is shown as it came.
    assert said("RED carpet 3 is lovely") == "RED carpet 3 is lovely"
    assert said("seat 2 is now Bo") == "seat 2 is now Bo"


def test_a_refusal_says_side_by_side() -> None:
    state = placing([])
    reason = state.why_illegal(Place((2, 2), (3, 4)))
    assert reason is not None and "orthogonally adjacent" in reason
    assert said(reason) == (
        "cannot lay a carpet on (2,2)-(3,4): a carpet covers two squares side by side"
    )
