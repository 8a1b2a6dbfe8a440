"""The exported text log: header, one line per turn, final scores."""

from __future__ import annotations

import re

from marrakech.engine import Orient, Phase, Turn, Variant
from marrakech.games import narrate
from marrakech.games.records import export_log, turn_notation
from marrakech.games.session import GameSetup, Session

from .games import play_random


def _lines(session: Session) -> list[str]:
    return export_log(session).splitlines()


def test_header_names_players_variant_and_seed() -> None:
    setup = GameSetup(2, names=("Ayla", "Bo"), seats=("person", "hard"), seed=42, first=1)
    lines = _lines(Session(setup))
    assert lines[0] == "Marrakech: 2 players, standard variant, seed 42"
    assert lines[1] == "Players: Ayla (person, red+yellow), Bo (hard, blue+green)"
    assert lines[2] == "First: Bo"
    assert lines[-1] == "The game is not over."


def test_one_line_per_turn_with_notation_and_sentence() -> None:
    for variant in Variant:
        session = play_random(Session(GameSetup(3, variant=variant, seed=6)), seed=9)
        text = export_log(session)
        assert text.endswith("\n")
        notation = turn_notation(session.actions)
        sentences = narrate.game_log(session.transitions, session.setup.names)
        turn_lines = [line for line in text.splitlines() if re.match(r" *\d+\. ", line)]
        assert len(turn_lines) == len(notation) == len(sentences)
        for number, (line, move, words) in enumerate(
            zip(turn_lines, notation, sentences, strict=True), start=1
        ):
            assert line.startswith(f"{number:3}. {move} ")
            assert line.endswith(f"  {words}")


def test_final_scores_when_over() -> None:
    session = play_random(Session(GameSetup(4, seed=3)), seed=5)
    assert session.state.phase is Phase.OVER
    lines = _lines(session)
    start = lines.index("Final scores:")
    scores = lines[start + 1 :]
    assert len(scores) == 4
    winners = session.state.winners()
    for score in session.state.scores():
        name = session.setup.names[score.seat]
        (line,) = [line for line in scores if line.startswith(f"  {name}:")]
        if score.eliminated:
            assert "bankrupt" in line
        else:
            assert (
                f"{score.total} ({score.visible} visible squares + {score.dirhams} dirhams)" in line
            )
            assert line.endswith("(winner)") == (score.seat in winners)


def test_a_bankruptcy_shows_in_the_turn_and_the_scores() -> None:
    session = play_random(Session(GameSetup(2, names=("Ayla", "Bo"), seed=6)), seed=6)
    assert session.state.players[1].eliminated
    lines = _lines(session)
    assert any("bankrupt: out of the game" in line for line in lines if line.endswith("."))
    assert lines[-1] == "  Bo: bankrupt, out of the game"
    assert lines[-2].startswith("  Ayla: ")
    assert lines[-2].endswith("(winner)")


def test_one_square_and_one_dirham_read_right() -> None:
    from engine.positions import build

    from marrakech.games.dice import LoadedDie
    from marrakech.games.narrate import game_log

    start = build(players=2, carpets=["B 2.3-2.4", "R 2.4-1.4"], phase="orient")
    session = Session(GameSetup(2), start=start, dice=LoadedDie((1,)))
    session.play(Orient(Turn.STRAIGHT))
    session.roll()
    assert game_log(session.transitions, session.setup.names) == [
        "Player 1 goes straight, rolls 1, walks to (2,3), "
        "pays 1 dirham to Player 2 (region of 1 blue square)."
    ]
