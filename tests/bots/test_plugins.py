"""Outside bots: named as module:Class, file.py:Class or an entry point, and held to the rules."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from marrakech.bots import TimeLimited, make_bot
from marrakech.bots.tournament import TournamentConfig, play_tournament
from marrakech.engine import Action, GameState, Phase, Roll, new_game
from marrakech.games.levels import bot_named
from marrakech.tournament_cli import results_table

EXAMPLE = str(Path(__file__).parents[2] / "examples" / "cautious_bot.py") + ":CautiousBot"
"""The example outside bot, named by its file."""


def write_bot(folder: Path, body: str) -> str:
    """An outside bot file with the class ``Bot`` whose choose() runs ``body``; its name."""
    path = folder / "outside.py"
    path.write_text(
        "import time\n"
        "from marrakech.engine import Roll\n\n"
        "class Bot:\n"
        "    name = 'outside'\n"
        "    def __init__(self, seed=0):\n"
        "        self.seed = seed\n"
        "    def choose(self, state):\n"
        f"        {body}\n"
    )
    return f"{path}:Bot"


def test_the_example_bot_plays_legal_actions() -> None:
    bot = make_bot(EXAMPLE, seed=3)
    assert bot.name == "cautious"
    state = new_game(2, seed=1)
    for _ in range(30):
        if state.phase is not Phase.ROLL:
            action = bot.choose(state)
            assert state.is_legal(action)
        else:
            action = Roll(2)
        state = state.apply(action)


def test_a_module_and_class_name_an_outside_bot() -> None:
    bot = make_bot("marrakech.bots.simple:GreedyBot", seed=2)
    state = new_game(2, seed=1)
    assert bot.choose(state) == make_bot("greedy", seed=2).choose(state)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("no_such_module_here:Bot", "ModuleNotFoundError"),
        ("marrakech.bots.simple:NoSuchBot", "has no class 'NoSuchBot'"),
        ("missing/file.py:Bot", "no such file"),
    ],
)
def test_an_outside_bot_that_cannot_be_loaded_is_a_clear_error(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name)


def test_an_installed_package_offers_its_bot_by_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = tmp_path / "cautious_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cautious-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[marrakech.bots]\nplain-greedy = marrakech.bots.simple:GreedyBot\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert bot_named("plain-greedy") == "plain-greedy"
    state = new_game(2, seed=1)
    assert make_bot("plain-greedy", seed=4).choose(state) == make_bot("greedy", seed=4).choose(
        state
    )


class Sleeper:
    """A bot that thinks far too long."""

    name = "sleeper"

    def choose(self, state: GameState) -> Action:
        time.sleep(5)
        return state.legal_actions()[0]


def test_an_outside_bot_that_hangs_gives_up_on_time() -> None:
    bot = TimeLimited(Sleeper(), "sleeper", time_limit=0.05)
    start = time.perf_counter()
    with pytest.raises(TimeoutError, match=re.escape("took longer than 0.05 s")):
        bot.choose(new_game(2, seed=1))
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize(
    ("body", "first"),
    [
        ("raise RuntimeError('bug')", "RuntimeError: bug"),
        ("return Roll(4)", "cannot roll now: the game waits for the current player to orient"),
        ("return 'nonsense'", "it answered str, which is no action"),
    ],
)
def test_the_tournament_counts_a_failing_bot_s_faults_and_says_the_first(
    tmp_path: Path, body: str, first: str
) -> None:
    name = write_bot(tmp_path, body)
    result = play_tournament(TournamentConfig(bots=(name, "greedy"), games=2))
    faulty, greedy = result.bots[name], result.bots["greedy"]
    assert result.games_played == 2
    assert faulty.faults >= 2 * 20  # every decision of both games, at least 20 carpets each
    assert faulty.first_fault is not None and faulty.first_fault.startswith(first)
    assert greedy.faults == 0 and greedy.first_fault is None
    caption = str(results_table(result).caption)
    assert f"{name}: {faulty.faults} faults (the greedy bot moved instead); the first: " in (
        caption
    )


def test_the_example_bot_plays_a_tournament_without_faults() -> None:
    result = play_tournament(TournamentConfig(bots=(EXAMPLE, "random"), games=4))
    summary = result.to_json()["bots"][EXAMPLE]
    assert summary["games"] == 4 and summary["faults"] == 0
    assert summary["settings"] == "outside bot, 10 s a decision"
