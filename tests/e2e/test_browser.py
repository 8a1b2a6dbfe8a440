"""The game in a browser: ``marrakech serve`` in headless Chromium, driven by Playwright.

Two visitors open the page; one plays a turn with the keyboard and exports the log (a
download in the browser); the other's game is untouched. Each visitor's game lives in a
private folder of its own, which is how the test sees what each one did. A visitor who
finished a game opens its review from Saved games; what the page shows is read from what
the server sends it (the terminal's bytes, in the WebSocket's frames). A save downloaded
from one page and pasted into another's Saved games plays on there.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from marrakech.engine import Phase
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium here: install Debian's chromium package (.ci/run does)",
    ),
]

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless, and none of Chromium's own calls home (the machine's network is closed)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(condition, what: str, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout} s")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """``marrakech serve`` on a free port; visitors' private folders go in tmp_path."""
    port = free_port()
    env = dict(os.environ, TMPDIR=str(tmp_path), TEXTUAL_ANIMATIONS="none")
    process = subprocess.Popen(
        [sys.executable, "-m", "marrakech", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    try:
        wait_until(listening, "the server listens")
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def games(tmp_path: Path) -> list[tuple[str, int]]:
    """For each visitor: its game's phase and carpets laid (("none", 0) before a game)."""
    found = []
    for home in sorted(tmp_path.glob("marrakech-visitor-*")):
        files = list((home / "data" / "marrakech" / "games").glob("*.json"))
        position = json.loads(files[0].read_text())["position"] if files else None
        found.append(
            ("none", 0) if position is None else (position["phase"], position["next_carpet"])
        )
    return found


def test_two_visitors_play_games_of_their_own(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            pages = []
            for _ in range(2):
                page = browser.new_context(accept_downloads=True).new_page()
                page.set_viewport_size({"width": 1200, "height": 800})
                page.goto(server)
                pages.append(page)
            for page in pages:  # the page says it is loading until the game has drawn
                page.wait_for_selector("body.-first-byte", timeout=30_000)
            wait_until(lambda: len(games(tmp_path)) == 2, "two visitors, each with a folder")
            time.sleep(1.0)  # the new-game screen settles
            player, watcher = pages
            # Keys go to the game with no click first: the terminal has the focus.
            for page in pages:
                focused = "document.activeElement.classList.contains('xterm-helper-textarea')"
                assert page.evaluate(focused)
            player.keyboard.press("Enter")  # a 2-player game at once
            # Enter again rolls (Assam ahead), and once more lays the carpet shown; on a
            # busy machine a key may come before the game screen is up, so press on.
            # (Two queued presses may pass a step between two looks: a later one counts.)
            for wanted in (("place", 0), ("orient", 1)):
                deadline = time.monotonic() + 60
                while not any(game == wanted or game[1] > wanted[1] for game in games(tmp_path)):
                    assert time.monotonic() < deadline, f"no {wanted}: {games(tmp_path)}"
                    player.keyboard.press("Enter")
                    time.sleep(2.0)
            assert ("none", 0) in games(tmp_path)  # the other visitor has no game at all

            with player.expect_download(timeout=20_000) as download:
                player.keyboard.press("e")  # export the log: a download, not a server file
            exported = Path(download.value.path()).read_text(encoding="utf-8")
            assert download.value.suggested_filename.endswith(".txt")
            assert "Player 1 goes straight, rolls" in exported
            assert not list(tmp_path.glob("marrakech-visitor-*/data/marrakech/logs/*"))

            shots = [
                page.screenshot(path=str(tmp_path / f"visitor-{number}.png"))
                for number, page in enumerate(pages, start=1)
            ]
            assert all(len(shot) > 10_000 for shot in shots)
            assert shots[0] != shots[1]  # one shows a game under way, the other a new one
            assert watcher.url == player.url

            # Leaving the page would end the game: the browser asks first (kept: "stay").
            asked: list[str] = []
            player.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
            player.close(run_before_unload=True)
            for _ in range(200):  # the page's events are heard only while it waits
                if asked:
                    break
                player.wait_for_timeout(100)
            assert asked == ["beforeunload"] and not player.is_closed()

            # Quitting ends a page's game: Play again takes the focus, so that Enter (not
            # only a click) starts another one.
            watcher.keyboard.press("Escape")
            watcher.wait_for_selector("body.-closed", timeout=30_000)
            assert watcher.evaluate("document.activeElement.id") == "again"
        finally:
            browser.close()


ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>])")
"""A terminal's escape sequences (colours, cursor moves, modes): what is left is the text."""


RESIZE = re.compile(r'\["resize",\s*\{"width":\s*(\d+),\s*"height":\s*(\d+)\}\]')
"""What a page's terminal tells the game of its size (columns and rows)."""


class Shown:
    """The text a page was sent to draw, from its WebSocket's frames (as they come), and
    the sizes its terminal told the game (columns, rows)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[bytes] = []
        self.sizes: list[tuple[int, int]] = []
        self.told_at: list[int] = []
        """For each size told, how many frames had come before it."""
        page.on("websocket", self._opened)

    def _opened(self, socket: Any) -> None:
        socket.on("framereceived", self._heard)
        socket.on("framesent", self._told)

    def _heard(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):  # the terminal's output (text frames are the server's)
            self.frames.append(payload)

    def _told(self, payload: str | bytes) -> None:
        said = RESIZE.fullmatch(payload) if isinstance(payload, str) else None
        if said:
            self.sizes.append((int(said[1]), int(said[2])))
            self.told_at.append(len(self.frames))

    @property
    def text(self) -> str:
        return self.text_since(0)

    def wait_for(
        self, words: str, timeout: float = 60.0, *, since: int = 0, over: str = ""
    ) -> None:
        """Let the page run (its frames are heard only meanwhile) until ``words`` show
        (after the first ``since`` frames, and after the last ``over`` if given)."""
        deadline = time.monotonic() + timeout

        def shown() -> bool:
            text = self.text_since(since)
            if over and over in text:
                text = text[text.rindex(over) + len(over) :]
            return words in text

        while not shown():
            assert time.monotonic() < deadline, f"{words!r} not shown within {timeout} s"
            self.page.wait_for_timeout(100)

    def text_since(self, frame: int) -> str:
        """The text sent after the first ``frame`` frames."""
        return ESCAPES.sub("", b"".join(self.frames[frame:]).decode("utf-8", "replace"))

    def wait_for_size(
        self, told: int, *, market: bool, timeout: float = 60.0
    ) -> tuple[int, int, int]:
        """Let the page run until its terminal has told the game more than ``told`` sizes,
        the last one room for the market (80x24) or not, as ``market`` says (a size on the
        way there may come first); the last (columns, rows), and how many frames had come
        before it."""
        deadline = time.monotonic() + timeout

        def arrived() -> bool:
            if len(self.sizes) <= told:
                return False
            columns, rows = self.sizes[-1]
            return (columns >= 80 and rows >= 24) is market

        while not arrived():
            assert time.monotonic() < deadline, f"sizes told: {self.sizes[told:]}"
            self.page.wait_for_timeout(100)
        return (*self.sizes[-1], self.told_at[-1])


def a_new_game(browser: Any, address: str, width: int, height: int) -> tuple[Any, Shown]:
    """A page of ``address`` at ``width`` x ``height`` pixels, where Enter on the new-game
    form started a game, and what it is shown."""
    page = browser.new_page(viewport={"width": width, "height": height})
    shown = Shown(page)
    page.goto(address)
    shown.wait_for("Saved games")  # the new-game form
    page.focus("textarea.xterm-helper-textarea")
    page.keyboard.press("Enter")  # a game at once
    return page, shown


def short_finished_game() -> Session:
    """A 2-player game that a bankruptcy ends early (71 actions: the review is quick)."""
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=1012))
    choose = random.Random(0).choice
    while session.state.phase is not Phase.OVER:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(choose(session.state.legal_actions()))
    return session


def test_a_visitor_reviews_a_finished_game_from_saved_games(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    game = short_finished_game()
    first, second = (score.total for score in game.state.scores())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            shown = Shown(page)
            page.goto(server)
            home = wait_until(lambda: list(tmp_path.glob("marrakech-visitor-*")), "a visitor")[0]
            history = home / "data" / "marrakech" / "history"  # the visitor's finished games
            history.mkdir(parents=True, exist_ok=True)
            (history / "0123456789ab.json").write_text(record_to_json(game), encoding="utf-8")
            shown.wait_for("Saved games")  # the new-game form
            page.focus("textarea.xterm-helper-textarea")  # keys go to the game
            page.keyboard.press("Control+o")
            shown.wait_for("Finished game")  # the one finished game, listed
            page.keyboard.press("Enter")  # a finished game opens on its results
            shown.wait_for("The market closes")
            page.wait_for_timeout(1000)  # the results take keys a moment after they open
            page.keyboard.press("v")
            shown.wait_for("Skill")  # the review is worked out in the visitor's game
            shown.wait_for("On the market: the move played")
            text = shown.text
            for name, margin in (("Ayla", first - second), ("Bo", second - first)):
                said = re.escape(f"{margin:+d}")
                assert re.search(rf"{name} +{said} +[+-]\d+\.\d +[+-]\d+\.\d", text), name
            assert re.search(r"Turn \d+, (Ayla|Bo): carpet on|Turn \d+, (Ayla|Bo): \w+, best", text)
            assert re.search(
                r"\d+ (Ayla|Bo) · (facing|carpet) · (inaccuracy|mistake|blunder)", text
            )
            page.keyboard.press("Space")  # the better move, on the market
            shown.wait_for("On the market: the better move")
        finally:
            browser.close()


def test_a_small_window_gets_a_smaller_font_that_fits_the_market(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            for address, fits in ((server, True), (f"{server}/?fontsize=16", False)):
                page, shown = a_new_game(browser, address, 800, 500)
                if fits:  # 80 columns and 24 rows at least: the market shows
                    shown.wait_for("Enter rolls")
                    assert "The market needs a page" not in shown.text
                else:  # a size asked for is kept: at 16 px, 500 pixels are 23 rows
                    shown.wait_for("The market needs a page of at least 80 columns and 24 rows")
                page.close()
        finally:
            browser.close()


MARKET = "Enter rolls"
"""The game's status line while the market shows, before the first roll."""

TOO_SMALL = "The market needs a page of at least 80 columns and 24 rows"
"""What the game shows in place of the market in too small a page."""


def test_the_font_fits_the_window_again_when_it_is_resized_during_a_game(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            for address, resized in (
                # The font shrinks to keep 80 columns and 24 rows, not below 10 px (400x300
                # is too small even then), and grows back to the size it had.
                (server, (((800, 500), MARKET), ((400, 300), TOO_SMALL), ((1200, 800), MARKET))),
                (f"{server}/?fontsize=16", (((800, 500), TOO_SMALL),)),  # a size asked stays
            ):
                page, shown = a_new_game(browser, address, 1200, 800)
                shown.wait_for(MARKET)
                wide = shown.sizes[-1]
                for (width, height), seen in resized:
                    told = len(shown.sizes)
                    page.set_viewport_size({"width": width, "height": height})
                    # The game is told the size, room for the market or not as expected.
                    columns, rows, drawn = shown.wait_for_size(told, market=seen == MARKET)
                    if seen == MARKET:  # drawn again at its new size, the notice gone
                        # (the game may still answer a size on the way with the notice)
                        shown.wait_for(MARKET, since=drawn, over=TOO_SMALL)
                    else:  # the notice, with the size the page has now
                        shown.wait_for(f"Now: {columns} columns and {rows} rows", since=drawn)
                if resized[-1][0] == (1200, 800):  # the font the page began with, again
                    deadline = time.monotonic() + 30
                    while shown.sizes[-1] != wide:  # (the page runs, and is heard, meanwhile)
                        assert time.monotonic() < deadline, (wide, shown.sizes)
                        page.wait_for_timeout(100)
                page.close()
        finally:
            browser.close()


PASTE = """(text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const paste = new ClipboardEvent(
        'paste', {clipboardData: data, bubbles: true, cancelable: true});
    document.querySelector('textarea.xterm-helper-textarea').dispatchEvent(paste);
}"""
"""What the browser does when a player pastes into the page's terminal."""


def test_a_save_downloaded_in_one_page_and_pasted_into_another_plays_on(
    server: str, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            saver = browser.new_context(accept_downloads=True).new_page()
            saver.set_viewport_size({"width": 1200, "height": 800})
            shown = Shown(saver)
            saver.goto(server)
            saver.wait_for_selector("body.-first-byte", timeout=30_000)
            wait_until(lambda: games(tmp_path), "a visitor's folder")
            time.sleep(1.0)  # the new-game screen settles
            saver.keyboard.press("Enter")  # a 2-player game; then roll and lay, as above
            deadline = time.monotonic() + 60
            while ("orient", 1) not in games(tmp_path):
                assert time.monotonic() < deadline, f"no carpet laid: {games(tmp_path)}"
                saver.keyboard.press("Enter")
                time.sleep(2.0)
            saver.keyboard.press("s")
            shown.wait_for("Save the game as")  # the name prompt opens
            with saver.expect_download(timeout=20_000) as download:
                saver.keyboard.press("Enter")  # the name offered
            text = Path(download.value.path()).read_text(encoding="utf-8")
            assert json.loads(text)["format"] == "marrakech-game"

            page = browser.new_page(viewport={"width": 1200, "height": 800})
            shown = Shown(page)
            page.goto(server)
            shown.wait_for("Saved games")  # the new-game form
            page.keyboard.press("Control+o")
            shown.wait_for("No games here yet")
            page.evaluate(PASTE, text)
            shown.wait_for("Enter plays it on")
            page.keyboard.press("Enter")
            shown.wait_for("Player 2: Assam will go straight on")  # the saver's game, on its board
            assert "Player 1 goes straight, rolls" in shown.text
        finally:
            browser.close()
