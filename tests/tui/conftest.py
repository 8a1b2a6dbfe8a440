"""The app's tests press keys as fast as a program can: the pauses that keep one person's
Enter from rolling the next person's die (``HANDOVER_SECONDS``) and a last move's Enter
from opening the summary over the results (``SETTLE_SECONDS``) are off unless a test puts
them back. The palette an app chose (16 colours, say) is put back to the full one after
each test: it is the drawing's, not the app's, and would colour the next test's boards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from marrakech.tui import palette
from marrakech.tui.screens import game, results


@pytest.fixture(autouse=True)
def no_handover_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game, "HANDOVER_SECONDS", 0.0)
    monkeypatch.setattr(results, "SETTLE_SECONDS", 0.0)


@pytest.fixture(autouse=True)
def full_palette_after() -> Iterator[None]:
    yield
    palette.use(palette.FULL)
