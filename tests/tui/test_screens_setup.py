"""Pilot tests of the new-game screen: defaults, players, names, seat kinds, options."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, RadioSet, Select, Static

from marrakech.engine import Variant
from marrakech.games.levels import DESCRIPTIONS, LEVELS
from marrakech.games.session import MAX_NAME_LENGTH, SEAT_KINDS, GameSetup
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens import setup as screen_module
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.setup import NewGameScreen

from .helpers import paste, run, screen_text

SEED = 424242
"""What the monkeypatched new_seed draws for a blank seed field."""

Steps = Callable[[Pilot[None], NewGameScreen], Awaitable[None]]


class Harness(App[None]):
    """Pushes the new-game screen and records what it dismisses with."""

    def __init__(self, screen: NewGameScreen) -> None:
        super().__init__()
        self.under_test = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.under_test, self.results.append)


@pytest.fixture(autouse=True)
def drawn_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blank seed field draws SEED."""
    monkeypatch.setattr(screen_module, "new_seed", lambda: SEED)


def play(steps: Steps, defaults: GameSetup | None = None) -> tuple[NewGameScreen, list[Any]]:
    """Run the screen, do the steps, return the screen and what it dismissed with."""

    async def go() -> tuple[NewGameScreen, list[Any]]:
        screen = NewGameScreen(defaults)
        app = Harness(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await steps(pilot, screen)
            await pilot.pause()
        return screen, app.results

    return asyncio.run(go())


def radio(screen: NewGameScreen, radio_set: str, index: int) -> RadioButton:
    """One button of a RadioSet."""
    return screen.query_one(f"#{radio_set}", RadioSet).query(RadioButton)[index]


async def choose(pilot: Pilot[None], screen: NewGameScreen, select: str, downs: int) -> None:
    """Open a Select with the keyboard and move down to another option."""
    screen.query_one(f"#{select}", Select).focus()
    await pilot.press("enter", *["down"] * downs, "enter")


def test_enter_starts_a_two_player_game_of_two_people() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.press("enter")

    _, results = play(steps)
    assert results == [GameSetup(players=2, seed=SEED)]
    assert results[0].names == ("Player 1", "Player 2")
    assert results[0].seats == ("person", "person")
    assert results[0].takeback is None


def test_up_from_the_buttons_reaches_the_fields_and_down_comes_back_to_start() -> None:
    # The form opens on Start: Up did nothing, and the fields took nine Shift+Tabs.
    seen: list[str | None] = []

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.press("right", "up")  # from Learn to play too
        seen.append(screen.focused.id if screen.focused else None)
        await pilot.press("4", "2", "down")
        seen.append(screen.focused.id if screen.focused else None)
        await pilot.press("enter")

    _, results = play(steps)
    assert seen == ["seed", "start"]
    assert results == [GameSetup(players=2, seed=42)]


def test_escape_quits() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.press("escape")

    assert play(steps)[1] == [None]


def test_q_quits_as_escape_does() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.press("q")

    assert play(steps)[1] == [None]


@pytest.mark.slow
@pytest.mark.parametrize("in_a_browser", [False, True])  # a browser's page keeping no game
def test_escape_after_the_form_was_changed_asks_before_the_names_typed_are_lost(
    in_a_browser: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Escape, pressed to leave a name's field, quit at once with the names typed.
    monkeypatch.setattr(Harness, "is_web", property(lambda app: in_a_browser))

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#name-0", Input).focus()
        await pilot.press("ctrl+a", *"Ayla")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "not kept" in screen_text(pilot.app)
        await pilot.press("n")  # keep editing: the form as it was
        await pilot.pause()
        assert pilot.app.screen is screen
        assert screen.query_one("#name-0", Input).value == "Ayla"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")  # leave after all

    assert play(steps)[1] == [None]


def _keys_help(from_results: bool) -> tuple[str, list[str]]:
    """The footer of the new-game screen in the app, and the rows of its keys help (F1)."""

    async def go() -> tuple[str, list[str]]:
        app = MarrakechApp()
        async with app.run_test(size=(100, 36)) as pilot:
            await pilot.pause()
            if from_results:
                app.push_screen(NewGameScreen(GameSetup(players=2), over="results"))
                await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            footer = screen_text(app).splitlines()[-1]
            await pilot.press("f1")
            await pilot.pause()
            rows = [" ".join(line.strip(" █").split()) for line in screen_text(app).splitlines()]
            return footer, rows

    return asyncio.run(go())


def test_the_keys_say_quit_once_and_spell_escape_esc() -> None:
    footer, rows = _keys_help(from_results=False)
    assert footer.split("▏")[0].split() == [
        *("Tab", "Next", "field", "Esc", "Quit", "^o", "Saved", "games", "?", "Help")
    ]
    assert [row for row in rows if row.endswith(("Quit", "games", "Help", "help"))] == [
        "Esc ^q q Quit",
        "^o Saved games",
        "? f1 Help",
        "Esc q ? close this help",
    ]
    assert not any("esc" in row for row in rows)
    assert {"Tab Next field", "Shift+Tab Previous field"} <= set(rows), rows


@pytest.mark.slow
def test_from_the_results_escape_goes_back_and_the_app_keys_quit() -> None:
    footer, rows = _keys_help(from_results=True)
    assert footer.split("▏")[0].split()[:8] == [
        *("Tab", "Next", "field", "Esc", "Back", "to", "the", "results")
    ]
    assert [row for row in rows if row.endswith(("Quit", "games", "Help", "results"))] == [
        "Esc Back to the results",
        "^o Saved games",
        "^q q Quit",
        "? f1 Help",
    ]


@pytest.mark.slow
def test_four_players_with_names_kinds_and_options() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.click(radio(screen, "players", 2))
        screen.query_one("#name-0").focus()
        # Enter in a name goes on to the next name; after the last, to Start.
        await pilot.press("A", "enter", "B", "enter", "enter", "D", "enter")
        assert screen.focused is screen.query_one("#start")
        await choose(pilot, screen, "kind-1", 1)
        screen.query_one("#kind-3", Select).value = "hard"
        screen.query_one("#variant", Select).value = Variant.AIM_OR_KEEP
        screen.query_one("#takeback", Select).value = False
        await pilot.click(radio(screen, "first", 3))
        screen.query_one("#seed").focus()
        await pilot.press(*"x42", "enter", "enter")

    _, results = play(steps)
    assert results == [
        GameSetup(
            players=4,
            names=("A", "B", "Player 3", "D"),
            seats=("person", SEAT_KINDS[1], "person", "hard"),
            variant=Variant.AIM_OR_KEEP,
            seed=42,
            first=3,
            takeback=False,
        )
    ]


@pytest.mark.slow
def test_defaults_fill_the_form_but_not_the_seed() -> None:
    defaults = GameSetup(
        players=3,
        names=("Ayla", "Player 2", "Cy"),
        seats=("person", "normal", "person"),
        variant=Variant.AIM,
        seed=7,
        first=2,
        takeback=True,
    )

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        text = screen_text(pilot.app)
        seat_2 = next(line for line in text.splitlines() if "Seat 2" in line)
        assert "Computer: greedy" in seat_2  # the old name "normal" is the level greedy
        assert "Seat 3" in text and "Seat 4" not in text
        assert "Piles" not in text  # 2 players only
        # The keyboard cursor starts on the pressed button: Enter keeps 3 players.
        screen.query_one("#players").focus()
        await pilot.press("enter")
        screen.query_one("#start").focus()
        await pilot.press("enter")

    _, results = play(steps, defaults)
    assert results == [GameSetup(**{**_fields(defaults), "seed": SEED})]


@pytest.mark.slow
def test_the_piles_show_for_two_players_only_and_tab_goes_past_them_when_hidden() -> None:
    # They were shown with 3 and 4 players too, greyed out, though they cannot apply.
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        tab_after_first: list[str | None] = []
        for players in (2, 4, 2):
            await pilot.click(radio(screen, "players", players - 2))
            await pilot.pause()
            assert ("Piles" in screen_text(pilot.app)) is (players == 2), players
            screen.query_one("#first").focus()
            await pilot.press("tab")
            tab_after_first.append(screen.focused.id if screen.focused else None)
        assert tab_after_first == ["piles", "takeback", "piles"]

    play(steps)


@pytest.mark.slow
def test_fewer_players_keep_a_valid_first_player_and_piles_only_for_two() -> None:
    defaults = GameSetup(players=4, first=3)

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        await pilot.click(radio(screen, "players", 0))
        assert screen.query_one("#first", RadioSet).pressed_index == 0
        assert len(screen.query_one("#first").children) == 2
        await choose(pilot, screen, "piles", 1)
        screen.query_one("#start").focus()
        await pilot.press("enter")

    _, results = play(steps, defaults)
    assert results == [GameSetup(players=2, seed=SEED, alternate_piles=True)]


@pytest.mark.slow
def test_a_seat_is_a_person_or_the_computer_at_every_level_with_what_it_does() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#kind-1", Select).focus()
        await pilot.pause()
        assert "A person plays this seat" in screen_text(pilot.app)
        await pilot.press("enter")  # open the menu
        await pilot.pause()
        menu = screen_text(pilot.app)
        assert all(f"Computer: {level}" in menu for level in LEVELS)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        hint = f"The computer plays this seat at level {LEVELS[1]}: it {DESCRIPTIONS[LEVELS[1]]}."
        assert hint in screen_text(pilot.app)
        screen.query_one("#start").focus()
        await pilot.press("enter")

    _, results = play(steps)
    assert results[0].seats == ("person", SEAT_KINDS[2])


@pytest.mark.slow
def test_an_open_seat_menu_says_what_the_highlighted_level_is_before_it_is_chosen() -> None:
    # The hint said what a level does only once it was chosen: a newcomer chose blind.
    def hint(level: str) -> str:
        return f"The computer plays this seat at level {level}: it {DESCRIPTIONS[level]}."

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#kind-1", Select).focus()
        await pilot.press("enter")  # open the menu
        await pilot.pause()
        assert "A person plays this seat" in screen_text(pilot.app)
        for level in LEVELS:
            await pilot.press("down")
            await pilot.pause()
            assert hint(level) in " ".join(screen_text(pilot.app).replace("│", " ").split())
        await pilot.press("escape")  # closed, nothing chosen: the hint says the choice
        await pilot.pause()
        assert "A person plays this seat" in screen_text(pilot.app)
        screen.query_one("#start").focus()
        await pilot.press("enter")

    _, results = play(steps)
    assert results[0].seats == ("person", "person")


@pytest.mark.slow
def test_a_name_may_be_as_long_as_the_session_allows() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#name-0").focus()
        await paste(pilot, "x" * MAX_NAME_LENGTH)
        await pilot.press(*"x" * 5, "enter")  # typed past the limit: refused key by key
        screen.query_one("#start").focus()
        await pilot.press("enter")

    _, results = play(steps)
    assert results[0].names[0] == "x" * MAX_NAME_LENGTH


def _fields(setup: GameSetup) -> dict[str, Any]:
    return {name: getattr(setup, name) for name in GameSetup.__dataclass_fields__}


@pytest.mark.slow
def test_a_bad_name_is_shown_on_the_form_which_stays() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#name-1", Input).value = "Eve\u202eevil"
        await pilot.click("#start")
        await pilot.pause()
        assert pilot.app.screen is screen
        hint = str(screen.query_one("#hint", Static).render())
        assert "seat 2" in hint and "U+202E" in hint
        screen.query_one("#name-1", Input).value = "Eve"
        await pilot.pause(0.3)  # a Button ignores presses for 0.2s after one
        await pilot.click("#start")

    _, results = play(steps)
    assert len(results) == 1 and results[0].names == ("Player 1", "Eve")


@pytest.mark.slow
def test_the_seed_is_drawn_at_the_start_not_shown_before(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    def draw() -> int:
        drawn.append(9_876_543_210)
        return drawn[-1]

    monkeypatch.setattr(screen_module, "new_seed", draw)

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        seed = screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        assert seed.value == ""
        assert seed.placeholder == "blank: random"
        assert "random seed, drawn when the game starts" in str(
            screen.query_one("#hint", Static).render()
        )
        assert drawn == []  # nothing drawn while the form is open
        await pilot.press("enter", "enter")

    _, results = play(steps)
    assert drawn == [9_876_543_210]
    assert results[0].seed == 9_876_543_210


@pytest.mark.slow
def test_a_typed_seed_stays() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#seed", Input).focus()
        await pilot.press(*"123", "enter", "enter")

    assert play(steps)[1][0].seed == 123


def test_two_players_called_alike_cannot_start_and_the_form_says_why() -> None:
    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#name-0", Input).value = "Hana"
        screen.query_one("#name-1", Input).value = "hana"
        await pilot.click("#start")
        await pilot.pause()
        assert pilot.app.screen is screen
        said = str(screen.query_one("#hint", Static).render())
        assert said == "Cannot start: Seats 1 and 2 are both called 'hana': give each its own."

    _, results = play(steps)
    assert results == []


@pytest.mark.parametrize("basic_colours", [False, True])
@run
async def test_only_the_chosen_radio_button_shows_its_dot(basic_colours: bool) -> None:
    # The choice reads without telling colours apart: the other dots are not drawn.
    app = MarrakechApp(basic_colours=basic_colours)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        buttons = list(app.screen.query(RadioButton))
        assert any(button.value for button in buttons)
        for button in buttons:
            dot = button.get_component_rich_style("toggle--button")
            assert (dot.color != dot.bgcolor) is button.value, button


@pytest.mark.slow
@run
async def test_the_arrows_step_along_the_buttons_and_leave_the_form_s_choices_to_them() -> None:
    app = MarrakechApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused is not None and screen.focused.id == "start"
        await pilot.press("right")
        assert screen.focused.id == "learn"
        await pilot.press("left", "left")
        assert screen.focused.id == "quit"  # round the row
        players = screen.query_one(RadioSet)
        players.focus()
        await pilot.press("right")  # the radio buttons' own arrow, within them
        assert screen.focused is players


def test_a_long_name_shows_its_start_once_the_next_field_has_the_focus() -> None:
    shown: list[str] = []

    async def steps(pilot: Pilot[None], screen: NewGameScreen) -> None:
        screen.query_one("#name-0", Input).focus()
        await paste(pilot, "Grandma Rosalind the Magnificen")
        await pilot.press("t", "enter")  # the box scrolled on to the last letter typed
        await pilot.pause()
        shown.append(screen_text(pilot.app))

    play(steps)
    seat_line = next(line for line in shown[0].splitlines() if "Seat 1" in line)
    assert "Grandma Rosalind" in seat_line, seat_line
