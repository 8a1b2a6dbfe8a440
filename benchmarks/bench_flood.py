"""Network play under attack: one honest game while hostile peers flood the host.

Starts a host process (one headless 2-player game, the default limits of
``marrakech host``) and plays both seats from this process with the real client
(``marrakech.net.client.Client``), each seat choosing as the greedy computer does
after a short think. Each round does so twice: first quietly, then while a second
process plays hostile peers from ``--addresses`` loopback addresses (127.0.0.2,
127.0.0.3, ...: other machines to the host's limits per address):

- ``--flooders`` spectators that send tiny junk frames as fast as they can, reading
  nothing;
- ``--non-readers`` spectators that never read (a tiny receive buffer) and send junk
  just under the rate limit, so the host has answers to queue for them;
- ``--idlers`` connections that hold a socket and do nothing: a third never start the
  WebSocket handshake, a third never say hello, a third watch and never send.

The hostile peers start ``--warm-up`` seconds before the players (the caps are full
when they arrive), and each connects again ``--reconnect-ms`` after the host closed it
(0: a connection flood). Prints the honest game's round trip (an action sent until its
move comes back, before the replica reads it) and the host's peak memory, quiet and
flooded, and their ratios. Targets: the host's peak memory within 30 MB of the quiet
run, the honest p95 within 2x.

``BENCH_FLOOD_PROFILE=PATH`` keeps a cProfile of each host process in ``PATH.PID``.

On one machine the hostile process takes processor time from the host and the players
that an attacker elsewhere would not: ``--nice 19`` runs it at the lowest priority.

    uv run python benchmarks/bench_flood.py [--flooders 40] [--non-readers 40] [--idlers 120]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from marrakech.bots import make_bot
from marrakech.engine import Aim, Orient, Place
from marrakech.flow.changes import Change
from marrakech.games.session import GameSetup, Session
from marrakech.net.client import Client
from marrakech.net.hosting import new_game, start_hosting
from marrakech.net.protocol import PROTOCOL_VERSION, SPECTATOR_RATE, encode

RECEIVE_BUFFER: int | None = 4096
"""A non-reader's receive buffer."""
HELLO_WATCH = encode("hello", version=PROTOCOL_VERSION, watch=True)


# -- the host process -------------------------------------------------------------------


async def serve(seed: int) -> None:
    """Host one headless 2-player game; say where; report when it has ended."""
    flow, hosting = new_game(
        Session(GameSetup(2, seed=seed)),
        lambda notice: None,
        headless=True,
        host="127.0.0.1",
        port=0,
    )
    hosted = await start_hosting(flow, hosting)  # the limits of ``marrakech host``
    port = int(hosted.address.rsplit(":", 1)[1])
    print(json.dumps({"port": port, "codes": [hosting.codes[0], hosting.codes[1]]}), flush=True)
    peak = {"counted": 0, "spectators": 0}
    lags: list[float] = []

    async def sample() -> None:
        loop = asyncio.get_running_loop()
        while True:
            peak["counted"] = max(peak["counted"], hosted.server.connections_counted())
            peak["spectators"] = max(peak["spectators"], len(hosted.game.watchers))
            before = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - before - 0.01)  # how late the event loop woke

    sampling = asyncio.create_task(sample())
    await hosted.game.finished.wait()
    sampling.cancel()
    report = {
        "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "cpu_seconds": time.process_time(),
        "peak_counted": peak["counted"],
        "peak_spectators": peak["spectators"],
        "loop_lag_p95_ms": round(percentile(lags, 0.95) * 1000, 1),
        "loop_lag_max_ms": round(max(lags) * 1000, 1),
    }
    await hosted.close()
    print(json.dumps(report), flush=True)


# -- the hostile process ----------------------------------------------------------------


class Hostiles:
    """The hostile peers, with what happened to them."""

    def __init__(self, port: int, addresses: int, reconnect: float) -> None:
        self.port = port
        self.reconnect = reconnect
        self.sources = [f"127.0.0.{2 + number}" for number in range(addresses)]
        self.counts: dict[str, int] = {
            "connections": 0,
            "failed_to_open": 0,
            "closed_by_host": 0,
            "junk_sent": 0,
        }
        self.errors: collections.Counter[str] = collections.Counter()

    def _source(self, number: int) -> str:
        return self.sources[number % len(self.sources)]

    def _socket(self, number: int, receive_buffer: int | None = None) -> socket.socket:
        raw = socket.socket()
        if receive_buffer is not None:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        raw.bind((self._source(number), 0))
        raw.setblocking(False)
        return raw

    async def _open(
        self, number: int, receive_buffer: int | None = None
    ) -> ClientConnection | None:
        raw = self._socket(number, receive_buffer)
        try:
            await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", self.port))
            websocket = await connect(
                f"ws://127.0.0.1:{self.port}",
                sock=raw,
                max_queue=1,  # reads one message, then nothing more
                open_timeout=10,
                ping_interval=None,
                compression=None,
            )
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
            raw.close()
            self.counts["failed_to_open"] += 1
            self.errors[type(error).__name__] += 1
            await asyncio.sleep(self.reconnect)
            return None
        self.counts["connections"] += 1
        return websocket

    async def flooder(self, number: int) -> None:
        """A spectator that sends tiny junk as fast as it can and reads nothing."""
        while True:
            websocket = await self._open(number)
            if websocket is None:
                continue
            try:
                await websocket.send(HELLO_WATCH)
                while True:
                    await websocket.send("x")
                    self.counts["junk_sent"] += 1
                    if self.counts["junk_sent"] % 16 == 0:
                        await asyncio.sleep(0)  # a send may not yield: let the others run
            except ConnectionClosed:
                self.counts["closed_by_host"] += 1
            finally:
                websocket.transport.abort()
            await asyncio.sleep(self.reconnect)

    async def non_reader(self, number: int) -> None:
        """A spectator that never reads, with a tiny receive buffer, sending junk just
        under the rate limit so the host has errors to queue for it."""
        pause = 1.25 / SPECTATOR_RATE
        while True:
            websocket = await self._open(number, receive_buffer=RECEIVE_BUFFER)
            if websocket is None:
                continue
            try:
                await websocket.send(HELLO_WATCH)
                while True:
                    await websocket.send('{"type": "act", "id": 1, "at": 0, "action": "nope"}')
                    self.counts["junk_sent"] += 1
                    await asyncio.sleep(pause)
            except ConnectionClosed:
                self.counts["closed_by_host"] += 1
            finally:
                websocket.transport.abort()
            await asyncio.sleep(self.reconnect)

    async def idler(self, number: int) -> None:
        """A connection that holds a socket and does nothing (by ``number``: no
        handshake, no hello, or a spectator that never sends)."""
        loop = asyncio.get_running_loop()
        while True:
            if number % 3 == 0:
                raw = self._socket(number)
                try:
                    await loop.sock_connect(raw, ("127.0.0.1", self.port))
                    self.counts["connections"] += 1
                    await loop.sock_recv(raw, 1)  # until the host lets go
                    self.counts["closed_by_host"] += 1
                except OSError:
                    self.counts["failed_to_open"] += 1
                finally:
                    raw.close()
                await asyncio.sleep(self.reconnect)
                continue
            websocket = await self._open(number)
            if websocket is None:
                continue
            try:
                if number % 3 == 1:
                    await websocket.wait_closed()
                else:
                    await websocket.send(HELLO_WATCH)
                    async for _ in websocket:  # reads, never sends
                        pass
                self.counts["closed_by_host"] += 1
            except ConnectionClosed:
                self.counts["closed_by_host"] += 1
            finally:
                websocket.transport.abort()
            await asyncio.sleep(self.reconnect)


async def attack(port: int, args: argparse.Namespace) -> None:
    """Run the hostile peers until told to stop (SIGTERM); then print what happened."""
    hostiles = Hostiles(port, args.addresses, args.reconnect_ms / 1000)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    os.nice(args.nice)
    global RECEIVE_BUFFER
    RECEIVE_BUFFER = args.non_reader_buffer or None
    tasks = [asyncio.create_task(hostiles.flooder(n)) for n in range(args.flooders)]
    tasks += [asyncio.create_task(hostiles.non_reader(n)) for n in range(args.non_readers)]
    tasks += [asyncio.create_task(hostiles.idler(n)) for n in range(args.idlers)]
    print(json.dumps({"started": len(tasks)}), flush=True)
    started = time.monotonic()
    await stop.wait()
    for task in tasks:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 5)
    counts = {**hostiles.counts, "errors": dict(hostiles.errors)}
    counts["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps({**counts, "cpu_seconds": round(time.process_time(), 1)}), flush=True)


# -- the honest game ----------------------------------------------------------------------


class StampedClient(Client):
    """The real client, noting when each message from the host arrived (before the
    replica reads it: the round trip is the host's and the network's, not the replica's)."""

    arrived = 0.0

    def _receive(self, message: dict[str, Any]) -> None:
        self.arrived = time.perf_counter()
        super()._receive(message)


class GreedySeat:
    """One seat played as the greedy computer plays it, after a short think."""

    def __init__(self, address: str, code: str, seed: int, think: float) -> None:
        self.client = StampedClient(address, code=code, keep_finished=False, retry_seconds=10)
        self.client.listen(self.changed)
        self.bot = make_bot("greedy", seed=seed)
        self.rng = random.Random(seed)
        self.think = think
        self.sent: dict[int, float] = {}
        self.round_trips: list[float] = []
        self.asked: int | None = None
        self.lost = 0

    def changed(self, change: Change) -> None:
        if change.kind == "lost":
            self.lost += 1
        flow = self.client.flow
        if flow is None:
            return
        actions = len(flow.session.actions)
        if change.kind == "played":
            sent = self.sent.pop(actions - len(change.transitions), None)
            if sent is not None:
                self.round_trips.append(self.client.arrived - sent)
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
        choice = self.bot.choose(flow.state)
        assert isinstance(choice, Orient | Place | Aim)
        self.sent[at] = time.perf_counter()
        flow.play(choice)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which the given fraction of the sorted values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def spawn(*args: str, data: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        *args,
        stdout=subprocess.PIPE,
        env={**os.environ, "XDG_DATA_HOME": data},
    )


async def read_json(process: asyncio.subprocess.Process) -> Any:
    assert process.stdout is not None
    return json.loads(await asyncio.wait_for(process.stdout.readline(), 120))


async def one_run(args: argparse.Namespace, *, flood: bool, seed: int) -> dict[str, Any]:
    """One honest game (quiet or flooded): its round trips and the host's report."""
    with tempfile.TemporaryDirectory(prefix="bench-flood-") as data:
        host = await spawn("--serve", str(seed), data=data)
        where = await read_json(host)
        hostile = None
        if flood:
            options = [
                f"--flooders={args.flooders}",
                f"--non-readers={args.non_readers}",
                f"--idlers={args.idlers}",
                f"--addresses={args.addresses}",
                f"--nice={args.nice}",
                f"--reconnect-ms={args.reconnect_ms}",
                f"--non-reader-buffer={args.non_reader_buffer}",
            ]
            hostile = await spawn("--attack", str(where["port"]), *options, data=data)
            await read_json(hostile)
            await asyncio.sleep(args.warm_up)  # the caps are full when the players arrive
        address = f"127.0.0.1:{where['port']}"
        seats = [
            GreedySeat(address, code, seed=seed + seat, think=args.think_ms / 1000)
            for seat, code in enumerate(where["codes"])
        ]
        started = time.perf_counter()
        exits = await asyncio.gather(*(seat.client.run() for seat in seats))
        elapsed = time.perf_counter() - started
        counts = None
        if hostile is not None:  # the attack ends with the game
            hostile.terminate()
            counts = await read_json(hostile)
            await hostile.wait()
        report = await read_json(host)
        await host.wait()
        trips = [trip * 1000 for seat in seats for trip in seat.round_trips]
        return {
            "exits": exits,
            "elapsed": elapsed,
            "trips": trips,
            "lost": sum(seat.lost for seat in seats),
            "host": report,
            "hostile": counts,
        }


def describe(name: str, run: dict[str, Any]) -> None:
    trips = run["trips"]
    host = run["host"]
    print(
        f"{name}: game {run['elapsed']:.1f} s, exits {run['exits']}, connection lost "
        f"{run['lost']} times; round trip of {len(trips)} actions: median "
        f"{statistics.median(trips):.1f} ms, p95 {percentile(trips, 0.95):.1f} ms, "
        f"max {max(trips):.1f} ms"
    )
    print(
        f"  host: peak RSS {host['max_rss_kb'] / 1024:.1f} MB, "
        f"processor {host['cpu_seconds']:.1f} s, "
        f"at most {host['peak_counted']} connections counted, "
        f"{host['peak_spectators']} spectators; event loop late by p95 "
        f"{host['loop_lag_p95_ms']} ms, at most {host['loop_lag_max_ms']} ms"
    )
    hostile = run["hostile"]
    if hostile is not None:
        seconds = hostile["seconds"]
        print(
            f"  hostile peers: {hostile['connections'] / seconds:.0f} connections opened a "
            f"second, {hostile['junk_sent'] / seconds:.0f} junk messages sent a second, "
            f"processor {hostile['cpu_seconds']:.1f} s over {seconds:.1f} s; {hostile}"
        )


async def bench(args: argparse.Namespace) -> int:
    quiets, floods = [], []
    for round_ in range(args.rounds):
        quiets.append(await one_run(args, flood=False, seed=args.seed + round_))
        floods.append(await one_run(args, flood=True, seed=args.seed + round_))
        describe(f"round {round_ + 1}, quiet", quiets[-1])
        describe(f"round {round_ + 1}, flood", floods[-1])
    quiet_trips = [trip for run in quiets for trip in run["trips"]]
    flood_trips = [trip for run in floods for trip in run["trips"]]
    print(
        f"all rounds: quiet p95 {percentile(quiet_trips, 0.95):.1f} ms "
        f"({len(quiet_trips)} round trips), flood p95 {percentile(flood_trips, 0.95):.1f} ms "
        f"({len(flood_trips)})"
    )
    p95_quiet, p95_flood = percentile(quiet_trips, 0.95), percentile(flood_trips, 0.95)
    rss_quiet = max(run["host"]["max_rss_kb"] for run in quiets) / 1024
    rss_flood = max(run["host"]["max_rss_kb"] for run in floods) / 1024
    print(
        f"flood against quiet: p95 {p95_flood:.1f} / {p95_quiet:.1f} ms = "
        f"{p95_flood / p95_quiet:.2f}x (target at most 2x); host RSS {rss_flood:.1f} / "
        f"{rss_quiet:.1f} MB = {rss_flood / rss_quiet:.2f}x, "
        f"{rss_flood - rss_quiet:+.1f} MB (target at most +30 MB)"
    )
    finished = all(run["exits"] == [0, 0] for run in floods)
    ok = p95_flood <= 2 * p95_quiet and rss_flood - rss_quiet <= 30 and finished
    print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


def main() -> int:
    """Run the benchmark (or, with --serve or --attack, be one of its processes)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flooders", type=int, default=40, help="default 40")
    parser.add_argument("--non-readers", type=int, default=40, help="default 40")
    parser.add_argument("--idlers", type=int, default=120, help="default 120")
    parser.add_argument(
        "--addresses", type=int, default=16, help="loopback addresses they come from (16)"
    )
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="the hostile process's niceness (an attacker's processor is not the host's)",
    )
    parser.add_argument(
        "--non-reader-buffer",
        type=int,
        default=4096,
        help="a non-reader's receive buffer in bytes (0: the system's; default 4096)",
    )
    parser.add_argument(
        "--reconnect-ms",
        type=float,
        default=100.0,
        help="how long a hostile peer the host closed waits to connect again (100; "
        "0: a connection flood)",
    )
    parser.add_argument("--think-ms", type=float, default=20.0, help="a seat's think, up to")
    parser.add_argument("--warm-up", type=float, default=3.0, help="seconds of flood first")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--rounds", type=int, default=3, help="quiet and flooded games, one each a round (3)"
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--attack", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        profile = os.environ.get("BENCH_FLOOD_PROFILE")  # where the host's profile goes
        if not profile:
            asyncio.run(serve(args.serve))
            return 0
        import cProfile

        with cProfile.Profile() as profiler:
            asyncio.run(serve(args.serve))
        profiler.dump_stats(f"{profile}.{os.getpid()}")
        return 0
    if args.attack is not None:
        asyncio.run(attack(args.attack, args))
        return 0
    return asyncio.run(bench(args))


if __name__ == "__main__":
    sys.exit(main())
