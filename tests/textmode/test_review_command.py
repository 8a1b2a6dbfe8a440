"""The text mode's ``review``: refused before the end, offered at a terminal after it, with
every decision graded and each player's luck and skill."""

from __future__ import annotations

import io

import pytest

from marrakech.bots import make_bot
from marrakech.engine import Phase
from marrakech.games.session import GameSetup, Session
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import play

OFFER = "Type review to see what each decision cost and how much was luck, or quit."


def near_the_end(carpets_left: int = 1) -> Session:
    """Ayla (a person) against Bo (greedy), takebacks off (so the end stands), both played
    by greedy until Ayla holds this many carpets and is to choose her way."""
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=6, takeback=False)
    session = Session(setup)
    bot = make_bot("greedy", seed=6)
    state = session.state
    while not (
        state.phase is Phase.ORIENT and state.current == 0 and state.players[0].carpets_left
    ) or (state.players[0].carpets_left > carpets_left):
        if state.phase is Phase.ROLL:
            session.roll()
        else:
            session.play(bot.choose(state))
        state = session.state
    return session


def test_review_before_the_end_says_it_waits_for_it() -> None:
    game = TextGame.local(near_the_end(), autosave=False)
    (said,) = game.respond("review").lines
    assert said.startswith(
        "The review opens when the game is over: it judges every decision. Now: "
    )


def test_through_a_pipe_the_program_ends_with_the_game() -> None:
    game = TextGame.local(near_the_end(), autosave=False)
    out = io.StringIO()
    assert play(game, io.StringIO("ahead\n1\nreview\n"), out) == 0
    assert game.flow.over
    assert OFFER not in out.getvalue()


@pytest.mark.slow
def test_at_a_terminal_the_review_is_offered_and_said() -> None:
    game = TextGame.local(near_the_end(), autosave=False)
    out = io.StringIO()
    given = io.StringIO("ahead\n1\nscores\n振り返り\nquit\n")
    assert play(game, given, out, stay_at_the_end=True) == 0
    printed = out.getvalue().splitlines()
    offer = printed.index(OFFER)
    after = printed[offer:]
    assert any(line.startswith("Ayla: ") and " points" in line for line in after)  # scores
    assert any(line.startswith("Turn ") and "Ayla" in line for line in after)
    assert not any(line.startswith("Turn ") and ", Bo:" in line for line in after)
    luck = [line for line in after if " = luck " in line]
    assert len(luck) == 1 and luck[0].startswith("Ayla: margin ")


def test_the_end_says_which_help_was_used() -> None:
    game = TextGame.local(near_the_end(), autosave=False)
    assert game.respond("hint").lines[0].startswith("Hint: ")
    out = io.StringIO()
    assert play(game, io.StringIO("ahead\n1\n"), out) == 0
    assert out.getvalue().splitlines()[-1] == "Help used while playing: hints."
