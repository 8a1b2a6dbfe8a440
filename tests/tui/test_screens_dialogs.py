"""Pilot tests of the small dialogs: confirm and name prompt."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.name_prompt import NamePromptScreen


class Harness(App[None]):
    """Pushes one screen and records what it dismisses with."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.under_test = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.under_test, self.results.append)


def dismissed_with(screen: Screen[Any], *keys: str) -> list[Any]:
    """Run the screen, press the keys, return what it dismissed with."""

    async def run() -> list[Any]:
        app = Harness(screen)
        async with app.run_test() as pilot:
            await pilot.press(*keys)
            await pilot.pause()
        return app.results

    return asyncio.run(run())


def test_confirm_keys() -> None:
    assert dismissed_with(ConfirmScreen("Quit?"), "y") == [True]
    assert dismissed_with(ConfirmScreen("Quit?"), "n") == [False]
    assert dismissed_with(ConfirmScreen("Quit?"), "escape") == [False]


def test_confirm_buttons_and_labels() -> None:
    async def run() -> None:
        screen = ConfirmScreen("Abandon the game?", yes="Abandon", no="Keep playing")
        app = Harness(screen)
        async with app.run_test() as pilot:
            assert str(screen.query_one("#yes", Button).label) == "Abandon"
            assert str(screen.query_one("#no", Button).label) == "Keep playing"
            await pilot.click("#yes")
            assert app.results == [True]

    asyncio.run(run())
    # Enter presses the focused button, which is "no": the safe answer.
    assert dismissed_with(ConfirmScreen("Quit?"), "enter") == [False]


def test_name_prompt_default_and_typing() -> None:
    assert dismissed_with(NamePromptScreen("Save as", "game-1"), "enter") == ["game-1"]
    # The default is selected, so typing replaces it; the name is stripped.
    typed = dismissed_with(
        NamePromptScreen("Save as", "game-1"), "space", *"duel", "space", "enter"
    )
    assert typed == ["duel"]


def test_name_prompt_rejects_empty_and_cancels() -> None:
    async def run() -> None:
        screen = NamePromptScreen("Save as")
        app = Harness(screen)
        async with app.run_test() as pilot:
            await pilot.press("space", "enter")
            assert app.results == []
            assert "Type a name" in str(screen.query_one("#error", Label).render())
            await pilot.press("backspace", "x")
            assert str(screen.query_one("#error", Label).render()) == ""
            assert screen.query_one(Input).value == "x"
            await pilot.press("escape")
            assert app.results == [None]

    asyncio.run(run())
