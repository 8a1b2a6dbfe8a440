"""The tournament runner: rotations, seeds, totals and the JSON report; no UI library."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from itertools import islice

import pytest

from marrakech.bots import make_bot, tournament
from marrakech.bots.tournament import (
    TASKS_PER_WORKER,
    TournamentConfig,
    game_results,
    game_tasks,
    play_game,
    play_tournament,
    wilson_interval,
)
from marrakech.engine import new_game
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import by_seat, play_out


def test_each_seed_is_played_once_per_rotation() -> None:
    config = TournamentConfig(bots=("greedy", "random"), games=2, seed=3)
    first = play_game(config, 3, 0)
    second = play_game(config, 3, 1)
    assert [seat.bot for seat in first] == ["greedy", "random"]
    assert [seat.bot for seat in second] == ["random", "greedy"]


def test_a_game_is_its_seed_played_out_with_the_bot_seeds() -> None:
    config = TournamentConfig(bots=("greedy", "random"), games=2)
    bots = [make_bot("random", seed=bot_seed(5, 0)), make_bot("greedy", seed=bot_seed(5, 1))]
    final = play_out(new_game(2, seed=5), by_seat(bots), SeededDie(5))
    seats = play_game(config, 5, rotation=1)
    assert [(seat.score, seat.dirhams) for seat in seats] == [
        (score.total, score.dirhams) for score in final.scores()
    ]


def test_totals_add_up() -> None:
    config = TournamentConfig(bots=("greedy", "random", "greedy"), games=7, seed=1)
    result = play_tournament(config)
    assert result.games_played == config.total_games == 9
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


def test_games_are_made_as_they_are_played_in_seed_then_rotation_order() -> None:
    config = TournamentConfig(bots=("greedy", "random"), games=2_000_000, seed=5)
    tasks = game_tasks(config)
    assert isinstance(tasks, Iterator)
    assert list(islice(tasks, 4)) == [
        (config, 5, 0),
        (config, 5, 1),
        (config, 6, 0),
        (config, 6, 1),
    ]


def test_spread_games_come_back_in_the_order_of_a_single_job() -> None:
    jobs = 2
    games = 2 * jobs * TASKS_PER_WORKER + 2
    alone = TournamentConfig(bots=("greedy", "random"), games=games, jobs=1)
    spread = TournamentConfig(bots=("greedy", "random"), games=games, jobs=jobs)
    assert list(game_results(spread)) == list(game_results(alone))


def test_spread_games_are_handed_to_the_pool_a_few_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[object] = []

    def counted_tasks(config: TournamentConfig) -> Iterator[tournament.GameTask]:
        for task in game_tasks(config):
            handed.append(task)
            yield task

    monkeypatch.setattr(tournament, "game_tasks", counted_tasks)
    results = game_results(TournamentConfig(bots=("random", "random"), games=1_000_000, jobs=2))
    next(results)
    results.close()
    assert 0 < len(handed) <= 2 * TASKS_PER_WORKER


def test_wilson_interval() -> None:
    low, high = wilson_interval(0.5, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert wilson_interval(1.0, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0.0, 0) == (0.0, 1.0)
    for games in range(1, 12):  # no wins, or all: the bound is exact, never 3e-17
        assert wilson_interval(0.0, games)[0] == 0.0
        assert wilson_interval(1.0, games)[1] == 1.0


def test_the_runner_loads_neither_rich_nor_argparse() -> None:
    code = (
        "import sys, marrakech.bots, marrakech.bots.tournament; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'argparse')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


@pytest.mark.slow
def test_two_settings_of_one_level_are_two_rows_with_their_settings() -> None:
    config = TournamentConfig(bots=("hard:iterations=5", "hard:iterations=40"), games=2)
    report = play_tournament(config).to_json()
    assert report["mirror"] is False
    rows = report["bots"]
    assert list(rows) == ["hard:iterations=5", "hard:iterations=40"]
    assert rows["hard:iterations=5"]["settings"] == "iterations=5, cap 0.5 s"
    assert rows["hard:iterations=40"]["settings"] == "iterations=40, cap 0.5 s"
    assert rows["hard:iterations=5"]["games"] == rows["hard:iterations=40"]["games"] == 2


def test_a_mirror_match_says_so() -> None:
    config = TournamentConfig(bots=("greedy", "greedy"), games=2)
    assert config.mirror
    assert play_tournament(config).to_json()["mirror"] is True
    assert not TournamentConfig(bots=("greedy", "random"), games=2).mirror


@pytest.mark.slow
def test_built_in_bots_make_no_faults() -> None:
    result = play_tournament(TournamentConfig(bots=("expert:work=20", "greedy"), games=2))
    assert [stats.faults for stats in result.bots.values()] == [0, 0]


@pytest.mark.parametrize(("seed", "games"), [(2**64, 2), (-(2**64), 2), (2**64 - 1, 4)])
def test_a_tournament_whose_seeds_leave_the_engine_s_range_is_refused_before_a_game(
    seed: int, games: int
) -> None:
    with pytest.raises(ValueError, match=rf"^seed {seed}: .*below 2\*\*64"):
        TournamentConfig(bots=("random", "random"), games=games, seed=seed)
