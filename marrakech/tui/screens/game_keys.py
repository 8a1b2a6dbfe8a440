"""The game screen's keys: what each one does, when it can act (and shows), and the
command palette's entries.

``key_state`` is the screen's ``check_action``: keys that play are a person's in the right
phase (dimmed while a computer moves or Assam walks), undo says why when the rules keep it,
and a board where no person plays hides them. ``why_dimmed`` is the screen's
``why_not_now``: what the help says of a dimmed key where the game knows more than "not
now".
"""

from __future__ import annotations

from textual.binding import Binding

from marrakech.engine import Phase, Turn
from marrakech.flow import GameFlow, cursor
from marrakech.games.language import N_
from marrakech.tui.screens.game_status import Pointing

GAME_KEYS: tuple[Binding, ...] = (
    Binding("left", "turn('left')", N_("Left")),
    Binding("right", "turn('right')", N_("Right")),
    Binding("up", "turn('straight')", N_("Ahead")),
    # Here, not below with the other arrows' carpet moves: the panel of keys lists the
    # keys in the order they first come, so ↓ stays beside ← → ↑.
    Binding("down", "move_ghost('down')", N_("Carpet: next spot down"), show=False),
    Binding("down", "turn('back')", "", show=False),  # says that Assam never turns round
    Binding("enter", "roll", N_("Roll")),
    Binding("space", "roll", N_("Roll"), show=False),
    Binding("enter", "lay", N_("Lay")),
    Binding("enter", "aim", N_("Aim")),
    Binding("enter", "results", N_("Results")),
    # The arrows jump to the nearest allowed spot that way (it may turn the carpet).
    Binding("left", "move_ghost('left')", N_("Carpet: next spot to the left"), show=False),
    Binding("right", "move_ghost('right')", N_("Carpet: next spot to the right"), show=False),
    Binding("up", "move_ghost('up')", N_("Carpet: next spot up"), show=False),
    Binding("r", "rotate", N_("Rotate")),
    Binding("space", "rotate", N_("Rotate"), show=False),
    Binding("tab", "cycle(1)", N_("Next")),
    Binding("shift+tab", "cycle(-1)", N_("Previous"), show=False),
    Binding("u", "undo", N_("Undo")),
    # Hot-seat without takebacks hides Undo and Redo when they cannot act; u still says why.
    Binding("u", "refused('undo')", "", show=False),
    Binding("ctrl+r", "redo", N_("Redo")),
    Binding("ctrl+r", "refused('redo')", "", show=False),
    Binding("h", "hint", N_("Hint")),
    Binding("p", "toggle_risk", N_("Risk")),
    Binding("w", "win_chances", N_("Chances to win"), show=False),
    # Where the chances may not be shown (the help leaves w out), w still says why.
    Binding("w", "refused('win_chances')", "", show=False),
    Binding("l", "open_log", N_("Log")),
    Binding("s", "save", N_("Save")),
    # A joined board saves nothing before the end: s says why.
    Binding("s", "refused('save')", "", show=False),
    Binding("e", "export_log", N_("Export log"), show=False),
    Binding("escape", "hide_notices", N_("Hide the notices"), show=False),
    # Last: a key that plays, pressed while another player is to move, says whose turn it is.
    Binding("enter,space,left,right,up,down,r,tab,h", "not_yours", "", show=False),
)
"""The game screen's bindings (several share a key: ``key_state`` picks the one that acts)."""


PALETTE = (
    ("save", N_("Save game"), N_("Save the game under a name")),
    ("export_log", N_("Export log"), N_("Write the game log as text to the data folder")),
    ("toggle_risk", N_("Risk preview"), N_("Show or hide the chance of paying")),
    ("undo", N_("Undo"), N_("Take back the way picked, or else the last decision")),
    ("redo", N_("Redo"), N_("Play again what was undone")),
    ("hint", N_("Hint"), N_("Ask the expert computer player")),
    ("win_chances", N_("Chances to win"), N_("Show or hide each player's chance to win now")),
    ("open_log", N_("Log"), N_("The whole game so far, to scroll through")),
    ("new_game", N_("New game"), N_("Set up another game; this one stays in Saved games")),
)
"""The game screen's command-palette entries: action, title, help (translated where shown)."""

IN_BROWSER_HELP = {
    "save": N_("Save the game under a name, and download it"),
    "export_log": N_("Download the game log as text"),
}
"""The help of the entries that do otherwise in a browser (a download; a save is kept only
as long as the page)."""


PLAYING_KEYS = frozenset(
    (
        "turn",
        "roll",
        "lay",
        "aim",
        "move_ghost",
        "cycle",
        "rotate",
        "hint",
        "undo",
        "redo",
        "not_yours",
    )
)
"""The actions of a person at the board: to play, to ask for a hint, to take back."""


def takes_back_a_pick(flow: GameFlow, pointing: Pointing) -> bool:
    """Whether undo takes back the way the person to move has picked and not played yet
    (``Pointing.picked_a_way``), before any decision."""
    return flow.person_to_move and pointing.picked_a_way(flow.state)


def key_state(
    flow: GameFlow, pointing: Pointing, walking: bool, action: str, parameters: tuple[object, ...]
) -> bool | None:
    """Whether a key's action can act now: True, None (shown dimmed) or False (hidden).

    Keys that play are for a person in the right phase (dimmed while a computer is to
    move or the walk is shown). Undo is on while there is a person's decision: when the
    rules keep it, pressing it says why. At a board where no person plays (a spectator,
    or computers only), or a joined board whose client has stopped for good, the keys
    that play or take back are hidden; so is redo at a network table (none is offered).
    """
    state = flow.state
    if flow.over:  # the final board: the results, the log, saving, exporting, taking back
        if action == "undo":
            return not walking and flow.can_undo
        if action == "refused" and parameters[0] == "undo":  # u says why the end stands
            return not walking and not flow.can_undo
        return action in ("results", "open_log", "save", "export_log")
    if action == "save" and not flow.can_save:
        return False  # a network client's copy: the hidden piles are the host's until the end
    stopped = flow.stopped is not None  # a joined copy whose client stopped for good
    if action in PLAYING_KEYS and (stopped or not any(s.is_person for s in flow.seats)):
        return False

    def person_in(*phases: Phase) -> bool | None:
        if state.phase not in phases:
            return False
        return True if flow.person_to_move and not walking else None

    if action == "turn":
        way = str(parameters[0])
        if way == "back":  # never a turn: pressed while choosing the way, it says why
            return person_in(Phase.ORIENT) is True
        if way == "straight" and Turn.STRAIGHT not in cursor.turn_choices(state):
            return False  # no "Ahead" where Assam must turn, whoever is to move
        allowed = person_in(Phase.ORIENT, Phase.AIM)
        if not allowed:
            return allowed
        return cursor.turned(state, pointing.turn, way) is not None or None
    if action == "results":
        return False
    if action == "new_game":  # a network table goes on without this seat: it quits instead
        return not flow.networked
    if action == "not_yours":
        return not walking and not flow.person_to_move
    if action == "roll":
        return person_in(Phase.ORIENT, Phase.ROLL)
    if action == "lay":
        return person_in(Phase.PLACE) and (pointing.carpet is not None or None)
    if action == "aim":  # before a way is picked, Enter says what to do
        return person_in(Phase.AIM)
    if action in ("move_ghost", "cycle"):
        return person_in(Phase.PLACE)
    if action == "rotate":
        carpet = pointing.carpet
        rotated = carpet is not None and cursor.rotated_carpet(state, carpet) is not None
        return person_in(Phase.PLACE) and (rotated or None)
    if action == "hint":
        return person_in(Phase.ORIENT, Phase.PLACE, Phase.AIM)
    if action == "win_chances":  # off the footer; where not allowed, w says why (below)
        return flow.why_no_win_chances() is None
    if action == "undo":  # pressed when it cannot act, it says why
        if not walking and takes_back_a_pick(flow, pointing):
            return True  # the way picked, not played yet, goes first
        can = not walking and flow.undo_seat() is not None
        if people_without_takebacks(flow):  # hot-seat, takebacks off: only when it acts
            return can and flow.can_undo
        return can or None
    if action == "refused":  # a key hidden or dimmed, pressed all the same: it says why not
        if parameters[0] == "undo":
            return not walking and not flow.can_undo
        if parameters[0] == "redo":
            return not flow.networked and not walking and not flow.can_redo
        if parameters[0] == "save":
            return not flow.can_save
        return flow.why_no_win_chances() is not None
    if action == "redo":
        if people_without_takebacks(flow):  # as Undo: only when it acts
            return not walking and flow.can_redo
        return not flow.networked and ((not walking and flow.can_redo) or None)
    return True


def why_dimmed(
    flow: GameFlow, pointing: Pointing, walking: bool, action: str, parameters: tuple[object, ...]
) -> str | None:
    """Why a key that ``key_state`` dims cannot act, where the game can say more than "not
    now": a way's key, for the way picked already. None for the others (a computer to
    move, Assam walking)."""
    if key_state(flow, pointing, walking, action, parameters) is not None:
        return None  # it acts, or is hidden
    if action == "turn" and flow.person_to_move and not walking:
        return cursor.why_not_turned(pointing.turn, str(parameters[0]))
    return None


def people_without_takebacks(flow: GameFlow) -> bool:
    """Several people at this keyboard with takebacks off: a player may take back only
    their own decision before the next roll, so Undo and Redo show only when they act."""
    people = sum(1 for seat in flow.seats if seat.is_person)
    return people > 1 and not flow.networked and not flow.session.setup.takeback_allowed
