"""Replaying a saved game in plain lines: what a player reads at each step, the commands
docs/text-mode.md lists, the end of the input, and ``marrakech replay`` through a pipe."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from records.games import play_random

from marrakech.cli import TEXT_MODE_NOTICE, main
from marrakech.engine import Orient, Phase, Place, Turn
from marrakech.games import storage, words
from marrakech.games.session import GameSetup, Session
from marrakech.textmode import describe
from marrakech.textmode.loop import INTERRUPTED, MAX_LINE
from marrakech.textmode.replay import HELP_LINES, TextReplay, play_replay

DOC = Path(__file__).parents[2] / "docs" / "text-mode.md"

TURN_1 = (
    "Turn 1 of 2: Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (2,0)-(2,1)."
)
TURN_2 = "Turn 2 of 2: Bo turns left, rolls 3, walks to (6,0), lays a green carpet on (4,0)-(5,0)."
START = "The start, turn 0 of 2: Ayla plays first."
UNFINISHED = "The record ends here, the game unfinished: Ayla to play."
NOW = "Now: Enter or next, back, start, end or turn N; help lists every command."


FRIDAY = (
    Orient(Turn.LEFT),
    None,
    Place((2, 0), (2, 1)),
    Orient(Turn.LEFT),
    None,
    Place((4, 0), (5, 0)),
)
"""The first two turns of the doc's example game (None: the die rolls)."""


def friday() -> Session:
    """The first two turns of the doc's example game (Ayla against the greedy Bo)."""
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=1))
    for action in FRIDAY:
        session.play(session.next_roll() if action is None else action)
    return session


def finished() -> Session:
    """A whole 3-player game, played at random to its end."""
    session = play_random(Session(GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=5)), seed=2)
    assert session.state.phase is Phase.OVER
    return session


def replayed(session: Session, typed: str) -> tuple[int, list[str]]:
    """Replay a game with these lines typed; the exit code and the lines printed."""
    out = io.StringIO()
    code = play_replay(TextReplay(session), io.StringIO(typed), out)
    return code, out.getvalue().splitlines()


def answers(session: Session, *typed: str) -> list[list[str]]:
    """What each line typed is answered, in order."""
    replay = TextReplay(session)
    return [replay.respond(line).lines for line in typed]


# -- what a player reads -------------------------------------------------------------


def test_the_opening_names_the_game_its_seats_and_the_start() -> None:
    assert TextReplay(friday()).opening() == [
        "Replaying the game of Ayla and Bo: 2 turns, unfinished.",
        "Ayla plays red and yellow.",
        "Bo (greedy computer) plays blue and green.",
        "Type help for the commands; Enter (or next) goes one turn forward.",
        START,
    ]


def test_enter_and_next_step_forward_saying_each_turn_as_the_log_does() -> None:
    assert answers(friday(), "\n", "next") == [[TURN_1], [TURN_2, UNFINISHED]]


def test_back_start_end_and_turn_jump_to_the_positions() -> None:
    assert answers(friday(), "end", "back", "start", "turn 2", "1", "where", "turn 0") == [
        [TURN_2, UNFINISHED],
        [TURN_1],
        [START],
        [TURN_2, UNFINISHED],
        [TURN_1],
        [TURN_1],
        [START],
    ]


def test_a_step_past_either_end_or_to_no_turn_changes_nothing() -> None:
    replay = TextReplay(friday())
    assert replay.respond("back").lines == [
        "Already at the start: type next (or Enter), end or turn N."
    ]
    assert replay.respond("turn 3").lines == ["No turn 3: the turns are 0 (the start) to 2."]
    assert replay.respond("turn two").lines == ["Which turn? Give its number, 0 to 2: turn 12."]
    assert replay.step == 0
    replay.respond("end")
    assert replay.respond("next").lines == [
        "Already at the end, turn 2 of 2: type back, start or turn N."
    ]
    assert replay.step == 2


def test_the_looks_describe_the_position_shown_in_the_games_words() -> None:
    session = friday()
    after_one = session.states[3]
    replay = TextReplay(session)
    replay.respond("next")
    names = ("Ayla", "Bo")
    assert replay.respond("board").lines == describe.market_lines(after_one)
    assert replay.respond("picture").lines == describe.picture_lines(after_one)
    assert replay.respond("scores").lines == words.score_lines(after_one, names)
    assert replay.respond("square 2 1").lines == [describe.square_line(after_one, (2, 1), names)]
    assert replay.respond("row 2").lines == [describe.row_line(after_one, 2)]
    assert replay.respond("col 0").lines == [describe.column_line(after_one, 0)]
    assert replay.respond("scores").lines == [
        "1. Ayla (red and yellow): 32 points, 30 dirhams and 2 visible squares; 23 carpets left, "
        "the next red.",
        "2. Bo (blue and green): 30 points, 30 dirhams and 0 visible squares; 24 carpets left, "
        "the next green.",
    ]
    assert replay.step == 1


def test_the_log_numbers_every_turn_and_says_which_is_shown() -> None:
    assert answers(friday(), "next", "log")[1] == [
        "Turn 1: Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (2,0)-(2,1).",
        "Turn 2: Bo turns left, rolls 3, walks to (6,0), lays a green carpet on (4,0)-(5,0).",
        "Shown now: turn 1 of 2.",
    ]
    empty = Session(GameSetup(2, names=("Ayla", "Bo"), seed=1))
    assert answers(empty, "log", "next") == [
        ["Nothing was played in this game."],
        [
            "Already at the end, turn 0 of 0: type back, start or turn N.",
        ],
    ]


def test_a_finished_game_ends_with_the_result_and_the_scores() -> None:
    session = finished()
    names = ("Ayla", "Bo", "Cem")
    lines = answers(session, "end")[0]
    assert lines[0].startswith(f"Turn {len(TextReplay(session).turns)} of ")
    assert lines[1:] == [
        words.result_line(session.state, names),
        *words.score_lines(session.state, names),
    ]
    assert lines[1].startswith("The game is over: ")
    assert TextReplay(session).opening()[0].endswith(" turns, to its end.")


def test_a_line_that_is_no_replay_command_says_what_is_possible() -> None:
    replay = TextReplay(friday())
    assert replay.respond("hello").lines == [f"Unknown command 'hello'. {NOW}"]
    assert replay.respond("left").lines == [f"Not in a replay: 'left' is for playing a game. {NOW}"]
    assert replay.respond("c2.0-2.1").lines == [
        f"Not in a replay: 'c2.0-2.1' is for playing a game. {NOW}"
    ]
    assert replay.respond("\x1b[2J").lines == [f"Unknown command '\\x1b[2J'. {NOW}"]
    assert replay.respond("help").lines == list(HELP_LINES)
    assert replay.step == 0


# -- the loop: the prompt, quit, the end of the input -------------------------------------


def test_the_end_of_the_input_says_the_rest_of_the_game_turn_by_turn() -> None:
    code, lines = replayed(friday(), "")
    assert code == 0
    assert lines[4:] == [
        START,
        ">",
        "The input has ended: the rest of the game, turn by turn.",
        TURN_1,
        TURN_2,
        UNFINISHED,
    ]


def test_input_ending_at_the_end_says_only_so() -> None:
    assert replayed(friday(), "end\n")[1][-2:] == [">", "The input has ended."]


def test_quit_leaves_at_once_and_reads_no_further() -> None:
    code, lines = replayed(friday(), "next\nquit\nnext\n")
    assert code == 0
    assert lines[-4:] == [">", TURN_1, ">", "Goodbye."]


class CtrlCAfter(io.StringIO):
    """Typed lines, then Ctrl-C where the next line would be read."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_stops_the_replay_with_one_line_and_exit_130() -> None:
    out = io.StringIO()
    assert play_replay(TextReplay(friday()), CtrlCAfter("next\n"), out) == INTERRUPTED
    assert out.getvalue().splitlines()[-3:] == [TURN_1, ">", "Interrupted."]


def test_a_line_too_long_is_refused_whole() -> None:
    code, lines = replayed(friday(), "n" * (MAX_LINE + 5) + "\nquit\n")
    assert code == 0
    assert lines[-4:] == [
        ">",
        f"That line is longer than {MAX_LINE} characters: nothing changed. Now: Enter or next, "
        "back, start, end or turn N; help lists every command.",
        ">",
        "Goodbye.",
    ]


def test_a_broken_save_is_refused_in_one_line_and_left_untouched(
    data_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["replay", str(broken), "--text"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("marrakech replay: ") and captured.err.count("\n") == 1
    assert broken.read_text(encoding="utf-8") == "{"


@pytest.mark.parametrize("argv", [["replay", "friday", "--text"], ["--text", "replay", "friday"]])
def test_replay_with_text_steps_through_the_game_in_lines(
    argv: list[str],
    data_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = storage.save_named("friday", friday())
    before = path.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.StringIO("next\nquit\n"))
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-4:] == [">", TURN_1, ">", "Goodbye."]
    assert captured.err == ""  # asked for: no notice
    assert path.read_bytes() == before


# -- the doc -------------------------------------------------------------------------


def _section() -> str:
    return DOC.read_text(encoding="utf-8").split("\n## Replaying a game\n", 1)[1]


def replay_table() -> list[list[str]]:
    """The forms of each row of the doc's table of replay commands."""
    rows = []
    for line in _section().split("\n| how |", 1)[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows.append(re.findall(r"`([^`]+)`", cells[0] + " " + cells[1]))
    return rows


FORMS = replay_table()


def test_the_doc_lists_the_replay_commands() -> None:
    listed = {form for forms in FORMS for form in forms}
    assert {"next", "back", "start", "end", "turn 12", "where", "board", "log", "quit"} <= listed


@pytest.mark.parametrize("forms", FORMS, ids=[forms[0] for forms in FORMS])
def test_forms_listed_together_are_understood_and_mean_the_same(forms: list[str]) -> None:
    seen = set()
    for form in forms:
        replay = TextReplay(friday())
        replay.respond("next")
        answer = replay.respond(form)
        assert not answer.lines[0].startswith(("Unknown command", "Not in a replay")), form
        seen.add((tuple(answer.lines), replay.step, answer.quit))
    assert len(seen) == 1, forms


def test_an_empty_line_is_next() -> None:
    assert answers(friday(), "", "\n", " ") == answers(friday(), "next", "next", "next")


def _example(marker: str) -> list[str]:
    return _section().split(marker, 1)[1].split("```\n", 1)[1].split("```", 1)[0].splitlines()


def test_the_example_replay_is_what_the_replay_prints() -> None:
    lines = _example("what was typed follows each `>`:")
    typed = [line for index, line in enumerate(lines) if index and lines[index - 1] == ">"]
    code, printed = replayed(friday(), "".join(f"{line}\n" for line in typed))
    assert code == 0
    assert printed == [
        line for index, line in enumerate(lines) if not index or lines[index - 1] != ">"
    ]


def test_the_example_without_input_is_what_the_replay_prints() -> None:
    assert replayed(friday(), "") == (0, _example("`marrakech replay friday < /dev/null`:"))


# -- through a pipe ------------------------------------------------------------------


def marrakech(
    data_home: Path, *argv: str, given: str | None = ""
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "marrakech", *argv],
        input=given,
        stdin=subprocess.DEVNULL if given is None else None,
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_DATA_HOME": str(data_home.parent)},
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_replay_on_a_pipe_steps_through_the_game_in_lines(data_home: Path) -> None:
    storage.save_named("friday", friday())
    result = marrakech(data_home, "replay", "friday", given="next\nboard\nnext\n")
    assert result.returncode == 0, result.stderr
    assert result.stderr == TEXT_MODE_NOTICE + "\n"
    lines = result.stdout.splitlines()
    board = describe.market_lines(friday().states[3])
    assert lines[5:] == [
        ">",
        TURN_1,
        ">",
        *board,
        ">",
        TURN_2,
        UNFINISHED,
        ">",
        "The input has ended.",
    ]


@pytest.mark.slow
def test_replay_without_input_prints_the_whole_game_and_a_bad_file_is_refused(
    data_home: Path, tmp_path: Path
) -> None:
    path = storage.save_named("friday", friday())
    whole = marrakech(data_home, "replay", str(path), given=None)
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.splitlines() == _example("`marrakech replay friday < /dev/null`:")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "marrakech"}', encoding="utf-8")
    refused = marrakech(data_home, "replay", str(broken), "--text", given=None)
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr.startswith("marrakech replay: broken.json: ")
    assert refused.stderr.count("\n") == 1
    assert broken.read_text(encoding="utf-8") == '{"format": "marrakech"}'


def test_summary_is_the_whole_record_s_and_review_points_to_the_command() -> None:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=3))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    session.play(session.state.legal_placements()[0])
    replay = TextReplay(session)  # shown at its start
    summary = replay.respond("summary").lines
    assert summary[0].startswith("Ayla: 32 points (30 dirhams and 2 visible squares)")
    assert (
        replay.respond("review")
        .lines[0]
        .startswith("Not in a replay: marrakech review NAME reviews a finished game. Now: ")
    )
