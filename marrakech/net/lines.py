"""Playing a network game in plain lines of text, and letting a computer play a seat.

``Announcer`` says every change in the log's own sentences (``narrate.sentence``), one
line each, for a terminal, a screen reader or a program. ``LinePlayer`` reads a seat's
commands (``roll``, ``left``, ``right``, ``ahead``, a carpet's number from ``legal``,
``aim left|right``, ``undo``, ``yes``/``no``, ``quit``); ``BotPlayer`` lets a computer
level decide for the seat. Both work on the host's own seat (a ``HostFlow``) and on a
client's (a ``ReplicaFlow``): they only call ``play``, ``undo`` and ``answer_undo``.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from marrakech.engine import Aim, Direction, GameState, IllegalAction, Orient, Phase, Place, Turn
from marrakech.flow import SeatKind
from marrakech.games.narrate import plural, sentence, square_text
from marrakech.games.text import shown
from marrakech.net.changes import Change
from marrakech.net.host import HostFlow, HostGame
from marrakech.net.replica import ReplicaFlow

NetFlow = HostFlow | ReplicaFlow
"""A network game's flow as a seat's front end sees it."""

FlowSource = Callable[[], NetFlow | None]
"""Gives the flow (None until a client has received the game)."""

COMMANDS = (
    "left, right, ahead: turn Assam (or keep him ahead) and roll; roll: roll as he faces; "
    "legal: the carpets you may lay, then a number lays one; aim left|right|ahead: aim "
    "Assam for the next player; undo: ask to take back your last decision; yes, no: "
    "answer an undo request; log: the game so far; quit: leave (your code lets you back in)"
)

_COMPASS = {Direction.N: "north", Direction.E: "east", Direction.S: "south", Direction.W: "west"}
_TURNS = {"left": Turn.LEFT, "right": Turn.RIGHT, "ahead": Turn.STRAIGHT}


def end_lines(flow: NetFlow) -> list[str]:
    """The end of the game in words: the ranking, each seat's score."""
    lines = ["The game is over."]
    for standing in flow.state.standings():
        score = standing.score
        name = flow.names[score.seat]
        if standing.place is None:
            lines.append(f"{name}: bankrupt, out of the game.")
            continue
        squares = plural(score.visible, "visible square")
        lines.append(
            f"{standing.place}. {name}: {score.total} "
            f"({squares} and {plural(score.dirhams, 'dirham')})."
        )
    return lines


def seat_lines(flow: NetFlow) -> str:
    """Who plays each seat, in one line."""
    parts = []
    for seat in flow.seats:
        if seat.kind is SeatKind.COMPUTER:
            who = f"computer, {seat.level}"
        elif seat.number == flow.me:
            who = "you"
        elif isinstance(flow, ReplicaFlow):
            who = "here" if flow.here[seat.number] else "away"
        else:
            who = "person"
        parts.append(f"{seat.number + 1} {seat.name} ({who})")
    return "Seats: " + ", ".join(parts) + "."


def prompt(flow: NetFlow) -> str | None:
    """What this seat is asked to do now, or None when it is not its decision."""
    seat = flow.to_move
    if seat is None or seat.number != flow.me:
        return None
    state = flow.state
    facing = _COMPASS[state.assam.facing]
    where = square_text(state.assam.square)
    if state.phase is Phase.ORIENT:
        return f"Your turn, {seat.name}: Assam is on {where} facing {facing}. left, right or ahead?"
    if state.phase is Phase.ROLL:
        return f"Your turn, {seat.name}: Assam is on {where} facing {facing}. roll?"
    if state.phase is Phase.PLACE:
        return "Lay a carpet next to Assam: legal lists them; type a number to lay one."
    return "Aim Assam for the next player: aim left, aim right or aim ahead."


def placements(state: GameState) -> list[str]:
    """The carpets the seat may lay, numbered from 1 as the ``legal`` command shows them."""
    return [
        f"{number}: {square_text(place.a)}-{square_text(place.b)}"
        for number, place in enumerate(state.legal_placements(), start=1)
    ]


class Announcer:
    """Says every change of a network game in lines of text (see the module docstring)."""

    def __init__(
        self,
        flow: FlowSource,
        out: TextIO | None = None,
        *,
        moves: bool = True,
        prompts: bool = True,
    ) -> None:
        """``moves`` False says only the start, the end and problems (a quiet computer);
        ``prompts`` False never asks the seat for its decision (a computer plays it)."""
        self.flow = flow
        self.out = out or sys.stdout
        self.moves = moves
        self.prompts = prompts
        self._started = False
        self._prompted: tuple[int, Phase] | None = None

    def say(self, text: str) -> None:
        """One line, every outside character made safe to show."""
        print(shown(text), file=self.out, flush=True)

    def __call__(self, change: Change) -> None:
        flow = self.flow()
        mine = flow is None or change.seat in (None, flow.me)
        if change.kind in ("error", "undo_refused") and mine:
            self.say(f"Refused: {change.text}")
        elif change.kind in ("lost", "closed"):
            self.say(change.text)
        if flow is None:
            return
        if change.kind == "synced":
            self._synced(flow, change.text)
        elif change.kind == "played" and self.moves and change.transitions:
            self.say(sentence(change.transitions, flow.names))
        elif change.kind == "seats" and self.moves:
            self.say(seat_lines(flow))
        elif change.kind == "undo_asked" and change.seat == flow.me:
            self.say(f"{change.text} asks to take back your last decision: yes or no?")
        if flow.over and change.kind in ("played", "synced"):
            for line in end_lines(flow):
                self.say(line)
            return
        if self.prompts:
            self._prompt(flow)

    def _synced(self, flow: NetFlow, news: str) -> None:
        if not self._started:
            self._started = True
            you = "watching" if flow.me is None else f"seat {flow.me + 1}, {flow.names[flow.me]}"
            self.say(f"Joined the game: {you}.")
            if self.moves:
                self.say(seat_lines(flow))
                for line in flow.log():
                    self.say(line)
        elif news:
            self.say(news + ".")
        self._prompted = None

    def _prompt(self, flow: NetFlow) -> None:
        question = prompt(flow)
        where = (flow.actions_played, flow.state.phase)
        if question is not None and where != self._prompted:
            self._prompted = where
            self.say(question)


class LinePlayer:
    """A seat's commands read line by line from a stream (see the module docstring)."""

    def __init__(
        self,
        flow: FlowSource,
        say: Callable[[str], None],
        *,
        host: HostGame | None = None,
    ) -> None:
        """``host`` is the game when this is the host's own terminal (it may give seats)."""
        self.flow = flow
        self.say = say
        self.host = host
        self.done = asyncio.Event()
        """Set when the player quits or the input ends."""

    def read(self, stream: TextIO, *, quit_at_end: bool = True) -> None:
        """Read commands from ``stream`` in a thread of their own, until it ends (which
        quits, unless ``quit_at_end`` is False: a spectator watches on)."""
        loop = asyncio.get_running_loop()

        def reader() -> None:
            for line in stream:
                loop.call_soon_threadsafe(self.command, line)
            if quit_at_end:
                loop.call_soon_threadsafe(self.done.set)

        threading.Thread(target=reader, daemon=True).start()

    def command(self, line: str) -> None:
        """Do one command; anything that cannot be done says why, and nothing changes."""
        words = line.strip().lower().split()
        if not words:
            return
        if words[0] == "quit":
            self.done.set()
            return
        if words[0] == "help":
            self.say(COMMANDS + (self._host_help() if self.host else ""))
            return
        flow = self.flow()
        if flow is None:
            self.say("Not in the game yet: wait for the host.")
            return
        try:
            self._command(flow, words)
        except IllegalAction as error:
            self.say(str(error))

    def _host_help(self) -> str:
        return "; computer SEAT LEVEL: a computer plays an empty seat"

    def _command(self, flow: NetFlow, words: list[str]) -> None:
        verb, rest = words[0], words[1:]
        phase = flow.state.phase
        if verb == "log":
            for line in flow.log():
                self.say(line)
        elif verb == "legal":
            choices = placements(flow.state) if phase is Phase.PLACE else []
            self.say("  ".join(choices) if choices else "There is no carpet to lay now.")
        elif verb == "undo":
            flow.undo()
        elif verb in ("yes", "no"):
            flow.answer_undo(verb == "yes")
        elif verb == "computer" and self.host is not None and len(rest) == 2:
            self.host.give_to_computer(rest[0], rest[1])
        elif verb == "roll" and phase is Phase.ORIENT:
            flow.play(Orient(Turn.STRAIGHT))
        elif verb == "roll":
            flow.play(None)
        elif verb in _TURNS and not rest:
            flow.play(Aim(_TURNS[verb]) if phase is Phase.AIM else Orient(_TURNS[verb]))
        elif verb == "aim" and len(rest) == 1 and rest[0] in _TURNS:
            flow.play(Aim(_TURNS[rest[0]]))
        elif verb.isdigit() and not rest:
            flow.play(self._carpet(flow, int(verb)))
        else:
            self.say(f"Unknown command {' '.join(words)[:40]!r}: type help for the commands.")

    def _carpet(self, flow: NetFlow, number: int) -> Place:
        choices = flow.state.legal_placements() if flow.state.phase is Phase.PLACE else ()
        if not choices:
            raise IllegalAction("There is no carpet to lay now.")
        if not 1 <= number <= len(choices):
            raise IllegalAction(f"Choose a carpet from 1 to {len(choices)} (legal lists them).")
        return choices[number - 1]


class BotPlayer:
    """A computer level plays a seat: it answers each of the seat's decisions."""

    def __init__(self, flow: FlowSource, level: str, seed: int) -> None:
        from marrakech.bots import make_bot

        self.flow = flow
        self.bot = make_bot(level, seed=seed)
        self._asked: int | None = None

    RETRY_SECONDS = 1.0
    """How long a refused decision waits before the computer asks itself again."""

    def __call__(self, change: Change) -> None:
        flow = self.flow()
        if flow is None:
            return
        if change.kind == "undo_asked" and change.seat == flow.me:
            flow.answer_undo(True)  # a computer seat agrees to every undo
            return
        if change.kind == "synced":
            self._asked = None
        if change.kind == "error" and self._asked is not None:
            asyncio.get_running_loop().call_later(self.RETRY_SECONDS, self._retry, self._asked)
            return
        self._consider(flow)

    def _retry(self, asked: int) -> None:
        flow = self.flow()
        if flow is not None and self._asked == asked:
            self._asked = None
            self._consider(flow)

    def _consider(self, flow: NetFlow) -> None:
        seat = flow.to_move
        at = flow.actions_played
        if seat is None or seat.number != flow.me or self._asked == at:
            return
        self._asked = at
        asyncio.get_running_loop().create_task(self._decide(flow))

    async def _decide(self, flow: NetFlow) -> None:
        state = flow.state
        try:
            if state.phase is Phase.ROLL:
                flow.play(None)
                return
            action = await asyncio.to_thread(self.bot.choose, state)
            if flow.state is state and isinstance(action, Orient | Place | Aim):
                flow.play(action)  # unless the game moved on (an undo) while it thought
        except IllegalAction:
            self._asked = None  # not connected just now: the next change asks again
