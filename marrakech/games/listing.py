"""Every saved game in plain lines (``marrakech saves``), for a player without the app.

Three groups, as the app's Saved games lists them: the unfinished games, the named saves,
the finished games, each newest first. Each line starts with the word that opens the game
after ``marrakech load``, ``replay`` or ``review`` (``named_file`` is how those commands
read a name, so the word shown is one they take), then the players, the turns played, and
who is to play or who won. A file that cannot be read is listed with the reason: each
file is read once, and none is changed.

``others_line`` is what the text mode says at its start of the unfinished games it does
not resume.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path

from marrakech.engine import Phase
from marrakech.games import autosaves, storage
from marrakech.games.autosaves import Unfinished
from marrakech.games.language import _, ngettext
from marrakech.games.levels import NAME_LIMIT, computer_label
from marrakech.games.narrate import turns_played
from marrakech.games.records import SaveFileError
from marrakech.games.session import Session
from marrakech.games.text import shown
from marrakech.games.words import listed, sentences

OTHERS_NAMED = 3
"""At most this many other unfinished games are named in ``others_line``."""


def named_file(given: str) -> Path | None:
    """The file a name from Saved games names: a named save, else a finished game's number,
    else an unfinished game's id (the first folder holding ``given``.json); None when none
    does. ``given`` is a checked name (``storage.check_name``)."""
    folders = (storage.saves_dir(), autosaves.history_dir(), autosaves.games_dir())
    return next((f / f"{given}.json" for f in folders if (f / f"{given}.json").exists()), None)


def word_for(path: Path) -> str:
    """What to type after ``load``, ``replay`` or ``review`` to open ``path``: its name,
    when that name leads to it, else its path; quoted for the shell where it must be
    (a name with a space), escaped for the terminal."""
    try:
        name = storage.check_name(path.stem)
        word = name if named_file(name) == path else str(path)
    except (SaveFileError, OSError):
        word = str(path)
    return shown(word if PLAIN_WORD.fullmatch(word) else shlex.quote(word))


PLAIN_WORD = re.compile(r"[\w@%+=:,./-]+")
"""A word a shell takes as it is: letters and digits of any script ("金曜日"), and marks
no shell gives a meaning to."""


def player_words(session: Session) -> list[str]:
    """Each player of a saved game, a computer with what it is (``levels.computer_label``):
    "Bo (hard computer)", "Cem (outside bot MyBot)"; escaped for the terminal."""
    setup = session.setup
    players = []
    for seat, name in enumerate(setup.names):
        level = setup.level(seat)
        if level is None:
            players.append(shown(name, NAME_LIMIT))
        else:
            # Translators: a computer player in a saved game's line: "Bo (hard computer)".
            players.append(
                _("{name} ({computer})").format(
                    name=shown(name, NAME_LIMIT), computer=computer_label(level)
                )
            )
    return players


def players_words(session: Session) -> str:
    """The players of a saved game in a phrase: "Ayla and Bo (hard computer)"."""
    return listed(player_words(session))


def _turns(session: Session) -> str:
    """The turns played in a saved game: "6 turns played"."""
    played = turns_played(session.transitions, session.state)
    return ngettext("{count} turn played", "{count} turns played", played).format(count=played)


def game_words(session: Session) -> str:
    """A saved game in words: its players, the turns played, who is to play or who won."""
    names = session.setup.names
    state = session.state
    played = turns_played(session.transitions, state)
    players = players_words(session)
    if state.phase is Phase.OVER:
        winners = listed([shown(names[seat], NAME_LIMIT) for seat in state.winners()])
        return ngettext(
            "{players}, {count} turn played, over: {winners} won",
            "{players}, {count} turns played, over: {winners} won",
            played,
        ).format(players=players, count=played, winners=winners)
    return ngettext(
        "{players}, {count} turn played, {name} to play",
        "{players}, {count} turns played, {name} to play",
        played,
    ).format(players=players, count=played, name=shown(names[state.current], NAME_LIMIT))


def _unreadable(path: Path, problem: str) -> str:
    # Translators: a saved game's file (its path) that cannot be read, and why.
    return _("{file} cannot be read: {problem}").format(
        file=shown(str(path)), problem=shown(problem)
    )


def unfinished_line(game: Unfinished) -> str:
    """The line of an unfinished game: the word that loads it (its id), or, when it cannot
    be played on here, why (open in another window, a network game hosted here, a file
    that cannot be read) and how to go on with it."""
    if game.session is None:
        return _unreadable(game.path, str(game.problem))
    word, about = word_for(game.path), game_words(game.session)
    if game.hosted:
        # Translators: the command in backquotes is typed as it is.
        return _("{word}, a network game you host: {game}; `{command}` hosts it again.").format(
            word=word, game=about, command=autosaves.host_command(game.path)
        )
    if game.open_elsewhere:
        return _("{word}, open in another window: {game}.").format(word=word, game=about)
    # Translators: a saved game's line: the word that opens it, then the game.
    return _("{word}: {game}.").format(word=word, game=about)


def file_line(path: Path) -> tuple[str, bool]:
    """The line of a named save or a finished game: the word that opens it, and the game;
    or why the file cannot be read. And whether it could be read."""
    try:
        session = storage.load_game(path)
    except storage.READ_ERRORS as error:
        problem = storage.game_problem(error, path) if isinstance(error, SaveFileError) else error
        return _unreadable(path, str(problem)), False
    return _("{word}: {game}.").format(word=word_for(path), game=game_words(session)), True


def saves_lines() -> list[str]:
    """Every saved game in lines: the unfinished games, the named saves, the finished
    games (each group headed by its count, newest first; an empty group is left out),
    then how to open one; or one line saying there is none."""
    unfinished = autosaves.unfinished_games()
    saves = storage.list_saves()
    finished = autosaves.finished_games()
    if not (unfinished or saves or finished):
        return [
            _(
                "No saved games yet: every game autosaves as it is played, and save NAME "
                "during a game keeps it under a name."
            )
        ]
    lines: list[str] = []
    opening = [  # the games listed that open by their word, in the order listed
        game.path
        for game in unfinished
        if game.session is not None and not (game.hosted or game.open_elsewhere)
    ]
    if unfinished:
        count = len(unfinished)
        lines.append(
            ngettext(
                "{count} unfinished game:", "{count} unfinished games, newest first:", count
            ).format(count=count)
        )
        lines += [unfinished_line(game) for game in unfinished]
    if saves:
        count = len(saves)
        lines.append(
            ngettext("{count} named save:", "{count} named saves, newest first:", count).format(
                count=count
            )
        )
        for path in saves:
            line, opens = file_line(path)
            lines.append(line)
            opening += [path] if opens else []
    if finished:
        count = len(finished)
        lines.append(
            ngettext(
                "{count} finished game:", "{count} finished games, newest first:", count
            ).format(count=count)
        )
        for path in finished:
            line, opens = file_line(path)
            lines.append(line)
            opening += [path] if opens else []
    how = _(
        "To open one, type marrakech load (to go on with it), marrakech replay (to step "
        "through it) or marrakech review (to see what each decision cost), then the word "
        "its line starts with, as written there."
    )
    if opening:
        # Translators: the command is typed as it is.
        example = _("For example: marrakech load {word}.").format(word=word_for(opening[0]))
        how = sentences((how, example))
    lines.append(how)
    return lines


def others_line(games: Sequence[Unfinished]) -> str | None:
    """What the text mode says at its start of the unfinished games it does not resume:
    the ones it could (readable, not open in another window, not hosted here) but the
    newest, each named with the word that loads it (when there are a few), and that
    ``marrakech saves`` lists them; None when there is no other."""
    free = [game for game in games if game.session is not None and not game.open_elsewhere]
    others = [game for game in free if not game.hosted][1:]
    count = len(others)
    if not count:
        return None
    if count > OTHERS_NAMED:
        return ngettext(
            "{count} other unfinished game; marrakech saves lists it, with the word that loads it.",
            "{count} other unfinished games; marrakech saves lists them, with the word that "
            "loads each.",
            count,
        ).format(count=count)
    named = _("; ").join(
        # Translators: another unfinished game: its players, the turns played ("6 turns")
        # and the word that loads it.
        _("{players}, {turns} ({word})").format(
            players=listed([shown(name, NAME_LIMIT) for name in game.session.setup.names]),
            turns=_turns(game.session),
            word=word_for(game.path),
        )
        for game in others
        if game.session is not None
    )
    return ngettext(
        "{count} other unfinished game: {games}; marrakech load and the word in brackets "
        "goes on with it, marrakech saves lists every saved game.",
        "{count} other unfinished games: {games}; marrakech load and the word in brackets "
        "goes on with one, marrakech saves lists every saved game.",
        count,
    ).format(count=count, games=named)
