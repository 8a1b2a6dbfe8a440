"""Settings that last between runs: the theme, the walk's pace, the risk preview, the
language; and the set-up of the last game started from the new-game form.

Kept as JSON in the platform's config directory (``$XDG_CONFIG_HOME/marrakech`` when
that is an absolute path). A missing, broken or hostile file gives the defaults and is
left as it is until a setting changes.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from marrakech.games import language as languages
from marrakech.games import storage
from marrakech.games.records import SaveFileError, outside_seats, setup_from_dict, setup_to_dict
from marrakech.games.session import PERSON, GameSetup

PACES: dict[str, float] = {"slow": 0.25, "normal": 0.15, "fast": 0.07}
"""Seconds Assam takes for a step of his walk, by pace."""

LOOP_PAUSE_STEPS = 3
"""A step along a border loop lasts this many steps, so a player sees him loop."""

SETTINGS_NAME = "settings.json"

LAST_SETUP_NAME = "last-game.json"
"""The set-up the new-game form last started, which it offers again at the next run."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What a player set, with the defaults a new player gets."""

    theme: str = "marrakech"
    walk_pace: str = "normal"
    """One of PACES."""
    risk_preview: bool | None = None
    """Shown or hidden; None: shown when a person plays."""
    language: str | None = None
    """One of ``language.LANGUAGES``; None: the locale's."""

    @property
    def step_seconds(self) -> float:
        """How long one step of the walk lasts."""
        return PACES.get(self.walk_pace, PACES["normal"])


def config_dir() -> Path:
    """Where the settings live."""
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / storage.APP_NAME
    return Path(platformdirs.user_config_dir(storage.APP_NAME, appauthor=False))


def load() -> Settings:
    """The settings on disk; the defaults for anything missing or unusable."""
    try:
        data = json.loads(storage.read_limited(config_dir() / SETTINGS_NAME))
    except (SaveFileError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    theme, pace, risk = data.get("theme"), data.get("walk_pace"), data.get("risk_preview")
    if not (isinstance(theme, str) and 0 < len(theme) <= 64 and theme.isprintable()):
        theme = defaults.theme
    if not (isinstance(pace, str) and pace in PACES):
        pace = defaults.walk_pace
    spoken = languages.known(data.get("language"))
    return Settings(theme, pace, risk if isinstance(risk, bool) else None, spoken)


def save(settings: Settings) -> None:
    """Write the settings (atomically); SaveFileError when they cannot be written."""
    text = json.dumps(asdict(settings), indent=1) + "\n"
    storage.write_atomic(config_dir() / SETTINGS_NAME, text, root=config_dir())


def load_last_setup() -> GameSetup | None:
    """The set-up the new-game form last started (without its seed), or None when there is
    none or it cannot be read: the form then offers its defaults. A seat an outside bot
    played comes back as a person's seat, since a file never runs a bot's code by itself."""
    try:
        data = json.loads(storage.read_limited(config_dir() / LAST_SETUP_NAME))
        setup = setup_from_dict(data, secret=False)
    except (SaveFileError, ValueError):
        return None
    outside = outside_seats(setup)
    if not outside:
        return setup
    seats = tuple(PERSON if seat in outside else kind for seat, kind in enumerate(setup.seats))
    return dataclasses.replace(setup, seats=seats)


def save_last_setup(setup: GameSetup) -> None:
    """Keep a set-up for the next run's new-game form (its seed is left out: every game gets
    new dice unless a seed is typed); SaveFileError when it cannot be written."""
    text = json.dumps(setup_to_dict(setup, secret=False), indent=1) + "\n"
    storage.write_atomic(config_dir() / LAST_SETUP_NAME, text, root=config_dir())
