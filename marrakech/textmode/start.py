"""Starting the text mode: a new game, a saved one, or the newest unfinished one.

The same games and autosaves as the full-screen app: a game resumed here is locked
while it plays, and autosaves to its own file after every decision.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import TextIO

from marrakech.games import autosaves, storage
from marrakech.games.autosaves import FolderNotWritable, GameFile, GameInUse
from marrakech.games.language import N_, _, ngettext
from marrakech.games.narrate import turns_played
from marrakech.games.records import SaveFileError
from marrakech.games.session import GameSetup, Session, new_seed
from marrakech.games.text import shown
from marrakech.games.words import listed
from marrakech.textmode.commands import COMMAND_WORDS
from marrakech.textmode.game import TextGame
from marrakech.textmode.loop import PROMPT, play, write
from marrakech.textmode.terminal import typed_lines

NEW_GAME_HELP = N_(
    "To choose the players, computers and rules: "
    "marrakech new --players 3 --bot 2=hard --text (see marrakech new --help)."
)


def play_new(setup: GameSetup) -> int:
    """Play a new game in text mode; returns the exit code."""
    return _run(TextGame.local(Session(setup)), [])


def play_saved(path: Path) -> int:
    """Go on with a saved game in text mode (an unfinished game of this machine is
    resumed in its own autosave); exit code 1 when it cannot be opened."""
    try:
        if autosaves.is_unfinished_game(path):
            if autosaves.is_hosted(path):
                print(f"marrakech load: {_hosted(path)}", file=sys.stderr)
                return 1
            return _resume(path, [])
        session = storage.load_game(path)
        # The die goes on after the rolls seen in games that went on from it (its own
        # unfinished game among them), which goes on, if it was left as it was.
        session.pass_draws_seen(autosaves.draws_seen_beyond(session))
        return _run(TextGame.local(session, autosaves.twin(session)), [])
    except SaveFileError as error:
        print(f"marrakech load: {error}", file=sys.stderr)
        return 1


def play_latest() -> int:
    """Resume the newest unfinished game no other window has open; else a new 2-player one."""
    storage.remove_stale_temporaries()
    games = autosaves.unfinished_games()
    elsewhere = sum(1 for game in games if game.open_elsewhere)
    said = (
        [
            ngettext(
                "{count} unfinished game open in another window.",
                "{count} unfinished games open in another window.",
                elsewhere,
            ).format(count=elsewhere)
        ]
        if elsewhere
        else []
    )
    said += [
        _("An unfinished game cannot be resumed: {file}: {problem}").format(
            file=shown(game.path.name), problem=shown(str(game.problem))
        )
        for game in games
        if game.session is None
    ]
    said += [_hosted(game.path) for game in games if game.hosted]
    for unfinished in games:
        if unfinished.session is None or unfinished.open_elsewhere or unfinished.hosted:
            continue
        try:
            return _resume(unfinished.path, said, new_instead=True)
        except GameInUse:
            continue  # taken by another window a moment ago
        except SaveFileError:
            continue  # no longer readable
    said += [_("No unfinished game to resume: a new game for two people."), _(NEW_GAME_HELP)]
    return _run(TextGame.local(Session(GameSetup(2, seed=new_seed()))), said)


def _resume(path: Path, said: list[str], *, new_instead: bool = False) -> int:
    """Go on with the unfinished game in ``path``, autosaving it; in a folder that cannot be
    written, play it without autosaving and leave the file as it is. ``new_instead``: say
    how to start a new game instead (the game was not asked for by name)."""
    try:
        game_file, session = GameFile.resume(path)
    except FolderNotWritable as problem:
        session = storage.load_game(path)
        # Translators: {problem} says which folder cannot be written.
        not_saved = _(
            "{problem}. The unfinished game stays there as it was; what is played now is not saved."
        ).format(problem=problem)
        resuming = [*said, not_saved, _resuming(session)]
        return _run(TextGame.local(session, autosave=False), resuming)
    instead = [_("A new game instead: quit, then marrakech new --text.")] if new_instead else []
    return _run(TextGame.local(session, game_file), [*said, _resuming(session), *instead])


def _hosted(path: Path) -> str:
    # Translators: the command in backquotes is typed as it is.
    words = _("A network game you host is not resumed here: `{command}` hosts it again.")
    return words.format(command=autosaves.host_command(path))


def _resuming(session: Session) -> str:
    played = turns_played(session.transitions, session.state)
    return ngettext(
        "Resuming the unfinished game of {names} ({count} turn played).",
        "Resuming the unfinished game of {names} ({count} turns played).",
        played,
    ).format(names=listed(session.setup.names), count=played)


def _run(game: TextGame, first: list[str]) -> int:
    """Play on the standard streams: a terminal gets the prompt on the typing line."""
    stdin, stdout = _console()
    write(stdout, first)
    interactive = stdin.isatty() and stdout.isatty()
    lines = typed_lines(stdin, stdout, f"{PROMPT} ", COMMAND_WORDS)
    try:
        return play(
            game, lines, stdout, prompt_on_same_line=interactive, stay_at_the_end=interactive
        )
    except BrokenPipeError:
        # The reader went away: nothing more can be said; the game stays autosaved.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1


def _console() -> tuple[TextIO, TextIO]:
    """The standard streams, made to replace what they cannot read or write."""
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)
    return sys.stdin, sys.stdout
