"""The game state: frozen, hashable, and the one place where the rules are applied."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, final

from .actions import DIE_FACES, DIE_PROBABILITIES, Action, Aim, Orient, Place, Roll
from .errors import GameNotOver, IllegalAction, InvalidState, MarrakechError, quoted
from .geometry import (
    ASSAM_POSITIONS,
    ASSAM_TURNS,
    ASSAM_WALKS,
    DOMINOES,
    NEIGHBOURS,
    SQUARE_COUNT,
    SQUARES,
    flood,
    on_market,
    square_index,
    squares_of,
    unpack,
)
from .movement import walk_path
from .pieces import Assam, Layer, PlayerState, Stack, StateFields, check_replace, fields_repr
from .render import render_state
from .savedict import state_from_dict, state_to_dict
from .types import SIZE, Colour, Direction, Phase, Square, Turn, Variant

STARTING_MONEY: Final = 30
"""Dirhams each player starts with."""

START_SQUARE: Final[Square] = (3, 3)
"""Assam starts in the middle of the market, facing N."""


class Charge(NamedTuple):
    """What stopping on a square costs a seat: the toll, what it can pay, bankruptcy."""

    toll: int
    """The size of the charged region; 0 on an empty square, own or neutral carpet."""
    paid: int
    """What changes hands: the toll, or everything the seat holds when it is bankrupt."""
    payee: int | None
    bankrupt: bool
    """True only when the toll is more than the seat's money."""


def _pays(toll: int, money: int) -> tuple[int, bool]:
    """The bankruptcy rule: a toll above your money takes all of it and puts you out."""
    return (toll, False) if toll <= money else (money, True)


def _charge(toll: int, payee: int | None, money: int) -> Charge:
    if payee is None:
        return _FREE
    paid, bankrupt = _pays(toll, money)
    return Charge(toll, paid, payee, bankrupt)


_FREE: Final = Charge(0, 0, None, False)


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


class Standing(NamedTuple):
    """A seat's place in the ranking, with its score."""

    place: int | None
    """1 for the best; seats level on total and dirhams share a place. None: eliminated."""
    score: Score


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


def _candidates(assam: int) -> tuple[tuple[int, int, Place], ...]:
    found = [
        (a, b, Place(square_a, square_b))
        for (square_a, square_b), (a, b) in DOMINOES.items()
        if assam not in (a, b) and (assam in NEIGHBOURS[a] or assam in NEIGHBOURS[b])
    ]
    return tuple(sorted(found, key=lambda item: (item[0], item[1])))


_CANDIDATES: Final = tuple(_candidates(i) for i in range(SQUARE_COUNT))
_CANDIDATE_MAP: Final[tuple[dict[tuple[Square, Square], tuple[int, int]], ...]] = tuple(
    {(place.a, place.b): (a, b) for a, b, place in candidates} for candidates in _CANDIDATES
)
_ORIENTS: Final = tuple(Orient(turn) for turn in Turn)
_AIMS_STRICT: Final = (Aim(Turn.LEFT), Aim(Turn.RIGHT))
_AIMS_ALL: Final = tuple(Aim(turn) for turn in Turn)
_ROLLS: Final = tuple(Roll(value) for value, _ in DIE_PROBABILITIES)
_CHANCES: Final = DIE_PROBABILITIES
_UNREAD_ASSAM: Final = Assam(START_SQUARE, Direction.N)
"""What _state hands GameState.__new__, which reads none of its arguments."""

# Assam travels packed in one int (see geometry); this gives back the public value.
_ASSAMS: Final[tuple[Assam, ...]] = tuple(Assam(*unpack(at)) for at in range(ASSAM_POSITIONS))

# Each colour has a mask of the squares where it shows on top (see geometry), so a toll
# region is a flood over one int.
_COLOURS: Final = len(Colour)
_COLOUR_VALUES: Final = tuple(Colour)

# Layers of every carpet a game can lay, so laying one builds no new value.
_LAYERS: Final[tuple[tuple[Layer, ...], ...]] = tuple(
    tuple(Layer(colour, carpet) for carpet in range(64)) for colour in Colour
)


def _layer(colour: int, carpet: int) -> Layer:
    row = _LAYERS[colour]
    return row[carpet] if 0 <= carpet < len(row) else Layer(Colour(colour), carpet)


Masks = tuple[int, int, int, int]
"""One visible-square mask per colour, in Colour order."""


def _visible_masks(stacks: tuple[Stack, ...]) -> Masks:
    masks = [0] * _COLOURS
    for index, stack in enumerate(stacks):
        if stack:
            masks[stack[-1].colour] |= 1 << index
    return (masks[0], masks[1], masks[2], masks[3])


def _mask_of(masks: Masks, colour: int) -> int:
    if colour == 0:
        return masks[0]
    if colour == 1:
        return masks[1]
    if colour == 2:
        return masks[2]
    return masks[3]


def _covered(masks: Masks, colour: int, a: int, b: int) -> Masks:
    """The masks once a carpet of this colour lies on squares a and b."""
    bits = (1 << a) | (1 << b)
    keep = ~bits
    red, blue, yellow, green = masks
    red &= keep
    blue &= keep
    yellow &= keep
    green &= keep
    if colour == 0:
        red |= bits
    elif colour == 1:
        blue |= bits
    elif colour == 2:
        yellow |= bits
    else:
        green |= bits
    return (red, blue, yellow, green)


def _owner_table(players: tuple[PlayerState, ...]) -> tuple[int, ...]:
    """For each colour, the seat that owns it, or -1."""
    owners = [-1] * _COLOURS
    for seat, player in enumerate(players):
        for colour in player.colours:
            if not 0 <= colour < _COLOURS:
                raise InvalidState(
                    f"invalid state: seat {seat} owns {quoted(colour)}, not a colour"
                )
            if owners[colour] < 0:  # the first seat listing a colour owns it
                owners[colour] = seat
    return tuple(owners)


def _square_index(square: object) -> int:
    """A square's index row * 7 + col; MarrakechError when it is not a square of the market."""
    if isinstance(square, tuple | list) and len(square) == 2:
        row, col = square
        if type(row) is int and type(col) is int and on_market(row, col):
            return square_index((row, col))
    raise MarrakechError(f"{quoted(square)} is not a square of the market: (row, col), each 0-6")


def _packed(assam: object) -> int:
    """Assam as one int (square index * 4 + facing); InvalidState when he is off the market."""
    if isinstance(assam, tuple) and len(assam) == 2 and isinstance(assam[1], Direction):
        try:
            return _square_index(assam[0]) * 4 + assam[1]
        except MarrakechError:
            pass
    raise InvalidState(
        "invalid state: Assam stands on a square of the market facing a Direction, "
        f"not {quoted(assam)}"
    )


def _covers_whole_carpet(stacks: tuple[Stack, ...], a: int, b: int) -> bool:
    """The placement rule: never both visible halves of one carpet (the same carpet id)."""
    stack_a = stacks[a]
    stack_b = stacks[b]
    return bool(stack_a and stack_b and stack_a[-1][1] == stack_b[-1][1])


def _square_text(square: object) -> str:
    if isinstance(square, tuple) and len(square) == 2:
        return f"({square[0]},{square[1]})"
    return repr(square)


_ORIENT: Final = Phase.ORIENT
_ROLL: Final = Phase.ROLL
_PLACE: Final = Phase.PLACE
_AIM: Final = Phase.AIM
_OVER: Final = Phase.OVER
_STANDARD: Final = Variant.STANDARD
# The action classes as compile-time constants (mypyc looks plain imports up by name).
_ROLL_ACTION: Final = Roll
_ORIENT_ACTION: Final = Orient
_PLACE_ACTION: Final = Place
_AIM_ACTION: Final = Aim
_LEFT: Final = Turn.LEFT
_STRAIGHT: Final = Turn.STRAIGHT
_RIGHT: Final = Turn.RIGHT
_STATE_FIELDS: Final = StateFields._fields


def _state(
    variant: Variant,
    phase: Phase,
    current: int,
    at: int,
    players: tuple[PlayerState, ...],
    stacks: tuple[Stack, ...],
    next_carpet: int,
    visible: Masks,
    owners: tuple[int, ...],
) -> GameState:
    """A new state from what the engine's own moves already know, derived tables included:
    nothing is checked or worked out again (the public constructor does both)."""
    state = GameState.__new__(
        GameState, variant, phase, current, _UNREAD_ASSAM, players, stacks, next_carpet
    )
    state._variant = variant
    state._phase = phase
    state._current = current
    state._at = at
    state._players = players
    state._stacks = stacks
    state._next_carpet = next_carpet
    state._visible = visible
    state._owners = owners
    return state


@final
class GameState:
    """A position: frozen and hashable. ``apply`` returns the next one.

    ``stacks`` holds the market flat, row-major (index ``row * 7 + col``); use ``stack``
    or ``market`` to read it by square. Derived tables (Assam packed in one int, a bit
    mask per colour, the owner of each colour) ride along so that play stays cheap: the
    constructor works them out from the public fields, the engine's own moves hand them on
    (see ``_state``).
    """

    __slots__ = (
        "_at",
        "_current",
        "_next_carpet",
        "_owners",
        "_phase",
        "_players",
        "_stacks",
        "_variant",
        "_visible",
    )

    def __new__(
        cls,
        variant: Variant,
        phase: Phase,
        current: int,
        assam: Assam,
        players: tuple[PlayerState, ...],
        stacks: tuple[Stack, ...],
        next_carpet: int,
    ) -> GameState:
        # Allocation only (the arguments are __init__'s): _state fills a new state in
        # without the work __init__ does, which compiled code cannot skip any other way.
        return object.__new__(cls)

    def __init__(
        self,
        variant: Variant,
        phase: Phase,
        current: int,
        assam: Assam,
        players: tuple[PlayerState, ...],
        stacks: tuple[Stack, ...],
        next_carpet: int,
    ) -> None:
        self._variant = variant
        self._phase = phase
        self._current = current
        self._at = _packed(assam)
        self._players = players
        self._stacks = stacks
        self._next_carpet = next_carpet
        self._visible = _visible_masks(stacks)
        self._owners = _owner_table(players)

    # -- reading the position -------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """Who sets Assam's facing (the rules variant)."""
        return self._variant

    @property
    def phase(self) -> Phase:
        """What the game waits for next."""
        return self._phase

    @property
    def current(self) -> int:
        """The seat to act."""
        return self._current

    @property
    def assam(self) -> Assam:
        """Where Assam stands and which way he faces."""
        return _ASSAMS[self._at]

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every seat, in seat order."""
        return self._players

    @property
    def stacks(self) -> tuple[Stack, ...]:
        """The 49 stacks, row-major, each bottom first."""
        return self._stacks

    @property
    def next_carpet(self) -> int:
        """The id the next carpet laid will get (greater than every id on the market)."""
        return self._next_carpet

    @property
    def market(self) -> tuple[tuple[Stack, ...], ...]:
        """The market as 7 rows of 7 stacks (bottom first)."""
        s = self._stacks
        return tuple(s[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))

    def stack(self, square: Sequence[int]) -> Stack:
        """The carpet halves on a square, bottom first."""
        return self._stacks[_square_index(square)]

    def top(self, square: Sequence[int]) -> Layer | None:
        """The visible carpet half on a square, or None when it is empty."""
        stack = self._stacks[_square_index(square)]
        return stack[-1] if stack else None

    def owner(self, colour: Colour) -> int | None:
        """The seat that owns a colour, or None when no seat plays it."""
        seat = self._owners[colour] if 0 <= colour < _COLOURS else -1
        return None if seat < 0 else seat

    def is_neutral(self, colour: Colour) -> bool:
        """True when carpets of this colour charge no toll and score for nobody."""
        seat = self.owner(colour)
        return seat is None or self._players[seat].eliminated

    def region(self, square: Sequence[int]) -> frozenset[Square]:
        """The orthogonally connected visible squares of the colour shown on a square."""
        index = _square_index(square)
        stack = self._stacks[index]
        if not stack:
            return frozenset()
        return squares_of(flood(_mask_of(self._visible, stack[-1].colour), index))

    def regions(self) -> tuple[tuple[Colour, int], ...]:
        """Every region on the market as (colour, mask): the orthogonally connected visible
        squares of one colour, as a bitboard (``BB_SQUARES[i]`` is square ``i``, row-major;
        ``mask.bit_count()`` is its size). In the order of each region's first square,
        row-major, as a walk over ``squares()`` meets them."""
        found: list[tuple[int, int, int]] = []
        for colour in range(_COLOURS):
            left = self._visible[colour]
            while left:
                first = (left & -left).bit_length() - 1
                region = flood(left, first)
                left &= ~region
                found.append((first, colour, region))
        found.sort()
        return tuple((_COLOUR_VALUES[colour], region) for _, colour, region in found)

    def toll_at(self, square: Sequence[int], seat: int | None = None) -> tuple[int, int | None]:
        """What stopping on a square would charge a seat (default: the current one).

        Returns (toll, payee); (0, None) on an empty square, own or neutral carpet.
        """
        payer = self._payer(seat)
        payee, region = self._charged_region(_square_index(square), payer)
        return region.bit_count(), payee

    def charge_at(self, square: Sequence[int], seat: int | None = None) -> Charge:
        """What stopping on a square would cost a seat (default: the current one), all told."""
        payer = self._payer(seat)
        payee, region = self._charged_region(_square_index(square), payer)
        return _charge(region.bit_count(), payee, self._players[payer].money)

    def _payer(self, seat: object) -> int:
        """The seat asked about (default: the current one); MarrakechError for no seat."""
        if seat is None:
            return self._current
        if type(seat) is int and 0 <= seat < len(self._players):
            return seat
        raise MarrakechError(f"{quoted(seat)} is not a seat: seats are 0-{len(self._players) - 1}")

    def _charged_region(self, index: int, payer: int) -> tuple[int | None, int]:
        """The toll rule: who gets paid for stopping on a square, and which region (mask)."""
        stack = self._stacks[index]
        if not stack:
            return None, 0
        colour = stack[-1][0]
        owner = self._owners[colour]
        if owner < 0 or owner == payer or self._players[owner].eliminated:
            return None, 0
        return owner, flood(_mask_of(self._visible, colour), index)

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(i for i, p in enumerate(self._players) if not p.eliminated)

    def __str__(self) -> str:
        return render_state(self)

    def replace(self, **changes: Any) -> GameState:
        """A copy with the named fields changed (as dataclasses.replace)."""
        check_replace("GameState", _STATE_FIELDS, changes)
        fields: dict[str, Any] = dict(zip(_STATE_FIELDS, self._fields(), strict=True))
        fields.update(changes)
        return GameState(**fields)

    def _key(self) -> tuple[Any, ...]:
        return (
            self._variant,
            self._phase,
            self._current,
            self._at,
            self._players,
            self._stacks,
            self._next_carpet,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return fields_repr("GameState", _STATE_FIELDS, self._fields())

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return GameState, self._fields()

    def _fields(self) -> StateFields:
        """The public fields in constructor order."""
        return StateFields(
            self._variant,
            self._phase,
            self._current,
            _ASSAMS[self._at],
            self._players,
            self._stacks,
            self._next_carpet,
        )

    # -- what may be done -----------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order.

        ORIENT: left, straight, right. ROLL: die values 1-4 (see chance_outcomes).
        PLACE: legal_placements(). AIM: left, (straight,) right. OVER: none.
        """
        phase = self._phase
        if phase is _PLACE:
            return self.legal_placements()
        if phase is _ORIENT:
            return _ORIENTS
        if phase is _ROLL:
            return _ROLLS
        if phase is _AIM:
            return _AIMS_ALL if self._variant is Variant.AIM_OR_KEEP else _AIMS_STRICT
        return ()

    def legal_placements(self) -> tuple[Place, ...]:
        """The legal carpets in PLACE, ordered by their squares (row-major); else ()."""
        if self._phase is not _PLACE:
            return ()
        stacks = self._stacks
        found = []
        for a, b, place in _CANDIDATES[self._at >> 2]:
            if not _covers_whole_carpet(stacks, a, b):
                found.append(place)
        return tuple(found)

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """In ROLL, each die value with its probability; () in every other phase."""
        return _CHANCES if self._phase is _ROLL else ()

    def is_legal(self, action: object) -> bool:
        """True when apply(action) would succeed."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> str | None:
        """None for a legal action, else a sentence naming what was tried and why not.

        An action object whose fields are not what its constructor makes (built around
        the constructor, or by a subclass that skips its checks) is refused too.
        """
        malformed = _malformed(action)
        if malformed is not None:
            return malformed
        phase = self._phase
        waits = f"the game waits for {_PHASE_WANTS[phase]}"
        if isinstance(action, Orient):
            if phase is not _ORIENT:
                return f"cannot orient Assam now: {waits}"
            if action.turn not in _TURNS:
                return f"cannot orient Assam by {quoted(action.turn)}: turn LEFT, STRAIGHT or RIGHT"
            return None
        if isinstance(action, Roll):
            if phase is not _ROLL:
                return f"cannot roll now: {waits}"
            if action.value not in _DIE_VALUES:
                return f"cannot roll {quoted(action.value)}: the die has faces {_DIE_FACES_TEXT}"
            return None
        if isinstance(action, Aim):
            if phase is not _AIM:
                return f"cannot aim Assam now: {waits}"
            if action.turn not in _TURNS:
                return f"cannot aim Assam by {quoted(action.turn)}: turn LEFT or RIGHT"
            if action.turn is Turn.STRAIGHT and self._variant is not Variant.AIM_OR_KEEP:
                return "cannot keep Assam's facing: in this variant he must be turned left or right"
            return None
        if isinstance(action, Place):
            return self._why_place_illegal(action)
        return f"{quoted(action)} is not an action: expected Orient, Roll, Place or Aim"

    def _why_place_illegal(self, place: Place) -> str | None:
        what = f"cannot lay a carpet on {_square_text(place.a)}-{_square_text(place.b)}"
        if self._phase is not _PLACE:
            return f"{what} now: the game waits for {_PHASE_WANTS[self._phase]}"
        pair = DOMINOES.get((place.a, place.b))
        if pair is None:
            for square in (place.a, place.b):
                if not (
                    isinstance(square, tuple)
                    and len(square) == 2
                    and all(isinstance(v, int) for v in square)
                    and on_market(square[0], square[1])
                ):
                    return f"{what}: {_square_text(square)} is not a square of the market"
            return f"{what}: a carpet covers two orthogonally adjacent squares"
        assam = self._at >> 2
        if assam in pair:
            return f"{what}: {_square_text(SQUARES[assam])} is under Assam"
        a, b = pair
        if assam not in NEIGHBOURS[a] and assam not in NEIGHBOURS[b]:
            return f"{what}: neither square touches Assam's square {_square_text(SQUARES[assam])}"
        if _covers_whole_carpet(self._stacks, a, b):
            top = self._stacks[a][-1]
            return (
                f"{what}: it would cover both visible halves of one carpet "
                f"({top.colour.name.lower()} carpet {top.carpet})"
            )
        return None

    # -- playing ----------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after a legal action; raises IllegalAction (old state untouched)."""
        phase = self._phase
        # Fast paths check legality inline; everything else is explained by why_illegal.
        # A field is read as a plain object first: the compiled engine would otherwise
        # take a bool for an int, and raise TypeError on anything else.
        if isinstance(action, _ROLL_ACTION):
            value: object = getattr(action, "value", None)
            if phase is _ROLL and type(value) is int and value in _DIE_VALUES:
                return self._roll(value)[0]
        elif isinstance(action, _ORIENT_ACTION):
            turn: object = getattr(action, "turn", None)
            if phase is _ORIENT and (turn is _LEFT or turn is _STRAIGHT or turn is _RIGHT):
                return self._turned(action.turn, self._current)
        elif isinstance(action, _PLACE_ACTION):
            if phase is _PLACE:
                a, b = self._candidate(action)
                if a >= 0 and not _covers_whole_carpet(self._stacks, a, b):
                    return self._place(a, b)
        elif isinstance(action, _AIM_ACTION) and self.why_illegal(action) is None:
            seat = self._next_seat(self._players)
            assert seat >= 0, "AIM is only entered when another seat will move"
            return self._turned(action.turn, seat)
        raise IllegalAction(self.why_illegal(action) or f"cannot apply {quoted(action)}")

    def _candidate(self, place: Place) -> tuple[int, int]:
        """The square indices of a carpet next to Assam, or (-1, -1) when it is not one."""
        candidates = _CANDIDATES[self._at >> 2]
        for a, b, known in candidates:
            if known is place:  # the values legal_placements hands out: no hashing
                return a, b
        if _malformed(place) is not None:
            return -1, -1
        pair = _CANDIDATE_MAP[self._at >> 2].get((place.a, place.b))
        return (-1, -1) if pair is None else pair

    def _turned(self, turn: int, seat: int) -> GameState:
        """Assam turned (or kept) and the die next, for the given seat."""
        return _state(
            self._variant,
            _ROLL,
            seat,
            ASSAM_TURNS[self._at][turn + 1],
            self._players,
            self._stacks,
            self._next_carpet,
            self._visible,
            self._owners,
        )

    def _moved(
        self, phase: Phase, seat: int, at: int, players: tuple[PlayerState, ...]
    ) -> GameState:
        """The same market with Assam, the phase, the seat and the players changed."""
        return _state(
            self._variant,
            phase,
            seat,
            at,
            players,
            self._stacks,
            self._next_carpet,
            self._visible,
            self._owners,
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
                region=squares_of(region),
                eliminated=self._current if after.players[self._current].eliminated else None,
            )
        after = self.apply(action)
        if isinstance(action, Place):
            return Transition(
                before=self,
                action=action,
                after=after,
                carpet=self._next_carpet,
                colour=self._players[self._current].pile[0],
            )
        return Transition(before=self, action=action, after=after)

    def _next_seat(self, players: tuple[PlayerState, ...]) -> int:
        """The next seat in order that is still in and has a carpet to lay, or -1."""
        count = len(players)
        for offset in range(1, count + 1):
            seat = (self._current + offset) % count
            player = players[seat]
            if not player._eliminated and player._pile:
                return seat
        return -1

    def _roll(self, value: int) -> tuple[GameState, int, int, int | None, int]:
        """Move, charge the toll; returns (state, toll, paid, payee, region mask)."""
        at = ASSAM_WALKS[self._at][value]
        players = self._players
        me = self._current
        payee, region = self._charged_region(at >> 2, me)
        if payee is None:
            return self._moved(_PLACE, me, at, players), 0, 0, None, 0
        payer_state = players[me]
        toll = region.bit_count()
        paid, bankrupt = _pays(toll, payer_state._money)
        new_players = list(players)
        new_players[payee] = _with_money(players[payee], players[payee]._money + paid)
        if not bankrupt:
            new_players[me] = _with_money(payer_state, payer_state._money - paid)
            state = self._moved(_PLACE, me, at, tuple(new_players))
            return state, toll, paid, payee, region
        new_players[me] = PlayerState(
            0,
            payer_state._colours,
            (),
            eliminated=True,
            discarded=payer_state._discarded + len(payer_state._pile),
        )
        bankrupt_players = tuple(new_players)
        seat = self._next_seat(bankrupt_players)
        still_in = sum(1 for p in bankrupt_players if not p._eliminated)
        if seat < 0 or still_in <= 1:
            phase, seat = _OVER, me
        else:
            # No aiming after a bankruptcy: the next player orients (standard) or rolls.
            phase = _ORIENT if self._variant is _STANDARD else _ROLL
        return self._moved(phase, seat, at, bankrupt_players), toll, paid, payee, region

    def _place(self, a: int, b: int) -> GameState:
        me = self._current
        player = self._players[me]
        colour = player._pile[0]
        layer = _layer(colour, self._next_carpet)
        alone = (layer,)
        stacks = list(self._stacks)
        stack_a = stacks[a]
        stack_b = stacks[b]
        stacks[a] = stack_a + alone if stack_a else alone
        stacks[b] = stack_b + alone if stack_b else alone
        players = list(self._players)
        players[me] = PlayerState(
            player._money, player._colours, player._pile[1:], player._eliminated, player._discarded
        )
        new_players = tuple(players)
        seat = self._next_seat(new_players)
        if seat < 0:
            phase, seat = _OVER, me
        elif self._variant is _STANDARD:
            phase = _ORIENT
        else:
            phase, seat = _AIM, me
        return _state(
            self._variant,
            phase,
            seat,
            self._at,
            new_players,
            tuple(stacks),
            self._next_carpet + 1,
            _covered(self._visible, colour, a, b),
            self._owners,
        )

    # -- the end --------------------------------------------------------------------------

    def scores(self) -> tuple[Score, ...]:
        """Each seat's score; an eliminated seat's carpets are neutral and score nothing."""
        visible = self._visible
        return tuple(
            Score(
                seat,
                0 if p.eliminated else sum(_mask_of(visible, c).bit_count() for c in p.colours),
                p.money,
                p.eliminated,
            )
            for seat, p in enumerate(self._players)
        )

    def standings(self) -> tuple[Standing, ...]:
        """Every seat's place and score, best first and eliminated seats last; at any phase.

        Seats are ranked by total, then by dirhams (the tie-break); seats level on both
        share a place, as a shared win does. Eliminated seats are not ranked.
        """
        scores = self.scores()
        ranked = sorted(
            (s for s in scores if not s.eliminated), key=lambda s: (-s.total, -s.dirhams, s.seat)
        )
        standings = []
        for score in ranked:
            ahead = sum(1 for s in ranked if (s.total, s.dirhams) > (score.total, score.dirhams))
            standings.append(Standing(1 + ahead, score))
        standings.extend(Standing(None, s) for s in scores if s.eliminated)
        return tuple(standings)

    def winners(self) -> tuple[int, ...]:
        """The winning seats (several on a shared win); only once the game is over."""
        if self._phase is not _OVER:
            raise GameNotOver(f"no winner yet: the game waits for {_PHASE_WANTS[self._phase]}")
        return tuple(s.score.seat for s in self.standings() if s.place == 1)

    # -- saving ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict that from_dict turns back into an equal state."""
        return state_to_dict(self._fields())

    @classmethod
    def from_dict(cls, data: object) -> GameState:
        """The state a to_dict dict describes; raises InvalidState on malformed input."""
        return cls(*state_from_dict(data))

    def squares(self) -> Iterator[tuple[Square, Stack]]:
        """Every square with its stack, row-major."""
        return zip(SQUARES, self._stacks, strict=True)


_TURNS: Final = frozenset(Turn)
_DIE_VALUES: Final = frozenset(DIE_FACES)
_DIE_FACES_TEXT: Final = ", ".join(str(face) for face in DIE_FACES)
_PHASE_WANTS: Final = {
    Phase.ORIENT: "the current player to orient Assam",
    Phase.ROLL: "the die to be rolled",
    Phase.PLACE: "a carpet to be laid",
    Phase.AIM: "the current player to aim Assam for the next player",
    Phase.OVER: "nothing: it is over",
}


def _is_square(value: object) -> bool:
    if not (type(value) is tuple and len(value) == 2):
        return False
    row: object = value[0]
    col: object = value[1]
    return type(row) is int and type(col) is int


def _malformed(action: object) -> str | None:
    """Why an action object is not one its constructor could have made, or None."""
    if isinstance(action, _ORIENT_ACTION | _AIM_ACTION):
        turn: object = getattr(action, "turn", None)
        if type(turn) is not Turn:
            name = type(action).__name__
            return f"{name} holds {quoted(turn)}, not Turn.LEFT, Turn.STRAIGHT or Turn.RIGHT"
        return None
    if isinstance(action, _ROLL_ACTION):
        value: object = getattr(action, "value", None)
        if type(value) is not int:
            return f"Roll holds {quoted(value)}, not a whole number of steps"
        return None
    if isinstance(action, _PLACE_ACTION):
        for field in ("a", "b"):
            square: object = getattr(action, field, None)
            if not _is_square(square):
                return f"Place holds {quoted(square)} as a square, not (row, col)"
        return None
    return f"{quoted(action)} is not an action: expected Orient, Roll, Place or Aim"


# This and GameState's moves read PlayerState's slots directly: pieces is compiled with
# this module, so that is a plain field load where a public property would be a call.
def _with_money(player: PlayerState, money: int) -> PlayerState:
    return PlayerState(money, player._colours, player._pile, player._eliminated, player._discarded)
