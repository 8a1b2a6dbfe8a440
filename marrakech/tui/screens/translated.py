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

from marrakech.games import language
from marrakech.games.language import _

_ENGLISH: WeakKeyDictionary[DOMNode, BindingsMap] = WeakKeyDictionary()
"""Each node's bindings as they were before their first translation (those of its class,
and any the node added itself, such as the app's palette key)."""


def translate_bindings(node: DOMNode, described: Mapping[str, str] | None = None) -> None:
    """Give ``node`` its own bindings, their descriptions (and tooltips) in the language
    spoken now (called again when the language changes); ``described``
    gives the translated description of an action whose word needs a context
    (``pgettext``), by action."""
    merged = _ENGLISH.setdefault(node, node._bindings)
    if language.current() == language.ENGLISH:
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
