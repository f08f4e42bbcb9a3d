"""The README and docs/ against the code: every fenced Python example is checked.

- A block with ``>>>`` prompts is a doctest: it runs, and what it prints must match
  (``...`` stands for any text). The blocks of one file share a namespace, in order,
  that starts with ``toolwire`` and its four value classes imported.
- A block fenced ``python run`` is a whole program: it runs, and its asserts hold.
- Any other Python block is a fragment (it uses a ``client`` or a ``response`` the
  reader has): it must parse, and every ``toolwire`` name it imports or reaches by
  attribute (``toolwire.stream.accumulate``) must exist.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

import toolwire

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```", re.S | re.M)


def _blocks(path: Path, info: str = "") -> List[Tuple[int, str]]:
    """The Python blocks of *path* (with *info* after the language, ``python run``):
    (line of the fence, body)."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(3)) for m in _FENCE.finditer(text)
            if m.group(1) in ("python", "py", "pycon") and (not info or info in m.group(2).split())]


def _ids(paths: List[Path]) -> List[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


def test_docs_have_examples() -> None:
    """The collection itself can fail: a fence spelled differently would check nothing."""
    assert sum(">>>" in body for p in FILES for _, body in _blocks(p)) >= 10
    assert sum(">>>" not in body for p in FILES for _, body in _blocks(p)) >= 30


def _globals() -> Dict[str, Any]:
    return {"toolwire": toolwire, "ToolCall": toolwire.ToolCall, "InvalidToolCall": toolwire.InvalidToolCall,
            "Tool": toolwire.Tool, "ToolResult": toolwire.ToolResult}


@pytest.mark.parametrize("path", [p for p in FILES if any(">>>" in b for _, b in _blocks(p))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_doctest_blocks_print_what_they_show(path: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: List[str] = []
    globs = _globals()
    name = str(path.relative_to(ROOT))
    for line, body in _blocks(path):
        if ">>>" not in body:
            continue
        test = parser.get_doctest(body, globs, name, name, line)
        runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs  # ``DocTest`` copies its globals: the next block goes on from these
    failed = runner.summarize(verbose=False).failed
    assert not failed, "".join(report)


@pytest.mark.parametrize("path", [p for p in FILES if _blocks(p, "run")], ids=lambda p: str(p.relative_to(ROOT)))
def test_whole_examples_run(path: Path) -> None:
    """A block fenced ``python run`` is a whole program (its asserts are the check)."""
    for line, body in _blocks(path, "run"):
        exec(compile(body, f"{path.relative_to(ROOT)}:{line}", "exec"), {"__name__": "docs_example"})  # noqa: S102


def _toolwire_names(tree: ast.AST) -> Iterator[Tuple[str, int]]:
    """Dotted names rooted at ``toolwire`` that *tree* imports or reaches by attribute."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "toolwire":
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "toolwire":
            for alias in node.names:
                yield f"{node.module}.{alias.name}", node.lineno
        elif isinstance(node, ast.Attribute):
            parts: List[str] = []
            cur: ast.AST = node
            while isinstance(cur, ast.Attribute):
                parts.append(cur.attr)
                cur = cur.value
            if isinstance(cur, ast.Name) and cur.id == "toolwire":
                yield ".".join(["toolwire", *reversed(parts)]), node.lineno


def _resolves(dotted: str) -> bool:
    """Whether *dotted* names a module or an attribute (importing submodules on the way)."""
    parts = dotted.split(".")
    obj: Any = importlib.import_module(parts[0])
    for i, part in enumerate(parts[1:], 1):
        if hasattr(obj, part):
            obj = getattr(obj, part)
            continue
        try:
            obj = importlib.import_module(".".join(parts[: i + 1]))
        except ImportError:
            return False
    return True


@pytest.mark.parametrize("path", [p for p in FILES if any(">>>" not in b for _, b in _blocks(p))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_fragments_parse_and_name_what_exists(path: Path) -> None:
    problems = []
    for line, body in _blocks(path):
        if ">>>" in body:
            continue
        try:
            tree = ast.parse(body)
        except SyntaxError as exc:
            problems.append(f"line {line + (exc.lineno or 1)}: {exc.msg}")
            continue
        for dotted, at in _toolwire_names(tree):
            if not _resolves(dotted):
                problems.append(f"line {line + at}: {dotted} does not exist")
    assert not problems, "\n".join(problems)


def test_the_name_check_can_fail() -> None:
    names = dict(_toolwire_names(ast.parse("import toolwire.stream\nfrom toolwire import decode, nope\n"
                                           "toolwire.stream.accumulate(x)\ntoolwire.gone(y)\n")))
    assert set(names) == {"toolwire.stream", "toolwire.decode", "toolwire.nope", "toolwire.stream.accumulate",
                          "toolwire.gone"}
    assert [n for n in names if not _resolves(n)] == ["toolwire.nope", "toolwire.gone"]


def _text_examples() -> List[Tuple[str, str, str, str]]:
    """docs/text-formats.md's family examples: (format, model output, the call made, the
    ``TextResult`` shown). A family's ``text`` block is the output; the ``python`` block
    after it the result, under a first line ``decode_text(text, ...)`` when options matter."""
    text = (ROOT / "docs" / "text-formats.md").read_text(encoding="utf-8")
    out = []
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        head = re.match(r"`(text\.[\w.-]+)`", section)
        if head is None:
            continue
        fences = [(m.group(1), m.group(3)) for m in _FENCE.finditer(section)]
        for (lang, before), (next_lang, after) in zip(fences, fences[1:]):
            if lang == "text" and next_lang == "python":
                first, _, rest = after.partition("\n")
                call = first if first.startswith("decode_text(") else f"decode_text(text, {head.group(1)!r})"
                out.append((head.group(1), before, call, rest if call == first else after))
    return out


def test_every_text_family_has_an_example() -> None:
    assert {fmt for fmt, *_ in _text_examples()} == {d.name for d in toolwire.default_registry() if d.name.startswith("text.")}


@pytest.mark.parametrize("fmt, before, call, after",
                         [pytest.param(*e, id=f"{e[0]}[{i}]") for i, e in enumerate(_text_examples())])
def test_text_format_examples_decode_as_shown(fmt: str, before: str, call: str, after: str) -> None:
    names = {"TextResult": toolwire.TextResult, "decode_text": toolwire.decode_text, "text": before,
             **_globals()}
    assert fmt in call
    assert eval(call, names) == eval(after, names)  # noqa: S307 - the docs' own examples


_TEST_PATH = re.compile(r"`(tests/[\w/.-]+\.py)`")


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_test_files_the_docs_cite_exist(path: Path) -> None:
    cited = _TEST_PATH.findall(path.read_text(encoding="utf-8"))
    assert [c for c in cited if not (ROOT / c).is_file()] == []
