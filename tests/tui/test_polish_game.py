"""The game and its screens, polished (issue #28): the die at a new turn, Undo in hot-seat,
the help (its width, its page keys, its words for the arrows), the new-game form's focus,
where Saved games says the games are kept."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from textual.color import Color
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, Static, TabbedContent

from marrakech.engine import Phase, Variant
from marrakech.games.dice import LoadedDie
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens import game as game_module
from marrakech.tui.screens.help import HelpScreen
from marrakech.tui.screens.saves import SavesScreen
from marrakech.tui.screens.setup import NewGameScreen
from marrakech.tui.widgets.board import BoardWidget

from .helpers import position, run, screen_text, wait_until
from .test_screens_saves import open_saves


def footer(app: MarrakechApp) -> str:
    return screen_text(app).splitlines()[-1]


def die_line(app: MarrakechApp) -> str:
    return next(line for line in screen_text(app).splitlines() if " Die " in line)


def hot_seat(takeback: bool | None = None) -> Session:
    """Ayla and Bo at one keyboard; the die rolls 1."""
    state = position(carpets=[("B", (1, 3), (2, 3))])
    setup = GameSetup(2, names=("Ayla", "Bo"), takeback=takeback)
    return Session(setup, start=state, dice=LoadedDie((1,)))


@run
async def test_the_die_is_blank_when_the_next_players_turn_begins() -> None:
    session = hot_seat()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ayla rolls a 1
        await wait_until(pilot, lambda: "Die  1 " in die_line(app), "the roll shown")
        await pilot.press("enter")  # and lays her carpet: Bo's turn
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.pause()
        assert "Die  - " in die_line(app)


@pytest.mark.slow
@run
async def test_hot_seat_without_takebacks_offers_no_undo() -> None:
    session = hot_seat()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")  # Ayla rolls and lays; Bo is to move
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.pause()
        assert "Undo" not in footer(app)
        await pilot.press("u")  # hidden, it still says why
        await pilot.pause()
        assert "Ayla's decision stands now that it is Bo's turn" in screen_text(app)
    session = hot_seat(takeback=True)  # with takebacks on, Undo is offered
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.pause()
        assert "u Undo" in footer(app)


async def rules_tab(pilot: object, app: MarrakechApp) -> HelpScreen:
    """Open the help over the game and show its rules tab."""
    await pilot.press("question_mark")  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    help_screen.query_one(TabbedContent).active = "rules-tab"
    await wait_until(pilot, lambda: "How to play Marrakech" in screen_text(app), "the rules")
    return help_screen


@pytest.mark.slow
@run
async def test_page_down_scrolls_the_rules_before_tab_reaches_them() -> None:
    app = MarrakechApp(session=hot_seat())
    async with app.run_test(size=(80, 30)) as pilot:
        help_screen = await rules_tab(pilot, app)
        assert not isinstance(app.focused, VerticalScroll)
        await pilot.press("pagedown")
        await pilot.pause()
        assert help_screen.query_one("#rules", VerticalScroll).scroll_y > 0
        assert "How to play Marrakech" not in screen_text(app)


@pytest.mark.slow
@run
async def test_at_80_columns_every_placement_example_is_whole() -> None:
    app = MarrakechApp(session=hot_seat())
    async with app.run_test(size=(80, 48)) as pilot:
        help_screen = await rules_tab(pilot, app)
        rules = help_screen.query_one("#rules", VerticalScroll)
        fence = next(
            widget
            for widget in rules.query("MarkdownFence")
            if "not allowed" in str(getattr(widget, "code", ""))
        )
        rules.scroll_to_widget(fence, top=True, animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert text.count("not allowed") == 2
        assert "not allo" not in text.replace("not allowed", "")
        assert "·  B  B  ▲  ·  ·" in text and "·  ·  ·  ·  #  #" in text


@pytest.mark.slow
@run
async def test_the_help_says_what_the_arrows_do_while_laying() -> None:
    app = MarrakechApp(session=hot_seat())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")  # rolled: a carpet to lay
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        keys = screen_text(app)
        assert "next spot to the left" in keys
        assert "Move carpet" not in keys
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        help_screen.query_one(TabbedContent).active = "rules-tab"
        await wait_until(pilot, lambda: "Lay a carpet" in screen_text(app), "the rules")
        rules = screen_text(app)
        assert "nearest allowed spot" in rules
        assert "arrows move it" not in rules


def distance(one: Color, other: Color) -> int:
    return sum(abs(a - b) for a, b in zip(one.rgb, other.rgb, strict=True))


@pytest.mark.slow
@run
async def test_the_focused_field_of_the_new_game_form_stands_out() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        seed = form.query_one("#seed", Input)
        caption = next(label for label in form.query(Label) if str(label.render()) == "Seed")
        plain_background = seed.styles.background
        plain_caption = caption.styles.color
        seed.focus()
        await wait_until(  # its class follows the focus, a message later
            pilot, lambda: distance(caption.styles.color, plain_caption) > 100, "the caption lit"
        )
        assert distance(seed.styles.background, plain_background) > 100
        assert caption.styles.text_style.bold


@run
async def test_saved_games_says_where_each_kind_of_game_is_kept() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await open_saves(pilot)
        assert isinstance(app.screen, SavesScreen)
        where = str(app.screen.query_one("#where", Static).render())
        assert not where.startswith("Saved in")
        assert "Named saves are kept in" in where
        assert "finished games in" in where and "history" in where


@run
async def test_a_wide_terminal_gives_the_side_panel_room_for_the_whole_key() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "greedy"), seed=1)))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        side = app.screen.query_one("#side").region
        assert 33 < side.width <= 48
        text = screen_text(app)
        assert "the chance of going" in text and "bankrupt" in text  # the key's last entry
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert app.screen.query_one("#side").region.width == 33


def square_height(app: MarrakechApp) -> int:
    """How many lines a square of the market takes: its row labels' spacing, less the gap."""
    labels = [
        number
        for number, line in enumerate(screen_text(app).splitlines())
        if re.match(r"\s*[0-6] [╭╰]", line)
    ]
    return labels[1] - labels[0] - 1


@pytest.mark.parametrize(
    ("size", "height"),
    [((90, 40), 1), ((100, 40), 3), ((140, 40), 3), ((100, 56), 3), ((140, 56), 5)],
)
@run
async def test_the_squares_grow_with_the_terminal_wide_or_wider(
    size: tuple[int, int], height: int
) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert square_height(app) == height


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@run
async def test_rolls_on_a_carpet_stand_apart_from_its_letter(size: tuple[int, int]) -> None:
    # Where the squares are one line high, the rolls 1 and 2 before a blue carpet read
    # "12B1", one word: they keep a space before the letter now.
    state = position(players=3, carpets=[("B", (6, 1), (6, 2))], assam=((6, 0), "S"))
    app = MarrakechApp(session=Session(GameSetup(3, seed=1), start=state))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardWidget).region
        rows = screen_text(app).splitlines()[board.y : board.bottom]
    market = [row[board.x : board.right] for row in rows]
    assert any("12 B1" in row and "23 B1" in row for row in market), market
    assert [row for row in market if re.search(r"\d[A-Za-z·]", row)] == []


@pytest.mark.slow
@pytest.mark.parametrize(("size", "cut"), [((100, 30), True), ((120, 70), False)])
@run
async def test_a_key_to_the_market_cut_short_says_where_the_rest_is(
    size: tuple[int, int], cut: bool
) -> None:
    # Beside four players' panels the key shows its first entries only; its heading said
    # nothing of the others (what "pay", "toll" and "out" mean, the grey carpets...).
    session = Session(GameSetup(4, seed=3))
    app = MarrakechApp(session=session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert ("Key to the market (more: ?)" in text) is cut, text
        assert ("the chance of going bankrupt" in " ".join(text.split())) is not cut
        assert "Key to the market" in text
        if cut:
            await pilot.press("question_mark", "right", "right")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert "the chance of going bankrupt" in " ".join(screen_text(app).split())


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The game screen's clock, stopped (its one value moves on when a test says), and the
    pause after a hand-over as it is (tests/tui/conftest.py turns it off)."""
    now = [1000.0]
    monkeypatch.setattr(game_module, "time", SimpleNamespace(monotonic=lambda: now[0]))
    monkeypatch.setattr(game_module, "HANDOVER_SECONDS", 0.8)
    return now


@run
async def test_a_second_enter_after_laying_does_not_roll_the_next_person_s_die(
    clock: list[float],
) -> None:
    # In hot-seat, Ayla's Enter pressed twice laid her carpet and rolled for Bo, who never
    # chose his facing (and without takebacks, could not take the roll back).
    state = position(carpets=[("B", (1, 3), (2, 3))])
    session = Session(GameSetup(2, names=("Ayla", "Bo")), start=state, dice=LoadedDie((1, 2)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ayla rolls a 1
        await wait_until(pilot, lambda: "Die  1 " in die_line(app), "the roll shown")
        await pilot.press("enter", "enter")  # lays her carpet, and the same hand again
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.pause()
        assert session.state.phase is Phase.ORIENT  # Bo has not rolled
        assert app.screen.check_action("roll", ()) is None  # the key dimmed meanwhile
        clock[0] += game_module.HANDOVER_SECONDS
        assert app.screen.check_action("roll", ()) is True
        await pilot.press("enter")  # Bo's own Enter, a moment later
        await wait_until(pilot, lambda: session.state.phase is not Phase.ORIENT, "Bo's roll")


@run
async def test_the_pause_holds_for_the_first_decision_of_a_resumed_game(
    clock: list[float],
) -> None:
    # Resumed after Ayla's roll: the first decision on the new screen is her carpet, and
    # her Enter pressed twice must not roll Bo's die.
    state = position(carpets=[("B", (1, 3), (2, 3))], phase="place")
    session = Session(GameSetup(2, names=("Ayla", "Bo")), start=state)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # lays her carpet, and the same hand again
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.pause()
        assert session.state.phase is Phase.ORIENT  # Bo has not rolled
        assert app.screen.check_action("roll", ()) is None


@run
async def test_the_pause_holds_for_the_next_person_after_a_computer_played_between(
    clock: list[float],
) -> None:
    # Ayla, a computer, then Bo: the keyboard passes from Ayla to Bo across the computer's
    # turn, and Bo's die is not Ayla's to roll either.
    state = position(players=3, carpets=[("B", (1, 3), (2, 3))])
    setup = GameSetup(3, names=("Ayla", "Cy", "Bo"), seats=("person", "greedy", "person"))
    session = Session(setup, start=state, dice=LoadedDie((1, 2, 1)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # Ayla rolls a 1
        await wait_until(pilot, lambda: "Die  1 " in die_line(app), "the roll shown")
        await pilot.press("enter")  # and lays her carpet; the computer plays
        await wait_until(pilot, lambda: session.state.current == 2, "Bo's turn", timeout=60)
        await pilot.pause()
        assert app.screen.check_action("roll", ()) is None  # dimmed for Bo's first look
        clock[0] += game_module.HANDOVER_SECONDS
        assert app.screen.check_action("roll", ()) is True


@run
async def test_a_second_enter_after_laying_does_not_aim_for_the_player_at_once(
    clock: list[float],
) -> None:
    # Where a player may keep Assam's facing as their aim, the Enter that laid their carpet,
    # pressed twice, aimed him straight on for the next player.
    state = position(carpets=[("B", (1, 3), (2, 3))], phase="roll", variant=Variant.AIM_OR_KEEP)
    session = Session(
        GameSetup(2, names=("Ayla", "Bo"), variant=Variant.AIM_OR_KEEP),
        start=state,
        dice=LoadedDie((1,)),
    )
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ayla rolls a 1
        await wait_until(pilot, lambda: session.state.phase is Phase.PLACE, "her carpet to lay")
        await pilot.press("enter", "enter")  # lays it, and the same hand again
        await wait_until(pilot, lambda: session.state.phase is Phase.AIM, "her aim")
        await pilot.pause()
        assert session.state.phase is Phase.AIM and session.state.current == 0  # not aimed
        clock[0] += game_module.HANDOVER_SECONDS
        await pilot.press("enter")  # her own Enter, a moment later: she keeps the facing
        await wait_until(pilot, lambda: session.state.phase is not Phase.AIM, "aimed")
