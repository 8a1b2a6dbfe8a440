"""The end of a game: ranking, scores, how the winner was decided, and what to do next.

Play again, look at the final board (Esc; the game screen opens the results again), the
summary and its charts, the review, a replay, save, export the log, or quit. A line says
what Enter does with the button that has the focus. Play again opens the new-game form
over the results: Escape there comes back to them, it never quits.
"""

from __future__ import annotations

import time
from typing import ClassVar, TypeAlias

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from marrakech.engine import GameState, Score
from marrakech.games.language import N_, _
from marrakech.games.levels import computer_label
from marrakech.games.session import GameSetup
from marrakech.games.words import bankrupt_around, place_word, verdict
from marrakech.tui.files import GameDocuments
from marrakech.tui.game_review import GameReview
from marrakech.tui.screens.chips import chips
from marrakech.tui.screens.saves import OpenSave
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.key_line import KeyLine

NextGame: TypeAlias = str | GameSetup | OpenSave
"""What the results close with: "board" (look at the final board), "quit", "again" (set up
a new game: a network game's results, which offer no form), "undo" (take back the decision
that ended the game), or the new-game form's choice, a set-up to play or a saved game to
open."""


def ranking(state: GameState) -> list[tuple[str, Score]]:
    """Each seat's rank ("1", "2", "out") and score, as ``GameState.standings`` ranks them:
    best first, seats level on score and dirhams sharing a rank, eliminated seats last."""
    return [(place_word(standing), standing.score) for standing in state.standings()]


SETTLE_SECONDS = 0.8
"""How long after the results open their buttons and keys do nothing: a player who pressed
Enter on and on to roll and lay sees who won before the summary covers it."""

SETTLING = frozenset(("finish", "summary", "review", "replay", "save", "export"))
"""The results' own actions, which wait ``SETTLE_SECONDS`` (the arrows and the app's keys
do not)."""

RESULT_KEYS = N_("Esc: board · c: summary · v: review · r: replay · s: save · e: export · q: quit")
"""The results' keys beside Enter's button, in a line under them."""

RESULT_KEYS_IN_A_BROWSER = N_(
    "Esc: board · c: summary · v: review · r: replay · s: save · e: export · q: first page"
)
"""The results' keys in a browser, where q goes back to the first page (s saves there too:
kept in the page's Saved games, and downloaded)."""


class ResultsScreen(ModalScreen[NextGame]):
    """The final ranking; dismisses with "board", "quit", or the next game (``NextGame``)."""

    DEFAULT_CSS = """
    ResultsScreen {
        align: center middle;
    }
    ResultsScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 3;
        align-horizontal: center;
        border: thick $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        background: $surface;
    }
    ResultsScreen #headline {
        width: 100%;
        content-align: center middle;
        text-style: bold;
        color: $text-warning;
        margin-bottom: 1;
    }
    ResultsScreen #ranking {
        width: 100%;
        content-align-horizontal: center;
        margin-bottom: 1;
    }
    ResultsScreen .why {
        color: $text-muted;
        width: 100%;
    }
    ResultsScreen Horizontal {
        width: 100%;
        height: auto;
        margin-top: 1;
        align-horizontal: center;
    }
    ResultsScreen Button {
        margin: 0 1;
        min-width: 10;
    }
    ResultsScreen #enter {
        width: 100%;
        margin-top: 1;
        content-align: center middle;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "finish('again')", N_("Play again")),
        Binding("q", "finish('quit')", N_("Quit")),
        Binding("escape,b", "finish('board')", N_("See the board")),
        Binding("c", "summary", N_("Summary")),
        Binding("v", "review", N_("Review")),
        Binding("r", "replay", N_("Replay")),
        Binding("s", "save", N_("Save")),
        Binding("e", "export", N_("Export log")),
        Binding("u", "finish('undo')", N_("Take back")),
        Binding("u", "cannot_take_back", show=False),
        Binding("left", "app.focus_previous", N_("Previous button"), show=False),
        Binding("right", "app.focus_next", N_("Next button"), show=False),
    ]

    AUTO_FOCUS = "#summary"
    """An Enter meant for the last move of the game opens the summary, never a new game
    (and not even that while the results are fresh: ``SETTLE_SECONDS``)."""

    def __init__(
        self,
        documents: GameDocuments,
        names: tuple[str, ...],
        *,
        offer_new_game: bool = True,
        why_no_take_back: str | None = "",
    ) -> None:
        """The results of a finished game (its state's phase is OVER), a name per seat;
        ``offer_new_game``: Play again opens the new-game form over the results (else, at
        a network table, there is no Play again); ``why_no_take_back``: None where u
        closes them with "undo", to take back the last decision and the end with it
        (takebacks on), else why u cannot (said when it is pressed; "" says nothing)."""
        super().__init__()
        self.offer_new_game = offer_new_game
        self.why_no_take_back = why_no_take_back
        translate_bindings(self)
        self.documents = documents
        self.state: GameState = documents.session.state
        self.names = names
        self.review = GameReview(documents.session)
        """The game's review, worked out the first time the review or the summary opens."""
        self._settled_at = time.monotonic() + SETTLE_SECONDS
        """Until when a key or button is taken for one pressed for the game's last move."""

    def compose(self) -> ComposeResult:
        headline, lines = verdict(self.state, self.names)
        with Vertical() as box:
            box.border_title = _("The market closes")
            yield Label(headline, id="headline", markup=False)
            yield Static(self._table(), id="ranking")
            for line in lines:
                yield Label(line, classes="why", markup=False)
            with Horizontal():
                if self.offer_new_game:
                    yield Button(_("Play again"), id="again")
                yield Button(_("Summary"), id="summary")
                yield Button(_("Review"), id="review")
                yield Button(_("Replay"), id="replay")
                yield Button(_("Board"), id="board")
                # In a browser q leaves for the first page: a page ends only there.
                yield Button(_("First page") if self.app.is_web else _("Quit"), id="quit")
            yield Label(self._enter_words(_("Summary")), id="enter", markup=False)
            keys = _(RESULT_KEYS_IN_A_BROWSER if self.app.is_web else RESULT_KEYS)
            if self.why_no_take_back is None:
                # Translators: added to the results' keys when the end may be taken back.
                keys += _(" · u: take back")
            yield KeyLine(keys, id="keys")

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column(_("Rank"), justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Colours"))
        table.add_column(_("Squares"), justify="right")
        table.add_column(_("Dirhams"), justify="right")
        table.add_column(_("Total"), justify="right")
        winners = self.state.winners()
        for rank, score in ranking(self.state):
            colours = self.state.players[score.seat].colours
            name = Text(self.names[score.seat])
            if score.seat in winners:
                name.stylize("bold")
            if score.eliminated:
                name.stylize("dim strike")
                before, _name, after = bankrupt_around(self.names[score.seat])
                name = Text.assemble((before, "italic"), name, (after, "italic"))
            if (level := self.documents.session.setup.level(score.seat)) is not None:
                name.append(" · " + computer_label(level), style="dim italic")
            style = "dim" if score.eliminated else ""
            table.add_row(
                Text(rank, style=style or "bold"),
                name,
                chips(colours, dim=score.eliminated),
                Text(str(score.visible), style=style),
                Text(str(score.dirhams), style=style),
                Text(str(score.total), style=style or "bold"),
            )
        return table

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Say what Enter does with the button that has the focus now."""
        if isinstance(event.widget, Button):
            self.query_one("#enter", Label).update(self._enter_words(str(event.widget.label)))

    @staticmethod
    def _enter_words(button: str) -> str:
        """What Enter does: press ``button``, the one that has the focus."""
        # Translators: {button} is the label of the results' button that has the focus.
        return _("Enter: {button} · ← →: another button").format(button=button)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if self._fresh:
            return  # pressed for the game's last move, before the results were seen
        choice = event.button.id or "quit"
        if choice == "again":
            self.action_finish("again")
        elif choice == "summary":
            self.action_summary()
        elif choice == "review":
            self.action_review()
        elif choice == "replay":
            self.action_replay()
        else:
            self.dismiss(choice)

    @property
    def _fresh(self) -> bool:
        """Whether the results opened too short a while ago to take a key (SETTLE_SECONDS)."""
        return time.monotonic() < self._settled_at

    def on_mount(self) -> None:
        if SETTLE_SECONDS > 0:
            self.set_timer(SETTLE_SECONDS, self.refresh_bindings)  # the keys light up

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No Play again where no new game is offered (a network table); the results' keys
        dimmed while the results are fresh (a key meant for the game's last move)."""
        if action == "finish" and parameters == ("again",) and not self.offer_new_game:
            return False
        if action == "finish" and parameters == ("undo",) and self.why_no_take_back is not None:
            return False
        if action == "cannot_take_back":
            return bool(self.why_no_take_back)
        if action in SETTLING and self._fresh:
            return None
        return True

    def action_finish(self, choice: str) -> None:
        """Close with "board", "quit" or "undo"; "again" opens the new-game form."""
        if choice == "again":
            self._new_game()
        else:
            self.dismiss(choice)

    def action_cannot_take_back(self) -> None:
        """u where the end cannot be taken back: say why."""
        self.notify(_("Cannot undo: {why}.").format(why=self.why_no_take_back), markup=False)

    def _new_game(self) -> None:
        """Set up the next game over the results: Escape there comes back here."""
        from marrakech.tui.screens.setup import NewGameScreen  # needed only for a new game

        def chosen(choice: GameSetup | OpenSave | None) -> None:
            if choice is not None:
                self.dismiss(choice)

        setup = self.documents.session.setup
        self.app.push_screen(NewGameScreen(setup, over="results"), chosen)

    def action_summary(self) -> None:
        """Open the summary of the game, with its chart (drawn only when asked for)."""
        from marrakech.tui.screens.summary import SummaryScreen

        self.app.push_screen(SummaryScreen(self.documents.session, self.review))

    def action_review(self) -> None:
        """Open the review: luck and skill, and each player's worst decisions on the market."""
        from marrakech.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.review))

    def action_replay(self) -> None:
        """Step through the game from its first turn."""
        from marrakech.tui.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.documents.session))

    def action_save(self) -> None:
        """Save the game under a name."""
        self.documents.save(self.app)

    def action_export(self) -> None:
        """Write the game log as text."""
        self.documents.export(self.app)
