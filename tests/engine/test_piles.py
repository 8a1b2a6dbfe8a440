"""The 2-player pile shuffle: the piles of a seed never change (a save stores only the seed)."""

from __future__ import annotations

import pytest

from marrakech.engine import IllegalAction, MarrakechError, new_game
from marrakech.engine.piles import MersenneTwister, shuffled

# Seat 0's pile, then seat 1's, top first, as new_game(2, seed=seed) has always laid them
# (written once from the program that saved the first games).
GOLDEN_PILES = [
    (0, "YRYRRRYYRRRYRYRYRYYYRRYY", "GBGGBGBBGBBGGBBGBBGGBGBG"),
    (1, "YRYYYYRRRRRRRYYYYYYRRRYR", "GGBBBBBGGGBBBGBGBGGGGGBB"),
    (2, "YRRYYRRYYYYYYRYYRRRRRYRR", "GBGBBGBGBGGGBBBBGBGGGBGB"),
    (7, "RYYYRYYYRYYYRRRRRYRRYYRR", "BBGGBBBGGGBBBBBGGGGBGGGB"),
    (42, "YRYYYRYRYYRYYRRRYRYRRRRY", "BGBBGBGGGBGGBGGBBGBGBBBG"),
    (1000, "RRYRRRRYYRYYRYYYRYRRYRYY", "BBBGGBGGBBGBGBGBGGGBBGGB"),
    (-1, "YRYYYYRRRRRRRYYYYYYRRRYR", "GGBBBBBGGGBBBGBGBGGGGGBB"),
    (-5, "YYRYYRRYRRYRYRYRRYRYYRRY", "BGBBBBBGGBGGBGGBGGGBBGGB"),
    (-(2**31), "RYRYYYRRRRRYRYYRYYYRRYYR", "BGBGGBBBGGGBBBGBGBGGBBGG"),
    (2**31, "RYRYYYRRRRRYRYYRYYYRRYYR", "BGBGGBBBGGGBBBGBGBGGBBGG"),
    (2**32 - 1, "YYRRYRYRRYRRRRYYRRYYYRYY", "GBBGBGGBGGBBGBGBBGBGGGBB"),
    (2**32, "RRYYYYYRYYRRRRRYYYRYRYRR", "BBGGGGBGBGGBBBBBGGGBGBBG"),
    (2**40 + 3, "YYRYRYRYRYRRRYRYYYRYRYRR", "BGBBGGBGBBGGBGGBGBBBGBGG"),
    (123456789012345678, "YRRYYRYRRYRRRYRYYRYRRYYY", "GBBGBBGBGGGGBBGGBBBGBGBG"),
    (2**63 - 1, "YYRYYYRRYYRRRRRRYRYYRYYR", "GGGBGBBGGGBBGBBBGBBBBGGG"),
    (2**63, "YYYYYRRRRRYRYYYRRRRYRRYY", "BGGGGGGBGBBGBGBBGBBGBGBB"),
    (2**64 - 2, "RYYYYRYRYRRYYYRRYRRYYRRR", "GGGGBBGGGGBBBGGGGBBBBBBB"),
    (2**64 - 1, "YYRYRYRYRYYRYYYRRRYRYRRR", "GGBBBBGBGBBGGGBBGBBGGGGB"),
    (-(2**64 - 1), "YYRYRYRYRYYRYYYRRRYRYRRR", "GGBBBBGBGBBGGGBBGBBGGGGB"),
]


@pytest.mark.parametrize(("seed", "seat_0", "seat_1"), GOLDEN_PILES)
def test_a_seed_always_gives_the_same_piles(seed: int, seat_0: str, seat_1: str) -> None:
    piles = ["".join(colour.letter for colour in p.pile) for p in new_game(2, seed=seed).players]
    assert piles == [seat_0, seat_1]


# MT19937 seeded by init_by_array: outputs 0-3, 226, 227 (the first twist reading a word
# the generator made itself), 623, 624 (the second round of the state) and 1299.
GOLDEN_WORDS = {
    0: (3626764237, 1654615998, 3255389356, 3823568514, 2464735849, 2723895805, 2390040247,
        2229104038, 613370405),
    5: (2675342405, 1097127993, 3185950873, 1539898300, 560801698, 4214653472, 2959306914,
        3041615143, 1638843205),
    2**64 - 1: (93740670, 1068495656, 1452108352, 2657516307, 3637181817, 3886738724,
                2799746052, 3597309115, 3889766627),
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(GOLDEN_WORDS))
def test_the_generator_gives_the_mersenne_twister_words(seed: int) -> None:
    stream = MersenneTwister(seed)
    words = [stream.next_word() for _ in range(1300)]
    picked = (*words[:4], words[226], words[227], words[623], words[624], words[1299])
    assert picked == GOLDEN_WORDS[seed]


def test_below_draws_the_top_bits_again_until_they_fit() -> None:
    words = MersenneTwister(5)
    draws = MersenneTwister(5)
    for bound in (2, 3, 17, 24, 1000, 2**32 - 1):
        bits = bound.bit_length()
        value = words.next_word() >> (32 - bits)
        while value >= bound:
            value = words.next_word() >> (32 - bits)
        assert draws.below(bound) == value


def test_shuffled_swaps_each_item_with_one_drawn_below_it() -> None:
    items = list(range(10))
    order = list(items)
    draws = MersenneTwister(9)
    for i in range(9, 0, -1):
        j = draws.below(i + 1)
        order[i], order[j] = order[j], order[i]
    assert shuffled(items, MersenneTwister(9)) == tuple(order)
    assert items == list(range(10))  # the input is left as it was
    assert shuffled([], MersenneTwister(9)) == ()


@pytest.mark.parametrize("seed", [2**64, -(2**64), 10**30])
def test_a_seed_beyond_two_words_is_refused(seed: int) -> None:
    with pytest.raises(IllegalAction, match="below 2\\*\\*64"):
        new_game(2, seed=seed)
    with pytest.raises(MarrakechError):
        MersenneTwister(seed)


@pytest.mark.parametrize("seed", [1.5, "7", True])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    with pytest.raises(IllegalAction):
        new_game(2, seed=seed)  # type: ignore[arg-type]
