"""The review in the app: luck and skill per player, the worst decisions on the market with
the move played and the better one, reached from the results; the summary's luck chart."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest
from records.games import play_random
from textual.pilot import Pilot
from textual.widgets import OptionList, TabbedContent

from marrakech.bots import make_bot
from marrakech.engine import Orient, Phase, Place, Turn
from marrakech.flow.hint import hint, why_better
from marrakech.flow.luck import rounded, rounded_skill_parts
from marrakech.flow.review import Decision, Review, decision_line
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.game_review import GameReview
from marrakech.tui.screens.help import HelpScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.screens.review import STATUS_LINES, ReviewScreen, status_lines
from marrakech.tui.screens.summary import SummaryScreen
from marrakech.tui.widgets.board import BoardWidget

from .helpers import run, screen_text, toasts, wait_until
from .test_end_of_game import finished_session


def partly_played(
    actions: int = 24,
    names: tuple[str, str] = ("Ayla", "Bo"),
    seats: tuple[str, str] = ("person", "greedy"),
) -> Session:
    """Ayla (a person) and Bo (greedy), or players of these names and kinds, after this
    many seeded random actions."""
    session = Session(GameSetup(2, names=names, seats=seats, seed=5))
    rng = random.Random(5)
    for _ in range(actions):
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(rng.choice(session.state.legal_actions()))
    return session


@asynccontextmanager
async def reviewing(
    session: Session, size: tuple[int, int], *, listed: bool = True, notifications: bool = False
) -> AsyncIterator[tuple[MarrakechApp, Pilot[None], ReviewScreen, GameReview]]:
    """The review of ``session`` open over its game, once it is worked out (``listed``:
    once its list of decisions shows, too)."""
    game = GameReview(session)
    screen = ReviewScreen(game)
    app = MarrakechApp(session=session)
    async with app.run_test(size=size, notifications=notifications) as pilot:
        await pilot.pause()
        await app.push_screen(screen)

        def ready() -> bool:  # drawn, not only worked out (the screen draws it a step later)
            return bool(screen.shown) if listed else not screen.query_one("#working").display

        await wait_until(pilot, ready, "the review is worked out")
        await pilot.pause()
        yield app, pilot, screen, game


@pytest.mark.slow
@run
async def test_the_worst_decisions_show_on_the_market_played_then_better() -> None:
    session = partly_played()
    async with reviewing(session, (100, 32), notifications=True) as (app, pilot, screen, game):
        found = game.found
        assert found is not None
        text = screen_text(app)
        for heading in ("Margin", "Luck", "Skill", "Ayla", "Bo"):
            assert heading in text
        words = side_words(app, screen)
        for account in found.luck.accounts:
            parts = rounded_skill_parts(account.skill, account.skill_parts)
            assert parts is not None  # 2 players: skill has its two parts
            decisions, foresight = parts
            assert round(decisions + foresight, 1) == round(account.skill, 1)
            name = ("Ayla", "Bo")[account.seat]
            assert (
                f"{name}'s skill: decisions {decisions:+.1f}, foresight {foresight:+.1f}." in words
            )
        options = screen.query_one("#worst", OptionList)
        assert options.option_count == len(screen.shown) <= 3  # Ayla's alone: Bo is a computer
        graded = first_seat_misses(game)
        # Ayla's three misses are all shown: the heading counts them, no "costliest".
        assert len(graded) == len(screen.shown) == 3
        assert "3 decisions graded an inaccuracy or worse:" in words
        assert "costliest" not in words
        decided = "carpet" if isinstance(screen.shown[0].played, Place) else "facing"
        assert str(options.get_option_at_index(0).prompt) == (
            f"{screen.shown[0].turn:>3} {decided} · {screen.shown[0].grade}"
        )
        assert all(decision.seat == 0 for decision in screen.shown)
        first = screen.shown[0]
        assert f"Turn {first.turn}, Ayla: " in text
        assert "On the market: the move played" in text
        await pilot.press("space")
        await pilot.pause()
        assert "On the market: the better move" in screen_text(app)
        # Why it is better, in the hint's words, where it is worth more points than shows.
        why = why_better(first.state, first.best, first.played, "Ayla")
        shown = " ".join(screen_text(app).split())
        assert (why is None or " ".join(why.split())[:40] in shown) and why != ""
        if len(screen.shown) > 1:
            await pilot.press("right")
            await pilot.pause()
            assert f"Turn {screen.shown[1].turn}, Ayla: " in screen_text(app)
            assert "On the market: the move played" in screen_text(app)
        for key, end in (("right", "last"), ("left", "first")):  # past either end: told so
            await pilot.press(*[key] * len(screen.shown))
            await pilot.pause()
            assert screen.index == (len(screen.shown) - 1 if key == "right" else 0)
            assert toasts(app) == [f"This is the {end} of the decisions listed."]
        if len(screen.shown) > 1:  # a key pressed quickly leaves a row's stale highlight
            stale = OptionList.OptionHighlighted(options, options.get_option_at_index(1), 1)
            options.post_message(stale)
            await pilot.pause()
            assert screen.index == 0
        assert toasts(app) == ["This is the first of the decisions listed."]
        await pilot.press("question_mark")  # the help opens on how to read a review
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert toasts(app) == []  # the review's notice does not lie over the help
        assert app.screen.query_one(TabbedContent).active == "review-tab"
        words = " ".join(screen_text(app).split())
        assert "Margin: your final score minus the best other score" in words
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


async def luck_panel(session: Session, size: tuple[int, int]) -> list[str]:
    """The lines of the summary's luck and skill panel, once worked out, at ``size``."""
    screen = SummaryScreen(session)
    app = MarrakechApp(session=session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        await wait_until(pilot, lambda: not screen.query_one("#luck-working").display, "luck")
        await pilot.pause()
        chart = screen.query_one("#luck")
        lines = screen_text(app).splitlines()[chart.region.y : chart.region.bottom]
        return [line[chart.region.x :] for line in lines]


@run
async def test_the_luck_chart_fits_a_small_terminal_bars_and_all() -> None:
    shown = "\n".join(await luck_panel(partly_played(), (80, 24)))
    assert shown.count("foresight") == 2 and shown.count("decisions") == 2
    assert "…" not in shown  # no label, figure or bar cut short
    assert shown.count("│") == 8  # an axis for each bar: luck, skill and its two parts


@pytest.mark.slow
@run
async def test_a_long_name_heads_its_rows_where_beside_them_it_would_leave_no_bars() -> None:
    session = play_random(Session(GameSetup(3, names=("Grandma Rosalind", "Sakura", "Bo"))), 2)
    wide = await luck_panel(session, (140, 40))  # room for it whole beside the bars
    assert any(re.match(r"\s*Grandma Rosalind +margin +[+-]\d+", line) for line in wide)
    shown = await luck_panel(session, (80, 24))
    assert "Grandma Rosalind" in [line.strip() for line in shown]  # whole, on a line
    bars = [line for line in shown if re.search(r"(luck|skill) +[+-]\d", line)]
    assert len(bars) == 6
    figures = [float(line.split()[1]) for line in bars]
    biggest = max(abs(figure) for figure in figures)
    for line, figure in zip(bars, figures, strict=True):
        # Each figure a quarter of the biggest or more is drawn, on its side of the axis
        # (four cells a side at least: with the name beside them, one was left).
        if abs(figure) >= biggest / 4:
            assert ("█│" if figure < 0 else "│█") in line, line


@pytest.mark.parametrize("players", [2, 3])
@run
async def test_under_the_luck_chart_a_key_says_what_each_word_means(players: int) -> None:
    session = partly_played()
    if players == 3:
        session = Session(GameSetup(3, seats=("person", "greedy", "greedy"), seed=5))
        for _ in range(18):
            if session.state.phase is Phase.ROLL:
                session.roll()
            else:
                session.play(session.state.legal_actions()[0])
    text = " ".join(" ".join(await luck_panel(session, (110, 44))).split())
    assert "luck what nobody decided, against what was expected: the dice, the start" in text
    assert "skill what the decisions made of the margin" in text
    parts = (
        "decisions the points the others' decisions lost against the best, minus",
        "foresight what looking further ahead than the evaluator gained (following its hints "
        "gains none, and a computer that looks further, hard or expert, gains it against you;",
    )
    # Skill has its two parts with 2 players only.
    assert all((part in text) == (players == 2) for part in parts)
    assert "? (help) says more." in text
    assert "Working out luck and skill" not in text
    # Then, for each player, the roll that gave them most and the one that took most.
    pinned = re.findall(
        r"(\w+(?: \d)?)'s luckiest roll: turn \d+, [\w ]+ rolled \d \([+-]\d+\.\d for \1\); "
        r"unluckiest: turn \d+, [\w ]+ rolled \d \([+-]\d+\.\d\)\.",
        text,
    )
    assert pinned and pinned == list(session.setup.names)[: len(pinned)], text  # it scrolls
    assert text.index("'s luckiest roll") < text.index("luck what nobody decided")  # key last


@pytest.mark.slow
@run
async def test_v_on_the_results_opens_the_review_and_the_summary_shares_it() -> None:
    app = MarrakechApp(session=finished_session(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        results = app.screen
        await pilot.press("v")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_until(pilot, lambda: not review.query_one("#working").display, "the review")
        await pilot.pause()
        text = screen_text(app)
        assert "Luck" in text and "Skill" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is results
        await pilot.press("c")
        await wait_until(
            pilot, lambda: "Margin: luck + skill" in screen_text(app), "luck and skill"
        )
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Working out luck and skill" not in text
        for account in results.review.found.luck.accounts:  # type: ignore[union-attr]
            assert f"{round(account.skill, 1):+.1f}" in text
            parts = rounded_skill_parts(account.skill, account.skill_parts)
            assert parts is not None
            for label, value in zip(("decisions", "foresight"), parts, strict=True):
                assert re.search(rf"{label} +{re.escape(f'{value:+.1f}')}", text)


@run
async def test_every_decision_listed_names_whether_it_was_a_facing_or_a_carpet() -> None:
    session = partly_played()
    found = GameReview(session).work()
    decisions = [d for d in found.decisions if d.seat == 0]
    facing = next(d for d in decisions if isinstance(d.played, Orient))
    carpet = next(d for d in decisions if isinstance(d.played, Place) and d.played != d.best)
    # The same turn for both, as when a turn's facing and carpet were both missed.
    other = next(Orient(turn) for turn in Turn if Orient(turn) != facing.played)
    listed = (
        replace(facing, turn=9, best=other, grade="mistake"),
        replace(carpet, turn=9, grade="blunder"),
        replace(carpet, turn=12, grade="inaccuracy"),  # alone on its turn
    )
    given = replace(found, decisions=listed)

    class Given(GameReview):
        @property
        def found(self) -> Review:
            return given

    screen = ReviewScreen(Given(session))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        await pilot.pause()
        options = screen.query_one("#worst", OptionList)
        entries = [str(options.get_option_at_index(index).prompt) for index in range(3)]
        assert entries == [  # Ayla's alone (Bo is a computer): the heading names her
            "  9 facing · mistake",
            "  9 carpet · blunder",
            " 12 carpet · inaccuracy",
        ]


@run
async def test_a_long_name_gives_way_to_the_figures_in_the_panel() -> None:
    session = partly_played(names=("Alexandrina Longname", "Player 2"))
    async with reviewing(session, (80, 24), listed=False) as (app, _, screen, game):
        panel = screen.query_one("#accounts").region
        rows = screen_text(app).splitlines()[panel.y : panel.bottom]
        shown = [row[panel.x : panel.right].strip() for row in rows]
        assert shown[0].split() == ["Player", "Margin", "Luck", "Skill"]
        found = game.found
        assert found is not None
        for account, row in zip(found.luck.accounts, shown[1:], strict=False):
            luck, skill = rounded(account.margin, account.skill)
            figures = f"{account.margin:+.0f}", f"{luck:+.1f}", f"{skill:+.1f}"
            assert row.split()[-3:] == list(figures), row
        assert shown[1].startswith("Alexandr") and "…" in shown[1]
        assert shown[2].startswith("Player 2 ")


@run
async def test_a_review_worked_out_before_it_opens_shows_the_names_whole() -> None:
    """As in the browser, where the summary had worked the review out already: the table
    is laid out for the panel's width once it has one, not for no width at all."""
    session = partly_played(names=("Player 1", "Player 2"))
    game = GameReview(session)
    found = game.work()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = ReviewScreen(game)
        await app.push_screen(screen)
        await pilot.pause()
        panel = screen.query_one("#accounts").region
        rows = screen_text(app).splitlines()[panel.y : panel.bottom]
        shown = [row[panel.x : panel.right].strip() for row in rows]
        for account, row in zip(found.luck.accounts, shown[1:], strict=False):
            assert row.startswith(f"Player {account.seat + 1} "), row


@run
async def test_more_misses_than_shown_are_headed_as_the_players_costliest() -> None:
    # Bo is a computer: only Ayla's decisions are reviewed, and the heading names her.
    session = partly_played(actions=60)
    async with reviewing(session, (100, 32)) as (app, _, screen, game):
        graded = first_seat_misses(game)
        assert len(graded) > len(screen.shown) == 3
        words = side_words(app, screen)
        assert (
            "Ayla's costliest decisions, three at most "
            f"({len(graded)} graded an inaccuracy or worse in all):"
        ) in words


@pytest.mark.slow
@run
async def test_where_both_players_are_reviewed_each_entry_names_its_player() -> None:
    session = partly_played(actions=60, seats=("person", "person"))
    async with reviewing(session, (100, 32)) as (_app, _, screen, _game):
        options = screen.query_one("#worst", OptionList)
        entries = [str(options.get_option_at_index(i).prompt) for i in range(len(screen.shown))]
        for decision, entry in zip(screen.shown, entries, strict=True):
            decided = "carpet" if isinstance(decision.played, Place) else "facing"
            name = ("Ayla", "Bo")[decision.seat]
            assert entry == f"{decision.turn:>3} {name} · {decided} · {decision.grade}"
        assert {decision.seat for decision in screen.shown} == {0, 1}


@pytest.mark.slow
@run
async def test_a_bracketed_name_in_the_heading_is_shown_as_typed() -> None:
    session = partly_played(actions=60, names=("a[/]", "Bo"))
    async with reviewing(session, (100, 32)) as (app, _, screen, _game):
        words = side_words(app, screen)
        assert "a[/]'s costliest decisions, three at most" in words


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@run
async def test_the_keys_line_under_the_market_gives_way_whole_where_room_is_short(
    size: tuple[int, int],
) -> None:
    # At 80x24 a long decision's line and where it shows may fill the room under the
    # market: the keys (which the footer names too) go, rather than show cut ("← → step
    # between"). Stepped through the worst decisions, each shows them whole or not at all.
    keys = "Space shows the better move; ← → step between the decisions listed."
    said = []
    async with reviewing(finished_session(seed=1), size) as (app, pilot, screen, _game):
        for _ in range(6):
            side = screen.query_one("#side").region.x
            lines = screen_text(app).splitlines()
            text = " ".join(" ".join(line[:side] for line in lines).split())
            assert "On the market: the" in text
            assert (keys in text) is ("step between" in text), text
            said.append(keys in text)
            await pilot.press("right")
            await pilot.pause()
    assert any(said)
    assert all(said) is (size == (100, 32))


@pytest.mark.slow
@run
async def test_at_80x24_why_the_better_move_is_better_shows_whole_with_where_it_is() -> None:
    # The "why" of a long comparison and the line naming the move on the market filled
    # eight lines at 80 columns: the last of them, under the market, was cut.
    session = missed_session()
    async with reviewing(session, (80, 24)) as (app, pilot, screen, _game):
        long = 0
        async for _decision, why, text in better_moves_said(app, pilot, screen):
            assert text.startswith(" ".join((why or "").split())), text
            assert "On the market: the better move" in text, text
            assert text.rstrip().endswith("."), text
            long += why is not None and len(why) > 230
        assert long  # a "why" as long as the one the old screen cut


@pytest.mark.slow
@pytest.mark.parametrize("size", [(140, 40), (100, 32)])
@run
async def test_where_there_is_room_why_shows_under_the_decision_s_line(
    size: tuple[int, int],
) -> None:
    # At 100x32 the lines under the market were 7, blank lines above them: a decision's
    # line of four lines gave way to its "why" of four.
    session = missed_session()
    async with reviewing(session, size) as (app, pilot, screen, _game):
        board = screen.query_one(BoardWidget).region
        shown = 0
        async for decision, why, text in better_moves_said(app, pilot, screen):
            if why is None:
                continue
            said = " ".join(decision_line(decision, session.setup.names).split())
            # The turn and what it cost stay in view while the reason is read.
            assert text.startswith(f"{said} {' '.join(why.split())}"), text
            assert screen.query_one(BoardWidget).region == board  # the market stays put
            shown += 1
        assert shown


def test_the_lines_under_the_market_take_half_the_room_its_drawing_leaves() -> None:
    assert status_lines(47, 23) == STATUS_LINES  # 80x24: the drawing fills the rest
    # 100x32: the drawing takes 16 of 24 lines; 4 of the 8 left go under it.
    assert BoardWidget.drawing_height(67, 31 - STATUS_LINES) == 16
    assert status_lines(67, 31) == STATUS_LINES + 4


def side_words(app: MarrakechApp, screen: ReviewScreen) -> str:
    """The words of the panel beside the market, on one line (it wraps them)."""
    panel = screen.query_one("#side").region.x
    return " ".join(" ".join(line[panel:] for line in screen_text(app).splitlines()).split())


def first_seat_misses(game: GameReview) -> list[Decision]:
    """The first seat's decisions graded an inaccuracy or worse, in the game's order (of a
    review worked out)."""
    found = game.found
    assert found is not None
    return [d for d in found.decisions if d.seat == 0 and d.grade not in ("best", "good")]


async def better_moves_said(
    app: MarrakechApp, pilot: Pilot[None], screen: ReviewScreen
) -> AsyncIterator[tuple[Decision, str | None, str]]:
    """Each decision listed, with its better move shown (Space): the decision, why the
    better move is better, and the words under the market, on one line."""
    for index, decision in enumerate(screen.shown):
        screen.index = index
        await pilot.press("space")
        await pilot.pause()
        side = screen.query_one("#side").region.x
        status = screen.query_one("#status").region
        lines = screen_text(app).splitlines()[status.y : status.bottom]
        text = " ".join(" ".join(line[:side] for line in lines).split())
        name = screen.names[decision.seat]
        yield decision, why_better(decision.state, decision.best, decision.played, name), text


def missed_session() -> Session:
    """A finished game in which Ayla (a person) played a random move two times in five,
    else greedy's, against greedy Bo: with misses enough to review."""
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=1))
    bot = make_bot("greedy", seed=1)
    rng = random.Random(1)
    while session.state.phase is not Phase.OVER:
        state = session.state
        if state.phase is Phase.ROLL:
            session.roll()
        elif state.current == 0 and rng.random() < 0.4:
            session.play(rng.choice(state.legal_actions()))
        else:
            session.play(bot.choose(state))
    return session


def hinted_session() -> Session:
    """A finished game in which Ayla (a person) played every hint, against greedy Bo."""
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=4))
    bot = make_bot("greedy", seed=4)
    while session.state.phase is not Phase.OVER:
        state = session.state
        if state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(hint(state).pick if state.current == 0 else bot.choose(state))
    return session


@pytest.mark.slow
@run
async def test_a_game_of_best_decisions_says_so_rather_than_list_nothing() -> None:
    session = hinted_session()
    async with reviewing(session, (100, 32), listed=False) as (app, _pilot, screen, _game):
        side = screen.query_one("#side").region.x  # the panel wraps its lines of words
        status = screen.query_one("#status").region  # under the market
        lines = screen_text(app).splitlines()
        under = [line[: status.right] for line in lines[status.y : status.bottom]]
        text = " ".join(" ".join([line[side:] for line in lines] + under).split())
        assert not screen.query_one("#worst", OptionList).display
        footer = lines[-1]  # no key that could never act
    assert "Back" in footer
    assert not any(key in footer for key in ("Previous", "Next", "Other move")), footer
    assert "No decision was graded an inaccuracy or worse." in text
    assert "No decision to look at: every one was graded best." in text
    assert "0 decisions" not in text


@run
async def test_on_too_small_a_terminal_the_review_asks_for_room_and_its_keys_wait() -> None:
    async with reviewing(partly_played(), (60, 20)) as (app, pilot, screen, _game):
        assert "needs a terminal of at least 80x24" in screen_text(app)
        assert screen.check_action("step", (1,)) is False
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: "needs a terminal" not in screen_text(app), "the review")
        assert screen.check_action("switch", ()) is True


@pytest.mark.slow
@run
async def test_a_lists_every_miss_and_again_the_worst_keeping_the_one_on_the_market() -> None:
    session = partly_played(actions=60)
    async with reviewing(session, (100, 32)) as (app, pilot, screen, game):
        misses = first_seat_misses(game)
        worst = screen.shown
        assert len(misses) > len(worst) == 3
        assert "All misses" in screen_text(app).splitlines()[-1]
        await pilot.press("right")
        on_the_market = screen.shown[screen.index]
        await pilot.press("a")
        await pilot.pause()
        assert list(screen.shown) == misses  # every one, in the game's order
        assert screen.shown[screen.index] is on_the_market
        options = screen.query_one("#worst", OptionList)
        assert options.option_count == len(misses)
        text = screen_text(app)
        words = side_words(app, screen)
        assert f"{len(misses)} decisions graded an inaccuracy or worse:" in words
        assert "Worst only" in text.splitlines()[-1]
        await pilot.press("end")  # the list's last, then back to the worst alone
        await pilot.pause()
        assert screen.shown[screen.index] is misses[-1]
        await pilot.press("a")
        await pilot.pause()
        assert screen.shown == worst
        assert options.option_count == 3
        assert "Ayla's costliest decisions, three at most" in side_words(app, screen)


@pytest.mark.slow
@run
async def test_after_a_each_decision_s_why_is_its_own() -> None:
    # The whys were kept by their place in the list: after a, the first miss showed the
    # why of the first of the worst.
    session = partly_played(actions=60)
    async with reviewing(session, (100, 32)) as (app, pilot, screen, _game):
        async for _decision, _why, _text in better_moves_said(app, pilot, screen):
            pass  # each of the worst's whys worked out
        await pilot.press("a")
        await pilot.pause()
        said = 0
        async for decision, why, text in better_moves_said(app, pilot, screen):
            if why is not None:  # (None: a better chance for fewer points, no "why")
                assert " ".join(why.split()) in text, (decision.turn, text)
                said += 1
        assert said > len(screen.shown) // 2


@run
async def test_where_the_worst_are_every_miss_a_lists_nothing_more() -> None:
    session = partly_played(actions=24)
    async with reviewing(session, (100, 32), listed=False) as (app, _pilot, screen, game):
        misses = first_seat_misses(game)
        assert len(misses) <= 3
        assert "All misses" not in screen_text(app)
        assert screen.check_action("every", (True,)) is False
