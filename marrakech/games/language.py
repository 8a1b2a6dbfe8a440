"""The language the game speaks: every sentence a player sees comes through here.

Messages are written in English in the code and looked up in a gettext catalogue
(``marrakech/locale/<language>/LC_MESSAGES/marrakech.mo``); English is the catalogue's
source and needs none. ``_`` translates a message, ``ngettext`` picks the plural form a
count needs (Japanese has one form, English two), ``N_`` marks a message that is
translated later, where it is shown (a module's constant, read before a language is
chosen). A message with a placeholder is written with ``{name}`` fields and filled after
the look-up: ``_("{name} wins").format(name=name)``, so a translation can move them.

The language follows ``--lang``, then the player's setting, then the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``, ``LANGUAGE``); anything this game does not speak means English,
with no error. ``docs/translating.md`` says how to add a language.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

DOMAIN = "marrakech"
"""The catalogue's name."""

LOCALE_DIR = Path(__file__).parents[1] / "locale"
"""Where the compiled catalogues live, one folder per language."""

ENGLISH = "en"

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
"""Every language the game speaks, by code, each named in its own words."""

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
"""The environment variables that name the locale, in the order gettext reads them."""

_current = ENGLISH
_translations: gettext.NullTranslations = gettext.NullTranslations()


def known(language: object) -> str | None:
    """The code of a language this game speaks, read from a locale name or a code
    ("ja_JP.UTF-8", "ja", "JA"); None for anything else."""
    if not isinstance(language, str):
        return None
    code = language.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_locale(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale names (English when it names none this game speaks).

    As gettext reads them: the first of LC_ALL, LC_MESSAGES and LANG that is set decides;
    LANGUAGE (a list such as "ja:en") comes last here, only when none of them names a
    language ("C" and "POSIX" name none).
    """
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        for part in value.split(":"):
            code = known(part)
            if code is not None:
                return code
        return ENGLISH
    return ENGLISH


def choose(asked: str | None = None, setting: str | None = None) -> str:
    """The language to speak: ``asked`` (``--lang``), else ``setting`` (the player's),
    else the locale's; each only when this game speaks it."""
    for candidate in (asked, setting):
        code = known(candidate)
        if code is not None:
            return code
    return from_locale()


def use(language: str) -> str:
    """Speak ``language`` from now on (English when it is not one of LANGUAGES, or when
    its catalogue cannot be read); returns the language spoken."""
    global _current, _translations
    code = known(language) or ENGLISH
    translations = None if code == ENGLISH else _catalogue(code)
    if translations is None:
        code = ENGLISH
    _current, _translations = code, translations or gettext.NullTranslations()
    return code


@functools.cache
def in_every_language(message: str) -> frozenset[str]:
    """``message`` as each language in LANGUAGES says it (English included)."""
    catalogues = (_catalogue(code) for code in LANGUAGES if code != ENGLISH)
    return frozenset({message, *(c.gettext(message) for c in catalogues if c is not None)})


@functools.cache
def _catalogue(code: str) -> gettext.GNUTranslations | None:
    """The translations of ``code``, read once (None when its catalogue cannot be read)."""
    try:
        with open(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def standard_library_speaking() -> Iterator[None]:
    """Within: the standard library's own messages (argparse's "usage:", "options" and
    errors) come from this game's catalogue in the language spoken, where it has them.

    They are looked up with gettext's global functions, in the current domain and the
    language the environment names, so both are set for the time being and put back.
    """
    domain = gettext.textdomain()
    before = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = _current
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if before is None:
            del os.environ["LANGUAGE"]
        else:
            os.environ["LANGUAGE"] = before


def current() -> str:
    """The code of the language spoken now ("en", "ja")."""
    return _current


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the language spoken now (fill in the count
    after: ``ngettext("{n} carpet", "{n} carpets", n).format(n=n)``)."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (one English word, two meanings)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now: it is translated
    with ``_`` where it is shown."""
    return message
