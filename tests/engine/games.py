"""Seeded random games for the property tests, the notation tests and the golden files."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

from marrakech.engine import DIE_FACES, GameState, Phase, Roll, Transition, Variant, new_game


@dataclass(frozen=True)
class GameSpec:
    """Everything that decides a random game."""

    players: int
    variant: Variant
    seed: int
    first: int
    alternate_piles: bool
    greedy_dice: bool
    """When set, the die always lands where the mover pays most (bankruptcies happen)."""
    money: int = 30
    """Starting dirhams; less than 30 makes bankruptcies common (set via the save dict)."""

    def start(self) -> GameState:
        state = new_game(
            self.players,
            seed=self.seed,
            variant=self.variant,
            first=self.first,
            alternate_piles=self.alternate_piles,
        )
        if self.money != 30:
            data = state.to_dict()
            for player in data["players"]:
                player["money"] = self.money
            state = GameState.from_dict(data)
        return state


@st.composite
def game_specs(draw: st.DrawFn) -> GameSpec:
    players = draw(st.sampled_from([2, 3, 4]))
    return GameSpec(
        players=players,
        variant=draw(st.sampled_from(list(Variant))),
        seed=draw(st.integers(0, 2**32 - 1)),
        first=draw(st.integers(0, players - 1)),
        alternate_piles=players == 2 and draw(st.booleans()),
        greedy_dice=draw(st.booleans()),
        money=draw(st.sampled_from([30, 30, 30, 0, 3, 8])),
    )


def choose(state: GameState, rng: random.Random, greedy_dice: bool) -> object:
    """A legal action: the die follows its faces (or greed), the rest uniformly."""
    if state.phase is Phase.ROLL:
        if greedy_dice:
            return max(
                (Roll(v) for v in sorted(set(DIE_FACES))),
                key=lambda roll: state.transition(roll).toll,
            )
        return Roll(rng.choice(DIE_FACES))
    return rng.choice(state.legal_actions())


def play(spec: GameSpec, limit: int = 1000) -> list[Transition]:
    """Every transition of a whole random game."""
    rng = random.Random(spec.seed)
    state = spec.start()
    steps = []
    while state.phase is not Phase.OVER and len(steps) < limit:
        transition = state.transition(choose(state, rng, spec.greedy_dice))  # type: ignore[arg-type]
        steps.append(transition)
        state = transition.after
    return steps
