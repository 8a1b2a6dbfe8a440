"""Where a learner stopped in the lessons, kept between runs beside the settings.

A small JSON file in the settings' folder (``games.settings.config_dir``). A missing,
broken or hostile file means the very start; progress that cannot be written is not
kept, and the lessons go on.
"""

from __future__ import annotations

import json
from pathlib import Path

from marrakech.games import settings, storage
from marrakech.games.language import _
from marrakech.games.records import SaveFileError
from marrakech.tutorial.course import Bookmark
from marrakech.tutorial.lessons import LEFT_LESSONS, LESSONS

PROGRESS_NAME = "tutorial.json"

MAX_KEY = 32
"""A lesson's key in the file is at most this long (the lessons' keys are short words)."""


def progress_path() -> Path:
    """The progress file."""
    return settings.config_dir() / PROGRESS_NAME


def load() -> Bookmark | None:
    """Where the learner stopped; None when nothing usable is kept."""
    try:
        data = json.loads(storage.read_limited(progress_path()))
    except (SaveFileError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    lesson, step, finished = data.get("lesson"), data.get("step"), data.get("finished")
    if not (isinstance(lesson, str) and 0 < len(lesson) <= MAX_KEY):
        return None
    if type(step) is not int or not 0 <= step < 100:
        step = 0
    if not isinstance(finished, list):
        finished = []
    keys = frozenset(key for key in finished if isinstance(key, str) and len(key) <= MAX_KEY)
    return Bookmark(lesson, step, keys)


def save(bookmark: Bookmark) -> None:
    """Keep where the learner is (atomically); nothing when it cannot be written."""
    text = json.dumps(
        {"lesson": bookmark.lesson, "step": bookmark.step, "finished": sorted(bookmark.finished)}
    )
    try:
        storage.write_atomic(progress_path(), text + "\n", root=settings.config_dir())
    except SaveFileError:
        return


def kept_words(bookmark: Bookmark | None, said: str = LEFT_LESSONS) -> str | None:
    """What to say to a learner leaving the lessons at ``bookmark``: that the next visit
    starts there, in the words ``said`` (how to come back: ``LEFT_LESSONS`` and the
    others); None at the very start (nothing to come back to)."""
    if bookmark is None or (bookmark.lesson, bookmark.step) == (LESSONS[0].key, 0):
        return None
    return _(said)
