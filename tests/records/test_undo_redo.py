"""Session undo and redo: exact round trips, a fixed die stream, the takeback policy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marrakech.engine import IllegalAction, Phase, Roll, Variant
from marrakech.games.dice import die_roll
from marrakech.games.session import PERSON, GameSetup, Session

from .games import play_random

_VARIANTS = st.sampled_from(Variant)
_SEEDS = st.integers(0, 2**32)


def _rolls(session: Session) -> list[int]:
    return [a.value for a in session.actions if isinstance(a, Roll)]


def _human_setup(players: int, variant: Variant, seed: int, takeback: bool) -> GameSetup:
    return GameSetup(players, variant=variant, seed=seed, takeback=takeback)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    variant=_VARIANTS,
    seed=_SEEDS,
    length=st.integers(0, 120),
    undos=st.integers(1, 12),
)
def test_undo_n_then_redo_n_returns_to_the_same_game(
    players: int, variant: Variant, seed: int, length: int, undos: int
) -> None:
    session = play_random(Session(_human_setup(players, variant, seed, True)), seed, length)
    states, actions = session.states, session.actions
    done = 0
    while done < undos and session.can_undo:
        session.undo()
        done += 1
    for _ in range(done):
        session.redo()
    assert not session.can_redo
    assert session.states == states
    assert session.actions == actions


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    variant=_VARIANTS,
    seed=_SEEDS,
    length=st.integers(1, 120),
    undos=st.integers(1, 6),
    other=_SEEDS,
)
def test_undo_never_changes_a_die_outcome(
    players: int, variant: Variant, seed: int, length: int, undos: int, other: int
) -> None:
    session = play_random(Session(_human_setup(players, variant, seed, True)), seed, length)
    before = _rolls(session)
    for _ in range(undos):
        if session.can_undo:
            session.undo()
    play_random(session, other, length)
    after = _rolls(session)
    common = min(len(before), len(after))
    assert after[:common] == before[:common]
    assert after == [die_roll(seed, k) for k in range(len(after))]


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), variant=_VARIANTS, seed=_SEEDS)
def test_without_takeback_a_seen_roll_stays_but_a_carpet_can_be_taken_back(
    players: int, variant: Variant, seed: int
) -> None:
    session = Session(_human_setup(players, variant, seed, False))
    assert not session.setup.takeback_allowed
    step = 0
    while session.state.phase is not Phase.OVER:
        play_random(session, seed + step, 1)
        step += 1
        last = session.actions[-1]
        if isinstance(last, Roll):
            assert not session.can_undo
            assert session.why_no_undo() is not None
            with pytest.raises(IllegalAction, match="cannot undo"):
                session.undo()
        else:
            assert session.can_undo
            rolls = _rolls(session)
            before = session.states[-2]
            assert session.undo() == before
            assert _rolls(session) == rolls
            session.redo()


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 4),
    variant=_VARIANTS,
    seed=_SEEDS,
    length=st.integers(1, 150),
    bots=st.lists(st.sampled_from(["easy", "normal", "hard"]), min_size=3, max_size=3),
    human=st.integers(0, 3),
)
def test_with_bots_undo_returns_to_the_last_persons_decision(
    players: int,
    variant: Variant,
    seed: int,
    length: int,
    bots: list[str],
    human: int,
) -> None:
    seats = list(bots[: players - 1])
    seats.insert(human % players, PERSON)
    setup = GameSetup(players, seats=tuple(seats), variant=variant, seed=seed)
    assert setup.takeback_allowed
    session = play_random(Session(setup), seed, length)
    decisions = [
        index
        for index, t in enumerate(session.transitions)
        if setup.is_person(t.seat) and not isinstance(t.action, Roll)
    ]
    if not decisions:
        assert not session.can_undo
        return
    target = session.transitions[decisions[-1]].before
    assert session.undo() == target
    assert setup.is_person(session.state.current)
    assert session.state.phase in (Phase.ORIENT, Phase.PLACE, Phase.AIM)
    assert len(session.actions) == decisions[-1]
