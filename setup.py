"""Build script: the rules engine's hot modules are compiled with mypyc when possible.

The engine stays plain, typed Python; mypyc turns its hot modules (COMPILED below) into C
extensions (about 3x faster play). Set ``MARRAKECH_PURE=1`` to skip compiling, e.g. to
debug or measure coverage. Without a C compiler the build warns and installs the same
modules as pure Python (tests/engine/test_compiled.py fails if that happens where a
compiler is present).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

COMPILED = [
    "marrakech/engine/geometry.py",
    "marrakech/engine/movement.py",
    "marrakech/engine/pieces.py",
    "marrakech/engine/piles.py",
    "marrakech/engine/state.py",
]
RULES = Path("docs/rules-2024.md")


class BuildPy(build_py):
    """Ships docs/rules-2024.md inside the package, where the help screen looks first."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "marrakech" / "docs"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(RULES, target / RULES.name)


class OptionalBuildExt(build_ext):
    """Compiles the engine, or leaves it pure Python when the compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler failure means "stay pure"
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            remove_compiled_engine()  # an editable build's older ones, beside the sources
            reason = str(error).splitlines()[0][:120]
            print(f"warning: the engine was not compiled and runs as pure Python: {reason}")


def compiled_modules() -> list[object]:
    if os.environ.get("MARRAKECH_PURE") == "1":
        remove_compiled_engine()
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify(COMPILED, opt_level="3", group_name="marrakech.engine._native"))
    except (Exception, SystemExit) as error:
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        print(f"warning: mypyc could not compile the engine, it runs as pure Python: {reason}")
        remove_compiled_engine()
        return []


def remove_compiled_engine() -> None:
    """Deletes extensions an earlier editable build left beside the sources (they would
    shadow the Python modules)."""
    for library in Path("marrakech/engine").glob("*.so"):
        library.unlink()
    for library in Path("marrakech/engine").glob("*.pyd"):
        library.unlink()


setup(
    ext_modules=compiled_modules(),
    cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt},
)
