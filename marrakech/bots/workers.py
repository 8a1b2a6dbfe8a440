"""Worker processes that play a stream of tasks, give the results back in order, and stop
at once.

Each worker has a pipe of its own and nothing else is shared, so killing one in the middle
of a write leaves no lock held. (``multiprocessing.Pool`` shares one result queue among its
workers: a worker terminated while it held that queue's lock left ``Pool.terminate``
waiting forever, and a Ctrl-C with it.)

Ctrl-C is for the main process: the workers ignore it, from birth where the fork server is
started here (every worker is forked from it), otherwise from their first instruction.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable
from multiprocessing.connection import Connection, wait
from typing import Generic, TypeVar, cast

Task = TypeVar("Task")
Result = TypeVar("Result")

if sys.platform == "win32":
    START = multiprocessing.get_context("spawn")
else:
    START = multiprocessing.get_context("forkserver")
"""How worker processes start: never by forking this one, whose threads a fork would copy
half-way (Python 3.12 warns of it, and 3.14 no longer forks by default)."""


class WorkerStopped(RuntimeError):
    """A worker process ended while it still had games to play (killed from outside)."""


def _serve(work: Callable[[Task], Result], connection: Connection) -> None:
    """A worker: answer each task read with ``(True, result)`` or ``(False, exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, object] = (True, work(task))
        except Exception as error:
            reply = (False, error)
        try:
            connection.send(reply)
        except Exception as error:  # an answer that cannot be pickled: say what it was
            connection.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


def _start_fork_server() -> None:
    """Start the fork server with Ctrl-C ignored, so that the workers forked from it are
    born ignoring it (a Ctrl-C in the few milliseconds of its start is lost)."""
    if START.get_start_method() != "forkserver":
        return
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers can only be set from the main thread
    from multiprocessing import forkserver

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


class _Worker(Generic[Task, Result]):
    """One worker process, its end of the pipe and the tasks it was handed, oldest first."""

    def __init__(self, work: Callable[[Task], Result]) -> None:
        self.connection, their_end = START.Pipe()
        self.process = START.Process(target=_serve, args=(work, their_end), daemon=True)
        self.process.start()
        their_end.close()  # so that its end of file comes when the worker ends
        self.handed: deque[int] = deque()

    def hand(self, task: Task, index: int) -> None:
        """Give it a task to play, the ``index``-th."""
        try:
            self.connection.send(task)
        except (BrokenPipeError, ConnectionResetError):
            raise self._stopped() from None
        self.handed.append(index)

    def receive(self) -> tuple[int, Result]:
        """The next result: the index of its task and its value (a task's error raised)."""
        try:
            succeeded, value = self.connection.recv()
        except (EOFError, ConnectionResetError):
            raise self._stopped() from None
        index = self.handed.popleft()
        if not succeeded:
            raise value
        return index, value

    def _stopped(self) -> WorkerStopped:
        self.process.join()
        return WorkerStopped(f"a worker process ended with exit code {self.process.exitcode}")

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.connection.close()


def ordered_results(
    work: Callable[[Task], Result], tasks: Iterable[Task], jobs: int, ahead: int
) -> Generator[Result, None, None]:
    """``map(work, tasks)`` spread over ``jobs`` worker processes, in the order of ``tasks``.

    At most ``ahead`` tasks per worker are handed out beyond the results read, so the tasks
    are made as the results are read, never all at once. When the results stop being read
    (the end, Ctrl-C, an error) the workers are killed at once.
    """
    _start_fork_server()
    workers: list[_Worker[Task, Result]] = []
    try:
        workers.extend(_Worker(work) for _ in range(jobs))
        by_connection = {worker.connection: worker for worker in workers}
        remaining = iter(tasks)
        handed = 0  # tasks handed out so far
        read = 0  # results yielded so far
        done: dict[int, Result] = {}
        exhausted = False
        window = jobs * ahead
        while True:
            # Each task to the worker with the fewest in hand: a few tasks go to as many
            # workers, not all to the first.
            while not exhausted and handed < read + window:
                worker = min(workers, key=lambda worker: len(worker.handed))
                if len(worker.handed) >= ahead:
                    break
                try:
                    task = next(remaining)
                except StopIteration:
                    exhausted = True
                    break
                worker.hand(task, handed)
                handed += 1
            if read in done:
                yield done.pop(read)
                read += 1
                continue
            if exhausted and read == handed:
                return
            busy = [worker.connection for worker in workers if worker.handed]
            for ready in wait(busy):
                index, value = by_connection[cast(Connection, ready)].receive()
                done[index] = value
    finally:
        for worker in workers:
            worker.stop()
