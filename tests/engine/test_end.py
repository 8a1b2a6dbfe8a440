"""The end of the game: when it ends, the scores, the winners."""

from __future__ import annotations

import pytest

from marrakech.engine import (
    GameNotOver,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Standing,
    Turn,
    new_game,
)

from .positions import build

# Eight whole red carpets (16 squares), plus red (2,4)-(2,5) half covered by yellow: 17.
RED_17 = [f"R {r}.{c}-{r}.{c + 1}" for r in (0, 1) for c in (0, 2, 4)]
RED_17 += ["R 2.0-2.1", "R 2.2-2.3", "R 2.4-2.5", "Y 2.5-2.6"]
# Eight whole blue carpets: 16 squares.
BLUE_16 = [f"B {r}.{c}-{r}.{c + 1}" for r in (4, 5) for c in (0, 2, 4)]
BLUE_16 += ["B 6.0-6.1", "B 6.2-6.3"]


def over(money: list[int], carpets: list[str] | None = None, **extra: object):
    return build(
        players=3, carpets=RED_17 + BLUE_16 if carpets is None else carpets,
        money=money, phase="over", **extra,
    )  # fmt: skip


def test_score_is_visible_squares_plus_dirhams() -> None:
    scores = over([23, 24, 5]).scores()
    assert [(s.visible, s.dirhams, s.total) for s in scores] == [
        (17, 23, 40),
        (16, 24, 40),
        (2, 5, 7),
    ]


def test_a_tie_is_broken_by_more_dirhams() -> None:
    assert over([23, 24, 5]).winners() == (1,)


def test_a_tie_in_dirhams_too_is_a_shared_win() -> None:
    carpets = RED_17 + BLUE_16 + ["B 3.0-3.1"]  # blue now shows 18
    state = over([23, 23, 5], carpets=[*carpets, "Y 3.1-3.2"])  # ... and 17
    assert [s.total for s in state.scores()][:2] == [40, 40]
    assert state.winners() == (0, 1)


def test_highest_score_wins_even_with_fewer_dirhams() -> None:
    assert over([23, 22, 5]).winners() == (0,)


def test_eliminated_players_are_not_ranked() -> None:
    state = over([10, 0, 90], eliminated=[2])
    assert state.scores()[2].eliminated
    assert state.scores()[2].visible == 0  # its yellow half is neutral
    assert state.winners() == (0,)


def places(state: object) -> list[tuple[int | None, int]]:
    return [(s.place, s.score.seat) for s in state.standings()]  # type: ignore[attr-defined]


def test_standings_rank_by_total_then_dirhams_best_first() -> None:
    state = over([23, 24, 5])
    assert places(state) == [(1, 1), (2, 0), (3, 2)]
    assert state.standings()[0] == Standing(1, state.scores()[1])


def test_seats_level_on_total_and_dirhams_share_a_place() -> None:
    carpets = RED_17 + BLUE_16 + ["B 3.0-3.1", "Y 3.1-3.2"]  # red and blue both 17
    state = over([23, 23, 24], carpets=carpets)
    assert [s.total for s in state.scores()] == [40, 40, 28]
    assert places(state) == [(1, 0), (1, 1), (3, 2)]
    assert state.winners() == (0, 1)


def test_eliminated_seats_come_last_without_a_place() -> None:
    state = over([10, 0, 90], eliminated=[1])
    assert places(state) == [(1, 2), (2, 0), (None, 1)]
    assert state.winners() == (2,)


def test_standings_are_there_mid_game_too() -> None:
    state = build(players=3, carpets=["R 0.0-0.1", "B 1.0-1.1", "B 2.0-2.1"], phase="place")
    assert places(state) == [(1, 1), (2, 0), (3, 2)]
    assert [s.score.total for s in state.standings()] == [34, 32, 30]


def test_two_player_scores_add_both_colours() -> None:
    state = build(players=2, carpets=["R 0.0-0.1", "Y 1.0-1.1", "B 2.0-2.1"], phase="over")
    assert [s.visible for s in state.scores()] == [4, 2]


def test_winners_before_the_end_raise_game_not_over() -> None:
    state = new_game(3)
    with pytest.raises(GameNotOver, match="no winner yet") as caught:
        state.winners()
    assert isinstance(caught.value, MarrakechError)
    with pytest.raises(GameNotOver):
        build(phase="place").winners()


def test_the_game_ends_when_the_last_carpet_is_laid() -> None:
    state = build(players=3, piles=["", "", "Y"], current=2, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert after.phase is Phase.OVER
    assert after.legal_actions() == ()
    assert after.winners() == (2,)


def test_the_game_goes_on_while_anyone_still_in_has_a_carpet() -> None:
    state = build(players=3, piles=["R", "B", "Y"], current=1, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert (after.phase, after.current) == (Phase.ORIENT, 2)
    after = after.apply(Orient(Turn.STRAIGHT))
    assert after.phase is Phase.ROLL


def test_a_player_with_no_carpet_left_is_skipped() -> None:
    state = build(players=3, piles=["R", "B", ""], current=1, phase="place")
    after = state.apply(Place((2, 3), (2, 4)))
    assert (after.phase, after.current) == (Phase.ORIENT, 0)


@pytest.mark.parametrize(("players", "total"), [(2, 48), (3, 45), (4, 48)])
def test_a_full_game_lays_every_carpet(players: int, total: int) -> None:
    """Always turning left, rolling 1 and taking the first carpet: nobody goes bankrupt,
    and the game ends exactly when the last of the 48/45/48 carpets is laid."""
    state = new_game(players, seed=1)
    laid = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.PLACE:
            laid += 1
            assert state.players[state.current].carpets_left > 0
        state = state.apply(state.legal_actions()[0])
    assert not any(p.eliminated for p in state.players)
    assert laid == total
    assert state.next_carpet == total
    assert all(p.carpets_left == 0 for p in state.players)
