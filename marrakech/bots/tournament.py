"""Headless bot tournaments: ``marrakech tournament --players 2 --bots hard,greedy --games 600``.

How the games are paired, seeded and scored is ``RULES`` (the command's help says it too):
a seed's piles are ``new_game(players, seed=seed)``, its dice the seed's die stream
(``SeededDie(seed)``), and the bot in seat s plays with ``bot_seed(seed, s)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Generator, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from marrakech.engine import SEED_LIMIT, Action, GameState, Variant, new_game
from marrakech.games.dice import SeededDie
from marrakech.games.levels import bot_seed
from marrakech.games.playout import by_seat, play_out
from marrakech.games.text import shown

from . import Bot, make_bot
from .plugins import BotFailed, NotBuilt, problem_of
from .workers import ordered_results

RULES = """\
Fairness: each game seed is played once per seat rotation (with 2 players: twice, the
bots swapping seats). Every rotation of a seed gets the same piles and the same dice,
and the bot of each seat its own random seed. --games is rounded up to a whole number
of rotations; the seeds are --seed, --seed + 1, ... Seat 1 (state.current 0) always
starts.

Score fraction: every seat of every game scores 1 for a sole win, 1/k for a win shared by
k seats and 0 otherwise (a bankrupt seat never wins). A bot's score fraction is the mean
of that over all the seats it played, with a Wilson 95% interval over that number of
seats. A bot that fills several seats of one game (1 hard against 3 greedy) counts each.

Bots are named as for a game: two settings of one level (hard:iterations=100 and hard)
are two rows. When every seat plays the same bot, the match is a mirror and its score
fraction says nothing (the result says so). A seat whose bot fails, runs out of time or
answers an illegal action gets the fallback bot's move for that decision, and the fault
is counted against it; one that cannot be built for a game's seed plays that whole game
so, each decision a fault."""
"""How a tournament pairs, seeds and scores its games, for whoever runs one."""

WILSON_Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

TASKS_PER_WORKER = 4
"""Games handed to the worker processes ahead of the results read, per worker."""

FALLBACK = "greedy"
"""The bot that moves for a seat whose bot failed (as the app's fallback does)."""

FAULT_CHARS = 160
"""At most this many characters of what went wrong the first time a bot faulted."""


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: the seats' bots (in seat order before rotation), games and budgets."""

    bots: tuple[str, ...]
    games: int
    seed: int = 1
    jobs: int = 1
    variant: Variant = Variant.STANDARD
    budget: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        """ValueError when a game's seed would be out of the engine's range."""
        last = self.seed + self.seeds - 1
        if not -SEED_LIMIT < self.seed < SEED_LIMIT:
            raise ValueError(f"seed {self.seed}: a seed is a whole number below 2**64")
        if last >= SEED_LIMIT:
            raise ValueError(
                f"seed {self.seed}: the last of the {self.seeds} seeds played would be {last},"
                " and a seed is below 2**64"
            )

    @property
    def players(self) -> int:
        """How many seats a game has."""
        return len(self.bots)

    @property
    def seeds(self) -> int:
        """How many game seeds are played (each once per rotation)."""
        return math.ceil(self.games / self.players)

    @property
    def total_games(self) -> int:
        """How many games are played: ``games`` rounded up to whole rotations."""
        return self.seeds * self.players

    @property
    def mirror(self) -> bool:
        """True when every seat plays the same bot: the score fraction then means nothing."""
        return len(set(self.bots)) == 1

    def settings(self, bot: str) -> str:
        """What a bot of the line-up plays with, as this tournament builds it."""
        built = make_bot(bot, budget=self.budget, iterations=self.iterations)
        return str(getattr(built, "settings", "") or "-")


@dataclass(frozen=True)
class SeatResult:
    """How one seat of one game ended."""

    bot: str
    share: float
    """1 for a sole win, 1/k for a win shared by k seats, else 0."""
    score: int
    dirhams: int
    visible: int
    eliminated: bool
    faults: int = 0
    """Decisions where the bot raised, ran out of time or answered an illegal action."""
    first_fault: str | None = None
    """What went wrong the first time, in words (None without faults)."""


@dataclass
class BotStats:
    """One bot's totals over every seat it played."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    eliminations: int = 0
    points: float = 0.0
    """Sum of the seats' score fraction shares."""
    score_sum: int = 0
    dirhams_sum: int = 0
    visible_sum: int = 0
    faults: int = 0
    first_fault: str | None = None
    """What went wrong the first time this bot faulted, in words."""

    def add(self, seat: SeatResult) -> None:
        """Count one more seat."""
        self.games += 1
        self.wins += seat.share == 1.0
        self.shared_wins += 0.0 < seat.share < 1.0
        self.eliminations += seat.eliminated
        self.points += seat.share
        self.score_sum += seat.score
        self.dirhams_sum += seat.dirhams
        self.visible_sum += seat.visible
        self.faults += seat.faults
        self.first_fault = self.first_fault or seat.first_fault

    @property
    def score_fraction(self) -> float:
        """Mean share per seat played (see the module docstring)."""
        return self.points / self.games if self.games else 0.0

    @property
    def wilson(self) -> tuple[float, float]:
        """The Wilson 95% interval of the score fraction."""
        return wilson_interval(self.score_fraction, self.games)

    def summary(self) -> dict[str, float | int | str | None]:
        """The figures the table and the JSON report."""
        games = max(self.games, 1)
        low, high = self.wilson
        return {
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "score": self.score_fraction,
            "wilson_low": low,
            "wilson_high": high,
            "mean_score": self.score_sum / games,
            "mean_dirhams": self.dirhams_sum / games,
            "mean_visible": self.visible_sum / games,
            "eliminations": self.eliminations,
            "faults": self.faults,
            "first_fault": self.first_fault,
        }


@dataclass
class TournamentResult:
    """Per-bot totals of a finished tournament, with the configuration that produced them."""

    config: TournamentConfig
    bots: dict[str, BotStats] = field(default_factory=dict)
    games_played: int = 0

    def to_json(self) -> dict[str, Any]:
        """The JSON report: the arguments, then per bot its summary figures."""
        arguments = asdict(self.config)
        arguments["bots"] = list(self.config.bots)
        arguments["players"] = self.config.players
        arguments["variant"] = self.config.variant.value
        return {
            "arguments": arguments,
            "games_played": self.games_played,
            "mirror": self.config.mirror,
            "bots": {
                name: {"settings": self.config.settings(name), **stats.summary()}
                for name, stats in self.bots.items()
            },
        }


def wilson_interval(fraction: float, n: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a fraction observed over n trials."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (fraction + z * z / (2 * n)) / denominator
    half = z * math.sqrt(fraction * (1 - fraction) / n + z * z / (4 * n * n)) / denominator
    # At no wins (or all) the bound is 0 (or 1) exactly: rounding would leave 3e-17.
    low = 0.0 if fraction <= 0 else max(0.0, centre - half)
    high = 1.0 if fraction >= 1 else min(1.0, centre + half)
    return low, high


class Supervised:
    """A seat's bot, with the fallback bot's move whenever it fails (each failure counted)."""

    def __init__(self, bot: Bot, fallback: Bot, game_seed: int | None = None) -> None:
        self.bot = bot
        self.fallback = fallback
        self.game_seed = game_seed
        self.faults = 0
        self.first_fault: str | None = None
        """What went wrong the first time, in words, and where (the game's seed, the seat,
        the turn as the carpets laid count it, the phase): enough to play the game again
        to it."""

    def choose(self, state: GameState) -> Action:
        """The bot's action when it gives a legal one, else the fallback's."""
        problem: str | None
        try:
            action = self.bot.choose(state)
        except Exception as error:  # an outside bot's bug or time-out is a fault, not the end
            problem = problem_of(error)
        else:
            problem = state.why_illegal(action)
            if problem is None:
                return action
        self.faults += 1
        if self.first_fault is None:
            seed = "" if self.game_seed is None else f"game seed {self.game_seed}, "
            turn = f"turn {state.next_carpet + 1} ({state.phase.value})"
            where = f"{seed}seat {state.current + 1} (state.current {state.current}), {turn}"
            self.first_fault = _cut_keeping_the_end(shown(f"{where}: {problem}"), FAULT_CHARS)
        return self.fallback.choose(state)


_IN_THE_BOT_S_CODE = re.compile(r" \([^()]+:\d+\)$")
"""The end of a problem that says where in the bot's code it was raised: " (mybot.py:12)"."""


def _cut_keeping_the_end(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters ("...") before its end, when that end says
    where in the bot's code it was raised, which is kept whole."""
    if len(text) <= limit:
        return text
    found = _IN_THE_BOT_S_CODE.search(text)
    end = found.group() if found is not None else ""
    return f"{text[: max(limit - len(end) - 3, 0)]}...{end}"


def play_game(config: TournamentConfig, game_seed: int, rotation: int) -> list[SeatResult]:
    """Play one seeded game with the line-up rotated by ``rotation`` seats."""
    players = config.players
    levels = [config.bots[(seat + rotation) % players] for seat in range(players)]
    bots = [
        Supervised(
            _built(level, bot_seed(game_seed, seat), config),
            make_bot(FALLBACK, seed=bot_seed(game_seed, seat)),
            game_seed,
        )
        for seat, level in enumerate(levels)
    ]
    start = new_game(players, seed=game_seed, variant=config.variant)
    state = play_out(start, by_seat(bots), SeededDie(game_seed))
    winners = state.winners()
    return [
        SeatResult(
            bot=levels[score.seat],
            share=1 / len(winners) if score.seat in winners else 0.0,
            score=score.total,
            dirhams=score.dirhams,
            visible=score.visible,
            eliminated=score.eliminated,
            faults=bots[score.seat].faults,
            first_fault=bots[score.seat].first_fault,
        )
        for score in state.scores()
    ]


def _built(level: str, seed: int, config: TournamentConfig) -> Bot:
    """The bot ``level`` names, built with ``seed``; an outside bot that cannot be built
    with it (its constructor refuses the seed, say) stands in as ``Unbuilt``."""
    try:
        return make_bot(level, seed=seed, budget=config.budget, iterations=config.iterations)
    except NotBuilt as error:
        return Unbuilt(level, f"cannot be built with seed {seed}: {error.problem}")


class Unbuilt:
    """Stands in for a bot that could not be built for a game: each decision fails, with
    the reason, and the fallback bot moves (``Supervised``)."""

    def __init__(self, name: str, problem: str) -> None:
        self.name = name
        self.problem = problem

    def choose(self, state: GameState) -> Action:
        """Never an action: the reason it could not be built."""
        raise BotFailed(self.problem)


GameTask = tuple[TournamentConfig, int, int]
"""One game to play: the configuration, the game seed and the rotation."""


def game_tasks(config: TournamentConfig) -> Iterator[GameTask]:
    """Every game of the tournament, in order: each seed once per rotation, made as needed."""
    for index in range(config.seeds):
        for rotation in range(config.players):
            yield config, config.seed + index, rotation


def _play_task(task: GameTask) -> list[SeatResult]:
    return play_game(*task)


def game_results(config: TournamentConfig) -> Generator[list[SeatResult], None, None]:
    """Each game's seats, in the order of ``game_tasks`` whatever ``jobs`` is.

    With several jobs, at most ``TASKS_PER_WORKER`` games per worker are handed to the
    worker processes ahead of the results read, so the games are made as the results are
    read, never all at once. When the results stop being read (Ctrl-C, an error) the
    workers are stopped at once.
    """
    tasks = game_tasks(config)
    if config.jobs <= 1:
        yield from map(_play_task, tasks)
    else:
        yield from ordered_results(_play_task, tasks, config.jobs, TASKS_PER_WORKER)


def play_tournament(
    config: TournamentConfig, on_game: Callable[[], None] | None = None
) -> TournamentResult:
    """Play every game of the tournament and total the results per bot.

    ``on_game`` is called after each finished game (the progress bar uses it).
    """
    result = TournamentResult(config, {name: BotStats() for name in dict.fromkeys(config.bots)})
    for seats in game_results(config):
        for seat in seats:
            result.bots[seat.bot].add(seat)
        result.games_played += 1
        if on_game is not None:
            on_game()
    return result
