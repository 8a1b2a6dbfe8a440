"""The sentences a host sends over the wire, said in the language spoken here.

A host sends its ``news``, refusals and errors as text (the protocol carries no message
ids). The sentences only the wire carries are written in English at the host (these
templates); the host's own news and refusals, which its own front end shows too, are
in the host's language. ``local`` gives a text from the host in the language spoken
here when it is one of these English sentences or the engine's (``games.reasons``), else
as sent.
"""

from __future__ import annotations

from marrakech.games.language import N_
from marrakech.games.reasons import learn, said

GAME_OVER = N_("the game is over")
TOOK_BACK = N_("{name} took back a decision")
TOOK_BACK_AGREED = N_("{name} took back {owner}'s last decision, with their agreement")
YOU_TOOK_BACK = N_("you took back your last decision")
YOU_TOOK_BACK_AGREED = N_("you took back {owner}'s last decision, with their agreement")
TOOK_BACK_YOURS = N_("{name} took back your last decision, with your agreement")
RENAMED = N_("seat {number} is now {name}")
SAID_NO = N_("{name} said no")
LEFT_UNANSWERED = N_("{name} left without answering")
ASKER_LEFT = N_("{name} left, and their request to take back your last decision went with them")
NOT_YOUR_TURN = N_("it is {name}'s turn, not yours")
CANNOT_UNDO = N_("cannot undo: {reason}")
NOT_HERE = N_("the last decision is {name}'s, who is not here to agree")
NOBODY_ASKED = N_("nobody asked you to take back a decision")
ALREADY_ASKED = N_("you already asked {name}, who has not answered yet")
OTHER_ASKED = N_("{asker} already asked {name}, who has not answered yet")
SAID_NO_ALREADY = N_("{name} said no twice to taking back this decision")
COMPUTER_PLAYS = N_("a computer plays your seat until you take it back")
SEAT_IS_YOURS = N_("no computer plays your seat: it is yours")
BACK_ONCE = N_("your seat was given back once this turn: it can be again after this turn")
SPECTATOR = N_("a spectator cannot play")
OUT_OF_DATE = N_("out of date: the game is at action {now}, the message was sent at action {sent}")
TOO_MANY = N_("too many messages: at most {rate} a second")
HOST_FAILED = N_("the host failed on it")
NO_SEAT_IN_GAME = N_("that join code opens no seat of this game")
NO_SEAT_HERE = N_("that join code opens no seat here")
BAD_NAME = N_("the name {problem}")
RENAMED_TOO_OFTEN = N_(
    "the name of seat {seat} changes at most {count} times a minute: join as {name}, or later"
)
NAME_TAKEN = N_("the name {name} is too like {taken}'s, who plays at this table")
HELLO_FIRST = N_("say hello first (with a join code, or watch: true)")
HELLO_TWICE = N_("this connection has said hello already")
ROLLING = N_("the die is being rolled: it waits for a player's share")
NOT_ASKED = N_("no share of roll {number} was asked of you")
OTHER_VERSION = N_(
    "protocol version {version} is not spoken here: this host speaks version {spoken}"
)

WITHDRAWN = N_(
    "{name}'s request to take back your last decision is withdrawn now that the game has moved on."
)
"""Said to the player asked to agree to an undo when a new decision drops the request
(at the host for its own seat, at a client when the ``played`` comes): not sent."""

WITHDRAWN_MINE = N_(
    "Your request to take back {name}'s last decision is withdrawn now that the game has moved on."
)
"""Said to the player who asked for that undo, likewise."""

TEMPLATES = (
    GAME_OVER,
    YOU_TOOK_BACK,  # before the sentences it would also fit, with "you" as a name
    YOU_TOOK_BACK_AGREED,
    TOOK_BACK_YOURS,
    TOOK_BACK,
    TOOK_BACK_AGREED,
    RENAMED,
    SAID_NO,
    LEFT_UNANSWERED,
    ASKER_LEFT,
    NOT_YOUR_TURN,
    CANNOT_UNDO,
    NOT_HERE,
    NOBODY_ASKED,
    ALREADY_ASKED,
    OTHER_ASKED,
    SAID_NO_ALREADY,
    COMPUTER_PLAYS,
    SEAT_IS_YOURS,
    BACK_ONCE,
    SPECTATOR,
    OUT_OF_DATE,
    TOO_MANY,
    HOST_FAILED,
    NO_SEAT_IN_GAME,
    NO_SEAT_HERE,
    BAD_NAME,
    RENAMED_TOO_OFTEN,
    NAME_TAKEN,
    HELLO_FIRST,
    HELLO_TWICE,
    ROLLING,
    NOT_ASKED,
    OTHER_VERSION,
)
"""The English sentences a host may send that a client says in its own language."""

learn(TEMPLATES)


def local(text: str) -> str:
    """``text`` from the host in the language spoken here (as sent when it is not one of
    the sentences this game knows, or when the language here is English)."""
    return said(text)
