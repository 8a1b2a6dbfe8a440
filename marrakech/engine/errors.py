"""The engine's one error family: everything it raises is a ValueError."""


class MarrakechError(ValueError):
    """Base class of every error the engine raises."""


class IllegalAction(MarrakechError):
    """An action that the rules do not allow in this position; the message says why."""


class InvalidState(MarrakechError):
    """A serialised position that is malformed; the message names the faulty field."""


class GameNotOver(MarrakechError):
    """A question that only has an answer once the game is over (the winners)."""


QUOTE_LIMIT = 80
"""The most characters of any one value an error message quotes."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value for an error message: its repr, at most ``limit`` characters long."""
    if isinstance(value, int) and value.bit_length() > 256:  # a huge int has no cheap repr
        digits = int(value.bit_length() * _DIGITS_PER_BIT) + 1
        return f"a number of about {digits} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


_DIGITS_PER_BIT = 0.30103
"""log10(2): the decimal digits one binary digit is worth."""
