"""What happened, in words: the game log of the TUI and of exported games.

One sentence a turn, built from the vocabulary of ``words``, in the language spoken now
(an exported log is built in English: ``words.in_english``).
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import (
    Action,
    Aim,
    Direction,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    Transition,
    Turn,
    Variant,
    turn_bounds,
)
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.words import (
    action_words,
    carpet_squares,
    colour_word,
    compass_letter,
    compass_word,
    dirhams_words,
    listed,
    square_text,
)


def _turned(turn: Turn) -> str:
    """An orientation as a clause: "turns left"."""
    if turn is Turn.LEFT:
        return _("turns left")
    if turn is Turn.RIGHT:
        return _("turns right")
    return _("goes straight")


def _aimed(turn: Turn, facing: Direction) -> str:
    """An aim as a clause: "aims Assam N (turns left)"."""
    letter = compass_letter(facing)
    if turn is Turn.LEFT:
        return _("aims Assam {facing} (turns left)").format(facing=letter)
    if turn is Turn.RIGHT:
        return _("aims Assam {facing} (turns right)").format(facing=letter)
    return _("aims Assam {facing} (goes straight)").format(facing=letter)


def clause(transition: Transition, names: Sequence[str]) -> str:
    """One action as a clause without its subject, e.g. "rolls 3, pays 5 dirhams to Bo"."""
    action = transition.action
    if isinstance(action, Orient):
        return _turned(action.turn)
    if isinstance(action, Aim):
        return _aimed(action.turn, transition.after.assam.facing)
    if isinstance(action, Place):
        where = carpet_squares(action.a, action.b)
        if transition.colour is None:
            laid = _("lays a carpet on {squares}").format(squares=where)
        else:
            laid = _("lays a {colour} carpet on {squares}").format(
                colour=colour_word(transition.colour), squares=where
            )
        covered = _covered(transition, names)
        if covered is None:
            return laid
        # Translators: a carpet laid over others: "lays a red carpet on ..., covering ...".
        return _("{laid}, covering {covered}").format(laid=laid, covered=covered)
    assert isinstance(action, Roll)
    stop = square_text(transition.after.assam.square)
    facing = transition.after.assam.facing
    if facing is not transition.before.assam.facing:  # only a border loop turns him
        # Translators: where a roll stops after a loop of the border turned Assam: "(0,3)
        # by way of a loop at the edge, now facing west" in "rolls 4, walks to (0,3) by ...".
        stop = _("{square} by way of a loop at the edge, now facing {facing}").format(
            square=stop, facing=compass_word(facing)
        )
    if transition.payee is None:
        return _("rolls {value}, walks to {square}").format(value=action.value, square=stop)
    payee = names[transition.payee]
    region = toll_region(transition)
    if transition.eliminated is not None:
        return _(
            "rolls {value}, walks to {square}, owes {toll} to {payee} ({region}), "
            "pays all they have ({paid}) and is bankrupt: out of the game"
        ).format(
            value=action.value,
            square=stop,
            payee=payee,
            toll=dirhams_words(transition.toll),
            region=region,
            paid=dirhams_words(transition.paid),
        )
    return _("rolls {value}, walks to {square}, pays {paid} to {payee} ({region})").format(
        value=action.value,
        square=stop,
        payee=payee,
        paid=dirhams_words(transition.paid),
        region=region,
    )


def toll_region(transition: Transition) -> str:
    """The squares a roll's toll counted: "region of 5 red squares"."""
    charged = transition.before.top(transition.after.assam.square)
    colour = colour_word(charged.colour) if charged is not None else ""
    # Translators: the squares a toll counts: "region of 5 red squares".
    return ngettext(
        "region of {count} {colour} square", "region of {count} {colour} squares", transition.toll
    ).format(count=transition.toll, colour=colour)


def _covered(transition: Transition, names: Sequence[str]) -> str | None:
    """What a carpet laid covers, in words ("Bo's blue square", "2 of Ayla's red squares",
    "Bo's blue and green squares", "Bo's blue square and their own red square"); None when
    it covers nothing."""
    assert isinstance(transition.action, Place)
    before = transition.before
    tops = [before.top(square) for square in (transition.action.a, transition.action.b)]
    shown = [top.colour for top in tops if top is not None]
    if not shown:
        return None
    owners = {before.owner(colour) for colour in shown}
    if len(set(shown)) == 2 and len(owners) == 1 and (seat := owners.pop()) is not None:
        # One square of each of a player's two colours: the player named once.
        first, second = (colour_word(colour) for colour in shown)
        if seat == transition.seat:
            return _("their own {first} and {second} squares").format(first=first, second=second)
        return _("{owner}'s {first} and {second} squares").format(
            owner=names[seat], first=first, second=second
        )
    words = []
    for colour in dict.fromkeys(shown):  # each colour once, in the order of the squares
        seat = before.owner(colour)
        count = shown.count(colour)
        if seat is None:  # a colour no seat plays (never laid in a game as dealt)
            words.append(
                ngettext("a {colour} square", "{count} {colour} squares", count).format(
                    count=count, colour=colour_word(colour)
                )
            )
            continue
        if seat == transition.seat:
            own = ngettext(
                "their own {colour} square", "{count} of their own {colour} squares", count
            )
            words.append(own.format(count=count, colour=colour_word(colour)))
            continue
        owner = names[seat]
        words.append(
            ngettext(
                "{owner}'s {colour} square", "{count} of {owner}'s {colour} squares", count
            ).format(count=count, owner=owner, colour=colour_word(colour))
        )
    return listed(words)


def sentence(transitions: Sequence[Transition], names: Sequence[str]) -> str:
    """One seat's consecutive actions as a sentence: "Ayla turns left, rolls 3, ..."."""
    if not transitions:
        return ""
    # Translators: between the actions of one turn: "turns left, rolls 3, ...".
    clauses = pgettext("between actions", ", ").join(clause(t, names) for t in transitions)
    # Translators: a turn in the log: "Ayla turns left, rolls 3, ... .".
    return _("{name} {actions}.").format(name=names[transitions[0].seat], actions=clauses)


def turns(transitions: Sequence[Transition]) -> list[list[Transition]]:
    """Split a game's transitions into turns, where ``engine.turn_bounds`` puts them."""
    bounds = turn_bounds([transition.action for transition in transitions])
    return [list(transitions[start:end]) for start, end in bounds]


def turns_played(transitions: Sequence[Transition], state: GameState) -> int:
    """How many turns were played to the end before ``state``: the turn under way (a
    facing turned, a roll made, a carpet to lay) is not one of them."""
    played = len(turns(transitions))
    first_phase = Phase.ORIENT if state.variant is Variant.STANDARD else Phase.ROLL
    if played and state.phase is not first_phase and state.phase is not Phase.OVER:
        return played - 1
    return played


def game_log(transitions: Sequence[Transition], names: Sequence[str]) -> list[str]:
    """The whole game so far, one sentence per turn."""
    return [sentence(turn, names) for turn in turns(transitions)]


def one_line(*sentences: str) -> str:
    """Sentences said one after the other on one line: a space after each but the last,
    none after a Japanese full stop (which needs none)."""
    line = sentences[0] if sentences else ""
    for sentence_ in sentences[1:]:
        line += sentence_ if line.endswith(("。", "」")) else " " + sentence_
    return line


ROLLS_ANEW = N_("Play on and the die rolls anew; redo brings back what was taken back.")

LATER_ROLLS_ANEW = N_(
    "{name}'s roll stands; the turns after it roll the die anew (redo brings back what was "
    "taken back)."
)
"""Said of an undo that took back a carpet and the turns after it, not the roll before it."""


def rewound(
    before: Sequence[Transition],
    after: Sequence[Transition],
    names: Sequence[str],
    *,
    redo: bool,
    asked: tuple[int, Action] | None = None,
    brief: bool = False,
) -> list[str]:
    """What an undo (or with ``redo``, a redo) changed, from the game's transitions before
    and after it: what was taken back (played again), and that the die rolls anew when a
    roll was taken back. When nothing changed, a network table asked the owner of the
    decision to take back first: ``asked`` (the seat and the decision, from before the
    undo) says who and what; without it, nothing is said. ``brief``: of the turns after
    the first, only whose they were (a board's status line; the log has them whole)."""
    changed = after[len(before) :] if redo else before[len(after) :]
    if not changed:
        if asked is None:
            return []
        seat, decision = asked
        return [
            _("Asked {owner} to agree to take back their last decision ({decision}).").format(
                owner=names[seat], decision=action_words(decision)
            )
        ]
    changed_turns = turns(changed)
    if brief and len(changed_turns) > 1:
        later = changed_turns[1:]
        whose = listed(list(dict.fromkeys(names[turn[0].seat] for turn in later)))
        said = [
            sentence(changed_turns[0], names),
            ngettext(
                "And the turn after it, by {names}.",
                "And the {count} turns after it, by {names}.",
                len(later),
            ).format(count=len(later), names=whose),
        ]
    else:
        said = [sentence(turn, names) for turn in changed_turns]
    log = one_line(*said)
    if redo:
        return [_("Played again: {log}").format(log=log)]
    lines = [_("Taken back: {log}").format(log=log)]
    rolls = [transition.seat for transition in changed if isinstance(transition.action, Roll)]
    owner = changed[0].seat  # whose decision was taken back (at a network table, maybe
    # not the player who asked)
    if rolls and rolls[0] == owner:
        lines.append(_(ROLLS_ANEW))
    elif rolls:
        lines.append(_(LATER_ROLLS_ANEW).format(name=names[owner]))
    return lines
