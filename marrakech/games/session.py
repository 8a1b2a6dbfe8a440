"""A game in progress: its set-up, the actions so far, the die stream, undo and redo.

The engine knows positions; a Session knows a game's history. Rolls are draws of the die
stream (marrakech.games.dice), and a draw is never rolled twice: after an undo the rolls
that follow are fresh draws, so a roll seen before it tells nothing of what comes next.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from marrakech.engine import (
    SEED_LIMIT,
    Action,
    GameState,
    IllegalAction,
    MarrakechError,
    Phase,
    Roll,
    Transition,
    Variant,
    new_game,
)
from marrakech.games.dice import DieStream, SeededDie
from marrakech.games.language import N_, _, in_every_language
from marrakech.games.levels import LEVELS, OLD_NAMES, bot_named
from marrakech.games.text import quoted, unshowable, visible

PERSON = "person"
"""The seat kind of a person at the keyboard."""

OLD_SEAT_KINDS = {"human": PERSON, **OLD_NAMES}
"""Seat kinds older saves wrote, each with the kind it loads as."""

SEAT_KINDS = (PERSON, *LEVELS)
"""A seat is a person or a computer opponent of one of the levels (old level names load)."""

MAX_NAME_LENGTH = 40
"""A player's name is 1 to this many characters."""

ZERO_WIDTH_JOINER = "\u200d"
"""What joins emoji into one (a family): refused in a name with its own reason."""


def new_seed() -> int:
    """A fresh seed for a game nobody asked to reproduce."""
    return secrets.randbelow(2**31)


def name_problem(name: object) -> str | None:
    """None for a usable player name, else what is wrong with it.

    A name is 1 to MAX_NAME_LENGTH characters with something visible in it, and none of
    the characters ``marrakech.games.text`` never shows (controls, bidirectional overrides,
    zero-width and other invisible characters, line separators).
    """
    if not isinstance(name, str):
        return f"must be a string, not {type(name).__name__}"
    for char in name:
        if char == ZERO_WIDTH_JOINER:
            return _(
                "contains U+200D, which joins emoji into one (a family, a flag), drawn at "
                "different widths by different terminals: use emoji that stand alone"
            )
        if unshowable(char):
            return _("contains the invisible or control character U+{code}").format(
                code=f"{ord(char):04X}"
            )
    if len(name) > MAX_NAME_LENGTH:
        return _("must be at most {limit} characters, not {count}").format(
            limit=MAX_NAME_LENGTH, count=len(name)
        )
    if not name:
        return _("must be 1 to {limit} characters, not blank").format(limit=MAX_NAME_LENGTH)
    if not any(visible(char) for char in name):
        return _("must be 1 to {limit} characters, not blank").format(limit=MAX_NAME_LENGTH)
    return None


_LOOK_ALIKE = str.maketrans(
    {
        "\N{CYRILLIC SMALL LETTER A}": "a",
        "\N{CYRILLIC SMALL LETTER VE}": "b",
        "\N{CYRILLIC SMALL LETTER IE}": "e",
        "\N{CYRILLIC SMALL LETTER KA}": "k",
        "\N{CYRILLIC SMALL LETTER EM}": "m",
        "\N{CYRILLIC SMALL LETTER EN}": "h",
        "\N{CYRILLIC SMALL LETTER O}": "o",
        "\N{CYRILLIC SMALL LETTER ER}": "p",
        "\N{CYRILLIC SMALL LETTER ES}": "c",
        "\N{CYRILLIC SMALL LETTER TE}": "t",
        "\N{CYRILLIC SMALL LETTER U}": "y",
        "\N{CYRILLIC SMALL LETTER HA}": "x",
        "\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}": "i",
        "\N{CYRILLIC SMALL LETTER JE}": "j",
        "\N{CYRILLIC SMALL LETTER DZE}": "s",
        "\N{CYRILLIC SMALL LETTER KOMI DE}": "d",
        "\N{GREEK SMALL LETTER ALPHA}": "a",
        "\N{GREEK SMALL LETTER BETA}": "b",
        "\N{GREEK SMALL LETTER EPSILON}": "e",
        "\N{GREEK SMALL LETTER IOTA}": "i",
        "\N{GREEK SMALL LETTER KAPPA}": "k",
        "\N{GREEK SMALL LETTER NU}": "v",
        "\N{GREEK SMALL LETTER OMICRON}": "o",
        "\N{GREEK SMALL LETTER RHO}": "p",
        "\N{GREEK SMALL LETTER TAU}": "t",
        "\N{GREEK SMALL LETTER UPSILON}": "u",
        "\N{GREEK SMALL LETTER CHI}": "x",
        "\N{LATIN SMALL LETTER DOTLESS I}": "i",
        "0": "o",
        "1": "l",
    }
)
"""Letters of other scripts (and digits) that look like a Latin letter, folded to it."""

_CAPITAL_LOOK_ALIKE = str.maketrans(
    {
        **{
            unicodedata.lookup(f"GREEK CAPITAL LETTER {name}"): latin
            for name, latin in (
                ("ALPHA", "A"),
                ("BETA", "B"),
                ("EPSILON", "E"),
                ("ZETA", "Z"),
                ("ETA", "H"),
                ("IOTA", "I"),
                ("KAPPA", "K"),
                ("MU", "M"),
                ("NU", "N"),
                ("OMICRON", "O"),
                ("RHO", "P"),
                ("TAU", "T"),
                ("UPSILON", "Y"),
                ("CHI", "X"),
            )
        },
        **{
            unicodedata.lookup(f"CYRILLIC CAPITAL LETTER {name}"): latin
            for name, latin in (
                ("A", "A"),
                ("VE", "B"),
                ("IE", "E"),
                ("KA", "K"),
                ("EM", "M"),
                ("EN", "H"),
                ("O", "O"),
                ("ER", "P"),
                ("ES", "C"),
                ("TE", "T"),
                ("HA", "X"),
                ("BYELORUSSIAN-UKRAINIAN I", "I"),
                ("JE", "J"),
                ("DZE", "S"),
            )
        },
    }
)
"""Capitals of other scripts that look like a Latin capital, read as it before case is
folded (the Greek capital eta looks like H, its small letter like n)."""


def name_key(name: str) -> str:
    """What two players' names must differ in to be told apart at a table: the same with
    case, width and compatibility forms folded (NFKC), spaces and invisible characters
    dropped, and look-alike letters of other scripts read as the Latin ones."""
    normal = unicodedata.normalize("NFKC", name).translate(_CAPITAL_LOOK_ALIKE)
    folded = normal.casefold().translate(_LOOK_ALIKE)
    return "".join(
        char for char in folded if not char.isspace() and unicodedata.category(char) != "Cf"
    )


def alike_names(names: Sequence[str]) -> str | None:
    """Why a new game's players cannot be told apart by these names (two of them alike by
    ``name_key``), else None. A saved game is read whatever its names."""
    keys = [name_key(name) for name in names]
    for seat, key in enumerate(keys):
        if key in keys[:seat]:
            return _("seats {first} and {seat} are both called {name}: give each its own").format(
                first=keys.index(key) + 1, seat=seat + 1, name=quoted(names[seat], 40)
            )
    return None


DEFAULT_NAME = N_("Player {number}")
"""The name of a seat nobody named (numbered from 1)."""


def default_name(seat: int) -> str:
    """The name a seat gets when none is given, in the language spoken: "Player 1"."""
    return _(DEFAULT_NAME).format(number=seat + 1)


def _is_default(name: str, seat: int) -> bool:
    """Whether ``name`` is seat ``seat``'s default name in one of the game's languages."""
    return any(name == said.format(number=seat + 1) for said in in_every_language(DEFAULT_NAME))


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything needed to start a game; with the actions it replays the whole game."""

    players: int
    names: tuple[str, ...] = ()
    """One name per seat; empty means "Player 1", "Player 2"... (``DEFAULT_NAME``, in the
    language spoken when the set-up is made: a default name in any language is)."""
    seats: tuple[str, ...] = ()
    """One of SEAT_KINDS per seat; empty means every seat is a person."""
    variant: Variant = Variant.STANDARD
    seed: int = 0
    """Decides the 2-player piles and every die roll."""
    first: int = 0
    alternate_piles: bool = False
    takeback: bool | None = None
    """May an undo go back past a roll that was seen (the die then rolls anew)? None: only
    when one person plays bots."""

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise MarrakechError(f"a game is for 2 to 4 players, not {self.players!r}")
        # A default name ("Player 2", or another language's) is said in today's language.
        defaults = [default_name(seat) for seat in range(self.players)]
        names = tuple(
            defaults[seat] if seat < self.players and _is_default(name, seat) else name
            for seat, name in enumerate(self.names)
        ) or tuple(defaults)
        seats = (
            tuple(OLD_SEAT_KINDS.get(kind, kind) for kind in self.seats) or (PERSON,) * self.players
        )
        if len(names) != self.players:
            raise MarrakechError(f"{len(names)} names given for {self.players} players")
        if len(seats) != self.players:
            raise MarrakechError(f"{len(seats)} seat kinds given for {self.players} players")
        for seat, name in enumerate(names):
            problem = name_problem(name)
            if problem is not None:
                raise MarrakechError(
                    _("the name of seat {seat} {problem}").format(seat=seat + 1, problem=problem)
                )

        if type(self.seed) is not int or not -SEED_LIMIT < self.seed < SEED_LIMIT:
            raise MarrakechError(f"the seed must be a whole number below 2**64, not {self.seed!r}")
        for kind in seats:
            if kind != PERSON:
                try:
                    bot_named(kind)
                except ValueError as error:
                    raise MarrakechError(f"unknown seat kind {kind!r}: {error}") from None
        if self.alternate_piles and self.players != 2:
            raise MarrakechError(
                f"alternating piles are for 2 players, not {self.players}: only 2 players have "
                "piles of two colours"
            )
        if not 0 <= self.first < self.players:
            raise MarrakechError(f"the first seat must be 0-{self.players - 1}, not {self.first}")
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "seats", tuple(seats))

    def initial_state(self) -> GameState:
        """The starting position."""
        return new_game(
            self.players,
            seed=self.seed,
            variant=self.variant,
            first=self.first,
            alternate_piles=self.alternate_piles,
        )

    def is_person(self, seat: int) -> bool:
        """True when a person plays this seat."""
        return self.seats[seat] == PERSON

    def level(self, seat: int) -> str | None:
        """The computer level that plays this seat; None when a person plays it."""
        kind = self.seats[seat]
        return None if kind == PERSON else kind

    @property
    def levels(self) -> tuple[str | None, ...]:
        """The computer level of each seat, None where a person plays."""
        return tuple(self.level(seat) for seat in range(self.players))

    @property
    def takeback_allowed(self) -> bool:
        """The takeback setting, with its default resolved."""
        if self.takeback is not None:
            return self.takeback
        humans = sum(1 for kind in self.seats if kind == PERSON)
        return humans == 1 and humans < self.players


HINT_AID = "hint"
"""An aid: a hint was asked for."""
WIN_CHANCE_AID = "win_chance"
"""An aid: the chances to win were looked at while the game was played."""
TAKEBACKS: dict[str, bool | None] = {"auto": None, "on": True, "off": False}
"""What ``--takebacks`` takes (``new``, ``host``), and the set-up's ``takeback`` for each."""

TAKEBACKS_HELP = N_(
    "may undo take back a roll that was seen (the die then rolls anew)? auto: only for one "
    "person against computers; default auto"
)
"""The help of ``--takebacks``."""

TAKEBACK_AID = "takeback"
"""An aid: an undo took back a roll that was seen (the die rolled anew)."""
AIDS = (HINT_AID, WIN_CHANCE_AID, TAKEBACK_AID)
"""Every aid a game's record may name, in this order."""


@dataclass(frozen=True, slots=True)
class _Undone:
    """What one undo took back: the actions, the draws taken back before it, and whether a
    takeback had been used before it (a redo puts all three back)."""

    actions: tuple[Action, ...]
    taken_back: dict[int, int]
    took_back_before: bool


class Session:
    """A game's set-up and history, with undo and redo of whole decisions."""

    def __init__(
        self,
        setup: GameSetup,
        actions: Iterable[Action] = (),
        *,
        start: GameState | None = None,
        dice: DieStream | None = None,
        taken_back: Iterable[tuple[int, int]] = (),
    ) -> None:
        """Start the game and replay the given actions; a bad one raises with its index.

        ``start`` is a position to play from instead of the set-up's starting one (for the
        same number of players); ``dice`` the die stream instead of the seed's;
        ``taken_back`` the draws of the stream undos took back, as ``taken_back`` gives
        them (a saved game's): the rolls skip them.
        """
        if start is not None and len(start.players) != setup.players:
            raise MarrakechError(
                f"the start position has {len(start.players)} seats; "
                f"the set-up is for {setup.players} players"
            )
        if start is not None and start.variant is not setup.variant:
            raise MarrakechError(
                f"the start position plays the {start.variant.value} rules; "
                f"the set-up the {setup.variant.value} rules"
            )
        self.setup = setup
        self.start = start if start is not None else setup.initial_state()
        """The position the game started from."""
        self.started_from_setup = start is None
        """False when the game started from a given position instead of the set-up's."""
        self.dice: DieStream = dice if dice is not None else SeededDie(setup.seed)
        """Where the rolls come from."""
        self.aids: set[str] = set()
        """The aids used while the game was played (``AIDS``): its record and summary say
        so."""
        self._states: list[GameState] = [self.start]
        self._transitions: list[Transition] = []
        self._draws: list[int] = []
        """The draw of the die stream behind each roll of the game, in order."""
        self._taken_back: dict[int, int] = dict(taken_back)
        """The draws taken back, first: last of each run of them."""
        self._redo: list[_Undone] = []
        for number, action in enumerate(actions, start=1):
            try:
                self.play(action)
            except MarrakechError as error:
                raise MarrakechError(f"action {number} ({action}): {error}") from error

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every position so far, the starting one first."""
        return tuple(self._states)

    @property
    def transitions(self) -> tuple[Transition, ...]:
        """What each action so far did, in order."""
        return tuple(self._transitions)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions so far, die rolls included."""
        return tuple(t.action for t in self._transitions)

    @property
    def next_draw(self) -> int:
        """The number of the die stream's draw the next roll gives (0 first): one past the
        last roll's, skipping the draws taken back. Without undos, the number of rolls."""
        draw = self._draws[-1] + 1 if self._draws else 0
        while draw in self._taken_back:
            draw = self._taken_back[draw] + 1
        return draw

    @property
    def taken_back(self) -> tuple[tuple[int, int], ...]:
        """The draws of the die stream that undos took back, as ``(first, last)`` runs in
        order: rolls that were seen and are no longer in the game. Never rolled again."""
        return tuple(sorted(self._taken_back.items()))

    def next_roll(self) -> Roll:
        """The roll the die stream gives next."""
        return Roll(self.dice.roll(self.next_draw))

    def roll(self) -> Transition:
        """Roll the die (from the stream) and move Assam."""
        return self.play(self.next_roll())

    def play(self, action: Action) -> Transition:
        """Apply an action; a Roll must be the stream's next value. Clears the redo list."""
        transition = self._apply(action)
        self._redo.clear()
        return transition

    def _apply(self, action: Action) -> Transition:
        draw = None
        if isinstance(action, Roll) and self.state.phase is Phase.ROLL:
            draw = self.next_draw
            expected = Roll(self.dice.roll(draw))
            if action != expected:
                raise IllegalAction(
                    f"cannot roll {action.value}: roll {len(self._draws) + 1} of this game "
                    f"is {expected.value} (the die stream is fixed)"
                )
        transition = self.state.transition(action)
        if draw is not None:
            self._draws.append(draw)
        self._transitions.append(transition)
        self._states.append(transition.after)
        return transition

    # -- undo and redo ---------------------------------------------------------------

    def _undo_point(self, computers: Collection[int]) -> int | None:
        """Index of the last decision a person made, or None when there is none; the seats
        in ``computers`` count as a computer's whatever the set-up says."""
        for index in range(len(self._transitions) - 1, -1, -1):
            transition = self._transitions[index]
            seat = transition.seat
            decided = not isinstance(transition.action, Roll)
            if decided and self.setup.is_person(seat) and seat not in computers:
                return index
        return None

    def _is_takeback(self, index: int) -> bool:
        """Would undoing back to this index take back a roll that was seen (anyone's)?"""
        return any(isinstance(t.action, Roll) for t in self._transitions[index:])

    def undo_seat(self, computers: Collection[int] = ()) -> int | None:
        """The seat whose decision undo() would take back, or None when there is none."""
        undone = self.undone(computers)
        return None if undone is None else undone.seat

    def undone(self, computers: Collection[int] = ()) -> Transition | None:
        """The decision undo() would take back (the moves after it go too), or None."""
        index = self._undo_point(computers)
        return None if index is None else self._transitions[index]

    @property
    def can_undo(self) -> bool:
        """True when undo() would do something."""
        return self.why_no_undo() is None

    def why_no_undo(self, computers: Collection[int] = ()) -> str | None:
        """None when undo is possible, else why not (for the status line). ``computers``:
        seats of people that a computer plays now (a network host gave them to one): their
        moves are taken back with the decision before them, as a computer's are."""
        index = self._undo_point(computers)
        if index is None:
            return _("nothing to undo")
        if not self.setup.takeback_allowed and self._is_takeback(index):
            return _("takebacks are off, so a roll that was seen cannot be undone")
        return None

    @property
    def can_redo(self) -> bool:
        """True when redo() would do something."""
        return bool(self._redo)

    def undo(self, computers: Collection[int] = (), *, handed_on: bool = False) -> GameState:
        """Go back to before the last decision a person made (``computers``: as in
        ``why_no_undo``).

        The die is never taken back: the rolls undone are draws taken back (``taken_back``)
        and the rolls after the undo are fresh draws, so what was seen tells nothing of
        them; redo plays again exactly what was undone. An undo that takes back a roll, or
        a decision whose turn was handed on to another person (``handed_on``), is
        remembered as an aid (``TAKEBACK_AID``), unless a redo plays it all again.
        """
        reason = self.why_no_undo(computers)
        if reason is not None:
            raise IllegalAction(_("cannot undo: {reason}").format(reason=reason))
        index = self._undo_point(computers)
        assert index is not None
        removed = tuple(t.action for t in self._transitions[index:])
        self._redo.append(_Undone(removed, dict(self._taken_back), TAKEBACK_AID in self.aids))
        rolls = sum(1 for action in removed if isinstance(action, Roll))
        if rolls:
            self._take_back(self._draws[-rolls], self.next_draw - 1)
            del self._draws[-rolls:]
        if rolls or handed_on:
            self.aids.add(TAKEBACK_AID)
        del self._transitions[index:]
        del self._states[index + 1 :]
        return self.state

    def pass_draws_seen(self, upto: int) -> None:
        """Count the die's draws from the next one up to ``upto`` (not included) as seen
        elsewhere: a game went on from this one, whose save is opened again. The die goes
        on after them, as after an undo, and the game remembers a takeback
        (``TAKEBACK_AID``); nothing changes when ``upto`` is no further than the next draw."""
        if upto > self.next_draw:
            self._take_back(self.next_draw, upto - 1)
            self.aids.add(TAKEBACK_AID)

    def _take_back(self, first: int, last: int) -> None:
        """Count the draws ``first`` to ``last`` as taken back, in one run with any run
        of them that ends just before ``first`` or lies within."""
        runs = {a: b for a, b in self._taken_back.items() if not first <= a <= last}
        before = next((a for a, b in runs.items() if b == first - 1), None)
        if before is not None:
            first = before
        runs[first] = last
        self._taken_back = runs

    def redo(self) -> GameState:
        """Replay what the last undo removed, with the same rolls."""
        if not self._redo:
            raise IllegalAction(_("cannot redo: nothing to redo"))
        undone = self._redo.pop()
        self._taken_back = dict(undone.taken_back)
        if not undone.took_back_before:  # the rolls seen stand again: nothing was taken back
            self.aids.discard(TAKEBACK_AID)
        for action in undone.actions:
            self._apply(action)
        return self.state
