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
from collections.abc import Iterator
from pathlib import Path

import pytest

# Keep the compiled bytecode of what the tests import (Hypothesis and the test modules as
# pytest rewrites them, Textual) even where PYTHONDONTWRITEBYTECODE is set: each process of
# every run would compile them all again, seconds of processor time each. The files go to
# __pycache__ folders, which git ignores. (So Hypothesis is imported below, after this.)
sys.dont_write_bytecode = False

os.environ["TEXTUAL_ANIMATIONS"] = "none"
# Draw as for a full-colour terminal whatever TERM the tests run under (16-colour
# drawing is tested by asking for it).
os.environ["TEXTUAL_COLOR_SYSTEM"] = "truecolor"

# The game speaks the locale's language: the tests expect English wherever they run, and
# ask for another language when they test one (tests/i18n).
for _variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"
os.environ.pop("MARRAKECH_TEXT", None)  # a screen reader's user may export it: not here


def runs_tests(config: pytest.Config) -> bool:
    """Whether this process runs tests: not so pytest-xdist's controller, which hands them
    to its workers (and would import Textual for nothing, half a second)."""
    return hasattr(config, "workerinput") or getattr(config.option, "dist", "no") == "no"


def pytest_sessionstart(session: pytest.Session) -> None:
    """A notice stays on screen a few seconds (Textual's default); on a busy machine a
    test may look for it later than that, so in the tests it stays until the test ends."""
    if not runs_tests(session.config):
        return
    from textual.app import App

    App.NOTIFICATION_TIMEOUT = 3600
    _share_parsed_css()


def _share_parsed_css() -> None:
    """Parse each piece of CSS once per process, not once per app.

    Every app the tests start parses the same stylesheets again (Textual's cache belongs to
    one app's stylesheet): about a third of starting one. The shared cache is keyed by what
    the parse reads, the CSS variables included, so a theme or another palette parses anew;
    a parse that fails is not kept. If Textual's stylesheet no longer has the method, the
    tests run as they are, only slower.
    """
    from textual.css.stylesheet import Stylesheet

    parse_rules = getattr(Stylesheet, "_parse_rules", None)
    if parse_rules is None:
        return
    parsed: dict[tuple[object, ...], object] = {}

    def shared_parse_rules(
        self: Stylesheet,
        css: str,
        read_from: object,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> object:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    Stylesheet._parse_rules = shared_parse_rules  # type: ignore[method-assign]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker per core and one more. The app's tests spend part of their time
    waiting for its timers and refreshes; a spare worker fills that time."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config: pytest.Config) -> None:
    """No test depends on timing: Hypothesis's deadline (200 ms an example) and its "too
    slow" health check would fail tests on a busy machine. The quick suite
    (``-m "not slow"``) tries fewer examples of each property (tests/property_budget.py);
    a test's own @settings decide the rest."""
    if not runs_tests(config):
        return
    import property_budget
    from hypothesis import HealthCheck, settings

    property_budget.quick = "not slow" in (config.getoption("markexpr") or "")
    untimed = settings(
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        max_examples=property_budget.examples(settings.default.max_examples),
    )
    settings.register_profile("untimed", untimed)
    settings.load_profile("untimed")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (a stable sort), so the workers share them from the start and the
    quick ones even out the end, instead of one long test running on alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


_NUMBERS = itertools.count()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Spare the garbage collector what every test shares, collected once (the imported
    modules, the collected tests), and let it run less often: the Pilot tests make many
    short-lived objects, and collecting took about a fifth of their processor time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000)


@pytest.fixture(scope="session")
def homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding each test's home (one per session and worker)."""
    return tmp_path_factory.mktemp("homes")


@pytest.fixture(autouse=True)
def home(homes: Path) -> Iterator[Path]:
    """A fresh folder of the test's own, for XDG_CONFIG_HOME (``config``, empty) and
    XDG_DATA_HOME (``data``, not made yet); set for the test, then restored.

    (One autouse fixture, without monkeypatch: it runs for each of some 2,000 tests.)
    """
    path = homes / str(next(_NUMBERS))
    (path / "config").mkdir(parents=True)
    saved = {name: os.environ.get(name) for name in XDG}
    os.environ.update({name: str(path / folder) for name, folder in XDG.items()})
    yield path
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


XDG = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data"}
"""The variables ``home`` sets, and the folder of the home each one names."""


@pytest.fixture
def config_home(home: Path) -> Path:
    """The test's XDG_CONFIG_HOME: a fresh, empty directory."""
    return home / XDG["XDG_CONFIG_HOME"]


@pytest.fixture
def data_home(home: Path) -> Path:
    """The app's data directory in the test's XDG_DATA_HOME (``$XDG_DATA_HOME/marrakech``,
    where the games, saves and logs go). It does not exist yet. A subprocess gets the same
    place with ``XDG_DATA_HOME=data_home.parent``.
    """
    return home / XDG["XDG_DATA_HOME"] / "marrakech"
