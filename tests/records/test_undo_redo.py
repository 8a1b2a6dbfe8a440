"""Session undo and redo: exact round trips, fresh draws after an undo, the takeback policy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from marrakech.engine import IllegalAction, Orient, Phase, Roll, Turn, Variant
from marrakech.games.dice import die_roll
from marrakech.games.records import record_from_json, record_to_json
from marrakech.games.session import PERSON, TAKEBACK_AID, GameSetup, Session

from .games import play_random

_VARIANTS = st.sampled_from(Variant)
_SEEDS = st.integers(0, 2**32)


def _rolls(session: Session) -> list[int]:
    return [a.value for a in session.actions if isinstance(a, Roll)]


def _human_setup(players: int, variant: Variant, seed: int, takeback: bool) -> GameSetup:
    return GameSetup(players, variant=variant, seed=seed, takeback=takeback)


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(40), deadline=None)
@given(
    players=st.integers(2, 4),
    variant=_VARIANTS,
    seed=_SEEDS,
    length=st.integers(1, 120),
    undos=st.integers(1, 6),
    other=_SEEDS,
)
def test_after_an_undo_the_rolls_are_fresh_draws_never_the_ones_seen(
    players: int, variant: Variant, seed: int, length: int, undos: int, other: int
) -> None:
    session = play_random(Session(_human_setup(players, variant, seed, True)), seed, length)
    drawn = len(_rolls(session))
    assert session.next_draw == drawn  # without undos, roll n is draw n
    for _ in range(undos):
        if session.can_undo:
            session.undo()
    kept = _rolls(session)
    assert kept == [die_roll(seed, n) for n in range(len(kept))]
    play_random(session, other, length)
    fresh = _rolls(session)[len(kept) :]
    assert fresh == [die_roll(seed, drawn + n) for n in range(len(fresh))]
    assert (TAKEBACK_AID in session.aids) == (len(kept) < drawn)


@settings(max_examples=examples(30), deadline=None)
@given(
    players=st.integers(2, 4),
    variant=_VARIANTS,
    seed=_SEEDS,
    steps=st.lists(
        st.tuples(st.integers(0, 30), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=5
    ),
)
def test_a_game_with_undos_saves_loads_and_plays_on_as_it_would_have(
    players: int, variant: Variant, seed: int, steps: list[tuple[int, int, int]]
) -> None:
    session = Session(_human_setup(players, variant, seed, True))
    for number, (length, undos, redos) in enumerate(steps):
        play_random(session, seed + number, length)
        for _ in range(undos):
            if session.can_undo:
                session.undo()
        for _ in range(redos):
            if session.can_redo:
                session.redo()
    loaded = record_from_json(record_to_json(session))
    assert loaded.states == session.states
    assert loaded.taken_back == session.taken_back
    assert loaded.aids == session.aids
    assert loaded.next_draw == session.next_draw
    play_random(session, seed, 30)
    play_random(loaded, seed, 30)
    assert loaded.actions == session.actions


def test_going_each_way_after_an_undo_rolls_a_fresh_draw_each_time() -> None:
    session = Session(_human_setup(2, Variant.STANDARD, 0, True))
    assert [die_roll(0, n) for n in range(3)] == [3, 1, 2]
    seen = []
    for turn in (Turn.STRAIGHT, Turn.RIGHT, Turn.LEFT):
        session.play(Orient(turn))
        seen.append(session.roll().action)
        session.undo()
    assert seen == [Roll(3), Roll(1), Roll(2)]  # never the roll seen, forced again
    assert session.taken_back == ((0, 2),)
    assert session.aids == {TAKEBACK_AID}
    session.redo()  # redo plays again exactly what was undone
    assert session.actions == (Orient(Turn.LEFT), Roll(2))
    session.undo()
    session.play(Orient(Turn.STRAIGHT))
    assert session.roll().action == Roll(die_roll(0, 3))


@settings(max_examples=examples(30), deadline=None)
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


@settings(max_examples=examples(30), deadline=None)
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
