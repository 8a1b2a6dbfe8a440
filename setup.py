"""Build script: the rules engine's hot modules are compiled with mypyc when possible.

The engine stays plain, typed Python; mypyc turns its hot modules (COMPILED below) into C
extensions (about 3x faster play). Set ``MARRAKECH_PURE=1`` to skip compiling, e.g. to
debug, measure coverage or build the pure wheel (py3-none-any), and ``MARRAKECH_OPT_LEVEL``
to 0, 1 or 2 (3 by default) for a quicker build of a slower engine, as the packaging test
does. Without a C compiler the build warns and installs the same modules as pure Python
(tests/engine/test_compiled.py fails if that happens where a compiler is present).

Only an editable build (``uv sync``) writes beside the sources: it compiles in place, and
when it ends up pure it removes the extensions an earlier editable build left there for
this Python, which would shadow the modules. Any other build (a wheel, pure or compiled)
works in the build directory and never touches the checkout's extensions.
"""

from __future__ import annotations

import importlib.machinery
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

COMPILED = [
    "marrakech/engine/geometry.py",
    "marrakech/engine/interning.py",
    "marrakech/engine/movement.py",
    "marrakech/engine/pieces.py",
    "marrakech/engine/piles.py",
    "marrakech/engine/state.py",
]
ENGINE = Path("marrakech/engine")
GROUP = "marrakech.engine._native"
"""The one shared library the compiled modules live in."""


class BuildPy(build_py):
    """After an editable build that ends up pure, removes the stale extensions its Python
    would load instead of the sources."""

    def run(self) -> None:
        super().run()
        if self.editable_mode and not self.distribution.has_ext_modules():
            remove_stale_extensions()


class OptionalBuildExt(build_ext):
    """Compiles the engine, or leaves it pure Python when the compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler failure means "stay pure"
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            if self.editable_mode:
                remove_stale_extensions()
            reason = str(error).splitlines()[0][:120]
            print(f"warning: the engine was not compiled and runs as pure Python: {reason}")

    def build_extension(self, ext: Any) -> None:
        """Compiles an extension's C files in parallel, largest first, where the compiler is
        a Unix one (MSVC's sets itself up on first use, which threads could race).

        mypyc writes one C file per module: the build then waits for the largest instead of
        for all of them in a row (on two cores a fresh build took 30 s instead of 45).
        """
        compile_one = self.compiler.compile
        if self.compiler.compiler_type != "unix":
            super().build_extension(ext)
            return

        def compile_each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            largest_first = sorted(sources, key=os.path.getsize, reverse=True)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                built = dict(
                    zip(
                        largest_first,
                        pool.map(lambda one: compile_one([one], *args, **kwargs), largest_first),
                        strict=True,
                    )
                )
            return [obj for source in sources for obj in built[source]]

        self.compiler.compile = compile_each
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one


def compiled_modules() -> list[object]:
    """The engine's extensions, or none for a pure build (asked for, or mypyc failed)."""
    if os.environ.get("MARRAKECH_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify

        level = os.environ.get("MARRAKECH_OPT_LEVEL", "3")
        if level not in ("0", "1", "2", "3"):
            raise ValueError(f"MARRAKECH_OPT_LEVEL is {level!r}, not 0, 1, 2 or 3")
        extensions = list(mypycify(COMPILED, opt_level=level, group_name=GROUP, multi_file=True))
        # The group's headers go in a folder named after its package, which mypyc does not
        # add to the include path of the modules' C files.
        for extension in extensions:
            extension.include_dirs.append(os.path.join("build", *GROUP.split(".")[:-1]))
        return extensions
    except (Exception, SystemExit) as error:
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        print(f"warning: mypyc could not compile the engine, it runs as pure Python: {reason}")
        return []


def remove_stale_extensions() -> None:
    """Deletes the extensions beside the sources that this Python would import instead of
    the modules (an earlier editable build's); other Pythons' builds are left alone."""
    for library in ENGINE.iterdir():
        if any(
            library.name.endswith(suffix) and "." not in library.name.removesuffix(suffix)
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
        ):
            library.unlink()


setup(
    ext_modules=compiled_modules(),
    cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt},
)
