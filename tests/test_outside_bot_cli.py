"""On the command line, a game an outside bot plays is saved, loaded, resumed and replayed,
and nothing the bot does ends the program."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from marrakech.bots import plugins
from marrakech.cli import main
from marrakech.games import autosaves, storage


def marking_bot(folder: Path, body: str = "pass") -> tuple[str, Path]:
    """A bot file (its own folder: no other test loaded it) that notes each decision it
    makes in a file, after running ``body``; its name and that file."""
    mark = folder / "decisions.txt"
    path = folder / "cli_bot.py"
    path.write_text(
        "from pathlib import Path\n\n"
        "class Bot:\n"
        "    name = 'marking'\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        f"        with Path({str(mark)!r}).open('a') as f: f.write('x')\n"
        f"        {body}\n"
        "        return state.legal_actions()[-1]\n"
    )
    return f"{path}:Bot", mark


def run(
    argv: list[str], lines: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """``marrakech ARGV`` in text mode with ``lines`` typed: its exit code, stdout, stderr.
    Nothing may escape it: an exception or an exit is a failure."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    try:
        code = main([*argv, "--text"])
    except BaseException as error:
        pytest.fail(f"marrakech {' '.join(argv)} ended with {type(error).__name__}: {error}")
    out, err = capsys.readouterr()
    return code, out, err


def new_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the next command were a program of its own: no outside bot loaded yet."""
    monkeypatch.setattr(plugins, "_loaded", {}, raising=False)


NEW = ["new", "--seed", "3", "--names", "Ann,Bo"]
FIRST_TURN = "left\n1\n"
"""Ann turns left and lays her first carpet: then the computer (Bo) plays its turn."""


def test_save_with_an_outside_bot_then_load_it_greedy_plays_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, mark = marking_bot(tmp_path)
    code, out, _ = run([*NEW, "--bot", f"2={name}"], "save withbot\nquit\n", monkeypatch, capsys)
    assert code == 0 and 'Saved as "withbot"' in out
    new_program(monkeypatch)
    code, out, err = run(["load", "withbot"], FIRST_TURN + "quit\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert (
        f"Bo (greedy computer, for the outside bot {name}, which is not loaded) plays blue and "
        "green." in out.splitlines()
    )
    assert (
        f"Bo's computer player is the outside bot {name}, which is not loaded: a saved game "
        "never runs an outside bot's code by itself. The greedy one plays for it; to bring "
        f"the bot back, name it again when you load the game: --bot 2={name}"
    ) in out
    assert "Bo lays a green carpet" in out and not mark.exists()


def test_load_with_the_bot_named_again_lets_it_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, mark = marking_bot(tmp_path)
    run([*NEW, "--bot", f"2={name}"], "save withbot\nquit\n", monkeypatch, capsys)
    new_program(monkeypatch)
    code, out, err = run(
        ["load", "withbot", "--bot", f"2={name}"], FIRST_TURN + "quit\n", monkeypatch, capsys
    )
    assert (code, err) == (0, "")
    assert "not loaded" not in out and "Bo lays a green carpet" in out
    assert mark.read_text() == "xx"  # its facing and its carpet


def test_load_can_give_the_seat_to_another_computer_and_keeps_the_save_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, mark = marking_bot(tmp_path)
    run([*NEW, "--bot", f"2={name}"], "save withbot\nquit\n", monkeypatch, capsys)
    saved = (storage.saves_dir() / "withbot.json").read_text()
    code, out, err = run(
        ["load", "withbot", "--bot", "2=hard:iterations=5"],
        FIRST_TURN + "quit\n",
        monkeypatch,
        capsys,
    )
    assert code == 0 and "Bo (hard:iterations=5 computer)" in out and "not loaded" not in out
    assert "the game goes on as a new unfinished game with these computer players" in err
    assert (storage.saves_dir() / "withbot.json").read_text() == saved and not mark.exists()
    (game,) = autosaves.unfinished_games()
    assert game.session is not None and game.session.setup.seats == ("person", "hard:iterations=5")


def test_load_bot_refuses_a_person_s_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, _mark = marking_bot(tmp_path)
    run([*NEW, "--bot", f"2={name}"], "save withbot\nquit\n", monkeypatch, capsys)
    code, _out, err = run(["load", "withbot", "--bot", "1=hard"], "quit\n", monkeypatch, capsys)
    assert code == 2
    assert err == (
        "marrakech load: --bot 1=hard: a person plays seat 1 of this game; "
        "--bot chooses the computer of a computer seat\n"
    )


def test_an_unfinished_game_of_an_outside_bot_is_resumed_after_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, _mark = marking_bot(tmp_path)
    run([*NEW, "--bot", f"2={name}"], FIRST_TURN, monkeypatch, capsys)  # the input just ends
    new_program(monkeypatch)
    code, out, _ = run([], "quit\n", monkeypatch, capsys)
    assert code == 0
    assert "Resuming the unfinished game of Ann and Bo (2 turns played)." in out
    assert "cannot be resumed" not in out


def test_a_finished_game_of_an_outside_bot_replays_without_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, _mark = marking_bot(tmp_path)
    code, _out, _err = run(
        ["new", "--seed", "3", "--bot", f"1={name}", "--bot", "2=greedy"], "", monkeypatch, capsys
    )
    (finished,) = autosaves.finished_games()
    new_program(monkeypatch)
    code, out, err = run(["replay", str(finished)], "end\nquit\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert "The start, turn 0 of " in out and "The game is over: " in out


def test_an_unfinished_game_that_cannot_be_read_is_named_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = storage.data_folder(autosaves.games_dir())
    (folder / "72481ec6f9c6.json").write_text('{"format": "marrakech-game"')
    code, out, _ = run([], "quit\n", monkeypatch, capsys)
    assert code == 0
    assert (
        "An unfinished game cannot be resumed: 72481ec6f9c6.json: not a usable Marrakech "
        "save: it is not valid JSON"
    ) in out
    assert out.count("72481ec6f9c6") == 1


@pytest.mark.parametrize("body", ["raise SystemExit(3)", "raise KeyboardInterrupt"])
def test_a_bot_that_exits_or_interrupts_does_not_end_the_program(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    body: str,
) -> None:
    name, _mark = marking_bot(tmp_path, body)
    code, out, _ = run([*NEW, "--bot", f"2={name}"], FIRST_TURN + "quit\n", monkeypatch, capsys)
    assert code == 0
    problem = "SystemExit: 3" if "SystemExit" in body else "KeyboardInterrupt"
    # The bot's file and line, where it raised: "(SystemExit: 3 (cli_bot.py:12))".
    assert re.search(
        rf"Bo's computer player failed \({problem} \(cli_bot\.py:\d+\)\); the greedy one "
        "moves instead.",
        out,
    ), out
    assert "Ann, your turn" in out.rpartition("Bo lays")[2]


def test_the_text_mode_says_an_outside_bot_is_thinking_before_its_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, mark = marking_bot(tmp_path)
    code, out, _ = run([*NEW, "--bot", f"2={name}"], FIRST_TURN + "quit\n", monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and mark.read_text() == "xx"  # its facing and its carpet
    thinking = lines.index("Bo's bot is thinking...")
    assert lines[thinking - 1].startswith("Ann lays a red carpet")  # said before it thinks
    assert lines[thinking + 1].startswith("Bo turns ")
    assert lines.count("Bo's bot is thinking...") == 1


def test_between_computers_each_turn_of_the_outside_bot_is_announced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, _ = marking_bot(tmp_path)
    argv = [*NEW, "--bot", "1=greedy", "--bot", f"2={name}"]
    code, out, _ = run(argv, "", monkeypatch, capsys)
    lines = out.splitlines()
    turns = [n for n, line in enumerate(lines) if line.startswith(("Bo turns ", "Bo goes "))]
    assert code == 0 and len(turns) > 10
    assert all(lines[n - 1] == "Bo's bot is thinking..." for n in turns)
    assert lines.count("Bo's bot is thinking...") == len(turns)


def test_a_bot_that_cannot_be_built_for_its_seat_is_not_said_to_think_every_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Built with seed 0 where it is named, refused with the seat's seed: greedy plays the
    # seat, which has nothing to think about (the line came before each of its turns).
    path = tmp_path / "picky_bot.py"
    path.write_text(
        "class Bot:\n"
        "    def __init__(self, seed=0):\n"
        "        assert seed == 0, 'only seed 0'\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    argv = [*NEW, "--bot", "1=greedy", "--bot", f"2={path}:Bot"]
    code, out, _ = run(argv, "", monkeypatch, capsys)
    assert code == 0 and "cannot be built" in out
    assert out.count("Bo's bot is thinking...") <= 1
