# ruff: noqa: RUF001  (Japanese is written with full-width punctuation)
"""The game screen's widgets in Japanese: panels, die, risk table, legend, footer, notices,
the golden screens at 80x24 and 120x40, and switching the language from the palette."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.app import App, ComposeResult
from tui.helpers import UPDATE_GOLDEN, position, run, screen_text, wait_until

from marrakech.bots import make_bot
from marrakech.engine import Orient, Phase, Place, Turn
from marrakech.games import language, settings
from marrakech.games.levels import computer_label
from marrakech.games.lines import NO_LINE_START
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.legend import legend_text, wrap
from marrakech.tui.widgets.player_panel import PlayerPanel
from marrakech.tui.widgets.too_small import TooSmall

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, text: str) -> None:
    """Compare text with tests/i18n/golden/<name> (rewritten when UPDATE_GOLDEN=1)."""
    path = GOLDEN / name
    if UPDATE_GOLDEN or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
        if not UPDATE_GOLDEN:
            pytest.fail(f"wrote the missing golden file {path}; check it and run again")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"differs from {path}"


def fixed_session() -> Session:
    session = Session(GameSetup(2, seed=1), [Orient(Turn.LEFT)])
    session.roll()
    session.play(Place((2, 0), (2, 1)))
    return session


def fits(text: str, width: int) -> None:
    for line in text.splitlines():
        assert cell_len(line) <= width, line


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_game_screen_in_japanese_matches_golden(size: tuple[int, int]) -> None:
    @run
    async def check() -> None:
        app = MarrakechApp(session=fixed_session())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(app)
            fits(text, size[0])
            check_golden(f"game_ja_{size[0]}x{size[1]}.txt", text)

    check()


@pytest.mark.usefixtures("japanese")
@run
async def test_panels_die_risks_and_footer_speak_japanese() -> None:
    app = MarrakechApp(session=fixed_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    for words in ("32点", "30ディルハム", "23枚、次は", "2マス", "出目", "クリックで振る"):
        assert words in text, words
    assert "市場の記号" in text and "アッサムとその向き" in text
    assert "向き" in text and "払う" in text and "平均" in text and "破産" in text
    assert "dirhams" not in text and "carpets" not in text and "squares" not in text
    risk_lines = [line for line in text.splitlines() if "%" in line]
    assert len(risk_lines) == 3
    # the percentages line up in every row, measured in cells
    ends = {cell_len(line.split("%")[0]) for line in risk_lines}
    assert len(ends) == 1, risk_lines
    # the footer's keys in Japanese, all on the 80 columns
    footer = text.splitlines()[-1]
    assert "振る" in footer and "ヘルプ" in footer and "終了" in footer
    assert cell_len(footer) <= 80


@pytest.mark.usefixtures("japanese")
@run
async def test_a_bankrupt_player_and_a_computer_level() -> None:
    state = position(players=3, eliminated=[1], money=[30, 0, 12])
    app = MarrakechApp(session=Session(GameSetup(3, seed=1), start=state))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert "脱落：破産" in text
    assert "12ディルハム" in text
    assert computer_label("hard") == "強いCPU"
    assert computer_label("mybot.py:Mine") == "外部ボット Mine"


@pytest.mark.usefixtures("japanese")
def test_legend_wraps_in_cells_and_never_starts_a_line_with_a_closing_mark() -> None:
    console = Console(width=200)
    for width in range(20, 60):
        text = legend_text(console, width)
        fits(text.plain, width)
        for line in text.plain.splitlines()[1:]:
            meaning = line[8:]  # the marks' column is 8 cells of ASCII and arrows
            assert not meaning or meaning[0] not in NO_LINE_START, (width, line)
    lines = wrap(console, "5ディルハム硬貨5枚と1ディルハム硬貨7枚（明るい数字：選んだ向き）", 12)
    assert all(cell_len(line.plain) <= 12 for line in lines)
    assert all(line.plain[0] not in NO_LINE_START for line in lines)


def test_english_legend_wraps_as_before() -> None:
    console = Console(width=200)
    assert wrap(console, "where Assam stops for each roll", 12)[0].plain.rstrip() == "where Assam"


@pytest.mark.usefixtures("japanese")
def test_too_small_speaks_japanese() -> None:
    notice = str(TooSmall().render())
    assert "80x24" in notice and "端末" in notice


@run
async def test_the_language_command_switches_and_is_kept() -> None:
    app = MarrakechApp(session=fixed_session())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            names = [command.title for command in app.get_system_commands(app.screen)]
            assert "Language: 日本語" in names
            assert "Language: English" not in names
            await app.change_language("ja")
            await pilot.pause()
            assert language.current() == "ja"
            assert settings.load().language == "ja"
            assert isinstance(app.screen, GameScreen)
            text = screen_text(app)
            assert "30ディルハム" in text and "市場の記号" in text
            assert "turns left" not in text and "に向けました" in text  # the log too
            names = [command.title for command in app.get_system_commands(app.screen)]
            assert "言語（Language）：English" in names
            app.action_show_help_panel()  # the panel of keys (palette: キー) speaks it too
            await pilot.pause()
            keys = screen_text(app)
            assert "ヒント" in keys and "Hint" not in keys
            app.action_hide_help_panel()
            await app.change_language("en")
            await pilot.pause()
            assert settings.load().language == "en"
            assert "30 dirhams" in screen_text(app)
            app.action_show_help_panel()
            await pilot.pause()
            assert "Hint" in screen_text(app) and "ヒント" not in screen_text(app)
    finally:
        language.use(language.ENGLISH)


@run
async def test_a_message_in_the_other_language_leaves_the_status_line_at_a_switch() -> None:
    app = MarrakechApp(session=fixed_session())
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("u")
            await pilot.pause()
            assert "Cannot undo" in screen_text(app)
            await app.change_language("ja")
            await pilot.pause()
            text = screen_text(app)
            assert "Cannot undo" not in text
            assert "Player 2：アッサム" in text  # the status line, said in Japanese
    finally:
        language.use(language.ENGLISH)


@pytest.mark.slow
@run
async def test_the_log_keeps_its_latest_line_in_view_when_the_palette_switches_language() -> None:
    session = Session(GameSetup(3, seed=3))
    greedy = make_bot("greedy", seed=3)
    while len(session.transitions) < 60:  # more sentences than the log shows at 80x24
        session.roll() if session.state.phase is Phase.ROLL else session.play(
            greedy.choose(session.state)
        )
    app = MarrakechApp(session=session)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_command_palette()
            await pilot.pause()
            await pilot.press(*"language")
            await wait_until(pilot, lambda: "日本語" in screen_text(app), "the language command")
            await pilot.press("enter")
            log = app.screen.query_one(GameLog)
            await wait_until(pilot, lambda: language.current() == "ja", "Japanese")

            def at_end() -> bool:
                return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y

            await wait_until(pilot, at_end, "the latest sentence in view")
            assert log.sentences[-1][:8] in screen_text(app).replace("\n", "")
    finally:
        language.use(language.ENGLISH)


class PanelApp(App[None]):
    """One player's panel, as wide as the side panel."""

    CSS = "PlayerPanel { width: 31; }"  # the side panel less its border and padding

    def compose(self) -> ComposeResult:
        yield PlayerPanel(1, "商人2", None)


@pytest.mark.usefixtures("japanese")
@run
async def test_the_last_toll_shows_beside_the_money_where_the_coins_would_not_fit() -> None:
    state = position(money=[26, 64])
    app = PanelApp()
    async with app.run_test(size=(40, 6)) as pilot:
        panel = app.query_one(PlayerPanel)
        panel.show(state, change=4)
        await pilot.pause()
        text = screen_text(app)
    assert "64ディルハム +4" in text, text
    assert "…" not in text


LOG_SENTENCE = (
    "ボーはアッサムを右に向けました。サイコロで1を出して3行2列へ進み、商人1に通行料2ディルハム"
    "を払いました（赤が2マスつながっています）。"
)


class LogHarness(App[None]):
    """A game log alone, 65 cells wide: a width at which Rich put a 、 at a line's start."""

    def compose(self) -> ComposeResult:
        log = GameLog()
        log.styles.width = 65
        yield log


@run
async def test_the_game_log_breaks_japanese_where_japanese_may() -> None:
    app = LogHarness()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(GameLog).show([LOG_SENTENCE])
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines() if line.strip()]
    assert lines[0].startswith("• ")  # the bullet, its lines under its words
    lines[0] = lines[0].removeprefix("• ")
    assert "".join(lines) == LOG_SENTENCE
    assert len(lines) > 1
    assert all(line[0] not in NO_LINE_START for line in lines)


NAMED_SENTENCE = (
    "さくらはアッサムを右に向けました。サイコロで1を出して3行2列へ進み、プレイヤー2に通行料"
    "2ディルハムを払いました。"
)
"""A log's sentence naming two players whose names a line of Japanese could break: in
hiragana, and in katakana with a number."""


@run
async def test_the_game_log_never_breaks_a_players_name() -> None:
    app = LogHarness()
    names = ("さくら", "プレイヤー2")
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        for width in range(14, 40, 3):
            log.styles.width = width
            log.show([NAMED_SENTENCE], names)
            log.sentences = ()  # shown again at the next width
            await pilot.pause()
            lines = [line.strip("• ") for line in screen_text(app).splitlines() if line.strip()]
            assert "".join(lines) == NAMED_SENTENCE, width
            for name in names:
                assert any(name in line for line in lines), (width, lines)


@run
async def test_a_japanese_footer_too_long_for_80_columns_leaves_out_quit_not_help(
    japanese: None,
) -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seats=("person", "greedy"), seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # rolled: laying, with undo and nothing to redo
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1].rstrip()
        assert footer.endswith("s 保存 ^q 終了 ? ヘルプ"), footer  # no room for a dim redo
        await pilot.press("u")  # the roll taken back: redo can act, the longest footer
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1].rstrip()
    assert footer.endswith("? ヘルプ"), footer
    assert "u 戻す" in footer and "^r やり直し" in footer and "^q" not in footer


@pytest.mark.slow
@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("width", [80, 96, 120])
@run
async def test_the_whole_log_and_the_replay_break_japanese_where_it_may(width: int) -> None:
    from tui.test_screens_replay import finished_game

    from marrakech.flow import recaps
    from marrakech.tui.screens.log import LogScreen
    from marrakech.tui.screens.replay import ReplayScreen

    session = finished_game()
    app = MarrakechApp(session=session)
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        sentences = [turn.words for turn in recaps(session.transitions, session.setup.names)]
        app.push_screen(LogScreen(sentences[:12], session.setup.names))
        await pilot.pause()
        log = screen_text(app)
        app.pop_screen()
        app.push_screen(ReplayScreen(session))
        await pilot.pause()
        await pilot.press("right", "right", "right")
        replay = screen_text(app)
    for screen in (log, replay):
        starts = [line.strip(" █▊▎")[:1] for line in screen.splitlines()]
        assert not set(starts) & NO_LINE_START, screen


@pytest.mark.usefixtures("japanese")
@run
async def test_the_command_palette_speaks_japanese_textual_s_own_commands_too() -> None:
    app = MarrakechApp(session=fixed_session())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = screen_text(app)
    for english in ("Theme", "Quit", "Keys", "Screenshot", "the current screen"):
        assert not any(english in f"{command.title} {command.help}" for command in commands)
    assert "スクリーンショット" in [command.title for command in commands]
    assert "Search for commands" not in palette
    assert "コマンドを検索" in palette


@pytest.mark.slow
@pytest.mark.usefixtures("japanese")
@run
async def test_the_command_palette_finds_a_command_by_its_english_title_too() -> None:
    # A player who knows the English names typed "theme" and read "No matches found".
    from textual.command import CommandList

    app = MarrakechApp(session=fixed_session())

    def listed() -> list[str]:
        """The commands the palette lists (its hits, or the line that says there are none)."""
        commands = app.screen.query_one(CommandList)
        prompts = (commands.get_option_at_index(n).prompt for n in range(commands.option_count))
        return [str(prompt).split("\n")[0].strip() for prompt in prompts]

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for query, found in (("theme", "テーマ"), ("hint", "ヒント")):  # Textual's, the game's
            await pilot.press(*query)
            await wait_until(pilot, lambda found=found: listed() == [found], f"{found} found")
            await pilot.press(*["backspace"] * len(query))


@pytest.mark.slow
@pytest.mark.usefixtures("japanese")
@run
async def test_the_summary_s_headings_break_rather_than_lose_their_end_at_80x24() -> None:
    from tui.helpers import open_summary
    from tui.test_end_of_game import finished_session

    session = finished_session(3)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(pilot, session)
        rows = screen_text(app).splitlines()
    table_top = next(n for n, row in enumerate(rows) if "プレイヤー" in row)
    headings = rows[: table_top + 1]
    assert not any("…" in row for row in headings), headings
    joined = "".join("".join(row.split()) for row in headings)
    assert re.search("払った最大の.*通行料", joined), headings  # broken, every word kept


@pytest.mark.usefixtures("japanese")
@run
async def test_the_help_s_marks_keep_their_column_at_80x24() -> None:
    from marrakech.tui.screens.help import HelpScreen

    app = MarrakechApp(session=fixed_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen())
        await pilot.pause()
        for _tab in range(2):
            await pilot.press("right")
        await pilot.pause()
        width = app.screen.query_one("#marks").content_region.width
        screen = screen_text(app)
    # Laid out for the width it has (a mark, its meaning wrapped beside it), never
    # broken again by the edge: each line as the legend lays it out is on the screen.
    expected = legend_text(Console(), width).plain.splitlines()
    assert len(expected) > 8
    for line in expected[:8]:
        assert line.rstrip() in screen, (line, screen)


@pytest.mark.usefixtures("japanese")
@run
async def test_the_panel_of_keys_speaks_japanese_for_textual_s_own_widgets_too() -> None:
    from textual.widgets import Input

    app = MarrakechApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query(Input).first().focus()  # a name's text field, Textual's own
        await pilot.pause()
        app.action_show_help_panel()
        await pilot.pause()
        keys = screen_text(app)
    assert "カーソルを左へ" in keys and "Move cursor left" not in keys
    assert "Scroll" not in keys and "Delete" not in keys


@pytest.mark.usefixtures("japanese")
def test_a_questions_keys_are_listed_with_japanese_marks() -> None:
    question = ConfirmScreen("続けますか。", yes="終了", no="続ける")
    assert question.keys() == "y：終了 · n、Esc：続ける"
