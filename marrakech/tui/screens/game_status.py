"""Plain Python beside the game screen: what a person points at, the walk shown, the status line.

``Pointing`` is the person's pick before it is played (the turn, the carpet, a mouse
probe over an illegal spot, a passing message); each method returns the next pick after a
key or the mouse, moved with the flow's cursor functions (a click may also lay the carpet
shown). ``status_text`` writes the two lines under the market.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text

from marrakech.engine import (
    Action,
    Aim,
    Assam,
    Direction,
    GameState,
    Orient,
    Phase,
    Place,
    Roll,
    Square,
    Transition,
    Turn,
)
from marrakech.flow import ComputerMove, GameFlow, SeatKind, TurnRecap, cursor, looped_steps, recaps
from marrakech.flow.risk import LaneRisk
from marrakech.games.language import N_, _, pgettext
from marrakech.games.levels import computer_label
from marrakech.games.narrate import toll_region
from marrakech.games.reasons import said
from marrakech.games.settings import LOOP_PAUSE_STEPS
from marrakech.games.words import (
    STRAIGHT_ON,
    as_sentence,
    colour_to_lay,
    compass_word,
    dirhams_words,
    lays_last_carpet,
    square_text,
    way_words,
)
from marrakech.tui.widgets.board import Ghost, Lane

if TYPE_CHECKING:
    from marrakech.flow.hint import Hint

_TURN_WORDS = {
    Turn.LEFT: N_("turn left"),
    Turn.STRAIGHT: N_("go straight"),
    Turn.RIGHT: N_("turn right"),
}


def _way(state: GameState, turn: Turn) -> str:
    """A turn in words with the way it leads: "left, to the west", "straight on, to the north"."""
    return way_words(turn, state.assam.facing, straight=STRAIGHT_ON)


@dataclass(frozen=True, slots=True)
class Pointing:
    """What the person to move has picked and not played yet."""

    turn: Turn | None = None
    """The facing picked for orienting or aiming."""
    carpet: Place | None = None
    """The legal carpet picked for laying."""
    probe: Place | None = None
    """An illegal carpet under the mouse, shown instead of ``carpet``."""
    reason: str = ""
    """Why the probe is illegal."""
    message: str = ""
    """A passing message for the status line."""

    @classmethod
    def fresh(cls, state: GameState) -> Pointing:
        """The first pick in a position: straight ahead, the carpet in front of Assam."""
        placing = state.phase is Phase.PLACE
        return cls(cursor.default_turn(state), cursor.first_carpet(state) if placing else None)

    def saying(self, message: str) -> Pointing:
        """The same pick with a message."""
        return replace(self, message=message)

    def picked_a_way(self, state: GameState) -> bool:
        """Whether a way is picked for Assam, before the roll or an aim, other than the one
        a position starts with (``fresh``): undo takes that pick back first."""
        in_play = state.phase in (Phase.ORIENT, Phase.AIM)
        return in_play and self.turn is not None and self.turn != cursor.default_turn(state)

    def turned(self, state: GameState, way: str) -> Pointing | None:
        """Turned one way ("left", "right", "straight"); None when that way leads nowhere."""
        turn = cursor.turned(state, self.turn, way)
        return None if turn is None else replace(self, turn=turn, message="")

    def laying(self, carpet: Place | None) -> Pointing | None:
        """On another legal carpet (the probe cleared); None when there is none."""
        if carpet is None:
            return None
        return replace(self, carpet=carpet, probe=None, reason="", message="")

    def moved(self, state: GameState, way: str) -> Pointing | None:
        """The carpet moved to the nearest legal spot ``way``; None when there is none."""
        return self.laying(self.carpet and cursor.moved_carpet(state, self.carpet, way))

    def rotated(self, state: GameState) -> Pointing | None:
        """The carpet turned a quarter; None when it cannot turn."""
        return self.laying(self.carpet and cursor.rotated_carpet(state, self.carpet))

    def cycled(self, state: GameState, step: int) -> Pointing | None:
        """On the next legal spot (``step`` -1: the previous); None when there is none."""
        return self.laying(cursor.cycled_carpet(state, self.carpet, step))

    def why_not_further(self, state: GameState, way: str) -> str | None:
        """Why the carpet picked may not lie one square ``way`` (a key of ``cursor.WAYS``),
        as a sentence; None where that is off the market, allowed, or nothing is picked."""
        spot = None if self.carpet is None else cursor.shifted_carpet(self.carpet, way)
        reason = None if spot is None else state.why_illegal(spot)
        return None if reason is None else as_sentence(said(reason))

    def probing(self, state: GameState, square: Square) -> Pointing:
        """Over a square: the legal carpet covering it, or an illegal probe with the reason."""
        place = cursor.carpet_over(state, square, self.carpet)
        reason = state.why_illegal(place)
        if reason is None:
            return replace(self, carpet=place, probe=None, reason="")
        return replace(self, probe=place, reason=as_sentence(said(reason)))

    def respoken(self, state: GameState) -> Pointing:
        """The same pick after a change of language: a probe's reason said again in the
        language spoken now, a passing message (said in the other) gone."""
        reason = None if self.probe is None else state.why_illegal(self.probe)
        return replace(self, reason="" if reason is None else as_sentence(said(reason)), message="")

    def unprobed(self) -> Pointing:
        """With the probe taken away."""
        return replace(self, probe=None, reason="")

    def ghost(self, state: GameState) -> Ghost | None:
        """The carpet to draw over the market while laying: the probe, else the pick."""
        colour = state.players[state.current].top
        if colour is None or state.phase is not Phase.PLACE:
            return None
        if self.probe is not None:
            return Ghost(self.probe, colour, legal=False)
        return Ghost(self.carpet, colour) if self.carpet is not None else None

    def turned_assam(self, state: GameState) -> Assam | None:
        """Assam as the turn picked would face him, before it is played (None: as he is)."""
        if self.turn is None or state.phase not in (Phase.ORIENT, Phase.AIM):
            return None
        square, facing = state.assam
        return Assam(square, facing.turned(self.turn))

    def hovering(self, state: GameState, square: Square | None) -> Pointing:
        """With the mouse over ``square`` while laying (``probing``), or off the squares
        (the probe taken away)."""
        return self.unprobed() if square is None else self.probing(state, square)

    def clicked(
        self, state: GameState, square: Square, risks: Sequence[LaneRisk]
    ) -> Pointing | Place | None:
        """What a click on ``square`` does: while laying, lay the carpet shown (that Place)
        when it covers the square, else pick the carpet over it (``probing``); before a
        roll or an aim, turn Assam to the lane that stops there. None: the click leads
        nowhere."""
        if state.phase is not Phase.PLACE:
            return self.aiming_at(square, risks)
        carpet = self.carpet
        if self.probe is None and carpet is not None and square in (carpet.a, carpet.b):
            return carpet
        return self.probing(state, square)

    def aiming_at(self, square: Square, risks: Sequence[LaneRisk]) -> Pointing | None:
        """Turned to the facing whose lane stops on ``square``; None when none does."""
        for risk in risks:
            if square in risk.stops and risk.turn is not None:
                return replace(self, turn=risk.turn, message="")
        return None

    def hinting(self, action: object, found: Hint | None = None) -> Pointing:
        """Showing a hint, or saying there is none (the hint giver failed); where all
        three ways are alike (``found``), Assam stays as he is."""
        if not isinstance(action, Orient | Aim | Place):
            return self.saying(_("No hint available here."))
        if found is not None and found.any_way:
            return self.saying(_("Hint: any way will do."))
        return self.showing(action).saying(_("Hint: {hint}.").format(hint=hint_words(action)))

    def showing(self, action: Orient | Aim | Place) -> Pointing:
        """Showing a choice (a computer's, or a hint)."""
        if isinstance(action, Place):
            return replace(self, carpet=action, probe=None, reason="")
        return replace(self, turn=action.turn)


@dataclass(frozen=True, slots=True)
class Frame:
    """What the market, the panels, the die and the log show at one moment.

    During a walk they show the game as it was before the roll, Assam on his way and
    the die's new face; then the position reached, with the region just paid marked and
    Assam facing the way the player has picked, before it is played.
    """

    state: GameState
    assam: Assam | None
    """Assam when not drawn as the position has him: on his walk, or turned as picked."""
    log: list[str]
    last_roll: TurnRecap | None
    """The roll whose tolls the panels show."""
    region: frozenset[Square]
    die: int | None
    status: Text
    """The two lines under the market (``status_text``)."""
    risks: tuple[LaneRisk, ...]
    """The risk of each way Assam may go now (none during a walk)."""
    risk_title: str
    """The risk table's heading: who would roll."""
    turn: Turn | None
    """The way picked."""
    ghost: Ghost | None
    """The carpet drawn over the market while laying."""
    presence: tuple[str, ...] = ()
    """Each seat's player's presence in a few words, when they play from elsewhere and
    are not at the table: "not joined", "away" ("" for the others)."""
    aside: str = ""
    """A line the status may add where it has room and nothing else to say second
    (``arrow_words``: what the arrows do when Assam does not face up the screen)."""

    @property
    def lanes(self) -> tuple[Lane, ...]:
        """Where Assam would stop for each die face, one lane per way, the picked one marked."""
        single = len(self.risks) == 1
        return tuple(
            Lane(risk.stops, chosen=single or risk.turn == self.turn) for risk in self.risks
        )

    @property
    def marks(self) -> dict[str, Any]:
        """What the board draws over the position: Assam, the lanes, the carpet, the region."""
        return {
            "assam": self.assam,
            "lanes": self.lanes,
            "ghost": self.ghost,
            "region": self.region,
        }

    @classmethod
    def of(
        cls,
        flow: GameFlow,
        walk: WalkShown | None,
        pointing: Pointing,
        *,
        results_open: bool = False,
    ) -> Frame:
        """The frame of the game now, or of a walk being shown (``results_open``: the
        results are open over the final board)."""
        status = status_text(flow, walk, pointing, results_open=results_open)
        presence = tuple(presence_words(flow, seat) for seat in range(len(flow.seats)))
        if walk is not None:
            assam = Assam(*walk.transition.path[walk.step])
            before = walk.transition.before
            return cls(
                before,
                assam,
                walk.log,
                walk.last_roll,
                frozenset(),
                walk.roll,
                status,
                (),
                "",
                None,
                None,
                presence,
            )
        last = flow.last_roll
        die = last.roll if last is not None and _roll_is_current(flow, last) else None
        risks = flow.lane_risks()
        title = _("If {name} rolls:").format(name=flow.names[risks[0].seat]) if risks else ""
        mine = flow.person_to_move  # a pick is drawn only for a person here to decide
        return cls(
            flow.state,
            pointing.turned_assam(flow.state) if mine else None,
            flow.log(),
            last,
            flow.region_just_paid,
            die,
            status,
            risks,
            title,
            pointing.turn,
            pointing.ghost(flow.state) if mine else None,
            presence,
            "" if "\n" in status.plain else arrow_words(flow) or "",
        )

    def money_change(self, seat: int) -> int:
        """The dirhams a seat gained or lost by the last roll's toll."""
        return self.last_roll.money_change(seat) if self.last_roll is not None else 0


def _roll_is_current(flow: GameFlow, last: TurnRecap) -> bool:
    """Whether the die still shows ``last`` roll: during its turn (the carpet, the aim)
    and on the final board, not once the next player's turn has begun."""
    state = flow.state
    if flow.over:
        return True
    return state.phase in (Phase.PLACE, Phase.AIM) and last.seat == state.current


class ChancesShown:
    """Each player's chance to win beside their points (``w``): whether they show, and
    those of the position last asked for, once worked out."""

    def __init__(self, showing: bool = False) -> None:
        """``showing``: shown from the start (a game resumed where they were shown)."""
        self.showing = showing
        self._asked: GameState | None = None
        self._found: tuple[float, ...] | None = None

    def toggle(self) -> bool:
        """Show them, or hide them; True when they show now."""
        self.showing = not self.showing
        self._asked = self._found = None
        return self.showing

    def of(self, state: GameState) -> tuple[float, ...] | None:
        """The chances to show for ``state``: None while hidden or not worked out yet."""
        return self._found if self.showing and self._asked is state else None

    def wanted(self, state: GameState) -> bool:
        """True when ``state``'s chances should be worked out now (then asked for)."""
        if not self.showing or self._asked is state:
            return False
        self._asked, self._found = state, None
        return True

    def found(self, state: GameState, chances: tuple[float, ...] | None) -> bool:
        """Keep the chances worked out for ``state``; True when they are to be shown."""
        if self._asked is not state:
            return False
        self._found = chances
        return True


def hint_words(action: Orient | Aim | Place) -> str:
    """A hint in words: "turn left", "lay the carpet on (2,3)-(2,4)"."""
    if isinstance(action, Place):
        return _("lay the carpet on {first}-{second}").format(
            first=square_text(action.a), second=square_text(action.b)
        )
    return _(_TURN_WORDS[action.turn])


def hint_found(move: ComputerMove, result: Action | Exception) -> Hint | None:
    """What the hint giver found when it answered ``move`` so (None when it failed)."""
    from marrakech.flow.hint import HintGiver  # needed only when a hint is asked for

    if isinstance(result, Exception) or not isinstance(move.bot, HintGiver):
        return None
    found = move.bot.found
    return found if found is not None and found.pick == result else None


def walk_timing(roll: Transition, step_seconds: float) -> tuple[float, ...]:
    """How long Assam stays on each square of his walk: longer where he came round a loop."""
    return tuple(
        step_seconds * (LOOP_PAUSE_STEPS if looped else 1) for looped in looped_steps(roll)
    )


@dataclass
class WalkShown:
    """Assam's walk after a roll, shown step by step, and the game as it was before the roll."""

    transition: Transition
    log: list[str]
    """The log without the roll."""
    last_roll: TurnRecap | None
    """The roll before this one (the panels show its tolls until the walk ends)."""
    step: int = 0

    @classmethod
    def of(cls, flow: GameFlow, roll: Transition) -> WalkShown:
        """The walk of one of the flow's rolls: its last, or (a network game's moves
        arriving faster than they are shown) an earlier one."""
        transitions = flow.session.transitions
        index = len(transitions) - 1
        while index > 0 and transitions[index] != roll:
            index -= 1
        earlier = recaps(transitions[:index], flow.names)
        last_roll = next((recap for recap in reversed(earlier) if recap.roll is not None), None)
        return cls(roll, [recap.words for recap in earlier], last_roll)

    @property
    def roll(self) -> int:
        """The die value being walked."""
        action = self.transition.action
        assert isinstance(action, Roll)
        return action.value


# Translators: b is the key that asks for the seat back.
GIVEN_AWAY = N_("A computer plays your seat: b gives it back to you.")
"""What a network player's board says while the host lets a computer play their seat."""


def presence_words(flow: GameFlow, seat: int) -> str:
    """Whether the player of a seat elsewhere is missing from the table, in a word or
    two for their panel: not joined yet, or away; "" when here (or not elsewhere), and
    once the game is over (each player's program lets go of the table then)."""
    if flow.seats[seat].kind is not SeatKind.REMOTE or flow.over:
        return ""
    if flow.away_since(seat) is not None:
        # Translators: beside a player's name in their panel: they left the table.
        return pgettext("player panel", "away")
    if flow.awaited(seat):
        # Translators: beside a player's name in their panel: they have not come yet.
        return pgettext("player panel", "not joined")
    return ""


def _remote_words(flow: GameFlow, seat: int) -> str:
    """What the player of a seat elsewhere is doing: not joined yet, playing there, or
    away since they left (with how the host lets a computer play for them)."""
    name = flow.names[seat]
    host = flow.networked and flow.can_save  # the host's own board (``NetworkGameScreen``)
    left = flow.away_since(seat)
    if left is None and flow.awaited(seat):
        if host:
            words = _("Waiting for {name} to join (seat {seat}): c lets a computer play for them.")
            return words.format(name=name, seat=seat + 1)
        return _("Waiting for {name} to join...").format(name=name)
    if left is None:
        return _("{name} is playing on another machine...").format(name=name)
    since = time.strftime("%H:%M", time.localtime(left))
    if host:
        words = _("{name} is away (disconnected since {time}): c lets a computer play for them.")
    else:
        words = _("{name} is away (disconnected since {time}): the host may let a computer play.")
    return words.format(name=name, time=since)


def _link_words(flow: GameFlow) -> str | None:
    """What a joined board says once its client has stopped for good, or while it tries
    to reach the host again; None while the table is connected (and at any other table)."""
    if flow.stopped is not None:
        if flow.host_gone and flow.host_stopped:
            return _(
                "The host stopped the game and has not come back: q leaves; run your join "
                "line again once it is hosted again."
            )
        if flow.host_gone:
            return _(
                "The host cannot be reached: this board no longer plays. q leaves; run your "
                "join line again to come back."
            )
        reason = as_sentence(flow.stopped)
        # Translators: {reason} is a sentence: "Your seat was taken from another terminal."
        return _("{reason} This board no longer plays; q leaves.").format(reason=reason)
    if flow.reconnecting and flow.host_stopped:
        return _("The host stopped the game: waiting for it to come back...")
    if flow.reconnecting:
        return _("The connection to the host is lost: reconnecting...")
    return None


def _toll_words(flow: GameFlow) -> str | None:
    """What the roll before this carpet cost the one laying it: "Bo paid Ayla 2 dirhams
    (region of 2 red squares)."; None where it cost nothing."""
    transitions = flow.session.transitions
    last = transitions[-1] if transitions else None
    if last is None or not isinstance(last.action, Roll) or last.payee is None:
        return None
    return _("{name} paid {payee} {paid} ({region}).").format(
        name=flow.names[last.seat],
        payee=flow.names[last.payee],
        paid=dirhams_words(last.paid),
        region=toll_region(last),
    )


def arrow_words(flow: GameFlow) -> str | None:
    """Where ← and → turn Assam, while a person here chooses his way and he does not face
    up the screen (there, his left is the screen's): "← turns Assam east, → west"."""
    state = flow.state
    facing = state.assam.facing
    if not flow.person_to_move or state.phase not in (Phase.ORIENT, Phase.AIM):
        return None
    if facing is Direction.N:
        return None
    # Translators: what the arrow keys do when Assam does not face up the screen: "← turns
    # Assam east, → west: his own left and right."
    return _("← turns Assam {left}, → {right}: his own left and right.").format(
        left=compass_word(facing.turned(Turn.LEFT)), right=compass_word(facing.turned(Turn.RIGHT))
    )


def status_text(
    flow: GameFlow, walk: WalkShown | None, pointing: Pointing, *, results_open: bool = False
) -> Text:
    """The two lines under the market: who does what now, then a reason or a message.

    Once the game is over, Enter shows the results; while they are open over the board,
    Enter is theirs, and these lines do not speak of it."""
    state = flow.state
    name = flow.names[state.current]
    seat = flow.to_move
    if walk is not None:
        first = _("{name} rolls {roll}: Assam walks...").format(name=name, roll=walk.roll)
    elif (link := _link_words(flow)) is not None:
        first = link
    elif seat is None and results_open:
        first = _("The market is closed: the game is over.")
    elif seat is None:
        first = _("The market is closed: the game is over. Enter shows the results.")
    elif flow.rolling and flow.nobody_to_share:  # it waits a little for one who left
        first = _(
            "{name}: Assam faces {facing}; the die waits a few seconds for a player who is "
            "away to add to it, then the host rolls it alone..."
        ).format(name=name, facing=compass_word(state.assam.facing))
    elif flow.rolling:  # a network roll waits for a player's share: nobody decides
        first = _(
            "{name}: Assam faces {facing}; the die is being rolled, waiting for a player's share..."
        ).format(name=name, facing=compass_word(state.assam.facing))
    elif seat.kind is SeatKind.REMOTE:
        first = _remote_words(flow, seat.number)
    elif not seat.is_person:
        # Translators: {computer} is "hard computer" or "outside bot MyBot".
        first = _("{name} ({computer}) is thinking...").format(
            name=name, computer=computer_label(str(flow.computers.playing(seat)))
        )
    elif state.phase is Phase.ORIENT and pointing.turn is not None:
        first = _("{name}: Assam will go {way}; Enter rolls.").format(
            name=name, way=_way(state, pointing.turn)
        )
    elif state.phase is Phase.ROLL:
        first = _("{name}: Assam faces {facing}; Enter rolls.").format(
            name=name, facing=compass_word(state.assam.facing)
        )
    elif state.phase is Phase.PLACE:
        if lays_last_carpet(state):
            lay = _("{name}: lay your last carpet ({colour}).")
        else:
            lay = _("{name}: lay your {colour} carpet.")
        first = lay.format(name=name, colour=colour_to_lay(state))
    elif pointing.turn is not None:
        first = _("{name}: aim Assam {way}; Enter aims.").format(
            name=name, way=_way(state, pointing.turn)
        )
    else:
        first = _("{name}: aim Assam for the next player: ← left or → right.").format(name=name)
    second = pointing.reason or pointing.message
    if not second and state.phase is Phase.PLACE:
        second = _toll_words(flow) or ""
    if not second and flow.networked and flow.me is None and seat is not None:
        second = _("You are watching the game.")
    elif not second and flow.given_away and seat is not None:
        second = _(GIVEN_AWAY)
    status = Text(first)
    if second:
        status.append("\n" + second, style="dim")
    return status
