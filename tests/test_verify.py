"""``marrakech verify FILE``: the record of a network game's dice, checked offline.

The records here are kept by a host whose rolls a player's share settles at once (no
network: the flow is played directly); tests/net/test_processes.py checks the records
real host and join processes keep.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from marrakech.cli import main
from marrakech.engine import DIE_FACES, Orient, Place
from marrakech.games.session import GameSetup, Session
from marrakech.net.fair import new_share, roll_value
from marrakech.net.host_flow import HostFlow
from marrakech.net.hosting import keep_host_record, new_game

SETUP = GameSetup(2, names=("Ayla", "Bo"), seed=7)


def finished_game(*, shared: bool = True) -> HostFlow:
    """A hosted game played to its end; Bo adds a share to every roll (unless not
    ``shared``: then each roll is the host's alone)."""

    async def play() -> HostFlow:  # in an event loop the autosave is written once a second
        flow, _ = new_game(Session(SETUP), lambda notice: None, headless=False, host="", port=0)
        if shared:

            def bo_adds(draw: int) -> None:
                flow.dice.settle(new_share(), 1)
                flow.land()

            flow.roll_wanted = bo_adds
        while not flow.over:
            action = flow.state.legal_actions()[0]
            assert isinstance(action, Orient | Place)
            flow.decide(action)
        return flow

    return asyncio.run(play())


def record(tmp_path: Path, change: Any = None, *, shared: bool = True) -> Path:
    """The host's record of a finished game, as kept, or a copy that ``change`` edits."""
    kept = keep_host_record(finished_game(shared=shared))
    if change is None:
        return kept
    document = json.loads(kept.read_text(encoding="utf-8"))
    change(document)
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps(document), encoding="utf-8")
    return copy


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_the_record_of_a_finished_game_checks_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path)
    assert path.parent.name == "dice" and path.name.endswith("-host.json")
    code, lines, err = verify(path, capsys)
    assert (code, err) == (0, "")
    assert lines[0].startswith("The dice of table ") and ", kept by the host: " in lines[0]
    assert lines[1:] == ["Every roll matches the host's commitment and the share it was made with."]


def second_roll_shows_another_value(document: dict[str, Any]) -> None:
    rolls = [index for index, action in enumerate(document["actions"]) if action.isdigit()]
    value = int(document["actions"][rolls[1]])
    document["actions"][rolls[1]] = str(next(face for face in DIE_FACES if face != value))


def second_secret_changed(document: dict[str, Any]) -> None:
    document["dice"]["rolls"][1]["secret"] = new_share()


def second_share_changed(document: dict[str, Any]) -> None:
    proof = document["dice"]["rolls"][1]
    value = roll_value(1, proof["secret"], proof["share"])
    proof["share"] = next(
        share for share in iter(new_share, None) if roll_value(1, proof["secret"], share) != value
    )


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (second_roll_shows_another_value, "Roll 2 shows "),
        (second_secret_changed, "Roll 2: the host's secret does not match its commitment."),
        (second_share_changed, "Roll 2 shows "),
    ],
    ids=["the game's roll", "the roll's secret", "the roll's share"],
)
def test_a_copy_with_one_roll_changed_fails_naming_the_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, named: str
) -> None:
    code, lines, err = verify(record(tmp_path, change), capsys)
    assert (code, err) == (1, "")
    assert any(line.startswith(named) for line in lines), lines
    if named.startswith("Roll 2 shows"):
        assert any(", but the host's secret and Bo's share make it " in line for line in lines)
    assert lines[-1] == "The dice of this game do not check out."


def test_a_players_share_the_host_did_not_use_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def kept_by_bo(document: dict[str, Any]) -> None:
        document.update(role="player", seat=1, shares={"0": new_share()})

    code, lines, _ = verify(record(tmp_path, kept_by_bo), capsys)
    assert code == 1 and ", kept by seat 2 (Bo): " in lines[0]
    assert "Roll 1: the host did not use the share you sent." in lines


def test_rolls_nobody_added_to_check_out_and_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = verify(record(tmp_path, shared=False), capsys)
    assert code == 0
    assert lines[1].startswith("Rolls 1, 2, 3, ")
    assert lines[1].endswith(" were the host's alone: no player was there to add a share.")


def test_a_file_that_is_no_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "save.json"
    save.write_text('{"format": "marrakech-game"}', encoding="utf-8")
    code, lines, err = verify(save, capsys)
    assert (code, lines) == (1, [])
    assert err.startswith("marrakech verify: not a record of a network game's dice")
    code, _, err = verify(tmp_path / "missing.json", capsys)
    assert code == 1 and err.startswith("marrakech verify: cannot open ")
