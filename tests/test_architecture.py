"""The shape of the package, read from its source: no import cycles, and layers that hold.

Every ``import`` and ``from ... import`` counts, wherever it stands: inside functions too,
and under ``if TYPE_CHECKING:`` (a cycle of type-only imports still ties the modules
together). ``from package import name`` imports the submodule ``package.name`` when there
is one, else the package itself. Importing a module is not counted as importing its
parent packages.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGE = "marrakech"


@dataclass(frozen=True)
class Import:
    """One module importing another: where, and what (a module of ours or a top-level name)."""

    importer: str
    imported: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported} ({self.path.relative_to(ROOT)}:{self.line})"


def module_name(path: Path) -> str:
    """The dotted name of a source file (a package's ``__init__.py`` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by name."""
    return {module_name(path): path for path in sorted((ROOT / PACKAGE).rglob("*.py"))}


def imported_names(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """The fully qualified names a module imports, with their line numbers."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield (submodule if submodule in modules() else source), node.lineno


@cache
def imports() -> tuple[Import, ...]:
    """Every import in the package: of a module of ours, or of a top-level outside name."""
    found = []
    for module, path in modules().items():
        for name, line in imported_names(module, path):
            if name.split(".")[0] == PACKAGE:
                while name not in modules():  # e.g. ``import marrakech.engine.Colour``
                    name = name.rpartition(".")[0]
            else:
                name = name.split(".")[0]
            found.append(Import(module, name, path, line))
    return tuple(found)


def graph() -> dict[str, set[str]]:
    """Which of our modules each of our modules imports."""
    edges: dict[str, set[str]] = {module: set() for module in modules()}
    for item in imports():
        if item.imported in modules() and item.imported != item.importer:
            edges[item.importer].add(item.imported)
    return edges


def tangles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def shortest_cycle(edges: dict[str, set[str]], start: str, within: set[str]) -> list[str]:
    """A shortest import path from ``start`` back to itself among the ``within`` modules."""
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for other in sorted(edges[module] & within):
                if other == start:
                    return [*paths[module], start]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    raise AssertionError(f"{start} is in no cycle")


def describe_tangle(edges: dict[str, set[str]], component: list[str]) -> str:
    """A tangle as a cycle through its first module and every import that ties it."""
    members = set(component)
    cycle = " -> ".join(shortest_cycle(edges, component[0], members))
    ties = sorted(
        {
            str(item)
            for item in imports()
            if item.importer in members
            and item.imported in members
            and item.imported != item.importer
        }
    )
    return "\n".join([f"cycle: {cycle}", *(f"    {tie}" for tie in ties)])


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def offending(importers: str, allowed: Callable[[str], bool]) -> list[str]:
    """The imports by modules of ``importers`` for which ``allowed(imported)`` is false."""
    return [
        str(item)
        for item in imports()
        if in_package(item.importer, importers) and not allowed(item.imported)
    ]


def test_the_package_has_no_import_cycles() -> None:
    edges = graph()
    found = tangles(edges)
    assert not found, "import cycles:\n" + "\n".join(describe_tangle(edges, c) for c in found)


COMPILER_TYPES = "mypy_extensions"
"""Machine-integer types for the compiler, imported by the engine for type checking only."""


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    def allowed(name: str) -> bool:
        internal = in_package(name, "marrakech.engine") or name in sys.stdlib_module_names
        return internal or name == COMPILER_TYPES

    assert offending("marrakech.engine", allowed) == []


@pytest.mark.parametrize("package", ["marrakech.flow", "marrakech.bots", "marrakech.textmode"])
def test_the_rules_the_bots_and_the_text_mode_know_no_terminal_library(package: str) -> None:
    if package not in modules():
        pytest.skip(f"{package} does not exist yet")
    assert offending(package, lambda name: name not in ("textual", "rich")) == []


def test_the_bots_parse_no_command_line() -> None:
    assert offending("marrakech.bots", lambda name: name != "argparse") == []


FRONT_ENDS = ("marrakech.tui", "marrakech.textmode")
"""The front ends: each is driven by the game flow, and only the entry points start one."""


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_only_the_entry_points_import_a_front_end(front_end: str) -> None:
    entry_points = {"marrakech.cli", "marrakech.__main__"}
    outside = [
        str(item)
        for item in imports()
        if in_package(item.imported, front_end)
        and not in_package(item.importer, front_end)
        and item.importer not in entry_points
    ]
    assert outside == []


def test_the_import_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Relative, function-level, TYPE_CHECKING and submodule imports are all read."""
    source = ROOT / PACKAGE / "engine" / "__init__.py"
    names = {name for name, _ in imported_names("marrakech.engine", source)}
    assert "marrakech.engine.state" in names  # ``from .state import ...`` in a package
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from marrakech.games.session import Session\n"
        "def late():\n"
        "    import marrakech.games.storage\n"
        "from marrakech import levels\n"
        "from .. import dice\n",
        encoding="utf-8",
    )
    found = {name for name, _ in imported_names("marrakech.tui.sample", sample)}
    expected = {
        "marrakech.games.session",
        "marrakech.games.storage",
        "marrakech.games.levels",
        "marrakech.games.dice",
    }
    assert expected <= found
