"""The chances to win while playing: shown to a person alone against computers, never to a
person playing against other people before the end; and a game where they or hints were
used says so in its save and at its end."""

from __future__ import annotations

import pytest

from marrakech.bots.evaluator import DEFAULT_EVALUATOR
from marrakech.engine import Phase
from marrakech.flow import GameFlow
from marrakech.flow.hint import hint
from marrakech.games.records import SaveFileError, record_from_json, record_to_json
from marrakech.games.session import HINT_AID, WIN_CHANCE_AID, GameSetup, Session
from marrakech.textmode.game import TextGame


def flow_of(*seats: str) -> GameFlow:
    session = Session(
        GameSetup(len(seats), names=("Ayla", "Bo", "Cem")[: len(seats)], seats=seats, seed=2)
    )
    return GameFlow(session, lambda notice: None, autosave=False)


def test_alone_against_computers_the_chances_show_and_the_game_remembers_it() -> None:
    flow = flow_of("person", "greedy")
    assert flow.why_no_win_chances() is None
    chances = flow.win_chances()
    assert len(chances) == 2 and sum(chances) == pytest.approx(1.0)
    assert all(0 <= chance <= 1 for chance in chances)
    assert flow.session.aids == {WIN_CHANCE_AID}


def test_against_other_people_they_wait_for_the_end() -> None:
    flow = flow_of("person", "person", "greedy")
    reason = flow.why_no_win_chances()
    assert reason == "not against other people before the end"
    with pytest.raises(ValueError, match="other people"):
        flow.win_chances()
    assert flow.session.aids == set()
    while not flow.over:
        if flow.state.phase is Phase.ROLL:
            flow.roll()
        else:
            flow.decide(flow.state.legal_actions()[0])  # type: ignore[arg-type]
    assert flow.why_no_win_chances() is None
    assert sorted(flow.win_chances()) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [1 / 3] * 3)
    assert flow.session.aids == set()  # looking after the end is no help


def test_the_text_mode_says_the_chances_or_why_not() -> None:
    alone = TextGame.local(flow_of("person", "greedy").session, autosave=False)
    (line,) = alone.respond("eval").lines
    # (Ayla decides first: the figures are those after her best move, as the app says.)
    assert line.startswith("Chances to win, after Ayla's best move: Ayla ") and ", Bo " in line
    assert line.endswith("%.")
    together = TextGame.local(flow_of("person", "person").session, autosave=False)
    assert together.respond("勝率").lines == [
        "Chances to win: not against other people before the end."
    ]


def test_the_aids_used_are_saved_and_read_back() -> None:
    session = flow_of("person", "greedy").session
    assert '"aids"' not in record_to_json(session)
    session.aids |= {WIN_CHANCE_AID, HINT_AID}
    text = record_to_json(session)
    assert '"aids": ["hint", "win_chance"]' in text
    assert record_from_json(text).aids == {HINT_AID, WIN_CHANCE_AID}
    for bad, why in (
        ('["hint", "hint"]', "named twice"),
        ('["peeking"]', "none of"),
        ("[]", "a list of what was used"),
        ('"hint"', "a list of what was used"),
    ):
        with pytest.raises(SaveFileError, match=why):
            record_from_json(text.replace('["hint", "win_chance"]', bad))
    older = text.replace('"version": 5', '"version": 3')
    with pytest.raises(SaveFileError, match="aids"):
        record_from_json(older)


def test_where_a_facing_or_a_carpet_is_chosen_the_chances_are_the_hints() -> None:
    flow = flow_of("person", "greedy")
    assert flow.state.phase is Phase.ORIENT
    found = hint(flow.state)
    assert found is not None
    assert flow.win_chances()[flow.state.current] == pytest.approx(found.win_chance)
    # Laying a carpet, where the position as it stands is valued otherwise (here, once
    # both have laid a few carpets): the chance shown is the best carpet's, as the hint's.
    differed = 0
    while differed < 3:
        decision = hint(flow.state)
        assert decision is not None
        if flow.state.phase is Phase.PLACE:
            mine = flow.win_chances()[flow.state.current]
            assert mine == pytest.approx(decision.win_chance)
            standing = DEFAULT_EVALUATOR.evaluate(flow.state).win_chance[flow.state.current]
            differed += abs(standing - mine) > 0.005
        flow.play(decision.pick)  # after a facing, the roll follows
