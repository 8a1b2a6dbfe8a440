"""Key descriptions in the language spoken: a screen's footer and help read them.

``Binding`` descriptions are class constants, written before a language is chosen; they
are marked with ``N_`` and translated here, once per screen, when the screen is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from marrakech.games import language
from marrakech.games.language import _


def translate_bindings(node: DOMNode, described: Mapping[str, str] | None = None) -> None:
    """Give ``node`` its own bindings, their descriptions (and tooltips) translated;
    ``described`` gives the translated description of an action whose word needs a
    context (``pgettext``), by action."""
    if language.current() == language.ENGLISH:
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
            for key, bindings in node._bindings.key_to_bindings.items()
        }
    )
