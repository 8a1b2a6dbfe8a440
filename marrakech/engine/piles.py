"""The order of a shuffled 2-player pile: the project's own seeded shuffle (compiled with
the engine: it runs every game).

A save stores only the seed, so the piles a seed gives are fixed for good
(docs/save-format.md, "The pile shuffle"). The algorithm: the Mersenne Twister MT19937
seeded by ``init_by_array`` from the seed's 32-bit words, and a Fisher-Yates shuffle that
draws each index by rejection from the top bits of one 32-bit word. Those are the orders
Python's ``random.Random(seed).shuffle`` gives; they are written out here so that they do
not depend on any library.

The generator does not store its 624-word state. Draw n makes word n + 624 of the
sequence from words n, n + 1 and n + 397 only, and seeding builds the state in two chained
passes, so two cursors walk those passes again side by side, one at word n + 1 and one at
n + 397: seeding and shuffling two piles cost about 1400 steps of arithmetic on machine
words, and nothing is allocated until a draw needs a word a draw made (from the 228th).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar, final

from .errors import MarrakechError, quoted

if TYPE_CHECKING:
    # A machine integer for mypyc; plain int when the engine runs as Python.
    from mypy_extensions import i64

T = TypeVar("T")

SEED_LIMIT: Final = 2**64
"""A seed is a whole number with ``-SEED_LIMIT < seed < SEED_LIMIT`` (at most two words)."""

_WORDS: Final = 624
"""MT19937's state: 624 words of 32 bits."""
_AHEAD: Final = 397
"""The twist of word n also reads word n + 397."""
_MASK: Final = 0xFFFFFFFF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_TWIST: Final = 0x9908B0DF
_BASE_SEED: Final = 19650218
"""init_by_array starts from the state init_genrand(19650218) makes."""
_BASE_1: Final = (1812433253 * (_BASE_SEED ^ (_BASE_SEED >> 30)) + 1) & 0xFFFFFFFF
"""Word 1 of that starting state (word 0 is the seed itself)."""


# Seeding, one word at a time (all modulo 2**32; the loops below spell these out inline):
#   base[i]   = 1812433253 * (base[i-1] ^ base[i-1] >> 30) + i        init_genrand(19650218)
#   first[i]  = (base[i] ^ (first[i-1] ^ first[i-1] >> 30) * 1664525) + key term
#   second[i] = (first[i] ^ (second[i-1] ^ second[i-1] >> 30) * 1566083941) - i


def _key_pass(word: i64, previous: i64, key: i64) -> i64:
    """One step of init_by_array's first pass: mixes a key word (plus its position) in."""
    return ((word ^ ((previous ^ (previous >> 30)) * 1664525)) + key) & _MASK


def _final_pass(word: i64, previous: i64, index: i64) -> i64:
    """One step of init_by_array's second pass over word ``index``."""
    return ((word ^ ((previous ^ (previous >> 30)) * 1566083941)) - index) & _MASK


@final
class _SeedWalk:
    """init_by_array's two passes walked side by side from word 1: each step gives the
    next word of the seeded state (words 2 to 623, whose last writer is the second pass).

    Step t of the first pass writes word t + 1 and adds ``key[t % len(key)] + t % len(key)``:
    ``key_even`` on even steps, ``key_odd`` on odd ones.
    """

    def __init__(self, key_even: i64, key_odd: i64, first: i64, second: i64) -> None:
        self.key_even = key_even
        self.key_odd = key_odd
        self.index: i64 = 1
        self.base: i64 = _BASE_1
        self.first = first  # the first pass's word at index
        self.second = second  # the second pass's (at word 1: where the first pass ended)

    def copy(self) -> _SeedWalk:
        twin = _SeedWalk(self.key_even, self.key_odd, self.first, self.second)
        twin.index = self.index
        twin.base = self.base
        return twin

    def advance(self, steps: i64) -> i64:
        """Walk on this many words; returns the seeded state's word where the walk stops."""
        key_even = self.key_even
        key_odd = self.key_odd
        index = self.index
        base = self.base
        first = self.first
        second = self.second
        stop = index + steps
        while index < stop:
            index += 1
            key = key_odd if index & 1 == 0 else key_even
            base = (1812433253 * (base ^ (base >> 30)) + index) & _MASK
            first = ((base ^ ((first ^ (first >> 30)) * 1664525)) + key) & _MASK
            second = ((first ^ ((second ^ (second >> 30)) * 1566083941)) - index) & _MASK
        self.index = index
        self.base = base
        self.first = first
        self.second = second
        return second


@final
class MersenneTwister:
    """MT19937 seeded by init_by_array from a seed's absolute value, as 32-bit words
    (one word below 2**32, else two, low word first); ``next_word`` draws them in order.

    The sequence: words 0 to 623 are the seeded state, then draw n makes word n + 624.
    """

    def __init__(self, seed: int) -> None:
        if not -SEED_LIMIT < seed < SEED_LIMIT:
            raise MarrakechError(f"a seed is a whole number below 2**64, not {quoted(seed)}")
        self._seed = seed
        magnitude = abs(seed)
        key_even: i64 = magnitude & _MASK
        key_odd = key_even  # one key word: every step adds it
        if magnitude > _MASK:
            key_odd = (magnitude >> 32) + 1
        # The first pass goes once round (words 1 to 623), then rewrites word 1.
        at_1 = _key_pass(_BASE_1, _BASE_SEED, key_even)
        base: i64 = _BASE_1
        first: i64 = at_1
        index: i64 = 1
        while index < _WORDS - 1:
            index += 1
            key = key_odd if index & 1 == 0 else key_even
            base = (1812433253 * (base ^ (base >> 30)) + index) & _MASK
            first = ((base ^ ((first ^ (first >> 30)) * 1664525)) + key) & _MASK
        again_at_1 = _key_pass(at_1, first, key_odd)
        # The second pass starts from there at word 2, goes round, then rewrites word 1.
        walk = _SeedWalk(key_even, key_odd, at_1, again_at_1)
        walk.advance(_AHEAD - 2)
        self._ahead = walk.copy()
        walk.advance(_WORDS - _AHEAD)
        self._word_1: i64 = _final_pass(again_at_1, walk.second, 1)
        self._following = _SeedWalk(key_even, key_odd, at_1, again_at_1)
        self._count: i64 = 0  # draws so far: the next one is draw n = count
        self._word_n: i64 = _UPPER  # word n (word 0 of a seeded state is always this)
        self._keeps = False  # whether the words draws make are kept in _made
        self._made: list[int] = []

    def _state_word(self, n: i64, walk: _SeedWalk) -> i64:
        """Word n of the sequence, read by a cursor that has read every word before it."""
        if n >= _WORDS:
            return self._made_word(n)
        if n == 1:
            return self._word_1
        return walk.advance(1)

    def _made_word(self, n: i64) -> i64:
        """Word n >= 624: the one draw n - 624 made."""
        if not self._keeps:
            # First wanted by draw 227 (two piles take about 70): replay, keeping the words.
            twin = MersenneTwister(self._seed)
            twin._keeps = True
            for _ in range(self._count):
                twin.next_word()
            self._made = twin._made
            self._keeps = True
        return self._made[n - _WORDS]

    def next_word(self) -> i64:
        """The next 32-bit output (as CPython's ``getrandbits(32)`` would give it)."""
        count = self._count
        following = self._state_word(count + 1, self._following)
        ahead = self._state_word(count + _AHEAD, self._ahead)
        mixed = (self._word_n & _UPPER) | (following & _LOWER)
        word = ahead ^ (mixed >> 1)
        if mixed & 1:
            word ^= _TWIST
        if self._keeps:
            self._made.append(word)
        self._word_n = following
        self._count = count + 1
        word ^= word >> 11
        word ^= (word << 7) & 0x9D2C5680
        word ^= (word << 15) & 0xEFC60000
        return word ^ (word >> 18)

    def below(self, bound: int) -> int:
        """A whole number from 0 to bound - 1 (bound below 2**32): the top ``bit_length``
        bits of a word, drawn again until they are below bound."""
        shift: i64 = 32 - bound.bit_length()
        value = self.next_word() >> shift
        while value >= bound:
            value = self.next_word() >> shift
        return value


def shuffled(items: Sequence[T], stream: MersenneTwister) -> tuple[T, ...]:
    """The items in shuffled order: for i from the last index down to 1, swap item i with
    item ``stream.below(i + 1)``."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)
