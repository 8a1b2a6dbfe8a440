"""Whole turns played with the keyboard: orient, roll, place, pay, go bankrupt, aim."""

from __future__ import annotations

import pytest
from engine.positions import build

from marrakech.engine import Aim, Direction, Orient, Phase, Place, Roll, Turn, Variant, walk
from marrakech.flow import GameFlow
from marrakech.games.dice import LoadedDie, die_roll
from marrakech.games.session import GameSetup, Session
from marrakech.games.settings import PACES
from marrakech.tui.app import MarrakechApp
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.screens.game_status import Pointing, status_text
from marrakech.tui.screens.help import HelpScreen
from marrakech.tui.screens.results import ResultsScreen
from marrakech.tui.widgets import pacer
from marrakech.tui.widgets.game_log import GameLog
from marrakech.tui.widgets.status_line import StatusLine

from .helpers import position, run, screen_text, toasts, wait_for_seat, wait_for_turns, wait_until


def game_screen(app: MarrakechApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def log_text(app: MarrakechApp) -> str:
    """The game log as shown, whatever screen is on top."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return "\n".join(screen.query_one(GameLog).sentences)


@run
async def test_orienting_turns_a_quarter_at_most() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        assert screen.pointing.turn is Turn.STRAIGHT
        await pilot.press("left")
        assert screen.pointing.turn is Turn.LEFT
        assert screen.active_bindings["left"].enabled is False  # no 180 degrees: dimmed
        await pilot.press("left")
        assert screen.pointing.turn is Turn.LEFT
        await pilot.press("right", "right", "right")
        assert screen.pointing.turn is Turn.RIGHT
        await pilot.press("up")
        assert screen.pointing.turn is Turn.STRAIGHT
        await pilot.press("right", "right", "enter")
        assert screen.flow.session.actions[0] == Orient(Turn.RIGHT)


@run
async def test_down_while_choosing_the_way_says_that_assam_never_turns_round() -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = game_screen(app)
        await pilot.press("left", "down")
        await pilot.pause()
        assert "No U-turn: ← left, → right or ↑ ahead." in screen_text(app)
        assert screen.pointing.turn is Turn.LEFT  # the way picked stays
        await pilot.press("enter", "down")  # laying a carpet, ↓ moves it instead
        await pilot.pause()
        assert session.state.phase is Phase.PLACE
        assert "No U-turn" not in screen_text(app)


@run
async def test_a_whole_turn_with_the_seeded_die() -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await pilot.press("left", "enter")
        value = die_roll(1, 0)
        assert session.actions == (Orient(Turn.LEFT), Roll(value))
        assert session.state.assam == walk((3, 3), Direction.W, value)
        assert session.state.phase is Phase.PLACE
        first = screen.pointing.carpet
        assert first in session.state.legal_placements()
        await pilot.press("tab")
        assert screen.pointing.carpet != first
        await pilot.press("shift+tab")
        assert screen.pointing.carpet == first
        await pilot.press("r")
        rotated = screen.pointing.carpet
        assert rotated is not None and rotated in session.state.legal_placements()
        assert (rotated.a[0] == rotated.b[0]) != (first.a[0] == first.b[0])
        await pilot.press("enter")
        assert session.actions[-1] == rotated
        assert session.state.current == 1
        assert session.state.phase is Phase.ORIENT
        assert "Player 1 turns left, rolls" in log_text(app)


@run
async def test_arrow_keys_move_the_carpet_between_legal_spots() -> None:
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await pilot.press("enter")
        seen = {screen.pointing.carpet}
        for key in ("up", "down", "left", "right", "down", "down"):
            await pilot.press(key)
            seen.add(screen.pointing.carpet)
        assert len(seen) > 2
        assert seen <= set(session.state.legal_placements())


@run
async def test_paying_a_toll_moves_the_money() -> None:
    state = position(carpets=[("B", (1, 3), (2, 3))])
    session = Session(GameSetup(2), start=state, dice=LoadedDie((1,)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert [p.money for p in session.state.players] == [28, 32]
        text = screen_text(app)
        assert "28 dirhams -2" in text
        assert "32 dirhams +2" in text
        assert "pays 2 dirhams to Player 2 (region of 2 blue squares)" in log_text(app)
        # Under the market too, while the carpet is laid: not only in the log.
        status = app.screen.query_one(StatusLine).region
        lines = screen_text(app).splitlines()[status.y : status.bottom]
        said = " ".join(" ".join(line[status.x : status.right] for line in lines).split())
        assert "Player 1 paid Player 2 2 dirhams (region of 2 blue squares)." in said


@run
async def test_bankruptcy_ends_a_two_player_game() -> None:
    state = position(carpets=[("B", (1, 3), (2, 3))], money=(1, 30))
    session = Session(GameSetup(2), start=state, dice=LoadedDie((2,)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.phase is Phase.OVER
        assert isinstance(app.screen, ResultsScreen)
        assert any("bankrupt" in toast for toast in toasts(app))
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_bankruptcy_in_three_players_goes_on() -> None:
    state = position(players=3, carpets=[("B", (1, 3), (2, 3))], money=(1, 30, 30))
    session = Session(GameSetup(3), start=state, dice=LoadedDie((1,)))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.current == 1
        assert session.state.players[0].eliminated
        assert "OUT: bankrupt" in screen_text(app)
        assert (
            "owes 2 dirhams to Player 2 (region of 2 blue squares), pays all they have "
            "(1 dirham) and is bankrupt: out of the game" in log_text(app)
        )


@pytest.mark.slow
@run
async def test_the_end_offers_a_new_game() -> None:
    state = position(carpets=[("B", (1, 3), (2, 3))], piles=("R", ""), phase="place")
    session = Session(GameSetup(2), start=state)
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("a")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"


@pytest.mark.slow
@run
async def test_aim_variant() -> None:
    session = Session(GameSetup(2, variant=Variant.AIM, seed=4))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert session.state.phase is Phase.ROLL
        await pilot.press("enter", "enter")
        assert session.state.phase is Phase.AIM
        assert screen.active_bindings["enter"].binding.action == "aim"
        assert "up" not in screen.active_bindings  # keeping the facing is not allowed
        assert "aim Assam for the next player: ← left or → right." in screen_text(app)
        facing = session.state.assam.facing
        await pilot.press("enter")  # no way picked yet: it says what to do
        assert session.state.phase is Phase.AIM
        assert "Pick a way first" in screen_text(app)
        await pilot.press("left")
        assert "aim Assam left, to the" in screen_text(app)
        await pilot.press("enter")
        assert session.actions[-1] == Aim(Turn.LEFT)
        assert session.state.current == 1
        assert session.state.phase is Phase.ROLL
        assert session.state.assam.facing == facing.turned(Turn.LEFT)


@pytest.mark.slow
@run
async def test_with_takebacks_off_a_roll_the_computer_made_stands() -> None:
    """Takebacks off against a computer: a roll once seen stands, whoever rolled it."""
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=1, takeback=False))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        assert screen.active_bindings["u"].enabled is False
        await pilot.press("enter")
        await pilot.press("enter")
        await wait_for_turns(pilot, session, 1, 1)  # the computer has rolled and played
        await wait_for_seat(pilot, session, 0)
        played = session.actions
        assert isinstance(played[2], Place)
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == played
        assert "Cannot undo: takebacks are off" in screen_text(app)


@pytest.mark.slow
@run
async def test_in_hot_seat_a_player_cannot_undo_another_players_carpet() -> None:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=1))  # takebacks off
    app = MarrakechApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")  # Ayla rolls and lays; Bo is to move
        before = session.actions
        await pilot.press("u")
        assert session.actions == before
        assert "Ayla's decision stands now that it is Bo's turn" in screen_text(app)


@run
async def test_the_walk_is_animated_and_any_key_skips_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Steps far longer than any load could stretch the test: only the key can end this walk.
    monkeypatch.setitem(PACES, "normal", 60.0)
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "full"
        screen = game_screen(app)
        screen.action_roll()  # as Enter does, without waiting for the walk to end
        await pilot.pause()
        assert "Assam walks" in screen_text(app)
        assert not screen.active_bindings["enter"].enabled
        await pilot.press("x")
        assert "Assam walks" not in screen_text(app)
        assert session.state.phase is Phase.PLACE


def test_the_status_line_says_when_the_carpet_to_lay_is_the_players_last() -> None:
    last = build(players=3, assam="0.0 W", phase="place", current=2, piles=["RR", "BB", "Y"])
    flow = GameFlow(Session(GameSetup(3, names=("Ayla", "Bo", "Cem")), start=last), print)
    assert status_text(flow, None, Pointing.fresh(flow.state)).plain.startswith(
        "Cem: lay your last carpet (yellow)."
    )
    flow.close()


@pytest.mark.slow
@run
async def test_a_computer_waits_while_the_help_is_open_over_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The computer's first decision comes due two seconds after it is shown: the help is
    # open long before that, and the decision waits for the board to be back.
    monkeypatch.setattr(pacer, "PAUSE_SECONDS", 2.0)
    session = Session(GameSetup(2, seats=("greedy", "person"), seed=3))
    app = MarrakechApp(session=session)
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause(3.0)
        assert session.actions == ()  # due meanwhile, and held
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(session.actions) > 0, "the computer's decision")


@run
async def test_an_arrow_leading_to_no_allowed_spot_says_so() -> None:
    # Only a bell rang, which a browser's terminal does not sound.
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = game_screen(app)
        await pilot.press("enter")
        for _ in range(8):  # as far down as a carpet goes, and once more
            await pilot.press("down")
        await pilot.pause()
        assert screen.pointing.carpet in session.state.legal_placements()
        # And why the spot next that way is not allowed: the keys never stop there.
        said = (
            "No allowed spot further that way. Cannot lay a carpet on (2,3)-(3,3): neither "
            "square touches Assam's square (0,3). Tab goes through the allowed ones."
        )
        # The status line starts it; all of it is a notice (too long for the status line).
        assert "No allowed spot further that way. Cannot lay" in " ".join(screen_text(app).split())
        assert said in [" ".join(toast.split()) for toast in toasts(app)]


@run
async def test_where_assam_does_not_face_up_the_screen_the_status_says_where_the_arrows_turn() -> (
    None
):
    # A newcomer pressed ← with Assam facing south and saw him turn to the screen's right.
    session = Session(GameSetup(2, seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        assert "his own left and right" not in screen_text(app)  # facing north: as the screen
        await pilot.press("left", "enter")
        await wait_until(pilot, lambda: session.state.phase is Phase.PLACE, "the carpet")
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.state.phase is Phase.ORIENT, "the next turn")
        facing = session.state.assam.facing
        assert facing is not Direction.N
        left, right = (facing.turned(turn).name for turn in (Turn.LEFT, Turn.RIGHT))
        names = {"N": "north", "E": "east", "S": "south", "W": "west"}
        said = f"← turns Assam {names[left]}, → {names[right]}: his own left and right."
        await wait_until(pilot, lambda: said in screen_text(app), "the arrows' ways")
        await pilot.resize_terminal(80, 24)  # no room for it: left out, never a notice
        await pilot.pause()
        assert "his own left" not in screen_text(app) and not toasts(app)


@pytest.mark.slow
@run
async def test_undo_takes_back_a_way_picked_and_not_played_before_any_decision() -> None:
    # Hot-seat, takebacks off: Bo turned Assam and pressed u, and was told that Ayla's
    # decision stands; his own pick, not played yet, is what he meant.
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=1))
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = game_screen(app)
        await pilot.press("left", "enter")
        await wait_until(pilot, lambda: session.state.phase is Phase.PLACE, "the carpet")
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.state.current == 1, "Bo's turn")
        await pilot.press("right")
        assert screen.pointing.turn is Turn.RIGHT
        await pilot.press("u")
        await pilot.pause()
        assert screen.pointing.turn is Turn.STRAIGHT and len(session.actions) == 3
        assert "Your pick is taken back." in screen_text(app)
        await pilot.press("u")  # nothing of Bo's now: Ayla's decision stands
        await pilot.pause()
        assert "Cannot undo: takebacks are off" in screen_text(app)
        assert len(session.actions) == 3


@run
async def test_a_bankruptcy_taken_back_takes_its_news_off_the_screen() -> None:
    # Taken back from the results, "Player 1 cannot pay ...: bankrupt" stayed over the
    # side panel beside Player 1 with their dirhams back and Enter to roll.
    start = position(carpets=[("B", (2, 3), (1, 3))], money=[0, 30])
    setup = GameSetup(2, seats=("person", "greedy"), seed=1)
    app = MarrakechApp(session=Session(setup, start=start, dice=LoadedDie((1,) * 6)))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.press("enter")  # straight on, a roll of 1: onto blue, with nothing
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert any("bankrupt and out of the game" in toast for toast in toasts(app))
        await pilot.press("u")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the board")
        assert not any("bankrupt and out of the game" in toast for toast in toasts(app))
        assert any("Taken back: Player 1 goes straight" in toast for toast in toasts(app))


@run
async def test_u_on_the_results_says_why_the_end_stands_where_takebacks_are_off() -> None:
    piles = ["R", ""]  # Player 1's last carpet ends the game
    session = Session(GameSetup(2, seed=4), start=position(piles=piles))  # two people
    app = MarrakechApp(session=session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert "u: take back" not in screen_text(app)
        await pilot.press("u")
        await wait_until(pilot, lambda: toasts(app), "the notice")
        assert " ".join(" ".join(toasts(app)).split()) == (
            "Cannot undo: takebacks are off, so the end of the game stands (a new game's "
            "Takeback setting allows them)."
        )
        assert isinstance(app.screen, ResultsScreen) and session.state.phase is Phase.OVER
