"""The engine's modules import one another without a circle (imports inside functions and
under TYPE_CHECKING count too), so each module can be read, and compiled, on its own."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "marrakech" / "engine"
PACKAGE = "marrakech.engine"


def engine_imports(path: Path) -> set[str]:
    """The engine modules a source file imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                module = node.module
            elif node.module and node.module.startswith(PACKAGE + "."):
                module = node.module.removeprefix(PACKAGE + ".")
            else:
                continue
            if module is None:  # from . import name
                found.update(alias.name for alias in node.names)
            else:
                found.add(module.split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
    return found


def test_the_engine_import_graph_has_no_cycle() -> None:
    graph = {
        path.stem: engine_imports(path) for path in ENGINE.glob("*.py") if path.stem != "__init__"
    }
    assert {"state", "render", "savedict", "geometry"} <= set(graph)
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"the engine's modules import in a circle: {error.args[1]}") from None
    assert order.index("savedict") < order.index("state")
    assert order.index("render") < order.index("state")


def test_imports_inside_functions_and_for_type_checking_are_counted(tmp_path: Path) -> None:
    source = tmp_path / "example.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import errors\n"
        "if TYPE_CHECKING:\n"
        "    from .state import GameState\n"
        "def f():\n"
        "    from marrakech.engine.render import render_state\n"
        "    import marrakech.engine.savedict\n"
    )
    assert engine_imports(source) == {"errors", "state", "render", "savedict"}
