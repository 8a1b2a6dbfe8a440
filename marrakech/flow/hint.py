"""Why a hint: a few short sentences for a player about the action the hint giver picked.

For a facing (ORIENT, or an aim in the variant) the sentences compare the chance to pay and
the expected toll of the picked lane with the other lanes (``flow.risk``). For a carpet
they say whose carpets it covers and which of the player's own regions it joins, all
from the engine's queries (``top``, ``owner``, ``region``). Player names are made safe to
show (``text.shown``); the sentences are plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import Action, Aim, GameState, Orient, Phase, Place, Turn
from marrakech.games.text import shown

from .risk import LaneRisk, lane_risks

TURN_WORDS = {
    Turn.LEFT: "turning left",
    Turn.STRAIGHT: "going straight",
    Turn.RIGHT: "turning right",
}
"""How a sentence names each turn."""


def hint_reasons(state: GameState, action: Action, names: Sequence[str]) -> tuple[str, ...]:
    """Short sentences on why ``action`` (the hint for ``state.current``) is a good move.

    ``names`` are the players' names in seat order. Nothing to say (a roll, a finished
    game, an action that is not legal here) gives no sentences.
    """
    if not state.is_legal(action):
        return ()
    if isinstance(action, Orient | Aim) and state.phase in (Phase.ORIENT, Phase.AIM):
        return _lane_reasons(state, action, names)
    if isinstance(action, Place):
        return _carpet_reasons(state, action, names)
    return ()


def _lane_reasons(state: GameState, action: Orient | Aim, names: Sequence[str]) -> tuple[str, ...]:
    risks = lane_risks(state)
    picked = next(risk for risk in risks if risk.turn is action.turn)
    others = [risk for risk in risks if risk is not picked]
    assert picked.turn is not None
    you = picked.seat == state.current
    lane = TURN_WORDS[picked.turn].capitalize()
    payer = "you pay" if you else f"{shown(names[picked.seat])} pays"
    if picked.chance_to_pay == 0:
        sentences = [f"{lane}: {payer} no toll, whatever the die shows."]
    else:
        sentences = [
            f"{lane}: {payer} with a chance of {_percent(picked.chance_to_pay)}, "
            f"{picked.expected_toll:.1f} dirhams expected."
        ]
    if others:
        sentences.append("Instead, " + "; ".join(_lane_words(risk) for risk in others) + ".")
    if picked.chance_of_bankruptcy > 0:
        sentences.append(f"Chance of bankruptcy: {_percent(picked.chance_of_bankruptcy)}.")
    return tuple(sentences)


def _lane_words(risk: LaneRisk) -> str:
    assert risk.turn is not None
    return (
        f"{TURN_WORDS[risk.turn]}: {_percent(risk.chance_to_pay)} to pay, "
        f"{risk.expected_toll:.1f} expected"
    )


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _carpet_reasons(state: GameState, place: Place, names: Sequence[str]) -> tuple[str, ...]:
    me = state.current
    covered: dict[int, int] = {}
    for square in (place.a, place.b):
        top = state.top(square)
        if top is not None:
            owner = state.owner(top.colour)
            if owner is not None and owner != me and not state.is_neutral(top.colour):
                covered[owner] = covered.get(owner, 0) + 1
    sentences = []
    for owner, count in covered.items():
        squares = "square" if count == 1 else "squares"
        sentences.append(f"It covers {count} {squares} of {shown(names[owner])}'s carpets.")
    after = state.apply(place)
    region = after.region(place.a)
    joined = _regions_joined(state, region - {place.a, place.b})
    if joined:
        sizes = " and ".join(str(size) for size in sorted(joined, reverse=True))
        kind = "region" if len(joined) == 1 else "regions"
        sentences.append(f"It joins your {kind} of {sizes} squares into one of {len(region)}.")
    else:
        sentences.append(f"It starts a region of {len(region)} squares.")
    return tuple(sentences)


def _regions_joined(before: GameState, squares: frozenset[tuple[int, int]]) -> list[int]:
    """The sizes of the distinct regions (in ``before``) that ``squares`` belonged to."""
    sizes = []
    left = set(squares)
    while left:
        region = before.region(left.pop())
        left -= region
        sizes.append(len(region))
    return sizes
