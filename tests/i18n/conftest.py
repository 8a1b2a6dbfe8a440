"""Fixtures for the tests of the game in other languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from marrakech.games import language


@pytest.fixture
def japanese() -> Iterator[None]:
    """The game speaks Japanese for the test, English again after."""
    assert language.use("ja") == "ja"
    yield
    language.use(language.ENGLISH)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Whatever a test switched to (``--lang ja`` through ``cli.main``), the next test
    starts in English."""
    yield
    language.use(language.ENGLISH)
