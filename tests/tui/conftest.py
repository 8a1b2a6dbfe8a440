"""The app's tests press keys as fast as a program can: the pause that keeps one person's
Enter from rolling the next person's die (``HANDOVER_SECONDS``) is off unless a test
puts it back."""

from __future__ import annotations

import pytest

from marrakech.tui.screens import game


@pytest.fixture(autouse=True)
def no_handover_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game, "HANDOVER_SECONDS", 0.0)
