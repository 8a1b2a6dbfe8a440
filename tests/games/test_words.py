"""The shared words: what every front end says of facings, colours, ways, whose turn it is,
the standings and the winner."""

from __future__ import annotations

from engine.positions import build

from marrakech.engine import Aim, Colour, Direction, GameState, Orient, Turn, Variant
from marrakech.games import words
from marrakech.games.narrate import turns_played
from marrakech.games.session import GameSetup, Session

NAMES = ("Ayla", "Bo", "Cem", "Di")


def over(money: list[int], carpets: list[str], eliminated: tuple[int, ...] = ()) -> GameState:
    """A finished game with this money and these carpets (later ones on top)."""
    players = len(money)
    return build(
        players=players,
        carpets=carpets,
        money=money,
        phase="over",
        piles=[""] * players,
        eliminated=eliminated,
    )


def test_facings_colours_and_ways() -> None:
    assert [words.COMPASS[facing] for facing in Direction] == ["north", "east", "south", "west"]
    assert words.colour_word(Colour.YELLOW) == "yellow"
    assert words.colours_words((Colour.RED, Colour.YELLOW)) == "red and yellow"
    assert words.way_words(Turn.LEFT, Direction.N) == "left, to the west"
    assert words.way_words(Turn.RIGHT, Direction.W) == "right, to the north"
    assert words.way_words(Turn.STRAIGHT, Direction.E) == "ahead, to the east"
    assert words.way_words(Turn.STRAIGHT, Direction.E, straight="straight on") == (
        "straight on, to the east"
    )


def test_names_and_counts() -> None:
    assert [words.listed(NAMES[:n]) for n in (1, 2, 3)] == [
        "Ayla",
        "Ayla and Bo",
        "Ayla, Bo and Cem",
    ]
    assert [words.plural(n, "dirham") for n in (0, 1, 2)] == ["0 dirhams", "1 dirham", "2 dirhams"]
    assert words.square_text((2, 5)) == "(2,5)"


def test_the_prompt_before_the_roll() -> None:
    state = build(players=2, assam="3.3 N", phase="orient")
    assert words.turn_prompt(state, NAMES) == (
        "Ayla, your turn (your next carpet is red). Assam is on (3,3), facing north: "
        "type left, right or ahead to turn him and roll."
    )
    assert words.choices_line(state) == "Now: left, right or ahead; help lists every command."
    rolling = build(players=2, assam="6.0 S", phase="roll", current=1)
    assert words.turn_prompt(rolling, NAMES) == (
        "Bo, your turn (your next carpet is blue). Assam is on (6,0), facing south: type roll."
    )
    assert words.choices_line(rolling) == "Now: roll; help lists every command."
    one_colour = build(players=3, assam="3.3 N", phase="orient", current=2)  # nothing to tell
    assert words.turn_prompt(one_colour, NAMES) == (
        "Cem, your turn. Assam is on (3,3), facing north: "
        "type left, right or ahead to turn him and roll."
    )


def test_the_prompt_to_lay_names_the_colour_and_the_engines_first_carpet() -> None:
    state = build(players=3, assam="0.0 W", phase="place", current=2)
    first = state.legal_placements()[0]
    assert words.turn_prompt(state, NAMES) == (
        f"Cem, lay your yellow carpet beside Assam on (0,0): type its number from legal "
        f"(1 to {len(state.legal_placements())}) or write it like {first}."
    )
    assert words.choices_line(state) == (
        f"Now: a carpet's number from legal, or the carpet written like {first}; help lists "
        "every command."
    )


def test_the_prompt_to_aim_lists_the_aims_the_variant_allows() -> None:
    aim = build(players=3, assam="3.3 E", phase="aim", variant="aim", current=1)
    assert words.turn_prompt(aim, NAMES) == (
        "Bo, aim Assam for the next player. Assam is on (3,3), facing east: "
        "type aim left or aim right."
    )
    keep = build(players=3, assam="3.3 E", phase="aim", variant="aim-or-keep")
    assert words.aim_choices(keep) == "aim left, aim ahead or aim right"
    assert words.choices_line(keep) == (
        "Now: aim left, aim ahead or aim right; help lists every command."
    )


def test_standings_during_the_game_count_the_carpets_left() -> None:
    state = build(
        players=2, carpets=["R 0.0-0.1", "B 1.0-1.1", "B 2.0-2.1"], money=[30, 29], phase="orient"
    )
    assert words.score_lines(state, NAMES) == [
        "1. Bo (blue and green): 33 points, 29 dirhams and 4 visible squares; 22 carpets left, "
        "the next blue.",
        "2. Ayla (red and yellow): 32 points, 30 dirhams and 2 visible squares; 23 carpets left, "
        "the next red.",
    ]


def test_the_end_with_a_winner_and_a_bankrupt_seat() -> None:
    state = over([10, 11, 0], ["R 0.0-0.1", "B 2.0-2.1", "Y 2.1-2.2"], eliminated=(2,))
    assert words.result_line(state, NAMES) == "The game is over: Bo wins with 12 points."
    assert words.score_lines(state, NAMES) == [
        "1. Bo (blue): 12 points, 11 dirhams and 1 visible square.",
        "2. Ayla (red): 12 points, 10 dirhams and 2 visible squares.",
        "Out: Cem (yellow), bankrupt.",
    ]
    assert words.final_scores(state, NAMES) == [
        "Final scores:",
        "  Bo: 12 (1 visible square + 11 dirhams)  (winner)",
        "  Ayla: 12 (2 visible squares + 10 dirhams)",
        "  Cem: bankrupt, out of the game",
    ]
    assert [words.place_word(standing) for standing in state.standings()] == ["1", "2", "out"]
    assert words.turn_prompt(state, NAMES) == words.result_line(state, NAMES)
    assert words.choices_line(state) == ""


def test_the_verdict_says_the_dirham_tie_break_decided() -> None:
    state = over([10, 11, 0], ["R 0.0-0.1", "B 2.0-2.1", "Y 2.1-2.2"], eliminated=(2,))
    assert words.verdict(state, NAMES) == (
        "Bo wins!",
        ["Ayla also scored 12, but Bo has more dirhams (11 to 10): the dirham tie-break decided."],
    )


def test_a_shared_win_and_a_seat_beaten_on_dirhams() -> None:
    state = over(
        [5, 5, 4, 0],
        ["R 0.0-0.1", "B 1.0-1.1", "Y 2.0-2.1", "Y 3.0-4.0", "G 4.0-5.0"],
        eliminated=(3,),
    )
    assert words.result_line(state, NAMES) == (
        "The game is over: Ayla and Bo share the win with 7 points."
    )
    assert words.verdict(state, NAMES) == (
        "Ayla and Bo share the win!",
        [
            "Level on 7 points and on dirhams (5 each): a shared win.",
            "Cem also scored 7, but Ayla and Bo have more dirhams (5 to 4): "
            "the dirham tie-break decided.",
        ],
    )


def test_the_last_player_in_the_market_wins() -> None:
    state = over([60, 0], ["Y 0.0-0.1", "B 1.0-1.1"], eliminated=(1,))
    assert words.result_line(state, NAMES) == "The game is over: Ayla wins with 62 points."
    assert words.verdict(state, NAMES) == (
        "Ayla wins!",
        # Two players: the other one is named ("everyone else" was one player).
        ["Bo went bankrupt: the last player in the market wins."],
    )
    three = over([40, 0, 0], ["R 0.0-0.1", "B 1.0-1.1"], eliminated=(1, 2))
    assert words.verdict(three, NAMES) == (
        "Ayla wins!",
        ["Everyone else went bankrupt: the last player in the market wins."],
    )


def test_a_turn_under_way_is_not_counted_as_played() -> None:
    session = Session(GameSetup(2, seed=3))
    assert turns_played(session.transitions, session.state) == 0
    session.play(Orient(Turn.LEFT))
    session.roll()
    assert turns_played(session.transitions, session.state) == 0  # a carpet to lay
    session.play(session.state.legal_placements()[0])
    assert turns_played(session.transitions, session.state) == 1
    aimed = Session(GameSetup(2, seed=3, variant=Variant.AIM))
    aimed.roll()
    aimed.play(aimed.state.legal_placements()[0])
    assert turns_played(aimed.transitions, aimed.state) == 0  # Assam to aim
    aimed.play(next(a for a in aimed.state.legal_actions() if isinstance(a, Aim)))
    assert turns_played(aimed.transitions, aimed.state) == 1


def test_the_prompt_to_lay_says_when_the_carpet_is_the_players_last() -> None:
    state = build(players=3, assam="0.0 W", phase="place", current=2, piles=["RR", "BB", "Y"])
    assert words.turn_prompt(state, NAMES).startswith(
        "Cem, lay your last carpet (yellow) beside Assam on (0,0): type its number from legal "
    )


def test_the_chances_to_win_in_percents_add_up_to_a_hundred() -> None:
    # Each rounded alone, 4.6%, 29.6% and 65.8% said 5%, 30% and 66%: 101%.
    assert words.percents((0.046, 0.296, 0.658)) == ("5%", "29%", "66%")
    assert words.percents((1 / 3, 1 / 3, 1 / 3)) == ("34%", "33%", "33%")  # the first seat's
    assert words.percents((0.125, 0.125, 0.125, 0.625)) == ("13%", "13%", "12%", "62%")
    assert words.percents((1.0, 0.0)) == ("100%", "0%")
    assert words.percents((0.994, 0.006)) == ("99%", "1%")
