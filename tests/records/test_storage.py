"""Files on disk: the data dir, atomic writes, named saves and logs."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from property_budget import examples

from marrakech.engine import Phase
from marrakech.games import storage
from marrakech.games.autosaves import GameFile, finished_games, history_dir, unfinished_games
from marrakech.games.records import (
    MAX_SAVE_BYTES,
    SaveFileError,
    export_log,
    record_from_json,
    record_to_json,
)
from marrakech.games.session import GameSetup, Session
from marrakech.games.storage import (
    data_dir,
    export_log_file,
    list_saves,
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


def test_write_atomic_creates_and_replaces_leaving_no_temp_files(data_home: Path) -> None:
    path = data_home / "deep" / "er" / "file.json"
    write_atomic(path, "first")
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temp_file(
    data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_home.mkdir(parents=True)
    path = data_home / "file.json"
    path.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveFileError, match=r"cannot write .*No space left on device"):
        write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in data_home.iterdir()] == ["file.json"]


def test_write_atomic_reports_an_unwritable_place(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    blocker = data_home / "blocker"
    blocker.write_text("a file, not a directory", encoding="utf-8")
    with pytest.raises(SaveFileError, match="cannot make"):
        write_atomic(blocker / "save.json", "x")


def test_nothing_is_written_outside_the_data_directory(tmp_path: Path, data_home: Path) -> None:
    with pytest.raises(SaveFileError, match=r"leads outside .*: it is left alone"):
        write_atomic(tmp_path / "elsewhere.json", "x")
    data_home.mkdir(parents=True)
    (data_home / "saves").symlink_to(tmp_path)
    with pytest.raises(SaveFileError, match=r"leads outside .*: it is left alone"):
        save_named("planted", _game(3))
    assert list(tmp_path.glob("*.json")) == []


def test_links_in_the_data_directory_are_never_read_or_listed(
    tmp_path: Path, data_home: Path
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text(record_to_json(_game(3)), encoding="utf-8")
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    (saves / "x.json").symlink_to(secret)
    assert list_saves() == []
    with pytest.raises(SaveFileError, match="it is a link"):
        load_game(saves / "x.json")
    elsewhere = tmp_path / "planted"
    elsewhere.mkdir()
    (elsewhere / "bait.json").write_text(record_to_json(_game(3)), encoding="utf-8")
    (saves / "x.json").unlink()
    saves.rmdir()
    saves.symlink_to(elsewhere)
    assert list_saves() == []
    with pytest.raises(SaveFileError, match="its folder leads elsewhere"):
        load_game(saves / "bait.json")


def test_stale_temporary_files_of_interrupted_writes_are_removed(data_home: Path) -> None:
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    stale, fresh, other = saves / ".a.json.x1.tmp", saves / ".b.json.x2.tmp", saves / "c.tmp"
    for path in (stale, fresh, other):
        path.write_text("partial", encoding="utf-8")
    old = os.stat(stale).st_mtime - 2 * storage.STALE_SECONDS
    os.utime(stale, (old, old))
    assert storage.remove_stale_temporaries() == 1
    assert not stale.exists() and fresh.exists() and other.exists()


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
        "right\u202eleft",  # a mark that turns text round
        "\u3164",  # a letter that draws as a blank
        "save\u3164",
        "\u0301accent first",
        "金" * 41,  # 123 bytes in UTF-8
        "dice \U0001f3b2",
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


@pytest.mark.parametrize(
    "name",
    [
        "Game 1",
        "my-save_2.v1",
        "x" * 64,
        "_",
        "2024-06-01 evening",
        "Ça",
        "金曜日の夜",
        "हिंदी",
        "金" * 40,
    ],
)
def test_save_named_and_load_game(name: str, data_home: Path) -> None:
    session = _game()
    path = save_named(name, session)
    assert path == data_home / "saves" / f"{name}.json"
    assert path.read_text(encoding="utf-8") == record_to_json(session)
    loaded = load_game(path)
    assert loaded.states == session.states
    assert loaded.setup == session.setup


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(session=games())
def test_random_games_round_trip_through_files(data_home: Path, session: Session) -> None:
    game_file = GameFile.new()
    game_file.save(session)
    game_file.close()
    for path in (save_named("random", session), game_file.path):
        loaded = load_game(path)
        assert loaded.setup == session.setup
        assert loaded.states == session.states
    resumed = [game.session for game in unfinished_games() if game.path == game_file.path]
    if session.state.phase is Phase.OVER:
        assert resumed == []  # a finished game found there moves to the history
        assert [path.name for path in finished_games()] == [game_file.path.name]
        (history_dir() / game_file.path.name).unlink()
    else:
        assert resumed[0] is not None and resumed[0].states == session.states
        game_file.path.unlink()


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


# -- logs ---------------------------------------------------------------------------------


def test_export_log_file(data_home: Path) -> None:
    session = _game(None)
    path = export_log_file(session, "final")
    assert path == data_home / "logs" / "final.txt"
    assert path.read_text(encoding="utf-8") == export_log(session)


def test_storage_paths_stay_in_the_data_dir(data_home: Path) -> None:
    session = _game(4)
    game_file = GameFile.new()
    game_file.save(session)
    for path in (
        game_file.path,
        save_named("a", session),
        export_log_file(session, "a"),
        storage.saves_dir(),
    ):
        assert path.resolve().is_relative_to(data_home.resolve())


def test_an_unreadable_data_directory_is_reported_as_a_save_file_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/" + "x" * 300)
    assert unfinished_games() == []
    with pytest.raises(SaveFileError, match="cannot make"):
        GameFile.new()


def test_a_save_may_name_a_level_with_settings_and_an_outside_bot_by_its_name() -> None:
    session = Session(GameSetup(2, seats=("person", "hard:iterations=50"), seed=3))
    text = record_to_json(session)
    assert record_from_json(text).setup.seats == ("person", "hard:iterations=50")
    outside = text.replace('"hard:iterations=50"', '"evil.py:Bot"')  # named, never run
    assert record_from_json(outside).setup.seats == ("person", "evil.py:Bot")
    with pytest.raises(SaveFileError, match="must be one of"):
        record_from_json(text.replace('"hard:iterations=50"', '"grandmaster"'))


def test_a_name_typed_in_decomposed_letters_is_saved_in_composed_ones(data_home: Path) -> None:
    path = save_named("Cafe\u0301", _game())
    assert path.name == "Caf\u00e9.json"
    assert load_game(path).actions == _game().actions


def test_a_name_typed_in_bold_or_full_width_letters_is_saved_in_plain_ones(
    data_home: Path,
) -> None:
    assert save_named("\U0001d41f\U0001d42b\U0001d422\uff11", _game()).name == "fri1.json"
    assert save_named("金曜日\u3000夜", _game()).name == "金曜日 夜.json"  # a full-width space


# -- a game pasted as text ---------------------------------------------------------------

PASTED_AT = datetime(2026, 12, 6, 11, 5, 12)


def test_a_pasted_game_is_kept_under_a_new_name_and_a_twin_is_not_kept_twice(
    data_home: Path,
) -> None:
    game, other = _game(), _game(30)
    first = storage.save_pasted(record_to_json(game), PASTED_AT)
    assert (first.path.name, first.new, first.over) == (
        "pasted-2026-12-06-11-05-12.json",
        True,
        False,
    )
    assert load_game(first.path).actions == game.actions
    again = storage.save_pasted("\n" + record_to_json(game) + "\n", PASTED_AT)
    assert (again.path, again.new) == (first.path, False)
    second = storage.save_pasted(record_to_json(other), PASTED_AT)  # the same second
    assert (second.path.name, second.new) == ("pasted-2026-12-06-11-05-12-2.json", True)
    assert storage.save_pasted(record_to_json(_game(None)), PASTED_AT).over
    # A twin written otherwise (an older version's layout): found by its game, not its text.
    older = _game(20)
    write_atomic(storage.saves_dir() / "older.json", json.dumps(json.loads(record_to_json(older))))
    twin = storage.save_pasted(record_to_json(older), PASTED_AT)
    assert (twin.path.name, twin.new) == ("older.json", False)


def test_a_browser_keeps_no_pasted_game_an_outside_bot_plays_nor_more_than_its_most(
    data_home: Path,
) -> None:
    bot = Session(GameSetup(2, seats=("person", "mybots.py:Clever"), seed=3))
    with pytest.raises(SaveFileError, match=r"an outside bot plays in it \(mybots.py:Clever\)"):
        storage.save_pasted(record_to_json(bot), PASTED_AT, in_browser=True)
    storage.save_pasted(record_to_json(_game()), PASTED_AT, most=1)
    with pytest.raises(
        SaveFileError, match=r"1 pasted game is kept .* \(a new page starts with none\)"
    ):
        storage.save_pasted(record_to_json(_game(30)), PASTED_AT, most=1)
    assert len(list_saves()) == 1


def test_a_browser_keeps_no_more_named_saves_than_its_most_but_replaces_one(
    data_home: Path,
) -> None:
    storage.save_pasted(record_to_json(_game(30)), PASTED_AT, most=1)  # counted apart
    storage.save_named("friday", _game(), most=1)
    with pytest.raises(
        SaveFileError,
        match=r"1 game is saved here under a name already, .* save under one of their names",
    ):
        storage.save_named("saturday", _game(), most=1)
    storage.save_named("friday", _game(20), most=1)  # the same name: replaced
    assert sorted(path.stem for path in list_saves())[0] == "friday"
    assert load_game(storage.saves_dir() / "friday.json").actions == _game(20).actions
    assert len(list_saves()) == 2


def test_pasted_text_that_is_too_big_or_no_game_writes_nothing(data_home: Path) -> None:
    with pytest.raises(SaveFileError, match="larger than"):
        storage.save_pasted(" " * (MAX_SAVE_BYTES + 1), PASTED_AT)
    with pytest.raises(SaveFileError, match="larger than"):
        storage.save_pasted("é" * (MAX_SAVE_BYTES // 2 + 1), PASTED_AT)  # two bytes each
    with pytest.raises(SaveFileError, match=r"this is a game's log \(the .txt file e exports\)"):
        storage.save_pasted(export_log(_game()), PASTED_AT)
    whole = record_to_json(_game())
    with pytest.raises(SaveFileError, match="the text breaks off before the save ends"):
        storage.save_pasted(whole[: len(whole) // 2], PASTED_AT)
    with pytest.raises(SaveFileError, match="not a usable Marrakech save"):
        storage.save_pasted("{}", PASTED_AT)
    assert list_saves() == []
