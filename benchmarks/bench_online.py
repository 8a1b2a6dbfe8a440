"""Network play under load: one host process, many concurrent games of scripted clients.

Starts one host process holding ``--games`` 4-seat games (autosaving as a real host
does, in a throwaway data directory) and plays every seat from this process with the
real client (``marrakech.net.client.Client``): each seat waits ``--think-ms`` (random up
to that) and sends a random legal decision. Prints lost and duplicated actions, the
median and p95 round trip of an action (sent until its move comes back), and the host's
peak memory. Targets: none lost or duplicated, p95 at most 50 ms, at most 200 MB.

    nice -n 10 uv run python benchmarks/bench_online.py [--games 50] [--think-ms 20]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from marrakech.flow.changes import Change
from marrakech.games.session import GameSetup, Session
from marrakech.net.client import Client
from marrakech.net.host import HostGame
from marrakech.net.hosting import new_game
from marrakech.net.server import Host

PLAYERS = 4


def digest(actions: list[str]) -> str:
    """A short fingerprint of a game's actions."""
    return hashlib.sha256(" ".join(actions).encode()).hexdigest()[:16]


async def serve(games: int) -> None:
    """The host process: host the games, say where, and report when they have all ended."""
    hosted = []
    for number in range(games):
        flow, hosting = new_game(
            Session(GameSetup(PLAYERS, seed=number)),
            lambda notice: print(notice.text, file=sys.stderr),
            headless=True,
            host="127.0.0.1",
            port=0,
        )
        hosted.append(HostGame(flow, hosting.codes))
    host = Host(hosted)
    _, port = await host.start("127.0.0.1", 0)
    codes = [[game.codes[seat] for seat in range(PLAYERS)] for game in hosted]
    print(json.dumps({"port": port, "codes": codes}), flush=True)
    await asyncio.gather(*(game.finished.wait() for game in hosted))
    report = {
        "games": [digest([str(a) for a in game.flow.session.actions]) for game in hosted],
        "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "cpu_seconds": time.process_time(),
    }
    await host.close()
    print(json.dumps(report), flush=True)


class ScriptedSeat:
    """One seat played by a script: a random legal decision after a short think."""

    def __init__(self, address: str, code: str, seed: int, think: float) -> None:
        self.client = Client(address, code=code, keep_finished=False, retry_seconds=5)
        self.client.listen(self.changed)
        self.rng = random.Random(seed)
        self.think = think
        self.sent: dict[int, float] = {}
        self.round_trips: list[float] = []
        self.asked: int | None = None
        self.seen: list[int] = []

    def changed(self, change: Change) -> None:
        flow = self.client.flow
        if flow is None:
            return
        actions = len(flow.session.actions)
        if change.kind == "played":
            at = actions - len(change.transitions)
            self.seen.append(at)
            sent = self.sent.pop(at, None)
            if sent is not None:
                self.round_trips.append(time.perf_counter() - sent)
        # Only when this seat's person is to move: not while the die is being rolled
        # (the facing is fixed and the roll waits for a share, ``flow.rolling``).
        seat = flow.to_move
        mine = seat is not None and seat.number == flow.me
        if mine and flow.person_to_move and self.asked != actions:
            self.asked = actions
            asyncio.get_running_loop().call_later(
                self.rng.uniform(0, self.think), self.decide, actions
            )

    def decide(self, at: int) -> None:
        flow = self.client.flow
        assert flow is not None
        if len(flow.session.actions) != at or not flow.person_to_move:
            return
        choice = self.rng.choice(flow.state.legal_actions())
        self.sent[at] = time.perf_counter()
        flow.play(choice)  # type: ignore[arg-type]


def percentile(values: list[float], fraction: float) -> float:
    """The value below which the given fraction of the sorted values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def load(args: argparse.Namespace) -> int:
    """Start the host process, play every game, print the figures."""
    data = tempfile.mkdtemp(prefix="bench-online-")
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        str(args.games),
        stdout=subprocess.PIPE,
        env={**os.environ, "XDG_DATA_HOME": data},
    )
    assert host.stdout is not None
    where = json.loads(await host.stdout.readline())
    address = f"127.0.0.1:{where['port']}"
    seats = [
        ScriptedSeat(address, code, seed=game * PLAYERS + seat, think=args.think_ms / 1000)
        for game, codes in enumerate(where["codes"])
        for seat, code in enumerate(codes)
    ]
    started = time.perf_counter()
    exits = await asyncio.gather(*(seat.client.run() for seat in seats))
    elapsed = time.perf_counter() - started
    report = json.loads(await host.stdout.readline())
    await host.wait()
    lost = sum(len(seat.sent) for seat in seats)
    duplicated = sum(len(seat.seen) - len(set(seat.seen)) for seat in seats)
    differing = 0
    for game, expected in enumerate(report["games"]):
        for seat in seats[game * PLAYERS : (game + 1) * PLAYERS]:
            flow = seat.client.flow
            mine = [] if flow is None else [str(a) for a in flow.session.actions]
            differing += digest(mine) != expected
    trips = [trip * 1000 for seat in seats for trip in seat.round_trips]
    print(f"games: {args.games} of {PLAYERS} seats, {len(seats)} clients, {elapsed:.1f} s")
    print(f"clients that failed: {sum(code != 0 for code in exits)}")
    print(f"actions: {len(trips)} timed; lost {lost}; duplicated {duplicated}")
    print(f"replicas that differ from the host: {differing}")
    print(
        f"round trip of an action: median {statistics.median(trips):.1f} ms, "
        f"p95 {percentile(trips, 0.95):.1f} ms, max {max(trips):.1f} ms"
    )
    print(f"host peak memory (RSS): {report['max_rss_kb'] / 1024:.1f} MB")
    print(
        f"processor time: host {report['cpu_seconds']:.1f} s, "
        f"clients {time.process_time():.1f} s (over {elapsed:.1f} s)"
    )
    return 0


def main() -> int:
    """Run the benchmark (or, with --serve, be its host process)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument(
        "--think-ms", type=float, default=20.0, help="a seat's think time, up to (default 20)"
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return 0
    return asyncio.run(load(args))


if __name__ == "__main__":
    sys.exit(main())
