"""Takebacks: an undo never shows a roll to the player who then chooses again (the rolls
after it are fresh draws), a roll once seen stands with takebacks off, and a game where a
roll was taken back says so in its save and at its end."""

from __future__ import annotations

import io

from engine.positions import build

from marrakech.engine import Orient, Phase, Roll, Turn
from marrakech.flow import GameFlow
from marrakech.games import storage, words
from marrakech.games.dice import die_roll
from marrakech.games.records import record_from_json, record_to_json
from marrakech.games.session import TAKEBACK_AID, GameSetup, Session
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import play

SEED = 0
"""The die stream of seed 0 draws 3, 1, 2, 3, 2..."""


def against_a_computer(takeback: bool | None = None, autosave: bool = False) -> GameFlow:
    """Ayla (a person) against Bo (greedy), seed 0."""
    setup = GameSetup(
        2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=SEED, takeback=takeback
    )
    return GameFlow(Session(setup), lambda notice: None, autosave=autosave)


def computers_play(flow: GameFlow) -> list[Roll]:
    """Let the computer seats play until a person is to move; their rolls."""
    rolls = []
    while played := flow.computers.play_now():
        rolls += [t.action for t in played if isinstance(t.action, Roll)]
    return rolls


def test_undoing_to_go_another_way_never_rolls_the_roll_seen_again() -> None:
    flow = against_a_computer()
    assert flow.session.setup.takeback_allowed  # alone against a computer: on by default
    seen = []
    for turn in (Turn.STRAIGHT, Turn.RIGHT, Turn.LEFT):
        seen.append(flow.decide(Orient(turn))[1].action)
        flow.undo()
    assert seen == [Roll(3), Roll(1), Roll(2)]  # fresh draws, not 3, 3, 3
    assert flow.session.aids == {TAKEBACK_AID}
    assert words.aids_line(flow.session.aids) == "Help used while playing: takebacks."


def test_the_computers_rolls_after_an_undone_carpet_are_fresh_draws_too() -> None:
    flow = against_a_computer()
    flow.decide(Orient(Turn.STRAIGHT))
    carpet = flow.state.legal_placements()[0]
    flow.decide(carpet)
    assert computers_play(flow) == [Roll(die_roll(SEED, 1))]
    flow.undo()  # the carpet, and the computer's turn after it
    assert flow.state.phase is Phase.PLACE and flow.state.current == 0
    flow.decide(carpet)  # the same carpet: the computer does not roll the 1 seen again
    assert computers_play(flow) == [Roll(die_roll(SEED, 2))] != [Roll(die_roll(SEED, 1))]
    assert flow.session.aids == {TAKEBACK_AID}


def test_redo_plays_again_exactly_what_was_undone() -> None:
    flow = against_a_computer()
    flow.decide(Orient(Turn.STRAIGHT))
    flow.decide(flow.state.legal_placements()[0])
    computers_play(flow)
    actions, state = flow.session.actions, flow.state
    flow.undo()
    flow.undo()
    flow.redo()
    flow.redo()
    assert flow.session.actions == actions and flow.state == state


def test_with_takebacks_off_a_roll_once_seen_stands_whoever_rolled_it() -> None:
    flow = against_a_computer(takeback=False)
    flow.decide(Orient(Turn.STRAIGHT))
    flow.decide(flow.state.legal_placements()[0])
    assert flow.can_undo  # no roll since the carpet: it may still be taken back
    flow.undo()
    flow.redo()
    computers_play(flow)  # the computer rolled: the carpet before it stands now
    assert not flow.can_undo
    assert flow.why_no_undo() == (
        "takebacks are off, so a roll that was seen cannot be undone (a new game's Takeback "
        "setting allows them)"
    )
    assert flow.session.aids == set()  # taking back a carpet is no takeback of a roll


def test_the_autosave_after_an_undo_resumes_with_the_fresh_draws() -> None:
    flow = against_a_computer(autosave=True)
    assert flow.decide(Orient(Turn.STRAIGHT))[1].action == Roll(3)
    flow.undo()
    path = flow.autosave_path
    assert path is not None
    flow.close()
    resumed = storage.load_game(path)
    assert resumed.actions == () and resumed.aids == {TAKEBACK_AID}
    assert resumed.next_roll() == Roll(1) == flow.session.next_roll()  # not the 3 seen
    again = GameFlow(resumed, lambda notice: None, autosave=False)
    assert again.decide(Orient(Turn.RIGHT)) == flow.decide(Orient(Turn.RIGHT))


def test_a_saved_game_with_takebacks_replays_exactly() -> None:
    flow = against_a_computer()
    for turn in (Turn.STRAIGHT, Turn.RIGHT):
        flow.decide(Orient(turn))
        flow.undo()
    while not flow.over and flow.session.state.players[0].carpets_left > 20:
        if flow.person_to_move:
            state = flow.state
            flow.decide(
                Orient(Turn.LEFT) if state.phase is Phase.ORIENT else state.legal_placements()[0]
            )
        computers_play(flow)
    assert len(flow.session.actions) > 10 and flow.session.taken_back == ((0, 1),)
    text = record_to_json(flow.session)
    loaded = record_from_json(text)
    assert loaded.states == flow.session.states
    assert record_to_json(loaded) == text


def test_the_text_mode_says_the_die_rolls_anew_and_the_end_says_takebacks_were_used() -> None:
    start = build(players=2, piles=["R", "B"], phase="orient")
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=SEED)
    game = TextGame.local(Session(setup, start=start), autosave=False)
    game.respond("ahead")
    reply = game.respond("undo").lines
    assert reply[0].startswith("Taken back: Ayla goes straight, rolls 3")
    assert reply[1:] == ["Play on and the die rolls anew; redo brings back what was taken back."]
    out = io.StringIO()
    assert play(game, io.StringIO("ahead\n1\n"), out) == 0
    assert game.flow.over
    assert "Ayla goes straight, rolls 1" in out.getvalue()
    assert out.getvalue().splitlines()[-1] == "Help used while playing: takebacks."


def test_at_a_terminal_undo_after_the_end_plays_on_and_the_end_comes_again() -> None:
    start = build(players=2, piles=["R", "B"], phase="orient")
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=SEED)
    game = TextGame.local(Session(setup, start=start), autosave=False)
    typed = io.StringIO("ahead\n1\nundo\n1\nquit\n")
    out = io.StringIO()
    assert play(game, typed, out, stay_at_the_end=True) == 0
    said = out.getvalue().splitlines()
    offer = (
        "Type review to see what each decision cost and how much was luck, undo to take back "
        "your last decision and play on, or quit."
    )
    assert said.count(offer) == 2  # once at each end
    first, second = (n for n, line in enumerate(said) if line == offer)
    taken_back = [line for line in said[first:second] if line.startswith("Taken back: ")]
    assert taken_back and taken_back[0].startswith("Taken back: Ayla lays a red carpet")
    assert any(line.startswith("Bo ") for line in said[first:second])  # the computer again
    assert game.flow.over  # ended a second time, and quit after
    assert said[second - 1] == "Help used while playing: takebacks."  # the end was seen


def test_through_a_pipe_the_end_says_nothing_of_undo() -> None:
    start = build(players=2, piles=["R", "B"], phase="orient")
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "greedy"), seed=SEED)
    game = TextGame.local(Session(setup, start=start), autosave=False)
    out = io.StringIO()
    assert play(game, io.StringIO("ahead\n1\n"), out) == 0
    assert game.flow.over and "undo" not in out.getvalue()
