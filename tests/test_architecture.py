"""The shape of the package, read from its source: no import cycles, and layers that hold.

``LAYERS`` is the table of docs/architecture.md: a module imports only modules of its own
part and of lower layers, and the front ends never import one another. Every module has its
place in the table.

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

# One worker runs these tests (pytest-xdist), so the package is read once (``imports``),
# not once by each worker that happens to get one of them: more than half a second each.
pytestmark = pytest.mark.xdist_group("reads-the-package-source")


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
    assert package in modules()
    assert offending(package, lambda name: name not in ("textual", "rich")) == []


def test_the_bots_parse_no_command_line() -> None:
    assert offending("marrakech.bots", lambda name: name != "argparse") == []


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules", ("marrakech.engine",)),
    ("games", ("marrakech.games",)),
    ("computer players", ("marrakech.bots",)),
    ("game flow", ("marrakech.flow", "marrakech.tutorial")),
    (
        "front ends",
        (
            "marrakech.tui",
            "marrakech.textmode",
            "marrakech.net",
            "marrakech.web",
            "marrakech.tournament_cli",
        ),
    ),
    ("entry points", ("marrakech.cli", "marrakech.__main__")),
)
"""The layers, lowest first, and the parts (packages or modules) of each. A module may import
its own part and the parts of lower layers; the parts of a layer may import one another,
except the front ends, which never do (each is started only by the entry points)."""

SEPARATE = "front ends"
"""The layer whose parts never import one another."""

ROOT_PACKAGE = PACKAGE
"""The package itself (``__version__``): anyone may import it, and it imports none of ours."""


@dataclass(frozen=True)
class Place:
    """Where a module stands: its layer (0 lowest) and its part of that layer."""

    layer: int
    part: str

    def __str__(self) -> str:
        name = "the package root" if self.layer < 0 else LAYERS[self.layer][0]
        return f"{self.part}, {name}"


def place(module: str) -> Place | None:
    """The module's place in LAYERS (the root below every layer); None if it has none."""
    if module == ROOT_PACKAGE:
        return Place(-1, ROOT_PACKAGE)
    for layer, (_, parts) in enumerate(LAYERS):
        for part in parts:
            if in_package(module, part):
                return Place(layer, part)
    return None


def may_import(importer: Place, imported: Place) -> bool:
    """The rule of the table for one import between two placed modules."""
    if imported.part == ROOT_PACKAGE or imported.part == importer.part:
        return True
    if importer.layer < 0:  # the root imports nothing of ours
        return False
    if imported.layer == importer.layer:
        return LAYERS[importer.layer][0] != SEPARATE
    return imported.layer < importer.layer


def wrong_way_imports() -> list[str]:
    """Every import of one of our modules that the table forbids, with where it stands."""
    found = []
    for item in imports():
        importer, imported = place(item.importer), place(item.imported)
        if importer is None or imported is None:  # outside names; unplaced modules fail below
            continue
        if not may_import(importer, imported):
            found.append(f"{item}: {importer} may not import {imported}")
    return sorted(found)


def test_every_module_has_its_place_in_the_layers() -> None:
    parts = [part for _, layer in LAYERS for part in layer]
    assert len(parts) == len(set(parts)), "a part is listed twice"
    assert [part for part in parts if part not in modules()] == [], "a part that does not exist"
    assert [module for module in modules() if place(module) is None] == []


def test_no_module_imports_a_higher_layer_or_another_front_end() -> None:
    found = wrong_way_imports()
    assert not found, f"{len(found)} imports against the layers:\n" + "\n".join(found)


def placed(module: str) -> Place:
    found = place(module)
    assert found is not None, f"{module} has no place in the layers"
    return found


@pytest.mark.parametrize(
    ("importer", "imported", "allowed"),
    [
        ("marrakech.flow.game", "marrakech.engine.state", True),  # down
        ("marrakech.tui.app", "marrakech.games.session", True),
        ("marrakech.tui.app", "marrakech.tui.palette", True),  # within its own part
        ("marrakech.cli", "marrakech.tui.app", True),  # an entry point starts a front end
        ("marrakech.__main__", "marrakech.cli", True),  # within a layer of entry points
        ("marrakech.engine.state", "marrakech", True),  # the root, from anywhere
        ("marrakech.engine.state", "marrakech.games.session", False),  # up
        ("marrakech.games.session", "marrakech.bots", False),
        ("marrakech.bots", "marrakech.flow", False),
        ("marrakech.flow", "marrakech.textmode", False),
        ("marrakech.tui.app", "marrakech.cli", False),
        ("marrakech.tui.app", "marrakech.net.host", False),  # between front ends
        ("marrakech.net.host", "marrakech.textmode", False),
        ("marrakech.web", "marrakech.tui.app", False),
        ("marrakech", "marrakech.engine", False),  # the root imports nothing of ours
    ],
)
def test_the_layer_rule_is_the_tables(importer: str, imported: str, allowed: bool) -> None:
    assert may_import(placed(importer), placed(imported)) is allowed


def test_a_part_is_a_whole_name() -> None:
    assert place("marrakech.tournament_cli") == Place(4, "marrakech.tournament_cli")
    assert place("marrakech.tournament") is None
    assert place("marrakech.webapp") is None


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
        "from marrakech.games import levels\n"
        "from ..games import dice\n"
        "from .. import engine\n"
        "from . import palette\n"
        "from .palette import FULL\n"
        "from marrakech import __version__\n",
        encoding="utf-8",
    )
    found = {name for name, _ in imported_names("marrakech.tui.sample", sample)}
    expected = {
        "typing",
        "marrakech.games.session",  # under TYPE_CHECKING
        "marrakech.games.storage",  # in a function
        "marrakech.games.levels",  # a submodule named in ``from package import``
        "marrakech.games.dice",  # relative, from a sibling package
        "marrakech.engine",  # relative, the parent package's submodule
        "marrakech.tui.palette",  # relative, in the same package
        "marrakech",  # a name of the package root, not a module
    }
    assert found == expected
