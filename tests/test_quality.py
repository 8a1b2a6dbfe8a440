"""Lint, format and type checks run as part of the test suite."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "."),
        ("ruff", "format", "--check", "."),
        # The whole package (the engine included), with mypy's cache in .mypy_cache.
        ("mypy", "--strict", "marrakech"),
    ],
    ids=["ruff-check", "ruff-format", "mypy-strict"],
)
@pytest.mark.xdist_group("writes-in-the-project-folder")  # never beside a test's bot file
def test_tool_passes(command: tuple[str, ...]) -> None:
    result = _run(*command)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_no_ui_library() -> None:
    code = (
        "import sys, marrakech.engine; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
