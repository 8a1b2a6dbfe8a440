"""Properties of random legal games (Hypothesis picks the game; a seeded rng plays it)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.engine import (
    Aim,
    GameState,
    IllegalAction,
    Orient,
    Phase,
    Place,
    Roll,
    Turn,
    Variant,
)

from .games import GameSpec, game_specs, play
from .reference import ref_apply, ref_legal, ref_scores, ref_winners

FAST = settings(max_examples=examples(40), deadline=None)
HEAVY = settings(max_examples=examples(25), deadline=None)

# Every action of the notation, plus some that no position allows.
POOL: list[object] = [Orient(t) for t in Turn] + [Aim(t) for t in Turn]
POOL += [Roll(v) for v in range(-1, 7)]
POOL += [Place((r, c), (r, c + 1)) for r in range(7) for c in range(6)]
POOL += [Place((r, c), (r + 1, c)) for r in range(6) for c in range(7)]
POOL += [Place((0, 0), (1, 1)), Place((3, 3), (3, 3)), Place((6, 6), (6, 7)), Place((2, 2), (2, 4))]


def states(spec: GameSpec) -> list[GameState]:
    steps = play(spec)
    return [steps[0].before, *(t.after for t in steps)] if steps else [spec.start()]


def carpets_in_play(state: GameState) -> int:
    on_market = {layer.carpet for stack in state.stacks for layer in stack}
    return len(on_market) + sum(p.carpets_left + p.discarded for p in state.players)


@FAST
@given(game_specs())
def test_money_is_conserved(spec: GameSpec) -> None:
    seen = states(spec)
    total = spec.money * spec.players
    for state in seen:
        assert sum(p.money for p in state.players) == total
        assert all(p.money >= 0 for p in state.players)


@FAST
@given(game_specs())
def test_carpets_are_conserved(spec: GameSpec) -> None:
    seen = states(spec)
    total = 45 if spec.players == 3 else 48
    for state in seen:
        assert carpets_in_play(state) == total
        assert all(p.pile == () for p in state.players if p.eliminated)


@FAST
@given(game_specs())
def test_every_place_phase_has_one_to_twelve_placements(spec: GameSpec) -> None:
    for state in states(spec):
        count = len(state.legal_placements())
        if state.phase is Phase.PLACE:
            assert 1 <= count <= 12
        else:
            assert count == 0


@FAST
@given(game_specs())
def test_games_end_within_a_bounded_number_of_actions(spec: GameSpec) -> None:
    steps = play(spec, limit=10_000)
    # At most 4 actions a turn; at most one turn per carpet plus one per bankruptcy.
    assert len(steps) <= 4 * (48 + spec.players)
    final = steps[-1].after if steps else spec.start()
    assert final.phase is Phase.OVER
    assert final.legal_actions() == ()
    winners = final.winners()
    assert winners
    assert all(not final.players[seat].eliminated for seat in winners)
    alive = final.alive
    assert len(alive) == 1 or all(final.players[s].pile == () for s in alive)


@FAST
@given(game_specs())
def test_regions_are_the_region_of_each_first_square(spec: GameSpec) -> None:
    for state in states(spec):
        expected = []
        seen: set[tuple[int, int]] = set()
        for square, stack in state.squares():
            if stack and square not in seen:
                region = state.region(square)
                seen |= region
                expected.append((stack[-1].colour, region))
        found = [
            (colour, frozenset(divmod(index, 7) for index in range(49) if mask >> index & 1))
            for colour, mask in state.regions()
        ]
        assert found == expected


@HEAVY
@given(game_specs())
def test_save_dict_and_json_round_trip(spec: GameSpec) -> None:
    seen = states(spec)
    for state in [*seen[::3], seen[-1]]:
        data = state.to_dict()
        again = GameState.from_dict(data)
        assert again == state
        assert hash(again) == hash(state)
        assert GameState.from_dict(json.loads(json.dumps(data))) == state
        assert again.to_dict() == data


@pytest.mark.slow
@given(game_specs())
def test_states_pickle_copy_and_replace_to_equal_states(spec: GameSpec) -> None:
    seen = states(spec)
    for state in [*seen[::5], seen[-1]]:
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state
        assert state.replace() == state
        assert hash(state.replace(players=state.players)) == hash(state)
        player = state.players[0]
        assert pickle.loads(pickle.dumps(player)) == player
        assert player.replace(money=player.money + 1) != player


@HEAVY
@given(game_specs())
def test_every_legal_action_applies(spec: GameSpec) -> None:
    for state in states(spec):
        for action in state.legal_actions():
            assert state.is_legal(action)
            after = state.apply(action)
            assert after != state
            assert state.transition(action).after == after


@HEAVY
@given(game_specs(), st.integers(0, 2**32 - 1))
def test_illegal_actions_raise_and_change_nothing(spec: GameSpec, pick: int) -> None:
    rng = random.Random(pick)
    for state in states(spec):
        legal = set(state.legal_actions())
        before = state.to_dict()
        illegal = [a for a in POOL if a not in legal]
        assert len(illegal) + len(legal & set(POOL)) == len(POOL)
        for action in rng.sample(illegal, 4):
            assert not state.is_legal(action)
            try:
                state.apply(action)  # type: ignore[arg-type]
            except IllegalAction as error:
                assert str(error) == state.why_illegal(action)
            else:
                raise AssertionError(f"{action} was accepted in {state.phase}")
        assert state.to_dict() == before


@HEAVY
@given(game_specs())
def test_legal_actions_are_exactly_the_accepted_ones(spec: GameSpec) -> None:
    for state in states(spec)[::5]:
        accepted = {a for a in POOL if state.is_legal(a)}
        assert accepted == set(state.legal_actions())


@HEAVY
@given(game_specs())
def test_hash_and_equality_are_consistent(spec: GameSpec) -> None:
    seen = states(spec)
    by_value: dict[GameState, int] = {}
    for i, state in enumerate(seen):
        by_value.setdefault(state, i)
    # Every action changes something, so no state repeats along a game.
    assert len(by_value) == len(seen)
    for state in seen[::7]:
        twin = GameState.from_dict(state.to_dict())
        assert twin in by_value
        assert twin == state and hash(twin) == hash(state)


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(game_specs())
def test_the_engine_agrees_with_the_reference_model(spec: GameSpec) -> None:
    """Step by step: the same legal actions, tolls, payments, bankruptcies and positions."""
    steps = play(spec)
    model = steps[0].before.to_dict() if steps else spec.start().to_dict()
    for t in steps:
        assert {str(a) for a in t.before.legal_actions()} == ref_legal(model)
        model, info = ref_apply(model, str(t.action))
        got = {"toll": t.toll, "paid": t.paid, "payee": t.payee, "eliminated": t.eliminated}
        assert got == info, str(t.action)
        after = t.after.to_dict()
        if model["phase"] == "over":
            # Whose seat is "current" once the game is over is not a rule.
            after["current"] = model["current"]
        assert after == model, str(t.action)
    final = steps[-1].after if steps else spec.start()
    assert [(s.visible, s.dirhams) for s in final.scores()] == ref_scores(model)
    assert set(final.winners()) == ref_winners(model)


@settings(max_examples=examples(20), deadline=None)
@given(game_specs())
def test_aim_variants_aim_after_every_placement_but_the_last(spec: GameSpec) -> None:
    for t in play(spec):
        if isinstance(t.action, Place):
            if t.after.phase is Phase.OVER or t.before.variant is Variant.STANDARD:
                assert t.after.phase in (Phase.OVER, Phase.ORIENT)
            else:
                assert t.after.phase is Phase.AIM
                assert t.after.current == t.before.current
        if isinstance(t.action, Roll) and t.eliminated is not None:
            assert t.after.phase is not Phase.AIM
