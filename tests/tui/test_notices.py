"""Notices (a hint's reasons, a computer's fault, an autosave problem) stay over the side
panel: the log's newest lines, under the market, stay readable at every size, and no word
under a notice shows beside it."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from marrakech.bots import make_bot
from marrakech.engine import Phase
from marrakech.flow import GameFlow, Notice
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.files import reading_seconds
from marrakech.tui.screens.game import HINT_WHY_SECONDS
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.risk_preview import RiskPreview

from .helpers import run, screen_text, toasts, wait_until


def hint_why_shown(app: App[None]) -> bool:
    return any(toast.startswith("Why this hint") for toast in toasts(app))


async def ask_for_a_hint(pilot: Pilot[None], app: App[None]) -> None:
    """Press h and wait until the hint and its reasons are shown."""
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert hint_why_shown(app)


@pytest.mark.parametrize(
    "size", [pytest.param((80, 24), marks=pytest.mark.slow), (120, 40), (140, 45)]
)
@run
async def test_the_why_of_a_hint_leaves_the_log_in_view(size: tuple[int, int]) -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("enter", "enter")  # a turn each, so the log has lines
        await ask_for_a_hint(pilot, app)
        log = app.screen.query_one(GameLog).region
        notices = [toast.region for toast in app.screen.query("Toast")]
        assert notices
        for notice in notices:
            assert not notice.overlaps(log), (notice, log)
            # Nothing under a notice shows beside it: it covers the side panel's width.
            assert notice.right == size[0], (notice, size)
            assert notice.x == app.screen.query_one("#side").region.x, (notice, size)


@run
async def test_the_why_of_a_hint_goes_once_the_position_it_speaks_of_is_played() -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await ask_for_a_hint(pilot, app)
        await pilot.press("enter")  # rolls: the chances the reasons quote are gone
        await wait_until(pilot, lambda: session.state.phase.value == "place", "the carpet")
        assert not hint_why_shown(app)
        await pilot.press("h")  # a hint for the carpet, taken back by an undo
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert hint_why_shown(app)
        await pilot.press("u")
        await pilot.pause()
        assert not hint_why_shown(app)


@run
async def test_the_why_of_a_hint_goes_once_assam_is_turned_another_way() -> None:
    # The reasons stayed over the risk table after the player turned Assam away from the
    # hint's way, covering the rows they were choosing by.
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await ask_for_a_hint(pilot, app)  # the opening: any way will do, Assam as he is
        await pilot.press("up")  # the hint's own way, picked already
        await pilot.pause()
        assert hint_why_shown(app)
        await pilot.press("left")
        await pilot.pause()
        assert not hint_why_shown(app)


@run
async def test_a_notice_the_decision_brings_stays_when_the_hints_reasons_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    failed: list[int] = []

    def failing_autosave(flow: GameFlow) -> None:  # once, as a failed autosave is told
        if not failed:
            failed.append(len(flow.session.transitions))
            flow.notify(Notice("Autosave failed: the disk is full", severity="warning"))

    monkeypatch.setattr(GameFlow, "_settled", failing_autosave)
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await ask_for_a_hint(pilot, app)
        await pilot.press("enter")  # the decision: its reasons go, its own notice stays
        await wait_until(pilot, lambda: session.state.phase.value == "place", "the carpet")
        assert not hint_why_shown(app)
        assert any("the disk is full" in toast for toast in toasts(app))


@run
async def test_the_log_keeps_its_latest_line_in_view_when_the_terminal_shrinks() -> None:
    session = Session(GameSetup(2, seed=3))
    greedy = make_bot("greedy", seed=3)
    while len(session.transitions) < 60:  # thirty-odd sentences: more than either size shows
        session.roll() if session.state.phase is Phase.ROLL else session.play(
            greedy.choose(session.state)
        )
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)

        def at_end() -> bool:
            return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y

        await wait_until(pilot, at_end, "the log scrolled to its end")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await wait_until(pilot, at_end, "the latest line in view at the smaller size")


def test_a_notice_stays_as_long_as_it_takes_to_read() -> None:
    class Usual(App[None]):
        NOTIFICATION_TIMEOUT = 5

    app = Usual()
    assert reading_seconds(app, "Saved.") == 5  # a short one: the usual time
    reasons = "Turning left gives up 0.7 points on the toll on this roll. " * 7  # 413 cells
    assert reading_seconds(app, reasons) == pytest.approx(2 + 413 / 20)
    japanese = "左に曲がると" * 20  # 120 characters of two cells each
    assert reading_seconds(app, japanese) == pytest.approx(2 + 240 / 20)


def taken_back(app: MarrakechApp) -> list[str]:
    """The notices of an undo on screen."""
    return [toast for toast in toasts(app) if toast.startswith("Taken back: ")]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@run
async def test_an_undo_too_long_for_the_status_line_is_a_notice_until_its_redo(
    size: tuple[int, int],
) -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=5))
    app = MarrakechApp(session=session)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("left", "enter")
        await wait_until(pilot, lambda: session.state.phase.value == "place", "the carpet")
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.transitions) > 4, "the computer's turn")
        await wait_until(pilot, lambda: session.state.current == 0, "Player 1's turn again")
        await pilot.press("u")  # takes back Player 1's turn and the computer's after it
        await pilot.pause()
        shown = taken_back(app)
        assert shown and shown[0].startswith("Taken back: Player 1 lays a yellow carpet"), shown
        # The computer's turn in a word: its whole walk kept the notice up half a minute.
        assert "). And the turn after it, by Player 2. Player 1's roll stands;" in shown[0], shown
        # Played again: the undo's notice goes, whether the redo's line fits the status
        # line (100 columns) or is a notice of its own (80).
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "Played again: " in screen_text(app) + " ".join(toasts(app))
        assert not taken_back(app)


@pytest.mark.parametrize(("key", "screen"), [("question_mark", "HelpScreen"), ("escape", None)])
@run
async def test_the_why_of_a_hint_goes_when_the_help_opens_or_esc_is_pressed(
    key: str, screen: str | None
) -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await ask_for_a_hint(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == (screen or "GameScreen")
        assert not hint_why_shown(app)
        assert session.actions == ()  # nothing played: they only go


@run
async def test_a_japanese_notice_breaks_where_japanese_may() -> None:
    app: App[None] = MarrakechApp()
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        # 29 wide characters then a full stop: cut at the edge, the stop would begin a line.
        text = "あ" * 14 + "い。" + "う" * 10
        app.notify(text, markup=False)
        await pilot.pause()
        shown = next(toast for toast in toasts(app) if "い" in toast)
        lines = shown.splitlines()
        assert lines == ["あ" * 14, "い。" + "う" * 10], lines


@pytest.mark.parametrize("players", [2, 3])
@run
async def test_the_why_of_a_hint_leaves_the_risk_preview_in_view_at_80x24(players: int) -> None:
    setup = GameSetup(players, seats=("person",) + ("greedy",) * (players - 1), seed=1)
    app = MarrakechApp(session=Session(setup))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await ask_for_a_hint(pilot, app)
        risk = app.screen.query_one("#risk").region
        for notice in app.screen.query("Toast"):
            assert not notice.region.overlaps(risk), (notice.region, risk)


@pytest.mark.parametrize(("size", "covered"), [((80, 24), True), ((120, 40), False)])
@run
async def test_the_why_of_a_hint_stays_half_a_minute_unless_it_would_cover_the_risks(
    size: tuple[int, int], covered: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At 80x24 the reasons lie over the risk table they speak of: they go once read.
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    monkeypatch.setattr(app, "NOTIFICATION_TIMEOUT", 5)  # the usual time, not the tests'
    stays: list[tuple[str, float]] = []
    notify = app.notify

    def noted(message: str, **options: Any) -> None:
        if options.get("title") == "Why this hint":
            stays.append((message, options["timeout"]))
        notify(message, **options)

    monkeypatch.setattr(app, "notify", noted)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("enter", "enter")
        await ask_for_a_hint(pilot, app)
        [why] = app.screen.query("Toast")
        assert why.region.overlaps(app.screen.query_one(RiskPreview).region) is covered
    [(message, seconds)] = stays
    assert seconds == (reading_seconds(app, message) if covered else HINT_WHY_SECONDS)
    assert reading_seconds(app, message) < HINT_WHY_SECONDS


@run
async def test_a_hint_asked_twice_shows_its_reasons_once() -> None:
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await ask_for_a_hint(pilot, app)
        await ask_for_a_hint(pilot, app)
        reasons = [toast for toast in toasts(app) if toast.startswith("Why this hint")]
        assert len(reasons) == 1


@run
async def test_the_whole_screen_is_drawn_again_once_notices_go() -> None:
    # Textual can leave a notice that went on the terminal (stacked notices going while
    # others came, at a network table): the screen is drawn again whole once one goes.
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "greedy"), seed=1)))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        redrawn: list[bool] = []
        refresh = app.refresh

        def recorded(**how: Any) -> Any:
            redrawn.append(how.get("layout", False))
            return refresh(**how)

        app.refresh = recorded  # type: ignore[method-assign]
        app.notify("A notice that goes by itself.", timeout=0.1)
        await wait_until(pilot, lambda: not toasts(app) and True in redrawn, "drawn again")
        redrawn.clear()
        app.notify("A notice taken off.", timeout=60)
        await pilot.pause()
        await pilot.press("escape")  # the notices off the board
        await wait_until(pilot, lambda: not toasts(app) and True in redrawn, "drawn again")
