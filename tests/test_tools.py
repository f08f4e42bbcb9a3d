"""The repository's mutation tools point at code and tests that exist: a mutation whose
text no longer occurs (the code moved or changed) or a target whose files or tests are
gone would measure nothing, silently."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (a NamedTuple in it looks its module up)
    spec.loader.exec_module(module)
    return module


def test_every_hand_picked_mutation_finds_its_text_once() -> None:
    classes = _tool("mutation_classes")
    for name, m in classes.MUTATIONS.items():
        text = (ROOT / m.path).read_text("utf-8")
        assert text.count(m.old) == 1, f"{name}: its text occurs {text.count(m.old)} times in {m.path}"
        assert m.old != m.new
        for test in m.tests:
            assert (ROOT / test).exists(), f"{name}: {test} is gone"


def test_every_mutation_target_has_its_files_and_tests() -> None:
    mutation = _tool("mutation")
    for target, (globs, tests) in mutation.TARGETS.items():
        for pattern in globs:
            assert list(ROOT.glob(pattern)), f"{target}: {pattern} matches nothing"
        for test in tests:
            if test.startswith("-"):
                continue
            assert (ROOT / test.split("::")[0]).exists(), f"{target}: {test} is gone"
