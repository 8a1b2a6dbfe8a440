"""An outside bot in a seat of the app: it plays, and when it fails it is replaced."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from marrakech import bots
from marrakech.bots import TimeLimited
from marrakech.engine import Action, GameState, Place
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp

from .helpers import run, toasts, wait_for_seat

EXAMPLE = str(Path(__file__).parents[2] / "examples" / "cautious_bot.py") + ":CautiousBot"


def seat_plays(monkeypatch: pytest.MonkeyPatch, build: Any) -> None:
    """Seat 1's computer player (named "hard" in the set-up) is the one ``build`` makes."""
    real_make_bot = bots.make_bot

    def make_bot(kind: str, **options: Any) -> Any:
        return build(**options) if kind == "hard" else real_make_bot(kind, **options)

    monkeypatch.setattr(bots, "make_bot", make_bot)


class Sleeper:
    """An outside bot that never answers in time."""

    name = "sleeper"

    def choose(self, state: GameState) -> Action:
        time.sleep(3)
        return state.legal_actions()[0]


class Crasher:
    """An outside bot with a bug."""

    name = "crasher"

    def choose(self, state: GameState) -> Action:
        raise RuntimeError("out of ideas")


async def first_turn_notices(session: Session) -> list[str]:
    """Play the app until seat 1 (a person) is to move; the notices shown by then."""
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for_seat(pilot, session, 1)
        assert session.state.current == 1
        assert any(isinstance(action, Place) for action in session.actions)
        return toasts(app)


@run
async def test_the_example_bot_plays_its_turns_in_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    seat_plays(monkeypatch, lambda seed, **_: bots.make_bot(EXAMPLE, seed=seed))
    notices = await first_turn_notices(Session(GameSetup(2, seats=("hard", "person"), seed=2)))
    assert not any("computer player" in notice for notice in notices)


@run
@pytest.mark.parametrize(
    ("bot", "notice"),
    [
        (TimeLimited(Sleeper(), "sleeper", time_limit=0.2), "failed (took longer than 0.2 s)"),
        (TimeLimited(Crasher(), "crasher", time_limit=5), "failed (RuntimeError: out of ideas)"),
    ],
)
async def test_an_outside_bot_that_hangs_or_crashes_is_replaced_with_a_notice(
    monkeypatch: pytest.MonkeyPatch, bot: TimeLimited, notice: str
) -> None:
    seat_plays(monkeypatch, lambda **_: bot)
    notices = await first_turn_notices(Session(GameSetup(2, seats=("hard", "person"), seed=2)))
    assert any(notice in shown for shown in notices)
