"""The game flow: seats, decisions, one autosave per decision, computers, undo, recaps."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine.positions import build

from marrakech.engine import Action, GameState, IllegalAction, Orient, Phase, Place, Roll, Turn
from marrakech.flow import GameFlow, Notice, SeatKind
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import GameFile
from marrakech.games.dice import LoadedDie
from marrakech.games.session import TAKEBACK_AID, GameSetup, Session


def _flow(session: Session, notices: list[Notice] | None = None) -> GameFlow:
    return GameFlow(session, (notices if notices is not None else []).append)


def _writes(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Count the autosave writes from now on."""
    written: list[Path] = []
    real = storage.write_atomic

    def counting(path: Path, text: str) -> None:
        written.append(path)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", counting)
    return written


def test_seats_say_who_plays_them() -> None:
    flow = _flow(
        Session(GameSetup(3, names=("Ayla", "Bo", "Cem"), seats=("person", "hard", "easy")))
    )
    assert [(s.name, s.kind, s.level) for s in flow.seats] == [
        ("Ayla", SeatKind.PERSON, None),
        ("Bo", SeatKind.COMPUTER, "hard"),
        ("Cem", SeatKind.COMPUTER, "random"),  # the old name of the level
    ]
    assert flow.to_move == flow.seats[0] and flow.person_to_move
    assert flow.computers.question() is None


def test_orienting_rolls_with_it_and_writes_the_autosave_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(GameSetup(2, seed=3))
    flow = _flow(session)
    written = _writes(monkeypatch)
    played = flow.decide(Orient(Turn.LEFT))
    assert [type(t.action) for t in played] == [Orient, Roll]
    assert flow.state.phase is Phase.PLACE
    assert len(written) == 1 and autosaves.is_unfinished_game(written[0])
    flow.decide(flow.state.legal_placements()[0])
    assert written == [written[0]] * 2  # the game's own file, once per decision
    assert storage.load_game(written[0]).actions == session.actions


def test_an_illegal_decision_is_refused_with_the_reason_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flow = _flow(Session(GameSetup(2, seed=3)))
    written = _writes(monkeypatch)
    with pytest.raises(IllegalAction, match=r"cannot play c0\.0-0\.1: .*"):
        flow.decide(Place((0, 0), (0, 1)))
    with pytest.raises(IllegalAction, match="cannot roll now"):
        flow.roll()
    assert flow.session.actions == () and written == []


def test_what_just_happened_is_one_value_per_turn() -> None:
    start = build(players=2, carpets=["B 1.3-2.3"], phase="orient")
    flow = _flow(Session(GameSetup(2, names=("Ayla", "Bo")), start=start, dice=LoadedDie((1,))))
    flow.decide(Orient(Turn.STRAIGHT))
    latest = flow.latest
    assert latest is not None and latest is flow.last_roll
    assert (latest.seat, latest.turned, latest.roll) == (0, Turn.STRAIGHT, 1)
    assert latest.path[-1][0] == (2, 3)
    assert (latest.toll, latest.paid, latest.payer, latest.payee) == (2, 2, 0, 1)
    assert latest.region == frozenset({(1, 3), (2, 3)}) == flow.region_just_paid
    assert (latest.money_change(0), latest.money_change(1)) == (-2, 2)
    assert latest.carpet is None and latest.eliminated is None
    assert flow.log() == [
        "Ayla goes straight, rolls 1, walks to (2,3), pays 2 dirhams to Bo "
        "(region of 2 blue squares)."
    ]
    carpet = flow.state.legal_placements()[0]
    flow.decide(carpet)
    assert flow.latest is not None and flow.latest.carpet == carpet
    assert flow.region_just_paid == frozenset()  # the carpet is laid: the mark goes


def test_the_same_game_asks_the_same_computer_the_same_question() -> None:
    def first_move(seed: int) -> Action:
        flow = _flow(Session(GameSetup(2, seats=("hard", "person"), seed=seed)))
        move = flow.computers.question()
        assert move is not None
        return move.think()

    assert first_move(11) == first_move(11)


def test_undo_takes_back_a_persons_decision_and_writes_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flow = _flow(Session(GameSetup(2, seats=("person", "greedy"), seed=2)))
    flow.decide(Orient(Turn.RIGHT))
    flow.decide(flow.state.legal_placements()[0])
    before: GameState = flow.state
    written = _writes(monkeypatch)
    assert flow.can_undo and flow.why_no_undo() is None
    flow.undo()  # the carpet, and the computer's turn after it
    assert flow.state.phase is Phase.PLACE and flow.state.current == 0
    assert flow.can_redo and len(written) == 1
    flow.redo()
    assert flow.state == before and len(written) == 2


def test_takebacks_off_keep_a_seen_roll() -> None:
    flow = _flow(Session(GameSetup(2, seed=2, takeback=False)))
    flow.decide(Orient(Turn.RIGHT))
    assert not flow.can_undo
    assert flow.why_no_undo() == (
        "takebacks are off, so a roll that was seen cannot be undone (a new game's Takeback "
        "setting allows them)"
    )
    with pytest.raises(IllegalAction, match="cannot undo: takebacks are off"):
        flow.undo()


def test_a_game_that_ends_in_the_flow_moves_to_the_finished_games() -> None:
    piles = ["R", "B"]
    start = build(players=2, piles=piles, phase="orient")
    flow = _flow(Session(GameSetup(2, seed=4), start=start))
    while not flow.over:
        state = flow.state
        if state.phase is Phase.ORIENT:
            flow.decide(Orient(Turn.STRAIGHT))
        else:
            flow.decide(state.legal_placements()[0])
        assert bool(list(autosaves.games_dir().glob("*.json"))) is not flow.over
    assert flow.to_move is None and flow.computers.question() is None
    [kept] = autosaves.finished_games()
    assert storage.load_game(kept).actions == flow.session.actions


def test_starting_a_new_game_leaves_another_unfinished_one_as_it_was() -> None:
    other = Session(GameSetup(2, seed=8))
    other.play(Orient(Turn.LEFT))
    other_file = GameFile.new()
    other_file.save(other)
    before = other_file.path.read_bytes()
    notices: list[Notice] = []
    flow = _flow(Session(GameSetup(2, seed=9)), notices)
    flow.decide(Orient(Turn.STRAIGHT))
    assert other_file.path.read_bytes() == before
    assert len(autosaves.unfinished_games()) == 2 and notices == []


def test_a_flow_given_a_resumed_game_file_writes_there() -> None:
    session = Session(GameSetup(2, seed=8))
    game_file = GameFile.new()
    game_file.save(session)
    game_file.close()
    resumed_file, resumed = GameFile.resume(game_file.path)
    flow = GameFlow(resumed, [].append, game_file=resumed_file)
    flow.decide(Orient(Turn.RIGHT))
    assert storage.load_game(game_file.path).actions == resumed.actions
    assert autosaves.in_use(game_file.path)
    flow.close()
    assert not autosaves.in_use(game_file.path)


def test_in_hot_seat_without_takebacks_a_player_never_undoes_another_players_decision() -> None:
    flow = _flow(Session(GameSetup(2, names=("Ayla", "Bo"), seed=2, takeback=False)))
    flow.decide(Orient(Turn.RIGHT))
    carpet = flow.state.legal_placements()[0]
    flow.decide(carpet)  # Ayla's carpet; Bo is to move
    assert not flow.can_undo
    assert (
        flow.why_no_undo()
        == "takebacks are off, so Ayla's decision stands now that it is Bo's turn (a new "
        "game's Takeback setting allows them)"
    )
    with pytest.raises(IllegalAction, match="Ayla's decision stands"):
        flow.undo()
    with_takebacks = _flow(Session(GameSetup(2, seed=2, takeback=True)))
    with_takebacks.decide(Orient(Turn.RIGHT))
    with_takebacks.decide(carpet)
    assert with_takebacks.can_undo  # friends who allow takebacks may take back anything


def _finish(flow: GameFlow) -> None:
    while not flow.over:
        state = flow.state
        if state.phase is Phase.ORIENT:
            flow.decide(Orient(Turn.STRAIGHT))
        else:
            flow.decide(state.legal_placements()[0])


def test_a_finished_game_whose_move_to_the_history_fails_is_never_offered_again(
    data_home: Path,
) -> None:
    notices: list[Notice] = []
    flow = _flow(Session(GameSetup(2, seed=4), start=build(players=2, piles=["R", "B"])), notices)
    data_home.mkdir(parents=True, exist_ok=True)
    (data_home / "history").write_text("in the way", encoding="utf-8")
    _finish(flow)
    assert "The finished game was not kept" in notices[-1].text
    assert autosaves.unfinished_games() == []  # it stays finished, never one to play again
    (data_home / "history").unlink()
    assert autosaves.unfinished_games() == []
    assert len(autosaves.finished_games()) == 1  # moved at the next listing


def test_without_takebacks_nothing_is_undone_redone_or_written_once_the_game_is_over() -> None:
    flow = _flow(Session(GameSetup(2, seed=4), start=build(players=2, piles=["R", "B"])))
    _finish(flow)  # two people at one keyboard: takebacks off
    assert not flow.can_undo
    assert flow.why_no_undo() == (
        "takebacks are off, so the end of the game stands (a new game's Takeback setting "
        "allows them)"
    )
    assert not flow.can_redo
    with pytest.raises(IllegalAction, match="the end of the game stands"):
        flow.undo()
    assert list(autosaves.games_dir().glob("*.json")) == []
    opened = _flow(storage.load_game(autosaves.finished_games()[0]))
    assert opened.why_no_undo() == "the game is over"  # a finished game opened is a record


def test_with_takebacks_the_end_is_taken_back_and_the_game_is_unfinished_again() -> None:
    start = build(players=2, piles=["R", "B"])
    flow = _flow(Session(GameSetup(2, seed=4, takeback=True), start=start))
    _finish(flow)
    [kept] = autosaves.finished_games()
    ended = flow.session.actions
    assert flow.session.aids == set()
    flow.undo()
    assert not flow.over and flow.session.actions == ended[:-1]
    assert flow.session.aids == {TAKEBACK_AID}  # the end was seen, and taken back
    assert autosaves.finished_games() == []
    [again] = autosaves.unfinished_games()
    assert again.path.name == kept.name and again.open_elsewhere  # held by this game
    assert again.session is not None and again.session.actions == ended[:-1]
    flow.redo()
    assert flow.over and autosaves.unfinished_games() == []
    [finished] = autosaves.finished_games()
    assert storage.load_game(finished).actions == ended


def test_an_end_taken_back_after_its_finished_copy_was_deleted_goes_on_under_its_name() -> None:
    notices: list[Notice] = []
    start = build(players=2, piles=["R", "B"])
    flow = _flow(Session(GameSetup(2, seed=4, takeback=True), start=start), notices)
    _finish(flow)
    [kept] = autosaves.finished_games()
    autosaves.delete(kept)  # from Saved games, opened over the results
    flow.undo()
    assert notices == []  # nothing was lost: the game is written again as it goes on
    [again] = autosaves.unfinished_games()
    assert again.path.name == kept.name


def test_an_end_not_kept_with_the_finished_games_is_taken_back_in_its_own_file(
    data_home: Path,
) -> None:
    notices: list[Notice] = []
    start = build(players=2, piles=["R", "B"])
    flow = _flow(Session(GameSetup(2, seed=4, takeback=True), start=start), notices)
    data_home.mkdir(parents=True, exist_ok=True)
    (data_home / "history").write_text("in the way", encoding="utf-8")
    _finish(flow)
    [played_in] = autosaves.games_dir().glob("*.json")  # finished, where it was played
    flow.undo()
    (data_home / "history").unlink()
    [again] = autosaves.unfinished_games()  # one game, not a second file beside it
    assert again.path == played_in and again.session is not None
    assert not flow.over and again.session.actions == flow.session.actions


def test_a_game_that_ends_on_the_first_decision_here_is_kept_too() -> None:
    start = build(players=2, piles=["R", ""], phase="place", current=0)
    flow = _flow(Session(GameSetup(2), start=start))
    flow.decide(flow.state.legal_placements()[0])
    assert flow.over and len(autosaves.finished_games()) == 1


def test_what_happened_is_right_after_an_undo_and_a_different_decision() -> None:
    flow = _flow(Session(GameSetup(2, seed=2, takeback=True)))
    flow.decide(Orient(Turn.RIGHT))
    first, second = flow.state.legal_placements()[:2]
    flow.decide(first)
    assert flow.latest is not None
    flow.undo()
    flow.decide(second)
    assert flow.latest is not None and flow.latest.carpet == second
    assert (
        flow.log()[-1] == flow.latest.words and f"({second.a[0]},{second.a[1]})" in flow.log()[-1]
    )


def test_an_orient_the_die_cannot_follow_changes_nothing() -> None:
    flow = _flow(Session(GameSetup(2), dice=LoadedDie(())))
    with pytest.raises(IllegalAction, match="the loaded die has 0 rolls"):
        flow.decide(Orient(Turn.LEFT))
    assert flow.session.actions == () and flow.state.phase is Phase.ORIENT


def test_with_a_computer_to_move_the_hot_seat_rule_does_not_lock_a_persons_undo() -> None:
    setup = GameSetup(3, names=("Ayla", "Bo", "Cem"), seats=("person", "greedy", "person"), seed=3)
    flow = _flow(Session(setup))
    flow.decide(Orient(Turn.RIGHT))
    flow.decide(flow.state.legal_placements()[0])  # Ayla's carpet; the computer is to move
    assert flow.to_move is not None and not flow.to_move.is_person
    assert flow.can_undo
