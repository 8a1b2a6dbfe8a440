"""Files on disk: the data dir, atomic writes, the autosave, named saves and logs."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings

from marrakech import storage
from marrakech.engine import Phase
from marrakech.records import MAX_SAVE_BYTES, SaveFileError, export_log, record_to_json
from marrakech.session import GameSetup, Session
from marrakech.storage import (
    autosave,
    clear_autosave,
    data_dir,
    export_log_file,
    list_saves,
    load_autosave,
    load_game,
    save_named,
    write_atomic,
)

from .games import games, play_random


def _game(actions: int | None = 25) -> Session:
    return play_random(Session(GameSetup(3, seed=8)), seed=1, max_actions=actions)


def _files(root: Path) -> set[Path]:
    return set(root.rglob("*")) if root.exists() else set()


# -- where -------------------------------------------------------------------------------


def test_data_dir_honours_absolute_xdg_data_home(data_home: Path) -> None:
    assert data_dir() == data_home


@pytest.mark.parametrize("value", ["relative/dir", ""])
def test_data_dir_ignores_a_relative_or_empty_xdg_data_home(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", value)
    expected = Path(platformdirs.user_data_dir("marrakech", appauthor=False))
    assert data_dir() == expected
    assert data_dir().is_absolute()


def test_data_dir_without_xdg_data_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert data_dir() == Path(platformdirs.user_data_dir("marrakech", appauthor=False))


# -- atomic writes ---------------------------------------------------------------------------


def test_write_atomic_creates_and_replaces_leaving_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "file.json"
    write_atomic(path, "first")
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "file.json"
    path.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveFileError, match=r"cannot write .*No space left on device"):
        write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_write_atomic_reports_an_unwritable_place(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a directory", encoding="utf-8")
    with pytest.raises(SaveFileError, match="cannot write"):
        write_atomic(blocker / "save.json", "x")


# -- named saves -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "../x",
        "/etc/passwd",
        "a/b",
        "a\\b",
        ".hidden",
        "",
        "..",
        " lead",
        "trail ",
        "dot.",
        "x" * 65,
        "nul\x00",
        "new\nline",
        "Ça",
        "~",
        "$HOME",
    ],
)
def test_save_named_refuses_anything_but_a_plain_name(name: str, data_home: Path) -> None:
    with pytest.raises(SaveFileError, match="save name"):
        save_named(name, _game(3))
    with pytest.raises(SaveFileError, match="save name"):
        export_log_file(_game(3), name)
    assert not _files(data_home.parent)


@pytest.mark.parametrize("name", ["Game 1", "my-save_2.v1", "x" * 64, "_", "2024-06-01 evening"])
def test_save_named_and_load_game(name: str, data_home: Path) -> None:
    session = _game()
    path = save_named(name, session)
    assert path == data_home / "saves" / f"{name}.json"
    assert path.read_text(encoding="utf-8") == record_to_json(session)
    loaded = load_game(path)
    assert loaded.states == session.states
    assert loaded.setup == session.setup


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(session=games())
def test_random_games_round_trip_through_files(data_home: Path, session: Session) -> None:
    for path in (save_named("random", session), autosave(session)):
        loaded = load_game(path)
        assert loaded.setup == session.setup
        assert loaded.states == session.states
    resumed = load_autosave()
    if session.state.phase is Phase.OVER:
        assert resumed is None
    else:
        assert resumed is not None and resumed.states == session.states


def test_save_named_replaces_a_save_of_that_name(data_home: Path) -> None:
    save_named("slot", _game(5))
    later = _game(30)
    path = save_named("slot", later)
    assert load_game(path).state == later.state
    assert list_saves() == [path]


def test_list_saves_newest_first_and_only_saves(data_home: Path) -> None:
    assert list_saves() == []
    older = save_named("older", _game(3))
    newer = save_named("newer", _game(4))
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(newer, (2_000_000, 2_000_000))
    saves = data_home / "saves"
    (saves / ".older.json.123.tmp").write_text("{}", encoding="utf-8")
    (saves / "notes.txt").write_text("x", encoding="utf-8")
    (saves / "folder.json").mkdir()
    assert list_saves() == [newer, older]


# -- loading -------------------------------------------------------------------------------


def test_load_game_refuses_missing_directories_and_big_files(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match=r"cannot open .*missing\.json"):
        load_game(tmp_path / "missing.json")
    with pytest.raises(SaveFileError, match=r"cannot (open|load)"):
        load_game(tmp_path)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveFileError, match="larger than"):
        load_game(big)


def test_load_game_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(record_to_json(_game()).encode("utf-8") + b"\xff\xfe")
    with pytest.raises(SaveFileError, match=r"latin1\.json.*not UTF-8"):
        load_game(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_load_game_does_not_wait_on_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveFileError, match="not a regular file"):
        load_game(fifo)


def test_load_game_names_the_file_and_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "marrakech-game"', encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"broken\.json: not a usable Marrakech save: .*JSON"):
        load_game(path)


# -- the autosave ---------------------------------------------------------------------------


def test_autosave_round_trip_and_clear(data_home: Path) -> None:
    assert load_autosave() is None
    session = _game()
    path = autosave(session)
    assert path == data_home / "autosave.json"
    loaded = load_autosave()
    assert loaded is not None
    assert loaded.states == session.states
    play_random(session, seed=2, max_actions=1)
    autosave(session)
    again = load_autosave()
    assert again is not None and again.state == session.state
    assert sorted(p.name for p in data_home.iterdir()) == ["autosave.json"]
    clear_autosave()
    assert load_autosave() is None
    clear_autosave()


def test_an_autosave_of_a_finished_game_is_not_offered(data_home: Path) -> None:
    over = _game(None)
    assert over.state.phase is Phase.OVER
    autosave(over)
    assert load_autosave() is None


def test_a_broken_autosave_raises_and_is_left_alone(data_home: Path) -> None:
    path = autosave(_game())
    broken = path.read_bytes()[:-40]
    path.write_bytes(broken)
    with pytest.raises(SaveFileError, match=r"autosave\.json: not a usable Marrakech save"):
        load_autosave()
    assert path.read_bytes() == broken


# -- logs ---------------------------------------------------------------------------------


def test_export_log_file(data_home: Path) -> None:
    session = _game(None)
    path = export_log_file(session, "final")
    assert path == data_home / "logs" / "final.txt"
    assert path.read_text(encoding="utf-8") == export_log(session)


def test_storage_paths_stay_in_the_data_dir(data_home: Path) -> None:
    session = _game(4)
    for path in (
        autosave(session),
        save_named("a", session),
        export_log_file(session, "a"),
        storage.autosave_path(),
        storage.saves_dir(),
    ):
        assert path.resolve().is_relative_to(data_home.resolve())


def test_an_unreadable_data_directory_is_reported_as_a_save_file_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/" + "x" * 300)
    with pytest.raises(SaveFileError, match="cannot look for the autosave"):
        storage.load_autosave()
