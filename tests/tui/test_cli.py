"""The command line: options become a GameSetup; bad options are refused with a message."""

from __future__ import annotations

import pytest

from marrakech.cli import build_parser, main, setup_from_args
from marrakech.engine import Variant
from marrakech.session import GameSetup


def setup(*argv: str) -> GameSetup:
    return setup_from_args(build_parser().parse_args(["new", *argv]))


def test_new_with_bots_seed_and_variant() -> None:
    chosen = setup("--players", "3", "--seed", "7", "--variant", "aim", "--bot", "2=hard")
    assert chosen.players == 3
    assert chosen.seed == 7
    assert chosen.variant is Variant.AIM
    assert chosen.seats == ("human", "hard", "human")


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
        (["--bot", "2=genius"], "LEVEL one of easy, normal, hard"),
        (["--names", "Ayla"], "give 2 non-empty names"),
        (["--first", "0"], "--first: seats are 1 to 2"),
    ],
)
def test_bad_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", *argv]) == 2
    assert message in capsys.readouterr().err


def test_tournament_is_delegated(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--games", "2", "--bots", "random,random", "--seed", "3"])
    assert code == 0
    assert "random" in capsys.readouterr().out
