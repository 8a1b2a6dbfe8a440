"""In a browser, ctrl+w, ctrl+t, ctrl+n and ctrl+q belong to the browser: every action
bound to one of them has another key too."""

from __future__ import annotations

import importlib
import pkgutil

from textual.binding import Binding
from textual.dom import DOMNode

import marrakech.tui.screens
import marrakech.tui.widgets
from marrakech.tui.app import MarrakechApp

BROWSER_KEYS = {"ctrl+w", "ctrl+t", "ctrl+n", "ctrl+q"}


def bound_classes() -> list[type[DOMNode]]:
    classes: list[type[DOMNode]] = [MarrakechApp]
    for package in (marrakech.tui.screens, marrakech.tui.widgets):
        for module_info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{module_info.name}")
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and value.__module__ == module.__name__
                    and issubclass(value, DOMNode)
                    and "BINDINGS" in vars(value)
                ):
                    classes.append(value)
    assert len(classes) > 5  # the app, the screens and the widgets with keys
    assert len(classes) > 5  # the app, the screens and the widgets with keys
    return classes


def test_every_action_on_a_browser_key_has_another_key() -> None:
    app_keys: dict[str, set[str]] = {}
    for cls in bound_classes():
        keys: dict[str, set[str]] = {}
        for entry in vars(cls)["BINDINGS"]:
            binding = entry if isinstance(entry, Binding) else Binding(*entry)
            keys.setdefault(binding.action, set()).update(
                key.strip() for key in binding.key.split(",")
            )
        if cls is MarrakechApp:
            app_keys = keys
        for action, found in keys.items():
            others = (found | app_keys.get(action, set())) - BROWSER_KEYS
            assert others, f"{cls.__name__}: {action} only on {sorted(found)}"
    assert "q" in app_keys["quit"]  # ctrl+q's other key
