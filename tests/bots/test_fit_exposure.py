"""scripts/fit_exposure.py: the terms it measures add up to the evaluation, and its fit."""

from __future__ import annotations

import random

import pytest
from project_scripts import script

from marrakech.bots import make_bot
from marrakech.bots.exposure import DEFAULT_EXPOSURE_WEIGHTS, exposure_estimate
from marrakech.engine import Phase, Roll, new_game

fit = script("fit_exposure")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_terms_weighted_as_in_use_are_the_evaluation(players: int) -> None:
    state, bot, rng = new_game(players, seed=players), make_bot("greedy"), random.Random(1)
    checked = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.ROLL:
            now = [score.total for score in state.scores()]
            estimate = exposure_estimate(state)
            largest_region = max(
                (len(state.region(square)) for square, stack in state.squares() if stack),
                default=0,
            )
            for seat, values in enumerate(fit.terms(state)):
                weighted = sum(
                    fit.in_use(name, players) * value
                    for name, value in zip(fit.TERMS, values, strict=True)
                )
                # A bankruptcy also costs the win bonus, which the terms leave out.
                bonus = DEFAULT_EXPOSURE_WEIGHTS.win_bonus
                assert now[seat] + weighted == pytest.approx(estimate[seat], abs=bonus)
                if largest_region < min(player.money for player in state.players):
                    assert now[seat] + weighted == pytest.approx(estimate[seat])
            checked += 1
            state = state.apply(Roll(rng.choice([1, 2, 2, 3, 3, 4])))
        else:
            state = state.apply(bot.choose(state))
    assert checked > 30


def test_least_squares_finds_the_weights_of_exact_data() -> None:
    rng = random.Random(2)
    rows = []
    for _ in range(50):
        x = [rng.uniform(-1, 1) for _ in range(3)]
        rows.append((x, 2 * x[0] - 0.5 * x[1] + 0.25 * x[2]))
    weights, errors = fit.least_squares(rows)
    assert weights == pytest.approx([2, -0.5, 0.25])
    assert max(errors) < 1e-6
