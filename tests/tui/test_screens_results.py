"""Pilot tests of the results screen: ranking, tie-break by dirhams, shared win, bankrupt seats."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest
from rich.table import Table
from textual.app import App
from textual.widgets import Label, Static

from marrakech.engine import (
    SIZE,
    Assam,
    Colour,
    Direction,
    GameState,
    Layer,
    Phase,
    PlayerState,
    Square,
    Variant,
    colours_for_seat,
)
from marrakech.games.session import GameSetup, Session
from marrakech.tui.files import GameDocuments
from marrakech.tui.palette import CARPET_COLOURS
from marrakech.tui.screens import results
from marrakech.tui.screens.results import ResultsScreen, ranking


def finished(
    money: Sequence[int],
    carpets: Sequence[tuple[Colour, Square, Square]],
    eliminated: Sequence[int] = (),
) -> GameState:
    """A game over: seats with this money, these carpets laid in order (later on top)."""
    stacks: list[tuple[Layer, ...]] = [() for _ in range(SIZE * SIZE)]
    for carpet, (colour, *squares) in enumerate(carpets):
        for row, col in squares:
            stacks[row * SIZE + col] += (Layer(colour, carpet),)
    players = tuple(
        PlayerState(cash, colours_for_seat(seat, len(money)), (), eliminated=seat in eliminated)
        for seat, cash in enumerate(money)
    )
    return GameState(
        Variant.STANDARD,
        Phase.OVER,
        0,
        Assam((3, 3), Direction.N),
        players,
        tuple(stacks),
        len(carpets),
    )


def results_of(state: GameState, names: tuple[str, ...]) -> ResultsScreen:
    """The results screen of a game that reached ``state``."""
    session = Session(GameSetup(len(state.players), names=names), start=state)
    return ResultsScreen(GameDocuments(session), names)


class Harness(App[None]):
    """Pushes the results screen and records what it dismisses with."""

    def __init__(self, screen: ResultsScreen) -> None:
        super().__init__()
        self.under_test = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.under_test, self.results.append)


def shown(screen: ResultsScreen) -> tuple[str, list[list[str]], list[str]]:
    """The headline, the ranking table as text cells, and the explaining lines."""
    table = screen.query_one("#ranking", Static).content
    assert isinstance(table, Table)
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    rows = [list(row) for row in zip(*columns, strict=True)]
    headline = str(screen.query_one("#headline", Label).render())
    return headline, rows, [str(label.render()) for label in screen.query(".why")]


def run(state: GameState, names: tuple[str, ...], *keys: str, click: str = "") -> tuple[Any, ...]:
    """Show the results, read them, then press keys or click; returns what was shown and chosen."""

    async def go() -> tuple[Any, ...]:
        screen = results_of(state, names)
        app = Harness(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            seen = shown(screen)
            await pilot.press(*keys)
            if click:
                await pilot.click(click)
            await pilot.pause()
        return (*seen, app.results)

    return asyncio.run(go())


@pytest.mark.slow
def test_tie_broken_by_dirhams_with_a_bankrupt_player() -> None:
    state = finished(
        money=[10, 11, 0],
        carpets=[
            (Colour.RED, (0, 0), (0, 1)),
            (Colour.BLUE, (2, 0), (2, 1)),
            (Colour.YELLOW, (2, 1), (2, 2)),
        ],
        eliminated=[2],
    )
    headline, rows, why, chosen = run(state, ("Ayla", "Bo", "Cy"), "a")
    assert headline == "Bo wins!"
    assert rows == [
        ["1", "Bo", " B ", "1", "11", "12"],
        ["2", "Ayla", " R ", "2", "10", "12"],
        ["out", "Cy (bankrupt)", " Y ", "0", "0", "0"],
    ]
    assert why == [
        "Ayla also scored 12, but Bo has more dirhams (11 to 10): the dirham tie-break decided."
    ]
    assert chosen == []  # Play again opens the new-game form over the results (test_polish_*)


def test_shared_win_and_a_seat_beaten_on_dirhams() -> None:
    state = finished(
        money=[5, 5, 4, 0],
        carpets=[
            (Colour.RED, (0, 0), (0, 1)),
            (Colour.BLUE, (1, 0), (1, 1)),
            (Colour.YELLOW, (2, 0), (2, 1)),
            (Colour.YELLOW, (3, 0), (4, 0)),
            (Colour.GREEN, (4, 0), (5, 0)),
        ],
        eliminated=[3],
    )
    headline, rows, why, chosen = run(state, ("Ayla", "Bo", "Cy", "Di"), click="#quit")
    assert headline == "Ayla and Bo share the win!"
    assert [row[0:2] + row[3:] for row in rows] == [
        ["1", "Ayla", "2", "5", "7"],
        ["1", "Bo", "2", "5", "7"],
        ["3", "Cy", "3", "4", "7"],
        ["out", "Di (bankrupt)", "0", "0", "0"],
    ]
    assert why == [
        "Level on 7 points and on dirhams (5 each): a shared win.",
        "Cy also scored 7, but Ayla and Bo have more dirhams (5 to 4): the dirham tie-break "
        "decided.",
    ]
    assert chosen == ["quit"]


def test_last_player_standing_two_colours_each() -> None:
    state = finished(
        money=[60, 0],
        carpets=[(Colour.YELLOW, (0, 0), (0, 1)), (Colour.BLUE, (1, 0), (1, 1))],
        eliminated=[1],
    )
    headline, rows, why, chosen = run(state, ("Ayla", "Bo"), "q")
    assert headline == "Ayla wins!"
    assert rows == [
        ["1", "Ayla", " R  Y ", "2", "60", "62"],
        ["out", "Bo (bankrupt)", " B  G ", "0", "0", "0"],
    ]
    assert why == ["Bo went bankrupt: the last player in the market wins."]
    assert chosen == ["quit"]


def test_the_colour_chips_use_the_palette() -> None:
    async def go() -> list[list[str]]:
        screen = results_of(finished(money=[3, 4, 5], carpets=[]), ("Ayla", "Bo", "Cy"))
        async with Harness(screen).run_test(size=(100, 30)) as pilot:
            await pilot.pause()  # the results composed
            table = screen.query_one("#ranking", Static).content
            assert isinstance(table, Table)
            return [
                [str(span.style.bgcolor.name) for span in cell.spans]  # type: ignore[union-attr]
                for cell in table.columns[2].cells
            ]

    yellow, blue, red = (CARPET_COLOURS[c] for c in (Colour.YELLOW, Colour.BLUE, Colour.RED))
    assert asyncio.run(go()) == [[yellow], [blue], [red]]


def test_ranking_is_the_engine_standings() -> None:
    state = finished(
        money=[5, 7, 5, 9],
        carpets=[(Colour.RED, (0, 0), (0, 1)), (Colour.YELLOW, (1, 0), (1, 1))],
        eliminated=[3],
    )
    assert ranking(state) == [
        ("out" if s.place is None else str(s.place), s.score) for s in state.standings()
    ]
    assert [rank for rank, _ in ranking(state)] == ["1", "2", "2", "out"]


@pytest.mark.parametrize("width", [40, 60, 76, 100])
def test_the_key_line_breaks_between_keys_only(width: int) -> None:
    async def go() -> list[str]:
        screen = results_of(finished([30, 20], []), ("Ayla", "Bo"))
        async with Harness(screen).run_test(size=(width, 30)) as pilot:
            await pilot.pause()
            keys = screen.query_one("#keys")
            return [strip.text.strip() for strip in keys.render_lines(keys.region.reset_offset)]

    rows = [row for row in asyncio.run(go()) if row]
    said = " · ".join(rows).split(" · ")
    assert said == [
        "Esc: board",
        "c: summary",
        "v: review",
        "r: replay",
        "s: save",
        "e: export",
        "q: quit",
    ]
    assert all(not row.endswith(":") for row in rows)


def test_the_results_say_which_players_were_computers() -> None:
    state = finished(money=[40, 20, 30], carpets=[])
    setup = GameSetup(3, names=("Ayla", "Player 2", "Bo"), seats=("person", "greedy", "person"))
    session = Session(setup, start=state)

    async def go() -> list[list[str]]:
        app = Harness(ResultsScreen(GameDocuments(session), setup.names))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return shown(app.under_test)[1]

    names = {row[1] for row in asyncio.run(go())}
    assert names == {"Ayla", "Player 2 · greedy computer", "Bo"}, names


def test_a_key_pressed_as_the_results_open_does_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(results, "SETTLE_SECONDS", 60.0)  # far longer than the test takes
    state = finished([30, 20], [(Colour.RED, (0, 0), (0, 1))])
    chosen = run(state, ("Ayla", "Bo"), "enter", "escape", "q")[-1]  # meant for the game
    assert chosen == []
    monkeypatch.setattr(results, "SETTLE_SECONDS", 0.0)
    assert run(state, ("Ayla", "Bo"), "right", "right", "right", "enter")[-1] != []
