"""Die streams: where a game's rolls come from.

A stream's n-th draw is a pure function of the stream and n. The normal stream,
``SeededDie``, derives it from the game's seed, so a saved game replays exactly and a
tournament can give every seat rotation the same dice. Without undos a game's n-th roll
is draw n; an undo never takes a draw back into the stream: the rolls after it are the
next draws, never the ones seen (``session.Session.undo``). ``LoadedDie`` gives set
values, for tests, puzzles and positions to study.
"""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import blake2b
from typing import Protocol

from marrakech.engine import DIE_FACES, IllegalAction
from marrakech.games.language import _


def die_roll(seed: int, index: int) -> int:
    """The value of draw number ``index`` (0 first) of the die stream of ``seed``."""
    digest = blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return DIE_FACES[int.from_bytes(digest, "big") % len(DIE_FACES)]


class DieStream(Protocol):
    """A game's die: ``roll(index)`` is the value of draw number ``index`` (0 first)."""

    def roll(self, index: int) -> int:
        """The value of draw number ``index``; the same index always gives the same value."""
        ...


@dataclass(frozen=True, slots=True)
class SeededDie:
    """The normal die: draw ``index`` is ``die_roll(seed, index)``."""

    seed: int

    def roll(self, index: int) -> int:
        """The value of draw number ``index`` of this seed's stream."""
        return die_roll(self.seed, index)


@dataclass(frozen=True, slots=True)
class LoadedDie:
    """A die that rolls the given values in order, and refuses a roll past the last."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        for value in self.values:
            if value not in DIE_FACES:
                raise IllegalAction(
                    _("a loaded die rolls faces {faces}, not {value}").format(
                        faces=sorted(set(DIE_FACES)), value=repr(value)
                    )
                )

    def roll(self, index: int) -> int:
        """The value at ``index``; past the last value, IllegalAction says so."""
        if not 0 <= index < len(self.values):
            raise IllegalAction(
                _("the loaded die has {count} rolls; roll {number} was asked for").format(
                    count=len(self.values), number=index + 1
                )
            )
        return self.values[index]
