"""Key descriptions in the language spoken: a screen's footer and help read them.

``Binding`` descriptions are class constants, written before a language is chosen; they
are marked with ``N_`` and translated here, when the screen is made and again when the
language changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from weakref import WeakKeyDictionary

from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from marrakech.games import language
from marrakech.games.language import N_, _

TEXTUAL_KEYS = (
    # Screens and the app
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    # Text fields
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Move cursor left"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    # Buttons, lists, menus, tabs
    N_("Press button"),
    N_("Up"),
    N_("Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("First"),
    N_("Last"),
    N_("Select"),
    N_("Show menu"),
    N_("Previous tab"),
    N_("Next tab"),
    N_("Toggle"),
    N_("Previous option"),
    N_("Next option"),
    N_("Scroll Home"),
    N_("Scroll End"),
)
"""The descriptions Textual gives the keys of its own widgets (a text field, a list, a
button...), as the panel of keys shows them: marked here to be translated as the game's
own are (``translate_bindings``, given each widget as it takes the focus)."""

_ENGLISH: WeakKeyDictionary[DOMNode, BindingsMap] = WeakKeyDictionary()
"""Each node's bindings as they were before their first translation (those of its class,
and any the node added itself, such as the app's palette key)."""

_SPOKEN: WeakKeyDictionary[DOMNode, str] = WeakKeyDictionary()
"""The language each node's bindings were last translated into."""


def translate_widgets_again() -> None:
    """Translate again the keys of every widget translated so far that is not a screen
    (a screen does so itself, with the words its keys need): the language changed."""
    for node in list(_ENGLISH):
        if isinstance(node, Widget) and not isinstance(node, Screen):
            translate_bindings(node)


def translate_bindings(node: DOMNode, described: Mapping[str, str] | None = None) -> None:
    """Give ``node`` its own bindings, their descriptions (and tooltips) in the language
    spoken now (called again when the language changes); ``described``
    gives the translated description of an action whose word needs a context
    (``pgettext``), by action."""
    spoken = language.current()
    if described is None and _SPOKEN.get(node) == spoken:
        return  # done already (a widget takes the focus again)
    _SPOKEN[node] = spoken
    merged = _ENGLISH.setdefault(node, node._bindings)
    if spoken == language.ENGLISH:
        node._bindings = merged
        return
    node._bindings = BindingsMap.from_keys(
        {
            key: [
                replace(
                    binding,
                    description=(described or {}).get(
                        binding.action, _(binding.description) if binding.description else ""
                    ),
                    tooltip=_(binding.tooltip) if binding.tooltip else "",
                )
                for binding in bindings
            ]
            for key, bindings in merged.key_to_bindings.items()
        }
    )
