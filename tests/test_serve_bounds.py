"""``marrakech serve`` within bounds: a cap on visitors, visitors that end with the server,
and no folder left behind by one that was killed."""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from asyncio.subprocess import Process
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from aiohttp import ClientSession, WSMsgType
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.app_service import AppService
from textual_serve.server import Server

from marrakech import web
from marrakech.cli import main

ROOT = Path(__file__).resolve().parents[1]
GIB = 1024**3


@pytest.fixture
def temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's temporary folder, for this test: its own."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Server]:
    """The servers ``marrakech serve`` makes; none of them serves (serve returns at once)."""
    made: list[Server] = []
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: made.append(self))
    monkeypatch.delenv("MARRAKECH_SERVER_PID", raising=False)  # set by serve
    return made


# -- how many visitors ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cores", "memory", "cap"),
    [
        (2, 24 * GIB, 8),  # four per core
        (64, 1 * GIB, 3),  # half of 1 GiB holds three visitors at 150 MB
        (1, 10 * 1024**2, 1),  # never fewer than one
    ],
)
def test_the_default_cap_comes_from_the_cores_and_the_memory(
    cores: int, memory: int, cap: int
) -> None:
    assert web.default_max_visitors(cores=cores, memory=memory) == cap


def test_serve_caps_the_visitors_as_asked_or_as_the_machine_allows(
    temporary: Path, served: list[Server], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "8123", "--max-visitors", "3"]) == 0
    assert main(["serve", "--port", "8123"]) == 0
    asked, default = served
    assert asked.max_visitors == 3  # type: ignore[attr-defined]
    assert default.max_visitors == web.default_max_visitors()  # type: ignore[attr-defined]
    assert (
        "marrakech serve: at most 3 visitors at once (--max-visitors)." in capsys.readouterr().err
    )


@pytest.mark.parametrize("value", ["0", "-1", "many"])
def test_a_cap_that_is_no_number_of_visitors_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["serve", f"--max-visitors={value}"])
    assert ended.value.code == 2
    assert f"'{value}' is not a number of visitors (1 or more)" in capsys.readouterr().err


def test_each_visitor_is_one_process_the_server_starts_directly(
    temporary: Path, served: list[Server]
) -> None:
    main(["serve"])
    (server,) = served
    assert server.command.startswith("exec ")  # the shell becomes the game: one process
    assert server.command.endswith(" -m marrakech --visitor")
    assert os.environ[web.SERVER_ENV] == str(os.getpid())  # each visitor's to compare with


FAKE_VISITOR = (
    "exec {python} -c \"import sys; print('__GANGLION__', flush=True); sys.stdin.buffer.read(1)\""
)
"""A stand-in for a visitor's game: it says it is ready, and ends at the first byte sent."""


def test_one_visitor_over_the_cap_gets_a_polite_page_and_a_polite_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    processes: list[Process] = []
    opened = AppService._open_app_process

    async def opening(service: AppService, width: int = 80, height: int = 24) -> Process:
        process = await opened(service, width, height)
        processes.append(process)
        return process

    monkeypatch.setattr(AppService, "_open_app_process", opening)

    async def visit() -> None:
        command = FAKE_VISITOR.format(python=sys.executable)
        server = web.bounded_server(command, host="127.0.0.1", port=0, max_visitors=1)
        async with TestClient(TestServer(await server._make_app())) as client:
            page = await client.get("/")
            assert page.status == 200
            first = await client.ws_connect("/ws")
            await wait(lambda: server.visitors == 1)
            full = await client.get("/")
            assert full.status == 503 and full.headers["Retry-After"] == "30"
            text = await full.text()
            assert "<h1>Marrakech is full</h1>" in text
            assert "Please try again in a few minutes" in text
            second = await client.ws_connect("/ws")
            message = await second.receive()
            assert message.type is WSMsgType.BINARY
            assert b"Marrakech is full: every table is taken right now." in message.data
            assert (await second.receive()).type is WSMsgType.CLOSE
            await first.close()
            await wait(lambda: server.visitors == 0)
            assert (await client.get("/")).status == 200
            assert len(processes) == 1  # the visitor over the cap started nothing
            await processes[0].wait()

    asyncio.run(visit())


async def wait(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.01)


# -- what visitors leave behind -------------------------------------------------------


LOCK = ".visitor.lock"
"""The file a visitor's game holds locked in its folder (``web.LOCK_NAME``)."""


def test_a_new_serve_removes_the_folders_of_visitors_that_are_gone(
    temporary: Path, served: list[Server]
) -> None:
    assert getattr(web, "LOCK_NAME", LOCK) == LOCK
    old = time.time() - 3600
    killed = temporary / "marrakech-visitor-killed"  # its game was killed: lock not held
    (killed / "data" / "marrakech").mkdir(parents=True)
    (killed / LOCK).touch()
    older = temporary / "marrakech-visitor-older"  # left by a version without locks
    (older / "config").mkdir(parents=True)
    os.utime(older, (old, old))
    running = temporary / "marrakech-visitor-running"  # its game runs: it holds the lock
    running.mkdir()
    starting = temporary / "marrakech-visitor-starting"  # made a moment ago, no lock yet
    starting.mkdir()
    elsewhere = temporary / "elsewhere"
    elsewhere.mkdir()
    (temporary / "marrakech-visitor-link").symlink_to(elsewhere)
    (temporary / "marrakech-visitor-file").write_text("not a folder")
    lock = os.open(running / LOCK, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert main(["serve"]) == 0
    finally:
        os.close(lock)
    assert sorted(path.name for path in temporary.iterdir()) == [
        "elsewhere",
        "marrakech-visitor-file",
        "marrakech-visitor-link",
        "marrakech-visitor-running",
        "marrakech-visitor-starting",
    ]


def test_a_visitor_s_folder_is_locked_while_its_game_runs_and_removed_after(
    temporary: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web, "die_with_server", lambda home=None: None)
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(variable, os.environ[variable])  # restored after the test
    with web.visitor_home() as home:
        assert web.remove_leftovers() == 0
        assert Path(home).is_dir()
    assert not Path(home).exists()


# -- visitors end with the server (a real server and its visitors' processes) ----------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def until(condition: Callable[[], object], what: str, timeout: float = 30.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[[], tuple[subprocess.Popen[bytes], int]]]:
    started: list[subprocess.Popen[bytes]] = []

    def start() -> tuple[subprocess.Popen[bytes], int]:
        port = free_port()
        env = dict(os.environ, TMPDIR=str(tmp_path), TEXTUAL_ANIMATIONS="none")
        process = subprocess.Popen(
            [sys.executable, "-m", "marrakech", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started.append(process)

        def listening() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        until(listening, "the server listens")
        return process, port

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_a_killed_server_takes_its_visitors_with_it(
    tmp_path: Path, start_server: Callable[[], tuple[subprocess.Popen[bytes], int]]
) -> None:
    server, port = start_server()

    async def visit_then_kill() -> int:
        async with ClientSession() as session:
            socket = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
            (visitor,) = until(lambda: children(server.pid), "a visitor's game starts")  # type: ignore[misc]
            # Forked, the child shows the server's command line until it runs the game's.
            command = Path(f"/proc/{visitor}/cmdline")
            until(lambda: b"--visitor" in command.read_bytes(), "the visitor's game runs")
            until(lambda: list(tmp_path.glob("marrakech-visitor-*")), "its folder is made")
            assert children(visitor) == []  # one process a visitor
            server.send_signal(signal.SIGKILL)
            server.wait()
            until(lambda: not alive(visitor), "the visitor's game ends with its server")
            await socket.close()
            return visitor

    asyncio.run(visit_then_kill())
    start_server()  # a new server removes whatever the killed one's visitor left
    assert list(tmp_path.glob("marrakech-visitor-*")) == []


def test_the_page_is_the_games_own_and_asks_no_other_site() -> None:
    async def visit() -> None:
        command = FAKE_VISITOR.format(python=sys.executable)
        server = web.bounded_server(command, host="127.0.0.1", port=0, max_visitors=1)
        async with TestClient(TestServer(await server._make_app())) as client:
            asked = {"Host": "marrakech.example", "X-Forwarded-Proto": "https"}
            proxied = await (await client.get("/?fontsize=²", headers=asked)).text()
            assert 'data-session-websocket-url="wss://marrakech.example/ws"' in proxied
            assert 'data-font-size="16"' in proxied  # a font size that is none: the usual
            page = await (
                await client.get("/?fontsize=20", headers={"Host": "127.0.0.1:8123"})
            ).text()
            assert '<html lang="en">' in page and "<title>Marrakech</title>" in page
            assert re.search(r'rel="icon"\s+href="data:image/svg\+xml,', page)
            assert "The market is opening..." in page and "The market has closed." in page
            assert ">Open it again<" in page
            assert 'data-session-websocket-url="ws://127.0.0.1:8123/ws"' in page
            assert 'data-font-size="20"' in page
            links = re.findall(r'(?:href|src)="([^"]+)"|url\("([^"]+)"\)', page)
            links = [href or url for href, url in links]
            assert links and all(link.startswith(("/static/", "data:")) for link in links), links
            font = "/static/fonts/RobotoMono-VariableFont_wght.ttf"
            assert font in links
            assert (await client.get(font)).status == 200

    asyncio.run(visit())
