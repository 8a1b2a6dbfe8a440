"""Pilot tests of the footer: the keys of the moment, dimmed in place, clickable, and only
as many as fit."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from marrakech.games import storage
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.review import ReviewScreen
from marrakech.tui.widgets.key_footer import PALETTE_MIN_WIDTH, FooterKeyCap, KeyFooter

from .helpers import keep_a_finished_game, run, screen_text, wait_until


class Turning(Screen[None]):
    """Left dims once turned left; Roll shows up only after a turn."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "turn('left')", "Left"),
        Binding("b", "turn('right')", "Right"),
        Binding("c", "roll", "Roll"),
        Binding("d", "secret", "Secret", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.turns: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeyFooter(palette_min_width=PALETTE_MIN_WIDTH)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn" and self.turns[-1:] == [parameters[0]]:
            return None
        if action == "roll":
            return bool(self.turns)
        return True

    def action_turn(self, direction: str) -> None:
        self.turns.append(direction)
        self.refresh_bindings()


class Harness(App[None]):
    """Shows the Turning screen and counts the bells."""

    def __init__(self) -> None:
        super().__init__()
        self.bells = 0

    def on_mount(self) -> None:
        self.push_screen(Turning())

    def bell(self) -> None:
        self.bells += 1


def footer_line(app: App[None]) -> str:
    return screen_text(app).splitlines()[-1]


def dimmed(app: App[None]) -> dict[str, bool]:
    return {key.binding.description: key.dimmed for key in app.screen.query(FooterKeyCap)}


@run
async def test_the_footer_shows_the_keys_of_the_moment_and_the_palette() -> None:
    app = Harness()
    async with app.run_test(size=(100, 5)) as pilot:
        await pilot.pause()
        line = footer_line(app)
        assert line.startswith("a Left b Right")
        assert line.endswith("^p palette")
        assert "Roll" not in line and "Secret" not in line
        assert dimmed(app) == {"Left": False, "Right": False, "palette": False}


@run
async def test_a_key_that_cannot_act_dims_in_place() -> None:
    app = Harness()
    async with app.run_test(size=(100, 5)) as pilot:
        # The footer follows the bindings once the screen has refreshed them.
        await pilot.press("b")
        await wait_until(pilot, lambda: "c Roll" in footer_line(app), "Roll in the footer")
        keys = list(app.screen.query(FooterKeyCap))
        assert footer_line(app).startswith("a Left b Right c Roll")
        await pilot.press("a")
        left = {"Left": True, "Right": False, "Roll": False, "palette": False}
        await wait_until(pilot, lambda: dimmed(app) == left, "only Left dimmed")
        await pilot.press("b")
        right = {"Left": False, "Right": True, "Roll": False, "palette": False}
        await wait_until(pilot, lambda: dimmed(app) == right, "only Right dimmed")
        assert list(app.screen.query(FooterKeyCap)) == keys  # dimmed, not rebuilt


@run
async def test_clicking_a_key_presses_it_and_a_dimmed_one_rings_the_bell() -> None:
    app = Harness()
    async with app.run_test(size=(100, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Turning)
        await pilot.click(app.screen.query(FooterKeyCap).first())
        await pilot.pause()
        assert screen.turns == ["left"]
        assert app.bells == 0
        await pilot.click(app.screen.query(FooterKeyCap).first())
        await pilot.pause()
        assert screen.turns == ["left"]
        assert app.bells == 1


@run
async def test_a_narrow_footer_leaves_the_palette_key_out_for_the_games_keys() -> None:
    app = Harness()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        assert "palette" not in footer_line(app)
        await pilot.resize_terminal(100, 5)
        await wait_until(pilot, lambda: "palette" in footer_line(app), "the wider footer")
        assert footer_line(app).endswith("^p palette")


@pytest.mark.slow
@run
async def test_the_review_s_footer_at_80_columns_shows_whole_keys_only() -> None:
    # It read "... Esc Back ^q Qu▏^p palette": the palette's key lay over the last one.
    app = MarrakechApp(session=storage.load_game(keep_a_finished_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_until(pilot, lambda: review.game.found is not None, "the review worked out")
        await wait_until(pilot, lambda: "All misses" in footer_line(app), "the footer")
        assert " ".join(footer_line(app).split()) == (
            "← Previous → Next space Other move a All misses Esc Back ^q Quit ? Help"
        )


@run
async def test_the_palette_s_key_shows_beside_a_form_s_few_keys_at_80_columns() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "? Help" in footer_line(app), "the form's footer")
        assert footer_line(app).endswith("^p palette")


@run
async def test_save_shows_where_the_game_keys_leave_room_and_the_palette_never_covers_them() -> (
    None
):
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "expert"), seed=5)
    # Nothing to redo: at 80 columns the dim redo makes room for save.
    for width, save, palette in ((80, True, False), (96, True, False), (110, True, True)):
        app = MarrakechApp(session=Session(setup))
        async with app.run_test(size=(width, 30)) as pilot:
            await pilot.pause()
            line = footer_line(app)
            assert line.startswith("← Left → Right ↑ Ahead ⏎ Roll u Undo"), line
            assert line.rstrip().endswith("^p palette" if palette else "? Help"), line
            assert ("l Log s Save ^q Quit ? Help" in line) is save, line
            assert ("^r Redo" in line) is (width > 80), line
