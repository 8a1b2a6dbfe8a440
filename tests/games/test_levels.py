"""One check of a computer player's name for every command: the same names accepted, the
same words about a bad one, and no outside bot where a file would name it."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.bots import make_bot
from marrakech.games import levels
from marrakech.games.levels import (
    OutsideBotRefused,
    UnknownBot,
    bot_named,
    computer_named,
    describe_levels,
    describe_names,
    seat_bot,
)
from marrakech.games.records import record_from_json, record_to_json
from marrakech.games.session import GameSetup, Session

CHOOSE = "choose one of random, greedy, hard, expert"
"""The levels, as every refusal names them."""

OUTSIDE = ", module:Class or file.py:Class"
"""What follows the levels where an outside bot may play."""

EXAMPLE_BOT = str(Path(__file__).parents[2] / "examples" / "cautious_bot.py") + ":CautiousBot"


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("easy", "random"),
        (" expert ", "expert"),
        ("hard:budget=0.1:iterations=5", "hard:budget=0.1:iterations=5"),
    ],
)
def test_levels_old_names_and_settings_are_taken_everywhere(name: str, canonical: str) -> None:
    assert computer_named(name) == canonical == computer_named(name, outside=False)


def test_an_outside_bot_is_taken_where_no_file_names_it() -> None:
    assert computer_named("mybots.strong:Bot") == "mybots.strong:Bot"
    assert computer_named(EXAMPLE_BOT) == EXAMPLE_BOT


def test_an_outside_bot_file_is_named_by_its_full_path_so_a_save_finds_it_from_anywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(Path(EXAMPLE_BOT).parents[1])
    assert computer_named("examples/cautious_bot.py:CautiousBot") == EXAMPLE_BOT
    assert computer_named("./examples/../examples/cautious_bot.py:CautiousBot") == EXAMPLE_BOT


@pytest.mark.parametrize("name", ["mybots.strong:Bot", "bots/my_bot.py:MyBot"])
def test_an_outside_bot_is_refused_where_a_file_would_name_it(name: str) -> None:
    with pytest.raises(OutsideBotRefused) as refused:
        computer_named(name, outside=False)
    assert str(refused.value) == (
        f"{name!r} is an outside bot: this game is kept in a file, and a saved game never "
        f"runs an outside bot's code; {CHOOSE}"
    )


def test_a_save_names_an_outside_bot_which_the_check_refuses_where_code_would_run() -> None:
    document = record_to_json(Session(GameSetup(2, seats=("person", "greedy"), seed=1)))
    named = record_from_json(document.replace('"greedy"', '"mybots.strong:Bot"'))
    assert named.setup.seats == ("person", "mybots.strong:Bot")
    with pytest.raises(OutsideBotRefused):
        computer_named("mybots.strong:Bot", outside=False)


@pytest.mark.parametrize(
    ("name", "outside", "message"),
    [
        ("wizard", True, f"unknown computer level 'wizard': {CHOOSE}{OUTSIDE}"),
        ("wizard", False, f"unknown computer level 'wizard': {CHOOSE}"),
        ("", True, f"unknown computer level '': {CHOOSE}{OUTSIDE}"),
        ("a b:C", True, f"unknown computer level 'a b:C': {CHOOSE}{OUTSIDE}"),
        ("\x1b[2J", False, f"unknown computer level '\\x1b[2J': {CHOOSE}"),
        ("x" * 500, False, f"unknown computer level '{'x' * 36}...: {CHOOSE}"),
    ],
)
def test_a_name_that_is_no_player_is_refused_naming_the_choices(
    name: str, outside: bool, message: str
) -> None:
    with pytest.raises(UnknownBot) as refused:
        computer_named(name, outside=outside)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("hard:depth=3", "hard has no setting 'depth=3' (its settings: iterations, budget)"),
        ("expert:work=0", "work must be a whole number above 0, not '0'"),
        ("hard:iterations=10:budget=3600", "budget must be at most 60, not '3600'"),
        ("expert:work=99999999999", "work must be at most 10,000,000, not '99999999999'"),
        (
            "hard:iterations=" + "x" * 300,
            f"iterations must be a whole number above 0, not '{'x' * 36}...",
        ),
        ("hard:" + "\x1b" * 3, "hard has no setting '\\x1b\\x1b\\x1b' (its settings:"),
    ],
)
def test_a_bad_setting_is_refused_saying_which_wherever_it_is_typed(
    name: str, message: str
) -> None:
    for outside in (True, False):
        with pytest.raises(ValueError) as refused:
            computer_named(name, outside=outside)
        assert str(refused.value).startswith(message)


def test_the_bot_builder_refuses_an_outside_bot_that_cannot_be_loaded() -> None:
    with pytest.raises(ValueError, match=r"^cannot load the bot 'no_such_module_here:Bot': "):
        computer_named("no_such_module_here:Bot", build=make_bot)
    assert computer_named(EXAMPLE_BOT, build=make_bot) == EXAMPLE_BOT
    built: list[str] = []
    assert computer_named("hard", build=built.append) == "hard"
    assert built == []  # a level is never built to be checked


def test_an_installed_bot_is_an_outside_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "plugin_names", lambda: ("plain-greedy",))
    assert computer_named("plain-greedy") == "plain-greedy"
    with pytest.raises(OutsideBotRefused):
        computer_named("plain-greedy", outside=False)
    with pytest.raises(UnknownBot) as refused:
        computer_named("wizard")
    assert str(refused.value) == (
        f"unknown computer level 'wizard': {CHOOSE}, module:Class, file.py:Class "
        "or an installed bot: plain-greedy"
    )


def test_bot_named_and_computer_named_say_the_same_of_an_unknown_name() -> None:
    with pytest.raises(UnknownBot) as by_bot_named:
        bot_named("wizard")
    with pytest.raises(UnknownBot) as by_computer_named:
        computer_named("wizard")
    assert str(by_bot_named.value) == str(by_computer_named.value)


def test_the_names_for_help_texts() -> None:
    assert describe_names(outside=False) == (
        f"{describe_levels()}; settings follow a colon (hard:iterations=100)"
    )
    assert describe_names() == (
        f"{describe_levels()}; settings follow a colon (hard:iterations=100); "
        "or an outside bot: module:Class, file.py:Class or an installed bot's name"
    )


@pytest.mark.parametrize(
    ("entry", "outside", "message"),
    [
        ("2=wizard", True, f"--bot 2=wizard: unknown computer level 'wizard': {CHOOSE}{OUTSIDE}"),
        ("2=wizard", False, f"--bot 2=wizard: unknown computer level 'wizard': {CHOOSE}"),
        (
            "2=mybots:Bot",
            False,
            "--bot 2=mybots:Bot: 'mybots:Bot' is an outside bot: this game is kept in a file, "
            f"and a saved game never runs an outside bot's code; {CHOOSE}",
        ),
        ("3=hard", True, "--bot 3=hard: seats are 1 to 2 (--players 3 for more)"),
        ("5=hard", True, "--bot 5=hard: seats are 1 to 2"),
        ("0=hard", True, "--bot 0=hard: seats are 1 to 2"),
        ("two=hard", True, "--bot two=hard: write SEAT=LEVEL, as in 2=hard"),
        ("²=hard", True, "--bot ²=hard: write SEAT=LEVEL, as in 2=hard"),
        ("hard", True, "--bot hard: write SEAT=LEVEL, as in 2=hard"),
        ("\x1b[2J=hard", True, "--bot \\x1b[2J=hard: write SEAT=LEVEL, as in 2=hard"),
        ("x" * 300, True, f"--bot {'x' * 57}...: write SEAT=LEVEL, as in 2=hard"),
    ],
)
def test_a_bot_option_says_which_option_and_what_is_wrong(
    entry: str, outside: bool, message: str
) -> None:
    with pytest.raises(ValueError) as refused:
        seat_bot(entry, 2, outside=outside)
    assert str(refused.value) == message


def test_a_bot_option_gives_the_seat_from_0_and_the_canonical_name() -> None:
    assert seat_bot("2=easy", 2) == (1, "random")
    assert seat_bot("1=hard:iterations=5", 3, outside=False) == (0, "hard:iterations=5")
    assert seat_bot("4=m.o:Bot", 4) == (3, "m.o:Bot")


def test_a_saved_game_keeps_a_setting_beyond_what_may_be_typed_now() -> None:
    # The limit came after games were saved with more: those still load as they are.
    assert bot_named("hard:budget=120") == "hard:budget=120.0"
    saved = Session(GameSetup(2, seats=("person", "hard:budget=120.0"), seed=1))
    assert record_from_json(record_to_json(saved)).setup.seats[1] == "hard:budget=120.0"
    with pytest.raises(ValueError, match="budget must be at most 60, not '120'"):
        computer_named("hard:budget=120")


def test_a_bot_option_for_a_saved_game_suggests_no_more_players() -> None:
    with pytest.raises(ValueError) as refused:
        seat_bot("3=hard", 2, more_players=False)  # ``load``: the players are the save's
    assert str(refused.value) == "--bot 3=hard: seats are 1 to 2"
