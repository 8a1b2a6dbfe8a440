"""The game in words: the market row by row, a square, the choices, risks and scores."""

from __future__ import annotations

from engine.positions import build

from marrakech.engine import Orient, Phase, Place, Turn, new_game
from marrakech.flow.risk import lane_risks
from marrakech.games import words
from marrakech.games.session import GameSetup, Session
from marrakech.textmode import describe
from marrakech.textmode.game import TextGame
from marrakech.textmode.replay import TextReplay

NAMES = ("Ayla", "Bo", "Cem")


def market() -> object:
    """Bo's blue carpet over Ayla's red one, Cem's yellow one beside them; Ayla to lay."""
    return build(
        players=3,
        carpets=["R 2.3-2.4", "B 2.4-2.5", "Y 3.4-4.4"],
        assam="3.3 E",
        money=[30, 30, 1],
        phase="orient",
        current=2,
    )


def test_a_row_says_each_top_carpet_and_stack_and_runs_of_empty_squares() -> None:
    assert describe.row_line(market(), 2) == (
        "Row 2: (2,0) to (2,2) empty; (2,3) red carpet no. 1; (2,4) blue carpet no. 2, 2 carpets "
        "high; (2,5) blue carpet no. 2; (2,6) empty."
    )


def test_assam_is_on_his_square_in_the_row_and_in_the_column() -> None:
    state = market()
    assert "(3,3) empty, with Assam facing east; (3,4) yellow carpet no. 3" in describe.row_line(
        state, 3
    )
    assert describe.column_line(state, 6) == "Column 6: (0,6) to (6,6) empty."


def test_the_board_is_where_assam_is_then_every_row() -> None:
    lines = describe.market_lines(market())
    assert lines[0] == "Assam is on (3,3), facing east."
    assert [line.split(":")[0] for line in lines[1:]] == [f"Row {row}" for row in range(7)]


def test_the_picture_is_the_market_drawn_with_a_key() -> None:
    lines = describe.picture_lines(market())
    assert lines[0].split() == [str(col) for col in range(7)]
    # Row 3: Assam facing east on (3,3), beside the yellow half on (3,4).
    assert lines[7].split() == ["3", ".", ".", ".", ">.", "Y1", ".", "."]
    assert lines[-1].startswith("Key: ")


def test_a_square_says_what_stopping_there_costs_the_player_to_move() -> None:
    state = market()
    assert describe.square_line(state, (2, 5), NAMES) == (
        "Square (2,5): Bo's blue carpet no. 2; a region of 2 squares: Cem would owe Bo 2 dirhams "
        "here, pay all 1 and go bankrupt."
    )
    assert describe.square_line(state, (2, 3), NAMES) == (
        "Square (2,3): Ayla's red carpet no. 1; a region of 1 square: Cem would pay Ayla 1 "
        "dirham here."
    )
    assert describe.square_line(state, (0, 0), NAMES) == (
        "Square (0,0): empty; Cem would stop here for free."
    )


def test_legal_numbers_the_engines_carpets_in_its_order() -> None:
    state = market().replace(phase=Phase.PLACE)
    lines = describe.legal_lines(state, NAMES)
    assert len(lines) == len(state.legal_placements())
    first = state.legal_placements()[0]
    covered = [
        f"({a},{b}) {describe.square_line(state, (a, b), NAMES).split(': ')[1].split(';')[0]}"
        for a, b in (first.a, first.b)
    ]
    assert lines[0] == f"1: {first}, over {covered[0]} and {covered[1]}."
    assert any("carpet" in line for line in lines)  # a carpet covered is named
    # On two empty squares, the notation says where: the squares are not said twice.
    empty = [
        (number, place)
        for number, place in enumerate(state.legal_placements(), start=1)
        if not (state.stack(place.a) or state.stack(place.b))
    ]
    assert empty
    for number, place in empty:
        assert lines[number - 1] == f"{number}: {place}, both squares empty."


def test_legal_before_the_roll_names_each_way_and_where_it_leads() -> None:
    assert describe.legal_lines(new_game(2, seed=1)) == [
        "left: turn Assam to the west and roll.",
        "ahead: keep Assam facing north and roll.",
        "right: turn Assam to the east and roll.",
    ]


def test_the_risk_table_in_words() -> None:
    state = market()
    lines = describe.risk_lines(lane_risks(state), state, NAMES)
    assert lines[0] == "If Cem rolls:"
    assert lines[1] == (
        "Going left, to the north: 17% chance to pay, 0.2 dirhams expected, "
        "0% chance of bankruptcy; a roll of 1 to (2,3), toll 1 to Ayla; 2 to (1,3); 3 to (0,3); "
        "4 to (0,2)."
    )  # what each roll costs, and to whom
    assert lines[2].startswith("Going ahead, to the east: 0% chance to pay")  # his own carpet
    assert lines[2].endswith("a roll of 1 to (3,4), 2 to (3,5), 3 to (3,6), 4 to (4,6).")
    assert len(lines) == 4


def test_scores_follow_the_engines_standings() -> None:
    lines = words.score_lines(market(), NAMES)
    assert lines == [
        "1. Bo (blue): 32 points, 30 dirhams and 2 visible squares; 14 carpets left.",
        "2. Ayla (red): 31 points, 30 dirhams and 1 visible square; 14 carpets left.",
        "3. Cem (yellow): 3 points, 1 dirham and 2 visible squares; 14 carpets left.",
    ]


def test_a_neutral_carpet_and_a_bankrupt_seat_are_said_so() -> None:
    state = build(players=3, carpets=["B 0.0-0.1"], eliminated=[1], phase="orient")
    assert describe.row_line(state, 0).startswith("Row 0: (0,0) blue carpet no. 1 (neutral);")
    assert words.score_lines(state, NAMES)[-1] == "Out: Bo (blue), bankrupt."


def test_regions_are_said_by_colour_the_largest_first_with_their_squares() -> None:
    state = build(
        players=3,
        carpets=["R 0.0-0.1", "R 1.1-1.2", "R 5.5-5.6", "B 0.4-0.5", "B 6.0-6.1"],
        eliminated=[1],
        phase="orient",
    )
    assert describe.region_lines(state, NAMES) == [
        "Each colour's regions, the largest first: stopping on one costs as many dirhams as "
        "it has squares, paid to its owner.",
        "Ayla's red: 4 squares, (0,0) (0,1) (1,1) (1,2); 2 squares, (5,5) (5,6).",
        "Bo's blue, neutral (no tolls): 2 squares, (0,4) (0,5); 2 squares, (6,0) (6,1).",
        "Cem's yellow: none showing.",
    ]


def test_regions_answers_in_a_game_and_in_a_replay() -> None:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=3))
    session.play(Orient(Turn.LEFT))
    session.roll()
    session.play(Place((3, 1), (3, 2)))
    said = TextGame.local(session).respond("regions").lines
    assert said[1:] == [
        "Ayla's red: 2 squares, (3,1) (3,2).",
        "Ayla's yellow: none showing.",
        "Bo's blue: none showing.",
        "Bo's green: none showing.",
    ]
    replay = TextReplay(session)
    replay.respond("end")
    assert replay.respond("regions").lines == said
