"""Nothing an outside bot does ends the game: whatever it raises, its name, what it prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from marrakech.bots import make_bot
from marrakech.bots.plugins import TimeLimited
from marrakech.engine import Phase
from marrakech.flow import GameFlow, Notice
from marrakech.games.session import GameSetup, Session


def bot_file(folder: Path, body: str, *, name: str = "    name = 'outside'") -> str:
    """A bot file whose class ``Bot`` runs ``body`` in choose() (then plays the first legal
    action); the bot's name, as ``new --bot`` takes it. One file per test (its own folder),
    so no test sees a bot another one loaded."""
    path = folder / "outside_bot.py"
    path.write_text(
        "import sys\n\n"
        "class Bot:\n"
        f"{name}\n"
        "    def __init__(self, seed=0):\n"
        "        self.seed = seed\n"
        "    def choose(self, state):\n"
        f"        {body}\n"
        "        return state.legal_actions()[0]\n"
    )
    return f"{path}:Bot"


def outside_flow(name: str, notices: list[Notice]) -> GameFlow:
    """A game whose first seat the outside bot plays (loaded now, as ``new --bot`` loads it)."""
    make_bot(name)
    setup = GameSetup(2, seats=(name, "person"), seed=4)
    return GameFlow(Session(setup), notices.append, autosave=False)


def play_computer(flow: GameFlow) -> None:
    """The computer seat's turn; nothing it raises may reach the caller."""
    try:
        while flow.computers.play_now():
            pass
    except BaseException as error:
        pytest.fail(f"the bot's {type(error).__name__} reached the game")


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("raise SystemExit(3)", "SystemExit: 3 (outside_bot.py:8)"),  # where in the bot
        ("raise KeyboardInterrupt", "KeyboardInterrupt (outside_bot.py:8)"),
        ("raise MemoryError", "MemoryError (outside_bot.py:8)"),
        ("raise GeneratorExit('stop')", "GeneratorExit: stop (outside_bot.py:8)"),
        ("return 'nonsense'", "it answered str, which is no action"),
    ],
)
def test_whatever_a_bot_raises_costs_it_that_move_only(
    tmp_path: Path, body: str, problem: str
) -> None:
    notices: list[Notice] = []
    flow = outside_flow(bot_file(tmp_path, body), notices)
    play_computer(flow)
    assert flow.person_to_move and flow.state.phase is Phase.ORIENT  # facing and carpet played
    said = [notice.text for notice in notices]
    assert said[0] == (
        f"Player 1's computer player failed ({problem}); the greedy one moves instead."
    )


@pytest.mark.parametrize(
    "name",
    [
        "    @property\n    def name(self):\n        raise RuntimeError('no name')",
        "    @property\n    def name(self):\n        raise SystemExit(4)",
        "    name = None",
    ],
)
def test_a_bot_whose_name_fails_is_called_by_the_name_it_was_loaded_by(
    tmp_path: Path, name: str
) -> None:
    spec = bot_file(tmp_path, "pass", name=name)
    try:
        bot = make_bot(spec)
    except BaseException as error:
        pytest.fail(f"building the bot raised {type(error).__name__}")
    assert bot.name == spec
    notices: list[Notice] = []
    flow = outside_flow(spec, notices)
    play_computer(flow)
    assert notices == [] and flow.person_to_move


def test_a_bot_whose_constructor_exits_is_refused_with_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "exiting.py"
    path.write_text("class Bot:\n    def __init__(self, seed=0):\n        raise SystemExit(5)\n")
    with pytest.raises(ValueError, match=r"cannot build the bot '.*exiting.py:Bot': SystemExit: 5"):
        make_bot(f"{path}:Bot")


def test_what_a_bot_prints_never_reaches_the_terminal(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    noisy = (
        "print('\\x1b[2J\\x1b]0;owned\\x07HELLO'); "
        "sys.stderr.write('\\x1b[31mERROR\\n'); "
        "sys.stdout.buffer.write(b'\\x1b[5mBYTES')"
    )
    spec = bot_file(tmp_path, noisy)
    (tmp_path / "outside_bot.py").write_text(
        "print('\\x1b[1mLOADED')\n" + (tmp_path / "outside_bot.py").read_text()
    )
    notices: list[Notice] = []
    flow = outside_flow(spec, notices)
    print("the game's own line")
    play_computer(flow)
    out, err = capfd.readouterr()
    assert "\x1b" not in out + err
    assert "HELLO" not in out + err and "LOADED" not in out + err and "BYTES" not in out
    assert "the game's own line" in out  # only the bot's output is kept back
    assert notices == [] and flow.person_to_move
    bot = flow.computers._bots[0]
    assert isinstance(bot, TimeLimited)
    assert "\\x1b[2J\\x1b]0;owned\\x07HELLO" in bot.printed  # kept, escaped
    assert "\\x1b[31mERROR" in bot.printed and "BYTES" in bot.printed
