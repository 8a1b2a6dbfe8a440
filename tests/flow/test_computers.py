"""The one computer-seat driver: ask, think, check, fall back, play, at any table."""

from __future__ import annotations

import asyncio
import threading

from marrakech.bots.plugins import TimeLimited
from marrakech.engine import Action, GameState, Roll, Variant
from marrakech.flow import ComputerMove, ComputerSeats, GameFlow, Notice
from marrakech.games.session import GameSetup, Session


def _flow(*seats: str, notices: list[Notice] | None = None, **setup: object) -> GameFlow:
    game = GameSetup(len(seats), seats=seats, seed=4, **setup)  # type: ignore[arg-type]
    return GameFlow(Session(game), (notices if notices is not None else []).append, autosave=False)


class Answering:
    """A computer player that answers what it is told to (or fails as told)."""

    def __init__(self, answer: Action | BaseException | None = None) -> None:
        self.answer = answer
        self.release = threading.Event()

    def choose(self, state: GameState) -> Action:
        if self.answer is None:
            self.release.wait(5)  # thinks until released
            return state.legal_actions()[0]
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer


def _move(flow: GameFlow, bot: Answering | TimeLimited) -> ComputerMove:
    move = flow.computers.question()
    assert move is not None
    return ComputerMove(move.state, move.seat, bot)  # type: ignore[arg-type]


def test_a_person_to_move_is_no_question_for_the_computers() -> None:
    flow = _flow("person", "greedy")
    assert flow.computers.question() is None and not flow.computers.to_roll
    assert flow.computers.play_now() == ()


def test_a_legal_answer_is_played_as_it_is_and_a_late_one_not_at_all() -> None:
    notices: list[Notice] = []
    flow = _flow("greedy", "person", notices=notices)
    move = flow.computers.question()
    assert move is not None and move.seat == 0
    decision = flow.computers.settle(move, move.think())
    assert decision is not None and notices == []
    played = flow.computers.play(move.state, decision)
    assert played[0].action == decision and len(played) == 2  # the facing, then the roll
    assert flow.computers.settle(move, move.think()) is None  # the position moved on
    assert flow.computers.play(move.state, decision) == ()


def test_an_illegal_failed_or_silent_answer_is_replaced_with_a_notice() -> None:
    notices: list[Notice] = []
    flow = _flow("greedy", "person", notices=notices)
    for answer, said in [
        (
            Roll(4),
            "chose an illegal action (cannot roll now: the game waits for the current player "
            "to choose Assam's facing)",
        ),
        (RuntimeError("out of ideas"), "failed (RuntimeError: out of ideas)"),
        (MemoryError(), "failed (MemoryError)"),
    ]:
        move = _move(flow, Answering(answer))
        decision = flow.computers.settle(move, ComputerSeats.think(move))
        assert decision is not None and flow.state.is_legal(decision)
        assert notices.pop().text == (
            f"Player 1's computer player {said}; the greedy one moves instead."
        )
    # The same failure again is played for without a word more (a bot that fails at every
    # move would cover the board with notices).
    move = _move(flow, Answering(RuntimeError("out of ideas")))
    assert flow.computers.settle(move, ComputerSeats.think(move)) is not None
    assert notices == []
    slow = TimeLimited(Answering(), "slow", time_limit=0.05)  # how an outside bot is run
    move = _move(flow, slow)
    answer = ComputerSeats.think(move)
    slow.bot.release.set()  # type: ignore[attr-defined]
    assert isinstance(answer, TimeoutError)
    assert flow.state.is_legal(flow.computers.settle(move, answer))  # type: ignore[arg-type]
    assert "failed (took longer than 0.05 s)" in notices.pop().text


def test_play_now_runs_a_computer_seat_and_its_roll_in_the_aiming_variant() -> None:
    flow = _flow("random", "person", variant=Variant.AIM)
    assert flow.computers.to_roll and flow.computers.question() is None
    assert [type(t.action) for t in flow.computers.play_now()] == [Roll]
    while flow.computers.play_now():
        pass
    assert flow.person_to_move


def test_play_soon_runs_a_computer_seat_in_an_event_loop() -> None:
    flow = _flow("greedy", "person")
    played = asyncio.run(flow.computers.play_soon())
    assert len(played) == 2 and flow.log()[0].startswith("Player 1 ")
    assert len(asyncio.run(flow.computers.play_soon())) == 1  # its carpet
    assert flow.person_to_move and asyncio.run(flow.computers.play_soon()) == ()
