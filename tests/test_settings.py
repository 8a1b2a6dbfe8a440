"""Settings last between runs, and a broken settings file gives the defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marrakech.engine import Orient, Turn
from marrakech.flow import looped_steps
from marrakech.games import settings
from marrakech.games.dice import LoadedDie
from marrakech.games.session import GameSetup, Session
from marrakech.games.settings import Settings
from marrakech.tui.screens.game_status import walk_timing


def test_settings_round_trip_in_the_config_directory(config_home: Path) -> None:
    assert settings.load() == Settings()
    chosen = Settings(theme="nord", walk_pace="slow", risk_preview=False)
    settings.save(chosen)
    assert (config_home / "marrakech" / "settings.json").is_file()
    assert settings.load() == chosen
    assert chosen.step_seconds == settings.PACES["slow"]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"walk_pace": ["slow"], "risk_preview": 1, "theme": "x\\u001b[2J"}',
        '{"walk_pace": "warp", "theme": ""}',
    ],
)
def test_a_broken_settings_file_gives_the_defaults_and_is_left_alone(
    config_home: Path, text: str
) -> None:
    path = config_home / "marrakech" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert settings.load() == Settings()
    assert path.read_text(encoding="utf-8") == text


def test_unknown_fields_are_ignored_and_good_ones_kept(config_home: Path) -> None:
    path = config_home / "marrakech" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"walk_pace": "fast", "colour": "mauve"}), encoding="utf-8")
    assert settings.load() == Settings(walk_pace="fast")


def test_a_step_round_the_border_is_known_to_be_a_loop() -> None:
    # From (3,3) facing N, a roll of 4: (2,3), (1,3), (0,3), then the top arc to (0,2).
    session = Session(GameSetup(2), dice=LoadedDie((4,)))
    session.play(Orient(Turn.STRAIGHT))
    roll = session.roll()
    assert [square for square, _ in roll.path] == [(2, 3), (1, 3), (0, 3), (0, 2)]
    assert looped_steps(roll) == (False, False, False, True)
    assert walk_timing(roll, 0.1) == (0.1, 0.1, 0.1, 0.1 * settings.LOOP_PAUSE_STEPS)


def test_the_last_set_up_is_kept_without_its_seed(config_home: Path) -> None:
    assert settings.load_last_setup() is None
    setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seats=("person", "expert", "hard"), seed=9)
    settings.save_last_setup(setup)
    kept = settings.load_last_setup()
    assert kept is not None
    assert (kept.players, kept.names, kept.seats, kept.seed) == (3, setup.names, setup.seats, 0)


def test_a_kept_outside_bot_comes_back_as_a_person(config_home: Path) -> None:
    settings.save_last_setup(GameSetup(2, seats=("person", "my_bots:Clever")))
    kept = settings.load_last_setup()
    assert kept is not None and kept.seats == ("person", "person")


@pytest.mark.parametrize("text", ["not json", '{"players": 7}', '{"players": 2, "names": [1]}'])
def test_a_broken_last_set_up_is_forgotten_and_left_alone(config_home: Path, text: str) -> None:
    path = config_home / "marrakech" / settings.LAST_SETUP_NAME
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert settings.load_last_setup() is None
    assert path.read_text(encoding="utf-8") == text
