"""Learn to play: short lessons on the real market with a set die, then a short game.

The lessons are data (``lessons``: positions, dice and words); the ``course`` plays them a
step at a time and checks each try with the engine; ``progress`` keeps where a learner
stopped. The front ends draw it: ``tui.screens.tutorial`` (the app and the browser) and
``textmode.tutorial`` (plain lines). docs/tutorial.md is the players' page.
"""
