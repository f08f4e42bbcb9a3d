"""The package's import graph has no cycle, lazy imports inside functions included.

Every ``import`` statement of every module under ``src/toolwire`` that runs is read
(at module level and inside functions): an edge from the module to each module of
the package it names. Imports under ``if TYPE_CHECKING:`` load nothing and are left
out (a state machine and its states may name each other's types). A cycle would
mean two modules that can only be understood, loaded or vendored together.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import toolwire

SRC = Path(toolwire.__file__).resolve().parent
PKG = SRC.name


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PKG, *parts])


def _runtime_nodes(tree: ast.AST) -> List[ast.AST]:
    """Every node of *tree* except those under ``if TYPE_CHECKING:``."""
    out: List[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return out


def _graph() -> Dict[str, Set[str]]:
    modules = {_name(p): p for p in SRC.rglob("*.py")}
    graph: Dict[str, Set[str]] = {m: set() for m in modules}
    for mod, path in modules.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            targets: List[str] = []
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
                targets = [f"{stem}.{a.name}" for a in node.names] + [stem]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for t in targets:
                # ``from . import x`` names a module; ``from .m import x`` names m
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != mod and not mod.startswith(t + "."):  # a package's own parents load first anyway
                    graph[mod].add(t)
    return graph


def _cycle(graph: Dict[str, Set[str]]) -> List[str]:
    state: Dict[str, int] = {}
    stack: List[str] = []

    def visit(m: str) -> List[str]:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return []




def _cycles(graph: Dict[str, Set[str]]) -> Set[str]:
    found = set()
    graph = {m: set(e) for m, e in graph.items()}
    while True:
        c = _cycle(graph)
        if not c:
            return found
        found.add(" -> ".join(m[len(PKG) + 1 :] for m in c))
        graph[c[-2]].discard(c[-1])


def test_the_import_graph_has_no_cycle() -> None:
    graph = _graph()
    assert len(graph) > 80 and graph[f"{PKG}._codec"]  # the scan sees the package
    assert _cycles(graph) == set()


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycles({f"{PKG}.a": {f"{PKG}.b"}, f"{PKG}.b": {f"{PKG}.a"}}) == {"a -> b -> a"}


def test_lazy_imports_count_and_type_only_imports_do_not() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\ndef f():\n    import y\n")
    names = {a.name for n in _runtime_nodes(tree) if isinstance(n, ast.Import) for a in n.names}
    assert names == {"y"}


def test_the_schema_package_retry_and_validate_call_load_no_pydantic() -> None:
    """README: pydantic loads "only when a model asks"; ``toolwire.schema`` loaded it
    for ``render`` and ``validate`` too, and so did ``retry`` and ``validate_call``."""
    import subprocess
    import sys

    for code in [
        "from toolwire import schema; schema.render({'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['a'], 'additionalProperties': False}, 'openai.chat')",
        "from toolwire import retry",
        "import toolwire; toolwire.validate_call(toolwire.ToolCall('f'), [toolwire.Tool('f')])",
    ]:
        out = subprocess.run(
            [sys.executable, "-c", code + "; import sys; print('pydantic' in sys.modules)"],
            capture_output=True, text=True, check=True,
        )
        assert out.stdout.strip() == "False", code
    code = "from toolwire.schema import to_pydantic; print(to_pydantic({'type': 'string'}).__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip()
