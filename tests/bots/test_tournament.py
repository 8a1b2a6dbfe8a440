"""The tournament runner: rotations, totals, the table and the JSON report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marrakech.bots.tournament import (
    TournamentConfig,
    main,
    play_game,
    play_tournament,
    wilson_interval,
)


def test_each_seed_is_played_once_per_rotation() -> None:
    config = TournamentConfig(bots=("greedy", "random"), games=2, seed=3)
    first = play_game(config, 3, 0)
    second = play_game(config, 3, 1)
    assert [seat.bot for seat in first] == ["greedy", "random"]
    assert [seat.bot for seat in second] == ["random", "greedy"]


def test_totals_add_up() -> None:
    config = TournamentConfig(bots=("greedy", "random", "greedy"), games=7, seed=1)
    result = play_tournament(config)
    assert result.games_played == 9
    greedy, random_bot = result.bots["greedy"], result.bots["random"]
    assert (greedy.games, random_bot.games) == (18, 9)
    assert greedy.points + random_bot.points == pytest.approx(9)
    for stats in result.bots.values():
        assert stats.wins + stats.shared_wins <= stats.games
        low, high = stats.wilson
        assert low <= stats.score_fraction <= high


def test_jobs_do_not_change_the_results() -> None:
    alone = play_tournament(TournamentConfig(bots=("greedy", "random"), games=4, jobs=1))
    spread = play_tournament(TournamentConfig(bots=("greedy", "random"), games=4, jobs=2))
    assert alone.to_json()["bots"] == spread.to_json()["bots"]


def test_wilson_interval() -> None:
    low, high = wilson_interval(0.5, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert wilson_interval(1.0, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_command_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "results.json"
    argv = ["--bots", "greedy,hard", "--games", "2", "--seed", "4", "--iterations", "20"]
    assert main([*argv, "--json", str(report)]) == 0
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


@pytest.mark.parametrize(
    "argv",
    [["--bots", "greedy"], ["--bots", "greedy,wizard"], ["--games", "0"]],
    ids=["too-few-bots", "unknown-bot", "no-games"],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "marrakech tournament" in capsys.readouterr().err
