"""The text mode's parser: each form of each command, and one clear line for anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marrakech.engine import Place, Turn
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


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("left", Go(Turn.LEFT)),
        ("L", Go(Turn.LEFT)),
        ("  Turn   LEFT ", Go(Turn.LEFT)),
        ("r", Go(Turn.RIGHT)),
        ("ahead", Go(Turn.STRAIGHT)),
        ("straight", Go(Turn.STRAIGHT)),
        ("S", Go(Turn.STRAIGHT)),
        ("roll", Plain("roll")),
        ("aim left", AimAt(Turn.LEFT)),
        ("aR", AimAt(Turn.RIGHT)),
        ("aim s", AimAt(Turn.STRAIGHT)),
        ("3", LayNumber(3)),
        ("lay 12", LayNumber(12)),
        ("c2.3-2.4", LayCarpet(Place((2, 3), (2, 4)))),
        ("2.4-2.3", LayCarpet(Place((2, 3), (2, 4)))),
        ("lay C1.0-2.0", LayCarpet(Place((1, 0), (2, 0)))),
        ("(2,0)-(2,1)", LayCarpet(Place((2, 0), (2, 1)))),  # as the game writes a carpet
        ("(2,0) (2,1)", LayCarpet(Place((2, 0), (2, 1)))),
        ("board", Look("board")),
        ("board picture", Look("picture")),
        ("p", Look("picture")),
        ("square 2 3", LookSquare((2, 3))),
        ("sq (6,0)", LookSquare((6, 0))),
        ("square 2.3", LookSquare((2, 3))),
        ("row 0", LookLine(column=False, index=0)),
        ("column 6", LookLine(column=True, index=6)),
        ("legal", Look("legal")),
        ("risk", Look("risk")),
        ("score", Look("scores")),
        ("log", Look("log")),
        ("u", Plain("undo")),
        ("redo", Plain("redo")),
        ("h", Plain("hint")),
        ("save Friday  Night", Save("Friday Night")),
        ("?", Look("help")),
        ("exit", Plain("quit")),
    ],
)
def test_every_form_reads_as_its_command(line: str, command: Command) -> None:
    assert parse(line) == command


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "Nothing typed."),
        ("dance", "Unknown command 'dance'."),
        ("left now", "Unknown command 'left now'."),
        ("lfet", "Unknown command 'lfet': did you mean left?"),
        ("rigth", "Unknown command 'rigth': did you mean right?"),
        ("Hitn", "Unknown command 'Hitn': did you mean hint?"),
        ("aim up", "Aim which way? Type aim left or aim right (aim ahead keeps it)."),
        ("square 7 1", "No row 7: rows and columns are 0 to 6."),
        ("square 2", "Which square? Give its row and column: square 2 3."),
        ("row x", "Which row? Give its number, 0 to 6: row 3."),
        ("col 9", "No column 9: rows and columns are 0 to 6."),
        ("lay", "Lay needs more: for example lay 3 or lay c2.3-2.4."),
        ("lay here", "No carpet 'here': give its number in legal or write it like c2.3-2.4."),
        ("save", "Save needs more: for example save friday."),
        ("c1.2", "A carpet needs two squares, like c2.3-2.4: 'c1.2' has one."),
        ("C1.2-", "A carpet needs two squares, like c2.3-2.4: 'C1.2-' has one."),
        ("1.2-1", "A carpet needs two squares, like c2.3-2.4: '1.2-1' has one."),
        ("(2,3)", "A carpet needs two squares, like c2.3-2.4: '(2,3)' has one."),
        ("lay c1.2", "A carpet needs two squares, like c2.3-2.4: 'c1.2' has one."),
        ("lay 2,3", "A carpet needs two squares, like c2.3-2.4: '2,3' has one."),
        (
            "(2,0)-(2,1",
            "No carpet '(2,0)-(2,1': its brackets do not pair up. Write it like (2,3)-(2,4).",
        ),
        (
            "lay 2,0) 2,1",
            "No carpet '2,0) 2,1': its brackets do not pair up. Write it like (2,3)-(2,4).",
        ),
        ("square (2,3", "Which square? Give its row and column: square 2 3."),
        ("c9.9-9.9", "No row 9: rows and columns are 0 to 6."),  # whatever the game waits for
        ("(1,7)-(1,6)", "No column 7: rows and columns are 0 to 6."),
        ("(2,3)-(2,4)-(2,5)", "Unknown command '(2,3)-(2,4)-(2,5)'."),  # paired, not a carpet
        ("squre 2 3", "Unknown command 'squre 2 3': did you mean square?"),
        (
            "around",
            "Assam never turns round: there is no U-turn. He goes ahead, or a quarter turn left "
            "or right.",
        ),
        ("3 2 3 9", "No column 9: rows and columns are 0 to 6."),
        ("\x1b[2J", "Unknown command '\\x1b[2J'."),
        ("\x1b[D", "The arrow keys do not work here: type the command in words."),
        ("\x1b[A\x1b[A", "The arrow keys do not work here: type the command in words."),
    ],
)
def test_anything_else_is_one_line_saying_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(CommandError) as refused:
        parse(line)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("line", "place"),
    [
        ("c1.2-1.3", Place((1, 2), (1, 3))),
        ("1.2-2.2", Place((1, 2), (2, 2))),
        ("lay c1.2-1.3", Place((1, 2), (1, 3))),
        ("(2,3)-(2,4)", Place((2, 3), (2, 4))),
        ("2,3 2,4", Place((2, 3), (2, 4))),
        ("lay 3 2 3 3", Place((3, 2), (3, 3))),
        ("3 2 3 3", Place((3, 2), (3, 3))),
    ],
)
def test_a_carpet_of_two_squares_is_still_read_as_before(line: str, place: Place) -> None:
    assert parse(line) == LayCarpet(place)


def test_a_long_line_is_quoted_short() -> None:
    with pytest.raises(CommandError) as refused:
        parse("x" * 5000)
    assert len(str(refused.value)) < 120


@given(st.text(max_size=60))
def test_any_line_is_a_command_or_a_one_line_error(line: str) -> None:
    try:
        parse(line)
    except CommandError as error:
        text = str(error)
        assert text and "\n" not in text and "\x1b" not in text
