"""The hint: the best decision by the evaluator's figures, and why, from the same figures.

``hint`` asks the evaluator (``bots.evaluator``) for every legal decision's value to the
player to move and picks the one with the best chance to win, as the review ranks them
(``flow.judging``): where chances are less than half a percentage point apart, the one
worth the most points, as the chance counts them. The reason compares the pick with one
other option: the one a player would naively prefer when it is another (the lane with the
cheapest toll on this roll, the carpet that gains most squares now), else the runner-up.
It names the one to three parts (``PART_NAMES``, four where the largest loss needs three
gains to outweigh it) that differ most between the two, each with its figure, and the whole
difference: "In points of your lead, turning left gives up 0.7 on the toll on this roll,
but gains 1.2 on tolls on the later rolls: 0.5 more than turning right." A figure that
favours the other option is quoted only beside quoted figures for the pick that outweigh
it, or where the two are worth about the same in all: then the largest part (half a point
or more) and the largest the other way that cancel it out ("In points of your lead,
turning left gives up 1.4 on the next player's roll, but gains 1.4 on tolls on the later
rolls: about the same as turning right.").

The figures are points of the player's lead, as the chance to win counts them
(``Evaluator.compare``): a dirham paid to a rival counts against the payer and for the
rival, and with 3 and 4 players the points still to come count at a discount. ``Hint``
keeps the figures quoted, so that a test (or another front end) reads them without
parsing the sentences; the sentences are plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from marrakech.bots.evaluator import DEFAULT_EVALUATOR, DecisionValue, Evaluator, Part
from marrakech.engine import (
    START_SQUARE,
    STARTING_MONEY,
    Action,
    Aim,
    Assam,
    Direction,
    GameState,
    Orient,
    Phase,
    Place,
    Turn,
    carpets_per_colour,
)
from marrakech.flow.computers import ComputerMove
from marrakech.flow.judging import EQUAL_CHANCE, EQUAL_POINTS, alike, rank
from marrakech.games.language import N_, _
from marrakech.games.words import carpet_squares, listed

Choice = Orient | Aim | Place
"""A decision a hint is about."""

TURN_WORDS = {
    Turn.LEFT: N_("turning left"),
    Turn.STRAIGHT: N_("going straight"),
    Turn.RIGHT: N_("turning right"),
}
"""How a sentence names each turn (English: shown with ``_``)."""

PART_WORDS = {
    "score": N_("the points on the board now"),
    "toll": N_("the toll on this roll"),
    "bankruptcy": N_("bankruptcies on this roll"),
    "carpet": N_("the carpet laid this turn"),
    "next_roll": N_("the next player's roll"),
    "exposure": N_("tolls on the later rolls"),
    "regions": N_("big regions that earn later"),
    "presence": N_("squares that earn tolls later"),
    "cover": N_("which carpets are likely to be covered"),
    "to_the_end": N_("the rest of the game (worked out exactly)"),
}
"""How a sentence names each part of a value (``bots.evaluator.PART_NAMES``)."""

QUOTED = 3
"""This many parts are quoted, at most, where they are the largest."""

QUOTED_MOST = 4
"""At most this many parts are quoted: the largest loss and the gains that outweigh it."""

SHOWN = 0.05
"""A figure smaller than this (in points) shows as 0.0: it is never quoted."""

EITHER_BELOW = EQUAL_POINTS
"""Two options this close in points (and less than ``judging.EQUAL_CHANCE`` apart in the
chance to win) are said to be worth about the same: "either will do", as the review grades
either "best" (``judging.alike``)."""

NAIVE_MARGIN = 0.05
"""The naive favourite must beat the pick by this much on its own measure (dirhams of
toll, squares of carpet) to be the option compared."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint for the player to move, and the figures its sentences quote."""

    pick: Choice
    """The decision hinted: the best chance to win (``judging.rank``: the most points among
    chances less than half a percentage point apart)."""
    compared: Choice | None
    """The option the sentences compare the pick with (None: the only legal decision)."""
    naive: bool
    """True when ``compared`` is the option a player would naively prefer (the cheapest
    toll on this roll, the carpet that gains most now), False when it is the runner-up."""
    points: float
    """How much more the pick is worth than ``compared``, in points of the lead (all the
    parts, quoted or not; see the module docstring)."""
    parts: tuple[Part, ...]
    """The parts quoted, each with how much more the pick is worth by it (negative: less)."""
    win_chance: float
    """The player's chance to win after the pick, 0 to 1."""
    compared_win_chance: float
    """The player's chance to win after ``compared`` (the pick's when there is none)."""
    sentences: tuple[str, ...]
    """What the hint says, in the language spoken now."""
    weights: tuple[float, ...] = ()
    """What a point of each seat's is worth to the player, in points of theirs
    (``Evaluator.margin_weights``): the parts are weighed with these."""
    also: tuple[tuple[Choice, float], ...] = ()
    """The other ways worth about the same as the pick, besides ``compared`` (the third,
    where all three are), each with the chance to win it leaves: the sentences say so, and
    that any will do. Carpets alike are not listed."""
    others: tuple[tuple[Choice, float], ...] = ()
    """The ways to turn Assam (or aim him) the sentences do not otherwise name, each with
    the chance to win it leaves, best first: said last, so that every facing's chance is
    given. Empty where the chances are not shown, and for carpets (too many to name)."""

    @property
    def chance_a_hair_lower(self) -> bool:
        """True when the option compared has a little more chance to win than the pick, too
        little to count (``judging.EQUAL_CHANCE``): the pick is worth as many points or
        more, and the points decide."""
        return self.win_chance < self.compared_win_chance

    @property
    def any_way(self) -> bool:
        """True when all three ways to turn Assam are worth about the same: the hint has
        no way to point to (its pick is only the first of equals)."""
        return bool(self.also) and _either(self)


def hint(
    state: GameState, evaluator: Evaluator = DEFAULT_EVALUATOR, *, chances: bool = True
) -> Hint | None:
    """The hint for ``state.current`` in ORIENT, PLACE or AIM (None in ROLL or OVER).

    ``chances=False`` where the chances to win may not be shown (``GameFlow.
    why_no_win_chances``: a game against other people): the sentences then quote points
    only, and say which option gives the better chance without saying how much.
    """
    ranking = rank(state, evaluator)
    if ranking is None:
        return None
    ranked, weights = ranking.options, ranking.weights
    best = ranked[0]
    pick = _choice(best)
    if len(ranked) == 1:
        only = _("{choice} is the only choice here.").format(choice=_words(pick, True))
        return Hint(pick, None, False, 0.0, (), best.win_chance, best.win_chance, (only,), weights)
    naive = _naive(state, best, ranked[1:])
    other = naive or ranked[1]
    found = _compared(best, other, weights, evaluator, naive=naive is not None)
    if abs(found.points) < SHOWN:  # (no parts quoted yet)
        found = replace(found, parts=_cancelling(evaluator.compare(best, other, weights)))
    if not isinstance(pick, Place) and _either(found):
        also = tuple(  # the third way (carpets alike are too many to name)
            (_choice(value), value.win_chance)
            for value in ranked[1:]
            if value is not other and ranking.as_good_as_best(value.action)
        )
        found = replace(found, also=also)
    if chances and not isinstance(pick, Place):
        others = tuple(
            (_choice(value), value.win_chance)
            for value in ranked[1:]
            if value is not other and _choice(value) not in dict(found.also)
        )
        found = replace(found, others=others)
    start = _first_move_words(state, best) if chances else ()
    if start and found.any_way:  # the ways alike: the edge says the chance, once
        said: tuple[str, ...] = (_("All three ways are worth about the same: any will do."),)
    else:
        said = _sentences(found, chances)
    return replace(found, sentences=(*said, *_others_words(found), *start))


def _first_move_words(state: GameState, best: DecisionValue) -> tuple[str, ...]:
    """At the game's first decision, where its chance to win comes from: nothing has been
    decided yet, and playing first is an edge (the review counts it as luck, ``start``).
    Only from the rules' own start: a position built otherwise may favour anyone."""
    full = carpets_per_colour(len(state.players))
    fresh = (
        state.phase is Phase.ORIENT
        and state.next_carpet == 0
        and state.assam == Assam(START_SQUARE, Direction.N)
        and all(
            player.money == STARTING_MONEY
            and player.carpets_left == full * len(player.colours)
            and not player.eliminated
            for player in state.players
        )
    )
    chance, even = _percent(best.win_chance), _percent(1 / len(state.players))
    if not fresh or chance == even:
        return ()
    return (_("Moving first: {chance} to win, not {even}.").format(chance=chance, even=even),)


def why_better(
    state: GameState,
    best: Action,
    played: Action,
    player: str,
    evaluator: Evaluator = DEFAULT_EVALUATOR,
) -> str | None:
    """Why ``best`` is worth more than ``played`` in ``state``, in the hint's words (the
    parts that differ most, in points of the lead of ``player``, the one deciding: "In
    points of Bo's lead, laying it on ... gains 1.2 on ...: 2.1 more than laying it on
    ..."); None where it is not worth more points than shows (a better chance to win for
    fewer points, say)."""
    ranking = rank(state, evaluator)
    if ranking is None:
        return None
    values = {value.action: value for value in ranking.options}
    if best not in values or played not in values:
        return None
    found = _compared(values[best], values[played], ranking.weights, evaluator)
    return _parts_sentence(found, player) if found.parts else None


def _compared(
    better: DecisionValue,
    other: DecisionValue,
    weights: tuple[float, ...],
    evaluator: Evaluator,
    *,
    naive: bool = False,
) -> Hint:
    """``better`` against ``other``, without its sentences: the points between them and
    the parts that differ most, quoted where the total shows (``SHOWN``)."""
    differences = evaluator.compare(better, other, weights)
    points = sum(part.points for part in differences)
    return Hint(
        pick=_choice(better),
        compared=_choice(other),
        naive=naive,
        points=points,
        parts=_quoted(differences) if points >= SHOWN else (),
        win_chance=better.win_chance,
        compared_win_chance=other.win_chance,
        sentences=(),
        weights=weights,
    )


def _choice(value: DecisionValue) -> Choice:
    action = value.action
    assert isinstance(action, Orient | Aim | Place)
    return action


def _own(value: DecisionValue, name: str) -> float:
    """The deciding seat's own figure for a part (not weighed against the others)."""
    return next(part.points for part in value.parts if part.name == name)


def _naive(
    state: GameState, best: DecisionValue, others: Sequence[DecisionValue]
) -> DecisionValue | None:
    """The option a player would naively prefer, when it is not the pick: the cheapest
    toll on this roll for a facing or an aim, the most squares gained now for a carpet."""
    name = "carpet" if state.phase is Phase.PLACE else "toll"
    favourite = max(others, key=lambda value: _own(value, name))
    if _own(favourite, name) >= _own(best, name) + NAIVE_MARGIN:
        return favourite
    return None


def _quoted(differences: Sequence[Part]) -> tuple[Part, ...]:
    """The one to three parts that differ most, such that the figures quoted for the pick
    outweigh any quoted against it (a difference in the pick's favour overall).

    Where the largest loss would not be outweighed so, it is still quoted, with the largest
    gains that outweigh it (up to ``QUOTED_MOST`` parts in all): the strongest reason
    against the pick is never left among "everything else" when the sentence can name it.
    """
    shown = sorted(
        (part for part in differences if abs(part.points) >= SHOWN),
        key=lambda part: abs(part.points),
        reverse=True,
    )
    quoted = shown[:QUOTED]
    losses = [part for part in shown if part.points < 0]
    if sum(part.points for part in quoted) >= SHOWN or not losses:
        return tuple(quoted)  # (none shown: each part too small, the total all there is)
    gains = [part for part in shown if part.points > 0]
    quoted = [losses[0]]
    for gain in gains[: QUOTED_MOST - 1]:
        quoted.append(gain)
        if sum(part.points for part in quoted) >= SHOWN:
            return tuple(sorted(quoted, key=lambda part: abs(part.points), reverse=True))
    return tuple(gains[:QUOTED])  # too many small gains to name: the gains alone


def _cancelling(differences: Sequence[Part]) -> tuple[Part, ...]:
    """For two options worth about the same in all: the largest part, when it is at least
    ``EITHER_BELOW``, and the largest parts the other way that cancel it out (up to
    ``QUOTED_MOST`` parts in all), so that a player learns what weighs against what; else
    none."""
    shown = sorted(
        (part for part in differences if abs(part.points) >= SHOWN),
        key=lambda part: abs(part.points),
        reverse=True,
    )
    if not shown or abs(shown[0].points) < EITHER_BELOW:
        return ()
    largest = shown[0]
    quoted = [largest]
    for part in shown[1:]:
        if (part.points > 0) == (largest.points > 0):
            continue
        quoted.append(part)
        if len(quoted) == QUOTED_MOST or abs(sum(p.points for p in quoted)) < EITHER_BELOW:
            break
    return tuple(quoted) if len(quoted) > 1 else ()


def _words(choice: Choice, first: bool = False) -> str:
    """A choice in a sentence: "turning left", "laying it on (0,2)-(1,2)"."""
    if isinstance(choice, Place):
        # Translators: a carpet a hint compares, e.g. "laying it on (0,2)-(1,2)".
        said = _("laying it on {carpet}").format(carpet=carpet_squares(choice.a, choice.b))
    else:
        said = _(TURN_WORDS[choice.turn])
    return said[:1].upper() + said[1:] if first else said


OTHER_PARTS = "other"
"""The name of what the parts not quoted add up to, when it shows (``_sentences``)."""

OTHER_WORDS = N_("everything else")
"""How a sentence names the parts not quoted."""


def _items(parts: Sequence[Part]) -> str:
    # Translators: one part of a hint's reason, in points of the player's lead, e.g. "0.7 on
    # the toll on this roll".
    return listed(
        [
            _("{points} on {part}").format(
                points=f"{abs(part.points):.1f}",
                part=_(OTHER_WORDS if part.name == OTHER_PARTS else PART_WORDS[part.name]),
            )
            for part in parts
        ]
    )


_HALF_A_TENTH = 0.5 + 1e-9
"""How far, in tenths, a total shown may be from the exact one when the values let it be
the nearest tenth (either way at a half: 2.05 reads 2.0 or 2.1, its binary value either)."""

_MOST_MOVED = 0.75 + 1e-9
"""How far, in tenths, a value is shown from its exact one, at most, to bring the total to
its nearest tenth."""


def shown_tenths(values: Sequence[float], total: float) -> tuple[list[int], int]:
    """``values`` and their ``total`` in whole tenths, as a sentence shows them: the values
    shown add up to the total shown, which is ``total`` to the nearest tenth (the review's
    figure, rounded) wherever the values allow it, and within a tenth of it otherwise.

    Each value (none of them 0) is rounded to the nearest tenth, but never to 0. While
    their sum is more than half a tenth from ``total``, the value nearest to rounding the
    other way moves a tenth towards it (largest remainders), never to 0 nor across it, and
    no further than three quarters of a tenth from its exact value (0.106 is not said 0.2
    to make 0.06 read 0.1); where that leaves the sum a tenth or more away, values move on
    as far as it takes to come within a tenth.
    """
    shown = [round(value * 10) or (1 if value > 0 else -1) for value in values]
    exact = total * 10
    _move_towards(shown, values, exact, close=_HALF_A_TENTH, most=_MOST_MOVED)
    _move_towards(shown, values, exact, close=1 - 1e-9, most=float("inf"))
    return shown, sum(shown)


def _move_towards(
    shown: list[int], values: Sequence[float], exact: float, *, close: float, most: float
) -> None:
    """Move values of ``shown`` a tenth each towards ``exact`` (largest remainders first)
    until their sum is within ``close`` of it, none shown further than ``most`` tenths from
    its value, nor at 0, nor across it."""
    step = 1 if exact > sum(shown) else -1
    # Those whose exact value lies furthest towards the step from their rounding go first.
    for index in sorted(range(len(values)), key=lambda i: -step * (values[i] * 10 - shown[i])):
        if abs(sum(shown) - exact) <= close:
            return
        moved = shown[index] + step
        if (
            moved != 0
            and (moved > 0) == (values[index] > 0)
            and abs(moved - values[index] * 10) <= most
        ):
            shown[index] = moved


def _whole_percent(chance: float) -> int:
    """A chance to win (0 to 1) as the percent shown."""
    return round(chance * 100)


def _percent(chance: float) -> str:
    return f"{_whole_percent(chance)}%"


def _sentences(found: Hint, chances: bool) -> tuple[str, ...]:
    assert found.compared is not None
    if found.also:
        return _any_way_sentences(found, chances)
    if not chances:
        return _sentences_without_chances(found)
    choice, other = _words(found.pick, True), _words(found.compared)
    mine, theirs = _percent(found.win_chance), _percent(found.compared_win_chance)
    if found.parts and _either(found) and not _same_chance_shown(found):  # (a hair lower)
        return (
            _parts_sentence(found),
            _(
                "Your chance to win: {mine} ({other}: {theirs}), less than half a percentage "
                "point apart: either will do."
            ).format(mine=mine, other=other, theirs=theirs),
        )
    if found.parts and _either(found):
        return (
            _parts_sentence(found),
            _("Your chance to win: {mine} with both, so either will do.").format(mine=mine),
        )
    if found.parts and _same_chance_shown(found) and _chance_decided(found):
        return (
            _parts_sentence(found),
            _("Your chance to win: {mine} ({other}: a little less, {theirs} too).").format(
                mine=mine, other=other, theirs=theirs
            ),
        )
    if found.parts and _same_chance_shown(found):
        return (
            _parts_sentence(found),
            _("Your chance to win: {mine} either way, so the points decide.").format(mine=mine),
        )
    if found.parts and found.chance_a_hair_lower:
        return (
            _parts_sentence(found),
            _(
                "Your chance to win: {mine} ({other}: {theirs}), less than half a percentage "
                "point apart, so the points decide."
            ).format(mine=mine, other=other, theirs=theirs),
        )
    if found.parts:
        return (
            _parts_sentence(found),
            _("Your chance to win: {mine} ({other}: {theirs}).").format(
                mine=mine, other=other, theirs=theirs
            ),
        )
    if not _chance_decided(found) and not _same_chance_shown(found):
        return (
            _(
                "{choice} and {other} are worth about the same, {mine} and {theirs} chance to "
                "win, less than half a percentage point apart: either will do."
            ).format(choice=choice, other=other, mine=mine, theirs=theirs),
        )
    if not _same_chance_shown(found):  # a better chance for about as many points, or fewer
        if found.points <= -SHOWN:
            return (
                _(
                    "In points of your lead, {choice} is worth {points} less on average than "
                    "{other}, but gives a better chance to win: {mine} against {theirs}."
                ).format(
                    choice=_words(found.pick),
                    points=f"{-found.points:.1f}",
                    other=other,
                    mine=mine,
                    theirs=theirs,
                ),
            )
        return (
            _(
                "{choice} is worth about as much as {other} on average, but gives a better "
                "chance to win: {mine} against {theirs}."
            ).format(choice=choice, other=other, mine=mine, theirs=theirs),
        )
    if found.points <= -EITHER_BELOW:  # a chance better by less than shows, for fewer points
        return (
            _(
                "In points of your lead, {choice} is worth {points} less on average than "
                "{other}, but its chance to win is a little better (both show as {chance})."
            ).format(
                choice=_words(found.pick), points=f"{-found.points:.1f}", other=other, chance=mine
            ),
        )
    if _chance_decided(found):  # by less than shows, for about as many points
        return (
            _(
                "{choice} is worth about as much as {other} on average, and its chance to win "
                "is a little better (both show as {chance})."
            ).format(choice=choice, other=other, chance=mine),
        )
    return (
        _(
            "{choice} and {other} are worth about the same, {chance} chance to win: either will do."
        ).format(choice=choice, other=other, chance=mine),
    )


def _any_way_sentences(found: Hint, chances: bool) -> tuple[str, ...]:
    """Where all three ways are worth about the same (``Hint.also``): what decided the
    pick's lead over the way compared, if anything shows, that the third is worth about
    the same too, and that any will do, with each way's chance to win where shown."""
    assert found.compared is not None
    ways = (
        (found.pick, found.win_chance),
        (found.compared, found.compared_win_chance),
        *found.also,
    )
    shown = [_percent(chance) for _way, chance in ways]

    def each(first: int) -> str:
        """The ways from ``first`` on, each with its chance: "going straight: 34% and
        turning left: 35%"."""
        return listed(
            [
                # Translators: a way and the chance to win it leaves, in a list in brackets:
                # "(going straight: 34% and turning left: 35%)".
                _("{choice}: {chance}").format(choice=_words(way), chance=percent)
                for (way, _chance), percent in zip(ways[first:], shown[first:], strict=True)
            ]
        )

    if not found.parts:
        if not chances:
            return (_("All three ways are worth about the same: any will do."),)
        if len(set(shown)) == 1:
            return (
                _(
                    "All three ways are worth about the same, {chance} chance to win: any will do."
                ).format(chance=shown[0]),
            )
        return (
            _(
                "All three ways are worth about the same, their chances to win too close to "
                "count ({chances}): any will do."
            ).format(chances=each(0)),
        )
    said = (_parts_sentence(found), *_also_words(found))
    if not chances:
        return (*said, _("Any will do."))
    if len(set(shown)) == 1:
        return (
            *said,
            _("Your chance to win: {mine} whichever way, so any will do.").format(mine=shown[0]),
        )
    return (
        *said,
        _("Your chance to win: {mine} ({others}), too close to count: any will do.").format(
            mine=shown[0], others=each(1)
        ),
    )


def _others_words(found: Hint) -> tuple[str, ...]:
    """A sentence for each way not otherwise named, with its chance (``Hint.others``); one
    whose chance shows higher than the pick's, though less than half a percentage point
    above it (``judging.EQUAL_CHANCE``), says why it is not the pick."""
    said = []
    for choice, chance in found.others:
        words, theirs = _words(choice, True), _percent(chance)
        if _whole_percent(chance) > _whole_percent(found.win_chance):
            said.append(
                _(
                    "{choice}: {chance}, less than half a percentage point more, so the points "
                    "decide."
                ).format(choice=words, chance=theirs)
            )
        else:
            # Translators: the chance to win a way to turn Assam leaves, e.g. "Turning left: 53%."
            said.append(_("{choice}: {chance}.").format(choice=words, chance=theirs))
    return tuple(said)


def _also_words(found: Hint) -> tuple[str, ...]:
    """A sentence for each other option worth about the same as the pick (``Hint.also``)."""
    return tuple(
        _("{choice} is worth about the same too.").format(choice=_words(choice, True))
        for choice, _chance in found.also
    )


def _same_chance_shown(found: Hint) -> bool:
    """Whether the pick and the option compared show the same chance to win (to the %)."""
    return _percent(found.win_chance) == _percent(found.compared_win_chance)


def _chance_decided(found: Hint) -> bool:
    """Whether the pick's chance to win is better than the compared option's by
    ``judging.EQUAL_CHANCE`` or more: the chance decided, and the review grades the other
    below "best" for it, though both may show the same percent."""
    return found.win_chance - found.compared_win_chance >= EQUAL_CHANCE


def _either(found: Hint) -> bool:
    """Whether the pick and the option compared are worth about the same: the review would
    grade either "best" (``judging.alike``)."""
    return alike(max(0.0, found.win_chance - found.compared_win_chance), found.points)


def _said_parts(found: Hint) -> tuple[list[Part], int]:
    """The parts as the sentence says them (to the tenth, everything else together among
    them when they show), and the total they add up to, in tenths."""
    # What the parts not quoted add up to, said when it shows: the figures then add up.
    rest = Part(OTHER_PARTS, found.points - sum(part.points for part in found.parts))
    exact = (*found.parts, rest) if abs(rest.points) >= SHOWN else found.parts
    tenths, total = shown_tenths([part.points for part in exact], found.points)
    return [Part(part.name, shown / 10) for part, shown in zip(exact, tenths, strict=True)], total


def _parts_sentence(found: Hint, player: str | None = None) -> str:
    """The parts that decided, and what the pick is worth more in all, in points of the
    lead of the player deciding: "your lead", or ``player``'s (a review of anyone)."""
    assert found.compared is not None
    choice, other = _words(found.pick), _words(found.compared)
    said, total = _said_parts(found)
    gains = [part for part in said if part.points > 0]
    losses = [part for part in said if part.points < 0]
    points = f"{total / 10:.1f}"
    # Translators: whose lead a hint's figures count, in "In points of {lead}, ...".
    lead = _("your lead") if player is None else _("{name}'s lead").format(name=player)
    # The unit comes first: with 2 players a toll of 2.3 dirhams moves the lead by 4.6.
    if losses and total <= 0:  # "0.0 more" would read as a slip (parts cancelling)
        return _(
            "In points of {lead}, {choice} gives up {losses}, but gains {gains}: about the "
            "same as {other}."
        ).format(lead=lead, choice=choice, losses=_items(losses), gains=_items(gains), other=other)
    if losses:
        return _(
            "In points of {lead}, {choice} gives up {losses}, but gains {gains}: {points} "
            "more than {other}."
        ).format(
            lead=lead,
            choice=choice,
            losses=_items(losses),
            gains=_items(gains),
            points=points,
            other=other,
        )
    return _("In points of {lead}, {choice} gains {gains}: {points} more than {other}.").format(
        lead=lead, choice=choice, gains=_items(gains), points=points, other=other
    )


def _sentences_without_chances(found: Hint) -> tuple[str, ...]:
    """The hint's reasons with no chance to win quoted (a game against other people)."""
    assert found.compared is not None
    # As the sentences with chances say it: "better" when the chances differ as shown.
    better = _chance_decided(found) and not _same_chance_shown(found)
    if found.parts and _either(found):
        return (_parts_sentence(found), _("Either will do."))
    if found.parts and _chance_decided(found) and found.points < SHOWN:  # parts that cancel out
        return (_parts_sentence(found), _("It gives the better chance to win."))
    if found.parts:
        return (_parts_sentence(found),)
    choice, other = _words(found.pick, True), _words(found.compared)
    if better and found.points <= -SHOWN:
        return (
            _(
                "In points of your lead, {choice} is worth {points} less on average than "
                "{other}, but gives a better chance to win."
            ).format(choice=_words(found.pick), points=f"{-found.points:.1f}", other=other),
        )
    if better:
        return (
            _(
                "{choice} is worth about as much as {other} on average, but gives a better "
                "chance to win."
            ).format(choice=choice, other=other),
        )
    if found.points <= -EITHER_BELOW:
        return (
            _(
                "In points of your lead, {choice} is worth {points} less on average than "
                "{other}, but its chance to win is a little better."
            ).format(choice=_words(found.pick), points=f"{-found.points:.1f}", other=other),
        )
    if _chance_decided(found):  # by less than shows, for about as many points
        return (
            _(
                "{choice} is worth about as much as {other} on average, and its chance to win "
                "is a little better."
            ).format(choice=choice, other=other),
        )
    return (
        _("{choice} and {other} are worth about the same: either will do.").format(
            choice=choice, other=other
        ),
    )


class HintGiver:
    """The hint giver as a computer player (``bots.Bot``), for the front ends that think
    in a worker thread (``ComputerMove``): it picks by ``hint`` and keeps what it found."""

    name = "hint"

    def __init__(self, *, chances: bool = True) -> None:
        self.chances = chances
        """Whether the hint may quote chances to win (see ``hint``)."""
        self.found: Hint | None = None

    def choose(self, state: GameState) -> Action:
        found = hint(state, chances=self.chances)
        if found is None:
            raise LookupError(state.phase)  # nothing to decide: a roll, or the game is over
        self.found = found
        return found.pick


def hint_move(state: GameState, *, chances: bool = True) -> ComputerMove:
    """A question for the hint giver about ``state`` (its answer: ``HintGiver.found``);
    ``chances`` as for ``hint``."""
    return ComputerMove(state, state.current, HintGiver(chances=chances))
