"""What pip installs: the pure wheel and the compiled one, each built from this checkout,
installed in a fresh environment and played there headless, without the build ever touching
the checkout's own compiled engine; and the compiled wheels the release builds."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

import marrakech

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "marrakech" / "engine"
COMPILED = ("geometry", "movement", "pieces", "piles", "state")
"""The engine modules setup.py compiles."""
GAME = ("tournament", "--players", "2", "--bots", "greedy,random", "--games", "2")
"""A quick computer-against-computer game with no terminal (the release's wheel test too)."""
NATIVE_SUFFIXES = (".so", ".pyd")

pytestmark = pytest.mark.slow


def _env(*, pure: bool) -> dict[str, str]:
    """This environment without what would point a subprocess at the checkout's code; a
    compiled build is made at the C compiler's lowest optimisation, three times quicker
    (the test asks that it installs and plays, not how fast)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.pop("MARRAKECH_PURE", None)
    env["MARRAKECH_OPT_LEVEL"] = "0"
    if pure:
        env["MARRAKECH_PURE"] = "1"
    return env


def _run(*args: str | Path, cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, f"{args}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed")
    return uv


def _checkout_extensions() -> dict[str, int]:
    """The checkout's compiled engine: each extension's name and when it was written."""
    return {
        path.name: path.stat().st_mtime_ns
        for path in ENGINE.iterdir()
        if path.suffix in NATIVE_SUFFIXES
    }


def _compiler() -> str | None:
    return shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])


@pytest.fixture
def checkout_engine_kept() -> Iterator[None]:
    """Fails the test if building touched the checkout's compiled engine, or this Python's
    no longer loads (in a fresh process)."""
    before = _checkout_extensions()
    yield
    assert _checkout_extensions() == before, "building a wheel changed the checkout's engine"
    if any(name.endswith(importlib.machinery.EXTENSION_SUFFIXES[0]) for name in before):
        code = "import marrakech.engine.state as s; print(s.__file__)"
        loaded = _run(sys.executable, "-c", code, cwd=ROOT, env=_env(pure=False))
        assert Path(loaded.strip()).suffix in NATIVE_SUFFIXES, loaded


def _build_wheel(tmp_path: Path, *, pure: bool) -> Path:
    out = tmp_path / "dist"
    _run(
        _uv(),
        "build",
        "--wheel",
        "--python",
        sys.executable,
        "--out-dir",
        out,
        cwd=ROOT,
        env=_env(pure=pure),
    )
    [wheel] = out.glob("*.whl")
    return wheel


def _install_and_play(tmp_path: Path, wheel: Path) -> Path:
    """Installs the wheel in a fresh virtual environment, plays a game with its command
    there, and returns the file the installed engine's state module was loaded from."""
    venv = tmp_path / "venv"
    env = _env(pure=False)
    _run(_uv(), "venv", "--python", sys.executable, venv, cwd=tmp_path, env=env)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    _run(_uv(), "pip", "install", "--python", python, wheel, cwd=tmp_path, env=env)
    command = shutil.which("marrakech", path=str(scripts))
    assert command is not None, f"the wheel installed no marrakech command in {scripts}"
    played = _run(command, *GAME, cwd=tmp_path, env=env)
    assert "2 games, 2 players" in played and "greedy" in played and "random" in played
    code = "import marrakech.engine.state as s; print(s.__file__)"
    engine = Path(_run(python, "-c", code, cwd=tmp_path, env=env).strip())
    assert venv in engine.parents, f"{engine} is not the installed engine"
    return engine


BUILDS_IN_THE_CHECKOUT = pytest.mark.xdist_group("builds-in-the-checkout")
"""A wheel build writes the checkout's build directory: such tests run one after the other."""


@BUILDS_IN_THE_CHECKOUT
def test_the_pure_wheel_installs_and_plays(tmp_path: Path, checkout_engine_kept: None) -> None:
    wheel = _build_wheel(tmp_path, pure=True)
    assert wheel.name == f"marrakech-{marrakech.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert [name for name in names if name.endswith((*NATIVE_SUFFIXES, ".c"))] == []
    assert "marrakech/tui/how_to_play.md" in names  # the help screen shows it
    assert _install_and_play(tmp_path, wheel).suffix == ".py"


@BUILDS_IN_THE_CHECKOUT
def test_the_compiled_wheel_installs_and_plays(tmp_path: Path, checkout_engine_kept: None) -> None:
    if _compiler() is None:
        pytest.skip("no C compiler here: the wheel would be the pure one")
    wheel = _build_wheel(tmp_path, pure=False)
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert wheel.name == f"marrakech-{marrakech.__version__}-{python}-{python}-{platform}.whl"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for module in COMPILED:
        assert f"marrakech/engine/{module}{suffix}" in names
    assert f"marrakech/engine/_native__mypyc{suffix}" in names
    assert _install_and_play(tmp_path, wheel).name == f"state{suffix}"


RELEASED_PYTHONS = {"cp311", "cp312", "cp313", "cp314"}


@pytest.mark.parametrize(
    ("platform", "families"),
    [
        ("linux", {"manylinux", "musllinux"}),
        ("macos", {"macosx"}),
        ("windows", {"win"}),
    ],
)
def test_the_release_builds_compiled_wheels_for_cpython_3_11_to_3_14(
    platform: str, families: set[str], tmp_path: Path
) -> None:
    """cibuildwheel reads its configuration from pyproject.toml (no network needed to list
    what it would build): each released CPython, 64-bit, and no free-threaded build."""
    listed = _run(
        sys.executable,
        "-m",
        "cibuildwheel",
        "--print-build-identifiers",
        "--platform",
        platform,
        ROOT,
        cwd=tmp_path,
        env=_env(pure=False),
    ).split()
    builds = {tuple(identifier.split("-", 1)) for identifier in listed}
    pythons = {python for python, _ in builds}
    targets = {target for _, target in builds}
    assert pythons == RELEASED_PYTHONS
    assert builds == {(python, target) for python in pythons for target in targets}
    assert {target.split("_")[0] for target in targets} == families
    assert not any(target.endswith(("i686", "win32", "armv7l")) for target in targets)


def test_the_release_workflow_runs_the_locked_cibuildwheel() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert f'CIBUILDWHEEL: "cibuildwheel=={metadata.version("cibuildwheel")}"' in workflow
