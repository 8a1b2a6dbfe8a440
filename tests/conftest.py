"""Set before any test module imports Textual, which reads them once: no animations, full colour.

Every test also gets its own empty config directory, so a developer's settings never
change what a test sees, and no test writes them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"
# Draw as for a full-colour terminal whatever TERM the tests run under (16-colour
# drawing is tested by asking for it).
os.environ["TEXTUAL_COLOR_SYSTEM"] = "truecolor"


@pytest.fixture(autouse=True)
def config_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point XDG_CONFIG_HOME at a fresh directory for the test."""
    home = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home
