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
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.text import shown

from .risk import LaneRisk, lane_risks

TURN_WORDS = {
    Turn.LEFT: N_("turning left"),
    Turn.STRAIGHT: N_("going straight"),
    Turn.RIGHT: N_("turning right"),
}
"""How a sentence names each turn (English: shown with ``_``)."""


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
    lane = _(TURN_WORDS[picked.turn]).capitalize()
    name = shown(names[picked.seat])
    chance = _percent(picked.chance_to_pay)
    expected = f"{picked.expected_toll:.1f}"
    if picked.chance_to_pay == 0:
        if you:
            first = _("{lane}: you pay no toll, whatever the die shows.").format(lane=lane)
        else:
            first = _("{lane}: {name} pays no toll, whatever the die shows.").format(
                lane=lane, name=name
            )
    elif you:
        first = _("{lane}: you pay with a chance of {chance}, {expected} dirhams expected.").format(
            lane=lane, chance=chance, expected=expected
        )
    else:
        first = _(
            "{lane}: {name} pays with a chance of {chance}, {expected} dirhams expected."
        ).format(lane=lane, name=name, chance=chance, expected=expected)
    sentences = [first]
    if others:
        # Translators: between the other ways in "Instead, turning left: ...; going ...".
        lanes = pgettext("between lanes", "; ").join(_lane_words(risk) for risk in others)
        sentences.append(_("Instead, {lanes}.").format(lanes=lanes))
    if picked.chance_of_bankruptcy > 0:
        sentences.append(
            _("Chance of bankruptcy: {chance}.").format(
                chance=_percent(picked.chance_of_bankruptcy)
            )
        )
    return tuple(sentences)


def _lane_words(risk: LaneRisk) -> str:
    assert risk.turn is not None
    # Translators: one other way in "Instead, ...": "turning left: 25% to pay, 1.5 expected".
    return _("{lane}: {chance} to pay, {expected} expected").format(
        lane=_(TURN_WORDS[risk.turn]),
        chance=_percent(risk.chance_to_pay),
        expected=f"{risk.expected_toll:.1f}",
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
        sentences.append(
            ngettext(
                "It covers {count} square of {name}'s carpets.",
                "It covers {count} squares of {name}'s carpets.",
                count,
            ).format(count=count, name=shown(names[owner]))
        )
    after = state.apply(place)
    region = after.region(place.a)
    joined = _regions_joined(state, region - {place.a, place.b})
    if joined:
        # Translators: between region sizes in "It joins your regions of 3 and 2 squares".
        sizes = pgettext("between sizes", " and ").join(
            str(size) for size in sorted(joined, reverse=True)
        )
        sentences.append(
            ngettext(
                "It joins your region of {sizes} squares into one of {total}.",
                "It joins your regions of {sizes} squares into one of {total}.",
                len(joined),
            ).format(sizes=sizes, total=len(region))
        )
    else:
        sentences.append(_("It starts a region of {count} squares.").format(count=len(region)))
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
