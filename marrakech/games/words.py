"""The game's words, in one place for every front end: compass, colours, ways, standings,
the winner and what the player to move may type.

Pure: from the engine's values (and the players' names) to words in the language spoken
now (``marrakech.games.language``). Who won and how the tie was broken are the engine's
(``standings``, ``winners``); nothing here ranks anyone. ``narrate`` builds the log's
sentences from these words. The command words a player types (left, roll, aim right)
stay English in every language: they are the text mode's commands.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from marrakech.engine import (
    DIE_PROBABILITIES,
    Action,
    Aim,
    Colour,
    Direction,
    GameState,
    Orient,
    Phase,
    Place,
    Score,
    Square,
    Standing,
    Turn,
)
from marrakech.games import language
from marrakech.games.language import N_, _, ngettext, pgettext
from marrakech.games.levels import computer_label
from marrakech.games.lines import is_wide
from marrakech.games.session import AIDS, HINT_AID, TAKEBACK_AID, WIN_CHANCE_AID

# -- the language of documents -----------------------------------------------------------


@contextmanager
def in_english() -> Iterator[None]:
    """Speak English for the block, then the language spoken before (an exported log is a
    document in English, whatever the player reads)."""
    spoken = language.current()
    if spoken == language.ENGLISH:
        yield
        return
    language.use(language.ENGLISH)
    try:
        yield
    finally:
        language.use(spoken)


# -- counts and squares ------------------------------------------------------------------


def _english_plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def dirhams_words(count: int) -> str:
    """A sum of money in words: "1 dirham", "12 dirhams"."""
    return ngettext("{count} dirham", "{count} dirhams", count).format(count=count)


def _counted(count: int, noun: str) -> str | None:
    """A count with one of the game's nouns, translated ("" for a noun it does not know)."""
    if noun == "turn":
        return ngettext("{count} turn", "{count} turns", count).format(count=count)
    if noun == "dirham":
        return dirhams_words(count)
    if noun == "carpet":
        return ngettext("{count} carpet", "{count} carpets", count).format(count=count)
    if noun == "point":
        return ngettext("{count} point", "{count} points", count).format(count=count)
    if noun == "square":
        return ngettext("{count} square", "{count} squares", count).format(count=count)
    if noun == "visible square":
        return ngettext("{count} visible square", "{count} visible squares", count).format(
            count=count
        )
    if noun == "unfinished game":
        return ngettext("{count} unfinished game", "{count} unfinished games", count).format(
            count=count
        )
    if noun == "other unfinished game":
        return ngettext(
            "{count} other unfinished game", "{count} other unfinished games", count
        ).format(count=count)
    return None


def plural(count: int, noun: str) -> str:
    """A count with its noun: "1 turn", "3 turns", "1 dirham" (in the language spoken now
    for the game's nouns: turn, dirham, carpet, point, square, visible square, unfinished
    game, other unfinished game; any other noun in English). New code writes its own
    ``ngettext`` message instead."""
    return _counted(count, noun) or _english_plural(count, noun)


def how_long(seconds: float) -> str:
    """A length of time in words, in whole seconds rounded up (1 at least): "a minute",
    "2 minutes", "90 seconds", "1 second"."""
    whole = max(1, math.ceil(seconds))
    if whole >= 60 and whole % 60 == 0:
        minutes = whole // 60
        return ngettext("a minute", "{count} minutes", minutes).format(count=minutes)
    return ngettext("{count} second", "{count} seconds", whole).format(count=whole)


def square_text(square: Square) -> str:
    """A square as the rules write it: (row,col), counted from 0 ("3行4列" in Japanese)."""
    # Translators: a square of the market, row and column counted from 0 as the rules
    # page writes them, e.g. "(3,4)".
    return _("({row},{col})").format(row=square[0], col=square[1])


def carpet_squares(a: Square, b: Square) -> str:
    """The two squares a carpet covers: "(2,3)-(2,4)"."""
    # Translators: the two squares a carpet covers, each written as a square.
    return _("{first}-{second}").format(first=square_text(a), second=square_text(b))


def roll_stops(
    stops: Sequence[Square],
    tolls: Sequence[tuple[int, int | None]] = (),
    names: Sequence[str] = (),
) -> str:
    """Where each roll stops, given the stops in the die's order of values:
    "1 to (0,4), 2 to (0,5), 3 to (0,6), 4 to (0,6)"; with each stop's toll and who it
    goes to (``tolls``, ``names``), what a roll would cost: "1 to (0,4), toll 3 to Bo"."""
    values = [value for value, _chance in DIE_PROBABILITIES]
    charges = list(tolls) or [(0, None)] * len(stops)
    said = []
    for value, stop, (toll, payee) in zip(values, stops, charges, strict=True):
        if toll and payee is not None and payee < len(names):
            # Translators: where a roll stops and what it costs there: "1 to (0,4), toll 3
            # to Bo".
            words = _("{value} to {square}, toll {toll} to {name}")
            said.append(
                words.format(value=value, square=square_text(stop), toll=toll, name=names[payee])
            )
        else:
            said.append(_("{value} to {square}").format(value=value, square=square_text(stop)))
    separator = pgettext("between the stops of the rolls", ", ")
    if any(toll for toll, _payee in charges):
        # Translators: between the stops of the rolls when some name a toll (which has a
        # comma of its own): "1 to (0,4), toll 3 to Bo; 2 to (0,5)".
        separator = pgettext("between the stops of the rolls with tolls", "; ")
    return separator.join(said)


def series(figures: Iterable[str]) -> str:
    """Figures one after another, as in "63%, 65%, 0%" (in Japanese, with 、)."""
    # Translators: between the figures of a series: "63%, 65%, 0%".
    return pgettext("between the figures of a series", ", ").join(figures)


def percents(chances: Sequence[float]) -> tuple[str, ...]:
    """Chances (0 to 1) in whole percents that add up as the chances do: the players'
    chances to win make 100% (4.6%, 29.6% and 65.8% are 5%, 29% and 66%; each rounded
    alone, 5%, 30% and 66% made 101%). Each is rounded down, then the percents short go
    to the largest remainders (the first seat's first where they tie)."""
    hundredths = [chance * 100 for chance in chances]
    whole = [math.floor(figure) for figure in hundredths]
    short = round(sum(hundredths)) - sum(whole)
    by_remainder = sorted(range(len(whole)), key=lambda i: whole[i] - hundredths[i])
    for seat in by_remainder[:short]:
        whole[seat] += 1
    return tuple(f"{figure}%" for figure in whole)


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as "A", "A and B", "A, B and C" (``last`` "or": "A, B or C")."""
    if len(words) == 1:
        return words[0]
    # Translators: between the items of a list but the last two: "Ayla, Bo and Cem".
    head = _(", ").join(words[:-1])
    if last == "or":
        return _("{items} or {last}").format(items=head, last=words[-1])
    if last == "and":
        return _("{items} and {last}").format(items=head, last=words[-1])
    return f"{head} {last} {words[-1]}"


# -- compass, colours, ways --------------------------------------------------------------

COMPASS = {
    Direction.N: N_("north"),
    Direction.E: N_("east"),
    Direction.S: N_("south"),
    Direction.W: N_("west"),
}
"""Assam's facings in words (English: show them with ``compass_word`` or ``_``)."""

STRAIGHT_ON = N_("straight on")
"""The way on as the full-screen game names it (``way_words(..., straight=STRAIGHT_ON)``)."""

WAY_WORDS = {Turn.LEFT: "left", Turn.STRAIGHT: "ahead", Turn.RIGHT: "right"}
"""Each turn by the command that makes it (command words: English in every language)."""

COLOUR_WORDS = {
    Colour.RED: N_("red"),
    Colour.BLUE: N_("blue"),
    Colour.YELLOW: N_("yellow"),
    Colour.GREEN: N_("green"),
}
"""The carpet colours in words (English: show them with ``colour_word``)."""


def compass_word(facing: Direction) -> str:
    """A facing in words: "north"."""
    return _(COMPASS[facing])


def compass_letter(facing: Direction) -> str:
    """A facing as one compass letter, as the log and the risk table write it: "N"."""
    letters = {
        # Translators: a compass letter: one character.
        Direction.N: pgettext("compass letter", "N"),
        Direction.E: pgettext("compass letter", "E"),
        Direction.S: pgettext("compass letter", "S"),
        Direction.W: pgettext("compass letter", "W"),
    }
    return letters[facing]


def way_word(turn: Turn) -> str:
    """A turn in words, to show (not a command): "left", "ahead", "right"."""
    if turn is Turn.LEFT:
        return pgettext("way", "left")
    if turn is Turn.RIGHT:
        return pgettext("way", "right")
    return pgettext("way", "ahead")


def colour_word(colour: Colour) -> str:
    """A carpet colour in words: "red"."""
    return _(COLOUR_WORDS[colour])


def colours_words(colours: Iterable[Colour]) -> str:
    """A seat's colours in words: "red", "red and yellow"."""
    return listed([colour_word(colour) for colour in colours])


def colour_to_lay(state: GameState) -> str:
    """The colour of the carpet the player to move lays next ("" when none is left)."""
    top = state.players[state.current].top
    return colour_word(top) if top is not None else ""


def lays_last_carpet(state: GameState) -> bool:
    """True when the player to move has one carpet left: the one it lays this turn."""
    return state.players[state.current].carpets_left == 1


def way_words(turn: Turn, facing: Direction, *, straight: str = WAY_WORDS[Turn.STRAIGHT]) -> str:
    """A turn from ``facing`` with the facing it gives: "left, to the west".

    ``straight`` names the way on (the full-screen game says "straight on"; an English
    message is translated here).
    """
    if turn is Turn.STRAIGHT:
        way = way_word(turn) if straight == WAY_WORDS[Turn.STRAIGHT] else _(straight)
    else:
        way = way_word(turn)
    # Translators: a way to turn Assam and the facing it gives: "left, to the west".
    return _("{way}, to the {facing}").format(way=way, facing=compass_word(facing.turned(turn)))


def assam_words(state: GameState) -> str:
    """Where Assam stands: "Assam is on (3,3), facing north"."""
    square, facing = state.assam
    return _("Assam is on {square}, facing {facing}").format(
        square=square_text(square), facing=compass_word(facing)
    )


# -- what the player to move may type ----------------------------------------------------


def aim_choices(state: GameState) -> str:
    """The aims the engine allows now, as commands: "aim left or aim right"."""
    return listed(
        [f"aim {WAY_WORDS[a.turn]}" for a in state.legal_actions() if isinstance(a, Aim)], "or"
    )


def turn_prompt(state: GameState, names: Sequence[str]) -> str:
    """One line: whose turn it is and what they may type (the result once the game is over)."""
    if state.phase is Phase.OVER:
        return result_line(state, names)
    name = names[state.current]
    where = assam_words(state)
    if state.phase is Phase.ORIENT:
        # Translators: left, right, ahead are commands: keep them in English; {turn} is
        # "Ayla, your turn" or "Ayla, your turn (your next carpet is yellow)".
        return _("{turn}. {where}: type left, right or ahead to turn him and roll.").format(
            turn=_your_turn(state, name), where=where
        )
    if state.phase is Phase.ROLL:
        # Translators: "roll" is a command: keep it in English; {turn} as above.
        return _("{turn}. {where}: type roll.").format(turn=_your_turn(state, name), where=where)
    if state.phase is Phase.PLACE:
        placements = state.legal_placements()
        if lays_last_carpet(state):
            # Translators: "legal" is a command: keep it in English; {example} is notation.
            prompt = _(
                "{name}, lay your last carpet ({colour}) beside Assam on {square}: type its "
                "number from legal (1 to {count}) or write it like {example}."
            )
        else:
            # Translators: "legal" is a command: keep it in English; {example} is notation.
            prompt = _(
                "{name}, lay your {colour} carpet beside Assam on {square}: type its number "
                "from legal (1 to {count}) or write it like {example}."
            )
        return prompt.format(
            name=name,
            colour=colour_to_lay(state),
            square=square_text(state.assam.square),
            count=len(placements),
            example=placements[0],
        )
    # Translators: {choices} are commands such as "aim left or aim right".
    return _("{name}, aim Assam for the next player. {where}: type {choices}.").format(
        name=name, where=where, choices=aim_choices(state)
    )


def _your_turn(state: GameState, name: str) -> str:
    """ "Ayla, your turn", with which of her colours she lays next when she has two (as the
    app's panel shows it: it may decide the way to turn)."""
    player = state.players[state.current]
    if len(player.colours) > 1 and player.top is not None:
        return _("{name}, your turn (your next carpet is {colour})").format(
            name=name, colour=colour_word(player.top)
        )
    return _("{name}, your turn").format(name=name)


def _choices(phase: Phase) -> str:
    """What may be typed in ``phase`` (ORIENT or ROLL), as commands."""
    if phase is Phase.ORIENT:
        # Translators: commands, keep left, right and ahead in English.
        return pgettext("may type", "left, right or ahead")
    # Translators: a command, keep it in English.
    return pgettext("may type", "roll")


def choices_line(state: GameState) -> str:
    """What may be typed now, after a line that could not be played ("" once over)."""
    if state.phase is Phase.OVER:
        return ""
    if state.phase is Phase.AIM:
        words = aim_choices(state)
    elif state.phase is Phase.PLACE:
        # Translators: "legal" is a command: keep it in English; {example} is notation.
        words = _("a carpet's number from legal, or the carpet written like {example}").format(
            example=state.legal_placements()[0]
        )
    else:
        words = _choices(state.phase)
    # Translators: "help" is a command: keep it in English.
    return _("Now: {choices}; help lists every command.").format(choices=words)


def action_words(action: Action) -> str:
    """A decision in words: "left", "aim right", "carpet on (0,2)-(1,2)"."""
    if isinstance(action, Place):
        # Translators: a carpet decided (the review, an undo asked): "carpet on (0,2)-(1,2)".
        return _("carpet on {squares}").format(squares=carpet_squares(action.a, action.b))
    if isinstance(action, Aim):
        # Translators: an aim decided (the review, an undo asked): "aim left".
        return _("aim {way}").format(way=way_word(action.turn))
    assert isinstance(action, Orient)
    return way_word(action.turn)


def waiting_line(state: GameState, names: Sequence[str], me: int | None) -> str:
    """What may be typed at a network table while someone else is to move (or while the
    die is rolled for ``me``), after a line that could not be played."""
    if state.current == me:
        # Translators: "help" is a command: keep it in English.
        return _("The die is being rolled; help lists every command.")
    # Translators: "help" is a command: keep it in English.
    return _("It is {name}'s turn; help lists every command.").format(name=names[state.current])


# -- standings and the winner ------------------------------------------------------------


def place_word(standing: Standing) -> str:
    """A seat's place as the ranking shows it: "1", "2", "out"."""
    # Translators: the place of a bankrupt seat in the ranking (short).
    return pgettext("place", "out") if standing.place is None else str(standing.place)


def bankrupt_around(name: str) -> tuple[str, str, str]:
    """A bankrupt player's name in the end-of-game tables, in three parts: what comes
    before the name, the name, what comes after ("", "Bo", " (bankrupt)").

    One template holds the name and the word, so what separates them (a space and
    brackets in English) is part of the translation and cannot be lost."""
    # Translators: a bankrupt player in the end-of-game tables; {name} is the player's name.
    before, _name, after = _("{name} (bankrupt)").partition("{name}")
    return before, name, after


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


AID_WORDS = {
    HINT_AID: N_("hints"),
    WIN_CHANCE_AID: N_("the chances to win"),
    # Translators: an aid used while playing: undos that took back a roll already seen.
    TAKEBACK_AID: N_("takebacks"),
}
"""How a line names each aid a game may record (``session.AIDS``)."""


def aids_line(aids: Iterable[str]) -> str | None:
    """The line that says which aids were used while a game was played; None for none."""
    used = [_(AID_WORDS[aid]) for aid in AIDS if aid in set(aids)]
    if not used:
        return None
    return _("Help used while playing: {aids}.").format(aids=listed(used))


def score_lines(
    state: GameState, names: Sequence[str], levels: Sequence[str | None] = ()
) -> list[str]:
    """Each seat's place and score as the engine ranks them, best first: "1. Ayla (red and
    yellow): 32 points, 30 dirhams and 2 visible squares; 23 carpets left, the next red."
    (which colour comes next only for a seat of two colours). ``levels``: the computer
    level of each seat a computer plays, None for a person ("2. Bo, hard computer (blue
    and green): ...")."""
    lines = []
    for standing in state.standings():
        score = standing.score
        player = state.players[score.seat]
        name = names[score.seat]
        if score.seat < len(levels) and (level := levels[score.seat]) is not None:
            # Translators: a computer player's name and level: "Bo, hard computer".
            name = _("{name}, {computer}").format(name=name, computer=computer_label(level))
        # Translators: a player and their colours: "Ayla (red and yellow)".
        who = _("{name} ({colours})").format(name=name, colours=colours_words(player.colours))
        if standing.place is None:
            lines.append(_("Out: {who}, bankrupt.").format(who=who))
            continue
        if state.phase is Phase.OVER:
            left = ""
        elif len(player.colours) > 1 and player.top is not None:
            left = ngettext(
                "; {count} carpet left, {colour}",
                "; {count} carpets left, the next {colour}",
                player.carpets_left,
            ).format(count=player.carpets_left, colour=colour_word(player.top))
        else:
            left = ngettext(
                "; {count} carpet left", "; {count} carpets left", player.carpets_left
            ).format(count=player.carpets_left)
        # Translators: a line of the standings; {left} is "; 23 carpets left" or nothing.
        lines.append(
            _("{place}. {who}: {points}, {dirhams} and {visible}{left}.").format(
                place=standing.place,
                who=who,
                points=_points(score.total),
                dirhams=dirhams_words(score.dirhams),
                visible=ngettext(
                    "{count} visible square", "{count} visible squares", score.visible
                ).format(count=score.visible),
                left=left,
            )
        )
    return lines


def final_scores(state: GameState, names: Sequence[str]) -> list[str]:
    """The final scores of an exported log, under their heading:
    "  Ayla: 12 (2 visible squares + 10 dirhams)  (winner)".

    English in every language: the exported log is a document (docs/save-format.md)."""
    lines = ["Final scores:"]
    for place, score in state.standings():
        name = names[score.seat]
        if place is None:
            lines.append(f"  {name}: bankrupt, out of the game")
            continue
        mark = "  (winner)" if place == 1 else ""
        lines.append(
            f"  {name}: {score.total} ({_english_plural(score.visible, 'visible square')} + "
            f"{_english_plural(score.dirhams, 'dirham')}){mark}"
        )
    return lines


def who_won(state: GameState, names: Sequence[str]) -> str:
    """The winners of the finished game: "Bo wins", "Ayla and Bo share the win"."""
    winners = state.winners()
    if len(winners) == 1:
        return _("{name} wins").format(name=names[winners[0]])
    return _("{names} share the win").format(names=listed([names[seat] for seat in winners]))


def result_line(state: GameState, names: Sequence[str]) -> str:
    """Who won the finished game, and with what: "The game is over: Bo wins with 12 points."."""
    best = state.standings()[0].score
    winners = state.winners()
    if len(winners) == 1:
        return _("The game is over: {name} wins with {points}.").format(
            name=names[winners[0]], points=_points(best.total)
        )
    return _("The game is over: {names} share the win with {points}.").format(
        names=listed([names[seat] for seat in winners]), points=_points(best.total)
    )


def tie_broken(state: GameState) -> tuple[Score, ...]:
    """The seats level with the winners on points that the engine still placed below them
    (its tie-break, dirhams, decided), in seat order."""
    standings = state.standings()
    best = standings[0].score.total
    return tuple(
        sorted(
            (s.score for s in standings if s.place not in (None, 1) and s.score.total == best),
            key=lambda score: score.seat,
        )
    )


def verdict(state: GameState, names: Sequence[str]) -> tuple[str, list[str]]:
    """The results' headline ("Bo wins!") and the lines that explain it: the last player
    standing, a shared win, the dirham tie-break."""
    standings = state.standings()
    winners = state.winners()
    best = standings[0].score
    lines = []
    last_standing = sum(s.place is not None for s in standings) == 1 and len(standings) > 1
    if last_standing and len(standings) == 2:
        out = next(s.score.seat for s in standings if s.place is None)
        lines.append(
            _("{name} went bankrupt: the last player in the market wins.").format(name=names[out])
        )
    elif last_standing:
        lines.append(_("Everyone else went bankrupt: the last player in the market wins."))
    if len(winners) > 1:
        lines.append(
            _("Level on {points} points and on dirhams ({dirhams} each): a shared win.").format(
                points=best.total, dirhams=best.dirhams
            )
        )
    beaten = tie_broken(state)
    if beaten:
        fields = {
            "beaten": listed([names[s.seat] for s in beaten]),
            "points": best.total,
            "winners": listed([names[seat] for seat in winners]),
            "dirhams": best.dirhams,
            "other": max(s.dirhams for s in beaten),
        }
        if len(winners) == 1:
            line = _(
                "{beaten} also scored {points}, but {winners} has more dirhams "
                "({dirhams} to {other}): the dirham tie-break decided."
            )
        else:
            line = _(
                "{beaten} also scored {points}, but {winners} have more dirhams "
                "({dirhams} to {other}): the dirham tie-break decided."
            )
        lines.append(line.format(**fields))
    # Translators: the results' headline: "Bo wins!".
    return _("{result}!").format(result=who_won(state, names)), lines


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after the other, as the language spoken sets them (a space between
    them in English, none in Japanese)."""
    said = ""
    for part in parts:
        # Translators: two sentences one after the other (a space between them in English).
        said = (
            pgettext("sentences", "{first} {second}").format(first=said, second=part)
            if said
            else part
        )
    return said


_FULL_STOPS = {"ja": "。"}
"""The full stop of each language that has its own (the others end with ".")."""

_UNCASED = frozenset({"ja"})
"""The languages whose sentences begin with no capital."""

_ADDRESS_FIRST = re.compile(r"[^\s:/]*[:/]\S")
"""A sentence opening with an address, a path or a web address (``ws://host``,
``localhost:8765``, ``/home/ayla``): its first word stays as written."""


def as_sentence(text: str, *, capital: bool = True) -> str:
    """A message (the engine's, the flow's) as a sentence: a capital first (unless
    ``capital`` is False, after a colon; never in a sentence of a language without
    capitals, where the first word is a name or an address as written, nor where it is an
    address or a path), a full stop last, the one of the language spoken now (Japanese
    ends with its own, 。), whatever the last word is (a player's name may be written in
    any script); a message with no word of that language (an operating system's, left in
    English) ends with "."."""
    uncased = language.current() in _UNCASED and is_wide(text)
    if capital and not uncased and not _ADDRESS_FIRST.match(text):
        text = text[:1].upper() + text[1:]
    if text.endswith((".", "!", "?", *_FULL_STOPS.values())):
        return text
    return text + (_FULL_STOPS.get(language.current(), ".") if is_wide(text) else ".")
