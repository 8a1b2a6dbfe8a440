"""Marrakech, the board game by Dominique Ehrhard, in the terminal."""

__version__ = "0.1.0"
