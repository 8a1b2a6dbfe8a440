"""Network play: a host with the one authority over a game, and clients that join it.

The protocol is versioned JSON over WebSocket (``protocol``; docs/protocol.md). The host
(``host_flow.HostFlow``, ``host.HostGame``, ``server.Host``, each connection read through
``guard``) plays every decision through its
GameFlow; a client (``client.Client``) keeps a ``replica.ReplicaFlow`` by what the host
sends. Both are GameFlows (``marrakech.flow``, the interface of every table), so the
full-screen game and the text mode draw and play either one as they do a local game:

- ``flow.listen(listener)``: every ``flow.Change`` (a decision played, the game read
  again, the seats, an undo asked or refused, an error, the connection lost), in the
  event loop's thread.
- ``flow.me``: the seat this front end plays (None: a spectator, or a headless host).
- ``flow.play(decision)``: a decision for ``flow.me``. The host plays it at once; a
  client sends it, and it comes back as a ``played`` change. IllegalAction says why not.
  A decision that rolls the die fixes the facing first: the roll follows as a ``played``
  change of its own once a player's share is added to it (``fair``; every client checks
  every roll, and keeps the record ``marrakech verify`` checks: ``record``). Meanwhile
  ``flow.rolling`` is True and ``flow.person_to_move`` False.
- ``flow.undo()`` asks to take back the last decision (its owner may have to agree);
  ``flow.undo_asker`` names who asks ``flow.me``, who answers with ``flow.answer_undo``.
- ``flow.runs_computers`` is False at the host's front end (``HostGame`` plays the
  computer seats with the flow's ``computers``) and True for a client whose seat a
  computer plays (``Client(level=...)``).

``running`` runs ``marrakech host`` and ``join`` with the front ends the entry point
hands it (the full-screen app's ``Board``, the text mode's ``Lines``): no front end
imports another.

To host inside an event loop (the full-screen game's, say)::

    flow, hosting = hosting.new_game(session, notify, headless=False, host=..., port=...)
    hosted = await hosting.start_hosting(flow, hosting, fill=..., computer_pause=...)
    flow.listen(redraw)               # hosted.join_lines() are the lines to hand out
    ...                               # flow.play(...) for the host's own seat
    await hosted.close()              # the autosave stays; hosting.resume_game(id) goes on

To join: ``client = Client(address, code=code, name=name)``, ``client.listen(redraw)``,
then run ``await client.run()`` as a task (it returns the exit code when the game ends
or the host is gone); ``client.flow`` is the replica from the first ``synced`` change.
"""

DEFAULT_PORT = 8765
"""Where a host listens unless told otherwise."""

LOOPBACK = "127.0.0.1"
"""The address a host listens on unless told otherwise: this machine only."""
