"""Seeded random games and Hypothesis strategies shared by the records tests."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import strategies as st

from marrakech.engine import Variant
from marrakech.games.playout import play_out_steps
from marrakech.games.session import SEAT_KINDS, GameSetup, Session


def play_random(session: Session, seed: int, max_actions: int | None = None) -> Session:
    """Play seeded random legal actions (rolls from the die stream) until over or the limit."""
    rng = random.Random(seed)
    steps = play_out_steps(
        session.state,
        lambda state: rng.choice(state.legal_actions()),
        session.dice,
        rolls=session.next_draw,
    )
    for step in islice(steps, max_actions):
        session.play(step.action)
    return session


@st.composite
def setups(draw: st.DrawFn, bots: bool = True) -> GameSetup:
    """Any game set-up: 2-4 players, every variant, seats, seed, first seat, options."""
    players = draw(st.integers(2, 4))
    kinds = st.sampled_from(SEAT_KINDS) if bots else st.just("person")
    return GameSetup(
        players=players,
        names=tuple(
            draw(
                st.lists(
                    st.text(alphabet="abcxyzÅé -", min_size=1, max_size=12).filter(str.strip),
                    min_size=players,
                    max_size=players,
                )
            )
        ),
        seats=tuple(draw(st.lists(kinds, min_size=players, max_size=players))),
        variant=draw(st.sampled_from(Variant)),
        seed=draw(st.integers(-(2**40), 2**40)),
        first=draw(st.integers(0, players - 1)),
        alternate_piles=players == 2 and draw(st.booleans()),
        takeback=draw(st.sampled_from([None, True, False])),
    )


@st.composite
def games(draw: st.DrawFn, bots: bool = True, finished: bool | None = None) -> Session:
    """A session after a seeded random game: finished, or stopped at a random point."""
    setup = draw(setups(bots=bots))
    seed = draw(st.integers(0, 2**32))
    if finished is None:
        finished = draw(st.booleans())
    limit = None if finished else draw(st.integers(0, 160))
    return play_random(Session(setup), seed, limit)
