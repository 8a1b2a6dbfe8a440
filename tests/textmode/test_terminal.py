# ruff: noqa: RUF001  (Japanese is written with full-width punctuation)
"""Lines written to a terminal break between words at its width; a pipe gets them whole."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from pty_terminal import Terminal
from pty_terminal import terminal as terminal_of
from rich.cells import cell_len

from marrakech.textmode.loop import write


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    """A terminal 40 columns wide."""
    with terminal_of(40) as out:
        yield out


def written(out: Terminal, line: str) -> list[str]:
    """The lines ``write`` makes of ``line`` at the terminal."""
    write(out, [line])
    return out.getvalue().splitlines()


LONG = "Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (2,0)-(2,1)."
JAPANESE = (
    "商人1の手番です。アッサムは(3,3)で北を向いています。left、right、ahead のどれかを入力します。"
)


def test_a_line_wider_than_the_terminal_breaks_between_words(terminal: Terminal) -> None:
    lines = written(terminal, LONG)
    assert lines == [
        "Ayla turns left, rolls 3, walks to",
        "(3,0), lays a yellow carpet on",
        "(2,0)-(2,1).",
    ]
    terminal.seek(0)
    terminal.truncate()
    japanese = written(terminal, JAPANESE)
    assert all(cell_len(line) <= 40 for line in japanese), japanese
    assert "".join(japanese).replace(" ", "") == JAPANESE.replace(" ", "")
    assert not any(line.startswith(("、", "。", "）")) for line in japanese), japanese
    assert "(3,3)" in "\n".join(japanese)  # a square's name stays whole


def test_a_pipe_gets_every_line_whole() -> None:
    out = io.StringIO()
    write(out, [LONG])
    assert out.getvalue() == LONG + "\n"


def test_a_line_with_a_command_to_copy_breaks_between_words_around_the_command(
    terminal: Terminal,
) -> None:
    # The terminal cut it where its edge fell ("marrakech host --resume c44b5ab" / "a5af7
    # goes o" / "n with it."): now the words break as in any line, the command whole.
    goodbye = (
        "Goodbye: the game is saved, and marrakech host --resume c44b5aba5af7 goes on with it."
    )
    assert written(terminal, goodbye) == [
        "Goodbye: the game is saved, and",
        "marrakech host --resume c44b5aba5af7",
        "goes on with it.",
    ]


def test_a_command_that_does_not_fit_at_the_end_of_a_line_goes_whole_to_the_next(
    terminal: Terminal,
) -> None:
    # Broken between words alone, "marrakech" would end the first line and "new --text."
    # begin the next: pasted, that runs marrakech without its command.
    assert written(terminal, "A new game instead: quit, then marrakech new --text.") == [
        "A new game instead: quit, then",
        "marrakech new --text.",
    ]
    terminal.seek(0)
    terminal.truncate()
    other = (
        "1 other unfinished game: Cem and Dia, 2 turns played (0eabb3fa3bc7); marrakech load "
        "and the word in brackets goes on with it, marrakech saves lists every saved game."
    )
    lines = written(terminal, other)
    assert all(len(line) <= 40 for line in lines), lines
    assert "(0eabb3fa3bc7);" in lines[1]
    assert any("marrakech load" in line for line in lines), lines
    assert any("marrakech saves" in line for line in lines), lines


def test_a_command_or_a_path_wider_than_the_terminal_is_left_whole_on_its_own_line(
    terminal: Terminal,
) -> None:
    saved = 'Saved as "friday", in /home/ayla/.local/share/marrakech/saves/friday.json.'
    assert written(terminal, saved) == [
        'Saved as "friday", in',
        "/home/ayla/.local/share/marrakech/saves/friday.json.",  # the terminal wraps it
    ]
    terminal.seek(0)
    terminal.truncate()
    rules = (
        "To choose the players, computers and rules: marrakech new --players 3 --bot 2=hard "
        "--text (see marrakech new --help)."
    )
    assert written(terminal, rules) == [
        "To choose the players, computers and",
        "rules:",
        "marrakech new --players 3 --bot 2=hard --text",
        "(see marrakech new --help).",
    ]


def test_a_path_with_a_blank_or_a_japanese_name_stays_whole_with_its_marks(
    terminal: Terminal,
) -> None:
    # A Mac's data folder has a blank in its name.
    folder = "/Users/ayla/Library/Application Support/marrakech/saves"
    assert written(terminal, f'Saved as "friday", in {folder}/friday.json.') == [
        'Saved as "friday", in',
        f"{folder}/friday.json.",
    ]
    terminal.seek(0)
    terminal.truncate()
    assert written(terminal, f"「friday」として保存しました（{folder}/friday.json）。") == [
        "「friday」として保存しました",
        f"（{folder}/friday.json）。",  # no line begins with the closing marks
    ]
    terminal.seek(0)
    terminal.truncate()
    saved = (
        "「金曜 夜」として保存しました（/home/ayla/.local/share/marrakech/saves/金曜 夜.json）。"
    )
    assert written(terminal, saved) == [
        "「金曜 夜」として保存しました",
        "（/home/ayla/.local/share/marrakech/saves/金曜 夜.json）。",  # a name in Japanese
    ]


def test_a_japanese_line_with_a_command_breaks_where_japanese_may(terminal: Terminal) -> None:
    goodbye = "さようなら。ゲームは保存されています。marrakech --text で再開できます。"
    assert written(terminal, goodbye) == [
        "さようなら。ゲームは保存されています。",
        "marrakech --text で再開できます。",
    ]
    terminal.seek(0)
    terminal.truncate()
    other = (
        "ほかにも途中のゲームが1件あります：CemとDiaの対戦、2手番経過（0eabb3fa3bc7）。"
        "marrakech load に括弧内の語を付けると続きを遊べます。marrakech saves ですべて"
        "一覧できます。"
    )
    lines = written(terminal, other)
    assert all(cell_len(line) <= 40 for line in lines), lines
    assert not any(line.startswith(("、", "。", "）")) for line in lines), lines
    assert "".join(lines).replace(" ", "") == other.replace(" ", "")
    assert "（0eabb3fa3bc7）" in "\n".join(lines)
    assert "marrakech load" in "\n".join(lines) and "marrakech saves" in "\n".join(lines)


def test_a_page_named_in_passing_does_not_keep_its_line_from_breaking(
    terminal: Terminal,
) -> None:
    # The text mode's help in Japanese: the terminal would cut 日本語 and start a line
    # with a closing mark.
    commands = (
        "コマンド（すべてのコマンドと短い形は docs/text-mode.md にあります。"
        "かっこ内の日本語でも入力できます）："
    )
    lines = written(terminal, commands)
    assert len(lines) > 1 and all(cell_len(line) <= 40 for line in lines), lines
    assert not any(line.startswith(("）", "：")) for line in lines), lines
    assert "docs/text-mode.md" in "\n".join(lines)


def test_a_path_ends_where_the_sentence_goes_on_and_a_windows_path_is_kept_whole(
    terminal: Terminal,
) -> None:
    # The words after a folder are the sentence's, not the path's: "cannot be written"
    # went along with it, overflowed, and the terminal cut "writ" / "ten".
    folder = "/home/ayla/.local/share/marrakech/games"
    lines = written(terminal, f"The folder {folder} cannot be written to by this user.")
    assert folder in lines and all(cell_len(line) <= 40 for line in lines if line != folder)
    terminal.seek(0)
    terminal.truncate()
    windows = r"C:\Users\Ayla Smith\AppData\Local\marrakech\saves\friday.json"
    assert written(terminal, f'Saved as "friday", in {windows}.') == [
        'Saved as "friday", in',
        f"{windows}.",  # wider than the terminal, whole on its own line
    ]
    terminal.seek(0)
    terminal.truncate()
    lines = written(terminal, "Your game waits: type marrakech load friday to go on with it.")
    assert any("marrakech load friday" in line for line in lines), lines
