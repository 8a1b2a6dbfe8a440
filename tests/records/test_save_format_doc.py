"""docs/save-format.md stays true: its die-stream check values and its examples."""

from __future__ import annotations

import re
from pathlib import Path

from marrakech.engine import Orient, Place, Turn
from marrakech.games.dice import die_roll
from marrakech.games.records import MAX_MOVES, export_log, record_to_json
from marrakech.games.session import MAX_NAME_LENGTH, GameSetup, Session
from marrakech.games.storage import MAX_FILE_NAME

DOC = (Path(__file__).resolve().parents[2] / "docs" / "save-format.md").read_text(encoding="utf-8")


def _example_session() -> Session:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=5))
    session.play(Orient(Turn.LEFT))
    session.roll()
    session.play(Place((1, 0), (2, 0)))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    return session


def test_die_stream_check_values() -> None:
    rows = re.findall(r"^\| (-?\d+) \| ((?:\d )+\d) \|$", DOC, flags=re.MULTILINE)
    assert len(rows) == 2
    for seed, rolls in rows:
        assert [int(v) for v in rolls.split()] == [die_roll(int(seed), n) for n in range(10)]


def test_the_example_log_is_what_export_log_writes() -> None:
    block = DOC.split("```\nMarrakech:", 1)[1].split("```", 1)[0]
    assert "Marrakech:" + block == export_log(_example_session())


def test_the_example_document_starts_as_written() -> None:
    block = DOC.split("```json\n", 1)[1].split("```", 1)[0]
    head = block.split(' "position": ', 1)[0]
    assert record_to_json(_example_session()).startswith(head)


def test_the_limits_are_the_documented_ones() -> None:
    assert f"1 to {MAX_FILE_NAME} ASCII letters" in DOC
    assert f"1-{MAX_NAME_LENGTH} characters" in DOC
    assert f"At most {MAX_MOVES} turns" in DOC


def test_the_undo_example_is_what_the_game_saves() -> None:
    session = Session(GameSetup(2, seed=0, takeback=True))
    rolls = []
    for turn in (Turn.STRAIGHT, Turn.RIGHT, Turn.LEFT):
        session.play(Orient(turn))
        rolls.append(session.roll().action)
        if turn is not Turn.LEFT:
            session.undo()
    assert [str(roll) for roll in rolls] == ["3", "1", "2"]
    prose = " ".join(DOC.split())
    assert "goes straight and rolls 3, undoes, turns right, rolls 1 (draw 1)" in prose
    assert "turns left rolls 2 (draw 2)" in prose
    assert '"taken_back_draws": [[0, 1]]' in DOC
    assert '"taken_back_draws": [[0, 1]]' in record_to_json(session)
