"""The die stream: a game's n-th roll is a pure function of its seed.

Because the value depends only on (seed, roll number), replaying a turn after an undo
gives the same roll (nobody can re-roll), a saved game replays exactly, and a tournament
can give every seat rotation the same dice.
"""

from hashlib import blake2b

from marrakech.engine import DIE_FACES


def die_roll(seed: int, index: int) -> int:
    """The value of roll number ``index`` (0 for the first roll) of the game with ``seed``."""
    digest = blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return DIE_FACES[int.from_bytes(digest, "big") % len(DIE_FACES)]
