"""The review of a finished game: each player's luck and skill, and their worst decisions
on the market, the move played and the better one.

The review is worked out off the app's thread (``GameReview``); a progress bar shows when
that takes more than a second. Left and Right step between the worst decisions (up to
three per player reviewed; **a** lists every decision graded an inaccuracy or worse, and
again the worst alone), Space switches the market between the move played and the better
one, Escape goes back to the results.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from marrakech.engine import Action, Aim, Orient, Place
from marrakech.flow.hint import why_better
from marrakech.flow.review import (
    BLUNDER,
    GRADE_WORDS,
    INACCURACY,
    MISTAKE,
    Decision,
    Review,
    decision_line,
    worst,
)
from marrakech.flow.risk import lane_risks
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.words import action_words
from marrakech.tui.game_review import GameReview
from marrakech.tui.screens.market_screen import MarketScreen
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.accounts_table import AccountsTable
from marrakech.tui.widgets.board import BoardWidget, Ghost, Lane
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.too_small import TooSmall
from marrakech.tui.widgets.wrapped import WrappedStatic

SLOW = 1.0
"""Seconds of working before the progress bar shows."""

MISSES = (INACCURACY, MISTAKE, BLUNDER)
"""The grades counted above the worst decisions."""


STATUS_LINES = 7
"""The fewest lines under the market (the status's height in ``DEFAULT_CSS``). Their
number comes from the terminal's size alone (``status_lines``): the market stays where it
is from one decision to the next, however many lines each says."""


def status_lines(width: int, height: int) -> int:
    """The lines under the market in a column of ``width`` x ``height`` cells: the fewest,
    and half the blank room the market's drawing leaves above and below it there (the rest
    keeps it off the top of the screen)."""
    board = height - STATUS_LINES
    spare = max(0, board - BoardWidget.drawing_height(width, board))
    return STATUS_LINES + spare // 2


class ReviewScreen(MarketScreen[None]):
    """A finished game's review (see the module docstring)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (122, "-wider")]  # noqa: RUF012

    DEFAULT_CSS = """
    ReviewScreen #review {
        height: 1fr;
    }
    ReviewScreen #market {
        width: 1fr;
        min-width: 47;
    }
    ReviewScreen #status {
        height: 7;
        padding: 0 1;
        background: $panel;
    }
    ReviewScreen #side {
        width: 32;
        background: $surface;
        padding: 0 1;
    }
    ReviewScreen #title {
        text-style: bold;
        color: $text-primary;
    }
    ReviewScreen #accounts {
        height: auto;
        margin: 1 0;
    }
    ReviewScreen #working {
        height: auto;
        margin: 1 0;
    }
    ReviewScreen #bar {
        display: none;
    }
    ReviewScreen #worst-title {
        color: $text-muted;
    }
    ReviewScreen #worst {
        height: 1fr;
        border: none;
        background: $surface;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous"), priority=True),
        Binding("right", "step(1)", N_("Next"), priority=True),
        # Past either end the step is dimmed; the key then says why it did nothing.
        Binding("left", "past_end(-1)", "", show=False, priority=True),
        Binding("right", "past_end(1)", "", show=False, priority=True),
        Binding("space", "switch", N_("Other move")),
        # One key, two labels: the one that does nothing now is hidden (``check_action``).
        Binding("a", "every(True)", N_("All misses")),
        Binding("a", "every(False)", N_("Worst only")),
        Binding("escape,q", "close", N_("Back")),
    ]

    AUTO_FOCUS = "#worst"

    index: reactive[int] = reactive(0, init=False, bindings=True)
    """Which of the worst decisions is on the market."""
    better: reactive[bool] = reactive(False, init=False, bindings=True)
    """True while the market shows the better move instead of the one played."""
    every: reactive[bool] = reactive(False, init=False, bindings=True)
    """True while every decision graded an inaccuracy or worse is listed, not only each
    player's worst."""

    def __init__(self, game: GameReview) -> None:
        """The review of ``game`` (worked out here if nobody has asked for it yet)."""
        super().__init__()
        translate_bindings(self)
        self.game = game
        self.names = game.session.setup.names
        self.shown: tuple[Decision, ...] = ()
        """The decisions to step through, in game order: each reviewed player's worst, or
        with ``every`` each decision graded an inaccuracy or worse."""
        self._worst: tuple[Decision, ...] = ()
        self._misses: tuple[Decision, ...] = ()
        self._told = False
        """A notice of the review's is shown (``action_past_end``)."""
        self._done = 0.0
        """How much of the review the worker has done (written by it, read by a timer)."""
        self._whys: dict[Decision, str | None] = {}
        """Why each decision's better move is better (``_why``), kept by the decision: the
        list's places change with All misses / Worst only."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="review", classes="market-room"):
            with Vertical(id="market"):
                yield BoardWidget(id="board")
                yield WrappedStatic(id="status")
            with Vertical(id="side"):
                yield Static(_("Review"), id="title")
                with Vertical(id="working"):
                    yield Static(_("Reviewing every decision…"), id="working-words")
                    yield ProgressBar(total=1.0, show_eta=False, id="bar")
                yield AccountsTable(id="accounts")
                yield WrappedStatic(id="worst-title", markup=False)  # it may name a player
                yield OptionList(id="worst")
        yield TooSmall(id="too-small")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(BoardWidget).show(self.game.session.state)
        found = self.game.found
        if found is not None:
            self._ready(found)
            return
        self.set_timer(SLOW, self._slow)
        self.run_worker(self._work, thread=True, exclusive=True)

    def _work(self) -> None:
        found = self.game.work(self._heard)
        self.app.call_from_thread(self._ready, found)

    def _heard(self, done: float) -> None:
        self._done = done  # the worker's thread: a timer shows it, never waiting for it

    def _slow(self) -> None:
        if self.game.found is None:
            self.query_one("#bar", ProgressBar).display = True
            self.set_interval(0.2, self._advance)

    def _advance(self) -> None:
        self.query_one("#bar", ProgressBar).update(progress=self._done)

    def _ready(self, found: Review) -> None:
        if not self.is_attached:
            return
        self.query_one("#working").display = False
        self.query_one(AccountsTable).show(found.luck.accounts, self.names)
        self._worst = tuple(
            sorted(
                (decision for player in found.players for decision in worst(found, player.seat)),
                key=lambda decision: decision.turn,
            )
        )
        reviewed = {player.seat for player in found.players}
        self._misses = tuple(d for d in found.decisions if d.seat in reviewed and d.grade in MISSES)
        self._list()

    def _list(self) -> None:
        """List the decisions to step through (``every``, or the worst), the one on the
        market kept on it where it is in both lists."""
        found = self.game.found
        assert found is not None
        before = self.shown[self.index] if self.shown else None
        self.shown = self._misses if self.every else self._worst
        alone = found.players[0].name if len(found.players) == 1 else None
        title = self._worst_title(len(self._misses), alone)
        self.query_one("#worst-title", WrappedStatic).update(title)
        options = self.query_one("#worst", OptionList)
        options.clear_options()
        options.add_options([Option(self._entry(d, named=alone is None)) for d in self.shown])
        index = next((i for i, decision in enumerate(self.shown) if decision is before), 0)
        if self.shown:
            options.highlighted = index
        options.display = bool(self.shown)  # no empty box where there is nothing to list
        self.better = False
        if self.index != index:
            self.index = index  # (shown by ``watch_index``)
        else:
            self._show()
        self.refresh_bindings()

    def _worst_title(self, graded: int, alone: str | None) -> str:
        """The heading of the decisions listed: all the misses, or the worst of them (of
        the one player reviewed, ``alone``, when the others were computers)."""
        if not self.shown:
            return _("No decision was graded an inaccuracy or worse.")
        if graded == len(self.shown) and all(d.grade in MISSES for d in self.shown):
            return ngettext(
                "{count} decision graded an inaccuracy or worse:",
                "{count} decisions graded an inaccuracy or worse:",
                graded,
            ).format(count=graded)
        if alone is not None:
            return ngettext(
                "{name}'s costliest decisions, three at most ({count} graded an inaccuracy "
                "or worse in all):",
                "{name}'s costliest decisions, three at most ({count} graded an inaccuracy "
                "or worse in all):",
                graded,
            ).format(name=alone, count=graded)
        return ngettext(
            "Each player's costliest decisions, three at most ({count} graded an inaccuracy "
            "or worse in all):",
            "Each player's costliest decisions, three at most ({count} graded an inaccuracy "
            "or worse in all):",
            graded,
        ).format(count=graded)

    def _entry(self, decision: Decision, *, named: bool) -> Text:
        """The turn, what was decided and the grade: " 15 carpet · blunder"; ``named``, the
        player too, where several players' decisions are listed (" 15 Ayla · carpet ·
        blunder")."""
        grade = _(GRADE_WORDS[decision.grade])
        entry = Text(f"{decision.turn:>3} ", "dim")
        if named:
            entry.append(f"{self.names[decision.seat]} · ")
        entry.append(_decided(decision.played), "dim")
        entry.append(f" · {grade}", "bold")
        return entry

    def _show(self) -> None:
        status = self.query_one("#status", WrappedStatic)
        board = self.query_one(BoardWidget)
        if not self.shown:
            board.show(self.game.session.state)
            status.update(
                Text(_("No decision to look at: every one was graded best."), style="bold")
            )
            return
        decision = self.shown[self.index]
        action = decision.best if self.better else decision.played
        _draw(board, decision, action)
        which = _("the better move") if self.better else _("the move played")
        other = _("the move played") if self.better else _("the better move")
        why = self._why(self.shown[self.index]) if self.better else None
        line = decision_line(decision, self.names)
        market = _("On the market: {which}, {action}.").format(
            which=which, action=action_words(action)
        )
        short = _("On the market: {which}.").format(which=which)
        keys = _("Space shows {other}; ← → step between the decisions listed.").format(other=other)
        # Why the better move is better, under the decision's line where both fit (the
        # turn and what it cost stay in view), else alone.
        if why and status.content_size.width and not self._overflows(line, why, short):
            lines = [line, why]
        else:
            lines = [why or line]
        if self._overflows(*lines, market):
            # The lines above name the move too (the decision's line, or the "why").
            market = short
        text = Text(lines[0], style="bold" if len(lines) == 1 else "")
        for more in lines[1:]:
            text.append("\n" + more, style="bold")
        text.append("\n" + market)
        # The keys' line is the first to give way: the footer names the same keys.
        if status.content_size.width and not self._overflows(*lines, market, keys):
            text.append("\n" + keys, style="dim")
        status.update(text)

    def _overflows(self, *lines: str) -> bool:
        """Whether these lines, wrapped, run past the lines under the market (not known
        before the status is laid out)."""
        status = self.query_one("#status", WrappedStatic)
        width, height = status.content_size
        return bool(width) and len(Text("\n".join(lines)).wrap(self.app.console, width)) > height

    def _why(self, decision: Decision) -> str | None:
        """Why the better move of ``decision`` is better, as a hint would say it (worked
        out once)."""
        if decision not in self._whys:
            self._whys[decision] = why_better(
                decision.state, decision.best, decision.played, self.names[decision.seat]
            )
        return self._whys[decision]

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_status)

    def _fit_status(self) -> None:
        """Give the lines under the market the room the market's drawing leaves (at this
        size), then say the decision again in them."""
        status = self.query_one("#status", WrappedStatic)
        status.styles.height = status_lines(*self.query_one("#market").content_size)
        if self.shown:
            self.call_after_refresh(self._show)

    def watch_index(self) -> None:
        self.better = False
        self.query_one("#worst", OptionList).highlighted = self.index
        self._show()

    def watch_better(self) -> None:
        self._show()

    @on(OptionList.OptionHighlighted, "#worst")
    def _chosen(self, event: OptionList.OptionHighlighted) -> None:
        # Keys pressed quickly leave events of rows highlighted before: only the last counts.
        if event.option_index == event.option_list.highlighted:
            self.index = event.option_index

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Dim stepping past either end, and the switch while there is nothing to show;
        once the review found no decision to look at, neither is a key."""
        if not self.fits_the_market:
            return False
        if self.game.found is not None and not self.shown and action in ("step", "switch"):
            return False
        if action == "step" and isinstance(parameters[0], int):
            return True if 0 <= self.index + parameters[0] < len(self.shown) else None
        if action == "past_end" and isinstance(parameters[0], int):
            return bool(self.shown) and not 0 <= self.index + parameters[0] < len(self.shown)
        if action == "switch":
            return True if self.shown else None
        if action == "every":
            # Only where the worst leave some out; the label for what the key does now.
            return len(self._misses) > len(self._worst) and parameters[0] != self.every
        return True

    def action_step(self, by: int) -> None:
        """The previous (-1) or next (1) of the decisions listed."""
        self.index = max(0, min(len(self.shown) - 1, self.index + by))

    def action_past_end(self, by: int) -> None:
        """Say that there is no worst decision before the first (-1) or after the last (1)
        (once: the notice said before goes, so that pressing again does not stack them)."""
        self.app.clear_notifications()
        self._told = True
        if by < 0:
            self.notify(_("This is the first of the decisions listed."), markup=False)
        else:
            self.notify(_("This is the last of the decisions listed."), markup=False)

    def on_screen_suspend(self) -> None:
        """A screen opened over the review (the replay) does not keep its notice."""
        self._take_back_notice()

    def on_unmount(self) -> None:
        self._take_back_notice()

    def _take_back_notice(self) -> None:
        """Take the review's "first" or "last" notice off the screen, if it said one
        (Textual clears notices only all at once)."""
        if self._told:
            self.app.clear_notifications()
            self._told = False

    def action_every(self, every: bool) -> None:
        """List every decision graded an inaccuracy or worse (True), or the worst alone."""
        self.every = every

    def watch_every(self) -> None:
        self._list()

    def action_switch(self) -> None:
        """Show the better move, or the move played again."""
        self.better = not self.better

    def action_close(self) -> None:
        """Back to the results."""
        self.dismiss(None)


def _decided(action: Action) -> str:
    """What kind of decision an action is, in a word."""
    if isinstance(action, Place):
        return pgettext("decision", "carpet")
    if isinstance(action, Aim):
        return pgettext("decision", "aim")
    return pgettext("decision", "facing")


def _draw(board: BoardWidget, decision: Decision, action: Action) -> None:
    """Draw a decision's position with one of its moves: the lanes of a facing or an aim
    (the move's own marked, Assam turned its way), or the carpet laid."""
    state = decision.state
    if isinstance(action, Place):
        colour = state.players[state.current].top
        board.show(state, ghost=Ghost(action, colour) if colour is not None else None)
        return
    assert isinstance(action, Orient | Aim)
    lanes = tuple(Lane(risk.stops, chosen=risk.turn == action.turn) for risk in lane_risks(state))
    board.show(state, assam=state.apply(action).assam, lanes=lanes)
