"""An independent reference model of the rules, written from the project's shared rules
decisions page (every decision of which docs/rules-2024.md states).

Nothing here imports the engine: it works on the public save format (the dict of
``GameState.to_dict``) and on actions in the public text notation, so the tests can compare
the engine with a second implementation written from the rules text alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Square = tuple[int, int]
N, E, S, W = "N", "E", "S", "W"
DELTA = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
LEFT_OF = {N: W, W: S, S: E, E: N}
RIGHT_OF = {v: k for k, v in LEFT_OF.items()}

# The 28 border exits, copied as literal data from the border-loop table of the project's
# shared rules decisions page (the same table is in docs/rules-2024.md, "The border loops").
# Key: (edge square, facing when stepping off); value: (re-entry square, facing after).
EXITS: dict[tuple[Square, str], tuple[Square, str]] = {
    # N off the top row: arcs pair cols 0/1, 2/3, 4/5; col 6 is the corner loop.
    ((0, 0), N): ((0, 1), S),
    ((0, 1), N): ((0, 0), S),
    ((0, 2), N): ((0, 3), S),
    ((0, 3), N): ((0, 2), S),
    ((0, 4), N): ((0, 5), S),
    ((0, 5), N): ((0, 4), S),
    ((0, 6), N): ((0, 6), W),
    # E off the right col: row 0 is the corner loop; arcs pair rows 1/2, 3/4, 5/6.
    ((0, 6), E): ((0, 6), S),
    ((1, 6), E): ((2, 6), W),
    ((2, 6), E): ((1, 6), W),
    ((3, 6), E): ((4, 6), W),
    ((4, 6), E): ((3, 6), W),
    ((5, 6), E): ((6, 6), W),
    ((6, 6), E): ((5, 6), W),
    # S off the bottom row: col 0 is the corner loop; arcs pair cols 1/2, 3/4, 5/6.
    ((6, 0), S): ((6, 0), E),
    ((6, 1), S): ((6, 2), N),
    ((6, 2), S): ((6, 1), N),
    ((6, 3), S): ((6, 4), N),
    ((6, 4), S): ((6, 3), N),
    ((6, 5), S): ((6, 6), N),
    ((6, 6), S): ((6, 5), N),
    # W off the left col: arcs pair rows 0/1, 2/3, 4/5; row 6 is the corner loop.
    ((0, 0), W): ((1, 0), E),
    ((1, 0), W): ((0, 0), E),
    ((2, 0), W): ((3, 0), E),
    ((3, 0), W): ((2, 0), E),
    ((4, 0), W): ((5, 0), E),
    ((5, 0), W): ((4, 0), E),
    ((6, 0), W): ((6, 0), N),
}

ALL_SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(7) for c in range(7))


def on_market(square: Square) -> bool:
    return 0 <= square[0] < 7 and 0 <= square[1] < 7


def ref_step(square: Square, facing: str) -> tuple[Square, str]:
    ahead = (square[0] + DELTA[facing][0], square[1] + DELTA[facing][1])
    if on_market(ahead):
        return ahead, facing
    return EXITS[(square, facing)]


def ref_walk_path(square: Square, facing: str, roll: int) -> list[tuple[Square, str]]:
    path = []
    for _ in range(roll):
        square, facing = ref_step(square, facing)
        path.append((square, facing))
    return path


def ref_walk(square: Square, facing: str, roll: int) -> tuple[Square, str]:
    path = ref_walk_path(square, facing, roll)
    return path[-1] if path else (square, facing)


def touching(a: Square, b: Square) -> bool:
    """Orthogonally adjacent (diagonal contact does not count)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# -- placements: brute force over every pair of squares --------------------------------


def tops_of(carpets: Iterable[tuple[Square, Square]]) -> dict[Square, int]:
    """The visible carpet id on each covered square; carpets listed in laying order."""
    tops: dict[Square, int] = {}
    for carpet_id, (a, b) in enumerate(carpets):
        tops[a] = carpet_id
        tops[b] = carpet_id
    return tops


def ref_placements(tops: dict[Square, Any], assam: Square) -> set[frozenset[Square]]:
    """Every legal carpet (an unordered pair of squares), by brute force over all pairs."""
    found = set()
    for a in ALL_SQUARES:
        for b in ALL_SQUARES:
            if not touching(a, b):
                continue
            if assam in (a, b):
                continue
            if not (touching(a, assam) or touching(b, assam)):
                continue
            if a in tops and b in tops and tops[a] == tops[b]:
                continue  # both visible halves of one single carpet
            found.add(frozenset((a, b)))
    return found


# -- a whole game on the save-format dict ---------------------------------------------


def _top(model: dict[str, Any], square: Square) -> list[Any] | None:
    stack = model["market"][square[0]][square[1]]
    return stack[-1] if stack else None


def _owner(model: dict[str, Any], colour: str) -> int | None:
    for seat, player in enumerate(model["players"]):
        if colour in player["colours"]:
            return seat
    return None


def ref_region(model: dict[str, Any], square: Square) -> set[Square]:
    """The orthogonally connected visible squares of the colour shown on a square."""
    top = _top(model, square)
    if top is None:
        return set()
    colour = top[0]
    seen = {square}
    todo = [square]
    while todo:
        r, c = todo.pop()
        for dr, dc in DELTA.values():
            nxt = (r + dr, c + dc)
            if on_market(nxt) and nxt not in seen:
                t = _top(model, nxt)
                if t is not None and t[0] == colour:
                    seen.add(nxt)
                    todo.append(nxt)
    return seen


def ref_toll(model: dict[str, Any], square: Square, payer: int) -> tuple[int, int | None]:
    top = _top(model, square)
    if top is None:
        return 0, None
    owner = _owner(model, top[0])
    if owner is None or owner == payer or model["players"][owner]["eliminated"]:
        return 0, None
    return len(ref_region(model, square)), owner


def _next_seat(model: dict[str, Any], after: int) -> int | None:
    players = model["players"]
    count = len(players)
    for offset in range(1, count + 1):
        seat = (after + offset) % count
        if not players[seat]["eliminated"] and players[seat]["pile"]:
            return seat
    return None


def ref_legal(model: dict[str, Any]) -> set[str]:
    """Every legal action, in notation."""
    phase = model["phase"]
    if phase == "orient":
        return {"L", "S", "R"}
    if phase == "roll":
        return {"1", "2", "3", "4"}
    if phase == "aim":
        return {"aL", "aS", "aR"} if model["variant"] == "aim-or-keep" else {"aL", "aR"}
    if phase == "place":
        tops = {}
        for r, c in ALL_SQUARES:
            top = _top(model, (r, c))
            if top is not None:
                tops[(r, c)] = top[1]
        assam = tuple(model["assam"]["square"])
        out = set()
        for pair in ref_placements(tops, assam):
            a, b = sorted(pair)
            out.add(f"c{a[0]}.{a[1]}-{b[0]}.{b[1]}")
        return out
    return set()


def _copy(model: dict[str, Any]) -> dict[str, Any]:
    """A copy that shares only the market (which ref_apply copies before changing)."""
    out = dict(model)
    out["assam"] = dict(model["assam"])
    out["players"] = [{**p, "pile": list(p["pile"])} for p in model["players"]]
    return out


def ref_apply(model: dict[str, Any], text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The model after a legal action, and what happened (toll, paid, payee, eliminated)."""
    assert text in ref_legal(model), f"{text} is not legal here"
    m = _copy(model)
    info: dict[str, Any] = {"toll": 0, "paid": 0, "payee": None, "eliminated": None}
    me = m["current"]
    standard = m["variant"] == "standard"
    facing = m["assam"]["facing"]
    if m["phase"] in ("orient", "aim"):
        turn = text[-1]
        m["assam"]["facing"] = {"L": LEFT_OF[facing], "S": facing, "R": RIGHT_OF[facing]}[turn]
        if m["phase"] == "aim":
            m["current"] = _next_seat(m, me)
        m["phase"] = "roll"
    elif m["phase"] == "roll":
        square, facing = ref_walk(tuple(m["assam"]["square"]), facing, int(text))
        m["assam"] = {"square": list(square), "facing": facing}
        toll, payee = ref_toll(m, square, me)
        m["phase"] = "place"
        if payee is not None:
            player = m["players"][me]
            paid = min(toll, player["money"])
            info.update(toll=toll, paid=paid, payee=payee)
            m["players"][payee]["money"] += paid
            player["money"] -= paid
            if toll > paid:  # bankrupt
                info["eliminated"] = me
                player["eliminated"] = True
                player["discarded"] += len(player["pile"])
                player["pile"] = []
                alive = sum(not p["eliminated"] for p in m["players"])
                seat = _next_seat(m, me)
                if alive <= 1 or seat is None:
                    m["phase"] = "over"
                else:
                    m["current"] = seat
                    m["phase"] = "orient" if standard else "roll"
    elif m["phase"] == "place":
        a_text, b_text = text[1:].split("-")
        player = m["players"][me]
        colour = player["pile"].pop(0)
        m["market"] = [[list(stack) for stack in row] for row in m["market"]]
        for sq in (a_text, b_text):
            r, c = (int(v) for v in sq.split("."))
            m["market"][r][c].append([colour, m["next_carpet"]])
        m["next_carpet"] += 1
        seat = _next_seat(m, me)
        if seat is None:
            m["phase"] = "over"
        elif standard:
            m["current"] = seat
            m["phase"] = "orient"
        else:
            m["phase"] = "aim"
    return m, info


def ref_scores(model: dict[str, Any]) -> list[tuple[int, int]]:
    """(visible squares, dirhams) per seat; an eliminated seat shows nothing."""
    visible: dict[str, int] = {}
    for r, c in ALL_SQUARES:
        top = _top(model, (r, c))
        if top is not None:
            visible[top[0]] = visible.get(top[0], 0) + 1
    return [
        (
            0 if p["eliminated"] else sum(visible.get(c, 0) for c in p["colours"]),
            p["money"],
        )
        for p in model["players"]
    ]


def ref_winners(model: dict[str, Any]) -> set[int]:
    scores = ref_scores(model)
    ranked = {
        seat: (vis + money, money)
        for seat, (vis, money) in enumerate(scores)
        if not model["players"][seat]["eliminated"]
    }
    best = max(ranked.values())
    return {seat for seat, key in ranked.items() if key == best}
