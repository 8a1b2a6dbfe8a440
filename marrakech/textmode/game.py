"""One game in the text mode: commands in, plain lines out, the game flow doing the playing.

``TextGame`` plays at any table, a local game, a network host's or a client's copy of
one: it holds no rule and no loop. ``respond`` runs one line a person typed; the flow
tells it every change (a move played here or elsewhere, an undo to agree to), which it
says in the log's sentences; ``advance`` plays the computer seats this front end runs
(a local game's) until a person is to move, then gives what was said since, and the
prompt or the result. The reading and writing is ``textmode.loop`` (a local game) and
``textmode.online`` (a network game, in an event loop).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from marrakech.engine import (
    DIE_FACES,
    Aim,
    GameState,
    MarrakechError,
    Orient,
    Phase,
    Place,
    Roll,
    Turn,
    Variant,
)
from marrakech.flow import Change, GameFlow, Notice, SeatKind
from marrakech.flow.hint import hint
from marrakech.flow.summary import summary_lines
from marrakech.games import autosaves, storage, words
from marrakech.games.autosaves import GameFile
from marrakech.games.language import N_, _, pgettext
from marrakech.games.levels import LEVELS, level_word
from marrakech.games.narrate import one_line, rewound, sentence
from marrakech.games.reasons import said
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.textmode import describe
from marrakech.textmode.commands import (
    AimAt,
    Command,
    CommandError,
    Face,
    GiveSeat,
    Go,
    LayCarpet,
    LayNumber,
    Look,
    LookLine,
    LookSquare,
    Plain,
    Save,
    facing_turn,
    parse,
)

HELP_HEADING = N_("Commands (docs/text-mode.md has them all, with their short forms):")
"""The first line of ``help``."""

TURNING_LINES = (
    N_("left, right, ahead (l, r, a): turn Assam that way and roll the die."),
    N_("roll: roll the die (before it, Assam keeps his facing)."),
)
"""The lines of ``help`` on the turn before the roll, in a game of the standard rules."""

AIMING_LINES = (
    N_("roll: roll the die (in this variant nobody turns Assam before their roll)."),
    N_(
        "aim left, aim right (aim ahead where allowed), or left, right (l, r; ahead, a, where "
        "allowed) when aiming: aim Assam for the next player."
    ),
)
"""The lines of ``help`` on the roll and the aim, in a game of an aiming variant (where
nobody turns Assam before their own roll: left and right aim him)."""

LAYING_LINE = N_("a number, or a carpet like c2.3-2.4: lay that carpet (legal numbers them).")
"""The line of ``help`` on laying a carpet, for a player (not a spectator)."""

LOOKING_LINES = (
    N_("where: whose turn it is, where Assam stands and what to type, said again."),
    N_("board: the market in words; picture: a compact text picture of it."),
    N_("square 2 3, row 2, col 3: one square, row or column."),
    N_("legal: your choices; risk: the chances of paying; scores; log: the game so far."),
    N_("regions: each colour's regions with their squares, the largest first."),
    N_("eval: each player's chance to win now (alone against computers, or once it is over)."),
    N_(
        "summary: the tolls each player received and paid, each colour's largest region, the "
        "scores round by round."
    ),
)
"""The lines of ``help`` on looking at the game, at every table; the lines of this
table come after them (``HERE_LINES``, ``HOST_LINES``, ``JOINED_LINES`` or
``WATCHING_LINES``)."""

HERE_LINES = (N_("undo, redo, hint, save NAME, help, quit; review, once the game is over."),)
"""The end of ``help`` at a table of this terminal alone."""

HOST_LINES = (
    N_("undo (another player's decision only if they agree), hint, save NAME, help, quit."),
    N_("yes or no: agree or not when another player asks to take back your last decision."),
    N_("computer SEAT LEVEL: a computer plays the seat of a player who left or does not move."),
    N_("review, once the game is over."),
)
"""The end of ``help`` at the host of a network game."""

JOINED_LINES = (
    N_("undo (another player's decision only if they agree), hint, help, quit."),
    N_("yes or no: agree or not when another player asks to take back your last decision."),
    N_("back: your seat back, where the host let a computer play it."),
    N_("save NAME and review, once the game is over."),
)
"""The end of ``help`` at a seat joined to a network game (only the host can save it
before the end: the piles are hidden from the other boards)."""

WATCHING_LINES = (N_("help, quit; save NAME and review, once the game is over."),)
"""The end of ``help`` to a spectator of a network game (it has no seat to play)."""

NO_AIMING = N_(
    "This game has no aiming: in the standard rules each player turns Assam before their own "
    "roll (the aiming variant is chosen when a game is set up)."
)
"""Said to ``aim`` in a game of the standard rules."""

YOUR_COMPUTER_DECIDES = N_(
    "The computer you joined with plays your seat: it makes every decision. scores, log and "
    "board follow the game; quit leaves the table."
)
"""Said to a decision typed at a seat joined with ``--bot``."""


@dataclass
class Reply:
    """What a line typed came to: the lines to print, whether the game moved (then
    ``advance`` comes next) and whether the player quits."""

    lines: list[str] = field(default_factory=list)
    moved: bool = False
    quit: bool = False


RECALLED_TURNS = 2
"""How many of its last turns a game loaded or resumed says before going on."""


class TextGame:
    """A game played in lines at any table; see the module docstring."""

    def __init__(self, flow: GameFlow, *, moves: bool = True) -> None:
        """Play at ``flow``'s table; its notices come here from now on. ``moves`` False
        says only the start, the end, requests and problems (a quiet computer seat)."""
        self.flow = flow
        self.moves = moves
        self._said: list[str] = []
        self._acting = False
        self._prompted: GameState | None = None
        self._ended = False
        self._seats = flow.seats
        self._here = self._presence()
        self._played = len(flow.session.transitions)
        """The transitions of the game when a change was last heard (fewer now: taken back)."""
        self.noticed: Callable[[], object] = lambda: None
        """Called when a notice comes, for it to be said at once (a network table, where
        notices come while nobody types: ``textmode.online``)."""
        flow.notify = self._noticed
        flow.listen(self._heard)

    @classmethod
    def local(
        cls, session: Session, game_file: GameFile | None = None, *, autosave: bool = True
    ) -> TextGame:
        """A game at this keyboard (``game_file``: its autosave, when resumed)."""
        return cls(GameFlow(session, lambda notice: None, autosave=autosave, game_file=game_file))

    def _noticed(self, notice: Notice) -> None:
        titled = pgettext("a notice's title before its text", "{title}: {text}")
        self._said.append(
            titled.format(title=notice.title, text=notice.text) if notice.title else notice.text
        )
        self.noticed()

    def _heard(self, change: Change) -> None:
        """Say a change of the table, when it is news to the person here."""
        flow = self.flow
        played, self._played = self._played, len(flow.session.transitions)
        if change.kind == "played":
            if self.moves and change.transitions:
                self._said.append(sentence(change.transitions, self.names))
                if purse := describe.purse_line(change.transitions, self.names):
                    self._said.append(purse)
        elif change.kind == "synced":
            if change.text and not self._acting and not flow.over:  # the result says it
                self._said.append(words.as_sentence(change.said_to(flow.me)))
                if self._played < played:  # taken back: say whose turn it is now
                    self._said.extend(self._waiting())  # (the person here: ``advance``)
            if self.moves:
                self._said.extend(self._comings_and_goings())
        elif change.kind == "seats":
            if self.moves:
                self._said.extend(self._comings_and_goings())
                self._said.extend(self._seats_changed())
        elif change.kind == "undo_asked":
            if flow.me is not None and change.seat == flow.me:
                self._said.append(self._undo_question(change.text))
        elif change.kind in ("undo_refused", "error"):
            if change.seat in (None, flow.me):
                self._said.append(
                    _("Refused: {reason}").format(
                        reason=words.as_sentence(change.text, capital=False)
                    )
                )
        else:
            self._said.append(words.as_sentence(change.text))

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
        """Who plays what (and, at a network table, which seat is yours, the game so far
        and whose turn it is when it is not yours), and where to find the commands."""
        lines = self._table_lines()
        log = self.flow.log()
        if self.flow.networked and self.moves:
            lines += log
        elif log:  # a game loaded or resumed: where it stands, before what to type
            lines.append(_("The last turns (log says them all):"))
            recalled = log[-RECALLED_TURNS:]
            lines += describe.numbered_turns(recalled, first=len(log) - len(recalled) + 1)
        return [*lines, *self._waiting(), _("Type help for the commands.")]

    def _waiting(self) -> list[str]:
        """At a network table where another seat or the die is to move: whose turn it is."""
        if not self._waiting_for_another():
            return []
        if self._hosting_without(self.state.current):
            self._prompted = self.flow.state  # said once
            return [self._not_joined(self.state.current)]
        if self.state.current != self.flow.me:
            name = self.names[self.state.current]
            seat = self.flow.seats[self.state.current]
            if seat.kind is SeatKind.COMPUTER and seat.level is not None:
                return [
                    _("It is {name}'s turn: the {level} computer plays it.").format(
                        name=name, level=level_word(seat.level)
                    )
                ]
            return [_("It is {name}'s turn: waiting for them.").format(name=name)]
        if self.flow.rolling:
            return [_("The die is being rolled for you.")]
        return []

    def _seats_changed(self) -> list[str]:
        """Who plays the seats whose player changed (a computer stepped in, or out), and
        how to play this seat again when the host gave it to a computer."""
        flow = self.flow
        seats, self._seats = self._seats, flow.seats
        kinds = [seat.level for seat in flow.seats]
        lines = describe.seat_lines(self.state, self.names, kinds)
        said = [
            line
            for line, old, new in zip(lines, seats, self._seats, strict=True)
            if (old.kind, old.level) != (new.kind, new.level)  # a new name is news of its own
        ]
        me = flow.me
        if me is not None and not flow.runs_computers:
            mine, now = seats[me], self._seats[me]
            if mine != now and now.kind is SeatKind.COMPUTER:  # the host let one play it
                # Translators: "back" is a command: keep it in English.
                said.append(_("A computer plays your seat: type back to play it again."))
            elif mine != now and mine.kind is SeatKind.COMPUTER:  # given back
                said.append(_("Your seat is yours again."))
                if self.state.current == me and not flow.rolling:
                    said.append(words.turn_prompt(self.state, self.names))
        return said

    def _presence(self) -> tuple[bool | None, ...]:
        """Whether each seat's player is at the table, as this table was told (None: not
        joined yet)."""
        flow = self.flow
        return tuple(
            None if flow.awaited(seat) else flow.away_since(seat) is None
            for seat in range(len(flow.seats))
        )

    def _comings_and_goings(self) -> list[str]:
        """Who has left the table, come back or joined it since last said; at a joined
        table only (the host's own front end is told in notices)."""
        before = self._here
        # While a computer plays a seat, its player is as they were: one standing in for
        # a player who left is no return, and the player's coming back is.
        self._here = tuple(
            was if seat.kind is SeatKind.COMPUTER else now
            for seat, was, now in zip(self.flow.seats, before, self._presence(), strict=True)
        )
        if self.flow.can_save:
            return []
        lines = []
        for seat, (was, now) in enumerate(zip(before, self._here, strict=True)):
            if seat == self.flow.me or was == now:
                continue
            if not now:
                said = _("{name} has left the table (seat {seat}).")
            elif was is None:
                said = _("{name} has joined the table (seat {seat}).")
            else:
                said = _("{name} is back at the table (seat {seat}).")
            lines.append(said.format(name=self.names[seat], seat=seat + 1))
        return lines

    def _table_lines(self) -> list[str]:
        flow = self.flow
        kinds = [seat.level for seat in flow.seats]
        stand_ins = [flow.computers.stand_in(seat) for seat in flow.seats]
        lines = describe.seat_lines(self.state, self.names, kinds, stand_ins)
        if not flow.networked:
            return lines
        if flow.me is None:
            you = _("You are watching the game.")
        else:
            you = _("You play seat {seat}, {name}.").format(
                seat=flow.me + 1, name=self.names[flow.me]
            )
        return [you, *lines]

    def advance(self, say: Callable[[list[str]], None] | None = None) -> list[str]:
        """Play the computer seats this front end runs until a person (or someone
        elsewhere) is to move or the game ends; then what was said since the last call,
        and what the person may do now (once a position) or the result (once).

        ``say`` hears what was said so far before an outside bot's turn, with a line that
        it is thinking (it may take seconds): the rest is returned as ever."""
        flow = self.flow
        if flow.runs_computers and not flow.networked:
            thinking: int | None = None  # the outside bot whose turn was announced
            while not flow.over:
                seat = flow.to_move
                if seat is None or not flow.computers.runs_outside_bot(seat):
                    thinking = None
                elif say is not None and thinking != seat.number:
                    thinking = seat.number
                    name = self.names[seat.number]
                    say([*self._drain(), _("{name}'s bot is thinking...").format(name=name)])
                if not flow.computers.play_now():
                    break
        lines = self._drain()
        if flow.over:
            if not self._ended:
                self._ended = True
                lines.append(words.result_line(self.state, self.names))
                lines += words.score_lines(self.state, self.names, flow.session.setup.levels)
                if aids := words.aids_line(flow.session.aids):
                    lines.append(aids)
        elif flow.person_to_move and self._prompted is not flow.state:
            self._prompted = flow.state
            lines.append(self.may_do())
        elif self._hosting_without(self.state.current) and self._prompted is not flow.state:
            self._prompted = flow.state
            lines.append(self._not_joined(self.state.current))
        return lines

    def _hosting_without(self, seat: int) -> bool:
        """Whether this is the host's seat and ``seat``'s player has not joined yet, nor
        does a computer play for them."""
        flow = self.flow
        hosting = flow.networked and flow.can_save
        return hosting and flow.awaited(seat) and flow.seats[seat].kind is not SeatKind.COMPUTER

    def _not_joined(self, seat: int) -> str:
        """To the host: the seat to move waits for a player who has not joined, and how a
        computer plays it meanwhile (the line of their seat is printed above)."""
        # Translators: "computer" is a command and LEVEL a word to replace: keep both.
        return _(
            "It is {name}'s turn, who has not joined yet (seat {seat}): send them the line of "
            "their seat, or type computer {seat} LEVEL ({levels}) to let a computer play for "
            "them."
        ).format(name=self.names[seat], seat=seat + 1, levels=", ".join(LEVELS))

    def _drain(self) -> list[str]:
        lines, self._said = self._said, []
        return lines

    def may_do(self) -> str:
        """One line: whose turn it is and what they may type."""
        return words.turn_prompt(self.state, self.names)

    # -- one line typed ------------------------------------------------------------------

    def respond(self, line: str) -> Reply:
        """Run one line a person typed; a bad line changes nothing and says what is possible.

        When the game moved, ``advance`` says what comes next.
        """
        try:
            command = parse(line)
        except CommandError as error:
            return Reply([one_line(str(error), self.now_line())])
        self._acting = True
        try:
            reply = self._run(command)
        except MarrakechError as error:
            refused = words.as_sentence(str(error))
            # Another's turn: the refusal says whose already.
            now = () if self._waiting_for_another() else (self.now_line(),)
            reply = Reply([*self._drain(), one_line(refused, *now)])
        finally:
            self._acting = False
        reply.lines[:0] = self._drain()
        return reply

    def _run(self, command: Command) -> Reply:
        flow = self.flow
        decisions = (Plain("roll"), Plain("undo"), Plain("back"))
        decision = (
            isinstance(command, Go | Face | AimAt | LayNumber | LayCarpet) or command in decisions
        )
        # A network seat whose front end runs a computer is one joined with --bot.
        if decision and flow.networked and flow.runs_computers and not flow.over:
            return Reply([_(YOUR_COMPUTER_DECIDES)])
        if isinstance(command, AimAt) and self.flow.session.setup.variant is Variant.STANDARD:
            return Reply([one_line(_(NO_AIMING), self.now_line())])
        if isinstance(command, Face):
            try:
                command = facing_turn(command, self.state.assam.facing)
            except CommandError as behind:
                if self.flow.person_to_move and self.state.phase in (Phase.ORIENT, Phase.AIM):
                    return Reply([one_line(str(behind), self.now_line())])
                command = Go(Turn.STRAIGHT)  # no turn now at all: refused below, saying why
        if isinstance(command, Go | AimAt):
            return self._decide(self._turn_action(command))
        if isinstance(command, LayNumber):
            if self.flow.over:
                return Reply([self._game_over_line()])
            placements = self.state.legal_placements()
            if not 1 <= command.number <= len(placements):
                if not placements:
                    return Reply([one_line(_("No carpet to lay now."), self.now_line())])
                refused = _("No carpet {number}: legal numbers 1 to {last}.").format(
                    number=command.number, last=len(placements)
                )
                return Reply([one_line(refused, self.now_line())])
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
        if isinstance(command, GiveSeat):
            self.flow.give_to_computer(command.seat, command.level)
            return Reply(
                [
                    _("The {level} computer plays seat {seat} now.").format(
                        level=level_word(command.level), seat=command.seat + 1
                    )
                ]
            )
        return self._save(command)

    def _turn_action(self, command: Go | AimAt) -> Orient | Aim:
        """A way typed means a turn before the roll, an aim when aiming (``aim`` always aims)."""
        if isinstance(command, Go) and self.state.phase is not Phase.AIM:
            return Orient(command.turn)
        return Aim(command.turn)

    def _decide(self, action: Orient | Place | Aim | None) -> Reply:
        """Play a person's decision (None: roll the die) and say what it did."""
        if self.flow.over:
            return Reply([self._game_over_line()])
        if action is not None:
            reason = self.state.why_illegal(action)
        elif self.state.phase is not Phase.ROLL:
            # Out of its phase the engine refuses a roll whatever the die shows: ask with any face.
            reason = self.state.why_illegal(Roll(DIE_FACES[0]))
        else:
            reason = None
        if reason is not None and not self._waiting_for_another():
            return Reply([one_line(words.as_sentence(said(reason)), self.now_line())])
        self.flow.play(action)  # at a network table, refused when it is another's turn
        return Reply(self._drain(), moved=True)

    def _waiting_for_another(self) -> bool:
        """At a network table, whether another seat or the die is to move: not a person
        here, nor a computer this front end plays (a seat joined with ``--bot``)."""
        flow = self.flow
        seat = flow.to_move
        if not flow.networked or seat is None or flow.person_to_move:
            return False
        return flow.rolling or not (flow.runs_computers and flow.plays_here(seat))

    def now_line(self) -> str:
        """What may be typed now, after a line that could not be played: first, the
        answer another player waits for (an undo they asked this seat to agree to)."""
        if self.flow.undo_asker is not None:
            # Translators: "yes", "no" and "help" are commands: keep them in English.
            return _("Now: yes or no to {name}'s request; help lists every command.").format(
                name=self.flow.undo_asker
            )
        if self._waiting_for_another():
            return words.waiting_line(self.state, self.names, self.flow.me)
        if self.flow.over:
            return self._game_over_line()
        return words.choices_line(self.state)

    def _plain(self, name: str) -> Reply:
        if name == "roll":
            # Before the roll, rolling keeps Assam's facing: the same decision as "ahead".
            return self._decide(Orient(Turn.STRAIGHT) if self.state.phase is Phase.ORIENT else None)
        if name in ("undo", "redo"):
            return self._rewind(redo=name == "redo")
        if name in ("yes", "no"):
            return self._answer_undo(name == "yes")
        if name == "hint":
            return Reply([self._hint()])
        if name == "back":
            self.flow.take_seat_back()
            return Reply([_("Asked the host for your seat back.")])
        return Reply([self.goodbye()], quit=True)

    def _rewind(self, *, redo: bool) -> Reply:
        flow = self.flow
        if flow.over and (redo or not flow.can_undo):  # said once, with what is left to do
            return Reply([self._game_over_line()])
        before, asked = flow.session.transitions, flow.undo_asked()
        if redo:
            flow.redo()
        else:
            flow.undo()
            self._ended = False  # an end taken back: the next end is told again
        lines = rewound(before, flow.session.transitions, self.names, redo=redo, asked=asked)
        if flow.session.transitions == before:  # a network game: its owner is asked first
            return Reply(lines or [_("Asked to take back the last decision.")])
        return Reply(lines, moved=True)

    def _undo_question(self, asker: str) -> str:
        """What ``asker`` asks of this seat: to take back its last decision (named)."""
        decision = self.flow.undo_decision()
        if decision is None:
            return _("{name} asks to take back your last decision: type yes or no.").format(
                name=asker
            )
        return _(
            "{name} asks to take back your last decision ({decision}): type yes or no."
        ).format(name=asker, decision=words.action_words(decision))

    def _answer_undo(self, accept: bool) -> Reply:
        self.flow.answer_undo(accept)
        if accept:
            lines = [_("You said yes: your last decision is taken back.")]
            if self.flow.person_to_move:  # taken back at once (the host's seat): decide again
                self._prompted = self.flow.state  # a position met before: said here, not again
                lines.append(self.may_do())
            return Reply(lines)
        return Reply([one_line(_("You said no: your decision stands."), self.now_line())])

    def _game_over_line(self) -> str:
        """What a move or a hint gets once the game is over (and whether its end may still
        be taken back)."""
        if self.flow.can_undo:
            # Translators: "undo", "review" and "quit" are commands: keep them in English.
            return _(
                "The game is over: type undo to take back your last decision and play on, review "
                "to look back at it, or quit."
            )
        return _(
            "The game is over: nothing is left to play. Type review to look back at it, or quit."
        )

    def _hint(self) -> str:
        if self.flow.over:
            return self._game_over_line()
        if not self.flow.person_to_move:
            return _("Hints are for your own decisions: it is not your turn.")
        if self.state.phase not in (Phase.ORIENT, Phase.PLACE, Phase.AIM):
            return one_line(_("Nothing to choose here."), words.choices_line(self.state))
        try:
            found = hint(self.state, chances=self.flow.why_no_win_chances() is None)
        except Exception:  # the hint giver failing is no reason to stop the game
            found = None
        if found is None:
            return _("No hint available here.")
        self.flow.note_hint()
        # Where the reasons follow, they name the carpet's squares ("Laying it on ...").
        choice = describe.choice_words(found.pick, self.state, squares=found.compared is None)
        if found.any_way and found.sentences:  # the reasons say that any way will do
            return _("Hint: {reasons}").format(reasons=one_line(*found.sentences))
        said = (
            _("Hint: any way will do.")
            if found.any_way
            else _("Hint: {choice}.").format(choice=choice)
        )
        return one_line(said, *found.sentences)

    def _look(self, name: str) -> list[str]:
        state, names = self.state, self.names
        if name == "board":
            return describe.market_lines(state)
        if name == "picture":
            return describe.picture_lines(state)
        if name == "legal":
            return describe.legal_lines(state, names)
        if name == "risk":
            return describe.risk_lines(self.flow.lane_risks(), state, names)
        if name == "regions":
            return describe.region_lines(state, names)
        if name == "scores":
            return words.score_lines(state, names, self.flow.session.setup.levels)
        if name == "log":
            return describe.numbered_turns(self.flow.log()) or [_("Nothing has happened yet.")]
        if name == "summary":
            return summary_lines(self.flow.session.start, self.flow.recaps, names)
        if name == "review":
            return self._review()
        if name == "eval":
            return [self._win_chances()]
        if name == "where":  # the line that asked for a decision, said again
            return [self.may_do() if self.flow.person_to_move else self.now_line()]
        return [_(line) for line in self._help()]

    def _help(self) -> tuple[str, ...]:
        """The lines of ``help`` at this table: playing (not to a spectator: the turn and
        the roll, or in an aiming game the roll and the aim, then laying), looking, and
        this table's own."""
        playing = not (self.flow.networked and self.flow.me is None)
        standard = self.state.variant is Variant.STANDARD
        return (
            HELP_HEADING,
            *((*(TURNING_LINES if standard else AIMING_LINES), LAYING_LINE) if playing else ()),
            *LOOKING_LINES,
            *self._table_help(),
        )

    def _table_help(self) -> tuple[str, ...]:
        """The lines of ``help`` that depend on the table: this terminal's, a host's, a
        joined seat's or a spectator's."""
        if not self.flow.networked:
            return HERE_LINES
        if self.flow.me is None:
            return WATCHING_LINES
        return HOST_LINES if self.flow.can_save else JOINED_LINES

    def _win_chances(self) -> str:
        try:
            chances = self.flow.win_chances()
        except ValueError as error:
            return _("Chances to win: {reason}.").format(reason=error)
        each = [
            _("{name} {chance}").format(name=name, chance=percent)
            for name, percent in zip(self.names, words.percents(chances), strict=True)
        ]
        if self.state.phase in (Phase.ORIENT, Phase.PLACE, Phase.AIM):  # as the app says it
            return _("Chances to win, after {name}'s best move: {chances}.").format(
                name=self.names[self.state.current], chances=_(", ").join(each)
            )
        return _("Chances to win now: {chances}.").format(chances=_(", ").join(each))

    def _review(self) -> list[str]:
        if not self.flow.over:
            opens = _("The review opens when the game is over: it judges every decision.")
            return [one_line(opens, self.now_line())]
        from marrakech.flow.review import review, review_lines  # the evaluator, when asked

        session = self.flow.session
        people = any(session.setup.is_person(seat) for seat in range(session.setup.players))
        return list(review_lines(review(session, computers=not people), self.names))

    def _save(self, command: Save) -> Reply:
        if not self.flow.can_save and not self.flow.over:
            return Reply([_("Not saved: only the host holds the whole game (its hidden piles).")])
        try:
            problem = storage.save_problem(command.name, self.flow.session)
            if problem is not None:  # another game is never written over
                refused = _("Not saved: {problem}. Save it under another name.")
                return Reply([one_line(refused.format(problem=problem), self.now_line())])
            path = storage.save_named(command.name, self.flow.session)
        except (SaveFileError, OSError) as error:
            reason = words.as_sentence(str(error), capital=False)
            return Reply(
                [one_line(_("Not saved: {reason}").format(reason=reason), self.now_line())]
            )
        return Reply(
            # The name as kept: a full-width digit typed is the plain one that loads it.
            [
                _('Saved as "{name}", in {path}.').format(
                    name=shown(path.stem), path=shown(str(path))
                )
            ]
        )

    # -- leaving -------------------------------------------------------------------------

    def goodbye(self) -> str:
        """What is said when the player leaves an unfinished game (it stays to resume)."""
        if self.flow.over:
            return _("Goodbye.")
        saves = self.flow.can_save or not self.flow.networked  # a joined seat keeps nothing
        problem = autosaves.folder_not_writable() if saves else None
        if problem is not None and self.flow.session.transitions:
            return _(
                "Goodbye: the game is not saved ({problem}): what was played here is lost."
            ).format(problem=problem)
        if self.flow.networked and self.flow.can_save:
            path = self.flow.autosave_path
            if path is None:
                return _("Goodbye: nothing was played, so there is nothing to host again.")
            # Translators: the command is typed as it is.
            return _("Goodbye: the game is saved, and {command} goes on with it.").format(
                command=autosaves.host_command(path)
            )
        if self.flow.networked and self.flow.me is None:
            # Translators: the command in quotation marks is typed as it is.
            return _("Goodbye: the game goes on; your “marrakech join” line watches it again.")
        if self.flow.networked:
            return _("Goodbye: the game goes on without you; your join code lets you back in.")
        if self.flow.autosave_path is None:
            return _("Goodbye: nothing was played here, so there is nothing new to resume.")
        return _("Goodbye: the game is saved, and marrakech --text resumes it.")

    def close(self) -> None:
        """Let go of the game: its autosave stays, unlocked, to resume."""
        self.flow.close()
