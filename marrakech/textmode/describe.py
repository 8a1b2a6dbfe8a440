"""The game in plain lines: the market, a square, the choices, the risks, the scores.

Pure functions from a position (and the players' names) to sentences that make sense
read aloud: no colour, no box art, squares as the rules write them, ``(row,col)``. What
is legal, what a square would charge and who is ahead all come from the engine; the
risks from ``flow.risk``.
"""

from __future__ import annotations

from collections.abc import Sequence

from marrakech.engine import (
    SIZE,
    Aim,
    Colour,
    GameState,
    Orient,
    Phase,
    Place,
    Square,
    Transition,
    Turn,
    squares_of,
)
from marrakech.flow import cursor
from marrakech.flow.risk import LaneRisk
from marrakech.games import words as shared
from marrakech.games.language import _, ngettext, pgettext
from marrakech.games.levels import computer_label, is_level, level_word
from marrakech.games.text import shown
from marrakech.games.words import colour_word, square_text

COMMANDS = {Turn.LEFT: "left", Turn.STRAIGHT: "ahead", Turn.RIGHT: "right"}
"""Each turn by the command that makes it (a command word: the same in every language)."""


def numbered_turns(sentences: Sequence[str], first: int = 1) -> list[str]:
    """The log's sentences numbered as the review names turns: "Turn 3: Bo goes ..."."""
    return [
        _("Turn {number}: {sentence}").format(number=number, sentence=sentence)
        for number, sentence in enumerate(sentences, start=first)
    ]


def carpet_text(place: Place) -> str:
    """A carpet in the move notation and in words: "c2.3-2.4, on (2,3) and (2,4)"."""
    return _("{carpet}, on {first} and {second}").format(
        carpet=place, first=square_text(place.a), second=square_text(place.b)
    )


def assam_line(state: GameState) -> str:
    """Where Assam stands: "Assam is on (3,3), facing north."."""
    return _("{where}.").format(where=shared.assam_words(state))


def _top_words(state: GameState, square: Square, names: Sequence[str] = ()) -> str:
    """What lies on a square: "empty", "red carpet no. 4", "blue carpet no. 2 (neutral), 3
    carpets high" (carpets numbered in the order they were laid, whatever their colour:
    two squares of one number are one carpet); with ``names``, whose it is: "Bo's red
    carpet no. 4"."""
    stack = state.stack(square)
    if not stack:
        return _("empty")
    top = stack[-1]
    owner = state.owner(top.colour)
    name = names[owner] if names and owner is not None else None
    if state.is_neutral(top.colour):
        words = _("{colour} carpet no. {number} (neutral)")
    elif name is not None:
        # Translators: "Bo's blue carpet no. 2": Bo's, blue, the second carpet laid (of any
        # colour: carpets are numbered in the order they are laid).
        words = _("{name}'s {colour} carpet no. {number}")
    else:
        words = _("{colour} carpet no. {number}")
    # Carpets are numbered from 1, as players count (the engine counts from 0).
    words = words.format(name=name, colour=colour_word(top.colour), number=top.carpet + 1)
    if len(stack) > 1:
        words = _("{carpet}, {count} carpets high").format(carpet=words, count=len(stack))
    return words


def _covered_words(state: GameState, square: Square, names: Sequence[str]) -> str:
    """A square a carpet would cover, with what lies there: "(2,0) empty"."""
    # Translators: a square and what lies on it: "(2,0) empty", "(2,1) blue carpet no. 3".
    words = pgettext("a square a carpet would cover", "{square} {what}")
    return words.format(square=square_text(square), what=_top_words(state, square, names))


def _with_assam(state: GameState, square: Square, words: str) -> str:
    if square != state.assam.square:
        return words
    return _("{square}, with Assam facing {facing}").format(
        square=words, facing=shared.compass_word(state.assam.facing)
    )


def line_words(state: GameState, squares: Sequence[Square]) -> str:
    """A row or column of squares in words, runs of empty squares said once."""
    parts: list[str] = []
    run: list[Square] = []

    def close_run() -> None:
        if len(run) == 1:
            parts.append(_("{square} empty").format(square=square_text(run[0])))
        elif run:
            parts.append(
                _("{first} to {last} empty").format(
                    first=square_text(run[0]), last=square_text(run[-1])
                )
            )
        run.clear()

    for square in squares:
        if not state.stack(square) and square != state.assam.square:
            run.append(square)
            continue
        close_run()
        parts.append(
            _("{square} {what}").format(
                square=square_text(square),
                what=_with_assam(state, square, _top_words(state, square)),
            )
        )
    close_run()
    return pgettext("between the squares of a row or column", "; ").join(parts)


def row_line(state: GameState, row: int) -> str:
    """One row of the market in words."""
    squares = line_words(state, [(row, col) for col in range(SIZE)])
    return _("Row {number}: {squares}.").format(number=row, squares=squares)


def column_line(state: GameState, col: int) -> str:
    """One column of the market in words."""
    squares = line_words(state, [(row, col) for row in range(SIZE)])
    return _("Column {number}: {squares}.").format(number=col, squares=squares)


def market_lines(state: GameState) -> list[str]:
    """The whole market: where Assam is, then each row, top row first."""
    return [assam_line(state), *(row_line(state, row) for row in range(SIZE))]


def picture_lines(state: GameState) -> list[str]:
    """The compact text picture of the market (the engine's), with a key."""
    # str(state) draws a heading, then each row with a line of joins below it but the last.
    picture = str(state).splitlines()[: 2 * SIZE]
    key = _(
        "Key: a letter is the top carpet's colour (R, B, Y, G; lower case when neutral), "
        "the digit its stack's height, = and | join the halves of one carpet, "
        "^ > v < is Assam and his facing, . an empty square."
    )
    return [*picture, key]


def square_line(state: GameState, square: Square, names: Sequence[str]) -> str:
    """One square: what lies there and what stopping there would charge the player to move."""
    where = square_text(square)
    what = _with_assam(state, square, _top_words(state, square, names))
    if state.phase is Phase.OVER:
        return _("Square {square}: {what}.").format(square=where, what=what)
    seat = state.current
    charge = state.charge_at(square, seat)
    if charge.payee is None:
        return _("Square {square}: {what}; {name} would stop here for free.").format(
            square=where, what=what, name=names[seat]
        )
    fields = {
        "square": where,
        "what": what,
        "name": names[seat],
        "payee": names[charge.payee],
        "region": charge.toll,
        "toll": charge.toll,
        "paid": charge.paid,
    }
    if charge.bankrupt:
        return ngettext(
            "Square {square}: {what}; a region of {region} square: {name} would owe {payee} "
            "{toll} dirham here, pay all {paid} and go bankrupt.",
            "Square {square}: {what}; a region of {region} squares: {name} would owe {payee} "
            "{toll} dirhams here, pay all {paid} and go bankrupt.",
            charge.toll,
        ).format(**fields)
    if charge.toll == 1:  # one square charges one dirham: the same count twice
        return ngettext(
            "Square {square}: {what}; a region of {region} square: {name} would pay {payee} "
            "{paid} dirham here.",
            "Square {square}: {what}; a region of {region} squares: {name} would pay {payee} "
            "{paid} dirhams here.",
            charge.paid,
        ).format(**fields)
    return ngettext(
        "Square {square}: {what}; a region of {region} squares: {name} would pay {payee} "
        "{paid} dirham here.",
        "Square {square}: {what}; a region of {region} squares: {name} would pay {payee} "
        "{paid} dirhams here.",
        charge.paid,
    ).format(**fields)


def region_lines(state: GameState, names: Sequence[str]) -> list[str]:
    """Each player's colours and their regions on the market, the largest first, each with
    its squares: "Ayla's red: 5 squares, (1,2) (1,3) (2,3) (2,4) (3,4); 1 square, (6,6)."
    (stopping on a region costs its size in dirhams: a square's toll is its region's)."""
    found: dict[Colour, list[list[Square]]] = {}
    for colour, mask in state.regions():
        found.setdefault(colour, []).append(sorted(squares_of(mask)))
    lines = [
        _(
            "Each colour's regions, the largest first: stopping on one costs as many dirhams "
            "as it has squares, paid to its owner."
        )
    ]
    # Translators: between the squares of a region: "(1,2) (1,3) (2,3)".
    between = pgettext("between the squares of a region", " ")
    for seat, player in enumerate(state.players):
        for colour in player.colours:
            regions = sorted(found.get(colour, []), key=lambda region: (-len(region), region))
            fields = {"name": names[seat], "colour": colour_word(colour)}
            if not regions:
                lines.append(_("{name}'s {colour}: none showing.").format(**fields))
                continue
            said = pgettext("between the regions of a colour", "; ").join(
                ngettext(
                    "{count} square, {squares}", "{count} squares, {squares}", len(region)
                ).format(count=len(region), squares=between.join(square_text(sq) for sq in region))
                for region in regions
            )
            if state.is_neutral(colour):
                line = _("{name}'s {colour}, neutral (no tolls): {regions}.")
            else:
                line = _("{name}'s {colour}: {regions}.")
            lines.append(line.format(regions=said, **fields))
    return lines


def purse_line(transitions: Sequence[Transition], names: Sequence[str]) -> str | None:
    """After a toll, what the payer and the payee have now: "Ayla has 27 dirhams now,
    Bo 33."; None when no toll was paid."""
    paid = next((t for t in transitions if t.payee is not None), None)
    if paid is None or paid.payee is None:
        return None
    players = paid.after.players
    payer, payee = players[paid.seat].money, players[paid.payee].money
    # Translators: after a toll: "Ayla has 27 dirhams now, Bo 33."
    return ngettext(
        "{payer} has {money} dirham now, {payee} {other}.",
        "{payer} has {money} dirhams now, {payee} {other}.",
        payer,
    ).format(payer=names[paid.seat], money=payer, payee=names[paid.payee], other=payee)


def way_words(state: GameState, turn: Turn) -> str:
    """A turn with the facing it gives now: "left, to the west"."""
    return shared.way_words(turn, state.assam.facing)


def legal_lines(state: GameState, names: Sequence[str] = ()) -> list[str]:
    """The choices of the player to move, as the engine lists them, each with its command
    (with ``names``, a carpet covered says whose it is)."""
    if state.phase is Phase.PLACE:
        # What each carpet would cover is what a player who sees the market reads there;
        # on two empty squares, its notation says all (their squares are not said twice).
        return [
            _("{number}: {carpet}, over {first} and {second}.").format(
                number=number,
                carpet=place,
                first=_covered_words(state, place.a, names),
                second=_covered_words(state, place.b, names),
            )
            if state.stack(place.a) or state.stack(place.b)
            else _("{number}: {carpet}, both squares empty.").format(number=number, carpet=place)
            for number, place in enumerate(state.legal_placements(), start=1)
        ]
    facing = state.assam.facing
    if state.phase is Phase.ORIENT:
        return [
            _("{command}: turn Assam to the {facing} and roll.").format(
                command=COMMANDS[turn], facing=shared.compass_word(facing.turned(turn))
            )
            if turn is not Turn.STRAIGHT
            else _("ahead: keep Assam facing {facing} and roll.").format(
                facing=shared.compass_word(facing)
            )
            for turn in cursor.turn_choices(state)
        ]
    if state.phase is Phase.AIM:
        return [
            _("aim {command}: Assam will face {facing} for the next player.").format(
                command=COMMANDS[turn], facing=shared.compass_word(facing.turned(turn))
            )
            for turn in cursor.turn_choices(state)
        ]
    if state.phase is Phase.ROLL:
        return [_("roll: Assam walks {facing}.").format(facing=shared.compass_word(facing))]
    return [_("Nothing: the game is over.")]


def risk_lines(risks: Sequence[LaneRisk], state: GameState, names: Sequence[str]) -> list[str]:
    """The risk table in words: for each way, the chance to pay, the mean toll, bankruptcy."""
    if not risks:
        return [_("No roll to come.")]
    lines = [_("If {name} rolls:").format(name=names[risks[0].seat])]
    for risk in risks:
        if risk.turn is None:
            way = _("As he faces")
        else:
            way = _("Going {way}").format(way=way_words(state, risk.turn))
        stops = shared.roll_stops(risk.stops, risk.tolls, names)
        lines.append(
            _(
                "{way}: {pay:.0%} chance to pay, {toll:.1f} dirhams expected, "
                "{bankrupt:.0%} chance of bankruptcy; a roll of {stops}."
            ).format(
                way=way,
                pay=risk.chance_to_pay,
                toll=risk.expected_toll,
                bankrupt=risk.chance_of_bankruptcy,
                stops=stops,
            )
        )
    return lines


def seat_lines(
    state: GameState,
    names: Sequence[str],
    kinds: Sequence[str | None],
    stand_ins: Sequence[str | None] = (),
) -> list[str]:
    """Who plays which colours; ``kinds`` gives each seat's computer level (None: a person),
    ``stand_ins`` the level that plays for an outside bot not loaded (``ComputerSeats``)."""
    lines = []
    for seat, player in enumerate(state.players):
        colours = shared.colours_words(player.colours)
        stand_in = stand_ins[seat] if seat < len(stand_ins) else None
        if kinds[seat] is None:
            line = _("{name} plays {colours}.").format(name=names[seat], colours=colours)
        elif stand_in is not None:
            line = _(
                "{name} ({level} computer, for the outside bot {bot}, which is not loaded) "
                "plays {colours}."
            ).format(
                name=names[seat],
                level=level_word(stand_in),
                bot=shown(str(kinds[seat]), 120),
                colours=colours,
            )
        else:
            kind = str(kinds[seat])
            computer = (  # a level with the settings it plays with, an outside bot by its class
                _("{level} computer").format(level=level_word(kind))
                if is_level(kind)
                else computer_label(kind)
            )
            line = _("{name} ({computer}) plays {colours}.").format(
                name=names[seat], computer=computer, colours=colours
            )
        lines.append(line)
    return lines


def choice_words(action: Orient | Aim | Place, state: GameState, *, squares: bool = True) -> str:
    """A choice as the command that makes it, in words: "carpet 6, c3.0-4.0, on (3,0) and
    (4,0)" (without ``squares``, where the words after it name them: "carpet 6, c3.0-4.0")."""
    if isinstance(action, Place):
        number = state.legal_placements().index(action) + 1
        carpet = carpet_text(action) if squares else str(action)
        return _("carpet {number}, {carpet}").format(number=number, carpet=carpet)
    if isinstance(action, Aim):
        return _("aim {way}").format(way=way_words(state, action.turn))
    return way_words(state, action.turn)
