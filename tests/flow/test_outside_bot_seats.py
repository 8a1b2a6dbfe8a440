"""A seat an outside bot plays runs the bot only when it was loaded at the player's word."""

from __future__ import annotations

import threading
from pathlib import Path

from marrakech.bots import make_bot
from marrakech.flow import ComputerSeats, GameFlow, Notice
from marrakech.games.session import GameSetup, Session


def marking_bot(folder: Path, *, init: str = "pass") -> tuple[str, Path]:
    """A bot file that leaves a mark when its code runs (at import, at each decision); its
    name and the mark's path. Its own folder: no other test has loaded it."""
    mark = folder / "ran.txt"
    path = folder / "marking_bot.py"
    path.write_text(
        "from pathlib import Path\n"
        f"MARK = Path({str(mark)!r})\n"
        "with MARK.open('a') as f: f.write('import\\n')\n\n"
        "class Bot:\n"
        "    name = 'marking'\n"
        "    def __init__(self, seed=0):\n"
        f"        {init}\n"
        "    def choose(self, state):\n"
        "        with MARK.open('a') as f: f.write('choose\\n')\n"
        "        return state.legal_actions()[-1]\n"
    )
    return f"{path}:Bot", mark


def flow_of(name: str, notices: list[Notice]) -> GameFlow:
    setup = GameSetup(2, names=("Ann", "Bo"), seats=("person", name), seed=4, first=1)
    return GameFlow(Session(setup), notices.append, autosave=False)


def test_a_bot_a_game_names_but_nobody_loaded_never_runs_and_greedy_plays_with_a_notice(
    tmp_path: Path,
) -> None:
    name, mark = marking_bot(tmp_path)
    notices: list[Notice] = []
    flow = flow_of(name, notices)
    while flow.computers.play_now():
        pass
    assert flow.person_to_move
    assert not mark.exists()  # not imported, not asked
    assert [notice.text for notice in notices] == [
        f"Bo's computer player is the outside bot {name}, which is not loaded: a saved game "
        "never runs an outside bot's code by itself. The greedy one plays for it; to bring "
        f"the bot back, name it again when you load the game: --bot 2={name}"
    ]
    assert notices[0].lasting and notices[0].severity == "warning"


def test_a_bot_loaded_at_the_player_s_word_plays_its_seat(tmp_path: Path) -> None:
    name, mark = marking_bot(tmp_path)
    make_bot(name)  # as new --bot, load --bot or the saved-games screen load it
    notices: list[Notice] = []
    flow = flow_of(name, notices)
    while flow.computers.play_now():
        pass
    assert notices == [] and flow.person_to_move
    assert mark.read_text().splitlines() == ["import", "choose", "choose"]  # facing, carpet


def test_a_bot_that_cannot_be_built_for_its_seat_gives_it_to_greedy_with_a_notice(
    tmp_path: Path,
) -> None:
    name, _mark = marking_bot(tmp_path, init="assert seed == 0, 'only seed 0'")
    make_bot(name)  # seed 0 builds; the seat's own seed does not
    notices: list[Notice] = []
    flow = flow_of(name, notices)
    while flow.computers.play_now():
        pass
    assert flow.person_to_move
    assert [notice.text for notice in notices] == [
        f"Bo's computer player, the outside bot {name}, cannot be built (cannot build the "
        f"bot '{name}': AssertionError: only seed 0 (marking_bot.py:8)); the greedy "
        "one plays for it."
    ]


def test_closing_the_game_gives_up_on_a_bot_thinking_and_asks_it_no_more(
    tmp_path: Path,
) -> None:
    # Quitting while an outside bot thought waited out its ten seconds, on a blank screen.
    name, _mark = marking_bot(tmp_path)
    path = Path(name.rpartition(":")[0])
    path.write_text(
        path.read_text().replace("        with MARK", "        time.sleep(60)\n        with MARK")
    )
    path.write_text("import time\n" + path.read_text())
    make_bot(name)
    flow = flow_of(name, [])
    move = flow.computers.question()
    assert move is not None
    answers: list[object] = []
    thinking = threading.Thread(target=lambda: answers.append(ComputerSeats.think(move)))
    thinking.start()
    flow.close()
    thinking.join(30)  # far less than the bot's minute, whatever the machine
    assert not thinking.is_alive()
    assert isinstance(answers[0], TimeoutError)
    assert str(answers[0]) == "given up: the game was closed"
    # Asked again (a frame the front end still draws), it answers at once the same way.
    assert isinstance(ComputerSeats.think(move), TimeoutError)
