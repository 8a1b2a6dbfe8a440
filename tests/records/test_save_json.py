"""The save-file document: round trips, the replay check and clear refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from property_budget import examples

from marrakech.engine import MarrakechError, Orient, Phase, Roll, Turn
from marrakech.games.dice import LoadedDie
from marrakech.games.records import (
    MAX_MOVES,
    MAX_SAVE_BYTES,
    SAVE_FORMAT,
    SAVE_VERSION,
    SaveFileError,
    export_log,
    record_from_json,
    record_to_json,
    turn_notation,
)
from marrakech.games.session import MAX_NAME_LENGTH, GameSetup, Session

from .games import games, play_random


def _game(players: int = 2, actions: int | None = 20, **options: Any) -> Session:
    return play_random(Session(GameSetup(players, seed=5, **options)), seed=3, max_actions=actions)


def _document(session: Session) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record_to_json(session))
    return data


def _refused(data: object, match: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveFileError, match=match):
        record_from_json(text)


@settings(max_examples=examples(60), deadline=None)
@given(games())
def test_round_trip_replays_every_position(session: Session) -> None:
    text = record_to_json(session)
    loaded = record_from_json(text)
    assert loaded.setup == session.setup
    assert loaded.actions == session.actions
    assert loaded.states == session.states
    assert record_to_json(loaded) == text


def test_document_fields() -> None:
    session = _game(3, names=("Ayla", "Bo", "Cem"), seats=("person", "random", "hard"))
    data = _document(session)
    assert list(data) == ["format", "version", "setup", "moves", "position"]
    assert data["format"] == SAVE_FORMAT
    assert data["version"] == SAVE_VERSION
    assert data["setup"] == {
        "players": 3,
        "names": ["Ayla", "Bo", "Cem"],
        "seats": ["person", "random", "hard"],
        "variant": "standard",
        "seed": 5,
        "first": 0,
        "alternate_piles": False,
        "takeback": None,
    }
    assert data["moves"] == turn_notation(session.actions)
    assert data["position"] == session.state.to_dict()


def test_a_new_game_and_a_finished_game_load() -> None:
    fresh = Session(GameSetup(4, seed=9))
    assert record_from_json(record_to_json(fresh)).state == fresh.state
    over = _game(2, actions=None)
    assert over.state.phase is Phase.OVER
    assert record_from_json(record_to_json(over)).state == over.state


def test_non_ascii_names_survive() -> None:
    session = _game(2, names=("Ça va", "Jürgen 山田"))
    assert record_from_json(record_to_json(session)).setup.names == ("Ça va", "Jürgen 山田")


def test_a_tampered_position_names_the_field() -> None:
    data = _document(_game())
    data["position"]["players"][1]["money"] += 7
    _refused(data, r"position\.players\[1\]\.money is \d+ in the file but \d+ after the moves")


def test_a_tampered_roll_names_the_move() -> None:
    data = _document(_game(actions=12))
    move = data["moves"][1]
    roll = move[1]
    data["moves"][1] = move[0] + ("1" if roll != "1" else "2") + move[2:]
    _refused(data, r"moves\[1\].*die stream")


def test_a_changed_seed_is_caught() -> None:
    data = _document(_game(actions=12))
    data["setup"]["seed"] += 1
    _refused(data, "moves|position")


def test_an_illegal_carpet_names_the_move() -> None:
    data = _document(_game(actions=3))
    assert data["moves"] == [data["moves"][0]]
    data["moves"][0] = data["moves"][0].split()[0] + " c6.5-6.6"
    _refused(data, r"moves\[0\] 'L?[1-4]? ?c6\.5-6\.6', action c6\.5-6\.6: cannot lay")


def test_the_position_must_be_valid() -> None:
    data = _document(_game())
    data["position"]["assam"]["square"] = [9, 9]
    _refused(data, r"position: invalid state: assam\.square\[0\]")


@pytest.mark.parametrize(
    ("version", "match"),
    [
        (6, "version 6 \\(written by a newer program\\); this program reads versions 1 to 5"),
        (0, "version 0; this program reads versions 1 to 5"),
        ("1", "version must be a whole number, not a string"),
        (True, "version must be a whole number, not true/false"),
        (10**30, "newer program"),
    ],
)
def test_wrong_version(version: object, match: str) -> None:
    data = _document(_game())
    data["version"] = version
    _refused(data, match)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"format": "marrakech-state"}, "format must be 'marrakech-game'"),
        ({"extra": 1}, "the document has the unknown field 'extra'"),
        ({"setup": []}, "setup must be a JSON object, not a list"),
        ({"moves": "L3"}, "moves must be a list, not a string"),
        ({"moves": [3]}, r"moves\[0\] must be a string, not a number"),
        ({"moves": ["L" * 65]}, r"moves\[0\] is longer than 64 characters"),
        ({"moves": ["S"] * (MAX_MOVES + 1)}, f"at most {MAX_MOVES}"),
        ({"moves": ["Q"]}, r"moves\[0\] 'Q': cannot read action"),
        ({"position": None}, "position: invalid state: the document must be an object"),
    ],
)
def test_malformed_document(change: dict[str, Any], match: str) -> None:
    data = _document(_game())
    data.update(change)
    _refused(data, match)


@pytest.mark.parametrize("key", ["format", "version", "setup", "moves", "position"])
def test_missing_field(key: str) -> None:
    data = _document(_game())
    del data[key]
    _refused(data, f"the document lacks the field '{key}'")


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("players", 5, r"setup\.players must be from 2 to 4, not 5"),
        ("players", 2.0, r"setup\.players must be a whole number"),
        ("players", 3, r"setup\.names must have 3 entries"),
        ("names", ["a"], r"setup\.names must have 2 entries"),
        ("names", ["a", 7], r"setup\.names\[1\] must be a string"),
        ("names", ["a", ""], r"setup\.names\[1\] must be 1 to 40 characters"),
        ("names", ["a", "   "], r"setup\.names\[1\] must be 1 to 40 characters"),
        ("names", ["a", "x" * (MAX_NAME_LENGTH + 1)], r"setup\.names\[1\] must be at most 40 "),
        (
            "names",
            ["a", "\x1b[2J"],
            r"setup\.names\[1\] contains the invisible or control character U\+001B",
        ),
        ("names", ["a", "b\u202e"], r"control character U\+202E"),
        ("names", ["a", "\ud800"], r"control character U\+D800"),
        ("seats", ["person", "god"], r"setup\.seats\[1\] must be one of person, random, greedy"),
        ("variant", "chess", r"setup\.variant must be one of standard, aim, aim-or-keep"),
        ("seed", 2**64, r"setup\.seed must be from"),
        ("seed", "5", r"setup\.seed must be a whole number, not a string"),
        ("first", 2, r"setup\.first must be from 0 to 1, not 2"),
        ("first", -1, r"setup\.first must be from 0 to 1"),
        ("alternate_piles", 0, r"setup\.alternate_piles must be true or false"),
        ("takeback", "yes", r"setup\.takeback must be true, false or null"),
        ("colour", "red", r"setup has the unknown field 'colour'"),
    ],
)
def test_malformed_setup(field: str, value: object, match: str) -> None:
    data = _document(_game())
    data["setup"][field] = value
    _refused(data, match)


def test_alternating_piles_with_three_players_are_refused() -> None:
    data = _document(_game(3))
    data["setup"]["alternate_piles"] = True
    _refused(data, r"setup: alternating piles are for 2 players, not 3")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "not valid JSON"),
        ("[]", "the document must be a JSON object, not a list"),
        ("null", "the document must be a JSON object, not null"),
        ('{"format": NaN}', "not valid JSON .*NaN"),
        ('{"a": 1, "a": 2}', "not valid JSON .*'a' appears twice"),
        ("[" * 200_000, "its JSON is nested far too deeply"),
        ('{"version": ' + "9" * 5000 + "}", "not valid JSON"),
        ("\ufeff{}", "not valid JSON"),
        (" " * (MAX_SAVE_BYTES + 1), "larger than"),
    ],
)
def test_not_a_document(text: str, match: str) -> None:
    _refused(text, match)


def test_not_text() -> None:
    with pytest.raises(SaveFileError, match="expected text, not bytes"):
        record_from_json(b"{}")  # type: ignore[arg-type]


def test_path_like_names_are_only_display_strings() -> None:
    names = ("../../etc/passwd", "/tmp/x; rm -rf ~")
    session = _game(names=names)
    assert record_from_json(record_to_json(session)).setup.names == names


def test_a_game_with_a_name_that_could_not_be_loaded_cannot_start() -> None:
    with pytest.raises(
        MarrakechError, match="name of seat 1 must be at most 40 characters, not 41"
    ):
        _game(names=("a" * (MAX_NAME_LENGTH + 1), "b"))


def test_a_game_from_a_given_position_and_loaded_die_saves_and_loads_as_it_was() -> None:
    start = Session(GameSetup(3, seed=2)).state.apply(Orient(Turn.RIGHT)).apply(Roll(2))
    start = start.apply(start.legal_placements()[3])
    session = Session(GameSetup(3, seed=2), start=start, dice=LoadedDie((4, 1, 3)))
    session.play(Orient(Turn.LEFT))
    session.roll()
    data = _document(session)
    assert list(data) == ["format", "version", "setup", "start", "dice", "moves", "position"]
    assert data["dice"] == [4, 1, 3]
    loaded = record_from_json(record_to_json(session))
    assert loaded.start == start and loaded.state == session.state
    assert loaded.next_roll() == Roll(1)


@pytest.mark.parametrize(
    ("dice", "match"),
    [
        ("4", r"dice must be a list"),
        ([4, 5], r"dice\[1\] must be a die face \(1-4\), not 5"),
        ([2.0], r"dice\[0\] must be a die face"),
        ([1], r"cannot roll 2: roll 1 of this game is 1"),
    ],
)
def test_a_bad_loaded_die_is_refused(dice: object, match: str) -> None:
    session = Session(GameSetup(2, seed=5), dice=LoadedDie((2,)))
    session.play(Orient(Turn.LEFT))
    session.roll()
    data = _document(session)
    data["dice"] = dice
    _refused(data, match)


@pytest.mark.parametrize("version", [1, 2])
def test_older_files_name_a_person_human(version: int) -> None:
    session = _game(2, names=("Ayla", "Bo"), seats=("person", "hard"))
    data = _document(session)
    data["version"] = version
    data["setup"]["seats"] = ["human", "hard"]
    loaded = record_from_json(json.dumps(data))
    assert loaded.setup.seats == ("person", "hard")
    assert loaded.state == session.state


def test_version_1_files_have_no_start_or_dice() -> None:
    data = _document(Session(GameSetup(2, seed=5), dice=LoadedDie((2,))))
    data["version"] = 1
    _refused(data, r"the document has the unknown field 'dice'")


def _peeked(dice: LoadedDie | None = None) -> Session:
    """Seed 0 (draws 3, 1, 2, 3...): straight rolls 3, undo, right rolls 1, undo, left 2."""
    session = Session(GameSetup(2, seed=0, takeback=True), dice=dice)
    for turn in (Turn.STRAIGHT, Turn.RIGHT):
        session.play(Orient(turn))
        session.roll()
        session.undo()
    session.play(Orient(Turn.LEFT))
    session.roll()
    return session


def test_the_draws_taken_back_are_saved_and_the_game_resumes_with_fresh_ones() -> None:
    session = _peeked()
    data = _document(session)
    assert list(data) == [
        *("format", "version", "setup", "taken_back_draws", "aids", "moves", "position")
    ]
    assert data["taken_back_draws"] == [[0, 1]]
    assert data["aids"] == ["takeback"]
    assert data["moves"] == ["L2"]
    session.undo()  # saved right after an undo: the rolls seen stay taken back
    loaded = record_from_json(record_to_json(session))
    assert loaded.taken_back == ((0, 2),)
    assert loaded.next_roll() == session.next_roll() == Roll(3)  # draw 3, not the 3 of draw 0
    assert loaded.next_draw == 3


@pytest.mark.parametrize(
    ("value", "match"),
    [
        ("0-1", r"taken_back_draws must be a list, not a string"),
        ([[0]], r"taken_back_draws\[0\] must be a pair \[first, last\], not \[0\]"),
        ([[1, 0]], r"taken_back_draws\[0\]\[1\] must be from 1 to"),
        ([[0, 0], [1, 1]], r"taken_back_draws\[1\]\[0\] must be from 2 to"),
        ([[-1, 1]], r"taken_back_draws\[0\]\[0\] must be from 0 to"),
        ([[0, 2**31]], r"taken_back_draws\[0\]\[1\] must be from 0 to 2147483647"),
        ([[0, 0]], r"cannot roll 2: roll 1 of this game is 1"),
        ([[0, 1], [4, 5]], r"the run ending at draw 5 lies past the game's next draw, 3"),
        ([[0, 0]] * (MAX_MOVES + 2), f"has {MAX_MOVES + 2} runs; at most {MAX_MOVES + 1}"),
    ],
)
def test_bad_draws_taken_back_are_refused(value: object, match: str) -> None:
    data = _document(_peeked())
    data["taken_back_draws"] = value
    _refused(data, match)


def test_draws_taken_back_need_the_takeback_aid_and_version_5() -> None:
    data = _document(_peeked())
    del data["aids"]
    _refused(data, r"taken_back_draws is there, but aids does not name 'takeback'")
    data = _document(_peeked())
    data["version"] = 4
    _refused(data, r"the document has the unknown field 'taken_back_draws'")
    del data["taken_back_draws"]
    data["moves"] = []
    data["position"] = Session(GameSetup(2, seed=0)).state.to_dict()
    _refused(data, r"aids: 'takeback' is none of 'hint', 'win_chance'")


def test_a_loaded_die_gives_the_draws_taken_back_too() -> None:
    session = _peeked(LoadedDie((3, 1, 2, 4)))
    data = _document(session)
    assert data["dice"] == [3, 1, 2, 4] and data["taken_back_draws"] == [[0, 1]]
    loaded = record_from_json(record_to_json(session))
    assert loaded.actions == session.actions and loaded.next_roll() == Roll(4)
    data["dice"] = [3, 1]
    _refused(data, r"the loaded die has 2 rolls; roll 3 was asked for")
    session.undo()
    data = _document(session)
    assert data["taken_back_draws"] == [[0, 2]] and data["moves"] == []
    data["dice"] = [3, 1]
    _refused(data, r"draw 2 was taken back, but the loaded die has only 2 rolls")


def test_with_dice_the_rolls_follow_them_and_the_log_says_so() -> None:
    session = Session(GameSetup(2, seed=5), dice=LoadedDie((2,)))
    session.play(Orient(Turn.LEFT))
    assert session.roll().action == Roll(2)  # the seed's first roll is 3
    data = _document(session)
    data["setup"]["seed"] = 6  # the seed decides only the piles of a game with dice
    _refused(data, r"position\.players\[0\]\.pile")
    header = export_log(session).splitlines()[0]
    assert header == ("Marrakech: 2 players, standard variant, seed 5, rolls from a loaded die")
    assert "loaded die" not in export_log(_game()).splitlines()[0]
