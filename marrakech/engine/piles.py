"""The order of a shuffled 2-player pile (compiled with the engine: it runs every game)."""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffled(items: list[T], rng: random.Random) -> tuple[T, ...]:
    """``rng.shuffle(items)`` step for step, as a tuple: the same draws give the same order.

    CPython's Fisher-Yates with ``_randbelow`` by rejection on ``getrandbits``, written out
    so that compiled it costs a fraction of the library call; a test pins the equality.
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    return tuple(items)
