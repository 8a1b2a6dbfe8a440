"""Helpers for the TUI tests: crafted positions, seeds with known rolls, screen text."""

from __future__ import annotations

import asyncio
import functools
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from rich.cells import cell_len
from textual import events
from textual.app import App

from marrakech.engine import GameState, Variant, colours_for_seat
from marrakech.games.session import Session
from marrakech.tui.widgets.player_panel import PlayerPanel

GOLDEN = Path(__file__).parent / "golden"
UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"
"""Run with UPDATE_GOLDEN=1 to rewrite the golden files from the current output."""

Carpet = tuple[str, tuple[int, int], tuple[int, int]]


def run(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test function with asyncio.run (no plugin needed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


def as_in_a_browser(monkeypatch: pytest.MonkeyPatch, in_a_browser: bool = True) -> None:
    """Run the app as a browser's page runs it (``marrakech serve``), or as a terminal does."""
    from marrakech.tui.app import MarrakechApp

    monkeypatch.setattr(MarrakechApp, "is_web", property(lambda app: in_a_browser))


def keep_a_finished_game(name: str = "0123456789ab") -> Path:
    """A finished 2-player game in the history of finished games, as one played to its end
    leaves it; its path."""
    from marrakech.games import autosaves
    from marrakech.games.records import record_to_json

    from .test_end_of_game import finished_session

    history = autosaves.history_dir()
    history.mkdir(parents=True, exist_ok=True)
    path = history / f"{name}.json"
    path.write_text(record_to_json(finished_session(2)))
    return path


async def wait_for_seat(pilot: Any, session: Session, seat: int, timeout: float = 30.0) -> None:
    """Let the app run (computer turns included) until it is this seat's turn.

    The timeout is far beyond what any load needs: reaching it means the game is stuck.
    """
    deadline = time.monotonic() + timeout
    while session.state.current != seat:
        if time.monotonic() > deadline:
            pytest.fail(f"seat {seat} never got the turn in {timeout:.0f}s")
        await pilot.pause(0.02)


async def wait_for_turns(pilot: Any, session: Session, seat: int, turns: int) -> None:
    """Let the app run until ``seat`` has played ``turns`` whole turns (each its facing,
    roll and carpet): for a turn to come again, which waiting for the seat cannot tell."""

    def played() -> bool:
        return [t.seat for t in session.transitions].count(seat) >= 3 * turns

    await wait_until(pilot, played, f"seat {seat}'s turn {turns}")


async def wait_until(
    pilot: Any, condition: Callable[[], object], what: str, timeout: float = 30.0
) -> None:
    """Let the app run until ``condition()`` holds: for what the app does in its own time,
    such as a resize (the app takes it, then hands it to the screen, which lays out again).

    The timeout is far beyond what any load needs: reaching it means it never happens.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout:.0f}s")
        await pilot.pause(0.02)


async def open_summary(pilot: Any, session: Session) -> None:
    """Open the summary of ``session`` over the app's screen and wait until it is shown."""
    from marrakech.tui.screens.summary import SummaryScreen

    await pilot.pause()
    pilot.app.push_screen(SummaryScreen(session))
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SummaryScreen), "the summary")
    await pilot.pause()


async def paste(pilot: Any, text: str) -> None:
    """Paste ``text`` into the focused widget, as a terminal delivers a paste: one event,
    not a key press per character."""
    await pilot.pause()  # a focus asked for just now has moved
    focused = pilot.app.focused
    assert focused is not None, "nothing has the focus to paste into"
    focused.post_message(events.Paste(text))
    await pilot.pause()


def position(
    *,
    players: int = 2,
    carpets: Sequence[Carpet] = (),
    assam: tuple[tuple[int, int], str] = ((3, 3), "N"),
    money: Sequence[int] | None = None,
    piles: Sequence[str] | None = None,
    phase: str = "orient",
    current: int = 0,
    variant: Variant = Variant.STANDARD,
    eliminated: Sequence[int] = (),
) -> GameState:
    """A position from a short description; carpets are laid in order (later on top)."""
    names = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
    market: list[list[list[list[Any]]]] = [[[] for _ in range(7)] for _ in range(7)]
    for carpet_id, (letter, a, b) in enumerate(carpets):
        for row, col in (a, b):
            market[row][col].append([names[letter], carpet_id])
    seats = []
    for seat in range(players):
        colours = [colour.name.lower() for colour in colours_for_seat(seat, players)]
        pile = [names[c] for c in piles[seat]] if piles is not None else [colours[0]] * 5
        seats.append(
            {
                "money": 30 if money is None else money[seat],
                "colours": colours,
                "pile": [] if seat in eliminated else pile,
                "eliminated": seat in eliminated,
                "discarded": 0,
            }
        )
    return GameState.from_dict(
        {
            "format": "marrakech-state",
            "version": 1,
            "variant": variant.value,
            "phase": phase,
            "current": current,
            "assam": {"square": list(assam[0]), "facing": assam[1]},
            "next_carpet": len(carpets),
            "players": seats,
            "market": market,
        }
    )


def screen_text(app: App[Any]) -> str:
    """The current screen as plain text, one line per row, trailing spaces stripped.

    Read from the app's SVG screenshot: each run of text there is a <text> element clipped
    to its line, at x = its column times the width of a cell.
    """
    rows: dict[int, str] = {}
    svg = ElementTree.fromstring(app.export_screenshot())
    for element in svg.iter("{http://www.w3.org/2000/svg}text"):
        line = element.get("clip-path", "").rpartition("-line-")[2].rstrip(")")
        if not line.isdigit():  # the window's title
            continue
        text = (element.text or "").replace("\xa0", " ")
        cell = float(element.get("textLength", "1")) / len(text)
        column = round(float(element.get("x", "0")) / cell)
        row = rows.get(int(line), "")
        rows[int(line)] = row + " " * (column - cell_len(row)) + text
    return "\n".join(rows.get(row, "").rstrip() for row in range(app.size.height))


def toasts(app: App[Any]) -> list[str]:
    """The text of every notification on screen (run the app with notifications=True)."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def check_golden(name: str, text: str) -> None:
    """Compare text with tests/tui/golden/<name> (rewritten when UPDATE_GOLDEN=1)."""
    path = GOLDEN / name
    if UPDATE_GOLDEN or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
        if not UPDATE_GOLDEN:
            pytest.fail(f"wrote the missing golden file {path}; check it and run again")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"differs from {path}"


def panel_titles(app: App[Any]) -> list[str]:
    """The first line of each seat's panel (the name and what is said beside it)."""
    rows = screen_text(app).splitlines()
    return [
        " ".join(rows[panel.region.y][panel.region.x : panel.region.right].split())
        for panel in app.screen.query(PlayerPanel)
    ]
