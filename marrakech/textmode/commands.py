"""What a person types in the text mode: one line in, one command out (or a one-line error).

Pure and stateless: ``parse`` reads the words only. Whether a command can act in the
position (a carpet number that exists, a turn in the right phase) is for the game to say,
asking the engine and the flow. docs/text-mode.md lists every form read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches
from typing import NoReturn

from marrakech.engine import SIZE, Direction, Place, Square, Turn
from marrakech.games.language import _
from marrakech.games.text import quoted
from marrakech.games.words import compass_word
from marrakech.tutorial.lessons import UTURN

WAYS: dict[str, Turn] = {
    "left": Turn.LEFT,
    "l": Turn.LEFT,
    "right": Turn.RIGHT,
    "r": Turn.RIGHT,
    "ahead": Turn.STRAIGHT,
    "a": Turn.STRAIGHT,
    "straight": Turn.STRAIGHT,
    "s": Turn.STRAIGHT,
    "左": Turn.LEFT,
    "右": Turn.RIGHT,
    "まっすぐ": Turn.STRAIGHT,
    "直進": Turn.STRAIGHT,
}
"""The words for a way Assam may go: the engine's letters L, S and R among them, and the
Japanese ones (understood in every language)."""

LOOKS: dict[str, str] = {
    "board": "board",
    "b": "board",
    "picture": "picture",
    "p": "picture",
    "legal": "legal",
    "risk": "risk",
    "regions": "regions",
    "scores": "scores",
    "score": "scores",
    "log": "log",
    "summary": "summary",
    "review": "review",
    "eval": "eval",
    "where": "where",
    "help": "help",
    "?": "help",
}
"""The commands that only tell something, by every name they have."""

PLAIN: dict[str, str] = {
    "roll": "roll",
    "undo": "undo",
    "u": "undo",
    "redo": "redo",
    "hint": "hint",
    "h": "hint",
    "back": "back",
    "yes": "yes",
    "no": "no",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
}
"""The commands without an argument that act, by every name they have."""

COMMAND_WORDS: tuple[str, ...] = (
    "left",
    "right",
    "ahead",
    "roll",
    "aim",
    "lay",
    "board",
    "picture",
    "square",
    "row",
    "col",
    "legal",
    "risk",
    "regions",
    "scores",
    "log",
    "summary",
    "review",
    "eval",
    "undo",
    "redo",
    "hint",
    "save",
    "yes",
    "no",
    "computer",
    "back",
    "help",
    "quit",
)
"""Every command's own name, in the order the help lists them."""

ALIASES: dict[str, str] = {
    "左": "left",
    "右": "right",
    "まっすぐ": "ahead",
    "直進": "ahead",
    "振る": "roll",
    "向ける": "aim",
    "敷く": "lay",
    "盤": "board",
    "絵": "picture",
    "マス": "square",
    "行": "row",
    "列": "col",
    "選択肢": "legal",
    "リスク": "risk",
    "つながり": "regions",
    "得点": "scores",
    "記録": "log",
    "まとめ": "summary",
    "振り返り": "review",
    "勝率": "eval",
    "どこ": "where",
    "戻す": "undo",
    "やり直す": "redo",
    "やり直し": "redo",  # as the app's key and the undo's reply name it
    "ヒント": "hint",
    "保存": "save",
    "はい": "yes",
    "いいえ": "no",
    "コンピューター": "computer",
    "席に戻る": "back",
    "ヘルプ": "help",
    "終了": "quit",
    "やめる": "quit",
}
"""Japanese names of the commands, understood in every language: each means the English
command word it names (the words after it are read as that command's)."""

WIDE = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: " "}
"""Full-width letters, digits and signs (as a Japanese keyboard types them) as ASCII."""

COMPASS_WORDS: dict[str, Direction] = {
    "north": Direction.N,
    "east": Direction.E,
    "south": Direction.S,
    "west": Direction.W,
    "北": Direction.N,
    "東": Direction.E,
    "南": Direction.S,
    "西": Direction.W,
}
"""The ways of the compass, as the game says where Assam faces: each means the turn that
faces him that way (``facing_turn``)."""

AROUND = frozenset({"around", "u-turn", "uturn", "behind", "後ろ"})
"""What a player may type to try to turn Assam round (which the rules never allow)."""

_CARPET = re.compile(r"c?(?P<row1>\d+)\.(?P<col1>\d+)-(?P<row2>\d+)\.(?P<col2>\d+)", re.ASCII)
"""The engine's carpet notation ``c2.3-2.4`` (row.col of each half); the ``c`` may go."""


def _written_square(number: int, between: str) -> str:
    """A square written in words, its two numbers parted by ``between``, in brackets or
    not (but never one without the other)."""
    return (
        rf"(?P<open{number}>\()?\s*(?P<row{number}>\d+)\s*{between}\s*(?P<col{number}>\d+)\s*"
        rf"(?(open{number})\)|)"
    )


_SQUARE = re.compile(_written_square(1, r"[\s,.]"), re.ASCII)
"""A square as ``2 3``, ``2,3``, ``2.3`` or ``(2,3)``: row, then column."""
_TWO_SQUARES = re.compile(
    _written_square(1, "[,.]") + r"(?:\s*-\s*|\s+|(?<=\))(?=\())" + _written_square(2, "[,.]"),
    re.ASCII,
)
"""A carpet as its two squares the way they are written in words: ``(2,3) (2,4)``,
``2,3 2,4`` or ``(2,3)-(2,4)``."""
_FOUR_NUMBERS = re.compile(
    r"(?P<row1>\d+)\s+(?P<col1>\d+)\s+(?P<row2>\d+)\s+(?P<col2>\d+)", re.ASCII
)
"""A carpet as four plain numbers: ``2 3 2 4`` is (2,3)-(2,4)."""
_UNPAIRED = re.compile(r"[()\d\s,.-]*\d[()\d\s,.-]*", re.ASCII)
"""Two squares but for their brackets, which do not pair up: ``(2,0)-(2,1``."""
_ONE_SQUARE = re.compile(
    r"c?\d+\.\d+(?:-(?:\d+\.?)?)?|\(?\s*\d+\s*,\s*\d+\s*\)?(?:\s*-)?", re.ASCII
)
"""The start of a carpet, one square only: ``c2.3``, ``2.3-``, ``c2.3-2``, ``(2,3)`` or
``2,3`` (a square alone is read as a carpet nowhere else: ``square 2 3`` looks at one)."""
_INDEX = re.compile(r"\d+", re.ASCII)


class CommandError(ValueError):
    """A line that is no command; the message says so in one line."""


@dataclass(frozen=True, slots=True)
class Go:
    """Turn Assam this way and roll (before the roll), or aim him this way (aiming)."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class Face:
    """Turn Assam to face this way of the compass (``facing_turn`` says which turn that is)."""

    direction: Direction


@dataclass(frozen=True, slots=True)
class AimAt:
    """Aim Assam this way for the next player (the aiming variant)."""

    turn: Turn


@dataclass(frozen=True, slots=True)
class LayNumber:
    """Lay the carpet numbered so in ``legal`` (from 1)."""

    number: int


@dataclass(frozen=True, slots=True)
class LayCarpet:
    """Lay a carpet written in the move notation."""

    place: Place


@dataclass(frozen=True, slots=True)
class Plain:
    """A command without an argument: roll, undo, redo, hint, yes, no, quit."""

    name: str


@dataclass(frozen=True, slots=True)
class Look:
    """Tell something without changing anything: board, picture, legal, risk, scores, log,
    help."""

    name: str


@dataclass(frozen=True, slots=True)
class LookSquare:
    """Describe one square."""

    square: Square


@dataclass(frozen=True, slots=True)
class LookLine:
    """Describe one row or one column of the market."""

    column: bool
    index: int


@dataclass(frozen=True, slots=True)
class Save:
    """Save the game under a name in Saved games."""

    name: str


@dataclass(frozen=True, slots=True)
class GiveSeat:
    """A network game's host lets a computer of ``level`` play seat ``seat`` (0-based)."""

    seat: int
    level: str


Command = (
    Go
    | Face
    | AimAt
    | LayNumber
    | LayCarpet
    | Plain
    | Look
    | LookSquare
    | LookLine
    | Save
    | GiveSeat
)
"""Anything ``parse`` returns."""


def parse(line: str) -> Command:
    """The command a line means; CommandError (one line) when it means none.

    Words are separated by spaces and read without regard to case, except a save's name.
    """
    text = " ".join(line.split())
    if not text:
        raise CommandError(_("Nothing typed."))
    words = text.translate(WIDE).lower().split(" ")
    head, rest = ALIASES.get(words[0], words[0]), words[1:]
    argument = " ".join(rest)
    if head in ("turn", "go", "face") and len(rest) == 1 and rest[0] in WAYS:
        return Go(WAYS[rest[0]])
    if head in ("turn", "go", "face") and len(rest) == 1 and rest[0] in COMPASS_WORDS:
        return Face(COMPASS_WORDS[rest[0]])
    if head in ("turn", "go") and len(rest) == 1 and rest[0] in AROUND:
        raise CommandError(_(UTURN))
    if head in WAYS and not rest:
        return Go(WAYS[head])
    if head in COMPASS_WORDS and not rest:
        return Face(COMPASS_WORDS[head])
    if head == "aim" or (len(head) == 2 and head[0] == "a" and head[1] in "lsr" and not rest):
        return AimAt(_aim_way(head, argument))
    if head in AROUND and not rest:
        raise CommandError(_(UTURN))
    if head in PLAIN and not rest:
        return Plain(PLAIN[head])
    if head == "board" and argument in ("picture", "p", "絵"):
        return Look("picture")
    if head in LOOKS and not rest:
        return Look(LOOKS[head])
    if head == "lay":
        if not argument:
            _missing("lay")
        return _carpet(argument)
    if head in ("square", "sq"):
        return LookSquare(_square(argument))
    if head == "row":
        return LookLine(column=False, index=_line_index("row", argument))
    if head in ("col", "column"):
        return LookLine(column=True, index=_line_index("column", argument))
    if head == "computer":
        if len(rest) != 2 or not _INDEX.fullmatch(rest[0]) or int(rest[0]) < 1:
            raise CommandError(
                _("Computer needs a seat and a level: for example computer 2 greedy.")
            )
        return GiveSeat(int(rest[0]) - 1, rest[1])
    if head == "save":
        name = text.partition(" ")[2]
        if not name:
            _missing("save")
        return Save(name)
    if not rest and (_INDEX.fullmatch(head) or _CARPET.fullmatch(head)):
        return _carpet(head)
    written = " ".join(words)
    if (
        _TWO_SQUARES.fullmatch(written)
        or _FOUR_NUMBERS.fullmatch(written)
        or (_UNPAIRED.fullmatch(written) and not _paired(written))
    ):
        return _carpet(written)  # a carpet as the game writes it: (2,0)-(2,1)
    if _ONE_SQUARE.fullmatch(written):
        _one_square(line.strip())
    if _ARROW_KEY.fullmatch(line.strip()):
        raise CommandError(_("The arrow keys do not work here: type the command in words."))
    command = quoted(line.strip())
    close = get_close_matches(head, COMMAND_WORDS, n=1, cutoff=0.7)
    if close and head not in COMMAND_WORDS:  # "squre 2 3" as well as "squre"
        raise CommandError(
            _("Unknown command {command}: did you mean {word}?").format(
                command=command, word=close[0]
            )
        )
    raise CommandError(_("Unknown command {command}.").format(command=command))


_ARROW_KEY = re.compile(r"(\x1b\[[ABCD])+")
"""What a terminal sends for the arrow keys (up, down, right, left) to a line of input."""


def facing_turn(command: Face, facing: Direction) -> Go:
    """The turn that faces Assam, who faces ``facing``, the way ``command`` names;
    CommandError (one line) for the way behind him, where he never turns."""
    for turn in Turn:
        if facing.turned(turn) is command.direction:
            return Go(turn)
    raise CommandError(
        _("Assam faces {facing}: {behind} is behind him, and he never turns round.").format(
            facing=compass_word(facing), behind=compass_word(command.direction)
        )
    )


def _missing(command: str) -> NoReturn:
    if command == "lay":
        raise CommandError(_("Lay needs more: for example lay 3 or lay c2.3-2.4."))
    raise CommandError(_("Save needs more: for example save friday."))


def _one_square(text: str) -> NoReturn:
    raise CommandError(
        _("A carpet needs two squares, like c2.3-2.4: {carpet} has one.").format(
            carpet=quoted(text)
        )
    )


def _aim_way(head: str, argument: str) -> Turn:
    way = argument if head == "aim" else head[1]
    if way not in WAYS:
        raise CommandError(_("Aim which way? Type aim left or aim right (aim ahead keeps it)."))
    return WAYS[way]


def _carpet(text: str) -> LayNumber | LayCarpet:
    if _INDEX.fullmatch(text):
        return LayNumber(int(text))
    match = _CARPET.fullmatch(text) or _TWO_SQUARES.fullmatch(text) or _FOUR_NUMBERS.fullmatch(text)
    if match is None and _ONE_SQUARE.fullmatch(text):
        _one_square(text)
    if match is None and _UNPAIRED.fullmatch(text) and not _paired(text):
        raise CommandError(
            _("No carpet {carpet}: its brackets do not pair up. Write it like (2,3)-(2,4).").format(
                carpet=quoted(text)
            )
        )
    if match is None:
        raise CommandError(
            _("No carpet {carpet}: give its number in legal or write it like c2.3-2.4.").format(
                carpet=quoted(text)
            )
        )
    # A square off the market is said so at once, whatever the game waits for.
    r1, r2 = (_coordinate(match[name], "row") for name in ("row1", "row2"))
    c1, c2 = (_coordinate(match[name], "column") for name in ("col1", "col2"))
    return LayCarpet(Place((r1, c1), (r2, c2)))


def _paired(text: str) -> bool:
    """Whether each "(" of ``text`` is closed by a ")" after it, with none inside another."""
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth not in (0, 1):
            return False
    return depth == 0


def _coordinate(text: str, what: str) -> int:
    value = int(text)
    if not 0 <= value < SIZE:
        if what == "row":
            message = _("No row {number}: rows and columns are 0 to {last}.")
        else:
            message = _("No column {number}: rows and columns are 0 to {last}.")
        raise CommandError(message.format(number=value, last=SIZE - 1))
    return value


def _square(argument: str) -> Square:
    match = _SQUARE.fullmatch(argument)
    if match is None:
        raise CommandError(_("Which square? Give its row and column: square 2 3."))
    return (_coordinate(match["row1"], "row"), _coordinate(match["col1"], "column"))


def _line_index(what: str, argument: str) -> int:
    if not _INDEX.fullmatch(argument):
        if what == "row":
            message = _("Which row? Give its number, 0 to {last}: row 3.")
        else:
            message = _("Which column? Give its number, 0 to {last}: col 3.")
        raise CommandError(message.format(last=SIZE - 1))
    return _coordinate(argument, what)
