"""What every test shares.

Set before any test module imports Textual, which reads them once: no animations, full
colour. Hypothesis runs without deadlines. Every test gets its own empty config and data
directories (``config_home``, ``data_home``), so a developer's settings and games never
change what a test sees, and no test writes them; they are numbered within the worker's own
temporary folder, so tests running side by side (pytest-xdist) never share one.
"""

from __future__ import annotations

import gc
import itertools
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Keep the compiled bytecode of what the tests import (Textual, the test modules as pytest
# rewrites them) even where PYTHONDONTWRITEBYTECODE is set: every worker of every run would
# compile them all again, about 3 s of processor time each. The files go to __pycache__
# folders, which git ignores.
sys.dont_write_bytecode = False

os.environ["TEXTUAL_ANIMATIONS"] = "none"
# Draw as for a full-colour terminal whatever TERM the tests run under (16-colour
# drawing is tested by asking for it).
os.environ["TEXTUAL_COLOR_SYSTEM"] = "truecolor"

# No test depends on timing: hypothesis's deadline (200 ms an example) and its "too slow"
# health check would fail tests on a busy machine. A test's own @settings still decide the
# rest (number of examples, other health checks).
settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")

_NUMBERS = itertools.count()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Spare the garbage collector what every test shares, collected once (the imported
    modules, the collected tests), and let it run less often: the Pilot tests make many
    short-lived objects, and collecting took about a fifth of their processor time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (the default options) runs two workers per core: a Pilot test spends about
    half its time waiting for the app to be idle, and a second worker uses that time.

    PYTEST_XDIST_AUTO_NUM_WORKERS, when set, decides instead (pytest-xdist reads it).
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    return 2 * cores


@pytest.fixture(scope="session")
def homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding each test's home (one per session and worker)."""
    return tmp_path_factory.mktemp("homes")


@pytest.fixture
def home(homes: Path) -> Path:
    """A fresh folder of the test's own: its config and data directories go inside."""
    path = homes / str(next(_NUMBERS))
    path.mkdir()
    return path


@pytest.fixture(autouse=True)
def config_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point XDG_CONFIG_HOME at a fresh, empty directory for the test; returns it."""
    path = home / "config"
    path.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(path))
    return path


@pytest.fixture(autouse=True)
def data_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point XDG_DATA_HOME at a fresh directory for the test; returns the app's data
    directory inside it (``$XDG_DATA_HOME/marrakech``, where the games, saves and logs go).

    Neither exists yet. A subprocess gets the same place with
    ``XDG_DATA_HOME=data_home.parent``.
    """
    xdg = home / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    return xdg / "marrakech"
