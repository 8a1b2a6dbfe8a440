"""The end-of-game summary: what each player and colour did, and the score turn by turn.

Read from the game's turn recaps and the engine's own queries (``scores``, ``region``),
so a front end shows the figures without counting anything itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marrakech.engine import Colour, GameState, Phase
from marrakech.flow.judging import win_chances
from marrakech.flow.recap import TurnRecap
from marrakech.games.language import _, ngettext
from marrakech.games.words import colour_word, dirhams_words, series


@dataclass(frozen=True, slots=True)
class ColourSummary:
    """One colour at the end: its visible squares and its largest region."""

    colour: Colour
    visible: int
    largest_region: int


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's game: the final score and the money that changed hands."""

    seat: int
    name: str
    visible: int
    """Visible squares of the player's colours at the end."""
    dirhams: int
    earned: int
    """Dirhams received in tolls."""
    paid: int
    """Dirhams paid in tolls."""
    biggest_toll: int
    """The most paid in one toll (0 if the player never paid)."""
    largest_region: int
    """The largest region of one of the player's colours at the end."""
    colours: tuple[ColourSummary, ...]
    eliminated: bool

    @property
    def total(self) -> int:
        """Visible squares plus dirhams: the score."""
        return self.visible + self.dirhams


@dataclass(frozen=True, slots=True)
class GameSummary:
    """Every player's summary and the score of each seat after every turn."""

    players: tuple[PlayerSummary, ...]
    scores: tuple[tuple[int, ...], ...]
    """One row per seat: the score at the start, then after each turn."""

    @property
    def turns(self) -> int:
        """How many turns were played."""
        return len(self.scores[0]) - 1 if self.scores else 0


def largest_region(state: GameState, colour: Colour) -> int:
    """The size of the largest connected region of ``colour`` showing on the market."""
    seen: set[tuple[int, int]] = set()
    best = 0
    for square, stack in state.squares():
        if square in seen or not stack or stack[-1].colour is not colour:
            continue
        region = state.region(square)
        seen |= region
        best = max(best, len(region))
    return best


def summarise(start: GameState, recaps: Sequence[TurnRecap], names: Sequence[str]) -> GameSummary:
    """The summary of a game from its first position and its turns (finished or not)."""
    end = recaps[-1].after if recaps else start
    seats = range(len(end.players))
    earned = [0 for _ in seats]
    paid = [0 for _ in seats]
    biggest = [0 for _ in seats]
    for turn in recaps:
        if turn.payee is None:
            continue
        earned[turn.payee] += turn.paid
        paid[turn.seat] += turn.paid
        biggest[turn.seat] = max(biggest[turn.seat], turn.paid)
    players = []
    for score in end.scores():
        seat = score.seat
        out = score.eliminated  # a bankrupt's carpets stay, grey: they count and earn nothing
        colours = tuple(
            ColourSummary(
                colour,
                0
                if out
                else sum(1 for _, stack in end.squares() if stack and stack[-1].colour is colour),
                0 if out else largest_region(end, colour),
            )
            for colour in end.players[seat].colours
        )
        players.append(
            PlayerSummary(
                seat=seat,
                name=names[seat],
                visible=score.visible,
                dirhams=score.dirhams,
                earned=earned[seat],
                paid=paid[seat],
                biggest_toll=biggest[seat],
                largest_region=max((c.largest_region for c in colours), default=0),
                colours=colours,
                eliminated=score.eliminated,
            )
        )
    positions = [start, *(turn.after for turn in recaps)]
    totals = [[score.total for score in state.scores()] for state in positions]
    return GameSummary(tuple(players), tuple(tuple(row) for row in zip(*totals, strict=True)))


def chances_by_round(
    start: GameState, recaps: Sequence[TurnRecap]
) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """Each seat's chance to win (``judging.win_chances``, 0 to 1) at the start of every
    round and at the end, with the number of turns played by then: ``(0, ...)`` first.

    Once a round, never after every turn: the seat about to move is valued ahead of the
    others (it lays the next carpet), so a line drawn turn by turn would zigzag with whose
    turn it is, not with how the game goes.
    """
    after = [start, *(turn.after for turn in recaps)]
    return tuple((number, win_chances(after[number])) for number in round_starts(start, recaps))


def round_starts(start: GameState, recaps: Sequence[TurnRecap]) -> tuple[int, ...]:
    """The turns played when each round begins, 0 first, and the last turn (the end)."""
    seats, first = len(start.players), start.current

    def place(seat: int) -> int:
        """A seat's place in a round: 0 for the seat that plays first."""
        return (seat - first) % seats

    starts = [0]
    for number, turn in enumerate(recaps, start=1):
        # The end, or a new round: the next seat to move comes no later in a round.
        if number == len(recaps) or place(turn.after.current) <= place(turn.seat):
            starts.append(number)
    return tuple(starts)


def summary_lines(start: GameState, recaps: Sequence[TurnRecap], names: Sequence[str]) -> list[str]:
    """The summary in plain lines (the app's summary screen in words): each player's score,
    the tolls they received and paid, each colour's visible squares and largest region;
    then each player's score round by round (the app's chart)."""
    summary = summarise(start, recaps, names)
    lines = []
    for player in summary.players:
        tolls = _("tolls received {earned}, paid {paid}").format(
            earned=dirhams_words(player.earned), paid=dirhams_words(player.paid)
        )
        if player.biggest_toll:
            tolls = _("{tolls} (the most paid at once: {biggest})").format(
                tolls=tolls, biggest=dirhams_words(player.biggest_toll)
            )
        if player.eliminated:
            lines.append(
                _("{name}: bankrupt, out of the game; {tolls}.").format(
                    name=player.name, tolls=tolls
                )
            )
            continue
        colours = _("; ").join(
            # Translators: one colour at the end: "red: 14 visible squares, largest region 11".
            _("{colour}: {visible}, largest region {region}").format(
                colour=colour_word(colour.colour),
                visible=ngettext(
                    "{count} visible square", "{count} visible squares", colour.visible
                ).format(count=colour.visible),
                region=colour.largest_region,
            )
            for colour in player.colours
        )
        lines.append(
            _("{name}: {points} ({dirhams} and {visible}); {tolls}; {colours}.").format(
                name=player.name,
                points=ngettext("{count} point", "{count} points", player.total).format(
                    count=player.total
                ),
                dirhams=dirhams_words(player.dirhams),
                visible=ngettext(
                    "{count} visible square", "{count} visible squares", player.visible
                ).format(count=player.visible),
                tolls=tolls,
                colours=colours,
            )
        )
    starts = round_starts(start, recaps)
    over = (recaps[-1].after if recaps else start).phase is Phase.OVER
    for player in summary.players:
        row = summary.scores[player.seat]
        if over or len(starts) < 2:  # over, or no turn played yet: nothing is "now" alone
            scores = series(str(row[number]) for number in starts)
            said = _("{name}'s score, round by round: {scores}.")
        else:  # the last figure is now, in the middle of a round
            scores = series(str(row[number]) for number in starts[:-1])
            said = _("{name}'s score, round by round: {scores}; now {now}.")
        lines.append(said.format(name=player.name, scores=scores, now=row[-1]))
    return lines
