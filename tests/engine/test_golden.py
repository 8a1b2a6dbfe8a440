"""Golden playthroughs: the seeded games of scripts/playthrough.py, compared line by line."""

from __future__ import annotations

from pathlib import Path

import pytest
from project_scripts import script

ROOT = Path(__file__).resolve().parents[2]
HINT = "run `uv run python scripts/playthrough.py` and review the diff (git diff tests/golden)"


PLAYTHROUGH = script("playthrough")


@pytest.mark.parametrize("game", PLAYTHROUGH.GAMES, ids=lambda g: g.filename)
def test_golden_file_matches(game: object) -> None:
    path = ROOT / "tests" / "golden" / game.filename  # type: ignore[attr-defined]
    assert path.exists(), f"{path} is missing: {HINT}"
    want = path.read_text().splitlines()
    got = PLAYTHROUGH.render(game).splitlines()
    for number, (a, b) in enumerate(zip(want, got, strict=False), start=1):
        assert a == b, f"{path.name} line {number} differs:\n  file: {a}\n  now:  {b}\n{HINT}"
    assert len(want) == len(got), f"{path.name} has {len(want)} lines, now {len(got)}: {HINT}"


def test_there_is_one_golden_game_per_player_count() -> None:
    assert sorted(g.players for g in PLAYTHROUGH.GAMES) == [2, 3, 4]


def test_golden_games_are_deterministic() -> None:
    game = PLAYTHROUGH.GAMES[0]
    assert PLAYTHROUGH.render(game) == PLAYTHROUGH.render(game)


def test_golden_files_show_turns_tolls_bankruptcy_and_winners() -> None:
    for game in PLAYTHROUGH.GAMES:
        text = (ROOT / "tests" / "golden" / game.filename).read_text()
        assert text.startswith("Marrakech golden playthrough")
        assert "Turn 1: seat 0" in text
        assert "; toll " in text
        assert "Final scores:" in text
        assert text.rstrip().splitlines()[-1].startswith("Winner(s): seat ")
    # The chosen seeds show a bankruptcy that ends a 2-player game, and ones that do not.
    assert "BANKRUPT" in (ROOT / "tests/golden/playthrough_2p.txt").read_text()
    assert "BANKRUPT" in (ROOT / "tests/golden/playthrough_3p.txt").read_text()
