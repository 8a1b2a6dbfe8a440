"""The game log's sentences (``games.narrate``)."""

from __future__ import annotations

from marrakech.engine import Orient, Place, Turn
from marrakech.games.narrate import game_log, rewound
from marrakech.games.session import GameSetup, Session


def test_a_roll_round_a_loop_of_the_edge_says_the_way_it_went_and_the_facing_after() -> None:
    session = Session(GameSetup(2, names=("Ayla", "Bo"), seed=5))  # docs/save-format.md
    session.play(Orient(Turn.LEFT))
    session.roll()
    session.play(Place((1, 0), (2, 0)))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    assert game_log(session.transitions, ("Ayla", "Bo")) == [
        "Ayla turns left, rolls 3, walks to (3,0), lays a yellow carpet on (1,0)-(2,0).",
        "Bo goes straight, rolls 3, walks to (2,2) by way of a loop at the edge, now facing east.",
    ]


def test_in_brief_the_turns_after_the_first_are_said_by_whose_they_were() -> None:
    session = Session(GameSetup(3, names=("Ayla", "Bo", "Cem"), seed=5))
    for _ in range(3):  # Ayla's turn, then Bo's and Cem's, whole
        session.play(session.state.legal_actions()[0])
        session.roll()
        session.play(session.state.legal_actions()[0])
    names = ("Ayla", "Bo", "Cem")
    before, after = session.transitions, session.transitions[:2]  # back to Ayla's carpet
    (undone, anew) = rewound(before, after, names, redo=False, brief=True)
    assert undone.startswith("Taken back: Ayla lays a red carpet on ")
    assert undone.endswith(". And the 2 turns after it, by Bo and Cem.")
    assert anew == (  # Ayla's own roll was not taken back: the others' were
        "Ayla's roll stands; the turns after it roll the die anew (redo brings back what was "
        "taken back)."
    )
    whole = rewound(before, [], names, redo=False, brief=True)  # back past Ayla's roll
    assert whole[1] == "Play on and the die rolls anew; redo brings back what was taken back."
    (again,) = rewound(after, before, names, redo=True, brief=True)
    assert again == undone.replace("Taken back", "Played again", 1)
    in_full = rewound(before, after, names, redo=False)[0]
    assert "Bo turns" in in_full or "Bo goes" in in_full  # the text mode says every turn


def test_a_carpet_over_both_colours_of_one_player_names_that_player_once() -> None:
    names = ("Ayla", "Bo")
    session = Session(GameSetup(2, names=names, seed=5))
    while True:  # play on until a carpet covers one square of each of a player's colours
        state = session.state
        if state.phase.value == "roll":
            session.roll()
            continue
        for action in state.legal_actions():
            if isinstance(action, Place):
                tops = [state.top(square) for square in (action.a, action.b)]
                colours = {top.colour for top in tops if top is not None}
                owners = {state.owner(colour) for colour in colours}
                if len(tops) == 2 and None not in tops and len(colours) == 2 and len(owners) == 1:
                    session.play(action)
                    said = game_log(session.transitions, names)[-1]
                    (owner,) = owners
                    whose = "their own" if owner == state.current else f"{names[owner]}'s"
                    first, second = (str(top.colour.name).lower() for top in tops if top)
                    assert said.endswith(f", covering {whose} {first} and {second} squares.")
                    return
        session.play(state.legal_actions()[0])
