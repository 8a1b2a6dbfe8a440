"""The status line under the market: a message longer than its two lines is cut with an
ellipsis there and shown whole as a notice."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from marrakech.tui.widgets.status_line import StatusLine

from .helpers import run, screen_text, toasts

LONG = (
    "Took back Ayla's carpet on (5,3)-(5,4), covering their own yellow square and Bo's "
    "blue square, and Bo's turn after it."
)


class OneLine(App[None]):
    CSS = "StatusLine { width: 40; height: 2; }"

    def compose(self) -> ComposeResult:
        yield StatusLine()


@run
async def test_a_message_longer_than_the_lines_ends_with_an_ellipsis_and_is_a_notice() -> None:
    app = OneLine()
    async with app.run_test(size=(60, 12), notifications=True) as pilot:
        status = app.query_one(StatusLine)
        status.show(Text("Ayla: Assam will go left; Enter rolls.\n" + LONG))
        await pilot.pause()
        shown = screen_text(app).splitlines()[:2]
        assert shown[0].strip() == "Ayla: Assam will go left; Enter rolls."
        assert shown[1].rstrip().endswith("…") and shown[1].startswith("Took back Ayla's")
        assert any(toast.startswith("Took back Ayla's carpet") for toast in toasts(app))
        status.show(Text("Ayla: Assam will go left; Enter rolls.\nShort."))
        await pilot.pause()
        assert [line.rstrip() for line in screen_text(app).splitlines()[:2]] == [
            "Ayla: Assam will go left; Enter rolls.",
            "Short.",
        ]
