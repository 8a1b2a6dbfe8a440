"""Network play: a host with the one authority over a game, and clients that join it.

The protocol is versioned JSON over WebSocket (``protocol``; docs/protocol.md). The host
(``host.HostFlow``, ``host.HostGame``, ``host.Host``) plays every decision through its
GameFlow; a client (``client.Client``) keeps a ``replica.ReplicaFlow`` by what the host
sends. Both flows are GameFlows a front end can draw, and both take a seat's decisions
the same way, so the full-screen game, the line client (``lines``) and a computer seat
drive either one alike:

- ``flow.listen(listener)``: ``listener(Change)`` is called in the event loop for every
  change (``changes.Change``: a decision played, the game read again, the seats, an undo
  asked or refused, an error, the connection lost); redraw from the flow then
  (``flow.latest`` is the recap of the turn just played).
- ``flow.me``: the seat this front end plays (None: a spectator, or a headless host).
- ``flow.play(decision)``: a decision for ``flow.me`` (an Orient, a Place, an Aim; None
  rolls in the aiming variant). The host plays it at once; a client sends it, and it
  comes back as a ``played`` change. IllegalAction says why not, and nothing is sent.
- ``flow.undo()`` asks to take back the last decision (its owner may have to agree);
  ``flow.undo_asker`` is set while someone asks ``flow.me``, who answers with
  ``flow.answer_undo(accept)``.
- ``flow.computer_move()`` is always None: the host plays the computer seats itself.

To host inside an event loop (the full-screen game's, say)::

    flow, hosting = hosting.new_game(session, notify, headless=False, host=..., port=...)
    hosted = await hosting.start_hosting(flow, hosting, fill=..., computer_pause=...)
    flow.listen(redraw)               # hosted.join_lines() are the lines to hand out
    ...                               # flow.play(...) for the host's own seat
    await hosted.close()              # the autosave stays; hosting.resume_game(id) goes on

To join: ``client = Client(address, code=code, name=name)``, ``client.listen(redraw)``,
then run ``await client.run()`` as a task (it returns the exit code when the game ends
or the host is gone); ``client.flow`` is the replica from the first ``synced`` change.
A decision arrives back as a ``played`` change with its transitions, to animate.
"""

DEFAULT_PORT = 8765
"""Where a host listens unless told otherwise."""

LOOPBACK = "127.0.0.1"
"""The address a host listens on unless told otherwise: this machine only."""
