"""The engine compiled by mypyc (see setup.py) behaves exactly as its Python source."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from .digest import game_digest

ROOT = Path(__file__).resolve().parents[2]
COMPILED_MODULES = (
    "marrakech.engine.geometry",
    "marrakech.engine.interning",
    "marrakech.engine.movement",
    "marrakech.engine.pieces",
    "marrakech.engine.piles",
    "marrakech.engine.state",
)


def _compiled() -> list[Path]:
    files = [Path(importlib.import_module(name).__file__ or "") for name in COMPILED_MODULES]
    return [file for file in files if file.suffix != ".py"]


def _skip_unless_compiled() -> None:
    """Skip where the engine is meant to be pure; fail where compiling silently failed."""
    if _compiled():
        return
    if os.environ.get("MARRAKECH_PURE") == "1":
        pytest.skip("MARRAKECH_PURE=1: the engine runs as pure Python")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler):
        pytest.fail(f"the engine is not compiled although {compiler} is here: see the build log")
    pytest.skip("no C compiler here: the engine runs as pure Python")


def test_compiled_engine_is_built_from_the_current_source() -> None:
    _skip_unless_compiled()
    engine = _compiled()[0].parent
    # Every engine source: the compiled modules are built against the others' types.
    newest = max(source.stat().st_mtime for source in engine.glob("*.py"))
    for extension in [*engine.glob("*.so"), *engine.glob("*.pyd")]:
        assert extension.stat().st_mtime >= newest, (
            f"{extension.name} is older than the engine's sources: rebuild with `uv sync`"
        )


@pytest.mark.slow
def test_pure_python_engine_plays_exactly_like_the_compiled_one(tmp_path: Path) -> None:
    _skip_unless_compiled()
    package = tmp_path / "marrakech"
    shutil.copytree(ROOT / "marrakech" / "engine", package / "engine", ignore=_only_sources)
    (package / "__init__.py").write_text("")
    shutil.copyfile(Path(__file__).with_name("digest.py"), tmp_path / "digest.py")
    # -S: no site-packages, so neither the installed (compiled) engine nor its finder.
    code = (
        "import marrakech.engine.state as s; assert s.__file__.endswith('.py'); "
        "from digest import game_digest; print(game_digest())"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == game_digest()


def _only_sources(directory: str, names: list[str]) -> list[str]:
    return [name for name in names if not (name.endswith(".py") or Path(directory, name).is_dir())]
