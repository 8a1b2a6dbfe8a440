"""The text mode at a network table: the same game in lines, inside an event loop.

A network game moves when others play, so nothing here waits for a line: the person's
lines are read in a thread of their own and run in the event loop as they come, and
every change the table tells is said as it happens. The commands, prompts, carpet
numbers and end lines are the text mode's own (``TextGame``); a computer seat played
here (``join --bot``) is run by the flow's ``computers``, thinking in a worker thread.
A player typing at a terminal stays once the game is over, as at one keyboard: the
review is offered, and lines are answered until they quit. Input that ends before the
host has answered the hello (a program, ``</dev/null``) still waits a little for that
answer, to say it: a refusal, or a host out of reach, ends with 1.

The prompt is the text mode's (``loop.PROMPT``), written whenever the table waits for this
person (their decision, or their yes or no to an undo) and something was said since the
last one: a program reads lines until the prompt, then writes one command. Lines typed
while others play are answered too, with no prompt after them. A person at a terminal
edits the line they type as at one keyboard (``terminal.TerminalLines``): the prompt
stays on their typing line, and what the table says meanwhile is written above it.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from marrakech.engine import GameState, IllegalAction
from marrakech.flow import Change, GameFlow, Listener
from marrakech.games.language import _
from marrakech.games.narrate import one_line
from marrakech.games.words import as_sentence
from marrakech.textmode.commands import COMMAND_WORDS
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import PROMPT, Lines, read_line, review_offer, too_long, write
from marrakech.textmode.terminal import TerminalLines

RETRY_SECONDS = 1.0
"""How long a computer seat whose decision the host refused waits to try again."""

ANSWER_SECONDS = 10.0
"""How long a client whose input ended before the host answered its hello still waits
for that answer (a refusal, the game), to say it."""


class TableInLines:
    """One person (or one computer seat) at a network table, in lines of text."""

    def __init__(
        self,
        table: Callable[[], GameFlow | None],
        out: TextIO,
        *,
        moves: bool = True,
        prompts: bool = False,
        prompt_on_same_line: bool = False,
        typing: TerminalLines | None = None,
    ) -> None:
        """``table`` gives the flow (None until a client has received the game); ``moves``
        False says only the start, the end, requests and problems; ``prompts`` writes the
        prompt when the table waits for this person (on the typing line at a terminal);
        ``typing``, the terminal's line being typed, which shows the prompt itself."""
        self.table = table
        self.out = out
        self.moves = moves
        self.prompts = prompts
        self.prompt_on_same_line = prompt_on_same_line
        self.typing = typing
        self.game: TextGame | None = None
        self.done = asyncio.Event()
        """Set when the person quits or their input ends."""
        self.opened = asyncio.Event()
        """Set when the game has arrived (and was opened: ``heard``)."""
        self.unanswered = False
        """The input ended before the game arrived: the host's answer is still awaited."""
        self._asked: GameState | None = None
        self._thinking: set[asyncio.Task[object]] = set()
        self._prompted = False
        """The last thing written is the prompt."""
        self.staying = False
        """The game is over and the person stays to type (the review, the board...)."""
        self._sent: GameState | None = None
        """The position a decision typed here was sent from (until the table moves on)."""

    def say(self, lines: list[str]) -> None:
        """Write lines (none: nothing), on a line of their own after a prompt at a terminal."""
        if not lines:
            return
        if self.typing is not None and not self.done.is_set():
            with self.typing.above(self.out):
                write(self.out, lines)
            return
        if self._prompted and self.prompt_on_same_line:
            self.out.write("\n")
        write(self.out, lines)
        self._prompted = False

    def stay(self) -> None:
        """The game is over and the person stays: offer the review, and prompt."""
        self.staying = True
        self.say([review_offer()])
        self._prompt()

    def _prompt(self) -> None:
        """The prompt, when the table waits for this person and it is not written yet."""
        game = self.game
        if not self.prompts or self._prompted or game is None or self.done.is_set():
            return
        if self.typing is not None:
            return  # the typing line shows the prompt, always
        flow = game.flow
        asked = flow.undo_asker is not None  # their yes or no, whoever's turn it is
        waiting = flow.person_to_move or asked
        if not (self.staying if flow.over else waiting) or (flow.state is self._sent and not asked):
            return  # not this person's to decide, or their decision is on its way
        self.out.write(PROMPT + (" " if self.prompt_on_same_line else "\n"))
        self.out.flush()
        self._prompted = True

    def heard(self, change: Change) -> None:
        """Say a change of the table (the first one that brings the game opens it)."""
        flow = self.table()
        if flow is None:
            if change.text:
                self.say([as_sentence(change.text)])
            return
        loop = asyncio.get_running_loop()
        if self.game is None:
            self.game = TextGame(flow, moves=self.moves)
            self.game.noticed = lambda: loop.call_soon_threadsafe(self._go_on)  # said at once
            self.say(self.game.opening())
            self.opened.set()
        if change.kind == "undo_asked" and change.seat == flow.me and flow.runs_computers:
            flow.answer_undo(True)  # a computer seat agrees to every undo
        if change.kind == "error" and change.seat in (None, flow.me):
            self._asked = None  # a refused computer decision is thought over again soon
            loop.call_later(RETRY_SECONDS, self._go_on)
        loop.call_soon(self._go_on)  # once every listener has heard the change

    def line(self, line: str | None) -> None:
        """Run one line the person typed (None: their input has ended)."""
        game = self.game
        if self.done.is_set():
            return  # they quit: what comes after is not read
        if line is None:
            if self.typing is not None:
                self.out.write("\n")  # off the prompt the input ended on (Ctrl+D)
            if game is not None:
                self.say([self.goodbye()])
            else:
                self.unanswered = True  # the host's answer is awaited still (a little)
            self.done.set()
            return
        if game is None:
            if line.strip():
                self.say([_("Not in the game yet: wait for the host.")])
            return
        self._prompted = False  # the typing line ended with the line typed
        if not line:
            self.say([too_long(game.now_line())])
        elif line.strip():
            reply = game.respond(line)
            self.say(reply.lines)
            if reply.moved:
                self._sent = game.flow.state
            if reply.quit:
                self.done.set()
        self._go_on()

    def _answer_line(self, line: str, answered: threading.Event) -> None:
        try:
            self.line(line)
        finally:
            answered.set()

    def goodbye(self) -> str:
        """The line said when the input ends in the game."""
        assert self.game is not None
        return one_line(_("The input has ended."), self.game.goodbye())

    async def answer(self, ending: asyncio.Future[int], seconds: float) -> int:
        """The exit code once the host has answered a hello whose sender's input has
        ended: a refusal (or a host out of reach) is said as it comes, with its code; the
        game, when it arrives, is opened and left (0). No answer within ``seconds``: that
        is said, and 1."""
        arrived = asyncio.ensure_future(self.opened.wait())
        waited: set[asyncio.Future[Any]] = {ending, arrived}
        await asyncio.wait(waited, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        arrived.cancel()
        if ending.done():
            return ending.result()
        ending.cancel()
        if self.game is not None:
            self.say([self.goodbye()])
            return 0
        self.say([_("The input has ended and the host has not answered: giving up.")])
        return 1

    def read(self, lines: Lines, *, quit_at_end: bool = True) -> None:
        """Read ``lines`` in a thread of their own until they end (which quits, unless
        ``quit_at_end`` is False: a spectator watches on). A terminal's next line is
        asked for once the last one is answered, so that its prompt comes after the
        answer."""
        loop = asyncio.get_running_loop()

        def reader() -> None:
            while (line := read_line(lines)) is not None:
                if self.typing is None:
                    loop.call_soon_threadsafe(self.line, line)
                    continue
                answered = threading.Event()
                loop.call_soon_threadsafe(self._answer_line, line, answered)
                answered.wait()
                if self.done.is_set():
                    return  # they quit: no prompt for a line nobody reads
            if quit_at_end:
                loop.call_soon_threadsafe(self.line, None)

        threading.Thread(target=reader, name="text input", daemon=True).start()

    def _go_on(self) -> None:
        """Say what is new, and set a computer seat played here thinking when it is due."""
        game = self.game
        if game is None:
            return
        self.say(game.advance())
        self._prompt()
        flow = game.flow
        computers = flow.computers
        due = computers.to_roll or computers.question() is not None
        if flow.runs_computers and due and self._asked is not flow.state:
            self._asked = flow.state
            task = asyncio.get_running_loop().create_task(self._think())
            self._thinking.add(task)
            task.add_done_callback(self._thinking.discard)

    async def _think(self) -> object:
        assert self.game is not None
        try:
            return await self.game.flow.computers.play_soon()
        except IllegalAction:
            self._asked = None  # not connected just now: the next change asks again
            return None


async def play_at_table(
    table: Callable[[], GameFlow | None],
    listen: Callable[[Listener], None],
    until: Awaitable[int],
    *,
    moves: bool = True,
    reads: bool = True,
    quit_at_end: bool = True,
    lines: TextIO | None = None,
    out: TextIO | None = None,
    stay_at_the_end: bool | None = None,
    answer_seconds: float = ANSWER_SECONDS,
) -> int:
    """Play at a network table in lines until ``until`` gives the exit code (the game or
    the connection ended) or the person quits (0). ``reads`` False reads no input (a
    computer plays the seat); ``quit_at_end`` False watches on when the input ends.

    With ``stay_at_the_end``, a game that is over is followed by the offer of the review,
    and lines are answered until the person quits or their input ends (None: when a
    player reads and writes a terminal).

    Input that ends before the game has arrived waits up to ``answer_seconds`` for the
    host's answer to the hello, and ends with it: 1 when the host refused, cannot be
    reached or has not answered."""
    at_terminal = lines is None and sys.stdin.isatty() and sys.stdout.isatty()
    if stay_at_the_end is None:
        stay_at_the_end = reads and quit_at_end and at_terminal
    # A person at a terminal edits their line (not a program, which writes whole lines).
    typing = TerminalLines(f"{PROMPT} ", COMMAND_WORDS) if reads and at_terminal else None
    seat = TableInLines(
        table,
        out or sys.stdout,
        moves=moves,
        prompts=reads,
        prompt_on_same_line=at_terminal,
        typing=typing,
    )
    listen(seat.heard)
    if table() is not None:
        seat.heard(Change("synced"))
    if reads:
        seat.read(typing or lines or sys.stdin, quit_at_end=quit_at_end)
    ending = asyncio.ensure_future(until)
    quitting = asyncio.ensure_future(seat.done.wait())
    try:
        await asyncio.wait({ending, quitting}, return_when=asyncio.FIRST_COMPLETED)
        if not ending.done() and seat.unanswered:
            return await seat.answer(ending, answer_seconds)
        if not ending.done():
            quitting.cancel()
            ending.cancel()
            return 0
        flow = table()
        if stay_at_the_end and not quitting.done() and flow is not None and flow.over:
            seat.stay()
            await quitting
        quitting.cancel()
        return ending.result()
    finally:
        # What was said last stays last: a line typed just before the end, still on its
        # way from the reading thread, is not answered after it.
        seat.done.set()
        if typing is not None:
            typing.close(seat.out)
