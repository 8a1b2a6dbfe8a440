"""What happened, in words: the game log of the TUI and of exported games.

One sentence a turn, built from the vocabulary of ``words``.
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import Aim, Orient, Place, Roll, Transition, Turn, turn_bounds
from marrakech.games.words import colour_word, plural, square_text

_TURN_WORDS = {Turn.LEFT: "turns left", Turn.STRAIGHT: "goes straight", Turn.RIGHT: "turns right"}


def clause(transition: Transition, names: Sequence[str]) -> str:
    """One action as a clause without its subject, e.g. "rolls 3, pays Bo 5 dirhams"."""
    action = transition.action
    if isinstance(action, Orient):
        return _TURN_WORDS[action.turn]
    if isinstance(action, Aim):
        facing = transition.after.assam.facing.name
        return f"aims Assam {facing} ({_TURN_WORDS[action.turn]})"
    if isinstance(action, Place):
        colour = colour_word(transition.colour) if transition.colour is not None else "a"
        return f"lays a {colour} carpet on {square_text(action.a)}-{square_text(action.b)}"
    assert isinstance(action, Roll)
    words = f"rolls {action.value}, walks to {square_text(transition.after.assam.square)}"
    if transition.payee is None:
        return words
    payee = names[transition.payee]
    charged = transition.before.top(transition.after.assam.square)
    colour_name = colour_word(charged.colour) if charged is not None else ""
    region = f"region of {plural(transition.toll, colour_name + ' square')}"
    if transition.eliminated is not None:
        return (
            f"{words}, owes {payee} {plural(transition.toll, 'dirham')} ({region}), "
            f"pays all {transition.paid} and is bankrupt: out of the game"
        )
    return f"{words}, pays {payee} {plural(transition.paid, 'dirham')} ({region})"


def sentence(transitions: Sequence[Transition], names: Sequence[str]) -> str:
    """One seat's consecutive actions as a sentence: "Ayla turns left, rolls 3, ..."."""
    if not transitions:
        return ""
    subject = names[transitions[0].seat]
    return f"{subject} " + ", ".join(clause(t, names) for t in transitions) + "."


def turns(transitions: Sequence[Transition]) -> list[list[Transition]]:
    """Split a game's transitions into turns, where ``engine.turn_bounds`` puts them."""
    bounds = turn_bounds([transition.action for transition in transitions])
    return [list(transitions[start:end]) for start, end in bounds]


def game_log(transitions: Sequence[Transition], names: Sequence[str]) -> list[str]:
    """The whole game so far, one sentence per turn."""
    return [sentence(turn, names) for turn in turns(transitions)]
