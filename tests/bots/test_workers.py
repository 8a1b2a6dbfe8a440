"""The worker processes behind a tournament's ``--jobs``: order, errors, and stopping."""

from __future__ import annotations

import math
import multiprocessing
import operator
import os
import signal
import threading
import time
from collections.abc import Callable
from itertools import count

import pytest

from marrakech.bots.workers import WorkerStopped, ordered_results


def wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds  # generous: the machine may be busy
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_results_come_back_in_the_order_of_the_tasks() -> None:
    assert list(ordered_results(operator.neg, range(40), jobs=3, ahead=2)) == [
        -n for n in range(40)
    ]


def test_no_tasks_give_no_results() -> None:
    assert list(ordered_results(operator.neg, [], jobs=2, ahead=4)) == []


def test_a_task_error_reaches_the_reader_and_stops_the_workers() -> None:
    with pytest.raises(ValueError, match="math domain error"):
        list(ordered_results(math.sqrt, [4.0, 9.0, -1.0, 16.0], jobs=2, ahead=1))
    assert multiprocessing.active_children() == []


def test_closing_the_results_stops_the_workers_at_once() -> None:
    results = ordered_results(abs, count(), jobs=2, ahead=2)
    assert next(results) == 0
    assert len(multiprocessing.active_children()) == 2
    results.close()
    assert multiprocessing.active_children() == []


def test_a_worker_killed_from_outside_is_reported_not_waited_for() -> None:
    raised: list[BaseException] = []

    def read() -> None:
        try:
            list(ordered_results(time.sleep, [600.0, 600.0], jobs=2, ahead=1))
        except BaseException as error:
            raised.append(error)

    reader = threading.Thread(target=read)
    reader.start()
    wait_for(lambda: len(multiprocessing.active_children()) == 2)
    victim = multiprocessing.active_children()[0]
    assert victim.pid is not None
    os.kill(victim.pid, signal.SIGKILL)
    reader.join(timeout=60)
    assert not reader.is_alive()
    (error,) = raised
    assert isinstance(error, WorkerStopped)
    assert str(error) == f"a worker process ended with exit code -{int(signal.SIGKILL)}"
    assert multiprocessing.active_children() == []


def test_a_worker_that_died_between_tasks_is_reported_when_handed_the_next() -> None:
    results = ordered_results(abs, count(), jobs=2, ahead=2)
    assert next(results) == 0
    victim = multiprocessing.active_children()[0]
    assert victim.pid is not None
    os.kill(victim.pid, signal.SIGKILL)
    victim.join(timeout=60)
    with pytest.raises(WorkerStopped, match="exit code -9"):
        for _ in range(1_000):
            next(results)
    assert multiprocessing.active_children() == []


def pid_of(_task: int) -> int:
    """The process that did a task."""
    return os.getpid()


def test_a_few_tasks_go_to_every_worker_not_all_to_the_first() -> None:
    assert len(set(ordered_results(pid_of, range(4), jobs=2, ahead=4))) == 2
