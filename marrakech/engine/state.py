"""The game state: frozen, hashable, and the one place where the rules are applied."""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Action, Aim, Orient, Place, Roll
from .errors import GameNotOver, IllegalAction
from .movement import WALK_TABLE, walk_path
from .types import (
    SIZE,
    Colour,
    Direction,
    Phase,
    Square,
    Turn,
    Variant,
    carpets_per_colour,
    colours_for_seat,
)

STARTING_MONEY = 30
"""Dirhams each player starts with."""

START_SQUARE: Square = (3, 3)
"""Assam starts in the middle of the market, facing N."""

DIE_PROBABILITIES: tuple[tuple[int, float], ...] = ((1, 1 / 6), (2, 1 / 3), (3, 1 / 3), (4, 1 / 6))
"""Each die outcome with its probability (faces 1, 2, 2, 3, 3, 4)."""


class Layer(NamedTuple):
    """One carpet half in a square's stack: its colour and the carpet's id."""

    colour: Colour
    carpet: int


Stack = tuple[Layer, ...]
"""The carpet halves on one square, bottom first; the last one is visible."""


class Charge(NamedTuple):
    """What stopping on a square costs a seat: the toll, what it can pay, bankruptcy."""

    toll: int
    """The size of the charged region; 0 on an empty square, own or neutral carpet."""
    paid: int
    """What changes hands: the toll, or everything the seat holds when it is bankrupt."""
    payee: int | None
    bankrupt: bool
    """True only when the toll is more than the seat's money."""


def _charge(toll: int, payee: int | None, money: int) -> Charge:
    """The bankruptcy rule: a toll above your money takes all of it and puts you out."""
    if payee is None:
        return _FREE
    return Charge(toll, min(toll, money), payee, toll > money)


_FREE = Charge(0, 0, None, False)


class Assam(NamedTuple):
    """Where Assam stands and which way he faces."""

    square: Square
    facing: Direction


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: money, the colours it owns, the carpets still to lay (top first)."""

    money: int
    colours: tuple[Colour, ...]
    pile: tuple[Colour, ...]
    eliminated: bool = False
    discarded: int = 0
    """Carpets that left the game unplaced when this player went bankrupt."""

    @property
    def carpets_left(self) -> int:
        """How many carpets this player still has to lay."""
        return len(self.pile)

    @property
    def top(self) -> Colour | None:
        """The colour of the next carpet to lay (public, also in 2-player games)."""
        return self.pile[0] if self.pile else None


class Score(NamedTuple):
    """A seat's score: visible squares of its colours plus dirhams."""

    seat: int
    visible: int
    dirhams: int
    eliminated: bool

    @property
    def total(self) -> int:
        """Visible squares plus dirhams."""
        return self.visible + self.dirhams


@dataclass(frozen=True, slots=True)
class Transition:
    """What one action did: the states on both sides and what happened in between."""

    before: GameState
    action: Action
    after: GameState
    path: tuple[tuple[Square, Direction], ...] = ()
    """Roll only: (square, facing) after each step, border loops included."""
    toll: int = 0
    """Roll only: what the square charged (the region's size), 0 when free."""
    paid: int = 0
    """Roll only: the dirhams that changed hands (less than toll on bankruptcy)."""
    payee: int | None = None
    """Roll only: the seat that was paid."""
    region: frozenset[Square] = frozenset()
    """Roll only: the charged region (empty when nothing was charged)."""
    eliminated: int | None = None
    """Roll only: the seat that went bankrupt."""
    carpet: int | None = None
    """Place only: the id of the carpet laid."""
    colour: Colour | None = None
    """Place only: the colour of the carpet laid."""

    @property
    def seat(self) -> int:
        """The seat that acted."""
        return self.before.current


def _index(square: Square) -> int:
    return square[0] * SIZE + square[1]


SQUARES: tuple[Square, ...] = tuple(divmod(i, SIZE) for i in range(SIZE * SIZE))
"""Every square, row-major."""

_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SIZE + (c + dc)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )
    for r, c in SQUARES
)

_DOMINOES: dict[Place, tuple[int, int]] = {
    Place(SQUARES[a], SQUARES[b]): (a, b)
    for a in range(SIZE * SIZE)
    for b in _NEIGHBOURS[a]
    if a < b
}


def _candidates(assam: int) -> tuple[tuple[int, int, Place], ...]:
    found = [
        (a, b, place)
        for place, (a, b) in _DOMINOES.items()
        if assam not in (a, b) and (assam in _NEIGHBOURS[a] or assam in _NEIGHBOURS[b])
    ]
    return tuple(sorted(found, key=lambda item: (item[0], item[1])))


_CANDIDATES = tuple(_candidates(i) for i in range(SIZE * SIZE))
_CANDIDATE_MAP: tuple[dict[Place, tuple[int, int]], ...] = tuple(
    {place: (a, b) for a, b, place in candidates} for candidates in _CANDIDATES
)
_ORIENTS = tuple(Orient(turn) for turn in Turn)
_AIMS_STRICT = (Aim(Turn.LEFT), Aim(Turn.RIGHT))
_AIMS_ALL = tuple(Aim(turn) for turn in Turn)
_ROLLS = tuple(Roll(value) for value, _ in DIE_PROBABILITIES)
_EMPTY: Stack = ()
_NO_REGION: frozenset[int] = frozenset()


def _flood(stacks: tuple[Stack, ...], start: int, colour: Colour) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        for n in _NEIGHBOURS[todo.pop()]:
            if n not in seen:
                stack = stacks[n]
                if stack and stack[-1].colour == colour:
                    seen.add(n)
                    todo.append(n)
    return seen


def _covers_whole_carpet(stacks: tuple[Stack, ...], a: int, b: int) -> bool:
    """The placement rule: never both visible halves of one carpet (checked by identity)."""
    stack_a = stacks[a]
    stack_b = stacks[b]
    return bool(stack_a and stack_b and stack_a[-1].carpet == stack_b[-1].carpet)


def _square_text(square: object) -> str:
    if isinstance(square, tuple) and len(square) == 2:
        return f"({square[0]},{square[1]})"
    return repr(square)


@dataclass(frozen=True, slots=True)
class GameState:
    """A position: frozen and hashable. ``apply`` returns the next one.

    ``stacks`` holds the market flat, row-major (index ``row * 7 + col``); use ``stack``
    or ``market`` to read it by square.
    """

    variant: Variant
    phase: Phase
    current: int
    assam: Assam
    players: tuple[PlayerState, ...]
    stacks: tuple[Stack, ...]
    next_carpet: int
    """The id the next carpet laid will get (greater than every id on the market)."""

    # -- reading the position -------------------------------------------------------

    @property
    def market(self) -> tuple[tuple[Stack, ...], ...]:
        """The market as 7 rows of 7 stacks (bottom first)."""
        s = self.stacks
        return tuple(s[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))

    def stack(self, square: Square) -> Stack:
        """The carpet halves on a square, bottom first."""
        return self.stacks[_index(square)]

    def top(self, square: Square) -> Layer | None:
        """The visible carpet half on a square, or None when it is empty."""
        stack = self.stacks[_index(square)]
        return stack[-1] if stack else None

    def owner(self, colour: Colour) -> int | None:
        """The seat that owns a colour, or None when no seat plays it."""
        for seat, player in enumerate(self.players):
            if colour in player.colours:
                return seat
        return None

    def is_neutral(self, colour: Colour) -> bool:
        """True when carpets of this colour charge no toll and score for nobody."""
        seat = self.owner(colour)
        return seat is None or self.players[seat].eliminated

    def region(self, square: Square) -> frozenset[Square]:
        """The orthogonally connected visible squares of the colour shown on a square."""
        index = _index(square)
        stack = self.stacks[index]
        if not stack:
            return frozenset()
        return frozenset(SQUARES[i] for i in _flood(self.stacks, index, stack[-1].colour))

    def toll_at(self, square: Square, seat: int | None = None) -> tuple[int, int | None]:
        """What stopping on a square would charge a seat (default: the current one).

        Returns (toll, payee); (0, None) on an empty square, own or neutral carpet.
        """
        payee, region = self._charged_region(_index(square), self.current if seat is None else seat)
        return len(region), payee

    def charge_at(self, square: Square, seat: int | None = None) -> Charge:
        """What stopping on a square would cost a seat (default: the current one), all told."""
        payer = self.current if seat is None else seat
        payee, region = self._charged_region(_index(square), payer)
        return _charge(len(region), payee, self.players[payer].money)

    def _charged_region(self, index: int, payer: int) -> tuple[int | None, AbstractSet[int]]:
        """The toll rule: who gets paid for stopping on a square, and for which region."""
        stack = self.stacks[index]
        if not stack:
            return None, _NO_REGION
        colour = stack[-1].colour
        owner = self.owner(colour)
        if owner is None or owner == payer or self.players[owner].eliminated:
            return None, _NO_REGION
        return owner, _flood(self.stacks, index, colour)

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(i for i, p in enumerate(self.players) if not p.eliminated)

    def __str__(self) -> str:
        from .render import render_state

        return render_state(self)

    # -- what may be done -----------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order.

        ORIENT: left, straight, right. ROLL: die values 1-4 (see chance_outcomes).
        PLACE: legal_placements(). AIM: left, (straight,) right. OVER: none.
        """
        phase = self.phase
        if phase is Phase.PLACE:
            return self.legal_placements()
        if phase is Phase.ORIENT:
            return _ORIENTS
        if phase is Phase.ROLL:
            return _ROLLS
        if phase is Phase.AIM:
            return _AIMS_ALL if self.variant is Variant.AIM_OR_KEEP else _AIMS_STRICT
        return ()

    def legal_placements(self) -> tuple[Place, ...]:
        """The legal carpets in PLACE, ordered by their squares (row-major); else ()."""
        if self.phase is not Phase.PLACE:
            return ()
        stacks = self.stacks
        found = []
        for a, b, place in _CANDIDATES[_index(self.assam.square)]:
            if not _covers_whole_carpet(stacks, a, b):
                found.append(place)
        return tuple(found)

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """In ROLL, each die value with its probability; () in every other phase."""
        return DIE_PROBABILITIES if self.phase is Phase.ROLL else ()

    def is_legal(self, action: object) -> bool:
        """True when apply(action) would succeed."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> str | None:
        """None for a legal action, else a sentence naming what was tried and why not."""
        phase = self.phase
        waits = f"the game waits for {_PHASE_WANTS[phase]}"
        if isinstance(action, Orient):
            if phase is not Phase.ORIENT:
                return f"cannot orient Assam now: {waits}"
            if action.turn not in _TURNS:
                return f"cannot orient Assam by {action.turn!r}: turn LEFT, STRAIGHT or RIGHT"
            return None
        if isinstance(action, Roll):
            if phase is not Phase.ROLL:
                return f"cannot roll now: {waits}"
            if action.value not in _DIE_VALUES:
                return f"cannot roll {action.value!r}: the die has faces 1, 2, 2, 3, 3, 4"
            return None
        if isinstance(action, Aim):
            if phase is not Phase.AIM:
                return f"cannot aim Assam now: {waits}"
            if action.turn not in _TURNS:
                return f"cannot aim Assam by {action.turn!r}: turn LEFT or RIGHT"
            if action.turn is Turn.STRAIGHT and self.variant is not Variant.AIM_OR_KEEP:
                return "cannot keep Assam's facing: in this variant he must be turned left or right"
            return None
        if isinstance(action, Place):
            return self._why_place_illegal(action)
        return f"{action!r} is not an action: expected Orient, Roll, Place or Aim"

    def _why_place_illegal(self, place: Place) -> str | None:
        what = f"cannot lay a carpet on {_square_text(place.a)}-{_square_text(place.b)}"
        if self.phase is not Phase.PLACE:
            return f"{what} now: the game waits for {_PHASE_WANTS[self.phase]}"
        pair = _DOMINOES.get(place)
        if pair is None:
            for square in (place.a, place.b):
                if not (
                    isinstance(square, tuple)
                    and len(square) == 2
                    and all(isinstance(v, int) and 0 <= v < SIZE for v in square)
                ):
                    return f"{what}: {_square_text(square)} is not a square of the market"
            return f"{what}: a carpet covers two orthogonally adjacent squares"
        assam = _index(self.assam.square)
        if assam in pair:
            return f"{what}: {_square_text(self.assam.square)} is under Assam"
        a, b = pair
        if assam not in _NEIGHBOURS[a] and assam not in _NEIGHBOURS[b]:
            return (
                f"{what}: neither square touches Assam's square {_square_text(self.assam.square)}"
            )
        if _covers_whole_carpet(self.stacks, a, b):
            top = self.stacks[a][-1]
            return (
                f"{what}: it would cover both visible halves of one carpet "
                f"({top.colour.name} carpet {top.carpet})"
            )
        return None

    # -- playing ----------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after a legal action; raises IllegalAction (old state untouched)."""
        phase = self.phase
        # Fast paths check legality inline; everything else is explained by why_illegal.
        if isinstance(action, Place):
            if phase is Phase.PLACE:
                pair = _CANDIDATE_MAP[_index(self.assam.square)].get(action)
                if pair is not None and not _covers_whole_carpet(self.stacks, *pair):
                    return self._place(*pair)
        elif isinstance(action, Roll):
            if phase is Phase.ROLL and action.value in _DIE_VALUES:
                return self._roll(action.value)[0]
        elif isinstance(action, Orient):
            if phase is Phase.ORIENT and action.turn in _TURNS:
                return self._turned(action.turn, Phase.ROLL, self.current)
        elif isinstance(action, Aim) and self.why_illegal(action) is None:
            seat = self._next_seat(self.players)
            assert seat is not None, "AIM is only entered when another seat will move"
            return self._turned(action.turn, Phase.ROLL, seat)
        raise IllegalAction(self.why_illegal(action) or f"cannot apply {action!r}")

    def _turned(self, turn: Turn, phase: Phase, seat: int) -> GameState:
        facing = self.assam.facing.turned(turn)
        return GameState(
            self.variant,
            phase,
            seat,
            Assam(self.assam.square, facing),
            self.players,
            self.stacks,
            self.next_carpet,
        )

    def transition(self, action: Action) -> Transition:
        """Apply an action and report what happened: path, toll, bankruptcy, carpet."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Roll):
            after, toll, paid, payee, region = self._roll(action.value)
            square, facing = self.assam
            return Transition(
                before=self,
                action=action,
                after=after,
                path=walk_path(square, facing, action.value),
                toll=toll,
                paid=paid,
                payee=payee,
                region=frozenset(SQUARES[i] for i in region),
                eliminated=self.current if after.players[self.current].eliminated else None,
            )
        after = self.apply(action)
        if isinstance(action, Place):
            return Transition(
                before=self,
                action=action,
                after=after,
                carpet=self.next_carpet,
                colour=self.players[self.current].pile[0],
            )
        return Transition(before=self, action=action, after=after)

    def _next_seat(self, players: tuple[PlayerState, ...]) -> int | None:
        """The next seat in order that is still in and has a carpet to lay."""
        count = len(players)
        for offset in range(1, count + 1):
            seat = (self.current + offset) % count
            player = players[seat]
            if not player.eliminated and player.pile:
                return seat
        return None

    def _roll(self, value: int) -> tuple[GameState, int, int, int | None, AbstractSet[int]]:
        """Move, charge the toll; returns (state, toll, paid, payee, region indices)."""
        index, facing = WALK_TABLE[_index(self.assam.square)][self.assam.facing][value]
        assam = Assam(SQUARES[index], facing)
        stacks = self.stacks
        players = self.players
        me = self.current
        payee, region = self._charged_region(index, me)
        toll = len(region)
        if payee is None:
            state = GameState(
                self.variant, Phase.PLACE, me, assam, players, stacks, self.next_carpet
            )
            return state, 0, 0, None, region
        payer_state = players[me]
        charge = _charge(toll, payee, payer_state.money)
        paid = charge.paid
        new_players = list(players)
        new_players[payee] = _with_money(players[payee], players[payee].money + paid)
        if not charge.bankrupt:
            new_players[me] = _with_money(payer_state, payer_state.money - paid)
            state = GameState(
                self.variant, Phase.PLACE, me, assam, tuple(new_players), stacks, self.next_carpet
            )
            return state, toll, paid, payee, region
        new_players[me] = PlayerState(
            0,
            payer_state.colours,
            (),
            eliminated=True,
            discarded=payer_state.discarded + len(payer_state.pile),
        )
        bankrupt_players = tuple(new_players)
        seat = self._next_seat(bankrupt_players)
        still_in = sum(1 for p in bankrupt_players if not p.eliminated)
        if seat is None or still_in <= 1:
            phase, seat = Phase.OVER, me
        else:
            # No aiming after a bankruptcy: the next player orients (standard) or rolls.
            phase = Phase.ORIENT if self.variant is Variant.STANDARD else Phase.ROLL
        state = GameState(
            self.variant, phase, seat, assam, bankrupt_players, stacks, self.next_carpet
        )
        return state, toll, paid, payee, region

    def _place(self, a: int, b: int) -> GameState:
        me = self.current
        player = self.players[me]
        colour = player.pile[0]
        layer = Layer(colour, self.next_carpet)
        stacks = list(self.stacks)
        stacks[a] = stacks[a] + (layer,)
        stacks[b] = stacks[b] + (layer,)
        players = list(self.players)
        players[me] = PlayerState(
            player.money, player.colours, player.pile[1:], player.eliminated, player.discarded
        )
        new_players = tuple(players)
        seat = self._next_seat(new_players)
        if seat is None:
            phase, seat = Phase.OVER, me
        elif self.variant is Variant.STANDARD:
            phase = Phase.ORIENT
        else:
            phase, seat = Phase.AIM, me
        return GameState(
            self.variant, phase, seat, self.assam, new_players, tuple(stacks), self.next_carpet + 1
        )

    # -- the end --------------------------------------------------------------------------

    def scores(self) -> tuple[Score, ...]:
        """Each seat's score; an eliminated seat's carpets are neutral and score nothing."""
        visible = [0] * len(Colour)
        for stack in self.stacks:
            if stack:
                visible[stack[-1].colour] += 1
        return tuple(
            Score(
                seat,
                0 if p.eliminated else sum(visible[c] for c in p.colours),
                p.money,
                p.eliminated,
            )
            for seat, p in enumerate(self.players)
        )

    def winners(self) -> tuple[int, ...]:
        """The winning seats (several on a shared win); only once the game is over."""
        if self.phase is not Phase.OVER:
            raise GameNotOver(f"no winner yet: the game waits for {_PHASE_WANTS[self.phase]}")
        ranked = [s for s in self.scores() if not s.eliminated]
        best = max((s.total, s.dirhams) for s in ranked)
        return tuple(s.seat for s in ranked if (s.total, s.dirhams) == best)

    # -- saving ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict that from_dict turns back into an equal state."""
        from .savedict import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> GameState:
        """The state a to_dict dict describes; raises InvalidState on malformed input."""
        from .savedict import state_from_dict

        return state_from_dict(data)

    def squares(self) -> Iterator[tuple[Square, Stack]]:
        """Every square with its stack, row-major."""
        return zip(SQUARES, self.stacks, strict=True)


_TURNS = frozenset(Turn)
_DIE_VALUES = frozenset(value for value, _ in DIE_PROBABILITIES)
_PHASE_WANTS = {
    Phase.ORIENT: "the current player to orient Assam",
    Phase.ROLL: "the die to be rolled",
    Phase.PLACE: "a carpet to be laid",
    Phase.AIM: "the current player to aim Assam for the next player",
    Phase.OVER: "nothing: it is over",
}


def _with_money(player: PlayerState, money: int) -> PlayerState:
    return PlayerState(money, player.colours, player.pile, player.eliminated, player.discarded)


def new_game(
    players: int,
    *,
    seed: int | None = None,
    variant: Variant = Variant.STANDARD,
    first: int = 0,
    alternate_piles: bool = False,
) -> GameState:
    """The starting position for 2, 3 or 4 players.

    ``seed`` decides only the order of the 2-player piles (None means 0: the engine has
    no hidden randomness). ``alternate_piles`` lays a 2-player pile strictly alternating
    instead (the reading of seed 001). ``first`` is the seat that starts.
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise IllegalAction(f"cannot start a game for {players!r} players: Marrakech is for 2-4")
    if not (type(first) is int and 0 <= first < players):
        raise IllegalAction(f"cannot start with seat {first!r}: seats are 0-{players - 1}")
    rng = random.Random(0 if seed is None else seed)
    count = carpets_per_colour(players)
    seats = []
    for seat in range(players):
        colours = colours_for_seat(seat, players)
        if len(colours) == 1 or alternate_piles:
            pile = colours * count
        else:
            shuffled = [c for c in colours for _ in range(count)]
            rng.shuffle(shuffled)
            pile = tuple(shuffled)
        seats.append(PlayerState(STARTING_MONEY, colours, tuple(pile)))
    phase = Phase.ORIENT if variant is Variant.STANDARD else Phase.ROLL
    return GameState(
        variant,
        phase,
        first,
        Assam(START_SQUARE, Direction.N),
        tuple(seats),
        (_EMPTY,) * (SIZE * SIZE),
        0,
    )
