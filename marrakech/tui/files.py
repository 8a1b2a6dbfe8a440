"""Saving and exporting a game from any screen (the name prompt, the write), notices, settings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.message import Message

from marrakech import storage
from marrakech.flow import Notice, Notify
from marrakech.records import SaveFileError
from marrakech.session import Session
from marrakech.tui.screens.name_prompt import NamePromptScreen


def show_notice(app: App[Any], notice: Notice) -> None:
    """Show one of the game flow's notices as a toast (lasting ones stay longer)."""
    timeout = 10 if notice.lasting else app.NOTIFICATION_TIMEOUT
    app.notify(
        notice.text, title=notice.title, severity=notice.severity, timeout=timeout, markup=False
    )


class SettingsChanged(Message):
    """A screen changed a setting; the app keeps it and writes it down."""

    def __init__(self, **changes: object) -> None:
        super().__init__()
        self.changes = changes


def notifier(node: DOMNode) -> Notify:
    """A way for the game flow to tell the player things, through ``node``'s app."""
    return lambda notice: show_notice(node.app, notice)


def save_game(app: App[Any], session: Session) -> None:
    """Ask for a name and save the game under it (saves/<name>.json)."""

    def named(name: str | None) -> None:
        if name:
            _write(app, "Saved", "Saved to", lambda: storage.save_named(name, session))

    default = f"game {datetime.now():%Y-%m-%d %H-%M}"
    app.push_screen(NamePromptScreen("Save the game as", default), named)


def export_log(app: App[Any], session: Session) -> None:
    """Write the game log as text into the data directory (logs/game <date-time>.txt)."""
    name = f"game {datetime.now():%Y-%m-%d %H-%M-%S}"
    _write(app, "Exported", "Log written to", lambda: storage.export_log_file(session, name))


def _write(app: App[Any], title: str, done: str, write: Callable[[], Path]) -> None:
    try:
        path = write()
    except (SaveFileError, OSError) as error:
        app.notify(str(error), title=f"Not {title.lower()}", severity="error", markup=False)
    else:
        app.notify(f"{done} {path}", title=title, markup=False)
