"""A player's panel: its lines keep their columns whatever they count."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine.positions import build
from textual.app import App, ComposeResult

from marrakech.engine import GameState
from marrakech.tui.widgets.player_panel import PlayerPanel, coins

from .helpers import run, screen_text


class Panels(App[None]):
    """Both seats' panels, one above the other."""

    def compose(self) -> ComposeResult:
        yield PlayerPanel(0, "Ayla", None)
        yield PlayerPanel(1, "Bo", None)


async def panel_rows(state: GameState, holding: str) -> list[str]:
    """The rows of the first two seats' panels showing ``state`` that hold ``holding``."""
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        for panel in app.query(PlayerPanel):
            panel.show(state)
        await pilot.pause()
        return [row for row in screen_text(app).splitlines() if holding in row]


@run
async def test_the_next_colour_keeps_its_column_with_one_carpet_left() -> None:
    state = build(players=2, piles=["Y", "BGBGBGBGBGBGBGBGB"], phase="orient")
    rows = await panel_rows(state, "next")
    assert [row.split("next")[0].strip() for row in rows] == ["1 carpet,", "17 carpets,"]
    assert rows[0].index("next") == rows[1].index("next")


@pytest.mark.parametrize(
    ("players", "piles"),
    [(2, ["Y", "BGBGBGBGBGBG"]), (3, ["R", "BBBBBBBBBBBB", "YYYYYYYYYYYY"])],
)
@run
async def test_the_count_keeps_its_column_with_one_carpet_left(
    players: int, piles: list[str]
) -> None:
    # "1 carpet" is a column narrower than "12 carpets": it stood a column right, so at
    # the last carpet the count and its word moved.
    state = build(players=players, piles=piles, phase="orient")
    rows = await panel_rows(state, " carpet")
    words = [row.index(" carpet") for row in rows]
    assert words[0] == words[1], rows
    assert [row[words[0] - 1] for row in rows] == ["1", "2"], rows


@run
async def test_coins_are_shown_for_money_and_not_for_none() -> None:
    state = build(players=2, piles=["Y", "BGBGBGBGBGBGBGBGB"], phase="orient", money=[0, 12])
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        for panel in app.query(PlayerPanel):
            panel.show(state)
        await pilot.pause()
        money_rows = [row for row in screen_text(app).splitlines() if "dirham" in row]
    fives, ones = coins(12)
    shown = f"{fives}\N{MULTIPLICATION SIGN}5+{ones}\N{MULTIPLICATION SIGN}1"
    assert [row.split("dirhams")[1].split() for row in money_rows] == [[], [shown]]


class OnePanel(App[None]):
    """One seat's panel, ``width`` columns wide (the game's side panel is 33)."""

    def __init__(self, name: str, level: str | None, width: int) -> None:
        super().__init__()
        self.panel = PlayerPanel(0, name, level)
        self.panel.styles.width = width

    def compose(self) -> ComposeResult:
        yield self.panel


async def titles_shown(app: OnePanel, keyword: str, values: Sequence[object]) -> list[str]:
    """The panel's first line as drawn after each ``show`` with ``keyword`` (one of its
    keyword arguments) set to each of ``values``."""
    state = build(players=2, piles=["RRRRR", "BBBBB"], phase="orient")
    titles = []
    async with app.run_test(size=(40, 8)) as pilot:
        for value in values:
            app.panel.show(state, **{keyword: value})  # type: ignore[arg-type]
            await pilot.pause()
            titles.append(screen_text(app).splitlines()[0])
    return titles


# At 26 columns "hard" fits beside "30 pts · 5%", not beside "30 pts · 100%"; at 28, both.
@pytest.mark.parametrize(("width", "tagged"), [(26, False), (28, True)])
@run
async def test_a_computers_level_stays_as_its_chance_to_win_grows_a_digit(
    width: int, tagged: bool
) -> None:
    titles = await titles_shown(OnePanel("Ayla", "hard", width), "chance", ["5%", "50%", "100%"])
    assert ["hard" in title for title in titles] == [tagged] * 3, titles


@run
async def test_a_long_name_gives_way_to_the_word_that_its_player_is_away() -> None:
    app = OnePanel("Bartholomew the Magnificent 🐪", None, 33)
    (title,) = await titles_shown(app, "presence", ["away"])
    assert "… · away" in title, title
    assert title.lstrip("▶ ").startswith("Bartholomew"), title
