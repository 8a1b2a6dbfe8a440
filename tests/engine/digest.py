"""A fingerprint of whole games played through the public engine API.

Run in-process (compiled engine) and in a subprocess on a pure-Python copy of the engine
sources, it shows that compiling with mypyc changes nothing the API reports.
"""

from __future__ import annotations

import hashlib
import json
import random

from marrakech.engine import (
    DIE_FACES,
    SQUARES,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    Turn,
    Variant,
    new_game,
)

PROBES = (Orient(Turn.LEFT), Roll(4), Roll(5), Place((0, 0), (0, 1)), Place((3, 3), (3, 4)))


def _start(players: int, seed: int, variant: Variant, money: int) -> GameState:
    state = new_game(players, seed=seed, variant=variant, first=seed % players)
    data = state.to_dict()
    for player in data["players"]:
        player["money"] = money
    return GameState.from_dict(data)


def _facts(state: GameState, rng: random.Random) -> list[object]:
    square = rng.choice(SQUARES)
    charge = state.charge_at(square)
    return [
        state.to_dict(),
        [str(action) for action in state.legal_actions()],
        [state.why_illegal(probe) for probe in PROBES],
        sorted(state.region(square)),
        list(state.toll_at(square)),
        [charge.toll, charge.paid, charge.payee, charge.bankrupt],
        [list(score) for score in state.scores()],
        str(state),
    ]


def game_digest(games: int = 24) -> str:
    """The sha256 of everything the API said during some seeded random games."""
    record: list[object] = []
    variants = list(Variant)
    for game in range(games):
        rng = random.Random(game)
        players = 2 + game % 3
        money = (30, 4, 1)[game % 3]
        state = _start(players, game, variants[game % len(variants)], money)
        while state.phase is not Phase.OVER:
            record.append(_facts(state, rng))
            if state.phase is Phase.ROLL:
                action: object = Roll(rng.choice(DIE_FACES))
            else:
                action = rng.choice(state.legal_actions())
            step = state.transition(action)  # type: ignore[arg-type]
            path = [list(point) for point in step.path]
            happened = [step.toll, step.paid, step.payee, sorted(step.region), step.eliminated]
            record.append([str(action), *happened, step.carpet, step.colour, path])
            state = step.after
        record.append([_facts(state, rng), list(state.winners())])
    text = json.dumps(record, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


if __name__ == "__main__":
    print(game_digest())
