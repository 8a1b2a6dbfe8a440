"""``marrakech saves``: every saved game in plain lines, each with the word that opens it
after ``load``, ``replay`` or ``review``; ``load`` of an unfinished game's id goes on with
it; ``marrakech --text`` names the unfinished games it does not resume."""

from __future__ import annotations

import io
import os
import random
import shlex
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest
from pty_terminal import terminal

from marrakech import cli, textmode
from marrakech.cli import HOSTED_TO_LOAD, main, saved_game
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import GameFile
from marrakech.games.playout import play_out_steps
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session

FINAL = (
    "To open one, type marrakech load (to go on with it), marrakech replay (to step through "
    "it) or marrakech review (to see what each decision cost), then the word its line "
    "starts with, as written there."
)


def played(actions: int, names: tuple[str, str] = ("Ayla", "Bo")) -> Session:
    """A 2-player game (the first a person, the second the hard computer) after this many
    seeded random actions (enough of them: to its end)."""
    session = Session(GameSetup(2, names=names, seats=("person", "hard"), seed=11))
    rng = random.Random(3)
    steps = play_out_steps(
        session.state, lambda state: rng.choice(state.legal_actions()), session.dice, rolls=0
    )
    for step in islice(steps, actions):
        session.play(step.action)
    return session


def put(session: Session, folder: Path, name: str, when: int) -> Path:
    """``session`` written as ``folder/name.json``, last written at ``when``."""
    path = storage.data_folder(folder) / f"{name}.json"
    storage.write_atomic(path, record_to_json(session))
    os.utime(path, (when, when))
    return path


def listed(capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["saves"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


@pytest.fixture
def games(data_home: Path) -> Iterator[dict[str, Path]]:
    """Two unfinished games, a broken one, a named save and a finished game."""
    unfinished = autosaves.games_dir()
    found = {
        "newer": put(played(40), unfinished, "ba9876543210", 3_000_000),
        "older": put(played(20, ("Cem", "Dia")), unfinished, "0123456789ab", 2_000_000),
        "save": put(played(30), storage.saves_dir(), "Friday night", 1_000_000),
        "finished": put(played(10_000), autosaves.history_dir(), "4644d7d6ff40", 1_000_000),
    }
    broken = unfinished / "deadbeef0000.json"
    broken.write_text("{", encoding="utf-8")
    os.utime(broken, (4_000_000, 4_000_000))
    found["broken"] = broken
    yield found


def test_no_saved_game_is_said_in_one_line(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert listed(capsys) == [
        "No saved games yet: every game autosaves as it is played, and save NAME during a "
        "game keeps it under a name."
    ]
    assert not data_home.exists()  # listing makes nothing


def test_the_three_groups_newest_first_each_game_with_the_word_that_opens_it(
    games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    broken = games["broken"]
    assert listed(capsys) == [
        "3 unfinished games, newest first:",
        f"{broken} cannot be read: not a usable Marrakech save: it is not valid JSON "
        "(Expecting property name enclosed in double quotes: line 1 column 2)",
        "ba9876543210: Ayla and Bo (hard computer), 13 turns played, Bo to play.",
        "0123456789ab: Cem and Dia (hard computer), 6 turns played, Cem to play.",
        "1 named save:",
        "'Friday night': Ayla and Bo (hard computer), 10 turns played, Ayla to play.",
        "1 finished game:",
        "4644d7d6ff40: Ayla and Bo (hard computer), 48 turns played, over: Bo won.",
        FINAL + " For example: marrakech load ba9876543210.",  # the first that opens
    ]
    assert broken.read_text(encoding="utf-8") == "{"  # left as it was


def test_each_word_listed_opens_its_game_and_each_file_is_read_once(
    games: dict[str, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reads: Counter[Path] = Counter()
    load_game = storage.load_game

    def counted(path: Path) -> Session:
        reads[Path(path)] += 1
        return load_game(path)

    monkeypatch.setattr(storage, "load_game", counted)
    lines = listed(capsys)
    assert reads == Counter({path: 1 for path in games.values()})
    monkeypatch.setattr(storage, "load_game", load_game)
    about = [line for line in lines[:-1] if not line.endswith(":") and "cannot be" not in line]
    words = [shlex.split(line.partition(": ")[0]) for line in about]
    opened = {saved_game(word, hosted=True) for (word,) in words}
    assert opened == {games[key] for key in ("newer", "older", "save", "finished")}


def test_the_example_of_how_to_open_a_game_is_one_that_opens(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = storage.saves_dir() / "oops.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{", encoding="utf-8")
    put(played(10_000), autosaves.history_dir(), "4644d7d6ff40", 1_000)
    assert listed(capsys)[-1] == FINAL + " For example: marrakech load 4644d7d6ff40."


def test_a_name_that_leads_elsewhere_or_cannot_be_typed_is_listed_by_its_path(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = put(played(10_000), autosaves.history_dir(), "friday", 1_000_000)
    saved = put(played(30), storage.saves_dir(), "friday", 2_000_000)  # found first
    odd = put(played(30), storage.saves_dir(), "\x1b[2J", 1_000_000)
    lines = listed(capsys)
    assert "friday: Ayla and Bo (hard computer), 10 turns played, Ayla to play." in lines
    assert f"{finished}: Ayla and Bo (hard computer), 48 turns played, over: Bo won." in lines
    assert saved_game("friday") == saved and saved_game(str(finished)) == finished
    shown_odd = str(odd).replace("\x1b", "\\x1b")
    assert f"'{shown_odd}': Ayla and Bo (hard computer), 10 turns played, Ayla to play." in lines
    assert not any("\x1b" in line for line in lines)


def test_a_game_open_elsewhere_or_hosted_here_says_how_to_go_on_with_it(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = autosaves.games_dir()
    open_game = put(played(20), unfinished, "0123456789ab", 2_000_000)
    hosted = put(played(20, ("Cem", "Dia")), unfinished, "ba9876543210", 1_000_000)
    storage.write_atomic(storage.data_dir() / storage.ONLINE_DIR / "ba9876543210.json", "{}")
    game_file, _ = GameFile.resume(open_game)
    try:
        assert listed(capsys) == [
            "2 unfinished games, newest first:",
            "0123456789ab, open in another window: Ayla and Bo (hard computer), 6 turns "
            "played, Ayla to play.",
            "ba9876543210, a network game you host: Cem and Dia (hard computer), 6 turns "
            "played, Cem to play; `marrakech host --resume ba9876543210` hosts it again.",
            FINAL,
        ]
        assert main(["load", "0123456789ab", "--text"]) == 1
        assert capsys.readouterr().err == (
            "marrakech load: 0123456789ab is open in another window\n"
        )
    finally:
        game_file.close()
    assert main(["load", "ba9876543210"]) == 1
    command = "marrakech host --resume ba9876543210"
    said = HOSTED_TO_LOAD.format(name="'ba9876543210'", command=command)
    assert capsys.readouterr().err == f"marrakech load: {said}\n"
    assert saved_game("ba9876543210", hosted=True) == hosted  # to replay or review


def test_load_of_an_unfinished_game_s_id_goes_on_with_it(
    games: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(textmode, "play_saved", lambda path: opened.append(path) or 0)
    assert main(["load", "0123456789ab", "--text"]) == 0
    assert opened == [games["older"]]


def test_an_unknown_name_points_at_the_list(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["load", "list"]) == 1
    assert capsys.readouterr().err == (
        "marrakech load: no saved game 'list': neither a file nor a name in Saved games "
        "(marrakech saves lists them)\n"
    )


def resumed_with(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``marrakech --text`` says before it resumes the newest game."""
    monkeypatch.setattr(textmode, "play_latest", lambda: 0)
    assert main(["--text"]) == 0
    return capsys.readouterr().out


def test_the_text_mode_names_the_other_unfinished_games(
    games: dict[str, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert resumed_with(capsys, monkeypatch) == (
        "1 other unfinished game: Cem and Dia, 6 turns played (0123456789ab); marrakech load "
        "and the word in brackets goes on with it, marrakech saves lists every saved game.\n"
    )
    put(played(4, ("Eda", "Fen")), autosaves.games_dir(), "00000000000f", 1_000)
    assert resumed_with(capsys, monkeypatch) == (
        "2 other unfinished games: Cem and Dia, 6 turns played (0123456789ab); Eda and Fen, "
        "1 turn played (00000000000f); marrakech load and the word in brackets goes on with "
        "one, marrakech saves lists every saved game.\n"
    )
    for number in range(2):
        put(played(4), autosaves.games_dir(), f"00000000000{number}", 1_000)
    assert resumed_with(capsys, monkeypatch) == (
        "4 other unfinished games; marrakech saves lists them, with the word that loads each.\n"
    )


def test_at_a_terminal_the_lines_break_between_words_each_command_whole(
    games: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # They were printed whole, for the terminal to cut where its edge fell
    # ("marrakech load and the word in brack" / "ets goes on ..." at 80 columns).
    monkeypatch.setattr(textmode, "play_latest", lambda: 0)
    with terminal(40) as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["--text"]) == 0
        assert out.getvalue().splitlines() == [
            "1 other unfinished game: Cem and Dia, 6",
            "turns played (0123456789ab);",
            "marrakech load and the word in brackets",
            "goes on with it, marrakech saves lists",
            "every saved game.",
        ]
    with terminal(60) as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["saves"]) == 0
        assert out.getvalue().splitlines()[-5:] == [
            "To open one, type marrakech load (to go on with it),",
            "marrakech replay (to step through it) or",
            "marrakech review (to see what each decision cost), then the",
            "word its line starts with, as written there. For example:",
            "marrakech load ba9876543210.",
        ]


def test_the_text_mode_says_nothing_more_of_one_unfinished_game(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    put(played(20), autosaves.games_dir(), "0123456789ab", 1_000)
    assert resumed_with(capsys, monkeypatch) == ""


def test_the_command_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "list the saved games, and how to open each" in capsys.readouterr().out
    assert cli.COMMANDS["saves"] is cli.run_saves


def test_the_doc_s_example_is_what_the_command_prints(
    games: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    games["broken"].unlink()
    doc = (Path(__file__).parents[1] / "docs" / "text-mode.md").read_text(encoding="utf-8")
    section = doc.split("\n## Listing the saved games\n", 1)[1].split("\n## ", 1)[0]
    example = section.split("```\n")[3]
    assert listed(capsys) == example.splitlines()


def test_a_seat_an_outside_bot_plays_is_marked_as_one(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = GameSetup(2, names=("Ann", "Bot"), seats=("person", "mybots.py:Bot"), seed=6)
    put(Session(setup), storage.saves_dir(), "withbot", 1_000_000)
    assert "withbot: Ann and Bot (outside bot Bot), 0 turns played, Ann to play." in listed(capsys)


def test_a_japanese_name_is_listed_as_it_is_typed(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = put(played(30), storage.saves_dir(), "金曜日の夜", 1_000_000)
    assert "金曜日の夜: Ayla and Bo (hard computer), 10 turns played, Ayla to play." in (
        listed(capsys)
    )
    assert saved_game("金曜日の夜") == saved


class Typed(io.StringIO):
    """Lines typed at a terminal."""

    def isatty(self) -> bool:
        return True


def test_delete_removes_a_game_by_its_name_once_asked(
    data_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = storage.save_named("friday", played(6))
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # no terminal: never asked
    assert main(["delete", "friday"]) == 2
    assert capsys.readouterr().err == (
        "marrakech delete: add --yes to delete friday without being asked\n"
    )
    monkeypatch.setattr("sys.stdin", Typed("n\n"))
    assert main(["delete", "friday"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "Kept friday.\n" and path.exists()
    assert captured.err == (  # asked where it is seen, even with the output elsewhere
        "Delete friday (Ayla and Bo (hard computer), 2 turns played, Ayla to play) for good? [y/N] "
    )
    monkeypatch.setattr("sys.stdin", Typed("\uff59\n"))  # a full-width y, as typed in Japanese
    assert main(["delete", "friday"]) == 0
    assert capsys.readouterr().out.startswith("Deleted friday (") and not path.exists()
    assert main(["delete", "friday", "--yes"]) == 1  # gone: said so, in one line
    assert "no saved game 'friday'" in capsys.readouterr().err


def test_delete_refuses_before_asking_a_game_open_elsewhere_or_no_saved_game(
    data_home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", Typed("y\n"))
    game = GameFile.new()
    game.save(played(6))
    assert main(["delete", game.path.stem]) == 1
    captured = capsys.readouterr()
    assert "is open in another window" in captured.err and "for good?" not in captured.err
    assert game.path.exists()
    game.close()
    elsewhere = tmp_path / "copy.json"
    elsewhere.write_text(record_to_json(played(6)))
    assert main(["delete", str(elsewhere)]) == 1
    assert "is no saved game" in capsys.readouterr().err and elsewhere.exists()
