"""The game in plain lines: the market, a square, the choices, the risks, the scores.

Pure functions from a position (and the players' names) to sentences that make sense
read aloud: no colour, no box art, squares as the rules write them, ``(row,col)``. What
is legal, what a square would charge and who is ahead all come from the engine; the
risks from ``flow.risk``.
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import (
    DIE_PROBABILITIES,
    SIZE,
    Aim,
    GameState,
    Orient,
    Phase,
    Place,
    Square,
    Turn,
)
from marrakech.flow import cursor
from marrakech.flow.risk import LaneRisk
from marrakech.games import words as shared
from marrakech.games.words import COMPASS, WAY_WORDS, colour_word, plural, square_text


def carpet_text(place: Place) -> str:
    """A carpet in the move notation and in words: "c2.3-2.4, on (2,3) and (2,4)"."""
    return f"{place}, on {square_text(place.a)} and {square_text(place.b)}"


def assam_line(state: GameState) -> str:
    """Where Assam stands: "Assam is on (3,3), facing north."."""
    return f"{shared.assam_words(state)}."


def _top_words(state: GameState, square: Square) -> str:
    """What lies on a square: "empty", "red carpet 4", "blue carpet 2 (neutral), 3 high"."""
    stack = state.stack(square)
    if not stack:
        return "empty"
    top = stack[-1]
    words = f"{colour_word(top.colour)} carpet {top.carpet}"
    if state.is_neutral(top.colour):
        words += " (neutral)"
    if len(stack) > 1:
        words += f", {len(stack)} carpets high"
    return words


def _with_assam(state: GameState, square: Square, words: str) -> str:
    if square != state.assam.square:
        return words
    return f"{words}, with Assam facing {COMPASS[state.assam.facing]}"


def line_words(state: GameState, squares: Sequence[Square]) -> str:
    """A row or column of squares in words, runs of empty squares said once."""
    parts: list[str] = []
    run: list[Square] = []

    def close_run() -> None:
        if len(run) == 1:
            parts.append(f"{square_text(run[0])} empty")
        elif run:
            parts.append(f"{square_text(run[0])} to {square_text(run[-1])} empty")
        run.clear()

    for square in squares:
        if not state.stack(square) and square != state.assam.square:
            run.append(square)
            continue
        close_run()
        parts.append(
            f"{square_text(square)} {_with_assam(state, square, _top_words(state, square))}"
        )
    close_run()
    return "; ".join(parts)


def row_line(state: GameState, row: int) -> str:
    """One row of the market in words."""
    return f"Row {row}: {line_words(state, [(row, col) for col in range(SIZE)])}."


def column_line(state: GameState, col: int) -> str:
    """One column of the market in words."""
    return f"Column {col}: {line_words(state, [(row, col) for row in range(SIZE)])}."


def market_lines(state: GameState) -> list[str]:
    """The whole market: where Assam is, then each row, top row first."""
    return [assam_line(state), *(row_line(state, row) for row in range(SIZE))]


def picture_lines(state: GameState) -> list[str]:
    """The compact text picture of the market (the engine's), with a key."""
    # str(state) draws a heading, then each row with a line of joins below it but the last.
    picture = str(state).splitlines()[: 2 * SIZE]
    key = (
        "Key: a letter is the top carpet's colour (R, B, Y, G; lower case when neutral), "
        "the digit its stack's height, = and | join the halves of one carpet, "
        "^ > v < is Assam and his facing, . an empty square."
    )
    return [*picture, key]


def square_line(state: GameState, square: Square, names: Sequence[str]) -> str:
    """One square: what lies there and what stopping there would charge the player to move."""
    words = f"Square {square_text(square)}: {_with_assam(state, square, _top_words(state, square))}"
    if state.phase is Phase.OVER:
        return words + "."
    seat = state.current
    charge = state.charge_at(square, seat)
    if charge.payee is None:
        return f"{words}; {names[seat]} would stop here for free."
    who, payee = names[seat], names[charge.payee]
    region = f"a region of {plural(charge.toll, 'square')}"
    if charge.bankrupt:
        return (
            f"{words}; {region}: {who} would owe {payee} {plural(charge.toll, 'dirham')} "
            f"here, pay all {charge.paid} and go bankrupt."
        )
    return f"{words}; {region}: {who} would pay {payee} {plural(charge.paid, 'dirham')} here."


def way_words(state: GameState, turn: Turn) -> str:
    """A turn with the facing it gives now: "left, to the west"."""
    return shared.way_words(turn, state.assam.facing)


def legal_lines(state: GameState) -> list[str]:
    """The choices of the player to move, as the engine lists them, each with its command."""
    if state.phase is Phase.PLACE:
        return [
            f"{number}: {carpet_text(place)}."
            for number, place in enumerate(state.legal_placements(), start=1)
        ]
    if state.phase is Phase.ORIENT:
        return [
            f"{WAY_WORDS[turn]}: turn Assam to the {COMPASS[state.assam.facing.turned(turn)]} "
            "and roll."
            if turn is not Turn.STRAIGHT
            else f"ahead: keep Assam facing {COMPASS[state.assam.facing]} and roll."
            for turn in cursor.turn_choices(state)
        ]
    if state.phase is Phase.AIM:
        return [
            f"aim {WAY_WORDS[turn]}: Assam will face "
            f"{COMPASS[state.assam.facing.turned(turn)]} for the next player."
            for turn in cursor.turn_choices(state)
        ]
    if state.phase is Phase.ROLL:
        return [f"roll: Assam walks {COMPASS[state.assam.facing]}."]
    return ["Nothing: the game is over."]


def risk_lines(risks: Sequence[LaneRisk], state: GameState, names: Sequence[str]) -> list[str]:
    """The risk table in words: for each way, the chance to pay, the mean toll, bankruptcy."""
    if not risks:
        return ["No roll to come."]
    lines = [f"If {names[risks[0].seat]} rolls:"]
    values = [value for value, _ in DIE_PROBABILITIES]  # the order of each risk's stops
    for risk in risks:
        way = "As he faces" if risk.turn is None else f"Going {way_words(state, risk.turn)}"
        stops = ", ".join(
            f"{value} to {square_text(stop)}"
            for value, stop in zip(values, risk.stops, strict=True)
        )
        lines.append(
            f"{way}: {risk.chance_to_pay:.0%} chance to pay, "
            f"{risk.expected_toll:.1f} dirhams expected, "
            f"{risk.chance_of_bankruptcy:.0%} chance of bankruptcy; a roll of {stops}."
        )
    return lines


def seat_lines(state: GameState, names: Sequence[str], kinds: Sequence[str | None]) -> list[str]:
    """Who plays which colours; ``kinds`` gives each seat's computer level (None: a person)."""
    lines = []
    for seat, player in enumerate(state.players):
        colours = shared.colours_words(player.colours)
        kind = "" if kinds[seat] is None else f" ({kinds[seat]} computer)"
        lines.append(f"{names[seat]}{kind} plays {colours}.")
    return lines


def choice_words(action: Orient | Aim | Place, state: GameState) -> str:
    """A choice as the command that makes it, in words (hints, computers' choices)."""
    if isinstance(action, Place):
        number = state.legal_placements().index(action) + 1
        return f"carpet {number}, {carpet_text(action)}"
    prefix = "aim " if isinstance(action, Aim) else ""
    return f"{prefix}{way_words(state, action.turn)}"
