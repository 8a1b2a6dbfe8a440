"""Outside bots: named as module:Class, file.py:Class or an entry point, and held to the rules."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from marrakech.bots import TimeLimited, make_bot
from marrakech.bots.plugins import StillThinking, problem_of
from marrakech.bots.tournament import TournamentConfig, play_tournament
from marrakech.engine import Action, Colour, GameState, Phase, Roll, new_game
from marrakech.games.levels import bot_named
from marrakech.tournament_cli import results_table

EXAMPLE = str(Path(__file__).parents[2] / "examples" / "cautious_bot.py") + ":CautiousBot"
"""The example outside bot, named by its file."""


def write_bot(folder: Path, body: str) -> str:
    """An outside bot file with the class ``Bot`` whose choose() runs ``body``; its name."""
    path = folder / "outside.py"
    path.write_text(
        "import time\n"
        "from marrakech.engine import Place, Roll\n\n"
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
        (
            "marrakech.bots.simple:greedybot",
            r"has no class 'greedybot' \(did you mean 'GreedyBot'\?\)",
        ),
        ("marrakech.bots.simple:T", "'T' in 'marrakech.bots.simple' is no class"),
        ("missing/file.py:Bot", "no such file"),
    ],
)
def test_an_outside_bot_that_cannot_be_loaded_is_a_clear_error(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name)


def test_a_bot_file_imports_the_modules_beside_it(tmp_path: Path) -> None:
    (tmp_path / "helpers_of_mine.py").write_text(
        "def pick(state):\n    return state.legal_actions()[0]\n"
    )
    path = tmp_path / "sibling.py"
    path.write_text(
        "from helpers_of_mine import pick\n\n"
        "class Bot:\n"
        "    name = 'sibling'\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return pick(state)\n"
    )
    state = new_game(2, seed=1)
    assert make_bot(f"{path}:Bot").choose(state) == state.legal_actions()[0]


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


class Stuck:
    """A bot whose first decision waits for ``release``; it counts the decisions it is in."""

    name = "stuck"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.thinking = 0
        self.most = 0

    def choose(self, state: GameState) -> Action:
        self.thinking += 1
        self.most = max(self.most, self.thinking)
        self.release.wait()
        self.thinking -= 1
        return state.legal_actions()[0]


def test_a_bot_still_thinking_past_its_time_is_not_asked_again_until_it_is_done() -> None:
    stuck = Stuck()
    bot = TimeLimited(stuck, "stuck", time_limit=0.05)
    state = new_game(2, seed=1)
    with pytest.raises(TimeoutError, match=re.escape("took longer than 0.05 s")):
        bot.choose(state)
    for _ in range(3):  # at once, without a second decision on the same bot object
        with pytest.raises(TimeoutError, match="still thinking about an earlier decision"):
            bot.choose(state)
    stuck.release.set()
    for thread in threading.enumerate():
        if thread.name == "bot stuck":
            thread.join(10)
    assert bot.choose(state) in state.legal_actions()  # done: asked again
    assert stuck.most == 1


class PileReader:
    """A bot that notes the piles it is shown below their tops."""

    name = "reader"

    def __init__(self) -> None:
        self.seen: list[tuple[tuple[Colour, ...], ...]] = []

    def choose(self, state: GameState) -> Action:
        self.seen.append(tuple(player.pile for player in state.players))
        return state.legal_actions()[0]


def test_an_outside_bot_sees_the_piles_as_a_player_does_not_their_real_order() -> None:
    reader = PileReader()
    bot = TimeLimited(reader, "reader", time_limit=5, seed=7)
    states = [new_game(2, seed=seed) for seed in range(10)]
    for state in states:
        bot.choose(state)
    for state, seen in zip(states, reader.seen, strict=True):
        for player, pile in zip(state.players, seen, strict=True):
            assert pile[0] == player.pile[0]  # the top is public
            assert sorted(pile) == sorted(player.pile)  # so are the counts
    real = [tuple(player.pile for player in state.players) for state in states]
    assert reader.seen != real  # the order below the tops is not


@pytest.mark.parametrize(
    ("body", "first"),
    [
        ("raise RuntimeError('bug')", "RuntimeError: bug (outside.py:9)"),  # the bot's line
        ("return Roll(4)", "cannot roll now: the game waits for the current player to orient"),
        ("return 'nonsense'", "it answered str, which is no action"),
        (  # too long to show whole: its middle goes, never the bot's line
            "state.apply(Place((0, 0), (6, 6)))",
            "IllegalAction: cannot lay a carpet",
        ),
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
    # Where, to play it again: the game's seed, the seat (as the tables count and as the
    # engine does), the phase and the carpet.
    where = r"game seed \d+, seat ([12]) \(state.current ([01])\), turn [12] \(orient\): "
    assert faulty.first_fault is not None
    found = re.match(where + re.escape(first), faulty.first_fault)
    assert found, faulty.first_fault
    assert int(found[1]) == int(found[2]) + 1
    assert len(faulty.first_fault) <= 160
    if "apply" in body or "raise" in body:
        assert faulty.first_fault.endswith("(outside.py:9)")
    assert greedy.faults == 0 and greedy.first_fault is None
    caption = str(results_table(result).caption)
    assert f"{name}: {faulty.faults} faults (the greedy bot moved instead); the first: " in (
        caption
    )


def test_the_example_bot_plays_a_tournament_without_faults() -> None:
    result = play_tournament(TournamentConfig(bots=(EXAMPLE, "random"), games=4))
    summary = result.to_json()["bots"][EXAMPLE]
    assert summary["games"] == 4 and summary["faults"] == 0
    assert summary["settings"] == "outside bot, 10 s a decision, its own name 'cautious'"


def test_a_bot_that_cannot_be_built_for_a_game_s_seed_is_that_game_s_faults(
    tmp_path: Path,
) -> None:
    # It loads (built with seed 0 where it is named), then refuses every game's seed: the
    # tournament went down with a traceback and no table. It plays on, each decision a
    # fault, and says why and where.
    path = tmp_path / "picky.py"
    path.write_text(
        "class Bot:\n"
        "    def __init__(self, seed=0):\n"
        "        if seed != 0:\n"
        "            raise ValueError(f'bad seed {seed}')\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    name = f"{path}:Bot"
    make_bot(name)
    result = play_tournament(TournamentConfig(bots=(name, "greedy"), games=2))
    picky = result.bots[name]
    assert result.games_played == 2 and picky.faults >= 2 * 20
    assert picky.first_fault is not None
    assert re.search(
        r": cannot be built with seed (\d+): ValueError: bad seed \1 \(picky\.py:4\)$",
        picky.first_fault,
    ), picky.first_fault


@pytest.mark.parametrize(
    ("named", "said"),
    [
        # A file named as a module, from its folder: the form that works is named.
        ("helpful:Bot", "(for the file 'helpful.py', name it 'helpful.py:Bot')"),
        # A class that takes no seed: how the game builds it.
        ("helpful.py:NoSeed", "TypeError: NoSeed() takes no arguments (it is built as "),
        # Settings after an outside bot: they are for the game's own levels.
        ("helpful.py:Bot:work=5", "an outside bot takes no settings (name it as 'helpful.py:Bot')"),
        (
            "helpful.py:Bot:a=1:b=2",
            "an outside bot takes no settings (name it as 'helpful.py:Bot')",
        ),
    ],
)
def test_a_bot_named_the_wrong_way_is_refused_with_the_way_that_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named: str, said: str
) -> None:
    (tmp_path / "helpful.py").write_text(
        "class Bot:\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n\n"
        "class NoSeed:\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=re.escape(said)):
        make_bot(named)


def test_a_bot_given_up_on_answers_at_once_however_long_its_limit() -> None:
    # Quitting the app while an outside bot thinks left a blank screen until its time
    # limit ran out: the program waited for the thread that waits for the bot.
    release = threading.Event()

    class Stuck:
        name = "stuck"

        def choose(self, state: GameState) -> Action:
            release.wait(60)
            return state.legal_actions()[0]

    bot = TimeLimited(Stuck(), "stuck", time_limit=60)
    answered: list[BaseException] = []

    def ask() -> None:
        try:
            bot.choose(new_game(2, seed=1))
        except BaseException as error:
            answered.append(error)

    asking = threading.Thread(target=ask)
    asking.start()
    bot.give_up()
    asking.join(20)  # far less than the bot's minute
    release.set()
    assert not asking.is_alive()
    assert len(answered) == 1 and isinstance(answered[0], TimeoutError)
    assert str(answered[0]) == "given up: the game was closed"


def test_a_module_bot_missing_a_package_is_told_so_where_it_imports_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The module is found; what it imports is not: the hint to name it as a file would
    # not help, the line that imports the missing package does.
    (tmp_path / "needy.py").write_text("import not_installed_dependency\n\nclass Bot:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as refused:
        make_bot("needy:Bot")
    said = str(refused.value)
    assert said.endswith("No module named 'not_installed_dependency' (needy.py:1)"), said


@pytest.mark.xdist_group("writes-in-the-project-folder")  # as the quality tools read it
def test_a_bot_file_beside_the_game_s_package_is_placed_in_its_own_line_not_the_game_s() -> None:
    # A bot file in the project's folder (as `--bots mybot.py:MyBot` from a clone) has the
    # game's package and the virtual environment's libraries in its folder: an error raised
    # in the game's code was placed there ("levels.py:130"), not on the bot's line.
    path = Path(__file__).parents[2] / f"bot_beside_the_game_{uuid.uuid4().hex}.py"
    path.write_text(
        "from marrakech.games.levels import computer_named\n\n\n"
        "class Bot:\n"
        "    def __init__(self, seed: int = 0) -> None:\n"
        '        computer_named("wizard")\n'
    )
    script = f"from marrakech.bots import make_bot\nmake_bot({str(path) + ':Bot'!r})"
    try:  # in a process of its own: the bot's folder, this project's, stays the bot's there
        run = subprocess.run(
            [sys.executable, "-B", "-c", script],  # -B: no bytecode left beside the project
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        path.unlink()
    said = run.stderr.strip().splitlines()[-1]
    assert "unknown computer level 'wizard'" in said
    assert said.endswith(f"({path.name}:6)"), said


def test_a_time_out_is_said_in_the_game_s_words_without_a_class_name() -> None:
    thread = threading.Thread(target=lambda: None)
    assert problem_of(StillThinking("took longer than 10 s", thread)) == "took longer than 10 s"


def test_a_bot_s_own_name_with_escapes_is_quoted_once(tmp_path: Path) -> None:
    path = tmp_path / "loud.py"
    path.write_text(
        "class Bot:\n"
        "    name = '\\x1b]0;pwned\\x07esc'\n"
        "    def __init__(self, seed=0):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n"
    )
    settings = make_bot(f"{path}:Bot").settings  # type: ignore[attr-defined]
    assert settings.endswith(r"its own name '\x1b]0;pwned\x07esc'"), settings
