"""The registry from many threads: registering dialects while other threads decode."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Any, Dict, List

import toolwire
import toolwire.response
from toolwire import _derived
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


# --- a shape planned while ``register`` runs (the plan of the old state must not be kept) ---

def _claiming(name: str, key: str) -> toolwire.Dialect:
    """A dialect first in line for any dict with *key*: its calls are named ``<name>:<call name>``."""
    base = toolwire.get_dialect("canonical")

    def sniff(data: Any) -> Any:
        return (CALL, "its marker") if type(data) is dict and key in data else None

    def decode_call(item: Any, policy: Any, loc: str) -> toolwire.ToolCall:
        fn = item.get("function")
        inner = fn["name"] if type(fn) is dict else item["name"]
        return toolwire.ToolCall(name=f"{name}_{inner}", args={}, id=None)

    return toolwire.Dialect(**{**base.__dict__, "name": name, "aliases": (), "sniff": sniff, "detect": None,
                               "decode_call": decode_call, "keys": frozenset({key}), "gate": None})


class _Pause:
    """Pauses the first thread that calls it (``hold``) until ``go`` is set."""

    def __init__(self) -> None:
        self.inside, self.go = threading.Event(), threading.Event()

    def hold(self) -> None:
        if not self.go.is_set() and not self.inside.is_set():
            self.inside.set()
            assert self.go.wait(10)


def _gated(pause: _Pause, key: str) -> toolwire.Dialect:
    """A dialect that never claims, whose ``gate`` (asked while a shape with *key* is planned) pauses."""
    base = toolwire.get_dialect("canonical")

    def gate(keys: Any, kind: Any) -> bool:
        pause.hold()
        return False

    return toolwire.Dialect(**{**base.__dict__, "name": "gated", "aliases": (), "gate": gate,
                               "keys": frozenset({key})})


def _register_while_planned(reg: toolwire.Registry, pause: _Pause, plan: Any, new: toolwire.Dialect) -> None:
    """*plan* runs in a thread and is paused while it plans; *new* is registered (first)
    meanwhile; then the plan goes on and ends."""
    errors: List[BaseException] = []

    def run() -> None:
        try:
            plan()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    t = threading.Thread(target=run)
    t.start()
    assert pause.inside.wait(10)
    reg.register(new, first=True)  # returns while the other thread still plans from the old state
    pause.go.set()
    t.join(10)
    assert not t.is_alive() and not errors, errors


def test_a_shape_planned_while_a_dialect_is_registered_is_planned_again() -> None:
    reg = default_registry().copy()
    pause = _Pause()
    reg.register(_gated(pause, "acme_version"))
    item = {**ANTHROPIC, "acme_version": 1}
    _register_while_planned(reg, pause, lambda: toolwire.decode(item, registry=reg), _claiming("acme", "acme_version"))
    # the racing decode may answer from either state; every decode after ``register`` returned
    # asks the dialect registered first
    assert toolwire.decode(item, registry=reg) == toolwire.ToolCall("acme_g", {}, None)
    assert toolwire.detect(item, registry=reg) == "acme"


def test_a_shape_planned_by_detect_while_a_dialect_is_registered_is_planned_again() -> None:
    reg = default_registry().copy()
    pause = _Pause()
    reg.register(_gated(pause, "acme_version"))
    item = {**ANTHROPIC, "acme_version": 1}
    _register_while_planned(reg, pause, lambda: toolwire.detect(item, registry=reg), _claiming("acme", "acme_version"))
    assert toolwire.detect(item, registry=reg) == "acme"
    assert toolwire.decode(item, registry=reg).name == "acme_g"


def test_the_one_step_chat_shape_planned_while_a_dialect_is_registered_is_planned_again() -> None:
    reg = default_registry().copy()
    pause = _Pause()
    reg.register(_gated(pause, "function"))  # asked about Chat's plain item; declines it (one step stays)
    _register_while_planned(reg, pause, lambda: toolwire.decode(CHAT, registry=reg), _claiming("acme", "function"))
    assert toolwire.decode(CHAT, registry=reg) == toolwire.ToolCall("acme_f", {}, None)


class _PausingMap(Dict[str, Any]):
    """``sdk_calls`` whose membership test (asked while a class is planned) pauses."""

    pause: _Pause

    def __contains__(self, key: object) -> bool:
        self.pause.hold()
        return dict.__contains__(self, key)


def test_an_sdk_class_planned_while_a_dialect_is_registered_is_planned_again() -> None:
    base = toolwire.get_dialect("canonical")
    Call = type("Call", (), {"__module__": "acmesdk"})
    pause = _Pause()

    def sdk(name: str, paused: bool) -> toolwire.Dialect:
        def decode_call(item: Any, policy: Any, loc: str) -> toolwire.ToolCall:
            return toolwire.ToolCall(name=f"{name}_{item['name']}", args={}, id=None)

        readers = _PausingMap() if paused else {}
        readers["acmesdk:Call"] = lambda o: {"name": o.name, "args": {}}
        if paused:
            readers.pause = pause
        return toolwire.Dialect(**{**base.__dict__, "name": name, "aliases": (), "decode_call": decode_call,
                                   "sdk_calls": readers})

    reg = default_registry().copy()
    reg.register(sdk("old", True))
    obj = Call()
    obj.name = "f"
    _register_while_planned(reg, pause, lambda: toolwire.decode(obj, registry=reg), sdk("new", False))
    assert toolwire.decode(obj, registry=reg) == toolwire.ToolCall("new_f", {}, None)


# --- a derived table's build runs third-party code that asks toolwire (no lock held) ------

_MESSAGE_START = {"type": "message_start", "proxy": 1, "message": {
    "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": "m", "stop_reason": None,
    "usage": {"input_tokens": 1, "output_tokens": 1}}}
_REPLY = {"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "stop_reason": "end_turn",
          "content": [{"type": "text", "text": "hi"}], "usage": {"input_tokens": 1, "output_tokens": 1}}


def _proxy(detect: Any) -> toolwire.Dialect:
    """An Anthropic-compatible proxy's dialect: its stream refines Anthropic's (chunks with a "proxy" field)."""
    anthropic = toolwire.get_dialect("anthropic.messages")
    return toolwire.Dialect(**{**anthropic.__dict__, "name": "acme.proxy", "aliases": (), "stream_detect": detect,
                               "structured": ()})


def _in_thread(fn: Any) -> Any:
    """*fn*'s answer, run in a thread given 30 s (a deadlock fails the test instead of hanging it)."""
    out: List[Any] = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "deadlocked"
    assert out, "raised (see the thread's traceback)"
    return out[0]


def test_a_stream_detect_that_asks_toolwire_does_not_deadlock() -> None:
    from toolwire.stream import detect_stream

    def detect(chunk: Any) -> bool:  # asks the default registry, whose table may not be built yet
        return detect_stream(chunk) == "anthropic.messages" and "proxy" in chunk

    reg = default_registry().copy()
    reg.register(_proxy(detect), first=True)
    _derived._tables.pop(default_registry(), None)  # the default registry's tables: not built yet either
    _derived._last.clear()
    assert _in_thread(lambda: detect_stream(_MESSAGE_START, registry=reg)) == "acme.proxy"
    assert _in_thread(lambda: toolwire.response.normalize(_REPLY).text) == "hi"  # no lock left held
    assert not _derived._lock.locked()


def test_a_stream_detect_that_asks_its_own_registry_does_not_deadlock_or_recurse() -> None:
    from toolwire.stream import detect_stream

    reg = default_registry().copy()

    def detect(chunk: Any) -> bool:  # asks its own registry, whose stream table it is called to build
        if "inner" in chunk:
            return False
        return detect_stream({**chunk, "inner": 1}, registry=reg) == "anthropic.messages" and "proxy" in chunk

    reg.register(_proxy(detect), first=True)
    assert _in_thread(lambda: detect_stream(_MESSAGE_START, registry=reg)) == "acme.proxy"
    plain = {k: v for k, v in _MESSAGE_START.items() if k != "proxy"}
    assert _in_thread(lambda: detect_stream(plain, registry=reg)) == "anthropic.messages"


def test_a_table_is_built_from_the_order_it_serves_and_the_first_one_stored_wins() -> None:
    reg = default_registry().copy()
    built: List[Any] = []
    inside, go = threading.Event(), threading.Event()

    def build(order: Any) -> Any:  # the first build pauses until a second one has been stored
        table = object()
        built.append(table)
        if len(built) == 1:
            inside.set()
            assert go.wait(10)
        return table

    got: List[Any] = []
    t = threading.Thread(target=lambda: got.append(_derived.derived(build, reg)))
    t.start()
    assert inside.wait(10)
    second = _derived.derived(build, reg)  # not held up by the paused build
    go.set()
    t.join(10)
    assert second is built[1] and got == [built[1]]  # the first stored wins, for both callers
    assert _derived.derived(build, reg) is second and len(built) == 2
