"""Every network test keeps its games in its own empty data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point XDG_DATA_HOME at a fresh directory; returns it."""
    home = tmp_path / "host-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
