"""Golden playthroughs: seeded 2-, 3- and 4-player games written out turn by turn.

    uv run python scripts/playthrough.py

rewrites tests/golden/playthrough_{2,3,4}p.txt. Each game is played out
(``marrakech.games.playout``) with its actions chosen by a ``random.Random(seed)`` over
``legal_actions()`` and its rolls from the seed's die stream (roll n is
``marrakech.games.dice.die_roll(seed, n)``), so a game is a pure function of its seed.
tests/engine/test_golden.py regenerates the text in memory and compares it with the files:
after a deliberate engine change, run this script and review the diff.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from marrakech.engine import (
    Aim,
    GameState,
    Orient,
    Place,
    Roll,
    Transition,
    Turn,
    Variant,
    new_game,
    turn_bounds,
)
from marrakech.games.dice import SeededDie
from marrakech.games.playout import play_out_steps

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


@dataclass(frozen=True)
class Game:
    """One golden game."""

    players: int
    seed: int
    variant: Variant = Variant.STANDARD

    @property
    def filename(self) -> str:
        return f"playthrough_{self.players}p.txt"


GAMES = (
    Game(players=2, seed=6),
    Game(players=3, seed=47, variant=Variant.AIM),
    Game(players=4, seed=189),
)

_TURN_WORDS = {Turn.LEFT: "left", Turn.STRAIGHT: "straight on", Turn.RIGHT: "right"}


def _square(square: tuple[int, int]) -> str:
    return f"({square[0]},{square[1]})"


def _seat(state: GameState, seat: int) -> str:
    colours = "/".join(c.letter for c in state.players[seat].colours)
    return f"seat {seat} ({colours})"


def describe(t: Transition) -> str:
    """One line: the action in notation, then what happened."""
    action = t.action
    head = f"  {action!s:<9} "
    if isinstance(action, Orient):
        return head + f"orient {_TURN_WORDS[action.turn]}: facing {t.after.assam.facing.name}"
    if isinstance(action, Aim):
        return head + (
            f"aim {_TURN_WORDS[action.turn]} for {_seat(t.after, t.after.current)}: "
            f"facing {t.after.assam.facing.name}"
        )
    if isinstance(action, Place):
        assert t.colour is not None
        return (
            head
            + f"lay {t.colour.name} carpet {t.carpet} on {_square(action.a)}-{_square(action.b)}"
        )
    assert isinstance(action, Roll)
    path = " ".join(f"{_square(sq)}{facing.name}" for sq, facing in t.path)
    line = head + f"roll {action.value}: {path}"
    top = t.before.top(t.after.assam.square) if t.path else None
    if t.payee is None:
        if top is None:
            return line + "; empty square, no toll"
        whose = "neutral" if t.before.is_neutral(top.colour) else "the mover's own"
        return line + f"; {top.colour.name} is {whose}, no toll"
    line += f"; toll {t.toll} to {_seat(t.before, t.payee)}"
    if t.eliminated is not None:
        discarded = t.after.players[t.eliminated].discarded
        carpets = "carpet leaves" if discarded == 1 else "carpets leave"
        line += (
            f", pays only {t.paid}: BANKRUPT, out of the game "
            f"({discarded} {carpets}, carpets on the market turn neutral)"
        )
    return line


def render(game: Game) -> str:
    """The whole golden text of one game."""
    rng = random.Random(game.seed)
    state = new_game(game.players, seed=game.seed, variant=game.variant)
    lines = [
        f"Marrakech golden playthrough: {game.players} players, seed {game.seed}, "
        f"variant {game.variant.value}",
        f"Actions: random.Random({game.seed}) over legal_actions(); "
        f"rolls: marrakech.games.dice.die_roll({game.seed}, n).",
        "Regenerate with: uv run python scripts/playthrough.py",
        "",
        str(state),
    ]
    steps = list(
        play_out_steps(state, lambda s: rng.choice(s.legal_actions()), SeededDie(game.seed))
    )
    bounds = turn_bounds([t.action for t in steps])
    for turn, (start, end) in enumerate(bounds, start=1):
        first = steps[start]
        lines += ["", f"Turn {turn}: {_seat(first.before, first.seat)}"]
        lines += [describe(t) for t in steps[start:end]]
        lines += ["", str(steps[end - 1].after)]
    state = steps[-1].after if steps else state
    lines += ["", "Final scores:"]
    for score in state.scores():
        name = _seat(state, score.seat)
        if score.eliminated:
            lines.append(f"  {name}: out (bankrupt), {score.dirhams} dirhams")
        else:
            lines.append(
                f"  {name}: {score.visible} visible + {score.dirhams} dirhams = {score.total}"
            )
    winners = ", ".join(str(seat) for seat in state.winners())
    lines.append(f"Winner(s): seat {winners}")
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        path = GOLDEN / game.filename
        path.write_text(render(game))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
