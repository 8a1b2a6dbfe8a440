# ruff: noqa: RUF001
"""The text mode in Japanese: its own sentences translated, its commands the same English
words in every language, with Japanese names understood too (in every language)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from marrakech.engine import Turn
from marrakech.games import words
from marrakech.games.language import _
from marrakech.games.lines import is_wide
from marrakech.games.session import GameSetup, Session
from marrakech.textmode.commands import (
    ALIASES,
    Go,
    LayNumber,
    Look,
    LookLine,
    LookSquare,
    Plain,
    parse,
)
from marrakech.textmode.game import (
    AIMING_LINES,
    HELP_HEADING,
    HERE_LINES,
    HOST_LINES,
    JOINED_LINES,
    LAYING_LINE,
    LOOKING_LINES,
    TURNING_LINES,
    TextGame,
)
from marrakech.textmode.loop import play
from marrakech.textmode.replay import TextReplay
from marrakech.textmode.tutorial import TextLessons
from marrakech.tutorial.course import Bookmark, Course

MARRAKECH = (sys.executable, "-m", "marrakech")

DOC = Path(__file__).parents[2] / "docs" / "text-mode.md"

STANDARD_HELP = (HELP_HEADING, *TURNING_LINES, LAYING_LINE, *LOOKING_LINES, *HERE_LINES)
"""What help says at a game of the standard rules at one keyboard."""

ENGLISH_LINES = (
    "Type help for the commands",
    " plays red",
    " plays blue",
    "(greedy computer)",
    "Unknown command",
    "No carpet",
    "Goodbye",
    "Hint:",
    "Refused",
    "Commands (",
    "Row ",
    "Column ",
    "Square ",
    "If Ayla rolls",
    ": turn Assam to the",
    "Nothing typed",
    "Which square",
    "Lay needs more",
    "The input has ended",
    "Taken back",
    "Nothing to choose here",
)
"""The start of every English sentence of the text mode's own that the games below say."""


def english_of_the_text_mode(lines: list[str]) -> list[str]:
    return [line for line in lines if any(english in line for english in ENGLISH_LINES)]


def setup(seed: int = 1) -> GameSetup:
    return GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=seed)


def answer(game: TextGame, line: str) -> list[str]:
    reply = game.respond(line)
    return reply.lines + (game.advance() if reply.moved else [])


# -- Japanese names of the commands ------------------------------------------------------


@pytest.mark.parametrize(
    ("japanese", "english"),
    [
        ("左", "left"),
        ("右", "right"),
        ("まっすぐ", "ahead"),
        ("直進", "straight"),
        ("振る", "roll"),
        ("敷く 3", "lay 3"),
        ("敷く c2.3-2.4", "lay c2.3-2.4"),
        ("向ける 左", "aim left"),
        ("盤", "board"),
        ("絵", "picture"),
        ("盤 絵", "board picture"),
        ("マス 2 3", "square 2 3"),
        ("行 2", "row 2"),
        ("列 3", "col 3"),
        ("選択肢", "legal"),
        ("リスク", "risk"),
        ("得点", "scores"),
        ("記録", "log"),
        ("戻す", "undo"),
        ("やり直す", "redo"),
        ("やり直し", "redo"),
        ("ヒント", "hint"),
        ("保存 金曜日", "save 金曜日"),
        ("はい", "yes"),
        ("いいえ", "no"),
        ("コンピューター 2 greedy", "computer 2 greedy"),
        ("ヘルプ", "help"),
        ("終了", "quit"),
        ("やめる", "quit"),
        ("敷く　３", "lay 3"),  # a full-width space and digit, as a Japanese keyboard types them
        ("ｌｅｆｔ", "left"),
    ],
)
def test_a_japanese_name_means_its_command_in_every_language(japanese: str, english: str) -> None:
    assert parse(japanese) == parse(english)


def test_every_japanese_name_is_in_the_doc_and_the_japanese_help(japanese: None) -> None:
    doc = DOC.read_text(encoding="utf-8")
    every_table = (
        HELP_HEADING,
        *TURNING_LINES,
        *AIMING_LINES,
        LAYING_LINE,
        *LOOKING_LINES,
        *HERE_LINES,
        *HOST_LINES,
        *JOINED_LINES,
    )
    help_text = " ".join(_(line) for line in every_table)  # as each table's help says them
    for name in ALIASES:
        assert f"`{name}" in doc, name
        assert name in help_text, name


def test_the_japanese_help_keeps_the_english_command_words(japanese: None) -> None:
    lines = TextGame.local(Session(setup())).respond("help").lines
    assert lines[0].startswith("コマンド")
    assert len(lines) == len(STANDARD_HELP)
    for word in ("left", "roll", "lay", "board", "scores", "hint", "redo", "save"):
        assert word in " ".join(lines)


# -- a whole game in Japanese ------------------------------------------------------------


def test_a_whole_game_in_japanese_through_the_loop(japanese: None) -> None:
    """Ayla plays with Japanese commands only (and a few looks and mistakes) until the end."""
    game = TextGame.local(Session(setup(seed=3)))
    typed: list[str] = [
        "こんにちは",
        "ヘルプ",
        "盤",
        "マス 3 3",
        "行 2",
        "列 9",
        "選択肢",
        "リスク",
    ]
    ways = ["左", "右", "まっすぐ"]
    # One turn of Ayla's: a way, then the first carpet; the loop reads ahead of the game,
    # so there are enough lines for all her carpets (24), and the game ends before the input.
    for turn in range(30):
        typed += [ways[turn % 3], "敷く 1"]
        if turn == 2:
            typed += ["得点", "ヒント", "振る", "敷く 99"]
    out = io.StringIO()
    assert play(game, io.StringIO("".join(f"{line}\n" for line in typed)), out) == 0
    assert game.flow.over
    printed = out.getvalue().splitlines()

    assert printed[:3] == [
        "Aylaは" + words.colours_words(game.state.players[0].colours) + "を担当します。",
        "Bo（欲ばりCPU）は" + words.colours_words(game.state.players[1].colours) + "を担当します。",
        "コマンドの一覧は help（ヘルプ）と入力してください。",
    ]
    assert "'こんにちは' というコマンドはありません。" in printed[5]
    assert any(line.startswith("コマンド（") for line in printed)
    assert any(line.startswith("行2：") for line in printed)
    assert any("のマス：" in line for line in printed)
    assert any("列9はありません。行と列は0から6までです。" in line for line in printed)
    assert any(line.startswith("ヒント：") for line in printed)
    assert "99番のじゅうたんはありません。選択肢（legal）の番号は1〜" in out.getvalue()

    # The end: the result, in the shared words (Japanese once they are), then the scores,
    # then the help used (a hint was asked for).
    result = words.result_line(game.state, game.names)
    assert result in printed
    assert printed[-1] == "使った補助機能：ヒント。"
    assert printed.index(result) == len(printed) - 2 - len(game.state.players)
    assert english_of_the_text_mode(printed) == []


def test_the_winner_line_is_japanese(japanese: None) -> None:
    game = TextGame.local(Session(setup(seed=3)))
    out = io.StringIO()
    lines = "".join(f"{way}\n敷く 1\n" for way in ["左", "右", "まっすぐ"] * 10)
    play(game, io.StringIO(lines), out)
    result = words.result_line(game.state, game.names)
    assert result.startswith("ゲーム終了：")
    assert "勝" in result or "引き分け" in result or "同点" in result
    assert result in out.getvalue().splitlines()


def test_a_game_through_a_pipe_in_japanese(tmp_path: Path) -> None:
    """``marrakech --lang ja new --text`` on a pipe: a whole game in Japanese, from the
    start to the winner and the goodbye."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    turns = "".join(f"{way}\n敷く 1\n" for way in ["左", "右", "まっすぐ"] * 20)
    typed = "hello\nヘルプ\n得点\n" + turns + "終了\n"
    done = subprocess.run(
        [*MARRAKECH, "--lang", "ja", "new", "--seed", "1", "--names", "Ayla,Bo", "--text"],
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    assert "コマンドの一覧は help（ヘルプ）と入力してください。" in printed
    assert any(line.startswith("'hello' というコマンドはありません。") for line in printed)
    assert any(line.startswith("ゲーム終了：") for line in printed)
    assert english_of_the_text_mode(printed) == []


# -- refusals, replays and the rest ------------------------------------------------------


def test_refusals_in_japanese(japanese: None) -> None:
    game = TextGame.local(Session(setup()))
    assert answer(game, "")[0].startswith("何も入力されていません。")
    assert answer(game, "敷く")[0].startswith(
        "lay には続きが必要です。例：lay 3（敷く 3）、lay c2.3-2.4。"
    )
    assert answer(game, "マス 2")[0].startswith("どのマスですか。")
    refused = answer(game, "いいえ")[0]  # no one asked: the flow's reason, a Japanese sentence
    assert refused.endswith("。")
    assert not refused.endswith(".")
    assert answer(game, "x" * 10)[0].startswith("'xxxxxxxxxx' というコマンドはありません。")


def test_the_japanese_facing_and_choices(japanese: None) -> None:
    game = TextGame.local(Session(setup()))
    lines = answer(game, "選択肢")
    assert [line.split("：")[0] for line in lines] == ["left", "ahead", "right"]
    assert all(line.endswith("サイコロを振ります。") for line in lines)
    assert game.respond("行 3").lines[0].startswith("行3：")


def test_a_replay_in_japanese(japanese: None) -> None:
    game = TextGame.local(Session(setup()))
    answer(game, "左")
    answer(game, "敷く 2")
    replay = TextReplay(game.flow.session)
    opening = replay.opening()
    assert opening[0].startswith("AylaとBo") or opening[0].endswith("手番、未完了。")
    assert "手番、未完了。" in opening[0]
    assert replay.respond("次").lines[0].startswith("手番1/2：")
    assert (
        replay.respond("最後").lines[-1]
        == "記録はここで終わりです。ゲームは未完了で、次はAylaの手番です。"
    )
    assert replay.respond("手番 ９").lines == ["手番9はありません。手番は0（開始）から2までです。"]
    assert replay.respond("最初").lines == ["開始時点（手番0/2）：Aylaが先手です。"]
    assert (
        replay.respond("左")
        .lines[0]
        .startswith("再生中は使えません：'左' はゲームを遊ぶときのコマンドです。")
    )
    assert replay.respond("終了").lines == ["さようなら。"]


def test_english_is_unchanged_and_understands_japanese_names() -> None:
    game = TextGame.local(Session(setup()))
    assert game.opening()[-1] == "Type help for the commands."
    lines = answer(game, "左")
    assert lines[0] == "Ayla turns left, rolls 3, walks to (3,0)."
    assert answer(game, "敷く 9") == [
        "No carpet 9: legal numbers 1 to 7. Now: a carpet's number from legal, or the carpet "
        "written like c1.0-2.0; help lists every command."
    ]
    assert game.respond("ヘルプ").lines == list(STANDARD_HELP)


def test_commands_stay_the_english_words(japanese: None) -> None:
    assert parse("left") == Go(Turn.LEFT)
    assert parse("lay 3") == LayNumber(3)
    assert parse("board") == Look("board")
    assert parse("square 2 3") == LookSquare((2, 3))
    assert parse("col 3") == LookLine(column=True, index=3)
    assert parse("yes") == Plain("yes")


def test_a_game_saved_under_a_japanese_name(japanese: None, data_home: Path) -> None:
    game = TextGame.local(Session(setup()))
    (said,) = game.respond("保存 金曜日の夜").lines
    assert said.startswith("「金曜日の夜」として保存しました"), said
    assert (data_home / "saves" / "金曜日の夜.json").is_file()


@pytest.mark.usefixtures("japanese")
def test_the_lessons_in_words_end_their_headings_with_japanese_full_stops() -> None:
    opening = TextLessons(Course(Bookmark("turn"))).opening()
    step = next(line for line in opening if line.startswith("ステップ"))
    assert step.startswith("ステップ 1/2。")
    assert not any(". " in line or line.endswith(".") for line in opening if is_wide(line))
