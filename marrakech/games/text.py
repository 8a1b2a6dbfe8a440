"""Outside text made safe to show: file names, player names, anything read from a file.

Whatever a file, a name or a message holds, ``shown`` lets no control character, escape
sequence, bidirectional override or invisible character reach a terminal (or a screen
reader) as itself: each is written as a visible escape such as ``\\x1b`` or ``\\u202e``.
``quoted`` is for error messages: a value as Python writes it, at most ``QUOTE_LIMIT``
characters long.
"""

from __future__ import annotations

import unicodedata

from marrakech.engine.errors import QUOTE_LIMIT
from marrakech.engine.errors import quoted as engine_quoted

UNSHOWABLE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Unicode categories never shown as themselves: controls, format characters (the
bidirectional overrides, zero-width and tag characters), surrogates, private use,
unassigned code points, and the line and paragraph separators."""


BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols drawn as nothing at all (Hangul fillers, the blank Braille pattern)."""


def visible(char: str) -> bool:
    """True for a character that leaves a mark: not a space, not invisible, not a lone
    combining mark or a character drawn as blank."""
    if char.isspace() or unshowable(char) or char in BLANK_LOOKING:
        return False
    return unicodedata.category(char) not in ("Mn", "Me")


def unshowable(char: str) -> bool:
    """True for a character that must not reach a terminal as itself."""
    return unicodedata.category(char) in UNSHOWABLE


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str, limit: int | None = None) -> str:
    """``text`` with every unshowable character escaped, cut to ``limit`` characters ("...")."""
    safe = "".join(_escape(char) if unshowable(char) else char for char in text)
    if limit is not None and len(safe) > limit:
        return safe[: max(limit - 3, 0)] + "..."
    return safe


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value for an error message: its repr (as the engine quotes it), made safe."""
    return shown(engine_quoted(value, limit), limit)
