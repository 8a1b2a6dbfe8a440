"""Pilot tests of the help screen: the keys of the screen underneath, the rules, closing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.table import Table
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Label, Markdown, Static, TabbedContent

from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens import help as help_module
from marrakech.tui.screens.help import RULES_PATH, HelpScreen, plain_fences
from marrakech.tui.widgets.legend import LEGEND


class GameLike(Screen[None]):
    """Stands in for the game screen: a few keys, one of them hidden, one with no
    description and one that cannot act now (dimmed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+r", "redo", "Redo"),
        Binding("left", "turn_left", "Turn left", show=False),
        Binding("x", "secret"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "redo" else True

    def compose(self) -> ComposeResult:
        yield Label("the game")

    def on_mount(self) -> None:
        self.app.push_screen(HelpScreen(), self.app.results.append)  # type: ignore[attr-defined]


class Harness(App[None]):
    """Shows the stand-in game screen, which opens the help at once."""

    def __init__(self) -> None:
        super().__init__()
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(GameLike())


PALETTE_ROW = "Command palette: this screen's commands, the language, the theme, Assam's pace"


def keys_listed(screen: HelpScreen) -> list[tuple[str, str]]:
    table = screen.query_one("#keys", Static).content
    assert isinstance(table, Table)
    keys, descriptions = (list(column.cells) for column in table.columns)
    return list(zip(keys, descriptions, strict=True))


@pytest.mark.slow
def test_help_lists_keys_shows_rules_and_closes() -> None:
    async def run() -> None:
        app = Harness()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            assert keys_listed(screen) == [
                ("r", "Roll"),
                ("u ^z", "Undo"),
                ("←", "Turn left"),
                ("^p", PALETTE_ROW),
                ("^r", "Redo (not now)"),
                ("Esc q ?", "close this help"),
            ]
            await pilot.press("right")
            assert screen.query_one(TabbedContent).active == "rules-tab"
            await pilot.pause()
            rules = screen.query_one(Markdown)
            assert rules.source.startswith("# How to play Marrakech")
            assert "## The edge of the market" in rules.source
            await pilot.press("right")
            assert screen.query_one(TabbedContent).active == "marks-tab"
            marks = str(screen.query_one("#marks").render())
            assert all(mark in marks for mark, _ in LEGEND)
            await pilot.press("question_mark")
            assert app.results == [None]
            assert isinstance(app.screen, GameLike)

    asyncio.run(run())


async def keys_of(app: MarrakechApp, pilot: Pilot[None]) -> list[tuple[str, str]]:
    """The keys the help lists over the screen shown (the help closed again)."""
    await pilot.press("question_mark")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    listed = keys_listed(screen)
    await pilot.press("escape")
    await pilot.pause()
    return listed


def test_the_way_picked_is_listed_as_picked_already_not_as_not_now() -> None:
    # At the first facing "↑ Ahead (not now)" read as if going ahead were not allowed.
    async def run() -> None:
        app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "greedy"), seed=8)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            listed = await keys_of(app, pilot)
            # The footer leaves the palette's key out at 80 columns: the help lists it.
            assert ("^p", PALETTE_ROW) in listed
            assert ("↑", "Ahead (picked already)") in listed
            assert ("←", "Left") in listed
            assert ("u", "Undo (not now)") in listed  # nothing more to say of the others
            await pilot.press("left")
            listed = await keys_of(app, pilot)
            assert ("←", "Left (picked already)") in listed and ("↑", "Ahead") in listed

    asyncio.run(run())


@pytest.mark.slow
def test_only_a_game_says_its_keys_change_as_a_turn_goes_on() -> None:
    async def heading(app: MarrakechApp) -> str:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("f1")  # on the form, ? is typed into a name
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            return str(app.screen.query_one("#now", Static).render())

    async def run() -> None:
        over_the_form = await heading(MarrakechApp())
        assert over_the_form == "The keys of this screen:"
        over_a_game = await heading(MarrakechApp(session=Session(GameSetup(2, seed=8))))
        assert over_a_game == "The keys of this screen (they change as a turn goes on):"

    asyncio.run(run())


@pytest.mark.slow
def test_in_the_lessons_the_way_picked_is_listed_as_picked_already() -> None:
    async def run() -> None:
        app = MarrakechApp(tutorial=True)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert ("↑", "Ahead (picked already)") in await keys_of(app, pilot)

    asyncio.run(run())


def test_the_rules_in_the_app_are_written_for_players() -> None:
    text = RULES_PATH.read_text(encoding="utf-8")
    for engineering in ("seeds", "rules-decisions", "784", "engine", ".md", "test", "seat 0"):
        assert engineering not in text, engineering
    for part in ("Turn Assam", "Roll", "Pay", "Lay a carpet", "The end", "Two players"):
        assert part in text
    assert text.count("```text") == 3  # the loops, a toll region, legal and illegal carpets


def test_the_review_tab_names_every_part_a_hint_may_quote() -> None:
    from marrakech.flow.hint import OTHER_WORDS, PART_WORDS

    text = help_module.review_help()
    assert "## Reading a hint" in text and "points of your lead" in text
    for words in PART_WORDS.values():
        assert f"*{words}*" in text, words
    assert f"*{OTHER_WORDS[0].upper()}{OTHER_WORDS[1:]}*" in text


@pytest.mark.parametrize("key", ["escape", "q"])
def test_help_without_rules_file_says_so(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    monkeypatch.setattr(help_module, "RULES_PATH", Path("/nowhere/rules-2024.md"))

    async def run() -> None:
        app = Harness()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            message = str(app.screen.query_one("#rules Static", Static).render())
            assert "The rules are missing" in message
            assert "/nowhere/rules-2024.md" in message
            await pilot.press(key)
            assert app.results == [None]

    asyncio.run(run())


def test_plain_fences_marks_only_bare_opening_fences() -> None:
    text = "a\n```\nboard\n```\n```python\nx = 1\n```\n```\nmore\n```"
    assert plain_fences(text) == (
        "a\n```text\nboard\n```\n```python\nx = 1\n```\n```text\nmore\n```"
    )
