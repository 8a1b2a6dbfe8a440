"""The game's footer always shows the keys that act now: after computer turns, at the end."""

from __future__ import annotations

import time

from marrakech.engine import Place
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.widgets.key_footer import FooterKeyCap

from .helpers import run


def mismatches(app: MarrakechApp) -> dict[str, tuple[bool | None, bool | None]]:
    """Footer keys whose look (dimmed or not) differs from what the screen says they do."""
    screen = app.screen
    shown = {key.binding.description: not key.dimmed for key in screen.query(FooterKeyCap)}
    acting: dict[str, bool] = {}
    for active in screen.active_bindings.values():
        if active.binding.show:
            acting.setdefault(active.binding.description, active.enabled)
    return {
        name: (shown.get(name), acting.get(name))
        for name in set(shown) | set(acting)
        if name != "palette" and shown.get(name) != acting.get(name)
    }


def carpets(session: Session) -> int:
    """The carpets laid in the game so far."""
    return sum(isinstance(action, Place) for action in session.actions)


@run
async def test_the_footer_is_right_through_a_computers_turns() -> None:
    session = Session(GameSetup(3, seats=("person", "greedy", "greedy"), seed=2))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press("enter")
        deadline = time.monotonic() + 30  # far beyond what any load needs
        while not (session.state.current == 0 and carpets(session) == 3):
            assert time.monotonic() < deadline, "the computers never finished their turns"
            await pilot.pause(0.03)
            assert mismatches(app) == {}
        await pilot.pause()
        assert mismatches(app) == {}  # both computers played: the person's keys again
