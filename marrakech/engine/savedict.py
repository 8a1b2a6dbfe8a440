"""A position's fields <-> JSON-ready dict, documented field by field in
docs/save-format.md (``GameState.to_dict`` and ``GameState.from_dict`` use this)."""

from __future__ import annotations

from typing import Any

from .errors import InvalidState, quoted
from .pieces import Assam, Layer, PlayerState, Stack, StateFields
from .types import SIZE, Colour, Direction, Phase, Variant

STATE_FORMAT = "marrakech-state"
"""The value of the ``format`` field."""

STATE_VERSION = 1
"""The version this engine writes and reads."""

_COLOURS = {c.name.lower(): c for c in Colour}
_FACINGS = {d.name: d for d in Direction}
_PHASES = {p.value: p for p in Phase}
_VARIANTS = {v.value: v for v in Variant}


def state_to_dict(state: StateFields) -> dict[str, Any]:
    """A JSON-ready dict describing every field of a position."""
    stacks = state.stacks
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "variant": state.variant.value,
        "phase": state.phase.value,
        "current": state.current,
        "assam": {"square": list(state.assam.square), "facing": state.assam.facing.name},
        "next_carpet": state.next_carpet,
        "players": [
            {
                "money": p.money,
                "colours": [c.name.lower() for c in p.colours],
                "pile": [c.name.lower() for c in p.pile],
                "eliminated": p.eliminated,
                "discarded": p.discarded,
            }
            for p in state.players
        ],
        "market": [
            [
                [[layer.colour.name.lower(), layer.carpet] for layer in stacks[row * SIZE + col]]
                for col in range(SIZE)
            ]
            for row in range(SIZE)
        ],
    }


def _fail(path: str, problem: str) -> InvalidState:
    return InvalidState(f"invalid state: {path} {problem}")


def _field(data: dict[str, Any], key: str, path: str = "") -> Any:
    if key not in data:
        raise _fail(path + key, "is missing")
    return data[key]


def _int(value: object, path: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"must be a whole number, not {quoted(value)}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise _fail(path, f"must be {bound}, not {value}")
    return value


def _choice(value: object, table: dict[str, Any], path: str) -> Any:
    if not isinstance(value, str) or value not in table:
        raise _fail(path, f"must be one of {', '.join(table)}, not {quoted(value)}")
    return table[value]


def _list(value: object, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _fail(path, f"must have {length} entries, not {len(value)}")
    return value


def state_from_dict(data: object) -> StateFields:
    """The position a dict describes; InvalidState names the first malformed field."""
    if not isinstance(data, dict):
        raise _fail("the document", f"must be an object, not {type(data).__name__}")
    if _field(data, "format") != STATE_FORMAT:
        raise _fail("format", f"must be {quoted(STATE_FORMAT)}, not {quoted(data['format'])}")
    version = _int(_field(data, "version"), "version", 1)
    if version != STATE_VERSION:
        raise _fail("version", f"is {version}; this program reads version {STATE_VERSION}")
    variant = _choice(_field(data, "variant"), _VARIANTS, "variant")
    phase = _choice(_field(data, "phase"), _PHASES, "phase")
    players = _players(_list(_field(data, "players"), "players"))
    current = _int(_field(data, "current"), "current", 0, len(players) - 1)
    assam_data = _field(data, "assam")
    if not isinstance(assam_data, dict):
        raise _fail("assam", "must be an object with square and facing")
    square_data = _list(_field(assam_data, "square", "assam."), "assam.square", 2)
    square = (
        _int(square_data[0], "assam.square[0]", 0, SIZE - 1),
        _int(square_data[1], "assam.square[1]", 0, SIZE - 1),
    )
    facing = _choice(_field(assam_data, "facing", "assam."), _FACINGS, "assam.facing")
    owned = {c for p in players for c in p.colours}
    stacks = _market(_field(data, "market"), owned)
    next_carpet = _int(_field(data, "next_carpet"), "next_carpet")
    ids = [layer.carpet for stack in stacks for layer in stack]
    if ids and next_carpet <= max(ids):
        raise _fail("next_carpet", f"must be greater than every carpet id ({max(ids)})")
    assam = Assam(square, facing)
    fields = StateFields(variant, phase, current, assam, players, stacks, next_carpet)
    _check_phase(fields)
    return fields


def _players(items: list[Any]) -> tuple[PlayerState, ...]:
    if not 2 <= len(items) <= 4:
        raise _fail("players", f"must list 2 to 4 seats, not {len(items)}")
    seen: set[Colour] = set()
    players = []
    for seat, item in enumerate(items):
        path = f"players[{seat}]"
        if not isinstance(item, dict):
            raise _fail(path, "must be an object")
        money = _int(_field(item, "money", path + "."), path + ".money")
        colour_items = _list(_field(item, "colours", path + "."), path + ".colours")
        colours = tuple(
            _choice(c, _COLOURS, f"{path}.colours[{i}]") for i, c in enumerate(colour_items)
        )
        if not colours:
            raise _fail(path + ".colours", "must name at least one colour")
        for colour in colours:
            if colour in seen:
                raise _fail(path + ".colours", f"repeats {colour.name.lower()}, owned already")
            seen.add(colour)
        pile_items = _list(_field(item, "pile", path + "."), path + ".pile")
        pile = tuple(_choice(c, _COLOURS, f"{path}.pile[{i}]") for i, c in enumerate(pile_items))
        for i, colour in enumerate(pile):
            if colour not in colours:
                raise _fail(f"{path}.pile[{i}]", f"is {colour.name.lower()}, not this seat's")
        eliminated = _field(item, "eliminated", path + ".")
        if not isinstance(eliminated, bool):
            raise _fail(path + ".eliminated", f"must be true or false, not {quoted(eliminated)}")
        if eliminated and pile:
            raise _fail(path + ".pile", "must be empty for a bankrupt seat")
        discarded = _int(_field(item, "discarded", path + "."), path + ".discarded")
        players.append(PlayerState(money, colours, pile, eliminated, discarded))
    return tuple(players)


def _market(value: object, owned: set[Colour]) -> tuple[Stack, ...]:
    rows = _list(value, "market", SIZE)
    stacks: list[Stack] = []
    where: dict[int, list[tuple[int, Colour]]] = {}
    for r, row in enumerate(rows):
        for c, stack_data in enumerate(_list(row, f"market[{r}]", SIZE)):
            path = f"market[{r}][{c}]"
            layers = []
            for depth, layer_data in enumerate(_list(stack_data, path)):
                lpath = f"{path}[{depth}]"
                pair = _list(layer_data, lpath, 2)
                colour = _choice(pair[0], _COLOURS, lpath + "[0]")
                if colour not in owned:
                    raise _fail(lpath, f"is {colour.name.lower()}, a colour no seat plays")
                carpet = _int(pair[1], lpath + "[1]")
                layers.append(Layer(colour, carpet))
                where.setdefault(carpet, []).append((r * SIZE + c, colour))
            stacks.append(tuple(layers))
    for carpet, places in sorted(where.items()):
        if len(places) != 2:
            raise _fail("market", f"has carpet {carpet} on {len(places)} square(s), not 2")
        (a, colour_a), (b, colour_b) = places
        if colour_a != colour_b:
            raise _fail("market", f"has carpet {carpet} in two colours")
        if abs(a - b) not in (1, SIZE) or (abs(a - b) == 1 and a // SIZE != b // SIZE):
            raise _fail("market", f"has carpet {carpet} on squares that do not touch")
    return tuple(stacks)


def _check_phase(state: StateFields) -> None:
    phase = state.phase
    if all(p.eliminated for p in state.players):
        raise _fail("players", "are all bankrupt: at least one seat is always still in")
    if phase is Phase.OVER:
        return
    player = state.players[state.current]
    if player.eliminated:
        raise _fail("current", f"is seat {state.current}, which is bankrupt")
    if phase is Phase.ORIENT and state.variant is not Variant.STANDARD:
        raise _fail("phase", f"orient does not occur in the {state.variant.value} variant")
    if phase is Phase.AIM:
        if state.variant is Variant.STANDARD:
            raise _fail("phase", "aim occurs only in the aim variants")
        others = [
            p
            for i, p in enumerate(state.players)
            if i != state.current and p.pile and not p.eliminated
        ]
        if not others and not player.pile:
            raise _fail("phase", "is aim, but no seat has a carpet left to play")
    elif not player.pile:
        raise _fail("phase", f"is {phase.value}, but seat {state.current} has no carpet left")
    if sum(1 for p in state.players if not p.eliminated) < 2:
        raise _fail("phase", f"is {phase.value}, but fewer than two seats are still in")
