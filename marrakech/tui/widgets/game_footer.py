"""The footer of the game screen: Textual's Footer, dimming keys in place.

Textual's Footer rebuilds all its keys whenever the bindings change, which costs tens of
milliseconds. While a player turns Assam only the enabled state of the same keys changes
(Left dims once he has turned left: no 180 degrees), so this footer updates those keys in
place and rebuilds only when the set of keys shown changes.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class GameFooter(Footer):
    """A Footer that dims and undims its keys without rebuilding itself."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown: dict[str, tuple[str, bool]] = {}
        for active in screen.active_bindings.values():
            if active.binding.show:
                shown.setdefault(active.binding.action, (active.binding.key, active.enabled))
        keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        if [(key.action, key.key) for key in keys] != [
            (action, key) for action, (key, _) in shown.items()
        ]:
            super().bindings_changed(screen)
            return
        for key in keys:
            disabled = not shown[key.action][1]
            if disabled != key.has_class("-disabled"):
                key._disabled = disabled
                key.set_class(disabled, "-disabled", update=False)
                self.app.update_styles(key, animate=False)  # in this frame, not the next
                key.refresh()
