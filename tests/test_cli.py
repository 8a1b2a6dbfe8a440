"""The command line: ``new`` options become a GameSetup, ``tournament`` prints its results;
bad options are refused with a plain one-line message and exit code 2."""

from __future__ import annotations

import gettext
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from marrakech import cli, tournament_cli
from marrakech.cli import build_parser, main, setup_from_args
from marrakech.engine import Variant
from marrakech.games import language
from marrakech.games.levels import LEVELS, describe_names
from marrakech.games.session import GameSetup


def setup(*argv: str) -> GameSetup:
    return setup_from_args(build_parser().parse_args(["new", *argv]))


def test_new_with_bots_seed_and_variant() -> None:
    chosen = setup("--players", "3", "--seed", "7", "--variant", "aim", "--bot", "2=hard")
    assert chosen.players == 3
    assert chosen.seed == 7
    assert chosen.variant is Variant.AIM
    assert chosen.seats == ("person", "hard", "person")


def test_new_takes_a_level_with_settings_and_an_outside_bot() -> None:
    chosen = setup(
        "--bot", "1=hard:iterations=50", "--bot", "2=examples/cautious_bot.py:CautiousBot"
    )
    # The file by its full path: the game's save finds it from any folder.
    example = Path("examples/cautious_bot.py").resolve()
    assert chosen.seats == ("hard:iterations=50", f"{example}:CautiousBot")


def test_new_takes_every_level_and_the_old_names() -> None:
    chosen = setup("--players", "4", "--bot", "1=random", "--bot", "2=greedy", "--bot", "3=easy")
    assert chosen.seats == ("random", "greedy", "random", "person")
    assert setup("--bot", "2=normal").seats == ("person", "greedy")


def test_new_takes_the_piles_and_the_takebacks_the_new_game_screen_offers() -> None:
    chosen = setup("--piles", "alternating", "--takebacks", "off")
    assert (chosen.alternate_piles, chosen.takeback) == (True, False)
    plain = setup()
    assert (plain.alternate_piles, plain.takeback) == (False, None)
    assert setup("--takebacks", "on", "--players", "3").takeback is True
    with pytest.raises(ValueError, match="--piles: only 2 players"):
        setup("--players", "3", "--piles", "alternating")


def test_new_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for level in LEVELS:
        assert level in help_text
    assert "easy" not in help_text


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("new", "start a game straight away"),
        ("review", "what each decision of a saved game cost"),
        ("host", "host a game that friends join from elsewhere"),
        ("verify", "check every roll of a finished network game"),
    ],
)
def test_a_command_s_help_says_what_it_does_under_its_usage(
    command: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    rest = capsys.readouterr().out.partition("\n\n")[2]
    assert rest.startswith(says), rest[:80]


def test_review_help_does_not_offer_to_play(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    assert "play" not in capsys.readouterr().out


def test_new_defaults_to_two_people_and_a_fresh_seed() -> None:
    first, second = setup(), setup()
    assert first.players == 2 and first.seats == ("person", "person")
    assert first.first == 0
    assert first.seed != second.seed


def test_names_and_first_player() -> None:
    chosen = setup("--names", "Ayla, Bo", "--first", "2")
    assert chosen.names == ("Ayla", "Bo")
    assert chosen.first == 1
    against = setup("--names", "Ana", "--players", "3", "--bot", "2=hard")  # the person alone
    assert against.names == ("Ana", "Player 2", "Player 3")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "3=hard"], "seats are 1 to 2"),
        (
            ["--bot", "2=genius"],
            "--bot 2=genius: unknown computer level 'genius': choose one of random, greedy, "
            "hard, expert, module:Class or file.py:Class",
        ),
        (
            ["--bot", "2=hard:depth=3"],
            "--bot 2=hard:depth=3: hard has no setting 'depth=3' "
            "(its settings: iterations, budget)",
        ),
        (
            ["--bot", "2=no_such_module_here:Bot"],
            "--bot 2=no_such_module_here:Bot: cannot load the bot 'no_such_module_here:Bot': "
            "ModuleNotFoundError",
        ),
        (["--bot", "two=hard"], "--bot two=hard: write SEAT=LEVEL, as in 2=hard"),
        (["--bot", "2"], "--bot 2: write SEAT=LEVEL, as in 2=hard"),
        (["--names", "Ayla,Bo,Cem"], "give up to 2 non-empty names"),
        (["--names", "Ayla,"], "give up to 2 non-empty names"),
        (["--first", "0"], "--first: seats are 1 to 2"),
    ],
)
def test_bad_new_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", *argv]) == 2
    error = capsys.readouterr().err
    assert message in error
    assert error.count("\n") == 1 and "Traceback" not in error


@pytest.mark.parametrize(
    "name", ["wizard", "hard:depth=3", "expert:work=0", "no_such_module_here:Bot", "x" * 300]
)
def test_new_and_tournament_say_the_same_of_a_bad_computer_name(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "--bot", f"2={name}"]) == 2
    said_by_new = capsys.readouterr().err
    assert main(["tournament", *TINY, "--bots", f"{name},random"]) == 2
    said_by_tournament = capsys.readouterr().err
    assert said_by_new.startswith("marrakech new: --bot 2=")
    assert said_by_tournament.startswith("marrakech tournament: argument --bots: ")
    why = said_by_tournament.removeprefix("marrakech tournament: argument --bots: ")
    assert said_by_new.endswith(f": {why}")


def test_help_texts_name_the_same_computer_players(capsys: pytest.CaptureFixture[str]) -> None:
    helps = {}
    for command in ("new", "tournament", "host", "join"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        helps[command] = " ".join(capsys.readouterr().out.split())
    for command in ("new", "tournament", "join"):
        assert describe_names() in helps[command], command
    assert describe_names(outside=False) in helps["host"]
    assert "module:Class" not in helps["host"]


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
    assert describe_names() in " ".join(help_text.split())
    assert "score fraction" in help_text.lower()


TINY = ["--games", "2", "--bots", "random,random"]
"""A tournament that plays in a blink: a row's options come after these and win."""

LONG = "x" * 5000
"""A value far longer than any message should quote."""

BAD_TOURNAMENT_OPTIONS = [
    (["--players", "5"], "argument --players: expected a whole number from 2 to 4, not '5'"),
    (["--bots", "greedy"], "--bots names 1 bot for 2 players"),
    (
        ["--bots", "greedy,wizard"],
        "argument --bots: unknown computer level 'wizard': "
        "choose one of random, greedy, hard, expert, module:Class or file.py:Class",
    ),
    (
        ["--bots", f"{LONG},random"],
        f"argument --bots: unknown computer level '{'x' * 36}...: "
        "choose one of random, greedy, hard, expert, module:Class or file.py:Class",
    ),
    (
        ["--bots", "a\nb,random"],
        "argument --bots: unknown computer level 'a\\nb': "
        "choose one of random, greedy, hard, expert, module:Class or file.py:Class",
    ),
    (
        ["--bots", "hard:budget=-1,random"],
        "argument --bots: budget must be a number above 0, not '-1'",
    ),
    (["--games", "0"], "argument --games: expected a whole number from 1 to 1,000,000, not '0'"),
    (
        ["--games", "1000001"],
        "argument --games: expected a whole number from 1 to 1,000,000, not '1000001'",
    ),
    (
        ["--games", "99999999999999999999"],
        "argument --games: expected a whole number from 1 to 1,000,000, not '99999999999999999999'",
    ),
    (
        ["--games", "9" * 5000],
        f"argument --games: expected a whole number from 1 to 1,000,000, not '{'9' * 80}…'",
    ),
    (
        ["--games", "two"],
        "argument --games: expected a whole number from 1 to 1,000,000, not 'two'",
    ),
    (["--jobs", "0"], "argument --jobs: expected a whole number from 1 to 1,000,000, not '0'"),
    (["--seed", "one"], "argument --seed: expected a whole number, not 'one'"),
    (
        ["--seed", str(2**64)],
        f"argument --seed: expected a whole number below 2**64 in absolute value, not '{2**64}'",
    ),
    (
        ["--games", "4", "--seed", str(2**64 - 1)],  # the second seed is 2**64
        f"--seed {2**64 - 1}: the last of the 2 seeds played would be {2**64}, "
        "and a seed is below 2**64",
    ),
    (
        ["--variant", "mirror"],
        "argument --variant: choose one of standard, aim, aim-or-keep, not 'mirror'",
    ),
    (["--budget", "0"], "argument --budget: expected a positive number of seconds, not '0'"),
    (["--budget", "-1"], "argument --budget: expected a positive number of seconds, not '-1'"),
    (["--budget", "nan"], "argument --budget: expected a positive number of seconds, not 'nan'"),
    (["--budget", "inf"], "argument --budget: expected a positive number of seconds, not 'inf'"),
    (
        ["--budget", "1e400"],
        "argument --budget: expected a positive number of seconds, not '1e400'",
    ),
    (
        ["--iterations", "0"],
        "argument --iterations: expected a whole number from 1 to 1,000,000,000, not '0'",
    ),
    (
        ["--iterations", "-5"],
        "argument --iterations: expected a whole number from 1 to 1,000,000,000, not '-5'",
    ),
    (["--json", "."], "argument --json: '.' is a folder, not a file"),
    (["--json", "missing/results.json"], "argument --json: no folder 'missing' to write in"),
    (["--json"], "argument --json: expected one argument"),
    (["--rounds", "3"], "unrecognized arguments: '--rounds 3'"),
    (["--b=3"], "ambiguous option: --b=3 could match --bots, --budget"),
]
"""Bad tournament options and the one line each is refused with."""


@pytest.mark.parametrize(
    ("argv", "message"),
    BAD_TOURNAMENT_OPTIONS,
    ids=[" ".join(argv)[:40] for argv, _ in BAD_TOURNAMENT_OPTIONS],
)
def test_bad_tournament_options_exit_2_with_one_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", *TINY, *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"marrakech tournament: {message}\n"
    assert "Traceback" not in captured.err
    assert captured.out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["--budget", "nan"],
        # Their messages are checked in this process (BAD_TOURNAMENT_OPTIONS) above.
        pytest.param(["--json", "missing/results.json"], marks=pytest.mark.slow),
        pytest.param(["--bots", f"{LONG},random"], marks=pytest.mark.slow),
    ],
    ids=["budget-nan", "json-missing-folder", "long-bots"],
)
def test_bad_tournament_options_from_a_real_process(argv: list[str], tmp_path: Path) -> None:
    command = [sys.executable, "-m", "marrakech", "tournament", *TINY, *argv]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"marrakech tournament: argument {argv[0]}: ")
    assert len(result.stderr) < 200
    assert result.stdout == ""


@pytest.mark.parametrize("name", ["[/x]", "[bold]x[/bold]", ":smile:"])
def test_a_bot_name_is_printed_as_typed(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *TINY, "--bots", f"{name},hard"]) == 2
    assert f"level {name!r}:" in capsys.readouterr().err


@pytest.mark.parametrize("value", [LONG, "x\n" * 100], ids=["long", "newlines"])
def test_argparse_own_messages_stay_one_short_line(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *TINY, f"--b={value}"]) == 2
    line = capsys.readouterr().err
    assert line.startswith("marrakech tournament: ambiguous option: --b=x")
    assert line.count("\n") == 1
    assert len(line) <= len("marrakech tournament: ") + 200 + 1


def test_a_refused_command_leaves_the_report_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "results.json"
    report.write_text("earlier results\n")
    assert main(["tournament", *TINY, "--json", str(report), "--budget", "0"]) == 2
    assert report.read_text() == "earlier results\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_report_in_a_read_only_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path.chmod(0o500)
    try:
        assert main(["tournament", *TINY, "--json", str(tmp_path / "results.json")]) == 2
    finally:
        tmp_path.chmod(0o700)
    assert capsys.readouterr().err.startswith("marrakech tournament: argument --json: cannot write")


@pytest.mark.parametrize(
    ("cpus", "asked", "used", "note"),
    [
        (3, 100000, 2, "--jobs 100000 capped at 2, the number of games"),
        (1, 4, 1, "--jobs 4 capped at 1, the number of CPUs"),
    ],
    ids=["by-games", "by-cpus"],
)
def test_jobs_are_capped_with_a_note(
    cpus: int,
    asked: int,
    used: int,
    note: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(tournament_cli, "available_cpus", lambda: cpus)
    report = tmp_path / "results.json"
    assert main(["tournament", *TINY, "--jobs", str(asked), "--json", str(report)]) == 0
    assert capsys.readouterr().err == f"marrakech tournament: {note}\n"
    assert json.loads(report.read_text())["arguments"]["jobs"] == used


def test_jobs_within_the_machine_and_the_games_are_used_as_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tournament_cli, "available_cpus", lambda: 2)
    assert main(["tournament", *TINY, "--jobs", "2"]) == 0
    assert capsys.readouterr().err == ""


def test_too_many_jobs_are_capped_on_this_machine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *TINY, "--jobs", "100000"]) == 0
    assert capsys.readouterr().err.startswith("marrakech tournament: --jobs 100000 capped at ")


# -- load and replay ----------------------------------------------------------------------


def test_load_takes_a_name_from_saved_games_as_well_as_a_path(data_home: Path) -> None:
    from marrakech.cli import saved_game
    from marrakech.games import storage
    from marrakech.games.session import Session

    path = storage.save_named("Friday night", Session(GameSetup(2, seed=3)))
    assert saved_game("Friday night") == path
    assert saved_game(str(path)) == path


NOTHING_USABLE = [
    ("load", "nowhere.json", "no saved game 'nowhere.json'"),
    ("replay", "Friday", "no saved game 'Friday'"),
    ("load", "\x1b[2Jevil", "no saved game '\\x1b[2Jevil'"),
    ("load", "../games/abc", "no saved game '../games/abc'"),
    ("load", ".", "not a regular file"),
    ("load", "broken.json", "not a usable Marrakech save"),
]
"""``load`` or ``replay`` of something that is no saved game, and what is said of it."""


@pytest.mark.parametrize(("command", "argument", "message"), NOTHING_USABLE)
def test_load_of_nothing_usable_says_so_in_one_line_and_opens_no_app(
    data_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    argument: str,
    message: str,
) -> None:
    from marrakech.tui.app import MarrakechApp

    def opened(*args: object, **kwargs: object) -> None:
        pytest.fail("the app was opened")

    monkeypatch.setattr(MarrakechApp, "run", opened)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main([command, argument]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and message in captured.err
    assert "\x1b" not in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("command", "argument", "message"),
    # One real process in the quick suite (the name that would clear a terminal); what
    # each of the others says is checked in this process just above.
    [
        case if "\x1b" in case[1] else pytest.param(*case, marks=pytest.mark.slow)
        for case in NOTHING_USABLE
    ],
)
def test_load_of_nothing_usable_says_so_in_one_line_without_opening_the_app(
    data_home: Path, tmp_path: Path, command: str, argument: str, message: str
) -> None:
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "marrakech", command, argument],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "XDG_DATA_HOME": str(data_home.parent)},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "\x1b" not in result.stderr and result.stdout == ""


# -- the text mode and the version ---------------------------------------------------------


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata

    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"marrakech {metadata.version('marrakech')}\n"


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["new"], False),
        (["new", "--text"], True),
        (["--text", "new", "--seed", "3"], True),
        (["--text"], True),
        ([], False),
        (["load", "friday", "--text"], True),
        (["--text", "load", "friday"], True),
        (["replay", "friday"], False),
        (["replay", "friday", "--text"], True),
        (["--text", "replay", "friday"], True),
    ],
)
def test_text_goes_before_or_after_the_command(argv: list[str], text: bool) -> None:
    assert build_parser().parse_args(argv).text is text


@pytest.mark.parametrize(
    ("value", "text"), [("1", True), ("yes", True), ("True", True), ("0", False), ("", False)]
)
def test_marrakech_text_1_asks_for_the_text_mode_without_text(
    value: str, text: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cli.TEXT_ENV, value)
    for argv in (["new"], [], ["replay", "friday"], ["join", "127.0.0.1:47000"]):
        assert cli.text_asked(build_parser().parse_args(argv)) is text, argv


UNKNOWN_FR = "marrakech: error: argument --lang: unknown language 'fr': choose one of en, ja\n"


@pytest.mark.parametrize(
    ("argv", "refusal"),
    [
        (["--lang", "fr", "--text", "new"], UNKNOWN_FR),
        (["new", "--text", "--lang=fr"], UNKNOWN_FR),
        (["--lang", "fr", "tournament"], UNKNOWN_FR),
        (["new", "--lang"], "argument --lang: expected one argument\n"),
    ],
)
def test_an_unknown_language_is_refused_naming_the_ones_there_are(
    argv: list[str],
    refusal: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    started: list[object] = []
    monkeypatch.setitem(cli.COMMANDS, "new", started.append)
    monkeypatch.setattr(tournament_cli, "main", started.append)
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("usage: marrakech ")
    assert captured.err.endswith(refusal)
    assert captured.out == "" and started == []


def test_in_japanese_argparse_own_words_are_japanese_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    domain = gettext.textdomain()
    try:
        with pytest.raises(SystemExit):
            main(["--lang", "ja", "review", "--help"])
        shown = capsys.readouterr().out
        assert shown.startswith("使い方：\n  marrakech review ")  # noqa: RUF001
        assert "\n位置引数:\n" in shown and "\nオプション:\n" in shown
        assert "このヘルプを表示して終了します" in shown
        with pytest.raises(SystemExit) as exit_:
            main(["--lang", "ja", "new", "--players", "7"])
        assert exit_.value.code == 2
        refusal = capsys.readouterr().err.splitlines()[-1]
        assert refusal.startswith("marrakech new: エラー：引数 --players")  # noqa: RUF001
        assert "7 は選べません" in refusal and "2, 3, 4 から選んでください" in refusal
    finally:
        language.use(language.ENGLISH)
    # Nothing is left changed for the rest of the program.
    assert "LANGUAGE" not in os.environ and gettext.textdomain() == domain
    with pytest.raises(SystemExit):
        main(["new", "--players", "7"])
    assert capsys.readouterr().err.endswith(
        "error: argument --players: invalid choice: 7 (choose from 2, 3, 4)\n"
    )


def test_an_unknown_language_from_a_real_process_starts_nothing(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "marrakech", "--lang", "fr", "--text", "new"]
    result = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, input="", check=False
    )
    assert result.returncode == 2
    assert result.stderr.endswith(UNKNOWN_FR)
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("argv", "environ", "spoken"),
    [
        (["new"], {"LANG": "fr_FR.UTF-8"}, "en"),  # the locale's language: only a default
        (["new"], {"LC_ALL": "xx"}, "en"),
        (["--lang", "JA", "new"], {"LANG": "fr_FR.UTF-8"}, "ja"),
        (["new", "--lang=ja_JP.UTF-8"], {}, "ja"),
        (["--lang", "en", "new"], {"LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_a_language_the_locale_names_is_no_error_and_lang_takes_a_locale_name(
    argv: list[str], environ: dict[str, str], spoken: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setitem(cli.COMMANDS, "new", lambda args: 0)
    try:
        assert main(argv) == 0
        assert language.current() == spoken
    finally:
        language.use(language.ENGLISH)


class _Stream:
    def __init__(self, terminal: bool) -> None:
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize(
    ("stdin", "stdout", "argv", "text", "notice"),
    [
        (True, True, ["new"], False, False),
        (True, True, ["new", "--text"], True, False),
        (False, True, ["new"], True, True),
        (True, False, [], True, True),
        (False, False, ["--text"], True, False),
    ],
)
def test_the_text_mode_is_chosen_without_a_terminal_and_says_so(
    stdin: bool,
    stdout: bool,
    argv: list[str],
    text: bool,
    notice: bool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from marrakech.cli import TEXT_MODE_NOTICE, in_text_mode

    monkeypatch.setattr(sys, "stdin", _Stream(stdin))
    monkeypatch.setattr(sys, "stdout", _Stream(stdout))
    assert in_text_mode(build_parser().parse_args(argv)) is text
    assert capsys.readouterr().err == (TEXT_MODE_NOTICE + "\n" if notice else "")


def test_new_in_text_mode_plays_the_set_up_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from marrakech import textmode

    started: list[GameSetup] = []

    def play_new(chosen: GameSetup) -> int:
        started.append(chosen)
        return 0

    monkeypatch.setattr(textmode, "play_new", play_new)
    assert main(["new", "--seed", "9", "--bot", "2=hard", "--text"]) == 0
    (chosen,) = started
    assert chosen.seed == 9 and chosen.seats == ("person", "hard")


def pool_workers(group: int) -> list[int]:
    """The process ids of the process group's pool workers that already ignore Ctrl-C
    (the games are under way); none where there is no /proc to tell."""
    workers = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid, pgrp = map(int, stat.read_text().rpartition(")")[2].split()[1:3])
            status = (stat.parent / "status").read_text()
        except (OSError, ValueError):
            continue  # the process has just ended
        ignored = next(line for line in status.splitlines() if line.startswith("SigIgn:"))
        sigint = 1 << (signal.SIGINT - 1)
        pid = int(stat.parent.name)
        # A worker is a child of the pool's fork server, neither the group's leader (which
        # ignores Ctrl-C too while it starts the fork server) nor a child of it.
        if pgrp == group and group not in (pid, ppid) and int(ignored.split()[1], 16) & sigint:
            workers.append(pid)
    return workers


def pool_workers_ready(group: int) -> int | None:
    """How many of the process group's pool workers already ignore Ctrl-C; None where there
    is no /proc to tell."""
    if not Path("/proc/self/status").is_file():
        return None
    return len(pool_workers(group))


def long_tournament() -> subprocess.Popen[str]:
    """A tournament of two worker processes, far too long to end by itself, as the leader of
    a process group of its own (as a terminal's foreground job); its stderr is piped."""
    command = [sys.executable, "-m", "marrakech", "tournament", "--bots", "greedy,random"]
    return subprocess.Popen(
        [*command, "--games", "100000", "--jobs", "2"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        # A runner started in the background ignores SIGINT, and a child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.slow
def test_ctrl_c_stops_a_tournament_with_one_line_and_no_worker_left() -> None:
    # As a terminal's Ctrl-C does: SIGINT to the whole process group, workers included.
    process = long_tournament()
    deadline = time.monotonic() + 60  # however busy the machine, Ctrl-C comes mid-games
    while (ready := pool_workers_ready(process.pid)) is not None and ready < 2:
        assert process.poll() is None and time.monotonic() < deadline, "no games under way"
        time.sleep(0.1)
    if ready is None:
        time.sleep(3)  # no /proc: give the workers time to start
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert stderr.strip() == "marrakech tournament: stopped (Ctrl-C); no results"
    deadline = time.monotonic() + 60  # a loaded machine may take seconds to reap them
    while True:  # the group empties: no worker (nor their starter) left behind
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "a worker process outlived the stopped tournament"
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="no /proc to find a worker")
def test_a_worker_killed_from_outside_stops_a_tournament_with_one_line() -> None:
    process = long_tournament()
    deadline = time.monotonic() + 60
    while not (workers := pool_workers(process.pid)):
        assert process.poll() is None and time.monotonic() < deadline, "no games under way"
        time.sleep(0.1)
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 1, stderr
    assert stderr.strip() == (
        "marrakech tournament: stopped, a worker process ended with exit code -9; no results"
    )


def test_new_refuses_two_players_called_alike() -> None:
    with pytest.raises(ValueError, match="seats 1 and 2 are both called 'hana': give each"):
        setup("--names", "Hana,hana")
    assert setup("--names", "Hana,Bo").names == ("Hana", "Bo")
