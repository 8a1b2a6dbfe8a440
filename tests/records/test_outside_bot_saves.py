"""A game an outside bot plays is saved with the bot's name and reads back everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.bots import make_bot
from marrakech.engine import Phase
from marrakech.flow import GameFlow, Notice
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import GameFile
from marrakech.games.records import SaveFileError, record_from_json, record_to_json
from marrakech.games.session import GameSetup, Session

BOT = "bots/my_bot.py:MyBot"
"""An outside bot's name (no such file: a save only names the bot)."""


def with_bot(name: str = BOT) -> Session:
    session = Session(GameSetup(2, names=("Ann", "Bo"), seats=("person", name), seed=3))
    session.play(session.state.legal_actions()[0])
    session.roll()
    return session


def test_a_save_names_the_outside_bot_and_reads_back_without_running_it() -> None:
    text = record_to_json(with_bot())
    assert f'"seats": ["person", "{BOT}"]' in text  # its name, never its code
    assert record_from_json(text).setup.seats == ("person", BOT)


def test_the_seats_outside_bots_play_are_known_by_name() -> None:
    from marrakech.games.records import outside_seats

    assert outside_seats(with_bot().setup) == {1: BOT}
    assert outside_seats(GameSetup(2, seats=("greedy", "hard:iterations=5"))) == {}


@pytest.mark.parametrize(
    ("seat", "problem"),
    [
        ("evil\\u001b[2J.py:Bot", "contains an invisible or control character"),
        ("x" * 600 + ".py:Bot", "is longer than 512 characters"),
        ("grandmaster", "must be one of person, random, greedy, hard, expert"),
        ("hard:depth=9", "must be one of person"),
    ],
)
def test_a_seat_that_is_no_player_s_name_is_still_refused(seat: str, problem: str) -> None:
    text = record_to_json(with_bot()).replace(BOT, seat)
    with pytest.raises(SaveFileError, match=problem):
        record_from_json(text)


def test_the_autosave_of_a_game_with_an_outside_bot_can_be_resumed() -> None:
    game_file = GameFile.new()
    game_file.save(with_bot())
    game_file.close()
    (listed,) = autosaves.unfinished_games()
    assert listed.problem is None and listed.session is not None
    resumed, session = GameFile.resume(listed.path)
    resumed.close()
    assert session.setup.seats == ("person", BOT)


def test_a_named_save_of_a_game_with_an_outside_bot_loads() -> None:
    path = storage.save_named("withbot", with_bot())
    assert storage.load_game(path).setup.seats == ("person", BOT)


def test_a_finished_game_of_an_outside_bot_goes_to_the_history_and_reads_back(
    tmp_path: Path,
) -> None:
    bot = tmp_path / "first_bot.py"
    bot.write_text(
        "class Bot:\n"
        "    name = 'first'\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    name = f"{bot}:Bot"
    make_bot(name)
    notices: list[Notice] = []
    flow = GameFlow(Session(GameSetup(2, seats=(name, "greedy"), seed=5)), notices.append)
    while flow.computers.play_now():
        pass
    assert flow.over and notices == []
    (finished,) = autosaves.finished_games()
    session = storage.load_game(finished)
    assert session.state.phase is Phase.OVER and session.setup.seats == (name, "greedy")


def test_an_unreadable_unfinished_game_s_problem_does_not_repeat_its_name() -> None:
    folder = storage.data_folder(autosaves.games_dir())
    (folder / "72481ec6f9c6.json").write_text('{"format": "marrakech-game"')
    (listed,) = autosaves.unfinished_games()
    assert listed.problem is not None
    assert "72481ec6f9c6" not in listed.problem
    assert listed.problem.startswith("not a usable Marrakech save: it is not valid JSON")
