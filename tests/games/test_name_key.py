"""Players' names a table tells apart (``session.name_key``): look-alikes of other scripts
read as the Latin letters they look like, capitals as capitals."""

from __future__ import annotations

import pytest

from marrakech.games.session import name_key


@pytest.mark.parametrize(
    ("look_alike", "name"),
    [
        ("\N{GREEK CAPITAL LETTER ETA}ana", "Hana"),
        ("\N{GREEK CAPITAL LETTER NU}ick", "Nick"),
        ("\N{GREEK CAPITAL LETTER MU}ia", "Mia"),
        ("\N{CYRILLIC CAPITAL LETTER EN}ana", "Hana"),
        ("\N{CYRILLIC CAPITAL LETTER VE}o", "Bo"),
        ("\N{CYRILLIC SMALL LETTER A}yla", "Ayla"),
        ("\N{GREEK SMALL LETTER OMICRON}tto", "Otto"),
        ("ＡＹＬＡ", "ayla"),  # noqa: RUF001 (full-width letters on purpose)
        ("B o", "Bo"),
    ],
)
def test_a_look_alike_name_has_the_key_of_the_name_it_looks_like(
    look_alike: str, name: str
) -> None:
    assert name_key(look_alike) == name_key(name)


@pytest.mark.parametrize(("one", "other"), [("Ana", "Ava"), ("Nia", "Mia"), ("Bo", "Bob")])
def test_different_names_keep_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)
