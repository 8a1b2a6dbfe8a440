# ruff: noqa: RUF001
"""The shared words and the turn log in Japanese, and the same words in English."""

from __future__ import annotations

import random

from engine.positions import build

from marrakech.engine import Direction, GameState, Orient, Phase, Roll, Turn
from marrakech.games import language, narrate, words
from marrakech.games.records import export_log
from marrakech.games.session import GameSetup, Session

NAMES = ("Ayla", "Bo", "Cem", "Di")


def over(money: list[int], carpets: list[str], eliminated: tuple[int, ...] = ()) -> GameState:
    players = len(money)
    return build(
        players=players,
        carpets=carpets,
        money=money,
        phase="over",
        piles=[""] * players,
        eliminated=eliminated,
    )


def place_words(notation: str) -> str:
    """c2.3-2.4 as the log writes it."""
    a, b = notation[1:].split("-")
    return words.carpet_squares((int(a[0]), int(a[2])), (int(b[0]), int(b[2])))


def tolled_turn() -> list[str]:
    """Bo turns right, rolls 2 onto Ayla's red carpet, pays 2 dirhams and lays a carpet."""
    state = build(
        players=2, assam="3.3 W", phase="orient", current=1, carpets=["R 1.3-0.3"], money=[30, 30]
    )
    orient = state.transition(Orient(Turn.RIGHT))
    rolled = orient.after.transition(Roll(2))
    place = rolled.after.legal_placements()[0]
    laid = rolled.after.transition(place)
    return [narrate.sentence([orient, rolled, laid], NAMES), str(place)]


def test_a_turn_with_a_toll(japanese: None) -> None:
    said, place = tolled_turn()
    assert said == (
        "Boはアッサムを右に向けました。サイコロで2を出して(1,3)へ進み、"
        "Aylaに通行料2ディルハムを払いました（赤が2マスつながっています）。"
        f"{place_words(place)}に青のじゅうたんを敷きました。Aylaの赤のマス1つを覆いました。"
    )


def test_a_turn_with_a_toll_in_english() -> None:
    said, place = tolled_turn()
    assert said == (
        "Bo turns right, rolls 2, walks to (1,3), pays 2 dirhams to Ayla "
        "(region of 2 red squares), "
        f"lays a blue carpet on {place_words(place)}, covering Ayla's red square."
    )


def test_the_winner_and_the_tie_break(japanese: None) -> None:
    state = over([10, 11, 0], ["R 0.0-0.1", "B 2.0-2.1", "Y 2.1-2.2"], eliminated=(2,))
    assert words.result_line(state, NAMES) == "ゲーム終了：Boが12点で勝ちました。"
    assert words.verdict(state, NAMES) == (
        "Boの勝ち！",
        [
            "Aylaも12点でしたが、ディルハムはBoのほうが多く（11対10）、所持金の差で勝敗が決まりました。"
        ],
    )
    assert words.score_lines(state, NAMES) == [
        "1. Bo（青）：12点（11ディルハム、見えている1マス）。",
        "2. Ayla（赤）：12点（10ディルハム、見えている2マス）。",
        "脱落：Cem（黄色）、破産。",
    ]
    assert [words.place_word(standing) for standing in state.standings()] == ["1", "2", "脱落"]


def test_the_winner_and_the_tie_break_in_english() -> None:
    state = over([10, 11, 0], ["R 0.0-0.1", "B 2.0-2.1", "Y 2.1-2.2"], eliminated=(2,))
    assert words.result_line(state, NAMES) == "The game is over: Bo wins with 12 points."
    assert words.verdict(state, NAMES)[1] == [
        "Ayla also scored 12, but Bo has more dirhams (11 to 10): the dirham tie-break decided."
    ]


def test_a_shared_win(japanese: None) -> None:
    state = over(
        [5, 5, 4, 0],
        ["R 0.0-0.1", "B 1.0-1.1", "Y 2.0-2.1", "Y 3.0-4.0", "G 4.0-5.0"],
        eliminated=(3,),
    )
    assert words.result_line(state, NAMES) == "ゲーム終了：AylaとBoが7点で同点優勝です。"
    assert words.verdict(state, NAMES)[0] == "AylaとBoが同点優勝！"


def test_squares_compass_colours_and_prompts(japanese: None) -> None:
    assert words.square_text((2, 5)) == "(2,5)"
    assert [words.compass_word(facing) for facing in Direction] == ["北", "東", "南", "西"]
    assert words.way_words(Turn.LEFT, Direction.N) == "左（西向き）"
    assert words.way_words(Turn.STRAIGHT, Direction.E, straight=words.STRAIGHT_ON) == (
        "まっすぐ（東向き）"
    )
    assert words.plural(3, "dirham") == "3ディルハム"
    state = build(players=2, assam="3.3 N", phase="orient")
    assert words.turn_prompt(state, NAMES) == (
        "Aylaの手番です（次のじゅうたんは赤）。アッサムは(3,3)で北を向いています。"
        "left・right・ahead（左・右・まっすぐ）のどれかを入力すると、向きを決めてサイコロを振ります。"
    )
    aim = build(players=3, assam="3.3 E", phase="aim", variant="aim", current=1)
    assert words.choices_line(aim) == (
        "今入力できるもの：aim left か aim right。help ですべてのコマンドを表示します。"
    )


def test_the_exported_log_stays_english(japanese: None) -> None:
    session = Session(GameSetup(players=2, names=("Ayla", "Bo"), seed=3))
    session.play(Orient(Turn.LEFT))
    session.roll()
    session.play(session.state.legal_placements()[0])
    log = export_log(session)
    assert "Ayla turns left, rolls " in log
    assert "Players: Ayla (person, red+yellow), Bo (person, blue+green)" in log
    assert "The game is not over." in log
    assert all(ord(char) < 128 for char in log)
    # the language spoken is Japanese again after the export
    assert words.colour_word(session.state.players[0].colours[0]) == "赤"


def test_a_default_name_is_said_in_the_language_of_the_day() -> None:
    """A game set up in Japanese with its seats unnamed, read again in English, names
    them "Player 1" and "Player 2"; a name someone typed stays as it is."""
    language.use("ja")
    japanese = GameSetup(2)
    named = GameSetup(2, names=("Ayla", "商人2"))
    assert japanese.names == ("商人1", "商人2")
    language.use(language.ENGLISH)
    assert GameSetup(2, names=japanese.names).names == ("Player 1", "Player 2")
    assert GameSetup(2, names=named.names).names == ("Ayla", "Player 2")
    assert GameSetup(2, names=("Player 2", "Bo")).names == ("Player 2", "Bo")  # not seat 1's


def test_sentences_follow_one_another_as_each_language_sets_them(japanese: None) -> None:
    said = (
        "そのじゅうたんはここに敷けます。",
        "このステップでは、半分をアッサムのマスに置いてください。",
    )
    assert words.sentences(said) == "".join(said)
    language.use("en")
    assert words.sentences(("One.", "Two.", "Three.")) == "One. Two. Three."
    assert words.sentences(()) == ""


def test_a_carpet_laid_says_whose_squares_it_covers() -> None:
    # A seeded game played at random: its 39th and 63rd actions lay carpets over others.
    names = ("Ayla", "Bo")
    session = Session(GameSetup(2, names=names, seed=1))
    rng = random.Random(1)
    while len(session.transitions) < 63:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(rng.choice(session.state.legal_actions()))
    assert narrate.clause(session.transitions[38], names) == (
        "lays a red carpet on (5,3)-(5,4), covering their own yellow square and Bo's blue square"
    )
    assert narrate.clause(session.transitions[62], names) == (
        "lays a red carpet on (4,3)-(5,3), covering 2 of their own red squares"
    )


def test_a_sentence_opening_with_an_address_or_a_path_keeps_it_as_written() -> None:
    assert (
        words.as_sentence("ws://10.0.0.1:1 does not answer") == "ws://10.0.0.1:1 does not answer."
    )
    assert words.as_sentence("localhost:8765 is busy") == "localhost:8765 is busy."
    assert words.as_sentence("/home/ayla cannot be written") == "/home/ayla cannot be written."
    assert words.as_sentence("note: a word") == "Note: a word."


def test_a_message_left_in_english_ends_with_its_own_full_stop(japanese: None) -> None:
    assert words.as_sentence("permission denied") == "Permission denied."
    assert words.as_sentence("保存できません：permission denied") == (
        "保存できません：permission denied。"
    )
    assert words.as_sentence("ボーの番です：Ayla") == "ボーの番です：Ayla。"
    # Japanese has no capitals: an address (or a name) opening a sentence stays as written.
    assert words.as_sentence("ws://host:1 のホスト") == "ws://host:1 のホスト。"


def test_a_length_of_time_is_said_in_whole_seconds_or_minutes() -> None:
    said = [words.how_long(seconds) for seconds in (0, 0.2, 1, 45.5, 60, 90, 120)]
    assert said == [
        "1 second",
        "1 second",
        "1 second",
        "46 seconds",
        "a minute",
        "90 seconds",
        "2 minutes",
    ]


def test_a_length_of_time_in_japanese(japanese: None) -> None:
    assert [words.how_long(seconds) for seconds in (0.2, 60, 90, 120)] == [
        "1秒",
        "1分",
        "90秒",
        "2分",
    ]
