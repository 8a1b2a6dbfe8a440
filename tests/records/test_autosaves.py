"""Unfinished games, one file each: two real processes never share or steal a game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from marrakech.engine import Orient, Phase, Roll, Turn
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import GameFile, GameInUse
from marrakech.games.records import record_to_json
from marrakech.games.session import GameSetup, Session

WINDOW = textwrap.dedent(
    """
    import sys
    from marrakech.games.autosaves import GameFile
    from marrakech.engine import Orient, Turn
    from marrakech.games.session import GameSetup, Session

    session = Session(GameSetup(2, names=("Window", "A"), seed=int(sys.argv[1])))
    game = GameFile.new()
    for line in sys.stdin:  # one decision per line, autosaved as the app does
        if line.strip() == "play":
            session.play(Orient(Turn.LEFT))
            session.roll()
            session.play(session.state.legal_placements()[0])
            game.save(session)
            print(game.path, len(session.actions), flush=True)
    """
)


class Window:
    """Another process playing a game of its own, as a second window would."""

    def __init__(self, data_home: Path, seed: int) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(data_home.parent)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WINDOW, str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def play(self) -> tuple[Path, int]:
        """One decision; the path of its autosave and the actions in it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("play\n")
        self.process.stdin.flush()
        path, actions = self.process.stdout.readline().split()
        return Path(path), int(actions)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def windows(data_home: Path) -> Iterator[list[Window]]:
    opened: list[Window] = []
    yield opened
    for window in opened:
        if window.process.poll() is None:
            window.kill()


def test_a_game_open_in_another_process_is_listed_as_such_and_not_opened_twice(
    data_home: Path, windows: list[Window]
) -> None:
    windows.append(Window(data_home, seed=3))
    path, _ = windows[0].play()
    [game] = autosaves.unfinished_games()
    assert game.path == path and game.open_elsewhere
    with pytest.raises(GameInUse, match="open in another window"):
        GameFile.resume(path)
    windows[0].kill()  # a crash frees the game: nothing is lost, nothing stays locked
    [game] = autosaves.unfinished_games()
    assert not game.open_elsewhere
    resumed_file, resumed = GameFile.resume(path)
    assert len(resumed.actions) == 3
    resumed_file.close()


def test_two_processes_playing_at_once_keep_every_move_of_both(
    data_home: Path, windows: list[Window]
) -> None:
    windows.extend([Window(data_home, seed=1), Window(data_home, seed=2)])
    here = Session(GameSetup(2, names=("This", "Window"), seed=9))
    here_file = GameFile.new()
    for _ in range(3):
        for window in windows:
            window.play()
        here.play(Orient(Turn.RIGHT))
        here.roll()
        here.play(here.state.legal_placements()[0])
        here_file.save(here)
    games = autosaves.unfinished_games()
    assert len(games) == 3
    by_path = {game.path: game for game in games}
    assert by_path[here_file.path].session is not None
    assert by_path[here_file.path].session.actions == here.actions
    for window in windows:
        path, actions = window.play()
        assert len(storage.load_game(path).actions) == actions == 12
        assert by_path[path].open_elsewhere
    here_file.close()


def test_the_one_autosave_of_earlier_versions_becomes_an_unfinished_game(data_home: Path) -> None:
    session = Session(GameSetup(2, seed=5))
    session.play(Orient(Turn.LEFT))
    data_home.mkdir(parents=True)
    legacy = data_home / autosaves.LEGACY_AUTOSAVE
    legacy.write_text(record_to_json(session), encoding="utf-8")
    [game] = autosaves.unfinished_games()
    assert game.session is not None and game.session.actions == session.actions
    assert not legacy.exists()


def test_a_broken_unfinished_game_is_listed_with_the_reason_and_left_alone(
    data_home: Path,
) -> None:
    folder = storage.data_folder(autosaves.games_dir())
    broken = folder / "0123456789ab.json"
    broken.write_text('{"format": "marrakech-game"', encoding="utf-8")
    [game] = autosaves.unfinished_games()
    assert game.session is None and game.problem is not None and "JSON" in game.problem
    assert broken.read_text(encoding="utf-8") == '{"format": "marrakech-game"'


def test_links_and_odd_files_in_the_games_folder_are_never_read(
    data_home: Path, tmp_path: Path
) -> None:
    folder = storage.data_folder(autosaves.games_dir())
    (folder / "abc.json").symlink_to("/etc/passwd")
    os.mkfifo(folder / "def.json")
    assert autosaves.unfinished_games() == []


def test_looking_at_the_games_creates_no_lock_files(data_home: Path) -> None:
    game = GameFile.new()
    game.save(Session(GameSetup(2, seed=1)))
    game.close()
    game.path.with_suffix(".lock").unlink(missing_ok=True)
    [found] = autosaves.unfinished_games()
    assert not found.open_elsewhere
    assert sorted(p.suffix for p in autosaves.games_dir().iterdir()) == [".json"]


def test_a_start_position_of_other_rules_than_the_set_up_is_refused() -> None:
    from marrakech.engine import MarrakechError, Variant, new_game

    with pytest.raises(MarrakechError, match="plays the aim rules; the set-up the standard"):
        Session(GameSetup(2), start=new_game(2, variant=Variant.AIM))


def test_a_game_hosted_from_here_is_told_apart_with_the_command_that_hosts_it_again(
    data_home: Path,
) -> None:
    from marrakech.net.hosting import new_game

    flow, hosting = new_game(
        Session(GameSetup(2, seed=2)), lambda notice: None, headless=True, host="", port=0
    )
    flow.close()
    local = GameFile.new()
    local.save(Session(GameSetup(2, seed=3)))
    local.close()
    hosted = {game.path.stem: game.hosted for game in autosaves.unfinished_games()}
    assert hosted == {hosting.game_id: True, local.path.stem: False}
    command = autosaves.host_command(autosaves.games_dir() / f"{hosting.game_id}.json")
    assert command == f"marrakech host --resume {hosting.game_id}"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_keeps_its_games_free_and_untouched(data_home: Path) -> None:
    game = GameFile.new()
    game.save(Session(GameSetup(2, seed=1)))
    game.close()
    kept = game.path.read_bytes()
    lock = game.path.with_suffix(".lock")
    lock.chmod(0o444)
    game.path.parent.chmod(0o555)
    try:
        [found] = autosaves.unfinished_games()
        assert not found.open_elsewhere  # a lock that cannot be written is still looked at
        assert autosaves.folder_not_writable() is not None
        with pytest.raises(autosaves.FolderNotWritable, match="cannot be written"):
            GameFile.resume(game.path)
        assert storage.load_game(game.path).setup.seed == 1  # it can be read, and played
    finally:
        game.path.parent.chmod(0o755)
    assert game.path.read_bytes() == kept


def play_on(session: Session, decisions: int | None = None) -> Session:
    """Play ``decisions`` more of the first legal actions (None: to the end), rolling too."""
    while session.state.phase is not Phase.OVER and decisions != 0:
        if session.state.phase is Phase.ROLL:
            session.roll()
            continue
        session.play(session.state.legal_actions()[0])
        decisions = None if decisions is None else decisions - 1
    return session


def test_a_game_saved_by_name_and_left_goes_on_in_its_own_file_when_its_save_is_opened(
    data_home: Path,
) -> None:
    # Ayla plays, saves the game by name and quits: its autosave stays, unfinished.
    left = play_on(Session(GameSetup(2, names=("Ayla", "Bo"), seed=8)), 10)
    autosave = GameFile.new()
    autosave.save(left)
    autosave.close()
    named = storage.save_named("friday", left)
    # Another game of the same seed, played further: not the same game any more.
    further = GameFile.new()
    further.save(play_on(Session(GameSetup(2, names=("Ayla", "Bo"), seed=8)), 12))
    further.close()
    # She opens the save later: the game goes on in the file it was left in, and once
    # played to the end it is no longer offered as unfinished.
    loaded = storage.load_game(named)
    game = autosaves.twin(loaded)
    assert game is not None and game.path == autosave.path
    assert autosaves.twin(loaded) is None  # open here now: not taken twice
    game.finish(play_on(loaded))
    assert [found.path for found in autosaves.unfinished_games()] == [further.path]
    assert named.exists()  # the save itself stays: it is hers


def test_a_save_opened_after_its_game_rolled_on_rolls_the_die_anew(data_home: Path) -> None:
    # Saved before a roll, the game goes on and rolls; the save opened again must not roll
    # what was seen (pick the facing after seeing the roll): the die goes on after it.
    session = Session(GameSetup(2, seats=("person", "greedy"), seed=3))
    named = storage.save_named("before", session)
    game = GameFile.new()
    session.play(Orient(Turn.LEFT))
    session.roll()  # draw 0, seen
    game.save(session)
    game.close()

    again = storage.load_game(named)
    assert autosaves.draws_seen_beyond(again) == 1
    again.pass_draws_seen(autosaves.draws_seen_beyond(again))
    again.play(Orient(Turn.RIGHT))
    rolled = again.roll()
    assert rolled.action == Roll(again.dice.roll(1))  # draw 1, never seen
    assert again.taken_back == ((0, 0),) and "takeback" in again.aids  # the summary says so
    assert storage.load_game(storage.save_named("after", again)).taken_back == ((0, 0),)

    # A save that went on further counts too ("after" rolled draw 1); another game, or one
    # that has not gone on, leaves the die as it was.
    assert autosaves.draws_seen_beyond(storage.load_game(named)) == 2
    other = Session(GameSetup(2, seats=("person", "greedy"), seed=4))
    assert autosaves.draws_seen_beyond(other) == other.next_draw == 0
    assert autosaves.draws_seen_beyond(again) == again.next_draw == 2
