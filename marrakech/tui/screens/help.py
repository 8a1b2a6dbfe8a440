"""Help: the keys of the screen underneath, and the rules of the game."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.table import Table
from textual import on
from textual.actions import parse
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.lazy import Lazy
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, Static, TabbedContent, TabPane

from marrakech.flow.review import BEST_BELOW, BEST_POINTS_BELOW, GRADES, POINT_GRADES
from marrakech.games import language
from marrakech.games.language import N_, _
from marrakech.tui.screens.translated import translate_bindings
from marrakech.tui.widgets.legend import Legend
from marrakech.tui.widgets.wrapped_markdown import WrappedMarkdown

RULES_PATH = Path(__file__).parents[1] / "how_to_play.md"
"""The rules for players, shipped with the package."""


def rules_path() -> Path:
    """The rules in the language spoken (``how_to_play.ja.md``) when the package has them
    in it, else in English (RULES_PATH)."""
    code = language.current()
    if code != language.ENGLISH:
        translated = RULES_PATH.with_suffix(f".{code}.md")
        if translated.is_file():
            return translated
    return RULES_PATH


def plain_fences(markdown: str) -> str:
    """Mark code blocks without a language as plain text, so nobody guesses one.

    The rules draw boards in bare fences; a guessed lexer would colour them at random
    (and guessing loads every Pygments lexer, which takes seconds).
    """
    lines = markdown.splitlines()
    inside = False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            if not inside and line.strip() == "```":
                lines[number] = "```text"
            inside = not inside
    return "\n".join(lines)


_BLOCK_STARTS = ("#", "-", "*", "+", ">", "|", "```")


def _starts_block(line: str) -> bool:
    """Whether a Markdown line starts a block of its own (not a paragraph's next line)."""
    stripped = line.strip()
    if not stripped or stripped.startswith(_BLOCK_STARTS):
        return True
    number, dot, _rest = stripped.partition(". ")
    return bool(dot) and number.isdigit()


def join_wide_lines(markdown: str) -> str:
    """Join a paragraph's lines where one ends or the next begins with a wide character.

    Markdown turns a line break inside a paragraph into a space; Japanese has no spaces
    between words, so the space would show, and lines would be broken there. Code
    blocks, headings, lists and tables keep their lines.
    """
    joined: list[str] = []
    inside = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
        elif (
            joined
            and not inside
            and not _starts_block(line)
            and joined[-1].strip()
            and not joined[-1].lstrip().startswith(("#", "|", "```"))
            and not joined[-1].endswith(("  ", "\\"))
            and (cell_len(joined[-1][-1]) == 2 or cell_len(line.strip()[0]) == 2)
        ):
            joined[-1] += line.strip()
            continue
        joined.append(line)
    return "\n".join(joined)


def _declared(node: DOMNode) -> set[tuple[str, str]]:
    """(key, action) of the bindings declared on a node by classes outside Textual."""
    declared = set()
    for cls in type(node).__mro__:
        if cls.__module__.split(".")[0] in ("textual", "builtins"):
            continue
        for entry in vars(cls).get("BINDINGS", ()):
            binding = entry if isinstance(entry, Binding) else Binding(*entry)
            for key in binding.key.split(","):
                declared.add((key.strip(), binding.action))
    return declared


@runtime_checkable
class SaysWhyNot(Protocol):
    """A screen that can say why some of its keys cannot act now (the help says it)."""

    def why_not_now(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why the key of ``action`` cannot act now (its ``check_action`` dims it), in a
        few words ("picked already"); None where there is nothing more to say than that."""


def key_rows(
    app: App[object], node_bindings: list[tuple[DOMNode, Binding]], *, dimmed: bool = False
) -> list[tuple[str, str]]:
    """(keys, description) rows for the game's own bindings, one row per action;
    ``dimmed``, of keys that cannot act now, each with why (``_dimmed_description``)."""
    rows: dict[tuple[int, str], tuple[list[str], str]] = {}
    declared: dict[int, set[tuple[str, str]]] = {}
    for node, binding in node_bindings:
        if binding.system or not binding.description:
            continue
        if id(node) not in declared:
            declared[id(node)] = _declared(node)
        if (binding.key, binding.action) not in declared[id(node)]:
            continue
        # the app's own keys (Quit, Help) are translated here, where they are shown
        description = _(binding.description)
        if dimmed:
            description = _dimmed_description(node, binding.action, description)
        keys, _described = rows.setdefault((id(node), binding.action), ([], description))
        display = app.get_key_display(binding)
        if display not in keys:
            keys.append(display)
    return [(" ".join(keys), description) for keys, description in rows.values()]


def _dimmed_description(node: DOMNode, action: str, description: str) -> str:
    """A key that cannot act now, with why where its screen says (``SaysWhyNot``):
    "Ahead (picked already)", else "Undo (not now)"."""
    _namespace, name, parameters = parse(action)
    why = node.why_not_now(name, parameters) if isinstance(node, SaysWhyNot) else None
    if why is None:
        # Translators: a key of the screen below that cannot act at this moment.
        return _("{description} (not now)").format(description=description)
    # Translators: a key of the screen below that cannot act at this moment, and why:
    # "Ahead (picked already)".
    return _("{description} ({why})").format(description=description, why=why)


REVIEW_HELP = (
    N_("## Reading a review"),
    N_(
        "Each decision is set against the best option the evaluator found: the **points** "
        "lost are how much less the move played is worth, in points of your lead, and the "
        "**chance to win** lost, how much less chance to win it leaves."
    ),
    N_(
        "**Grades**, by the chance to win lost: *best* under {best} (and under {best_points} "
        "points lost), *good* under {inaccuracy}, *inaccuracy* from {inaccuracy}, *mistake* "
        "from {mistake}, *blunder* from {blunder}; or by the points lost, if that grades it "
        "worse ({inaccuracy_points}, {mistake_points} and {blunder_points}): where a game is "
        "all but decided, the chance to win hardly moves and the points still show what a "
        "decision cost. Before a decision is called a mistake or a blunder, a deeper search "
        "looks again: where it finds less lost, the smaller loss grades it (an inaccuracy at "
        "least)."
    ),
    N_(
        "**Margin**: your final score minus the best other score. It is split in two, "
        "**luck + skill**."
    ),
    N_(
        "**Luck**: what nobody decided, against what was expected: the dice, the start (the "
        "edge of playing first), and with 3 or 4 players how the others' decisions fell on "
        "you and the evaluator's own inconsistency."
    ),
    N_(
        "**Skill**: what the decisions made of the margin. *Decisions*: over the whole game, "
        "the points the others' decisions lost against the best found (their average per "
        "player), minus the points yours lost. *Foresight* (2 players): how much better "
        "the positions you steered into turned out than the evaluator expected when you chose "
        "them, which is what looking further ahead than it gains. The hints look as far "
        "as the evaluator: following them gains no foresight, and a computer that looks "
        "further (hard, expert) gains it against you. In a single game foresight also includes "
        "the evaluator's own errors and may swing many points either way: trust it over "
        "many games."
    ),
    N_(
        "**The summary's chart**: **c** shows each player's chance to win at the start of "
        "each round instead of the points, to see where the game turned."
    ),
    N_("The whole story, and how far to trust the figures: docs/review.md in the game's source."),
    N_("## Reading a hint"),
    N_(
        "A hint (**h**) picks the option with the best chance to win, by the same evaluator "
        "as the review (chances less than half a percentage point apart count as equal, and "
        "the points decide), and names the parts of the value that decided it, in **points of "
        "your lead**: with 2 players a dirham you pay the other player counts twice (one "
        "less for you, one more for them), so a toll of 0.3 dirhams expected counts as about "
        "0.6 points."
    ),
    N_(
        "Its reasons stay beside the board for half a minute or until you decide; **Esc** "
        "hides them sooner."
    ),
    N_(
        "The parts: *the points on the board now*; *the toll on this roll* and *bankruptcies "
        "on this roll*; *the next player's roll*; *tolls on the later rolls* (where Assam is "
        "likely to stop after that); *the carpet laid this turn* (squares gained and "
        "covered); *big regions that earn later*; *squares that earn tolls later*; *which "
        "carpets are likely to be covered*. With two carpets or fewer left, the chances and "
        "points are worked out to the end, and what comes after this turn is one part, *the "
        "rest of the game (worked out exactly)*. *Everything else* sums those not named."
    ),
)
"""The help's Review tab, a paragraph at a time (Markdown; the grades' thresholds are
filled in from ``flow.review``)."""


def review_help() -> str:
    """The Review tab's text in the language spoken now."""
    by_chance = {name: f"{threshold:.0%}" for threshold, name in GRADES}
    by_points = {f"{name}_points": f"{threshold:g}" for threshold, name in POINT_GRADES}
    best = {"best": f"{BEST_BELOW:.1%}", "best_points": f"{BEST_POINTS_BELOW:g}"}
    figures = {**best, **by_chance, **by_points}
    return "\n\n".join(_(paragraph).format(**figures) for paragraph in REVIEW_HELP)


class HelpScreen(ModalScreen[None]):
    """The keys of the screen underneath in a table, and the rules. Escape, q or ? closes."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > Vertical {
        width: 100%;
        max-width: 100;
        height: 100%;
        max-height: 48;
        border: thick $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        background: $surface;
    }
    HelpScreen #now {
        padding: 1 2 0 2;
        color: $text-muted;
    }
    HelpScreen #keys {
        padding: 1 2;
    }
    HelpScreen #rules {
        padding: 0 1;
    }
    HelpScreen #marks {
        padding: 1 2;
    }
    HelpScreen #review {
        padding: 0 1;
    }
    HelpScreen Markdown {
        background: $surface;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", N_("Close")),
        # The page keys scroll the tab shown whatever has the focus (the tabs have it first).
        Binding("pagedown", "scroll('page_down')", N_("Page down"), show=False),
        Binding("pageup", "scroll('page_up')", N_("Page up"), show=False),
        Binding("down", "scroll('scroll_down')", N_("Scroll down"), show=False),
        Binding("up", "scroll('scroll_up')", N_("Scroll up"), show=False),
        Binding("home", "scroll('scroll_home')", N_("To the top"), show=False),
        Binding("end", "scroll('scroll_end')", N_("To the end"), show=False),
    ]

    SCROLLS = frozenset(
        ("page_down", "page_up", "scroll_down", "scroll_up", "scroll_home", "scroll_end")
    )
    """The scrolling actions of a tab's text that the page keys call."""

    def __init__(self) -> None:
        """The help of the screen underneath."""
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = _("Marrakech: help")
            box.border_subtitle = _("Esc, q or ? closes")
            with TabbedContent():
                with TabPane(_("Keys"), id="keys-tab"), VerticalScroll():
                    yield Static(self._keys_heading(), id="now")
                    yield Static(self._keys_table(), id="keys")
                with TabPane(_("How to play"), id="rules-tab"), VerticalScroll(id="rules"):
                    yield Lazy(self._rules())
                with TabPane(_("Marks"), id="marks-tab"), VerticalScroll():
                    yield Legend(whole=True, id="marks")
                with TabPane(_("Review"), id="review-tab"), VerticalScroll(id="review"):
                    yield Lazy(WrappedMarkdown(review_help()))

    def on_mount(self) -> None:
        """Opened over a review or a summary, the help shows how to read them first."""
        from marrakech.tui.screens.review import ReviewScreen
        from marrakech.tui.screens.summary import SummaryScreen

        if isinstance(self._below(), ReviewScreen | SummaryScreen):
            self.query_one(TabbedContent).active = "review-tab"

    def _below(self) -> Screen[object] | None:
        """The screen this help is about: the one underneath."""
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0:
            return stack[stack.index(self) - 1]
        return None

    def _keys_heading(self) -> str:
        """The line over the keys: a game's keys change as its turns go on, a form's do not."""
        from marrakech.tui.screens.game import GameScreen
        from marrakech.tui.screens.tutorial import TutorialScreen

        if isinstance(self._below(), GameScreen | TutorialScreen):
            return _("The keys of this screen (they change as a turn goes on):")
        return _("The keys of this screen:")

    def _keys_table(self) -> Table:
        table = Table(box=None, show_header=False, padding=(0, 2))
        table.add_column(style="bold", justify="right", no_wrap=True)
        table.add_column()
        if (below := self._below()) is not None:
            bindings = below.active_bindings.values()
            for keys, description in key_rows(
                self.app, [(a.node, a.binding) for a in bindings if a.enabled]
            ):
                table.add_row(keys, description)
            palette = below.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if palette and self.app.ENABLE_COMMAND_PALETTE:  # a footer too narrow leaves it out
                table.add_row(
                    self.app.get_key_display(palette.binding),
                    _(
                        "Command palette: this screen's commands, the language, the theme, "
                        "Assam's pace"
                    ),
                )
            dimmed = [(a.node, a.binding) for a in bindings if not a.enabled]
            for keys, description in key_rows(self.app, dimmed, dimmed=True):
                table.add_row(keys, description, style="dim")
        table.add_row("Esc q ?", _("close this help"))
        return table

    def _rules(self) -> Markdown | Static:
        path = rules_path()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            return Static(
                _("The rules are missing: cannot read {path} ({problem}).").format(
                    path=path, problem=error.strerror
                ),
                markup=False,
            )
        if path != RULES_PATH:
            text = join_wide_lines(text)
        return WrappedMarkdown(plain_fences(text), open_links=False)

    @on(Markdown.LinkClicked)
    def _link(self, event: Markdown.LinkClicked) -> None:
        if event.href.startswith("#"):
            event.markdown.goto_anchor(event.href[1:])
        else:
            self.app.open_url(event.href)

    def action_scroll(self, how: str) -> None:
        """Scroll the text of the tab shown (``how``: one of ``SCROLLS``)."""
        pane = self.query_one(TabbedContent).active_pane
        if how not in self.SCROLLS or pane is None:
            return
        for text in pane.query(VerticalScroll).results():
            getattr(text, f"action_{how}")()
            return

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
