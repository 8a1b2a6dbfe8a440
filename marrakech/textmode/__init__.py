"""The text mode: the game in plain lines, for screen readers, scripts and other programs.

A front end beside ``marrakech.tui``, driven by the same game flow: no cursor movement, no
colour, no box art; one sentence after every action, one line saying what the person to
move may type, and a prompt a program can wait for. ``commands`` reads a line,
``describe`` puts the game in words, ``game`` runs commands against the flow, ``loop``
reads and writes the streams and ``start`` opens the game. docs/text-mode.md is the
interface for programs.
"""

from marrakech.textmode.start import play_latest, play_new, play_saved

__all__ = ["play_latest", "play_new", "play_saved"]
