"""A player's panel: its lines keep their columns whatever they count."""

from __future__ import annotations

import pytest
from engine.positions import build
from textual.app import App, ComposeResult

from marrakech.tui.widgets.player_panel import PlayerPanel

from .helpers import run, screen_text


class Panels(App[None]):
    """Both seats' panels, one above the other."""

    def compose(self) -> ComposeResult:
        yield PlayerPanel(0, "Ayla", None)
        yield PlayerPanel(1, "Bo", None)


@run
async def test_the_next_colour_keeps_its_column_with_one_carpet_left() -> None:
    state = build(players=2, piles=["Y", "BGBGBGBGBGBGBGBGB"], phase="orient")
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        for panel in app.query(PlayerPanel):
            panel.show(state)
        await pilot.pause()
        rows = [row for row in screen_text(app).splitlines() if "next" in row]
        assert [row.split("next")[0].strip() for row in rows] == ["1 carpet,", "17 carpets,"]
        assert rows[0].index("next") == rows[1].index("next")


class Computers(App[None]):
    """A hard computer's panel, ``width`` columns wide."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        panel = PlayerPanel(0, "Ayla", "hard")
        panel.styles.width = self.width
        yield panel


# At 26 columns "hard" fits beside "30 pts · 5%", not beside "30 pts · 100%"; at 28, both.
@pytest.mark.parametrize(("width", "tagged"), [(26, False), (28, True)])
@run
async def test_a_computers_level_stays_as_its_chance_to_win_grows_a_digit(
    width: int, tagged: bool
) -> None:
    state = build(players=2, piles=["RRRRR", "BBBBB"], phase="orient")
    app = Computers(width)
    async with app.run_test(size=(40, 8)) as pilot:
        panel = app.query_one(PlayerPanel)
        titles = []
        for chance in (0.05, 0.5, 1.0):
            panel.show(state, chance=chance)
            await pilot.pause()
            titles.append(screen_text(app).splitlines()[0])
    assert ["hard" in title for title in titles] == [tagged] * 3, titles


class Away(App[None]):
    """A friend's panel with a long name, as wide as the game's side panel."""

    CSS = "PlayerPanel { width: 33; }"

    def compose(self) -> ComposeResult:
        yield PlayerPanel(1, "Bartholomew the Magnificent 🐪", None)


@run
async def test_a_long_name_gives_way_to_the_word_that_its_player_is_away() -> None:
    state = build(players=2, piles=["RRRRR", "BBBBB"], phase="orient")
    app = Away()
    async with app.run_test(size=(40, 8)) as pilot:
        app.query_one(PlayerPanel).show(state, presence="away")
        await pilot.pause()
        title = screen_text(app).splitlines()[0]
    assert "… · away" in title, title
    assert title.lstrip().startswith("Bartholomew"), title
