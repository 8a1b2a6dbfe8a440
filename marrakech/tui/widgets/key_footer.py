"""The footer of every screen: the keys of the moment, dimmed in place, as many as fit.

Textual's Footer rebuilds all its keys whenever the bindings change, which costs tens of
milliseconds. While a player turns Assam only the enabled state of the same keys changes
(Left dims once he has turned left: no 180 degrees), so this footer dims and undims its
keys in place and rebuilds only when the set of keys shown changes. Where the keys do
not fit the width, it leaves some out whole (the command palette's first) rather than
cut the last one. It always has Textual's compact look, and shows no binding groups (the
game has none).
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from marrakech.games.language import N_, _


class FooterKeyCap(Widget):
    """One key in the footer and what it does: dimmed when it cannot act now.

    A click presses the key; on a dimmed key it rings the bell.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"footer-key-cap--key", "footer-key-cap--description"}

    DEFAULT_CSS = """
    FooterKeyCap {
        width: auto;
        height: 1;
        margin-right: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key-cap--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key-cap--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &:hover {
            pointer: pointer;
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        &.-dimmed {
            text-style: dim;
        }
        &.-command-palette {
            dock: right;
            border-left: vkey $foreground 20%;
        }
    }
    """

    dimmed = reactive(False, toggle_class="-dimmed")
    """True while the key cannot act."""

    def __init__(self, active: ActiveBinding, key_display: str, classes: str = "") -> None:
        """The footer key of an active binding, its key shown as ``key_display``."""
        super().__init__(classes=classes)
        self.binding = active.binding
        self.key_display = key_display
        self.dimmed = not active.enabled
        self.tooltip = _(active.tooltip) if active.tooltip else None

    def render(self) -> Content:
        description = _(self.binding.description) if self.binding.description else ""
        return Content.assemble(
            (self.key_display, self.get_visual_style("footer-key-cap--key")),
            (f" {description}", self.get_visual_style("footer-key-cap--description")),
        )

    def on_click(self) -> None:
        if self.dimmed:
            self.app.bell()
        else:
            self.app.simulate_key(self.binding.key)


TEXTUAL_DESCRIPTIONS = (N_("palette"), N_("Open the command palette"), N_("Dismiss menu"))
"""Descriptions (and a tooltip) of Textual's own bindings the footer shows, marked for the
catalogue (the footer translates every key's description where it draws it)."""

PALETTE_MIN_WIDTH = 96
"""Narrower than this, the game's own keys need the whole footer: the command palette's
key (still working) is not shown there, even where the keys of the moment leave room
(it would come and go as they change)."""

LEFT_OUT_WHILE_DIMMED = ("redo",)
"""Where the keys do not fit the width, these are left out before any other while they
cannot act (nothing to redo): the room goes to a key that can, such as Save."""

LEFT_OUT_FIRST = ("save", "quit", "open_log", "toggle_risk")
"""Where the keys do not fit the width (longer words, as in Japanese), the keys left out
first, in this order (each still works, and the help lists it): the rest stay whole
instead of the last being cut."""


class KeyFooter(Footer):
    """A Footer that dims and undims its keys without rebuilding itself, and shows only
    the keys that fit."""

    def __init__(self, *, palette_min_width: int = 0) -> None:
        """The footer of a screen; ``palette_min_width``: the width below which the command
        palette's key is not shown (``PALETTE_MIN_WIDTH`` for the game's keys)."""
        super().__init__(compact=True)
        self.palette_min_width = palette_min_width

    def shown(self, screen: Screen[object]) -> list[ActiveBinding]:
        """The bindings shown: the first shown one of each action, then the command palette's
        where there is room beside them.

        The palette's binding is itself not shown (``show=False``) among the others.
        """
        active_bindings = screen.active_bindings
        by_action: dict[str, ActiveBinding] = {}
        for active in active_bindings.values():
            if active.binding.show:
                by_action.setdefault(active.binding.action, active)
        shown = list(by_action.values())
        for action in LEFT_OUT_WHILE_DIMMED:
            if self._cells(shown) <= self.app.size.width:
                break
            shown = [a for a in shown if a.enabled or a.binding.action != action]
        for action in LEFT_OUT_FIRST:
            if self._cells(shown) <= self.app.size.width:
                break
            shown = [active for active in shown if active.binding.action != action]
        palette = active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        width = self.app.size.width
        too_narrow = width < self.palette_min_width
        if palette is None or too_narrow or self._cells([*shown, palette]) >= width:
            return shown
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            shown.append(palette)
        return shown

    def _cells(self, shown: list[ActiveBinding]) -> int:
        """How many cells these keys take in the footer (a key, a space, what it does, and
        the margin after it)."""
        return sum(
            cell_len(self.app.get_key_display(active.binding))
            + cell_len(_(active.binding.description) if active.binding.description else "")
            + 2
            for active in shown
        )

    keys_ready = False
    """True once the screen has told its bindings (``bindings_changed``): before, asking
    which keys can act may ask a screen whose widgets are not there yet."""

    def compose(self) -> ComposeResult:
        if not self.keys_ready:
            return
        for active in self.shown(self.screen):
            yield FooterKeyCap(
                active,
                self.app.get_key_display(active.binding),
                classes="" if active.binding.show else "-command-palette",
            )

    def on_resize(self) -> None:
        """Show the keys the width has room for (rebuilt only if they change)."""
        if self.keys_ready:
            self.bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self.keys_ready = True
        shown = self.shown(screen)
        keys = list(self.query_children(FooterKeyCap))
        if [key.binding for key in keys] != [active.binding for active in shown]:
            super().bindings_changed(screen)
            return
        for key, active in zip(keys, shown, strict=True):
            key.dimmed = not active.enabled
