"""The layers of DESIGN.md hold: the engine uses the standard library only; only the app imports Qt."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[2] / "studio"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    offenders = {}
    for path in sorted((STUDIO / "engine").rglob("*.py")):
        bad = {
            name
            for name in _imports(path)
            if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith("studio.engine")
        }
        if bad:
            offenders[path.name] = sorted(bad)
    assert offenders == {}


def _engine_graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports, type-checking-only imports included.

    A module is named from ``studio/engine``: ``cards``, ``scoring.steps``, ``run.state``, ``scoring``
    (a sub-package's ``__init__``); an import names the longest of them it starts with. The rule
    kinds (``kinds/``) are left out: the engine package registers them, and their registry names the
    records it passes for type checking only.
    """
    engine = STUDIO / "engine"
    modules = {
        ".".join(p.relative_to(engine).with_suffix("").parts).removesuffix(".__init__"): p
        for p in engine.rglob("*.py")
        if p != engine / "__init__.py" and p.relative_to(engine).parts[0] != "kinds"
    }
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in _imports(path):
            if not imported.startswith("studio.engine."):
                continue
            parts = imported.removeprefix("studio.engine.").split(".")
            found = (".".join(parts[:i]) for i in range(len(parts), 0, -1))
            targets.add(next((t for t in found if t in modules), ""))
        graph[name] = {t for t in targets if t and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """Return one import cycle of ``graph`` (a path that ends where it starts), or []."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        stack.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_engine_has_no_import_cycle() -> None:
    assert _cycle(_engine_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_only_the_app_imports_qt() -> None:
    offenders = [
        str(path.relative_to(STUDIO))
        for path in STUDIO.rglob("*.py")
        if "app" not in path.relative_to(STUDIO).parts
        and any(name.split(".")[0] in ("PySide6", "PyQt6", "PyQt5") for name in _imports(path))
    ]
    assert offenders == []


def test_content_does_not_import_the_cli_or_the_app() -> None:
    for path in (STUDIO / "content").rglob("*.py"):
        assert not {n for n in _imports(path) if n.startswith(("studio.cli", "studio.app"))}, path
