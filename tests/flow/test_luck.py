"""Luck and skill (``flow.luck``): they add up to each seat's margin exactly, skill is
zero-sum, a seat that always plays the evaluator's worst option shows less skill than one
that always plays its best, and the dice's luck averages to zero over the die."""

from __future__ import annotations

import random

import pytest

from marrakech.bots.evaluator import DEFAULT_EVALUATOR
from marrakech.engine import Action, GameState, Phase, Roll
from marrakech.flow.hint import hint
from marrakech.flow.luck import LUCK_PARTS, SKILL_PARTS, luckiest_rolls, margins
from marrakech.flow.review import review, review_lines, rolls_line
from marrakech.games.session import GameSetup, Session


def finished(players: int, choose: dict[int, str], seed: int) -> Session:
    """A whole game where each seat plays "best" (the hint's pick), "worst" (the least chance
    to win by the evaluator) or "random"."""
    session = Session(GameSetup(players, seed=seed))
    rng = random.Random(seed)

    def pick(state: GameState) -> Action:
        way = choose.get(state.current, "random")
        if way == "random":
            return rng.choice(state.legal_actions())
        if way == "best":  # the hint's pick
            found = hint(state)
            assert found is not None
            return found.pick
        return min(DEFAULT_EVALUATOR.decisions(state), key=lambda value: value.win_chance).action

    while session.state.phase is not Phase.OVER:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(pick(session.state))
    return session


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_luck_and_skill_add_up_to_each_margin_and_skill_is_zero_sum_by_its_parts(
    players: int, seed: int
) -> None:
    session = finished(players, {}, seed)
    found = review(session, computers=True)
    scores = [float(score.total) for score in session.state.scores()]
    accounts = found.luck.accounts
    for seat, account in enumerate(accounts):
        assert account.margin == margins(scores)[seat] == found.players[seat].margin
        assert account.luck + account.skill == pytest.approx(account.margin, abs=1e-9)
        assert sum(account.parts[name] for name in LUCK_PARTS) == pytest.approx(account.luck)
        assert sum(account.skill_parts[name] for name in SKILL_PARTS) == pytest.approx(
            account.skill
        )
        if players == 2:
            assert account.parts["table"] == pytest.approx(0.0, abs=1e-9)
            assert account.parts["evaluator"] == pytest.approx(0.0, abs=1e-9)
        else:
            assert account.skill_parts["foresight"] == 0.0
    for name in SKILL_PARTS:
        assert sum(a.skill_parts[name] for a in accounts) == pytest.approx(0.0, abs=1e-9)
    # The decisions part: the others' average loss less one's own.
    lost = [
        sum(d.loss_points for d in found.decisions if d.seat == seat) for seat in range(players)
    ]
    for seat, account in enumerate(accounts):
        others = (sum(lost) - lost[seat]) / (players - 1)
        assert account.skill_parts["decisions"] == pytest.approx(others - lost[seat])
    last = found.luck.by_turn[-1]
    assert [luck + skill for luck, skill in last] == pytest.approx(
        [account.margin for account in accounts]
    )
    # Each roll's part of the dice luck: every roll of the game, adding up to it.
    rolled = [t for t in session.transitions if isinstance(t.action, Roll)]
    rolls = found.luck.rolls
    assert [(roll.seat, roll.value) for roll in rolls] == [(t.seat, t.action.value) for t in rolled]
    for seat, account in enumerate(accounts):
        assert sum(roll.luck[seat] for roll in rolls) == pytest.approx(account.parts["dice"])
        best, worst = luckiest_rolls(found.luck, seat) or pytest.fail("no rolls")
        in_game = [roll for roll in rolls if seat in roll.in_game]
        assert best.luck[seat] == max(roll.luck[seat] for roll in in_game)
        assert worst.luck[seat] == min(roll.luck[seat] for roll in in_game)
        line = rolls_line(found.luck, seat, session.setup.names)
        assert line == (
            f"{session.setup.names[seat]}'s luckiest roll: turn {best.turn}, "
            f"{session.setup.names[best.seat]} rolled {best.value} ({best.luck[seat]:+.1f} for "
            f"{session.setup.names[seat]}); "
            f"unluckiest: turn {worst.turn}, {session.setup.names[worst.seat]} rolled "
            f"{worst.value} ({worst.luck[seat]:+.1f})."
        )
        assert line in review_lines(found, session.setup.names)
    assert 1 <= rolls[0].turn <= rolls[-1].turn <= len(found.luck.by_turn)


@pytest.mark.slow
def test_a_player_s_luckiest_rolls_are_rolled_while_they_are_in_the_game() -> None:
    # A seat goes bankrupt before the end, and a roll after moves its margin the most.
    session = finished(3, {}, 213)
    found = review(session, computers=True)
    (out,) = [seat for seat in range(3) if seat not in session.state.alive]
    went = next(
        number
        for number, transition in enumerate(session.transitions)
        if out not in transition.after.alive
    )
    rolled = [t for t in session.transitions[: went + 1] if isinstance(t.action, Roll)]
    best, worst = luckiest_rolls(found.luck, out) or pytest.fail("no rolls")
    assert worst.luck[out] < 0 < best.luck[out]
    for roll in (best, worst):  # among the rolls up to the one that put it out
        assert (roll.seat, roll.value) in [(t.seat, t.action.value) for t in rolled]
        assert roll.turn <= found.luck.rolls[len(rolled) - 1].turn


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 8])
def test_the_worst_options_show_as_less_skill_than_the_best(seed: int) -> None:
    found = review(finished(2, {0: "worst", 1: "best"}, seed), computers=True)
    worst, best = found.luck.accounts
    assert worst.skill < 0 < best.skill
    assert sum(d.loss_points for d in found.decisions if d.seat == 1) == 0


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_not_finished_splits_the_margin_now(players: int) -> None:
    session = Session(GameSetup(players, seed=9))
    rng = random.Random(9)
    for _ in range(30):
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(rng.choice(session.state.legal_actions()))
    found = review(session, computers=True)
    scores = [float(score.total) for score in session.state.scores()]
    for account in found.luck.accounts:
        assert account.margin == margins(scores)[account.seat]
        assert account.luck + account.skill == pytest.approx(account.margin)
    assert sum(account.skill for account in found.luck.accounts) == pytest.approx(0.0, abs=1e-9)


def test_the_first_movers_edge_is_the_starts_luck_not_their_foresight() -> None:
    session = Session(GameSetup(2, seed=5))
    first = session.state
    best = max(DEFAULT_EVALUATOR.decisions(first), key=lambda value: value.win_chance)
    edge = margins(best.evaluation.points)
    # The evaluator values the bare first position evenly, and gives the first mover an
    # edge once its best first decision is made: that edge is the seat's luck.
    assert margins(DEFAULT_EVALUATOR.evaluate(first).points) == pytest.approx([0.0, 0.0])
    assert edge[0] > 1
    while len(session.transitions) < 8:
        if session.state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(session.state.legal_actions()[0])
    found = review(session, computers=True)
    starts = [account.parts["start"] for account in found.luck.accounts]
    assert starts == pytest.approx(edge)
