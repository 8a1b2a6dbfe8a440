"""Lines broken where Japanese may break: within the width, nothing lost, kinsoku kept."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from marrakech.games.lines import (
    NO_LINE_END,
    NO_LINE_START,
    is_wide,
    line_starts,
    narrowest,
    phrase_breaks,
    phrases,
    wrap_text,
    wrapped_lines,
)

SENTENCE = "商人1は北へまっすぐ進み、2を出しました。（3,4）で止まり、商人2に4ディルハム払います。"  # noqa: RUF001

PHRASES = (
    "商人2は",
    "北へ",
    "まっすぐ",
    "進みます。",
    "（3,4）",  # noqa: RUF001
    "で止まり、",
    "ちょっと",
    "「はい」",
    "4ディルハム",
    "払います。",
    "Enterで",
    "振ります。",
)
"""Pieces of sentences such as the game says, each with at most one mark at either end."""

CHARACTERS = "商人北進出止払まっすぐみしたりにをでへは、。（）「」ー12345 abc,"  # noqa: RUF001


def test_a_japanese_sentence_breaks_where_japanese_may() -> None:
    assert wrapped_lines(SENTENCE, 12) == [
        "商人1は北へ",
        "まっすぐ",  # not "まっすぐ進" with "み、" to start the next line
        "進み、2を",
        "出しました。",  # not "出し" with "ました。" on the next line
        "（3,4）で",  # noqa: RUF001
        "止まり、",
        "商人2に",  # not "商人" to end a line with "2に" to start the next
        "4ディルハム",  # the word whole, with its number
        "払います。",
    ]


def test_english_breaks_at_spaces_and_a_word_wider_than_a_line_is_cut() -> None:
    assert wrapped_lines("Player 1 goes straight, rolls a 2.", 12) == [
        "Player 1",
        "goes",
        "straight,",
        "rolls a 2.",
    ]
    assert wrapped_lines("a supercalifragilistic", 8) == ["a superc", "alifragi", "listic"]


def test_styles_go_with_their_characters() -> None:
    text = Text()
    text.append("商人1は北へまっすぐ進み、", style="bold")
    text.append("2を出しました。", style="red")
    wrapped = wrap_text(text, 12)
    assert wrapped.plain == "商人1は北へ\nまっすぐ\n進み、2を\n出しました。"
    assert [span.style for span in wrapped[wrapped.plain.index("2")].spans] == ["red"]
    assert wrap_text(Text("English stays as it is."), 5).plain == "English stays as it is."


@given(st.text(CHARACTERS, min_size=1, max_size=80), st.integers(4, 30))
def test_every_line_fits_and_nothing_is_lost(text: str, width: int) -> None:
    lines = wrapped_lines(text, width)
    assert "".join("".join(lines).split()) == "".join(text.split())
    assert all(cell_len(line) <= width or len(line) == 1 for line in lines)


@given(st.lists(st.sampled_from(PHRASES), min_size=1, max_size=12), st.integers(8, 40))
def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(
    phrases: list[str], width: int
) -> None:
    lines = wrapped_lines("".join(phrases), width)
    for before, line in pairwise(lines):
        assert line[0] not in NO_LINE_START, (before, line)
        assert before[-1] not in NO_LINE_END, (before, line)


@given(st.lists(st.sampled_from(PHRASES), min_size=1, max_size=12), st.integers(8, 40))
def test_no_line_breaks_between_a_number_and_the_wide_character_after_it(
    phrases: list[str], width: int
) -> None:
    text = "".join(phrases)
    for start in line_starts(text, width):
        before, after = text[start - 1], text[start]
        assert not (before.isascii() and before.isdigit() and is_wide(after)), (text, start)


def test_a_short_run_of_kanji_or_katakana_stays_whole_unless_its_line_would_be_half_empty() -> None:
    assert wrapped_lines("じゅうたんの通行料金を払います。", 14) == [
        "じゅうたんの",  # not "じゅうたんの通" with "行料金" on the next line
        "通行料金を",
        "払います。",  # not "払い" with "ます。" on the next line
    ]
    assert wrapped_lines("コンピューターが考えています。", 16) == [
        "コンピューターが",  # not broken inside the katakana word
        "考えています。",
    ]
    # "2に" alone on a line would be worse than a word broken: the word gives way.
    assert wrapped_lines("商人2に4ディルハム払います。", 12) == [
        "商人2に",
        "4ディルハム",
        "払います。",
    ]
    assert wrapped_lines("2に4ディルハム払います。", 12) == ["2に4ディルハ", "ム払います。"]


def test_a_name_kept_whole_is_broken_only_where_it_is_wider_than_a_line() -> None:
    said = "アレクサンドリアヴィクトリアはさくらに払いました。"
    names = ("アレクサンドリアヴィクトリア", "さくら")
    assert wrap_text(Text(said), 20, names).plain.split("\n") == [
        "アレクサンドリア",  # 28 cells: broken all the same, nothing cut off
        "ヴィクトリアはさくら",
        "に払いました。",
    ]
    assert wrap_text(Text(said), 16, names).plain.split("\n") == [
        "アレクサンドリア",
        "ヴィクトリアは",
        "さくらに払いま",  # not "さ" / "くら"
        "した。",  # not "た。" alone
    ]


def test_a_word_goes_down_with_its_endings_where_the_line_stays_two_thirds_full() -> None:
    # Not "Esc で終了しま" with "す。" alone on the next line.
    assert wrapped_lines("Enter でゲームを始めます。Esc で終了します。", 40) == [
        "Enter でゲームを始めます。Esc で",
        "終了します。",
    ]
    assert wrapped_lines("(0,6)と(1,6)に黄色のじゅうたんを敷きました。", 40) == [
        "(0,6)と(1,6)に黄色のじゅうたんを",
        "敷きました。",
    ]
    # Where the line would be left less than two thirds full, it breaks as before.
    assert wrapped_lines("を起動すると再開できます。", 20) == ["を起動すると再開でき", "ます。"]


def test_a_paragraph_never_ends_on_one_character_and_its_full_stop_alone() -> None:
    assert wrapped_lines("どちらでもかまいません。", 20) == ["どちらでもかまいま", "せん。"]
    assert wrapped_lines("Esc で終了します。", 14) == ["Esc で終了し", "ます。"]
    assert wrapped_lines("商人2に", 6) == ["商人", "2に"]  # a number keeps its particle
    # Nor a sentence inside one where what follows goes on the next line; where it goes on
    # beside the sentence's end, that is no widow.
    assert wrapped_lines("0.9点有利です。marrakech で", 12) == [
        "0.9点有利",
        "です。",
        "marrakech で",
    ]
    assert wrapped_lines("0.9点有利です。その後の出目", 12) == [
        "0.9点有利で",
        "す。その後",
        "の出目",
    ]


def test_a_square_s_name_stays_whole_where_the_line_stays_half_full() -> None:
    assert wrapped_lines("サイコロで1を出し、3行2列へ進みました。2行1列と3行1列に", 20) == [
        "サイコロで1を出し、",
        "3行2列へ進みました。",
        "2行1列と3行1列に",  # not "2行" at the end of a line, "1列" at the start of the next
    ]


def test_keeping_a_word_whole_never_breaks_kinsoku() -> None:
    # The word rule gives way where keeping 料金 or 長い whole would end a line with "「" or
    # start one with "々".
    for text, width in (("「 料金」を払う", 7), ("ン  々長い、", 7)):
        lines = wrapped_lines(text, width)
        assert not any(line[-1] in NO_LINE_END for line in lines[:-1]), lines
        assert not any(line[0] in NO_LINE_START for line in lines[1:]), lines


def test_the_narrowest_a_text_needs_is_its_widest_word() -> None:
    assert narrowest("プレイヤーの名前") == 10  # プレイヤー, a katakana word
    assert narrowest("商人2の青") == 5  # 商人2, a name and its number
    assert narrowest("Player 1") == 6
    assert (
        "".join(wrapped_lines("プレイヤーの名前", narrowest("プレイヤーの名前")))
        == "プレイヤーの名前"
    )


def test_a_quoted_command_stays_on_one_line_where_the_line_before_stays_half_full() -> None:
    said = (
        "ホストをやめますか？ 全員の接続が切れます。ゲームは保存済みです。"  # noqa: RUF001
        "「marrakech host --resume c44b5aba5af7」でもう一度ホストできます。"
    )
    lines = wrapped_lines(said, 64)
    assert any("「marrakech host --resume c44b5aba5af7」" in line for line in lines), lines
    backquoted = "もう一度ホストするには `marrakech host --resume c44b5aba5af7` と入力します。"
    assert any(
        "`marrakech host --resume c44b5aba5af7`" in line for line in wrapped_lines(backquoted, 40)
    )


def test_a_template_s_values_are_phrases_and_its_words_between_them_joins() -> None:
    said = phrases(
        "{players} · {turns} · {status}", players="A, B", turns="3 turns", status="B won"
    )
    assert said == ["A, B", " · ", "3 turns", " · ", "B won"]
    assert phrases("({a}) and {b}!", a=1, b=2) == ["(1", ") and ", "2!"]  # the ends go along
    assert phrases("no value") == ["no value"]
    # Braces doubled in a template are its words, not a value ("{{" shows "{").
    assert phrases("{a} {{x}} {b}", a=1, b=2) == ["1", " {x} ", "2"]
    assert phrases("{{{a}}}", a=1) == ["{1}"]


def test_a_line_breaks_at_a_join_where_the_next_phrase_would_be_cut() -> None:
    pieces = ["Ayla, Bo (greedy computer)", " · ", "48 turns", " · ", "over: Bo won"]
    text = Text("".join(pieces), style="italic")
    ends = [sum(len(piece) for piece in pieces[: n + 1]) for n in range(len(pieces))]
    joins = [(ends[0], ends[1]), (ends[2], ends[3])]
    broken = phrase_breaks(text, joins, 44)
    assert broken.plain == "Ayla, Bo (greedy computer) · 48 turns\nover: Bo won"  # the join dropped
    assert broken.spans[0].style == "italic"
    assert phrase_breaks(text, joins, 60).plain == text.plain  # all on one line
    # A phrase too wide for a line wraps; the next follows on its last line where it fits.
    assert phrase_breaks(text, joins, 20).plain == (
        "Ayla, Bo (greedy computer) · 48 turns\nover: Bo won"
    )
    assert phrase_breaks(text, joins, 16).plain == (
        "Ayla, Bo (greedy computer)\n48 turns\nover: Bo won"
    )
    after = Text("Ayla · Bo won\na longer line of its own, after the last phrase")
    assert phrase_breaks(after, [(4, 7)], 14).plain == after.plain  # only its first line counts


def test_a_span_kept_whole_goes_to_the_next_line_whole_and_is_never_cut() -> None:
    text = "then type marrakech new --text to play"
    command = (text.index("marrakech"), text.index(" to play"))
    assert wrapped_lines(text, 20, [command]) == ["then type", "marrakech new --text", "to play"]
    assert wrapped_lines(text, 12, [command]) == [
        "then type",
        "marrakech new --text",  # wider than the line: whole all the same
        "to play",
    ]
    assert wrapped_lines(text, 12) == ["then type", "marrakech", "new --text", "to play"]


@given(
    st.lists(st.sampled_from(PHRASES), min_size=1, max_size=8),
    st.integers(0, 8),
    st.integers(8, 40),
)
def test_a_span_kept_whole_is_on_one_line_and_nothing_is_lost(
    phrases: list[str], at: int, width: int
) -> None:
    command = "marrakech new --text"
    before = "".join(phrases[:at])
    text = f"{before} {command} {''.join(phrases[at:])}".strip()
    start = text.index(command)
    lines = wrapped_lines(text, width, [(start, start + len(command))])
    assert any(command in line for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(text.split())
    assert all(cell_len(line) <= width or command in line for line in lines), lines
