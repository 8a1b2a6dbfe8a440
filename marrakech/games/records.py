"""A finished or unfinished game as data: turn notation, the save-file JSON, the text log.

Pure: no files, no terminal. ``storage`` puts these documents on disk; the format is
described field by field in docs/save-format.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from marrakech.engine import (
    DIE_FACES,
    SEED_LIMIT,
    Action,
    GameState,
    MarrakechError,
    Phase,
    Roll,
    Transition,
    Variant,
    parse_action,
    turn_bounds,
)
from marrakech.games import narrate, words
from marrakech.games.dice import LoadedDie, SeededDie
from marrakech.games.language import _
from marrakech.games.levels import LEVELS, bot_named, is_level
from marrakech.games.session import (
    AIDS,
    HINT_AID,
    OLD_SEAT_KINDS,
    PERSON,
    SEAT_KINDS,
    TAKEBACK_AID,
    WIN_CHANCE_AID,
    GameSetup,
    Session,
    name_problem,
)
from marrakech.games.text import quoted, unshowable

SAVE_FORMAT = "marrakech-game"
"""The value of a save file's ``format`` field."""

SAVE_VERSION = 5
"""The save-file version this program writes; it reads this one and every older one."""

LOG_START = "Marrakech: "
"""How an exported game log begins (``export_log``)."""

MAX_SAVE_BYTES = 2 * 1024 * 1024
"""A save file larger than this is refused unread."""

MAX_MOVES = 400
"""At most this many turns in a save file (a real game has fewer than 60)."""

MAX_MOVE_LENGTH = 64
"""At most this many characters in one turn's notation."""

MAX_SEAT_LENGTH = 512
"""At most this many characters in one seat's kind (an outside bot's name, its file's path)."""

_SETUP_KEYS = (
    "players",
    "names",
    "seats",
    "variant",
    "seed",
    "first",
    "alternate_piles",
    "takeback",
)
_DOCUMENT_KEYS = ("format", "version", "setup", "moves", "position")
_STARTED_KEYS = ("start", "dice")
"""Version 2: fields present only for a game started from a given position or die."""
_AIDS_KEY = "aids"
"""Version 4: present only when aids were used while the game was played (``AIDS``)."""
_TAKEN_BACK_KEY = "taken_back_draws"
"""Version 5: present only when undos took back rolls: the draws of the die stream skipped."""
_AID_VERSIONS = {HINT_AID: 4, WIN_CHANCE_AID: 4, TAKEBACK_AID: 5}
"""The save version from which a save may name each aid."""
MAX_DRAW = 2**31 - 1
"""The largest draw number of the die stream a save may name."""
_VARIANTS = {v.value: v for v in Variant}
_ORIENT_ROLL = re.compile(r"([LSR])([1-4])")


class SaveFileError(MarrakechError):
    """A save file (or a save request) that cannot be used; the message names the problem."""


# -- records and turn notation ---------------------------------------------------------


def _turn_text(actions: Sequence[Action]) -> str:
    tokens: list[str] = []
    for action in actions:
        if isinstance(action, Roll) and tokens and tokens[-1] in ("L", "S", "R"):
            tokens[-1] += str(action)
        else:
            tokens.append(str(action))
    return " ".join(tokens)


def turn_notation(actions: Sequence[Action]) -> list[str]:
    """One compact string per turn, e.g. ``L3 c2.3-2.4`` or, aim variant, ``2 c1.1-1.2 aR``.

    A turn starts at an Orient (standard) or at a Roll without an Orient before it (aim
    variants). The orient letter and the roll are written together; tokens are separated
    by one space. ``parse_turns`` reads this back.
    """
    return [_turn_text(actions[start:end]) for start, end in turn_bounds(actions)]


def parse_turns(text: str | Iterable[str]) -> tuple[Action, ...]:
    """The actions written in turn notation: one string, or one string per turn.

    Tokens are separated by white space; ``L3`` is read as Orient left then Roll 3, every
    other token as in ``parse_action``. Raises MarrakechError naming the bad token.
    """
    texts = [text] if isinstance(text, str) else list(text)
    actions: list[Action] = []
    for part in texts:
        for token in part.split():
            match = _ORIENT_ROLL.fullmatch(token)
            if match:
                actions.append(parse_action(match[1]))
                actions.append(parse_action(match[2]))
            else:
                actions.append(parse_action(token))
    return tuple(actions)


# -- the save-file document ------------------------------------------------------------


def setup_to_dict(setup: GameSetup, *, secret: bool = True) -> dict[str, Any]:
    """A set-up as JSON, as save files and the network protocol write it (``setup_from_dict``
    reads it back). ``secret`` False leaves out the seed, which decides the hidden piles
    and every roll (what a host tells its clients)."""
    data: dict[str, Any] = {
        "players": setup.players,
        "names": list(setup.names),
        "seats": list(setup.seats),
        "variant": setup.variant.value,
        "seed": setup.seed,
        "first": setup.first,
        "alternate_piles": setup.alternate_piles,
        "takeback": setup.takeback,
    }
    if not secret:
        del data["seed"]
    return data


def setup_from_dict(value: object, *, secret: bool = True) -> GameSetup:
    """The set-up ``setup_to_dict`` wrote (with ``secret`` False: without its seed, which
    is then 0); SaveFileError says what is wrong."""
    try:
        return _read_setup(value, secret=secret)
    except _Invalid as error:
        raise SaveFileError(str(error)) from error


def record_to_json(session: Session) -> str:
    """The save-file document of a session's game (current position; redo is dropped).

    A GameSetup keeps the rules the reader checks, so the document always reads back.
    Raises SaveFileError when the game's die is neither the seed's nor a loaded one.
    """
    setup = setup_to_dict(session.setup)
    moves = turn_notation(session.actions)
    fields = [
        f'"format": {_dump(SAVE_FORMAT)}',
        f'"version": {SAVE_VERSION}',
        f'"setup": {_dump(setup)}',
    ]
    if not session.started_from_setup:
        fields.append(f'"start": {_dump(session.start.to_dict())}')
    dice = session.dice
    if isinstance(dice, LoadedDie):
        fields.append(f'"dice": {_dump(list(dice.values))}')
    elif dice != SeededDie(session.setup.seed):
        raise SaveFileError(_("cannot save this game: its die is neither the seed's nor loaded"))
    if session.taken_back:
        runs = [list(run) for run in session.taken_back]
        fields.append(f'"{_TAKEN_BACK_KEY}": {_dump(runs)}')
    if session.aids:
        used = [aid for aid in AIDS if aid in session.aids]
        fields.append(f'"{_AIDS_KEY}": {_dump(used)}')
    fields += [
        '"moves": ['
        + ",".join(f"\n  {_dump(move)}" for move in moves)
        + ("\n ]" if moves else "]"),
        f'"position": {_dump(session.state.to_dict())}',
    ]
    return "{\n " + ",\n ".join(fields) + "\n}\n"


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


class _Invalid(Exception):
    """A problem found while checking a document; turned into SaveFileError at the edge."""


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _parse_json(text: str) -> object:
    if len(text) > MAX_SAVE_BYTES:
        raise _Invalid(f"the document is larger than {MAX_SAVE_BYTES} characters")
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise _Invalid(
            f"it is not valid JSON ({error.msg}: line {error.lineno} column {error.colno})"
        ) from error
    except RecursionError as error:
        raise _Invalid("it is not a save: its JSON is nested far too deeply") from error
    except ValueError as error:
        raise _Invalid(f"it is not valid JSON ({error})") from error


def _object(
    value: object, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Invalid(f"{path} must be a JSON object, not {_kind(value)}")
    missing = [key for key in keys if key not in value]
    if missing:
        raise _Invalid(f"{path} lacks the field {missing[0]!r}")
    extra = sorted(key for key in value if key not in keys and key not in optional)
    if extra:
        raise _Invalid(f"{path} has the unknown field {_short(extra[0])}")
    return value


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true/false"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


def _short(value: object, limit: int = 40) -> str:
    return quoted(value, limit)


def _whole(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Invalid(f"{path} must be a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise _Invalid(f"{path} must be from {low} to {high}, not {_short(value)}")
    return value


def _flag(value: object, path: str, allow_null: bool = False) -> bool | None:
    if value is None and allow_null:
        return None
    if not isinstance(value, bool):
        expected = "true, false or null" if allow_null else "true or false"
        raise _Invalid(f"{path} must be {expected}, not {_short(value)}")
    return value


def _strings(value: object, path: str, count: int) -> list[str]:
    if not isinstance(value, list):
        raise _Invalid(f"{path} must be a list, not {_kind(value)}")
    if len(value) != count:
        raise _Invalid(f"{path} must have {count} entries (one per player), not {len(value)}")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise _Invalid(f"{path}[{index}] must be a string, not {_kind(item)}")
    return value


def _check_name(name: str, path: str) -> None:
    problem = name_problem(name)
    if problem is not None:
        raise _Invalid(f"{path} {problem}")


def _is_level(kind: str) -> bool:
    """A person, or a computer level (maybe with settings); not an outside bot."""
    if kind in SEAT_KINDS or kind in OLD_SEAT_KINDS:
        return True
    level = kind.partition(":")[0]
    try:
        return level in LEVELS and bot_named(kind) == kind
    except ValueError:
        return False


def _is_outside_bot(kind: str) -> bool:
    """An outside bot's name as ``new --bot`` writes it (``file.py:Class``, ``module:Class``,
    an installed bot's): read as a name only, never loaded here."""
    if kind.partition(":")[0] in LEVELS or kind in OLD_SEAT_KINDS:
        return False
    try:
        return bot_named(kind) == kind
    except ValueError:
        return False


def outside_seats(setup: GameSetup) -> dict[int, str]:
    """The seats (from 0) an outside bot plays, with its name as the set-up records it.

    A save names the bot, never holds its code: playing the game on runs the bot only
    when the player names it again (``bots.plugins.is_loaded``, ``marrakech load --bot``).
    """
    return {
        seat: kind for seat, kind in enumerate(setup.seats) if kind != PERSON and not is_level(kind)
    }


def _check_seat(kind: str, path: str) -> None:
    if len(kind) > MAX_SEAT_LENGTH:
        raise _Invalid(f"{path} is longer than {MAX_SEAT_LENGTH} characters")
    if any(unshowable(char) for char in kind):
        raise _Invalid(f"{path} {_short(kind)} contains an invisible or control character")
    if _is_level(kind) or _is_outside_bot(kind):
        return
    raise _Invalid(
        f"{path} must be one of {', '.join(SEAT_KINDS)} (a level may have settings, as in "
        f"hard:iterations=100) or an outside bot's name (file.py:Class, module:Class), "
        f"not {_short(kind)}"
    )


def _read_setup(value: object, *, secret: bool = True) -> GameSetup:
    keys = _SETUP_KEYS if secret else tuple(key for key in _SETUP_KEYS if key != "seed")
    data = _object(value, "setup", keys)
    players = _whole(data["players"], "setup.players", 2, 4)
    names = _strings(data["names"], "setup.names", players)
    for index, name in enumerate(names):
        _check_name(name, f"setup.names[{index}]")
    seats = _strings(data["seats"], "setup.seats", players)
    for index, kind in enumerate(seats):
        _check_seat(kind, f"setup.seats[{index}]")  # an outside bot is only a name here
    variant = data["variant"]
    if not isinstance(variant, str) or variant not in _VARIANTS:
        raise _Invalid(
            f"setup.variant must be one of {', '.join(_VARIANTS)}, not {_short(variant)}"
        )
    seed = _whole(data["seed"], "setup.seed", -SEED_LIMIT + 1, SEED_LIMIT - 1) if secret else 0
    first = _whole(data["first"], "setup.first", 0, players - 1)
    alternate = _flag(data["alternate_piles"], "setup.alternate_piles")
    takeback = _flag(data["takeback"], "setup.takeback", allow_null=True)
    try:
        return GameSetup(
            players=players,
            names=tuple(names),
            seats=tuple(seats),
            variant=_VARIANTS[variant],
            seed=seed,
            first=first,
            alternate_piles=bool(alternate),
            takeback=takeback,
        )
    except MarrakechError as error:
        raise _Invalid(f"setup: {error}") from error


def _replay(
    setup: GameSetup,
    value: object,
    start: GameState | None,
    dice: LoadedDie | None,
    taken_back: tuple[tuple[int, int], ...],
) -> Session:
    if not isinstance(value, list):
        raise _Invalid(f"moves must be a list, not {_kind(value)}")
    if len(value) > MAX_MOVES:
        raise _Invalid(f"moves has {len(value)} turns; at most {MAX_MOVES} are allowed")
    try:
        session = Session(setup, start=start, dice=dice, taken_back=taken_back)
    except MarrakechError as error:
        raise _Invalid(f"start: {error}") from error
    for index, move in enumerate(value):
        path = f"moves[{index}]"
        if not isinstance(move, str):
            raise _Invalid(f"{path} must be a string, not {_kind(move)}")
        if len(move) > MAX_MOVE_LENGTH:
            raise _Invalid(f"{path} is longer than {MAX_MOVE_LENGTH} characters")
        try:
            actions = parse_turns(move)
        except MarrakechError as error:
            raise _Invalid(f"{path} {_short(move)}: {error}") from error
        for action in actions:
            try:
                session.play(action)
            except MarrakechError as error:
                raise _Invalid(f"{path} {_short(move)}, action {action}: {error}") from error
    return session


def _first_difference(stored: object, replayed: object, path: str) -> str | None:
    """The path of the first place where two JSON-like values differ, with both values."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in replayed:
            found = _first_difference(stored.get(key), replayed[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for index, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            found = _first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if stored == replayed:
        return None
    return f"{path} is {_short(stored)} in the file but {_short(replayed)} after the moves"


def _check_position(value: object, session: Session) -> None:
    try:
        stored = GameState.from_dict(value)
    except MarrakechError as error:
        raise _Invalid(f"position: {error}") from error
    if stored != session.state:
        where = _first_difference(stored.to_dict(), session.state.to_dict(), "position")
        raise _Invalid(f"the moves do not lead to the stored position: {where}")


def record_from_json(text: str) -> Session:
    """The game a save-file document describes, replayed and checked.

    The moves are replayed from the set-up (the die stream must agree with every roll)
    and the result must equal the stored position. Any problem raises SaveFileError.
    """
    try:
        return _read_document(text)
    except _Invalid as error:
        # Translators: {problem} names what is wrong in the file's fields (in English).
        raise SaveFileError(
            _("not a usable Marrakech save: {problem}").format(problem=error)
        ) from error


def _read_document(text: str) -> Session:
    if not isinstance(text, str):
        raise _Invalid(f"expected text, not {type(text).__name__}")
    every_field = (*_STARTED_KEYS, _AIDS_KEY, _TAKEN_BACK_KEY)
    document = _object(_parse_json(text), "the document", _DOCUMENT_KEYS, every_field)
    if document["format"] != SAVE_FORMAT:
        raise _Invalid(f"format must be {SAVE_FORMAT!r}, not {_short(document['format'])}")
    version = document["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise _Invalid(f"version must be a whole number, not {_kind(version)}")
    if not 1 <= version <= SAVE_VERSION:
        newer = " (written by a newer program)" if version > SAVE_VERSION else ""
        raise _Invalid(
            f"it is version {_short(version)}{newer}; "
            f"this program reads versions 1 to {SAVE_VERSION}"
        )
    optional = _STARTED_KEYS if version >= 2 else ()
    if version >= 4:
        optional = (*optional, _AIDS_KEY)
    if version >= 5:
        optional = (*optional, _TAKEN_BACK_KEY)
    document = _object(document, "the document", _DOCUMENT_KEYS, optional)
    setup = _read_setup(document["setup"])
    start = _read_start(document["start"]) if "start" in document else None
    dice = _read_dice(document["dice"]) if "dice" in document else None
    taken_back = _read_taken_back(document.get(_TAKEN_BACK_KEY, []))
    aids = _read_aids(document[_AIDS_KEY], version) if _AIDS_KEY in document else set()
    if taken_back and TAKEBACK_AID not in aids:
        raise _Invalid(f"{_TAKEN_BACK_KEY} is there, but aids does not name {TAKEBACK_AID!r}")
    session = _replay(setup, document["moves"], start, dice, taken_back)
    _check_taken_back(session, dice)
    _check_position(document["position"], session)
    session.aids = aids
    return session


def _read_aids(value: object, version: int) -> set[str]:
    if not isinstance(value, list) or not value:
        raise _Invalid(f"aids must be a list of what was used, not {_kind(value)}")
    known = [aid for aid in AIDS if _AID_VERSIONS[aid] <= version]
    for aid in value:
        if aid not in known:
            raise _Invalid(f"aids: {_short(aid)} is none of {', '.join(map(repr, known))}")
    if len(set(value)) != len(value):
        raise _Invalid("aids: one is named twice")
    return set(value)


def _read_taken_back(value: object) -> tuple[tuple[int, int], ...]:
    """The runs of draws taken back: ``[first, last]`` pairs in order, apart."""
    path = _TAKEN_BACK_KEY
    if not isinstance(value, list):
        raise _Invalid(f"{path} must be a list, not {_kind(value)}")
    if len(value) > MAX_MOVES + 1:
        raise _Invalid(f"{path} has {len(value)} runs; at most {MAX_MOVES + 1} are allowed")
    runs: list[tuple[int, int]] = []
    for index, run in enumerate(value):
        if not isinstance(run, list) or len(run) != 2:
            raise _Invalid(f"{path}[{index}] must be a pair [first, last], not {_short(run)}")
        low = runs[-1][1] + 2 if runs else 0
        first = _whole(run[0], f"{path}[{index}][0]", low, MAX_DRAW)
        last = _whole(run[1], f"{path}[{index}][1]", first, MAX_DRAW)
        runs.append((first, last))
    return tuple(runs)


def _check_taken_back(session: Session, dice: LoadedDie | None) -> None:
    """Every draw taken back came before the game's next roll (and from the loaded die)."""
    taken_back = session.taken_back
    if not taken_back:
        return
    last = taken_back[-1][1]
    if last >= session.next_draw:
        raise _Invalid(
            f"{_TAKEN_BACK_KEY}: the run ending at draw {last} lies past the game's next "
            f"draw, {session.next_draw}"
        )
    if dice is not None and last >= len(dice.values):
        raise _Invalid(
            f"{_TAKEN_BACK_KEY}: draw {last} was taken back, but the loaded die has only "
            f"{len(dice.values)} rolls"
        )


def _read_start(value: object) -> GameState:
    try:
        return GameState.from_dict(value)
    except MarrakechError as error:
        raise _Invalid(f"start: {error}") from error


def _read_dice(value: object) -> LoadedDie:
    if not isinstance(value, list):
        raise _Invalid(f"dice must be a list, not {_kind(value)}")
    if len(value) > MAX_MOVES:
        raise _Invalid(f"dice has {len(value)} rolls; at most {MAX_MOVES} are allowed")
    for index, roll in enumerate(value):
        if type(roll) is not int or roll not in DIE_FACES:
            raise _Invalid(f"dice[{index}] must be a die face (1-4), not {_short(roll)}")
    return LoadedDie(tuple(value))


# -- the text log ----------------------------------------------------------------------


def export_log(session: Session) -> str:
    """The game as plain text: header, one line per turn (notation and sentence), scores.

    In English whatever language the player reads: the log is a document whose format
    docs/save-format.md pins."""
    with words.in_english():
        return _export_log(session)


def _export_log(session: Session) -> str:
    setup = session.setup
    state = session.state
    names = setup.names
    seats = ", ".join(
        f"{name} ({kind}, {'+'.join(words.colour_word(c) for c in player.colours)})"
        for name, kind, player in zip(names, setup.seats, state.players, strict=True)
    )
    die = ", rolls from a loaded die" if isinstance(session.dice, LoadedDie) else ""
    lines = [
        f"{LOG_START}{setup.players} players, {setup.variant.value} variant, "
        f"seed {setup.seed}{die}",
        f"Players: {seats}",
        f"First: {names[setup.first]}",
        "",
    ]
    transitions: Sequence[Transition] = session.transitions
    actions = session.actions
    bounds = turn_bounds(actions)
    width = max((len(_turn_text(actions[a:b])) for a, b in bounds), default=0)
    for number, (start, end) in enumerate(bounds, start=1):
        notation = _turn_text(actions[start:end])
        said = narrate.sentence(transitions[start:end], names)
        lines.append(f"{number:3}. {notation:<{width}}  {said}")
    if state.phase is Phase.OVER:
        lines += ["", *words.final_scores(state, names)]
    else:
        lines += ["", "The game is not over."]
    return "\n".join(lines) + "\n"
