"""The values a position is made of: carpet layers and stacks, Assam, the seats (compiled
with the engine: play builds new seats all the time)."""

from __future__ import annotations

from typing import Any, Final, NamedTuple, final

from .types import Colour, Direction, Phase, Square, Variant


class Layer(NamedTuple):
    """One carpet half in a square's stack: its colour and the carpet's id."""

    colour: Colour
    carpet: int


Stack = tuple[Layer, ...]
"""The carpet halves on one square, bottom first; the last one is visible."""


class Assam(NamedTuple):
    """Where Assam stands and which way he faces."""

    square: Square
    facing: Direction


@final
class PlayerState:
    """One seat: money, the colours it owns, the carpets still to lay (top first). Frozen."""

    __slots__ = ("_colours", "_discarded", "_eliminated", "_money", "_pile")

    def __init__(
        self,
        money: int,
        colours: tuple[Colour, ...],
        pile: tuple[Colour, ...],
        eliminated: bool = False,
        discarded: int = 0,
    ) -> None:
        self._money = money
        self._colours = colours
        self._pile = pile
        self._eliminated = eliminated
        self._discarded = discarded

    @property
    def money(self) -> int:
        """Dirhams in hand."""
        return self._money

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The colours this seat owns."""
        return self._colours

    @property
    def pile(self) -> tuple[Colour, ...]:
        """The carpets still to lay, top first."""
        return self._pile

    @property
    def eliminated(self) -> bool:
        """True once the seat went bankrupt."""
        return self._eliminated

    @property
    def discarded(self) -> int:
        """Carpets that left the game unplaced when this player went bankrupt."""
        return self._discarded

    @property
    def carpets_left(self) -> int:
        """How many carpets this player still has to lay."""
        return len(self._pile)

    @property
    def top(self) -> Colour | None:
        """The colour of the next carpet to lay (public, also in 2-player games)."""
        return self._pile[0] if self._pile else None

    def replace(self, **changes: Any) -> PlayerState:
        """A copy with the named fields changed."""
        check_replace("PlayerState", _PLAYER_FIELDS, changes)
        fields: dict[str, Any] = dict(zip(_PLAYER_FIELDS, self._key(), strict=True))
        fields.update(changes)
        return PlayerState(**fields)

    def _key(self) -> tuple[int, tuple[Colour, ...], tuple[Colour, ...], bool, int]:
        return (self._money, self._colours, self._pile, self._eliminated, self._discarded)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return fields_repr("PlayerState", _PLAYER_FIELDS, self._key())

    def __reduce__(self) -> tuple[type[PlayerState], tuple[Any, ...]]:
        return PlayerState, self._key()


_PLAYER_FIELDS: Final = ("money", "colours", "pile", "eliminated", "discarded")


class StateFields(NamedTuple):
    """A position's public fields, in the order GameState takes them."""

    variant: Variant
    phase: Phase
    current: int
    assam: Assam
    players: tuple[PlayerState, ...]
    stacks: tuple[Stack, ...]
    next_carpet: int


def check_replace(name: str, fields: tuple[str, ...], changes: dict[str, Any]) -> None:
    """A replace() takes public fields only: TypeError naming any other keyword."""
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        raise TypeError(f"{name} has no field {', '.join(unknown)}: fields are {', '.join(fields)}")


def fields_repr(name: str, fields: tuple[str, ...], values: tuple[Any, ...]) -> str:
    """``Name(field=value, ...)``, as a dataclass writes itself."""
    inner = ", ".join(f"{field}={value!r}" for field, value in zip(fields, values, strict=True))
    return f"{name}({inner})"
