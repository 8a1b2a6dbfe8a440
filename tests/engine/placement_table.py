"""The placement-count table (the analogue of chess perft): tests/data/placement_counts.json.

Each entry is a fixed position in the PLACE phase, described either as builder input
(``"builder"``, see positions.py) or as a game replayed from ``new_game`` (``"game"``: player
count, seed, variant and the actions in the engine's text notation). Its ``count`` is
computed by the brute-force reference in reference.py (every pair of squares tested against
the rules text), never by the engine; entries with ``"hand"`` were also counted by hand.

Regenerate with ``uv run python -m tests.engine.placement_table`` and review the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from .positions import describe
from .reference import ref_apply, ref_legal

TABLE = Path(__file__).resolve().parent.parent / "data" / "placement_counts.json"

# A market tiled with whole carpets: rows of three horizontal carpets, plus a vertical
# column on the right.
TILED = [f"{'RB'[(r + c // 2) % 2]} {r}.{c}-{r}.{c + 1}" for r in range(7) for c in (0, 2, 4)]
TILED += [f"Y {r}.6-{r + 1}.6" for r in (0, 2, 4)]

BUILT: list[dict[str, Any]] = [
    {
        "name": "empty market, Assam in the centre",
        "builder": {"assam": "3.3 N"},
        "hand": "4 neighbours x 3 dominoes each away from Assam = 12",
    },
    {
        "name": "empty market, Assam in the top-left corner",
        "builder": {"assam": "0.0 N"},
        "hand": "(0,1): (0,1)-(0,2), (0,1)-(1,1); (1,0): (1,0)-(2,0), (1,0)-(1,1) = 4",
    },
    {
        "name": "empty market, Assam in the bottom-right corner",
        "builder": {"assam": "6.6 E"},
        "hand": "mirror of the top-left corner = 4",
    },
    {
        "name": "empty market, Assam on the top edge",
        "builder": {"assam": "0.3 S"},
        "hand": "(0,2): 2, (0,4): 2, (1,3): (1,2)-(1,3), (1,3)-(1,4), (1,3)-(2,3) = 7",
    },
    {
        "name": "empty market, Assam one square in from a corner",
        "builder": {"assam": "1.1 W"},
        "hand": "(0,1): 2, (1,0): 2, (1,2): 3, (2,1): 3 = 10",
    },
    {
        "name": "centre, next to one fully visible carpet",
        "builder": {"carpets": ["B 2.3-2.4"], "assam": "3.3 N"},
        "hand": "12 minus (2,3)-(2,4) = 11",
    },
    {
        "name": "centre, a whole carpet on each side",
        "builder": {
            "carpets": ["B 1.3-2.3", "R 3.4-3.5", "Y 4.3-5.3", "B 3.1-3.2"],
            "assam": "3.3 N",
        },
        "hand": "12 minus the four carpets = 8",
    },
    {
        "name": "centre, a carpet reaching round the corner",
        "builder": {"carpets": ["B 2.4-3.4"], "assam": "3.3 N"},
        "hand": "12 minus (2,4)-(3,4) = 11",
    },
    {
        "name": "centre, last visible half of a half-covered carpet",
        "builder": {"carpets": ["R 2.3-2.4", "B 2.4-2.5"], "assam": "3.3 N"},
        "hand": "(2,3)-(2,4) shows two carpets now, so all 12 are legal",
    },
    {
        "name": "centre, two different carpets of one colour side by side",
        "builder": {"carpets": ["B 2.2-2.3", "B 2.4-2.5"], "assam": "3.3 N"},
        "hand": "(2,3)-(2,4) is legal (two carpets); (2,2)-(2,3) is not: 11",
    },
    {
        "name": "Assam standing on a carpet",
        "builder": {"carpets": ["R 3.3-3.4"], "assam": "3.3 E"},
        "hand": "every candidate leaves out (3,3), so the red carpet never shows twice: 12",
    },
    {
        "name": "bottom-left corner beside a vertical carpet",
        "builder": {"carpets": ["Y 4.0-5.0"], "assam": "6.0 N"},
        "hand": "corner 4 minus (4,0)-(5,0) = 3",
    },
    {
        "name": "right edge next to a neutral carpet",
        "builder": {
            "players": 4,
            "carpets": ["G 2.6-2.5", "G 4.6-5.6"],
            "assam": "3.6 W",
            "eliminated": [3],
        },
        "hand": "edge 7 minus (2,5)-(2,6) and (4,6)-(5,6): neutral carpets still block = 5",
    },
    {"name": "tiled market, Assam in the centre", "builder": {"carpets": TILED, "assam": "3.3 N"}},
    {"name": "tiled market, Assam in a corner", "builder": {"carpets": TILED, "assam": "0.6 S"}},
    {
        "name": "tiled market, Assam on the left edge",
        "builder": {"carpets": TILED, "assam": "4.0 E"},
    },
    {
        "name": "stacked carpets round the centre",
        "builder": {
            "carpets": [
                "R 2.3-2.4",
                "B 2.4-3.4",
                "Y 3.4-4.4",
                "R 4.3-4.4",
                "B 3.2-4.2",
                "Y 2.2-3.2",
            ],
            "assam": "3.3 W",
        },
    },
]

GAMES = [
    {"players": 2, "seed": 3, "variant": "standard", "placements": 6},
    {"players": 2, "seed": 8, "variant": "standard", "placements": 30},
    {"players": 3, "seed": 4, "variant": "standard", "placements": 20},
    {"players": 3, "seed": 12, "variant": "aim", "placements": 35},
    {"players": 4, "seed": 5, "variant": "standard", "placements": 12},
    {"players": 4, "seed": 9, "variant": "aim-or-keep", "placements": 40},
]


def start_dict(game: dict[str, Any]) -> dict[str, Any]:
    """The starting save dict of a game entry (the engine's set-up, tested elsewhere)."""
    from marrakech.engine import Variant, new_game

    state = new_game(game["players"], seed=game["seed"], variant=Variant(game["variant"]))
    return state.to_dict()


def reference_position(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry's position as a save dict, replayed by the reference model for games."""
    if "builder" in entry:
        return describe(**entry["builder"])
    game = entry["game"]
    model = start_dict(game)
    for text in game["actions"].split():
        model, _ = ref_apply(model, text)
    assert model["phase"] == "place", entry["name"]
    return model


def _random_actions(game: dict[str, Any]) -> str:
    """A seeded random game up to the PLACE phase after some placements (uses the engine)."""
    from marrakech.engine import Variant, new_game

    rng = random.Random(game["seed"])
    state = new_game(game["players"], seed=game["seed"], variant=Variant(game["variant"]))
    actions: list[str] = []
    placed = 0
    while True:
        if state.phase.value == "place":
            if placed == game["placements"]:
                return " ".join(actions)
            placed += 1
        assert state.phase.value != "over", "pick another seed: the game ended"
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)


def generate() -> list[dict[str, Any]]:
    entries = [dict(entry) for entry in BUILT]
    for game in GAMES:
        name = f"{game['players']} players, {game['variant']}, after {game['placements']} carpets"
        entries.append(
            {
                "name": name,
                "game": {
                    "players": game["players"],
                    "seed": game["seed"],
                    "variant": game["variant"],
                    "actions": _random_actions(game),
                },
            }
        )
    for entry in entries:
        entry["count"] = len(ref_legal(reference_position(entry)))
    return entries


def main() -> None:
    TABLE.write_text(json.dumps(generate(), indent=1) + "\n")
    print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
