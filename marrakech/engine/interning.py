"""The constructors of Orient, Roll and Aim (their ``__new__``): one shared value each.

Orient(turn), Aim(turn) and Roll(1) to Roll(4) hand back the value in ORIENTS, AIMS or
ROLLS (actions.py stores there the first one it makes). Any other value, and any subclass,
is made anew and checked by the class's __post_init__, which raises IllegalAction.

mypyc compiles this module (setup.py) and not actions.py: there a class would become a C
type, which ``object.__new__`` can no longer make and whose typed fields refuse a value of
another type with TypeError. Compiled, each constructor is a C function, so building a
shared action runs no Python code. They take any value (``object``): a compiled ``int``
parameter would raise TypeError on 2.0 and take True for 1.
"""

from __future__ import annotations

from typing import Final, Protocol, TypeVar

from .types import Turn


class _Checked(Protocol):
    def __post_init__(self) -> None: ...


_Action = TypeVar("_Action", bound=_Checked)

_TURN: Final = Turn
"""Turn as a constant: compiled, a plain imported name is looked up at every use."""

ORIENTS: Final[dict[Turn, object]] = {}
AIMS: Final[dict[Turn, object]] = {}
ROLLS: Final[dict[int, object]] = {}


def new_orient(cls: type[_Action], turn: object) -> _Action:
    if type(turn) is _TURN:
        shared = ORIENTS.get(turn)
        if type(shared) is cls:
            return shared
    return _made(cls, "turn", turn)


def new_aim(cls: type[_Action], turn: object) -> _Action:
    if type(turn) is _TURN:
        shared = AIMS.get(turn)
        if type(shared) is cls:
            return shared
    return _made(cls, "turn", turn)


def new_roll(cls: type[_Action], value: object) -> _Action:
    if type(value) is int:
        shared = ROLLS.get(value)
        if type(shared) is cls:
            return shared
    return _made(cls, "value", value)


def _made(cls: type[_Action], field: str, value: object) -> _Action:
    """A new cls holding value, checked by its __post_init__."""
    action = object.__new__(cls)
    object.__setattr__(action, field, value)
    action.__post_init__()
    return action
