"""An example outside bot: it keeps away from tolls and lays carpets where they show most.

Play it with ``marrakech new --bot 2=examples/cautious_bot.py:CautiousBot`` or in a
tournament with ``marrakech tournament --bots examples/cautious_bot.py:CautiousBot,greedy``.
It uses only the public engine API, as any outside bot should (see docs/bots.md).
"""

from __future__ import annotations

import random

from marrakech.engine import Action, GameState, Phase, Place, Roll


class CautiousBot:
    """Turns Assam where the coming roll costs least; lays the carpet that shows most of
    its colours and hides most of the others', in the biggest region of its own."""

    name = "cautious"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """The action for ``state.current`` in ORIENT, PLACE or AIM."""
        actions = list(state.legal_actions())
        if state.phase is Phase.ORIENT:
            return min(actions, key=lambda action: self._expected_toll(state.apply(action)))
        if state.phase is Phase.PLACE:
            return max(actions, key=lambda action: self._laid(state, action))
        return self.random.choice(actions)  # AIM, in the aiming variant

    @staticmethod
    def _expected_toll(rolling: GameState) -> float:
        """What the player about to roll expects to pay (the engine works out each roll)."""
        return sum(
            probability * rolling.transition(Roll(value)).paid
            for value, probability in rolling.chance_outcomes()
        )

    @staticmethod
    def _laid(state: GameState, action: Action) -> tuple[int, int]:
        """How good the carpet looks: the squares showing of my colours less the others',
        then the size of the region it ends up in."""
        assert isinstance(action, Place)
        me = state.current
        after = state.apply(action)
        showing = sum(
            score.visible if score.seat == me else -score.visible for score in after.scores()
        )
        return showing, len(after.region(action.a))
