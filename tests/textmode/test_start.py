"""Starting the text mode on this machine's games: a game hosted here is never resumed at
one keyboard, and a data folder that cannot be written plays the unfinished game without
autosaving and leaves it as it was."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from marrakech.games import autosaves, storage
from marrakech.games.records import record_to_json
from marrakech.games.session import PERSON, GameSetup, Session
from marrakech.textmode.start import play_latest, play_saved


def unfinished(name: str = "0123456789ab") -> Path:
    """An unfinished game of two people in the folder of unfinished games."""
    session = Session(GameSetup(2, names=("Old", "Game"), seats=(PERSON, PERSON), seed=11))
    path = storage.data_folder(autosaves.games_dir()) / f"{name}.json"
    path.write_text(record_to_json(session))
    return path


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> io.StringIO:
    """Give the text mode ``text`` to read; returns what it writes."""
    written = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    monkeypatch.setattr(sys, "stdout", written)
    return written


def test_a_game_hosted_here_is_not_resumed_and_the_host_command_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = unfinished()
    online = storage.data_folder(storage.data_dir() / storage.ONLINE_DIR)
    (online / f"{game.stem}.json").write_text("{}")
    before = game.read_bytes()
    written = typed(monkeypatch, "quit\n")
    assert play_latest() == 0
    said = written.getvalue()
    command = f"`marrakech host --resume {game.stem}` hosts it again"
    assert command in said
    assert "Resuming the unfinished game" not in said
    assert "a new game for two people" in said
    assert game.read_bytes() == before


def test_loading_a_game_hosted_here_is_refused_with_the_host_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = unfinished()
    online = storage.data_folder(storage.data_dir() / storage.ONLINE_DIR)
    (online / f"{game.stem}.json").write_text("{}")
    assert play_saved(game) == 1
    assert f"`marrakech host --resume {game.stem}` hosts it again" in capsys.readouterr().err


def test_a_folder_that_cannot_be_written_plays_the_game_without_autosaving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = unfinished()
    before = game.read_bytes()
    root = storage.data_dir()
    real_access = os.access

    def access(path: str, mode: int, **options: object) -> bool:
        inside = Path(os.path.abspath(path)).is_relative_to(root)
        return not (mode & os.W_OK and inside) and real_access(path, mode)

    monkeypatch.setattr(os, "access", access)
    written = typed(monkeypatch, "ahead\nroll\nquit\n")
    assert play_latest() == 0
    said = written.getvalue()
    assert "cannot be written. The unfinished game stays there as it was" in said
    assert "Resuming the unfinished game of Old and Game" in said
    assert "rolls" in said  # it was played on
    assert game.read_bytes() == before
    assert sorted(path.name for path in autosaves.games_dir().iterdir()) == [game.name]
