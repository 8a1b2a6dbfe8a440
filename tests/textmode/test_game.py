"""A game in lines: decisions said in the log's words, bad lines that change nothing,
computers that announce their moves, undo, hints, saving and leaving."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech import bots, cli
from marrakech.engine import Phase, Variant
from marrakech.flow import GameFlow
from marrakech.games import autosaves as autosaves_module
from marrakech.games import storage
from marrakech.games.session import GameSetup, Session
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import MAX_LINE, play, write

NAMES = ("Ayla", "Bo", "Cem", "Dara")


def game(*seats: str, variant: Variant = Variant.STANDARD, seed: int = 1) -> TextGame:
    """A text game of these seat kinds (a person against the greedy computer by default)."""
    kinds = seats or ("person", "greedy")
    names = NAMES[: len(kinds)]
    setup = GameSetup(len(kinds), names=names, seats=kinds, variant=variant, seed=seed)
    return TextGame.local(Session(setup))


def answer(played: TextGame, line: str) -> list[str]:
    """What the loop prints for a line: the reply, then what comes next when the game moved."""
    reply = played.respond(line)
    return reply.lines + (list(played.advance()) if reply.moved else [])


def autosaves(data_home: Path) -> list[Path]:
    return sorted((data_home / "games").glob("*.json"))


def test_the_opening_says_who_plays_what() -> None:
    assert game().opening() == [
        "Ayla plays red and yellow.",
        "Bo (greedy computer) plays blue and green.",
        "Type help for the commands.",
    ]


def test_the_opening_names_an_outside_bot_by_its_class() -> None:
    # An outside bot by its class, not its file's path with " computer" after it.
    example = str(Path(__file__).parents[2] / "examples" / "cautious_bot.py") + ":CautiousBot"
    bots.make_bot(example)  # loaded in this run, as `new --bot` does
    assert game("person", "hard:iterations=50", example).opening()[1:3] == [
        "Bo (hard:iterations=50 computer) plays blue.",
        "Cem (outside bot CautiousBot) plays yellow.",
    ]


def test_a_game_loaded_says_its_last_turns_before_what_to_type() -> None:
    played = game()
    for line in ("left", "1", "ahead", "1", "right"):
        answer(played, line)
    log = played.flow.log()
    assert len(log) > 2
    loaded = TextGame.local(played.flow.session)
    assert loaded.opening() == [
        "Ayla plays red and yellow.",
        "Bo (greedy computer) plays blue and green.",
        "The last turns (log says them all):",
        f"Turn {len(log) - 1}: {log[-2]}",
        f"Turn {len(log)}: {log[-1]}",
        "Type help for the commands.",
    ]


def test_a_decision_is_said_in_the_words_of_the_log_then_what_comes_next() -> None:
    played = game()
    lines = answer(played, "left")
    assert lines[0] == "Ayla turns left, rolls 3, walks to (3,0)."
    assert played.flow.log() == ["Ayla turns left, rolls 3, walks to (3,0)."]
    assert lines[1] == (
        "Ayla, lay your yellow carpet beside Assam on (3,0): type its number from legal "
        "(1 to 7) or write it like c1.0-2.0."
    )


def test_a_carpet_by_its_number_is_the_engines_carpet_of_that_rank_and_the_computer_answers() -> (
    None
):
    played = game()
    answer(played, "left")
    carpet = played.state.legal_placements()[1]
    lines = answer(played, "2")
    assert lines[0] == (
        f"Ayla lays a yellow carpet on ({carpet.a[0]},{carpet.a[1]})-({carpet.b[0]},{carpet.b[1]})."
    )
    assert lines[1].startswith("Bo ")  # the computer's orient and roll
    assert lines[2].startswith("Bo lays a ")
    assert lines[3].startswith("Ayla, your turn (your next carpet is red).")
    assert played.flow.person_to_move


@pytest.mark.parametrize(
    ("before", "line", "refusal"),
    [
        ((), "hello", "Unknown command 'hello'. Now: left, right or ahead; help lists every"),
        (
            (),
            "aim left",
            "This game has no aiming: in the standard rules each player turns Assam before",
        ),
        ((), "3", "No carpet to lay now. Now: left, right or ahead;"),
        (("left",), "9", "No carpet 9: legal numbers 1 to 7."),
        (("left",), "0", "No carpet 0: legal numbers 1 to 7."),
        (("left",), "roll", "Cannot roll now: the game waits for a carpet to be laid."),
        (("left",), "c0.0-0.1", "Cannot lay a carpet on (0,0)-(0,1): neither square touches"),
        (("left",), "c3.0-3.1", "Cannot lay a carpet on (3,0)-(3,1): (3,0) is under Assam."),
        (("left",), "c9.9-9.8", "No row 9: rows and columns are 0 to 6."),
        (
            ("left",),
            "c3.1",
            "A carpet needs two squares, like c2.3-2.4: 'c3.1' has one. Now: a carpet's number",
        ),
        ((), "c3.1", "A carpet needs two squares, like c2.3-2.4: 'c3.1' has one. Now: left,"),
        (("left",), "right", "Cannot turn Assam now: the game waits for a carpet to be laid."),
        ((), "undo", "Cannot undo: nothing to undo."),
        ((), "redo", "Cannot redo: nothing to redo."),
        ((), "", "Nothing typed. Now: left, right or ahead;"),
    ],
)
def test_a_bad_line_is_one_line_and_changes_nothing(
    before: tuple[str, ...], line: str, refusal: str, data_home: Path
) -> None:
    played = game()
    for earlier in before:
        answer(played, earlier)
    state, saved = played.state, [path.read_bytes() for path in autosaves(data_home)]
    reply = played.respond(line)
    assert len(reply.lines) == 1 and reply.lines[0].startswith(refusal)
    assert not reply.quit and not reply.moved
    assert played.state is state
    assert [path.read_bytes() for path in autosaves(data_home)] == saved


def test_looking_changes_nothing() -> None:
    played = game()
    answer(played, "left")
    state = played.state
    for line in ("board", "picture", "square 3 0", "row 3", "col 0", "legal", "risk", "scores"):
        assert played.respond(line).lines
    assert answer(played, "log") == [f"Turn 1: {played.flow.log()[0]}"]  # numbered, as reviewed
    assert answer(played, "help")[0].startswith("Commands")
    assert played.state is state


def test_undo_says_what_it_took_back_and_redo_plays_it_again() -> None:
    played = game()
    answer(played, "left")
    laid = answer(played, "1")[0]
    after = played.state
    computer = played.flow.log()[-1]
    assert computer.startswith("Bo ")
    assert answer(played, "undo")[0] == f"Taken back: {laid} {computer}"
    assert played.state.phase is Phase.PLACE and played.state.current == 0
    assert answer(played, "redo")[0] == f"Played again: {laid} {computer}"
    assert played.state == after


def test_a_hint_says_the_evaluator_s_choice_and_why_and_plays_nothing() -> None:
    played = game()
    state = played.state
    (line,) = answer(played, "hint")  # an empty market: no way is better than another
    # Its reasons say that any way will do: not twice in one line.
    assert line.startswith("Hint: All three ways are worth about the same: any will do. ")
    assert line.count("will do") == 1
    # Why: the figures it chose by (tests/flow/test_hint_reasons.py), here the edge of moving first.
    assert re.search(r"Moving first: \d+% to win, not 50%\.$", line), line
    assert played.state is state
    answer(played, "left")
    (line,) = answer(played, "hint")
    pick = re.match(r"Hint: carpet (\d+), (c(\d)\.(\d)-(\d)\.(\d))\. ", line)
    assert pick is not None, line  # its number and notation, then the reasons
    state_after = played.state
    place = state_after.legal_placements()[int(pick[1]) - 1]
    assert str(place) == pick[2]
    squares = f"({pick[3]},{pick[4]})-({pick[5]},{pick[6]})"
    assert line.count(squares) == 1, line  # named once, in the reasons


def test_the_chances_to_win_add_up_to_a_hundred_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each rounded alone, 4.6%, 29.6% and 65.8% said 5%, 30% and 66%: 101%.
    monkeypatch.setattr(GameFlow, "win_chances", lambda flow: (0.046, 0.296, 0.658))
    played = game("person", "greedy", "greedy")
    assert answer(played, "eval") == [
        "Chances to win, after Ayla's best move: Ayla 5%, Bo 29%, Cem 66%."
    ]


def test_a_hint_between_people_quotes_no_chance_to_win() -> None:
    # The chances to win are not shown to people playing each other before the end: the
    # hint's reasons keep to points and say which option has the better chance, not how much.
    for seed in range(1, 7):
        played = game("person", "person", seed=seed)
        assert answer(played, "eval") == [
            "Chances to win: not against other people before the end."
        ]
        (line,) = answer(played, "hint")
        assert line.startswith("Hint: ")
        assert "%" not in line


def test_save_writes_the_game_under_its_name_and_refuses_a_bad_one(data_home: Path) -> None:
    played = game()
    answer(played, "left")
    (line,) = answer(played, "save Friday night")
    path = data_home / "saves" / "Friday night.json"
    assert line == f'Saved as "Friday night", in {path}.'
    assert storage.load_game(path).actions == played.flow.session.actions
    (refused,) = answer(played, "save ../evil")
    assert refused.startswith("Not saved: cannot use '../evil'")


def test_a_full_width_digit_typed_in_a_save_name_is_said_as_the_name_that_loads_it(
    data_home: Path,
) -> None:
    played = game()
    (line,) = answer(played, "save week\uff11")
    assert line.startswith('Saved as "week1", in ')
    assert (
        cli.saved_game("week\uff11")
        == cli.saved_game("week1")
        == data_home / "saves" / "week1.json"
    )


def test_save_never_writes_over_another_game_but_goes_on_with_its_own(data_home: Path) -> None:
    first = game()
    answer(first, "left")
    answer(first, "save friday")
    answer(first, "right")  # the same game, further on: its save goes on with it
    (line,) = answer(first, "save friday")
    assert line.startswith('Saved as "friday"')
    kept = storage.load_game(data_home / "saves" / "friday.json").actions
    assert kept == first.flow.session.actions
    other = game(seed=2)
    answer(other, "left")
    (refused,) = answer(other, "save friday")
    assert refused.startswith("Not saved: friday holds another game, of Ayla and Bo (")
    assert " turns). Save it under another name. Now: " in refused
    assert storage.load_game(data_home / "saves" / "friday.json").actions == kept
    broken = data_home / "saves" / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    (refused,) = answer(other, "save broken")
    assert refused.startswith("Not saved: broken is a file that cannot be read (")
    assert broken.read_text(encoding="utf-8") == "{not json"


def test_quit_leaves_the_game_autosaved(data_home: Path) -> None:
    played = game()
    assert answer(played, "quit") == [
        "Goodbye: nothing was played here, so there is nothing new to resume."
    ]
    answer(played, "left")
    reply = played.respond("q")
    assert reply.quit
    assert reply.lines == ["Goodbye: the game is saved, and marrakech --text resumes it."]
    assert len(autosaves(data_home)) == 1


def test_quit_with_a_data_folder_that_cannot_be_written_says_what_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = autosaves_module.FolderNotWritable("/data cannot be written")
    monkeypatch.setattr(autosaves_module, "folder_not_writable", lambda: problem)
    played = game()
    assert answer(played, "quit") == [
        "Goodbye: nothing was played here, so there is nothing new to resume."
    ]
    answer(played, "left")
    assert played.respond("q").lines == [
        "Goodbye: the game is not saved (/data cannot be written): what was played here is lost."
    ]


def test_in_the_aiming_variant_a_way_aims_and_roll_rolls() -> None:
    played = game("person", "person", variant=Variant.AIM)
    assert list(played.advance())[-1] == (
        "Ayla, your turn (your next carpet is yellow). Assam is on (3,3), facing north: type roll."
    )
    assert answer(played, "roll")[0].startswith("Ayla rolls ")
    laid = answer(played, "1")
    assert played.state.phase is Phase.AIM
    assert laid[-1].endswith("type aim left or aim right.")
    (refused,) = answer(played, "ahead")
    assert refused.startswith("Cannot keep Assam's facing: in this variant he must be turned")
    lines = answer(played, "left")
    assert lines[0].startswith("Ayla aims Assam ")
    assert lines[1] == played.may_do() and played.state.current == 1


def test_a_failing_computer_player_is_replaced_with_a_notice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = bots.make_bot

    class Failing:
        def choose(self, state: object) -> object:
            raise RuntimeError("out of ideas")

    monkeypatch.setattr(
        bots,
        "make_bot",
        lambda level, **options: Failing() if level == "random" else real(level, **options),
    )
    lines = list(game("random", "person").advance())
    assert lines[0] == (
        "Ayla's computer player failed (RuntimeError: out of ideas); the greedy one moves instead."
    )
    assert lines[1].startswith("Ayla ")


def test_computers_alone_play_to_the_end_and_the_result_is_said() -> None:
    lines = list(game("random", "greedy", seed=5).advance())
    over = next(index for index, line in enumerate(lines) if line.startswith("The game is over:"))
    assert lines[over + 1].startswith("1. ")
    assert len(lines) == over + 3
    results = " ".join(lines[over + 1 :])
    assert "Ayla, random computer (" in results
    assert "Bo, greedy computer (" in results


def test_the_scores_asked_for_mid_game_mark_the_computers() -> None:
    played = game("person", "greedy")
    list(played.advance())
    names = [line.split(". ", 1)[1].split(" (")[0] for line in played.respond("scores").lines]
    assert names == ["Ayla", "Bo, greedy computer"]


def test_a_toll_is_followed_by_what_the_payer_and_the_payee_have_now() -> None:
    played = game("random", "greedy", seed=5)
    lines = list(played.advance())
    tolls = [t for t in played.flow.session.transitions if t.payee is not None]
    paying = [i for i, line in enumerate(lines) if re.search(r"(pays|owes) \d+ dirhams? to", line)]
    assert len(paying) == len(tolls) > 0
    for index, toll in zip(paying, tolls, strict=True):
        assert toll.payee is not None
        payer, payee = (toll.after.players[seat].money for seat in (toll.seat, toll.payee))
        dirhams = "dirham" if payer == 1 else "dirhams"
        assert lines[index + 1] == (
            f"{NAMES[toll.seat]} has {payer} {dirhams} now, {NAMES[toll.payee]} {payee}."
        )


def test_a_move_or_a_hint_after_the_end_says_the_game_is_over() -> None:
    played = game("random", "greedy", seed=5)
    list(played.advance())
    assert played.flow.over
    over = "The game is over: nothing is left to play. Type review to look back at it, or quit."
    for line in ("left", "hint", "roll", "lay 1", "c0.0-0.1"):
        assert answer(played, line) == [over], line
    assert answer(played, "log 3") == [f"Unknown command 'log 3'. {over}"]


# -- the loop ------------------------------------------------------------------------------


def test_the_loop_prompts_with_a_line_and_ends_with_the_input(data_home: Path) -> None:
    out = io.StringIO()
    code = play(game(), io.StringIO("left\n1\n"), out)
    lines = out.getvalue().splitlines()
    assert code == 0
    assert lines.count(">") == 3
    assert lines[-1] == (
        "The input has ended. Goodbye: the game is saved, and marrakech --text resumes it."
    )
    assert len(autosaves(data_home)) == 1


def test_an_overlong_line_is_refused_whole() -> None:
    out = io.StringIO()
    play(game(), io.StringIO("x" * (MAX_LINE * 3) + "\nquit\n"), out)
    lines = out.getvalue().splitlines()
    refused = next(line for line in lines if line.startswith("That line is longer"))
    assert refused.startswith(f"That line is longer than {MAX_LINE} characters: nothing changed. ")
    assert refused.endswith(game().now_line())  # what may be typed then, as after any refusal
    assert lines[-1].startswith("Goodbye")


def test_what_is_written_is_made_safe_to_show() -> None:
    out = io.StringIO()
    write(out, ["a\x1b[2Jb\u202ec"])
    assert out.getvalue() == "a\\x1b[2Jb\\u202ec\n"


@settings(max_examples=examples(60), deadline=None)
@given(st.text(max_size=30), st.booleans())
def test_any_line_is_answered_and_only_a_decision_moves_the_game(text: str, placing: bool) -> None:
    if " ".join(text.split()).lower() in ("h", "hint"):
        return  # the hint is a search: tested above
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=1)
    played = TextGame.local(Session(setup), autosave=False)
    if placing:
        answer(played, "left")
    state = played.state
    reply = played.respond(text)
    assert reply.lines and all("\n" not in line for line in reply.lines)
    if not reply.moved:
        assert played.state is state


def test_a_save_name_refused_is_said_in_one_line_with_what_may_be_used_then_what_now() -> None:
    played = game()
    reply = played.respond("save my game!")
    assert reply.lines == [
        "Not saved: cannot use 'my game!' as a save name: use letters, digits, spaces, '-', "
        "'_' and '.', not starting with '.' or a space and not ending with '.' or a space. "
        "Now: left, right or ahead; help lists every command."
    ]


def test_an_arrow_key_typed_while_a_carpet_is_to_be_laid_points_to_the_carpet() -> None:
    text = game("person", "person")
    text.respond("left")
    text.advance()
    assert text.respond("\x1b[D").lines == [
        "The arrow keys do not work here: type the command in words. Now: a carpet's number "
        "from legal, or the carpet written like c1.0-2.0; help lists every command."
    ]


def test_help_names_the_commands_of_this_game() -> None:
    standard = " ".join(answer(game(), "help"))
    assert "aim left" not in standard and "left, right, ahead" in standard
    aiming = " ".join(answer(game(variant=Variant.AIM), "help"))
    assert "aim left" in aiming


def test_help_gives_the_short_forms_of_the_ways_and_what_they_do_in_this_game() -> None:
    standard = answer(game(), "help")
    assert "left, right, ahead (l, r, a): turn Assam that way and roll the die." in standard
    # In an aiming game nobody turns Assam before their roll ("r" there is refused):
    # left and right aim him for the next player.
    aiming = answer(game(variant=Variant.AIM), "help")
    assert not any("turn Assam" in line for line in aiming), aiming
    assert "roll: roll the die (in this variant nobody turns Assam before their roll)." in aiming
    # ("a", ahead, only where the variant lets Assam be aimed ahead.)
    assert any(
        "left, right (l, r; ahead, a, where allowed) when aiming: aim Assam" in line
        for line in aiming
    )


def test_summary_says_each_players_tolls_colours_and_scores_round_by_round() -> None:
    played = game("random", "greedy", seed=5)
    list(played.advance())
    lines = played.respond("summary").lines
    session = played.flow.session
    assert len(lines) == 4  # a line per player, then a line of scores per player
    for seat, name in enumerate(NAMES[:2]):
        score = session.state.scores()[seat]
        player_line = next(line for line in lines if line.startswith(f"{name}: "))
        if score.eliminated:
            assert player_line.startswith(f"{name}: bankrupt, out of the game; tolls received ")
        else:
            assert player_line.startswith(f"{name}: {score.total} points (")
        scores = lines[2 + seat]
        assert scores.startswith(f"{name}'s score, round by round: 30, ")
        assert scores.endswith(f", {score.total}.")
    received = sum(t.paid for t in played.flow.recaps if t.payee is not None)
    assert (
        received
        == sum(
            int(re.search(r"tolls received (\d+) dirhams?", line)[1])  # type: ignore[index]
            for line in lines[:2]
        )
    )


def test_summary_mid_game_ends_each_players_scores_with_now() -> None:
    played = game()
    assert played.respond("summary").lines[-1] == "Bo's score, round by round: 30."  # no turn yet
    answer(played, "left")  # a roll into the first round: no round has ended yet
    lines = played.respond("summary").lines
    assert lines[0].startswith("Ayla: 30 points (30 dirhams and 0 visible squares); tolls ")
    assert lines[-2:] == [
        "Ayla's score, round by round: 30; now 30.",
        "Bo's score, round by round: 30; now 30.",
    ]


def test_a_way_of_the_compass_is_the_turn_that_faces_assam_that_way() -> None:
    played = game()  # Assam faces north on (3,3)
    assert answer(played, "south")[0] == (
        "Assam faces north: south is behind him, and he never turns round. "
        "Now: left, right or ahead; help lists every command."
    )
    assert answer(played, "turn around")[0].startswith("Assam never turns round")
    said = answer(played, "go west")
    assert said[0].startswith("Ayla turns left, rolls ")  # from north, west is to the left
    # A carpet to lay: no way is a turn now, the one behind Assam neither.
    assert answer(played, "east")[0].startswith("Cannot turn Assam now: ")


def test_where_says_again_whose_turn_it_is_and_what_to_type() -> None:
    played = game()
    assert played.respond("where").lines == [played.may_do()]
    out = io.StringIO()
    play(game(), io.StringIO("\ufeffwhere\n"), out)  # a file's mark before the first line
    assert out.getvalue().count("Ayla, your turn") == 2 and "Unknown" not in out.getvalue()
    assert played.may_do().startswith("Ayla, your turn")


def test_undo_once_the_game_is_over_says_so_once() -> None:
    played = game("greedy", "greedy")
    list(played.advance())
    assert played.flow.over
    said = played.respond("undo").lines
    assert len(said) == 1 and said[0].count("game is over") == 1, said
