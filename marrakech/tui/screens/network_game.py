"""The game screen at a network table: the same table, told of what happens elsewhere.

Its ``NetworkLink`` hears the host (or, on the host, the players who joined) and posts
each change of the table; the screen shows the moves it has not shown yet, and draws
again when the seats change or the connection is lost (or gone for good). On the host,
``c`` lets a computer play the seat of a player who has left, or who lets their turn wait
(the default level; the command palette offers every level), until they are back.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType

from marrakech.engine import GameState, MarrakechError, Transition
from marrakech.flow import GameFlow, SeatKind
from marrakech.flow.computers import FALLBACK_LEVEL
from marrakech.games.language import N_, _
from marrakech.games.levels import DESCRIPTIONS, LEVELS, level_word
from marrakech.games.session import Session
from marrakech.games.settings import Settings
from marrakech.tui.screens.game import GameScreen
from marrakech.tui.widgets.network_link import NetworkLink

HAND_OVER_LEVEL = FALLBACK_LEVEL
"""The level ``c`` gives an away player's seat to (the command palette offers each one)."""


INVITE = N_("Invite: the join lines")
"""The host's palette command that shows the join lines again."""

LET_PLAY = N_("Let the {level} computer play for {name}")
"""The host's palette command that gives an away player's seat to a computer."""


class NetworkGameScreen(GameScreen):
    """One seat (or a spectator's view) of a network game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "give_seat", N_("Computer plays")),
        Binding("i", "invite", INVITE, show=False),
        Binding("b", "seat_back", N_("My seat back")),
    ]

    def __init__(
        self,
        session: Session,
        settings: Settings | None = None,
        *,
        flow: GameFlow,
        invitation: str = "",
    ) -> None:
        """A seat of the network game ``flow`` plays; on the host's board, ``invitation``
        says what to send each friend (``i`` shows it again)."""
        super().__init__(session, settings=settings, flow=flow)
        self.invitation = invitation

    _shown: Transition | None = None
    """The last move this screen showed (the table tells it of its own moves too: the
    very same object, while a move played again after an undo is a new one, maybe equal
    to it)."""

    _asking: str = ""
    """The status line's message that this seat asked another player to agree to an
    undo, until their answer comes (agreed: the game is read again; refused)."""

    _asked_back: str = ""
    """The status line's message that this seat asked for itself back from the host's
    computer, until the host hands it back."""

    _stalled: tuple[GameState, int, str] | None = None
    """On the host's board: the position at which the player to move was said to let
    their turn wait, their seat, and the status line's message that says so (the next
    move ends it)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield NetworkLink(self.flow)

    def _refused(self) -> None:
        """This seat's undo request was refused: the status line no longer says it waits
        for the answer (the refusal is a notification of its own)."""
        if self._asking and self.pointing.message == self._asking:
            self.pointing = self.pointing.saying("")
            self._draw()
        self._asking = ""

    def action_undo(self) -> None:
        """As on every board; an undo that asks another player is remembered until they
        answer."""
        asks = self.flow.can_undo and self.flow.undo_asked() is not None
        super().action_undo()
        if asks:  # a request refused (one already waits) leaves the waiting one's line
            self._asking = self.pointing.message

    def _show(self, played: tuple[Transition, ...]) -> None:
        self._shown = played[-1]
        super()._show(played)

    def on_network_link_heard(self, event: NetworkLink.Heard) -> None:
        """Show what happened elsewhere in a network game."""
        change = event.change
        if change.kind == "undo_refused":
            if change.seat == self.flow.me:
                self._refused()
        elif change.kind == "seats" and change.text and change.seat is not None:
            self._stall(change.seat, change.text)
        elif change.kind in ("seats", "lost", "closed"):
            if self._stalled is not None and change.seat == self._stalled[1]:
                self._stalled = None  # back, or played by a computer
            if self._asked_back and not self.flow.given_away:
                if self.pointing.message == self._asked_back:
                    self.pointing = self.pointing.saying(_("Your seat is yours again."))
                self._asked_back = ""
            self._draw()
        elif (
            change.kind != "played"
            or not change.transitions
            or change.transitions[-1] is not self._shown
        ):
            if (skipped := self.pacer.skip()) is not None:  # a walk still shown ends at once
                self._advance(skipped)
            if change.kind == "played" and change.transitions:
                self._show(change.transitions)
            elif skipped is None:
                self._advance()

    # -- the host gives an away player's seat to a computer --------------------------------

    @property
    def hosting(self) -> bool:
        """True on the host's board (it holds the whole game and gives seats away)."""
        return self.flow.networked and self.flow.can_save

    def _stall(self, seat: int, news: str) -> None:
        """The host says the player of ``seat`` lets their turn wait (``news``): ``c`` may
        give their seat to a computer now, and the status line says so."""
        message = _("{news}: c lets a computer play for them.").format(news=news)
        self._stalled = (self.flow.state, seat, message)
        self._say(message)

    def seats_to_give(self) -> list[int]:
        """The seats that no computer plays whose player has left the table, not joined
        it yet, or lets their turn wait, the seat to move first (none but on the host's
        board)."""
        flow = self.flow
        if not self.hosting or flow.over:
            return []
        count = len(flow.seats)
        order = [(flow.state.current + step) % count for step in range(count)]
        stalled = self._stalled
        return [
            seat
            for seat in order
            if flow.seats[seat].kind is SeatKind.REMOTE
            and (
                flow.away_since(seat) is not None
                or flow.awaited(seat)
                or (stalled is not None and stalled[0] is flow.state and stalled[1] == seat)
            )
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As on every board; ``c`` shows on the host's board only, dimmed while every
        player is at the table and playing."""
        if action not in ("give_seat", "seat_back", "invite"):
            return super().check_action(action, parameters)
        if self.has_class("-too-small") or self.flow.over:
            return False
        if action == "give_seat":
            return (True if self.seats_to_give() else None) if self.hosting else False
        if action == "seat_back":
            return self.flow.given_away and not self.flow.stopped
        return bool(self.invitation)

    def action_seat_back(self) -> None:
        """Ask the host for this board's seat back from the computer it let play it."""
        try:
            self.flow.take_seat_back()
        except MarrakechError as error:
            self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)
            return
        self._asked_back = _("Asked the host for your seat back.")
        self._say(self._asked_back)

    def action_invite(self) -> None:
        """Show again each friend's join line, and how the host goes on if it stops."""
        from marrakech.tui.screens.confirm import ConfirmScreen

        def answered(back: bool | None) -> None:
            if back is False:
                self.run_worker(self.app.action_quit())  # asks first, as quitting does

        question = ConfirmScreen(
            self.invitation, yes=_("Back to the game"), no=_("Quit"), default=True, escape=True
        )
        self.app.push_screen(question, answered)

    def action_give_seat(self, level: str = HAND_OVER_LEVEL, seat: int | None = None) -> None:
        """Let a computer of ``level`` play ``seat`` (by default the first one to give)
        until its player is back."""
        if seat is None:
            to_give = self.seats_to_give()
            if not to_give:
                self._say(_("Every player is at the table: no seat to give to a computer."))
                return
            seat = to_give[0]
        try:
            self.flow.give_to_computer(seat, level)
        except MarrakechError as error:
            self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)
            return
        if self._stalled is not None and self.pointing.message == self._stalled[2]:
            self.pointing = self.pointing.saying("")
        words = _("The {level} computer plays for {name} (seat {seat}) until they are back.")
        self.notify(
            words.format(level=level_word(level), name=self.flow.names[seat], seat=seat + 1),
            title=_("Network game"),
            markup=False,
        )
        self._draw()

    def palette_entries(self) -> Iterable[tuple[SystemCommand, str]]:
        """The game's entries, and on the host the join lines, and one entry for each
        level each seat to give may go to."""
        yield from super().palette_entries()
        if self.check_action("invite", ()):
            command = SystemCommand(
                _(INVITE), _("Each friend's join line, to send again"), self.action_invite
            )
            yield command, INVITE
        for seat in self.seats_to_give():
            name = self.flow.names[seat]
            for level in LEVELS:
                command = SystemCommand(
                    _(LET_PLAY).format(level=level_word(level), name=name),
                    _(DESCRIPTIONS[level]),
                    partial(self.action_give_seat, level, seat),
                )
                yield command, LET_PLAY.format(level=level, name=name)
