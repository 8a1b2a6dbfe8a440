"""The game's words, in one place for every front end: compass, colours, ways, standings,
the winner and what the player to move may type.

Pure: from the engine's values (and the players' names) to English. Who won and how the
tie was broken are the engine's (``standings``, ``winners``); nothing here ranks anyone.
``narrate`` builds the log's sentences from these words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from marrakech.engine import Aim, Colour, Direction, GameState, Phase, Score, Square, Standing, Turn

# -- counts and squares ------------------------------------------------------------------


def plural(count: int, noun: str) -> str:
    """A count with its noun: "1 turn", "3 turns", "1 dirham"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def square_text(square: Square) -> str:
    """A square as the rules write it: (row,col)."""
    return f"({square[0]},{square[1]})"


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as "A", "A and B", "A, B and C" (``last`` "or": "A, B or C")."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


# -- compass, colours, ways --------------------------------------------------------------

COMPASS = {Direction.N: "north", Direction.E: "east", Direction.S: "south", Direction.W: "west"}
"""Assam's facings in words."""

WAY_WORDS = {Turn.LEFT: "left", Turn.STRAIGHT: "ahead", Turn.RIGHT: "right"}
"""Each turn by the command that makes it."""


def colour_word(colour: Colour) -> str:
    """A carpet colour in words: "red"."""
    return colour.name.lower()


def colours_words(colours: Iterable[Colour]) -> str:
    """A seat's colours in words: "red", "red and yellow"."""
    return listed([colour_word(colour) for colour in colours])


def colour_to_lay(state: GameState) -> str:
    """The colour of the carpet the player to move lays next ("" when none is left)."""
    top = state.players[state.current].top
    return colour_word(top) if top is not None else ""


def way_words(turn: Turn, facing: Direction, *, straight: str = WAY_WORDS[Turn.STRAIGHT]) -> str:
    """A turn from ``facing`` with the facing it gives: "left, to the west".

    ``straight`` names the way on (the full-screen game says "straight on").
    """
    way = straight if turn is Turn.STRAIGHT else WAY_WORDS[turn]
    return f"{way}, to the {COMPASS[facing.turned(turn)]}"


def assam_words(state: GameState) -> str:
    """Where Assam stands: "Assam is on (3,3), facing north"."""
    square, facing = state.assam
    return f"Assam is on {square_text(square)}, facing {COMPASS[facing]}"


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
        return f"{name}, your turn. {where}: type left, right or ahead to turn him and roll."
    if state.phase is Phase.ROLL:
        return f"{name}, your turn. {where}: type roll."
    if state.phase is Phase.PLACE:
        placements = state.legal_placements()
        return (
            f"{name}, lay your {colour_to_lay(state)} carpet beside Assam on "
            f"{square_text(state.assam.square)}: type its number from legal "
            f"(1 to {len(placements)}) or write it like {placements[0]}."
        )
    return f"{name}, aim Assam for the next player. {where}: type {aim_choices(state)}."


_CHOICES = {
    Phase.ORIENT: "left, right or ahead",
    Phase.ROLL: "roll",
    Phase.PLACE: "a carpet's number from legal",
}


def choices_line(state: GameState) -> str:
    """What may be typed now, after a line that could not be played ("" once over)."""
    if state.phase is Phase.OVER:
        return ""
    words = aim_choices(state) if state.phase is Phase.AIM else _CHOICES[state.phase]
    return f"Now: {words}; help lists every command."


# -- standings and the winner ------------------------------------------------------------


def place_word(standing: Standing) -> str:
    """A seat's place as the ranking shows it: "1", "2", "out"."""
    return "out" if standing.place is None else str(standing.place)


def score_lines(state: GameState, names: Sequence[str]) -> list[str]:
    """Each seat's place and score as the engine ranks them, best first:
    "1. Ayla (red and yellow): 32 points, 30 dirhams and 2 visible squares; 23 carpets left."
    """
    lines = []
    for standing in state.standings():
        score = standing.score
        player = state.players[score.seat]
        who = f"{names[score.seat]} ({colours_words(player.colours)})"
        if standing.place is None:
            lines.append(f"Out: {who}, bankrupt.")
            continue
        left = (
            "" if state.phase is Phase.OVER else f"; {plural(player.carpets_left, 'carpet')} left"
        )
        lines.append(
            f"{standing.place}. {who}: {plural(score.total, 'point')}, "
            f"{plural(score.dirhams, 'dirham')} and {plural(score.visible, 'visible square')}"
            f"{left}."
        )
    return lines


def final_scores(state: GameState, names: Sequence[str]) -> list[str]:
    """The final scores of an exported log, under their heading:
    "  Ayla: 12 (2 visible squares + 10 dirhams)  (winner)"."""
    lines = ["Final scores:"]
    for place, score in state.standings():
        name = names[score.seat]
        if place is None:
            lines.append(f"  {name}: bankrupt, out of the game")
            continue
        mark = "  (winner)" if place == 1 else ""
        lines.append(
            f"  {name}: {score.total} ({plural(score.visible, 'visible square')} + "
            f"{plural(score.dirhams, 'dirham')}){mark}"
        )
    return lines


def who_won(state: GameState, names: Sequence[str]) -> str:
    """The winners of the finished game: "Bo wins", "Ayla and Bo share the win"."""
    winners = state.winners()
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{listed([names[seat] for seat in winners])} {verb}"


def result_line(state: GameState, names: Sequence[str]) -> str:
    """Who won the finished game, and with what: "The game is over: Bo wins with 12 points."."""
    best = state.standings()[0].score
    return f"The game is over: {who_won(state, names)} with {plural(best.total, 'point')}."


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
    if sum(s.place is not None for s in standings) == 1 and len(standings) > 1:
        lines.append("Everyone else went bankrupt: the last player in the market wins.")
    if len(winners) > 1:
        lines.append(
            f"Level on {best.total} points and on dirhams ({best.dirhams} each): a shared win."
        )
    beaten = tie_broken(state)
    if beaten:
        winning = listed([names[seat] for seat in winners])
        verb = "has" if len(winners) == 1 else "have"
        lines.append(
            f"{listed([names[s.seat] for s in beaten])} also scored {best.total}, but "
            f"{winning} {verb} more dirhams ({best.dirhams} to "
            f"{max(s.dirhams for s in beaten)}): the dirham tie-break decided."
        )
    return f"{who_won(state, names)}!", lines
