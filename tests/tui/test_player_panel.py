"""A player's panel: its lines keep their columns whatever they count."""

from __future__ import annotations

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
