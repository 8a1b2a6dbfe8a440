"""The engine's one error family: everything it raises is a ValueError."""


class MarrakechError(ValueError):
    """Base class of every error the engine raises."""


class IllegalAction(MarrakechError):
    """An action that the rules do not allow in this position; the message says why."""


class InvalidState(MarrakechError):
    """A serialised position that is malformed; the message names the faulty field."""


class GameNotOver(MarrakechError):
    """A question that only has an answer once the game is over (the winners)."""
