"""The registry from many threads: registering dialects while other threads decode."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Any, List

import toolwire
from toolwire._builtin import default_registry
from toolwire._dialect import CALL

CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
ANTHROPIC = {"type": "tool_use", "id": "toolu_1", "name": "g", "input": {"b": 2}}


def _throwaway(name: str) -> toolwire.Dialect:
    base = toolwire.get_dialect("canonical")
    key = "x-" + name

    def sniff(data: Any) -> Any:
        return (CALL, "a throwaway shape") if type(data) is dict and key in data else None

    def decode_call(item: Any, policy: Any, loc: str) -> toolwire.ToolCall:
        return toolwire.ToolCall(name=name, args={}, id=None)

    return toolwire.Dialect(**{**base.__dict__, "name": name, "sniff": sniff, "decode_call": decode_call,
                               "keys": frozenset({key})})


def test_register_while_decoding() -> None:
    reg = default_registry().copy()  # a copy: the default stays untouched
    stop = threading.Event()
    errors: List[BaseException] = []
    decoded = [0]

    def reader() -> None:
        try:
            while not stop.is_set():
                assert toolwire.decode(CHAT, registry=reg).args == {"a": 1}
                assert toolwire.decode(ANTHROPIC, registry=reg).name == "g"
                assert [c.name for c in toolwire.decode_all([CHAT, ANTHROPIC], registry=reg)] == ["f", "g"]
                assert toolwire.detect(CHAT, registry=reg) == "openai.chat"
                decoded[0] += 1
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    names = [f"throwaway.{i}" for i in range(200)]
    for i, name in enumerate(names):
        reg.register(_throwaway(name), first=i % 2 == 0)
        assert toolwire.decode({"x-" + name: 1}, registry=reg).name == name
    stop.set()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert decoded[0] > 0
    assert all(n in reg for n in names)
    assert "throwaway.0" not in default_registry()


def test_one_winner_when_threads_register_the_same_name() -> None:
    reg = toolwire.Registry()
    barrier = threading.Barrier(8)
    outcomes: List[str] = []

    def register() -> None:
        barrier.wait()
        try:
            reg.register(_throwaway("same"))
            outcomes.append("ok")
        except ValueError:
            outcomes.append("taken")

    threads = [threading.Thread(target=register) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok"] + ["taken"] * 7
    assert reg.names() == ["same"]


def test_shape_cache_under_many_shapes_and_threads() -> None:
    """More key shapes than the detection cache holds, from several threads at once."""
    reg = default_registry().copy()
    errors: List[BaseException] = []

    def shapes(offset: int) -> None:
        try:
            for i in range(3000):
                item = {**CHAT, f"extra_{offset}_{i}": i}
                assert toolwire.decode(item, registry=reg).name == "f"
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=shapes, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_default_registry_is_built_once_under_a_race() -> None:
    code = (
        "import threading, toolwire._builtin as r\n"
        "got = []\n"
        "b = threading.Barrier(8)\n"
        "def f():\n"
        "    b.wait(); got.append(id(r.default_registry()))\n"
        "ts = [threading.Thread(target=f) for _ in range(8)]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(len(set(got)), len(got))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "8"]
