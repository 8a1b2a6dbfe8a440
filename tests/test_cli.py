"""The command line: ``new`` options become a GameSetup, ``tournament`` prints its results;
bad options are refused with a plain one-line message and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marrakech.cli import build_parser, main, setup_from_args
from marrakech.engine import Variant
from marrakech.levels import LEVELS
from marrakech.session import GameSetup


def setup(*argv: str) -> GameSetup:
    return setup_from_args(build_parser().parse_args(["new", *argv]))


def test_new_with_bots_seed_and_variant() -> None:
    chosen = setup("--players", "3", "--seed", "7", "--variant", "aim", "--bot", "2=hard")
    assert chosen.players == 3
    assert chosen.seed == 7
    assert chosen.variant is Variant.AIM
    assert chosen.seats == ("human", "hard", "human")


def test_new_takes_every_level_and_the_old_names() -> None:
    chosen = setup("--players", "4", "--bot", "1=random", "--bot", "2=greedy", "--bot", "3=easy")
    assert chosen.seats == ("random", "greedy", "random", "human")
    assert setup("--bot", "2=normal").seats == ("human", "greedy")


def test_new_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for level in LEVELS:
        assert level in help_text
    assert "easy" not in help_text


def test_new_defaults_to_two_people_and_a_fresh_seed() -> None:
    first, second = setup(), setup()
    assert first.players == 2 and first.seats == ("human", "human")
    assert first.first == 0
    assert first.seed != second.seed


def test_names_and_first_player() -> None:
    chosen = setup("--names", "Ayla, Bo", "--first", "2")
    assert chosen.names == ("Ayla", "Bo")
    assert chosen.first == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "3=hard"], "seats are 1 to 2"),
        (
            ["--bot", "2=genius"],
            "--bot 2=genius: write SEAT=LEVEL, LEVEL one of random, greedy, hard",
        ),
        (["--bot", "two=hard"], "write SEAT=LEVEL"),
        (["--names", "Ayla"], "give 2 non-empty names"),
        (["--first", "0"], "--first: seats are 1 to 2"),
    ],
)
def test_bad_new_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", *argv]) == 2
    assert message in capsys.readouterr().err


def test_tournament_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "results.json"
    argv = ["--bots", "greedy,hard", "--games", "2", "--seed", "4", "--iterations", "20"]
    assert main(["tournament", *argv, "--json", str(report)]) == 0
    table = capsys.readouterr().out
    for heading in ("bot", "games", "wins", "shared", "dirhams", "visible", "fraction", "95%"):
        assert heading in table
    assert "greedy" in table and "hard" in table
    data = json.loads(report.read_text())
    assert data["arguments"]["bots"] == ["greedy", "hard"]
    assert data["arguments"]["seed"] == 4
    assert data["games_played"] == 2
    for name in ("greedy", "hard"):
        figures = data["bots"][name]
        assert figures["games"] == 2
        for key in ("wins", "shared_wins", "score", "wilson_low", "wilson_high"):
            assert key in figures
    assert data["bots"]["greedy"]["score"] + data["bots"]["hard"]["score"] == pytest.approx(1)


def test_tournament_bots_by_their_old_names_play_as_their_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "results.json"
    assert main(["tournament", "--bots", "easy,normal", "--games", "2", "--json", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["arguments"]["bots"] == ["random", "greedy"]
    assert set(data["bots"]) == {"random", "greedy"}


def test_tournament_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    help_text = capsys.readouterr().out
    assert f"from {', '.join(LEVELS)}" in " ".join(help_text.split())
    assert "score fraction" in help_text.lower()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy"], "--bots names 1 bots for 2 players"),
        (
            ["--bots", "greedy,wizard"],
            "unknown computer level 'wizard': choose one of random, greedy, hard",
        ),
        (["--games", "0"], "--games must be at least 1"),
    ],
    ids=["too-few-bots", "unknown-bot", "no-games"],
)
def test_bad_tournament_options_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *argv]) == 2
    assert capsys.readouterr().err == f"marrakech tournament: {message}\n"


def test_a_bot_name_is_printed_as_typed_not_read_as_markup(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--bots", "greedy,[bold]x[/bold]"]) == 2
    assert "level '[bold]x[/bold]':" in capsys.readouterr().err
