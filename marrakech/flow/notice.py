"""Messages the game flow has for the player, for whatever front end shows them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the player should be told once: a bankruptcy, a failed autosave..."""

    text: str
    """The message, plain text (never markup)."""
    title: str = ""
    severity: Severity = "information"
    lasting: bool = False
    """True for news a player must not miss (a front end shows it longer)."""


Notify = Callable[[Notice], None]
"""How the flow passes a notice up to the front end."""
