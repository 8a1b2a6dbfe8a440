"""A hosted game's autosave: written off the event loop soon after each decision."""

from __future__ import annotations

import asyncio

import pytest

from marrakech.engine import Orient, Turn
from marrakech.flow import Notice
from marrakech.games import storage
from marrakech.games.autosaves import games_dir, history_dir
from marrakech.games.records import SaveFileError
from marrakech.games.session import GameSetup, Session
from marrakech.net.hosting import abandon, forget, new_game, resume_game
from net.harness import until


@pytest.mark.slow
def test_a_decision_reaches_the_disk_by_itself_and_nothing_after_the_end() -> None:
    async def scenario() -> None:
        notices: list[Notice] = []
        flow, hosting = new_game(
            Session(GameSetup(2, seed=3)), notices.append, headless=True, host="", port=0
        )
        path = games_dir() / f"{hosting.game_id}.json"
        assert storage.load_game(path).actions == ()  # on disk before anyone joins
        flow.decide(Orient(Turn.LEFT))
        await until(lambda: len(storage.load_game(path).actions) == 2)
        while not flow.over:
            flow.decide(flow.state.legal_actions()[0])  # type: ignore[arg-type]
        await asyncio.sleep(0.3)  # the writer thread would have written by now
        assert not path.exists()
        kept = storage.load_game(history_dir() / path.name)
        assert kept.actions == flow.session.actions and notices == []

    asyncio.run(scenario())


def test_closing_a_hosted_game_writes_what_is_pending_to_resume() -> None:
    async def scenario() -> None:
        flow, hosting = new_game(
            Session(GameSetup(2, seed=3)), lambda notice: None, headless=True, host="", port=0
        )
        flow.decide(Orient(Turn.RIGHT))
        flow.close()
        resumed, _ = resume_game(hosting.game_id, lambda notice: None)
        assert resumed.session.actions == flow.session.actions
        resumed.close()

    asyncio.run(scenario())


def test_a_name_taken_by_a_friend_who_joined_is_kept_to_resume() -> None:
    async def scenario() -> None:
        flow, hosting = new_game(
            Session(GameSetup(2, seed=3)), lambda notice: None, headless=True, host="", port=0
        )
        flow.rename(1, "Bartholomew")  # as their hello names them; nobody has played yet
        flow.close()
        resumed, _ = resume_game(hosting.game_id, lambda notice: None)
        assert resumed.names[1] == "Bartholomew"  # it was "Player 2" again
        resumed.close()

    asyncio.run(scenario())


def test_a_game_held_open_is_never_discarded() -> None:
    flow, hosting = new_game(
        Session(GameSetup(2, seed=3)), lambda notice: None, headless=True, host="", port=0
    )
    path = games_dir() / f"{hosting.game_id}.json"
    abandon(hosting.game_id)  # while its window holds it: kept
    assert path.exists()
    flow.close()
    abandon(hosting.game_id)  # let go of, never on the network: gone
    assert not path.exists() and not path.with_suffix(".lock").exists()


def test_resuming_a_finished_hosted_game_says_it_is_over() -> None:
    async def scenario() -> None:
        flow, hosting = new_game(
            Session(GameSetup(2, seed=3)), lambda notice: None, headless=True, host="", port=0
        )
        while not flow.over:
            flow.decide(flow.state.legal_actions()[0])  # type: ignore[arg-type]
        flow.close()
        forget(hosting.game_id)  # as closing a finished game's host does
        with pytest.raises(SaveFileError, match=f"game {hosting.game_id} is over: there is"):
            resume_game(hosting.game_id, lambda notice: None)

    asyncio.run(scenario())


def test_load_with_bots_refuses_a_hosted_games_autosave_naming_host_resume(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from marrakech.cli import main
    from marrakech.games.session import PERSON

    setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seats=(PERSON, PERSON, "greedy"), seed=5)
    flow, hosting = new_game(Session(setup), lambda notice: None, headless=False, host="", port=0)
    flow.close()
    path = games_dir() / f"{hosting.game_id}.json"
    before = path.read_bytes()
    assert main(["--text", "load", str(path), "--bot", "3=hard"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert err == (
        "marrakech load: --bot: this is a network game you host, not a game at one keyboard: "
        f"`marrakech host --resume {hosting.game_id}` hosts it again (add --fill LEVEL to let "
        "a computer play the seat of a player who is away)"
    )
    assert path.read_bytes() == before  # still the hosted game, its seats as they were
