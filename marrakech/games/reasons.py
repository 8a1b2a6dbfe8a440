"""Sentences that arrive in English, said in the language spoken here.

The engine explains a refused action in English (``GameState.why_illegal``: its messages
are part of its tested interface and it knows nothing of languages), and a host sends its
refusals and news over the wire as text. Each such sentence comes from a template with
fields; ``said`` finds the template, says it in the catalogue's words and fills the fields
back in: a square in the words of the language, a colour as its word, a field that is a
sentence itself (a reason inside a reason) said in turn, names and numbers as they came.
A sentence no template matches is shown as it came.

The engine's words are not always a player's: some templates are shown in other words
(``SHOWN_AS``, in English too), a colour is said in the language's word and a carpet is
numbered from 1, as players count (the engine numbers them from 0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from marrakech.engine import Colour
from marrakech.games import words
from marrakech.games.language import N_, _, current

_NOT_ADJACENT = N_(
    "cannot lay a carpet on {a}-{b}: a carpet covers two orthogonally adjacent squares"
)
_CANNOT_ORIENT = N_("cannot orient Assam now: {waits}")
_WANTS_ORIENT = N_("the current player to orient Assam")

ENGINE_SENTENCES = (
    _CANNOT_ORIENT,
    N_("cannot roll now: {waits}"),
    N_("cannot aim Assam now: {waits}"),
    N_("cannot keep Assam's facing: in this variant he must be turned left or right"),
    N_("cannot lay a carpet on {a}-{b} now: the game waits for {wants}"),
    N_("cannot lay a carpet on {a}-{b}: {square} is not a square of the market"),
    _NOT_ADJACENT,
    N_("cannot lay a carpet on {a}-{b}: {square} is under Assam"),
    N_("cannot lay a carpet on {a}-{b}: neither square touches Assam's square {square}"),
    N_(
        "cannot lay a carpet on {a}-{b}: it would cover both visible halves of one carpet "
        "({colour} carpet {number})"
    ),
    N_("no winner yet: the game waits for {wants}"),
    N_("the game waits for {wants}"),
    _WANTS_ORIENT,
    N_("the die to be rolled"),
    N_("a carpet to be laid"),
    N_("the current player to aim Assam for the next player"),
    N_("nothing: it is over"),
)
"""What the engine says when it refuses an action a player can try."""

SHOWN_AS = {
    _NOT_ADJACENT: N_("cannot lay a carpet on {a}-{b}: a carpet covers two squares side by side"),
    _CANNOT_ORIENT: N_("cannot turn Assam now: {waits}"),
    _WANTS_ORIENT: N_("the current player to choose Assam's facing"),
}
"""The engine's templates that players read in other words (the catalogue translates
these, not the engine's)."""

_SENTENCE_FIELDS = frozenset({"reason", "problem", "waits", "wants"})
"""Fields that are sentences themselves."""

_SQUARE_FIELDS = frozenset({"a", "b", "square"})
_CARPET_NUMBER = "carpet {number}"
"""Where a template has a carpet's number as the engine counts it, from 0."""
_SQUARE = re.compile(r"\((\d),(\d)\)")
_FIELD = re.compile(r"\\\{(\w+)\\\}")

_templates: list[tuple[str, re.Pattern[str]]] = []


def learn(templates: Iterable[str]) -> None:
    """Know these English sentences (with ``{field}`` placeholders) from now on."""
    for template in templates:
        pattern = _FIELD.sub(lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(template))
        _templates.append((template, re.compile(pattern)))


def said(text: str) -> str:
    """``text`` in the language spoken here, in a player's words (``SHOWN_AS``, colours as
    words, carpets counted from 1); as it came when no known sentence matches it."""
    if not text:
        return text
    if current() != "en":
        translated = _(text)
        if translated != text:
            return translated
    for template, pattern in _templates:
        match = pattern.fullmatch(text)
        if match is not None:
            fields = {key: _field(key, value, template) for key, value in match.groupdict().items()}
            return _(SHOWN_AS.get(template, template)).format(**fields)
    return text


def _field(key: str, value: str, template: str) -> str:
    if key in _SENTENCE_FIELDS:
        return said(value)
    if key in _SQUARE_FIELDS:
        square = _SQUARE.fullmatch(value)
        if square is not None:
            return words.square_text((int(square.group(1)), int(square.group(2))))
    if key == "colour" and value.upper() in Colour.__members__:
        return words.colour_word(Colour[value.upper()])
    if key == "number" and _CARPET_NUMBER in template and value.isdigit():
        return str(int(value) + 1)
    return value


learn(ENGINE_SENTENCES)
