"""Outside bots: loading ``module:Class``, ``file.py:Class`` or an installed entry point.

An outside bot is a class built as ``Class(seed=seed)`` whose instances have a ``name``
and a ``choose(state)`` method (the ``base.Bot`` protocol); docs/bots.md describes it.
``make_bot`` wraps it in ``TimeLimited``, so a bot that hangs raises a ``TimeoutError``
after ``PLUGIN_TIME_LIMIT`` seconds and the caller (the app's flow, the tournament) plays
a fallback move for it instead, as for a bot that crashes or answers an illegal action.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import threading
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from marrakech.engine import Action, GameState
from marrakech.games.language import _
from marrakech.games.levels import ENTRY_POINT_GROUP

from .base import Bot

PLUGIN_TIME_LIMIT = 10.0
"""Seconds an outside bot may think about one decision before it is given up on."""


def load_bot_class(name: str) -> Any:
    """The class an outside bot's name (canonical, see ``levels.bot_named``) points to.

    ValueError, on one line, when the module, the file, the class or the entry point is
    missing or cannot be loaded.
    """
    source, colon, class_name = name.rpartition(":")
    if not colon:
        return _entry_point(name)
    if source.endswith(".py"):
        module = _load_file(source)
    else:
        try:
            module = importlib.import_module(source)
        except Exception as error:
            raise ValueError(
                _("cannot load the bot {name}: {problem}").format(
                    name=repr(name), problem=_problem(error)
                )
            ) from None
    found = getattr(module, class_name, None)
    if not callable(found):
        raise ValueError(
            _("cannot load the bot {name}: {source} has no class {cls}").format(
                name=repr(name), source=repr(source), cls=repr(class_name)
            )
        )
    return found


def _load_file(path_text: str) -> Any:
    path = Path(path_text).expanduser().resolve()
    if not path.is_file():
        raise ValueError(
            _("cannot load the bot file {path}: no such file").format(path=repr(path_text))
        )
    # One module per file, however often it is named, so its classes stay the same objects.
    module_name = "marrakech_plugin_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ValueError(
            _("cannot load the bot file {path}: not a Python module").format(path=repr(path_text))
        )
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[module_name]
        raise ValueError(
            _("cannot load the bot file {path}: {problem}").format(
                path=repr(path_text), problem=_problem(error)
            )
        ) from None
    return module


def _problem(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"


def _entry_point(name: str) -> Any:
    for point in entry_points(group=ENTRY_POINT_GROUP, name=name):
        try:
            return point.load()
        except Exception as error:
            raise ValueError(
                _("cannot load the installed bot {name}: {problem}").format(
                    name=repr(name), problem=_problem(error)
                )
            ) from None
    raise ValueError(
        _("no installed bot {name} (entry-point group {group})").format(
            name=repr(name), group=ENTRY_POINT_GROUP
        )
    )


def build_plugin(name: str, seed: int, time_limit: float = PLUGIN_TIME_LIMIT) -> TimeLimited:
    """An outside bot built with its seed, its decisions limited in time; ValueError if it fails."""
    cls = load_bot_class(name)
    try:
        bot = cls(seed=seed)
    except Exception as error:
        raise ValueError(
            _("cannot build the bot {name}: {problem}").format(
                name=repr(name), problem=_problem(error)
            )
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(_("the bot {name} has no choose(state) method").format(name=repr(name)))
    return TimeLimited(bot, name, time_limit)


class TimeLimited:
    """An outside bot whose ``choose`` gives up with TimeoutError after ``time_limit`` seconds.

    The bot thinks in a daemon thread; one that never answers is left behind (Python
    cannot stop a thread) and the caller plays a fallback move instead.
    """

    def __init__(self, bot: Bot, name: str, time_limit: float) -> None:
        self.bot = bot
        self.name = str(getattr(bot, "name", name))
        self.time_limit = time_limit

    @property
    def settings(self) -> str:
        """What reports say of it."""
        return f"outside bot, {self.time_limit:g} s a decision"

    def choose(self, state: GameState) -> Action:
        """The outside bot's answer; its exception if it raised; TimeoutError if too slow."""
        answer: list[Action] = []
        failure: list[BaseException] = []

        def think() -> None:
            try:
                answer.append(self.bot.choose(state))
            except BaseException as error:  # handed to the caller's thread below
                failure.append(error)

        thread = threading.Thread(target=think, name=f"bot {self.name}", daemon=True)
        thread.start()
        thread.join(self.time_limit)
        if thread.is_alive():
            raise TimeoutError(f"took longer than {self.time_limit:g} s")
        if failure:
            raise failure[0]
        return answer[0]
