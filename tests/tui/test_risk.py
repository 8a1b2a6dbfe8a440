"""The risk preview's maths and table, and the coin split shown in the player panels."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from marrakech.engine import Direction, Turn, Variant
from marrakech.flow.risk import lane_risks
from marrakech.games.session import GameSetup, Session
from marrakech.tui.app import MarrakechApp
from marrakech.tui.widgets.player_panel import coins
from marrakech.tui.widgets.risk_preview import RiskPreview

from .helpers import position, run, screen_text


def test_each_facing_gets_its_chance_of_paying_and_mean_toll() -> None:
    # Seat 0 on (3,3) facing N. Blue (seat 1) covers (2,3)-(1,3): a region of 2 that a
    # roll of 1 (1/6) or 2 (1/3) stops on. West and east are empty.
    state = position(carpets=[("B", (1, 3), (2, 3))])
    left, straight, right = lane_risks(state)
    assert (left.turn, left.facing) == (Turn.LEFT, Direction.W)
    assert straight.stops == ((2, 3), (1, 3), (0, 3), (0, 2))
    assert straight.chance_to_pay == pytest.approx(1 / 2)
    assert straight.expected_toll == pytest.approx(2 * 1 / 2)
    assert straight.chance_of_bankruptcy == 0
    assert left.chance_to_pay == right.chance_to_pay == 0


def test_a_toll_above_the_purse_is_a_bankruptcy() -> None:
    state = position(carpets=[("B", (1, 3), (2, 3))], money=(1, 30))
    straight = lane_risks(state)[1]
    assert straight.chance_of_bankruptcy == pytest.approx(1 / 2)


def test_own_colours_cost_nothing() -> None:
    state = position(carpets=[("Y", (1, 3), (2, 3))])  # yellow is seat 0's second colour
    assert all(risk.chance_to_pay == 0 for risk in lane_risks(state))


def test_aiming_shows_the_next_players_risk() -> None:
    # Seat 0 aims; red (its own colour) lies to the west: a risk for seat 1 only.
    state = position(
        carpets=[("R", (3, 2), (3, 1))], phase="aim", variant=Variant.AIM, piles=("RR", "BB")
    )
    risks = lane_risks(state)
    assert [risk.turn for risk in risks] == [Turn.LEFT, Turn.RIGHT]
    assert all(risk.seat == 1 for risk in risks)
    assert risks[0].chance_to_pay == pytest.approx(1 / 2)


def test_a_fixed_facing_has_one_lane() -> None:
    state = position(phase="roll", variant=Variant.AIM)
    (risk,) = lane_risks(state)
    assert risk.turn is None and risk.facing is Direction.N


@pytest.mark.parametrize(
    ("money", "split"), [(30, (5, 5)), (31, (5, 6)), (12, (1, 7)), (4, (0, 4)), (0, (0, 0))]
)
def test_coins_keep_five_ones_for_change(money: int, split: tuple[int, int]) -> None:
    assert coins(money) == split
    assert 5 * split[0] + split[1] == money


class RiskApp(App[None]):
    """Just the risk preview."""

    def compose(self) -> ComposeResult:
        yield RiskPreview()


@run
async def test_the_table_says_where_each_roll_of_the_way_picked_stops() -> None:
    # Assam on (0,3) facing east: ahead, a 3 and a 4 both stop on the corner square.
    risks = lane_risks(position(assam=((0, 3), "E")))
    app = RiskApp()
    async with app.run_test(size=(80, 10)) as pilot:
        preview = app.query_one(RiskPreview)
        preview.show(risks, Turn.STRAIGHT, "If Player 1 rolls:")
        await pilot.pause()
        ahead = screen_text(app)
        preview.show(risks, Turn.RIGHT, "If Player 1 rolls:")
        await pilot.pause()
        right = screen_text(app)
        preview.show(risks, None, "If Player 1 rolls:")
        await pilot.pause()
        none_picked = screen_text(app)
    assert "A roll of 1 to (0,4), 2 to (0,5), 3 to (0,6), 4 to (0,6)." in ahead
    assert "A roll of 1 to (1,3), 2 to (2,3), 3 to (3,3), 4 to (4,3)." in right
    assert "A roll of" not in none_picked


@run
async def test_a_fixed_facing_says_where_its_rolls_stop() -> None:
    (risk,) = lane_risks(position(phase="roll", variant=Variant.AIM))
    app = RiskApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(RiskPreview).show([risk], None, "If Player 1 rolls:")
        await pilot.pause()
        text = screen_text(app)
    assert "A roll of 1 to (2,3), 2 to (1,3), 3 to (0,3), 4 to (0,2)." in text


@run
async def test_p_hides_the_risks_and_says_how_to_bring_them_back() -> None:
    app = MarrakechApp(session=Session(GameSetup(2, seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        hidden = screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        again = screen_text(app)
    assert "pay" in shown and "p shows the chance" not in shown
    assert "p shows the chance of paying." in hidden
    assert "toll" not in hidden
    assert again == shown


@run
async def test_with_a_carpet_to_lay_the_risks_say_when_they_show_again() -> None:
    app = RiskApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(RiskPreview).show([], None, "")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    assert "The chance of paying shows before each roll." in text


@run
async def test_once_the_game_is_over_the_risks_say_nothing() -> None:
    app = RiskApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(RiskPreview).show([], None, "", over=True)
        await pilot.pause()
        assert "chance of paying" not in screen_text(app)


@pytest.mark.parametrize("players", [2, 3, 4])
@run
async def test_the_risk_preview_shows_whole_at_80x24_with_every_player_count(players: int) -> None:
    setup = GameSetup(players, seats=("person",) + ("greedy",) * (players - 1), seed=1)
    app = MarrakechApp(session=Session(setup))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        side = app.screen.query_one("#side").region
        risk = app.screen.query_one(RiskPreview).region
        assert risk.height > 0 and risk.bottom <= side.bottom, (risk, side)
        assert "4 to (0,2)." in screen_text(app)  # the last line, where each roll stops


@run
async def test_once_the_game_is_over_nothing_offers_the_hidden_risks() -> None:
    # "p shows the chance of paying." stayed beside the final board, where p does nothing.
    from marrakech.games import settings

    from .test_end_of_game import finished_session

    settings.save(settings.Settings(risk_preview=False))
    app = MarrakechApp(session=finished_session(2))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # from the results to the final board
        await pilot.pause()
        assert "the game is over" in screen_text(app)
        assert "p shows the chance" not in screen_text(app)
