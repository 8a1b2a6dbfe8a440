"""The game screen's ear on a network game: it hears every Change of the table's flow.

What concerns the whole game (a move played elsewhere, the game read again, the seats)
is posted up as a ``NetworkLink.Heard`` message, for the screen to show. What concerns
only the person here it settles itself: an undo request to agree to is a dialog; why the
game was read again (who took back whose decision), and this seat given to a computer by
the host (its player let their turn wait), are notifications. A refusal of an
undo, a connection lost (the client tries again) or gone for good are both: a
notification, and posted up for the status line and the keys to say so. Changes come in
the thread that plays; each is handled on the app's loop.
"""

from __future__ import annotations

from textual import on
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.widget import Widget

from marrakech.engine import MarrakechError
from marrakech.flow import Change, GameFlow
from marrakech.games.language import _
from marrakech.games.words import action_words, as_sentence
from marrakech.tui.screens.confirm import ConfirmScreen
from marrakech.tui.screens.game_status import GIVEN_AWAY


class NetworkLink(Widget):
    """Posts ``Heard`` for the changes the screen draws; asks and tells the rest; draws
    nothing."""

    DEFAULT_CSS = """
    NetworkLink {
        display: none;
    }
    """

    class Heard(Message):
        """Something happened in the network game that the market shows."""

        def __init__(self, change: Change) -> None:
            super().__init__()
            self.change = change

    def __init__(self, flow: GameFlow) -> None:
        """Listen to ``flow`` once mounted."""
        super().__init__()
        self.flow = flow
        self._asked: ConfirmScreen | None = None
        """The dialog asking this player to agree to an undo, while it is open."""
        self._given = flow.given_away
        """Whether a computer played this board's own seat, as last heard (told once)."""

    class _Changed(Message, bubble=False):
        """A change heard, brought to the app's own loop (the flow tells it in the thread
        that plays the network game, where no screen may be opened)."""

        def __init__(self, change: Change) -> None:
            super().__init__()
            self.change = change

    def on_mount(self) -> None:
        self.flow.listen(self._heard)

    def _heard(self, change: Change) -> None:
        self.post_message(self._Changed(change))

    @on(_Changed)
    def _settle(self, event: _Changed) -> None:
        change = event.change
        if change.kind == "synced" and change.text and not self.flow.over:
            # Why the game was read again (who took back whose decision, a new name).
            told = as_sentence(change.said_to(self.flow.me))
            self.notify(told, title=_("Network game"), markup=False)
        if self._asked is not None and self.flow.undo_asker is None:
            # The request is gone (a decision played, the game read again): so is its
            # question, at once if it is on top (else its answer is let go: _answered).
            if self._asked.is_current:
                self.app.pop_screen()
            self._asked = None
        given = self.flow.given_away
        if given and not self._given:
            told = _(GIVEN_AWAY)
            self.notify(told, title=_("Network game"), severity="warning", markup=False)
        self._given = given
        if change.kind in ("played", "synced", "seats"):
            self.post_message(self.Heard(change))
        elif change.kind == "undo_asked":
            # Asked again once the whole game was read again (a rename): the question
            # still open answers it.
            if change.seat == self.flow.me and self._asked is None:
                decision = self.flow.undo_decision()
                question = (
                    _("{name} asks to take back your last decision. Agree?").format(
                        name=change.text
                    )
                    if decision is None
                    else _(
                        "{name} asks to take back your last decision ({decision}). Agree?"
                    ).format(name=change.text, decision=action_words(decision))
                )
                self._asked = ConfirmScreen(question, yes=_("Agree"), no=_("Refuse"))
                self.app.push_screen(self._asked, self._answered)
        elif change.kind == "undo_refused" and change.seat != self.flow.me:
            pass  # another seat's request, refused (by this board's own no, perhaps)
        else:
            severity: SeverityLevel = "information" if change.kind == "lost" else "warning"
            told = as_sentence(change.said_to(self.flow.me))
            self.notify(told, title=_("Network game"), severity=severity, markup=False)
            if change.kind in ("lost", "closed", "undo_refused"):
                self.post_message(self.Heard(change))

    def _answered(self, agree: bool | None) -> None:
        self._asked = None
        if self.flow.undo_asker is None:  # the request went while the question was open
            return
        try:
            self.flow.answer_undo(bool(agree))
        except MarrakechError as error:  # the host is out of reach meanwhile
            self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)
