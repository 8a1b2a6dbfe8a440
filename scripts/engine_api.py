"""docs/engine-api.md: the engine's public API (``marrakech.engine.__all__``), each name with
its signature and the first sentence of its docstring, read from the source.

    uv run python scripts/engine_api.py           # print it
    uv run python scripts/engine_api.py --write   # rewrite docs/engine-api.md

The source is read, not the installed package: the compiled modules keep no docstrings.
tests/engine/test_api_doc.py checks that the page is up to date.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "marrakech" / "engine"
DOC = ROOT / "docs" / "engine-api.md"

HEADING = """# The engine's API

Everything `marrakech.engine` exports, for bot authors and front ends: each name with its
signature and what its docstring says first. Generated from the source by
`uv run python scripts/engine_api.py --write`; a test fails when it is out of date. The
rules themselves are in docs/rules-2024.md, the save format in docs/save-format.md.
"""


def first_sentence(doc: str | None) -> str:
    """The docstring's first paragraph, on one line."""
    if not doc:
        return ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def signature(node: ast.FunctionDef) -> str:
    """``name(arguments) -> returns``, without ``self`` or ``cls``."""
    args = node.args
    shown = ast.unparse(
        ast.arguments(
            posonlyargs=[a for a in args.posonlyargs if a.arg not in ("self", "cls")],
            args=[a for a in args.args if a.arg not in ("self", "cls")],
            vararg=args.vararg,
            kwonlyargs=args.kwonlyargs,
            kw_defaults=args.kw_defaults,
            kwarg=args.kwarg,
            defaults=args.defaults[-len(args.args) :] if args.defaults else [],
        )
    )
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    return f"{node.name}({shown}){returns}"


def docstring_after(body: list[ast.stmt], index: int) -> str | None:
    """The string right after ``body[index]`` (a constant's or a field's docstring), if any."""
    after = body[index + 1] if index + 1 < len(body) else None
    if (
        isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    ):
        return after.value.value
    return None


def definitions() -> dict[str, tuple[ast.AST, str | None]]:
    """Every top-level class, function and documented constant of the engine's modules:
    its node, and the docstring of a constant (the string right after it)."""
    found: dict[str, tuple[ast.AST, str | None]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for index, node in enumerate(body):
            if isinstance(node, ast.ClassDef | ast.FunctionDef):
                found.setdefault(node.name, (node, None))
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                doc = docstring_after(body, index)
                for target in targets:
                    if isinstance(target, ast.Name):
                        found.setdefault(target.id, (node, doc))
    return found


def exported() -> list[str]:
    """``__all__`` of ``marrakech/engine/__init__.py``, in its order."""
    tree = ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return [ast.literal_eval(element) for element in node.value.elts]  # type: ignore[attr-defined]
    raise SystemExit("marrakech/engine/__init__.py has no __all__")


def fields(node: ast.ClassDef) -> list[str]:
    """A class's public fields (``name: type``, as a dataclass or a NamedTuple declares
    them), one line each, with the docstring right after one when it has one."""
    lines = []
    for index, item in enumerate(node.body):
        if not isinstance(item, ast.AnnAssign) or not isinstance(item.target, ast.Name):
            continue
        name, kind = item.target.id, ast.unparse(item.annotation)
        if name.startswith("_") or kind.startswith(("ClassVar", "Final")):
            continue
        said = first_sentence(docstring_after(node.body, index))
        lines.append(f"  - `{name}: {kind}`" + (f": {said}" if said else ""))
    return lines


def enum_members(node: ast.ClassDef) -> list[str]:
    """An enumeration's members (``NAME = value``), one line each, with the docstring
    right after one when it has one; none for a class that is no enumeration."""
    if not any(ast.unparse(base).endswith("Enum") for base in node.bases):
        return []
    lines = []
    for index, item in enumerate(node.body):
        if isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
            name, value = item.targets[0].id, ast.unparse(item.value)
            said = first_sentence(docstring_after(node.body, index))
            lines.append(f"  - `{name} = {value}`" + (f": {said}" if said else ""))
    return lines


def members(node: ast.ClassDef) -> list[str]:
    """A class's members (an enumeration's), public fields, methods and properties, one
    line each."""
    lines = enum_members(node) + fields(node)
    for item in node.body:
        if not isinstance(item, ast.FunctionDef) or item.name.startswith("_"):
            continue
        decorators = {ast.unparse(d) for d in item.decorator_list}
        what = signature(item)
        if "property" in decorators or "cached_property" in decorators:
            what = f"{item.name}{f' -> {ast.unparse(item.returns)}' if item.returns else ''}"
            what += " (property)"
        elif "staticmethod" in decorators or "classmethod" in decorators:
            what += " (classmethod)" if "classmethod" in decorators else " (staticmethod)"
        said = first_sentence(ast.get_docstring(item))
        lines.append(f"  - `{what}`" + (f": {said}" if said else ""))
    return lines


def page() -> str:
    """The whole page."""
    found = definitions()
    out = [HEADING]
    for name in exported():
        node, doc = found[name]
        if isinstance(node, ast.ClassDef):
            out.append(f"## `{name}`\n")
            out.append(first_sentence(ast.get_docstring(node)) or "(no docstring)")
            listed = members(node)
            if listed:
                out.append("")
                out.extend(listed)
        elif isinstance(node, ast.FunctionDef):
            out.append(f"## `{signature(node)}`\n")
            out.append(first_sentence(ast.get_docstring(node)) or "(no docstring)")
        else:
            out.append(f"## `{name}`\n")
            out.append(first_sentence(doc) or "(a constant)")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {DOC.name}")
    args = parser.parse_args()
    if args.write:
        DOC.write_text(page(), encoding="utf-8")
    else:
        print(page(), end="")


if __name__ == "__main__":
    main()
