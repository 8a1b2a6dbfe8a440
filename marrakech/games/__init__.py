"""The games layer: what a game is beside its rules, for the flow, the bots and the front ends.

A game's history with undo and redo (``session``), where its rolls come from (``dice``),
save files and the action notation on disk (``records``, ``storage``, ``autosaves``), the
player's settings (``settings``), the game in words (``narrate``), outside text made safe
to show (``text``), the computer levels' names (``levels``) and playing a game out
(``playout``). It imports only the engine (and itself).
"""
