"""The end-of-game summary: each player's (and in two players each colour's) figures, a
chart of every score turn by turn, and beside it each player's margin split into luck and
skill (``flow.luck``, worked out off the app's thread by ``GameReview``). Opened from the
results; imported only then, so the plotting library costs nothing at start-up."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from marrakech.engine import Colour
from marrakech.flow import recaps
from marrakech.flow.review import Review, rolls_line
from marrakech.flow.summary import GameSummary, summarise
from marrakech.games.language import N_, _, pgettext
from marrakech.games.session import Session
from marrakech.games.words import aids_line, colour_word
from marrakech.tui.game_review import GameReview
from marrakech.tui.palette import CARPET_COLOURS
from marrakech.tui.screens.chips import chips
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.chart_legend import ChartLegend
from marrakech.tui.widgets.key_footer import KeyFooter
from marrakech.tui.widgets.luck_chart import LuckChart
from marrakech.tui.widgets.score_chart import ScoreChart
from marrakech.tui.widgets.wrapped import WrappedStatic, WrappedText

_NAME_CELLS = 10
"""The most cells a player's name takes in the table of figures at 80 columns (each
column more gives it one more): the other columns take the rest."""

_HEADINGS = (N_("Squares"), N_("Dirhams"), N_("Score"), N_("Earned"), N_("Paid"))
"""The figures' columns between the colours and the biggest toll."""


class SummaryScreen(Screen[None]):
    """The game's figures and score chart; Escape goes back to the results."""

    DEFAULT_CSS = """
    SummaryScreen > Vertical {
        padding: 0 1;
    }
    SummaryScreen #figures {
        height: auto;
        margin-bottom: 1;
    }
    SummaryScreen #aids {
        color: $text-warning;
        margin-bottom: 1;
    }
    SummaryScreen #charts {
        height: 1fr;
        min-height: 8;
    }
    SummaryScreen #score {
        width: 1fr;
    }
    SummaryScreen #chart-heading, SummaryScreen #chart-legend {
        height: auto;
        padding: 0 1;
    }
    SummaryScreen #chart, SummaryScreen #chances-chart {
        height: 1fr;
    }
    SummaryScreen #luck {
        width: 54;
        max-width: 50%;
        /* A thin grey bar where the figures scroll: a wide coloured one read as one more
           bar of the chart beside it. */
        scrollbar-size-vertical: 1;
        scrollbar-background: $background;
        scrollbar-background-hover: $background;
        scrollbar-background-active: $background;
        scrollbar-color: $foreground 30%;
        scrollbar-color-hover: $foreground 50%;
        scrollbar-color-active: $foreground 60%;
    }
    SummaryScreen #luck-working {
        padding: 0 1;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back to the results")),
        Binding("c", "chart('chances')", N_("Chances to win")),
        Binding("c", "chart('points')", N_("Points")),
    ]

    chart: reactive[str] = reactive("points", init=False, bindings=True)
    """The chart on the left: "points" (each turn's) or "chances" (to win, each round)."""

    def __init__(self, session: Session, game: GameReview | None = None) -> None:
        """The summary of the session's game, with the luck and skill of ``game``'s review
        (of this session's, worked out here, when none is given)."""
        super().__init__()
        translate_bindings(self)
        names = session.setup.names
        self.session = session
        self.game = game or GameReview(session)
        self.summary: GameSummary = summarise(
            session.start, recaps(session.transitions, names), names
        )
        self.chances: tuple[tuple[int, tuple[float, ...]], ...] | None = None
        """Each seat's chance to win round by round, once the review has them (``_luck``)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._figures(), id="figures")
            if aids := aids_line(self.session.aids):
                yield Static(aids, id="aids", markup=False)
            with Horizontal(id="charts"):
                with Vertical(id="score"):
                    yield WrappedStatic(self._heading(), id="chart-heading")
                    yield self._chart_legend()
                    yield ScoreChart(self.summary.scores, self._line_colours(), id="chart")
                with VerticalScroll(id="luck"):
                    yield LuckChart(id="luck-chart")
                    yield WrappedStatic(
                        _("Working out luck and skill…"), id="luck-working", markup=False
                    )
        yield KeyFooter()

    def on_mount(self) -> None:
        found = self.game.found
        if found is None:
            self.run_worker(self._work, thread=True, exclusive=True)
        else:
            self._luck(found)

    def _heading(self) -> Text:
        if self.chart == "points":
            return Text(_("Points after each turn (squares + dirhams)"), style="bold")
        heading = Text()
        heading.append(
            _("Chances to win at the start of each round (turns along the bottom)"), style="bold"
        )
        if self.chances is None:
            heading.append("\n" + _("Working out the chances to win…"))
        return heading

    def _line_colours(self) -> list[str]:
        return [CARPET_COLOURS[self._colour(player.seat)] for player in self.summary.players]

    def _show_chart(self) -> None:
        """Show the chart asked for (the chances' drawn the first time they are shown)."""
        self.query_one("#chart-heading", WrappedStatic).update(self._heading())
        self.query_one("#chart").display = self.chart == "points"
        drawn = self.query("#chances-chart")
        if self.chart == "chances" and self.chances is not None and not drawn:
            turns = [turn for turn, _chances in self.chances]
            lines = [
                [100 * chances[seat] for _turn, chances in self.chances]
                for seat in range(len(self.summary.players))
            ]
            chart = ScoreChart(
                lines, self._line_colours(), turns=turns, percent=True, id="chances-chart"
            )
            self.query_one("#score").mount(chart)
        for shown in self.query("#chances-chart"):
            shown.display = self.chart == "chances"

    def watch_chart(self) -> None:
        self._show_chart()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer the chart not shown."""
        if action == "chart":
            return parameters[0] != self.chart
        return True

    def action_chart(self, chart: str) -> None:
        """Show the chart of points (``"points"``) or of chances to win (``"chances"``)."""
        self.chart = chart

    def _colour(self, seat: int) -> Colour:
        """The colour a seat's line is drawn in (its first colour)."""
        return self.session.start.players[seat].colours[0]

    def _chart_legend(self) -> ChartLegend:
        """Each player's name beside a stroke of its line's colour (the chart's own legend)."""
        entries = [
            (player.name, CARPET_COLOURS[self._colour(player.seat)])
            for player in self.summary.players
        ]
        return ChartLegend(entries, id="chart-legend")

    def _work(self) -> None:
        found = self.game.work()
        self.app.call_from_thread(self._luck, found)

    def _luck(self, found: Review) -> None:
        """Draw each player's luck and skill, in figures and bars."""
        if not self.is_attached:
            return
        names = self.session.setup.names
        # Each player's luckiest and unluckiest roll, above the chart's key (the key is
        # what the words mean: read once, it may go below the fold).
        rolls = (rolls_line(found.luck, seat, names) for seat in range(len(names)))
        notes = [line for line in rolls if line]
        self.query_one(LuckChart).show(found.luck.accounts, names, notes)
        self.query_one("#luck-working").display = False
        self.chances = found.chances
        if self.chart == "chances":
            self._show_chart()  # asked for meanwhile

    def on_resize(self) -> None:
        """A wider terminal gives a long name more room (and a narrower one less)."""
        self.query_one("#figures", Static).update(self._figures())

    def _least_name_cells(self) -> int:
        """The name column's width however narrow the terminal: its heading, a colour's
        row ("  yellow") and "  bankrupt" stay whole."""
        words = [
            _("Player"),
            f"  {pgettext('player state', 'bankrupt')}",
            *(f"  {colour_word(colour)}" for colour in Colour),
        ]
        return max(cell_len(word) for word in words)

    def _figures(self) -> Table:
        table = Table(
            title=_("The game in figures: {count} turns").format(count=self.summary.turns),
            box=None,
            padding=(0, 1),
            header_style="bold",
        )
        # A heading too long for its column breaks, in Japanese too, rather than lose its end.
        # The players' heading is the one not to break; a long name is cut short ("…")
        # rather than wrapped over rows that the charts below need at 24 rows.
        table.add_column(
            WrappedText(Text(_("Player"))),
            min_width=cell_len(_("Player")),
            max_width=max(self._least_name_cells(), _NAME_CELLS + self.app.size.width - 80),
            no_wrap=True,
            overflow="ellipsis",
        )
        table.add_column(WrappedText(Text(_("Colours"))))
        for heading in (*_HEADINGS, N_("Biggest toll paid"), N_("Largest region")):
            table.add_column(WrappedText(Text(_(heading))), justify="right")
        two_players = len(self.summary.players) == 2
        for player in self.summary.players:
            name = Text(player.name)
            if player.eliminated:  # on a line of its own, set in as a colour's row is,
                # so that it never runs on into the name nor reads as another player's.
                # Translators: under a bankrupt player's name in the summary's table.
                name.append("\n  " + pgettext("player state", "bankrupt"), style="dim italic")
            table.add_row(
                name,
                chips(c.colour for c in player.colours),
                str(player.visible),
                str(player.dirhams),
                Text(str(player.total), style="bold"),
                str(player.earned),
                str(player.paid),
                str(player.biggest_toll),
                str(player.largest_region),
            )
            if two_players and len(player.colours) > 1:  # one colour: its row says it all
                for colour in player.colours:
                    table.add_row(
                        Text(f"  {colour_word(colour.colour)}", style="dim"),
                        chips((colour.colour,)),
                        str(colour.visible),
                        "",
                        "",
                        "",
                        "",
                        "",
                        str(colour.largest_region),
                        style="dim",
                    )
        return table

    def action_close(self) -> None:
        """Back to the results."""
        self.dismiss(None)
