"""The review at the end of a network game, for a player who joined: ``v`` on the results
of the app, ``review`` in text mode. With 2 players the order of the carpets in the piles
is secret until the end, and the review needs it (the luck of the start, every position's
value): the host sends it with the last move, and the review judges the whole game."""

from __future__ import annotations

import asyncio
import io
import os
import random
import re
from collections.abc import Callable

import pytest
from tui.helpers import screen_text

from marrakech.engine import GameState, Orient, Phase, Place
from marrakech.flow.risk import lane_risks
from marrakech.games.session import PERSON, GameSetup
from marrakech.games.words import verdict
from marrakech.net.client import Client
from marrakech.textmode.online import play_at_table
from marrakech.tui.app import MarrakechApp, NetworkGame
from marrakech.tui.screens import results
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.review import ReviewScreen
from net.harness import Table, hosted, until

SETUP = GameSetup(2, names=("Host", "Guest"), seats=(PERSON, PERSON), seed=4)


async def play_out(table: Table, client: Client, stop: Callable[[], bool] = lambda: False) -> None:
    """Play on, each seat on its own machine (the host's seat 0 at the host, the joined
    seat 1 through the client), until the game is over or ``stop()``. Assam is turned the
    safest way (never into a likely bankruptcy, which would end the game early), the
    carpets laid at random (seeded)."""
    assert client.flow is not None
    rng = random.Random(4)
    while not table.flow.over:
        state, played = table.flow.state, table.flow.actions_played
        if state.phase is Phase.ROLL or client.flow.actions_played != played:
            await asyncio.sleep(0.005)  # the die, or the client not told yet
            continue
        if stop():
            return
        if state.phase is Phase.ORIENT:
            risks = lane_risks(state)
            safest = min(risks, key=lambda risk: (risk.chance_of_bankruptcy, risk.expected_toll))
            assert safest.turn is not None  # a facing to choose
            action: Orient | Place = Orient(safest.turn)
        else:
            action = rng.choice(state.legal_placements())
        (table.flow if state.current == 0 else client.flow).play(action)
        await until(lambda: table.flow.actions_played > played, timeout=30)  # noqa: B023


def surprises(table: Table, client: Client) -> int:
    """The carpets under the tops whose colour the joined player's copy of the game does
    not know yet (it guesses): each one, once on top, has the copy read the game anew."""
    assert client.flow is not None
    return sum(
        true != guessed
        for host, copy in zip(table.flow.state.players, client.flow.state.players, strict=True)
        for true, guessed in zip(host.pile[1:], copy.pile[1:], strict=True)
    )


def margins(state: GameState) -> list[int]:
    """Each seat's final score minus the other's."""
    first, second = (score.total for score in state.scores())
    return [first - second, second - first]


@pytest.mark.slow
def test_a_joined_player_opens_the_review_of_the_whole_game_from_the_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(results, "SETTLE_SECONDS", 0.0)  # the keys pressed as fast as it can

    async def go() -> None:
        async with hosted(SETUP, headless=False) as table:
            client = Client(table.address, code=table.code(1), keep_finished=False)
            playing = asyncio.create_task(client.run())
            await until(lambda: client.flow is not None)
            assert client.flow is not None
            # The app opens for the last turns, before the copy has learnt the last pile.
            await play_out(table, client, stop=lambda: surprises(table, client) <= 1)
            app = MarrakechApp(network=NetworkGame(client.flow))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                # Its copy's piles are the host's secret until the end: no saving it yet.
                assert app.screen.check_action("save", ()) is False
                await play_out(table, client)
                await until(lambda: isinstance(app.screen, ResultsScreen), timeout=30)
                await pilot.pause()
                final = table.flow.state
                text = screen_text(app)
                assert "The market closes" in text
                assert verdict(final, SETUP.names)[0] in text  # "Host wins!", as at the host
                results = app.screen
                assert isinstance(results, ResultsScreen)
                # No new game is set up from a network table: no Play again, and "a" stays.
                assert "Play again" not in text
                await pilot.press("a")
                await pilot.pause()
                assert app.screen is results
                await pilot.press("v")
                await pilot.pause()
                review = app.screen
                assert isinstance(review, ReviewScreen)
                await until(lambda: not review.query_one("#working").display, timeout=60)
                await pilot.pause()
                text = screen_text(app)
                assert "Luck" in text and "Skill" in text
                for name, margin in zip(SETUP.names, margins(final), strict=True):
                    said = re.escape(f"{margin:+d}")
                    row = rf"{name} +{said} +[+-]\d+\.\d +[+-]\d+\.\d"  # then luck, skill
                    assert re.search(row, text), text
                # The piles as dealt, learnt at the end: the review judged the host's game.
                reviewed = results.review.session
                assert reviewed.start == table.flow.session.start
                assert reviewed.actions == table.flow.session.actions
            playing.cancel()

    asyncio.run(go())


@pytest.mark.slow
def test_a_joined_player_in_text_mode_types_review_once_the_game_is_over() -> None:
    async def go() -> None:
        async with hosted(SETUP, headless=False) as table:
            client = Client(table.address, code=table.code(1), keep_finished=False)
            read, write = os.pipe()
            typed = os.fdopen(write, "w", encoding="utf-8")
            out = io.StringIO()
            with os.fdopen(read, encoding="utf-8") as lines:
                seat = asyncio.create_task(
                    play_at_table(
                        lambda: client.flow,
                        client.listen,
                        client.run(),
                        lines=lines,
                        out=out,
                        stay_at_the_end=True,
                    )
                )
                await until(lambda: client.flow is not None)
                await play_out(table, client)
                offer = "Type review to see what each decision cost and how much was luck"
                await until(lambda: offer in out.getvalue(), timeout=30)
                typed.write("review\n")
                typed.close()  # then the input ends, which leaves the table
                assert await asyncio.wait_for(seat, 60) == 0
            said = out.getvalue().splitlines()
            assert client.flow is not None and client.flow.over
            for name, margin in zip(SETUP.names, margins(table.flow.state), strict=True):
                assert any(line.startswith(f"{name}: margin {margin:+d} = luck ") for line in said)
            assert said[-1] == "The input has ended. Goodbye."

    asyncio.run(go())
