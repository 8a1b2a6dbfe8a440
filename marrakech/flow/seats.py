"""The seats of a game as a front end sees them: who plays each one, from here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SeatKind(Enum):
    """Who plays a seat."""

    PERSON = "person"
    """Someone at this front end."""
    COMPUTER = "computer"
    """A computer player of some level, run by the front end when the flow asks."""
    REMOTE = "remote"
    """Someone elsewhere (over the network): their decisions arrive, the flow never asks."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of the game: its number (0-based), its player's name and who plays it."""

    number: int
    name: str
    kind: SeatKind
    level: str | None = None
    """The computer level; None for a person."""

    @property
    def is_person(self) -> bool:
        """True when a person plays this seat."""
        return self.kind is SeatKind.PERSON
