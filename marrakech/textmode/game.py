"""One game in the text mode: commands in, plain lines out, the game flow doing the playing.

``TextGame`` holds no rule and no loop: ``respond`` runs one line a person typed, and when
the game moved, ``advance`` plays the computer seats until a person is to move (or the
game ends), saying each move as it is played. Both give the lines to print; the reading
and writing is ``textmode.loop``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from marrakech.engine import (
    DIE_FACES,
    Action,
    Aim,
    GameState,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Roll,
    Transition,
    Turn,
)
from marrakech.flow import GameFlow, Notice, cursor
from marrakech.flow.hint import hint_reasons
from marrakech.games import storage
from marrakech.games.autosaves import GameFile
from marrakech.games.narrate import game_log, sentence, square_text
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.textmode import describe
from marrakech.textmode.commands import (
    AimAt,
    Command,
    CommandError,
    Go,
    LayCarpet,
    LayNumber,
    Look,
    LookLine,
    LookSquare,
    Plain,
    Save,
    parse,
)

HELP_LINES = (
    "Commands (docs/text-mode.md has them all, with their short forms):",
    "left, right, ahead: turn Assam that way and roll the die (when aiming: aim him that way).",
    "roll: roll the die (before it, Assam keeps his facing).",
    "a number, or a carpet like c2.3-2.4: lay that carpet (legal numbers them).",
    "aim left, aim right (aim ahead where allowed): aim Assam for the next player.",
    "board: the market in words; picture: a compact text picture of it.",
    "square 2 3, row 2, col 3: one square, row or column.",
    "legal: your choices; risk: the chances of paying; scores; log: the game so far.",
    "undo, redo, hint, save NAME, help, quit.",
)
"""What ``help`` prints."""


@dataclass
class Reply:
    """What a line typed came to: the lines to print, whether the game moved (then
    ``advance`` comes next) and whether the player quits."""

    lines: list[str] = field(default_factory=list)
    moved: bool = False
    quit: bool = False


class TextGame:
    """A game played in lines; see the module docstring."""

    def __init__(
        self, session: Session, game_file: GameFile | None = None, *, autosave: bool = True
    ) -> None:
        """Play ``session``'s game on (``game_file``: its autosave, when resumed)."""
        self._notices: list[str] = []
        self.flow = GameFlow(session, self._noticed, autosave=autosave, game_file=game_file)

    def _noticed(self, notice: Notice) -> None:
        self._notices.append(f"{notice.title}: {notice.text}" if notice.title else notice.text)

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.flow.state

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self.flow.names

    # -- the course of the game ----------------------------------------------------------

    def opening(self) -> list[str]:
        """Who plays what, and where to find the commands."""
        kinds = [seat.level for seat in self.flow.seats]
        return [
            *describe.seat_lines(self.state, self.names, kinds),
            "Type help for the commands.",
        ]

    def advance(self) -> Iterator[str]:
        """Play the computer seats until a person is to move or the game ends, saying each
        move as it is played; then what the person may do (or the result)."""
        while not self.flow.over and not self.flow.person_to_move:
            yield from self._computer_decision()
        yield from self._drain()
        if self.flow.over:
            yield describe.result_line(self.state, self.names)
            yield from describe.score_lines(self.state, self.names)
        else:
            yield self.may_do()

    def _computer_decision(self) -> list[str]:
        move = self.flow.computer_move()
        if move is None:  # a roll: nothing to think about
            return self._played((self.flow.roll(),))
        result: Action | Exception
        try:
            result = move.think()
        except Exception as error:  # a failing computer player is replaced, never fatal
            result = error
        action = self.flow.answer(move, result)
        assert action is not None  # nothing came between the question and the answer
        replaced = self._drain()  # a computer player replaced is said before its move
        return [*replaced, *self._played(self.flow.decide(action))]

    def _played(self, played: tuple[Transition, ...]) -> list[str]:
        return [sentence(played, self.names)]

    def _drain(self) -> list[str]:
        lines, self._notices = self._notices, []
        return lines

    def may_do(self) -> str:
        """One line: whose turn it is and what they may type."""
        state = self.state
        name = self.names[state.current]
        square, facing = state.assam
        where = f"Assam is on {square_text(square)}, facing {describe.COMPASS[facing]}"
        if state.phase is Phase.ORIENT:
            return f"{name}, your turn. {where}: type left, right or ahead to turn him and roll."
        if state.phase is Phase.ROLL:
            return f"{name}, your turn. {where}: type roll."
        if state.phase is Phase.PLACE:
            top = state.players[state.current].top
            colour = describe.colour_word(top) if top is not None else ""
            placements = state.legal_placements()
            return (
                f"{name}, lay your {colour} carpet beside Assam on {square_text(square)}: "
                f"type its number from legal (1 to {len(placements)}) "
                f"or write it like {placements[0]}."
            )
        return f"{name}, aim Assam for the next player. {where}: type {_aims(state)}."

    # -- one line typed ------------------------------------------------------------------

    def respond(self, line: str) -> Reply:
        """Run one line a person typed; a bad line changes nothing and says what is possible.

        When the game moved, ``advance`` says what comes next.
        """
        try:
            command = parse(line)
        except CommandError as error:
            return Reply([f"{error} {self._possible()}"])
        try:
            reply = self._run(command)
        except MarrakechError as error:
            reply = Reply([_as_sentence(str(error))])
        reply.lines[:0] = self._drain()
        return reply

    def _possible(self) -> str:
        """What may be typed now, in one sentence, after an error."""
        phase = self.state.phase
        if phase is Phase.ORIENT:
            choices = "left, right or ahead"
        elif phase is Phase.ROLL:
            choices = "roll"
        elif phase is Phase.PLACE:
            choices = "a carpet's number from legal"
        elif phase is Phase.AIM:
            choices = _aims(self.state)
        else:
            return ""
        return f"Now: {choices}; help lists every command."

    def _run(self, command: Command) -> Reply:
        if isinstance(command, Go | AimAt):
            return self._decide(self._turn_action(command))
        if isinstance(command, LayNumber):
            placements = self.state.legal_placements()
            if not 1 <= command.number <= len(placements):
                if not placements:
                    return Reply([f"No carpet to lay now. {self._possible()}"])
                return Reply([f"No carpet {command.number}: legal numbers 1 to {len(placements)}."])
            return self._decide(placements[command.number - 1])
        if isinstance(command, LayCarpet):
            return self._decide(command.place)
        if isinstance(command, Plain):
            return self._plain(command.name)
        if isinstance(command, Look):
            return Reply(self._look(command.name))
        if isinstance(command, LookSquare):
            return Reply([describe.square_line(self.state, command.square, self.names)])
        if isinstance(command, LookLine):
            line = describe.column_line if command.column else describe.row_line
            return Reply([line(self.state, command.index)])
        return self._save(command)

    def _turn_action(self, command: Go | AimAt) -> Orient | Aim:
        """A way typed means a turn before the roll, an aim when aiming (``aim`` always aims)."""
        if isinstance(command, Go) and self.state.phase is not Phase.AIM:
            return Orient(command.turn)
        return Aim(command.turn)

    def _decide(self, action: Orient | Place | Aim | None) -> Reply:
        """Play a person's decision (None: roll the die) and say what it did."""
        if action is not None:
            reason = self.state.why_illegal(action)
        elif self.state.phase is not Phase.ROLL:
            # Out of its phase the engine refuses a roll whatever the die shows: ask with any face.
            reason = self.state.why_illegal(Roll(DIE_FACES[0]))
        else:
            reason = None
        if reason is not None:
            return Reply([f"{_as_sentence(reason)} {self._possible()}"])
        played = self.flow.decide(action) if action is not None else (self.flow.roll(),)
        return Reply([*self._played(played), *self._drain()], moved=True)

    def _plain(self, name: str) -> Reply:
        if name == "roll":
            # Before the roll, rolling keeps Assam's facing: the same decision as "ahead".
            return self._decide(Orient(Turn.STRAIGHT) if self.state.phase is Phase.ORIENT else None)
        if name in ("undo", "redo"):
            return self._rewind(redo=name == "redo")
        if name == "hint":
            return Reply([self._hint()])
        return Reply([self.goodbye()], quit=True)

    def _rewind(self, *, redo: bool) -> Reply:
        before = self.flow.session.transitions
        if redo:
            self.flow.redo()
        else:
            self.flow.undo()
        after = self.flow.session.transitions
        changed = after[len(before) :] if redo else before[len(after) :]
        words = " ".join(game_log(changed, self.names))
        said = f"Played again: {words}" if redo else f"Taken back: {words}"
        return Reply([said], moved=True)

    def _hint(self) -> str:
        if self.state.phase not in (Phase.ORIENT, Phase.PLACE, Phase.AIM):
            return f"Nothing to choose here. {self._possible()}"
        move = self.flow.hint_move()
        try:
            action = move.think()
        except Exception:  # the hint giver failing is no reason to stop the game
            return "No hint available here."
        if not isinstance(action, Orient | Aim | Place) or not self.state.is_legal(action):
            return "No hint available here."
        why = " ".join(hint_reasons(self.state, action, self.names))
        return f"Hint: {describe.choice_words(action, self.state)}. {why}".rstrip()

    def _look(self, name: str) -> list[str]:
        state, names = self.state, self.names
        if name == "board":
            return describe.market_lines(state)
        if name == "picture":
            return describe.picture_lines(state)
        if name == "legal":
            return describe.legal_lines(state)
        if name == "risk":
            return describe.risk_lines(self.flow.lane_risks(), state, names)
        if name == "scores":
            return describe.score_lines(state, names)
        if name == "log":
            return self.flow.log() or ["Nothing has happened yet."]
        return list(HELP_LINES)

    def _save(self, command: Save) -> Reply:
        try:
            path = storage.save_named(command.name, self.flow.session)
        except (SaveFileError, OSError) as error:
            return Reply([f"Not saved: {error}"])
        return Reply([f"Saved as {command.name}, in {shown(str(path))}."])

    # -- leaving -------------------------------------------------------------------------

    def goodbye(self) -> str:
        """What is said when the player leaves an unfinished game (it stays to resume)."""
        if self.flow.over:
            return "Goodbye."
        if self.flow.autosave_path is None:
            return "Goodbye: nothing was played here, so there is nothing new to resume."
        return "Goodbye: the game is saved, and marrakech --text resumes it."

    def close(self) -> None:
        """Let go of the game: its autosave stays, unlocked, to resume."""
        self.flow.close()


def _aims(state: GameState) -> str:
    """The aims the engine allows now, as commands: "aim left or aim right"."""
    ways = [f"aim {describe.WAY_WORDS[turn]}" for turn in cursor.turn_choices(state)]
    return ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + " or " + ways[-1]


def _as_sentence(text: str) -> str:
    """A message from the engine or the flow as a sentence: capital first, full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
