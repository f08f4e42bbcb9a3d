"""Whether a Responses stream's final response item is the call the stream ended (under
its ids, at its place, or under fresh ids): JSON-equal arguments are the same call, what
the client would run otherwise (a built-in's action, a function's namespace) another.

- RFC 8259 §6 has one number type: ``1.0`` and ``1``, ``100`` and ``1e2`` are one value
  (a JS or Go gateway re-serialising the final response writes ``1.0`` as ``1``), and
  ``true`` is no number; openai-python's ``get_final_response()`` hands over the final
  item, whose ``json.loads`` equals the streamed arguments.
- A client-run built-in (openai-python ``ResponseFunctionShellToolCall.action.commands``,
  ``ResponseComputerToolCall.action``) or an ``mcp_approval_request`` (``arguments``)
  whose final item asks for another run than its ``output_item.done`` is not guessed
  (an ``InvalidToolCall``), as a second ``output_item.done`` with it already is; so is a
  function of another ``namespace`` (``ResponseFunctionToolCall.namespace``).
- ``"arguments": ""`` is not given (the streaming reference's done item, gateways:
  farion1231/cc-switch#6481): with no delta either, the final item's are the call's.

Every case runs through ``accumulate`` (the hot loop), an ``Accumulator(preview=True)``
and one fed event by event: all three agree.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"
Shape = Tuple[str, Optional[str], Optional[str], Any]


def _calls(events: List[Dict[str, Any]], **kw: Any) -> List[Shape]:
    out = _shape(accumulate(copy.deepcopy(events), D, **kw))
    for acc in (Accumulator(D, preview=True, **kw), Accumulator(D, **kw)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert _shape(acc.close()) == out
    return out


def _shape(calls: List[Any]) -> List[Shape]:
    return [(type(c).__name__, c.name, c.id, c.args if type(c) is ToolCall else None) for c in calls]


def _created() -> Dict[str, Any]:
    return {"type": "response.created", "response": {"id": "r1", "object": "response", "status": "in_progress",
                                                     "output": []}}


def _final(output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": "r1", "object": "response", "status": "completed",
                                                       "output": output}}


def _fc(args: str, status: str = "completed", **kw: Any) -> Dict[str, Any]:
    return {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": args,
            "status": status, **kw}


FRESH = {"id": "fc_9", "call_id": "call_9"}


def _streamed(args: str, deltas: bool = True, **kw: Any) -> List[Dict[str, Any]]:
    events = [_created(), {"type": "response.output_item.added", "output_index": 0,
                           "item": _fc("", "in_progress", **kw)}]
    if deltas:
        events.append({"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
                       "delta": args})
    events.append({"type": "response.output_item.done", "output_index": 0, "item": _fc(args, **kw)})
    return events


# ---- 1. JSON-equal arguments are the same call -----------------------------------------------

@pytest.mark.parametrize("ids", [{}, FRESH])
@pytest.mark.parametrize("streamed, final, args", [
    ('{"a": 1.0}', '{"a":1}', {"a": 1}),
    ('{"n": 100}', '{"n":1e2}', {"n": 100}),
    ('{"a": [1.5, {"b": -0.0}], "c": 2}', '{"c":2.0,"a":[15e-1,{"b":0}]}', {"a": [1.5, {"b": 0}], "c": 2})])
def test_a_final_item_with_the_same_numbers_spelt_otherwise_is_the_call(
        ids: Dict[str, Any], streamed: str, final: str, args: Dict[str, Any]) -> None:
    # before: an InvalidToolCall (the canonical texts "1.0" and "1" differ)
    assert _calls([*_streamed(streamed), _final([_fc(final, **ids)])]) == [("ToolCall", "f", "call_1", args)]


@pytest.mark.parametrize("ids", [{}, FRESH])
@pytest.mark.parametrize("streamed, final", [('{"a": 1}', '{"a": true}'), ('{"a": 0}', '{"a": false}'),
                                             ('{"a": 1}', '{"a": 1.5}')])
def test_a_final_item_with_a_bool_for_a_number_or_another_number_is_another_call(
        ids: Dict[str, Any], streamed: str, final: str) -> None:
    assert _calls([*_streamed(streamed), _final([_fc(final, **ids)])]) == [("InvalidToolCall", "f", "call_1", None)]


# ---- 2. what the client would run -------------------------------------------------------------

def _sh(cmds: List[str], status: str = "completed", **kw: Any) -> Dict[str, Any]:
    return {"type": "shell_call", "id": "sh_1", "call_id": "call_1", "action": {"commands": cmds, **kw},
            "status": status}


def _cu(action: Dict[str, Any], status: str = "completed") -> Dict[str, Any]:
    return {"type": "computer_call", "id": "cu_1", "call_id": "call_1", "action": action,
            "pending_safety_checks": [], "status": status}


def _ar(args: str, **kw: Any) -> Dict[str, Any]:
    return {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "gh", "name": "delete_repo",
            "arguments": args, **kw}


def _built_in(streamed: Dict[str, Any], final: Dict[str, Any]) -> List[Dict[str, Any]]:
    added = {**streamed, "status": "in_progress"} if "status" in streamed else streamed
    return [_created(), {"type": "response.output_item.added", "output_index": 0, "item": added},
            {"type": "response.output_item.done", "output_index": 0, "item": streamed}, _final([final])]


@pytest.mark.parametrize("streamed, final", [
    (_sh(["ls"]), _sh(["rm -rf build"])),
    (_cu({"type": "screenshot"}), _cu({"type": "click", "x": 1, "y": 2, "button": "left"})),
    (_ar('{"repo": "a"}'), _ar('{"repo": "b"}')),
    (_ar('{"repo": "a"}'), _ar('{"repo": "a"}', name="archive_repo"))])
def test_a_built_in_final_item_under_its_ids_asking_another_run_is_not_guessed(
        streamed: Dict[str, Any], final: Dict[str, Any]) -> None:
    # before: the streamed ["ls"] (the screenshot, the approval of repo a) ran, the final item passed over
    assert [c[0] for c in _calls(_built_in(streamed, final), include_server=True)] == ["InvalidToolCall"]


@pytest.mark.parametrize("streamed, final", [
    (_sh(["ls"]), _sh(["ls"], max_output_length=None)),
    (_sh(["ls"]), _sh(["ls"], status="completed")),
    (_cu({"type": "click", "x": 1.0, "y": 2, "button": "left"}), _cu({"type": "click", "x": 1, "y": 2.0,
                                                                       "button": "left"})),
    (_ar('{"repo": "a", "n": 1.0}'), _ar('{"n":1,"repo":"a"}')),
    (_ar('{"repo": "a"}'), _ar(""))])
def test_a_built_in_final_item_under_its_ids_asking_the_same_run_keeps_the_call(
        streamed: Dict[str, Any], final: Dict[str, Any]) -> None:
    # (a field the SDK writes ``null`` is none; numbers by value; empty arguments are not given)
    assert [c[0] for c in _calls(_built_in(streamed, final), include_server=True)] == ["ToolCall"]


@pytest.mark.parametrize("ids", [{}, FRESH])
def test_a_function_call_of_another_namespace_is_another_call(ids: Dict[str, Any]) -> None:
    # before: the streamed crm.f ran (same ids; under fresh ids until session 37), the final
    # item's billing.f passed over
    events = [*_streamed('{"a": 1}', namespace="crm"), _final([_fc('{"a": 1}', namespace="billing", **ids)])]
    assert _calls(events) == [("InvalidToolCall", "f", "call_1", None)]
    same = [*_streamed('{"a": 1}', namespace="crm"), _final([_fc('{"a":1}', namespace="crm", **ids)])]
    assert _calls(same) == [("ToolCall", "f", "call_1", {"a": 1})]


def _two_streamed(*namespaces: Optional[str]) -> List[Dict[str, Any]]:
    """f(a=1) streamed twice, as call_1 and call_2, each in its namespace (``None``: none given)."""
    events = [_created()]
    for i, ns in enumerate(namespaces):
        kw: Dict[str, Any] = {"id": f"fc_{i + 1}", "call_id": f"call_{i + 1}"}
        if ns is not None:
            kw["namespace"] = ns
        events += [{"type": "response.output_item.added", "output_index": i, "item": _fc("", "in_progress", **kw)},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "item_id": kw["id"],
                    "delta": '{"a": 1}'},
                   {"type": "response.output_item.done", "output_index": i, "item": _fc('{"a": 1}', **kw)}]
    return events


def _fresh(*namespaces: Optional[str]) -> List[Dict[str, Any]]:
    return [_fc('{"a": 1}', id=f"fc_{9 - i}", call_id=f"call_{9 - i}", **({} if ns is None else {"namespace": ns}))
            for i, ns in enumerate(namespaces)]


@pytest.mark.parametrize("streamed, final", [
    (("crm", None), ("billing", "crm")),  # (billing.f is call_2's, crm.f call_1's)
    (("crm", "billing"), (None, "crm")),  # (f is billing.f's: one left out is none)
    ((None, "crm"), ("billing", None)),  # (billing.f is call_1's, f call_2's)
    ((None, "crm"), ("crm", "billing")),
])
def test_fresh_ids_pair_namespaces_where_a_pairing_exists(streamed: Tuple[Optional[str], ...],
                                                         final: Tuple[Optional[str], ...]) -> None:
    # before (session 37's first fix): the item at a call's place took it when one namespace was left
    # out, and the item that could only be that call's made the other call an InvalidToolCall
    events = [*_two_streamed(*streamed), _final(_fresh(*final))]
    assert _calls(events) == [("ToolCall", "f", "call_1", {"a": 1}), ("ToolCall", "f", "call_2", {"a": 1})]


def test_fresh_ids_with_no_pairing_of_namespaces_are_not_guessed() -> None:
    # (two crm.f streamed, a billing.f in the final: one of them is another call)
    events = [*_two_streamed("crm", "crm"), _final(_fresh("crm", "billing"))]
    assert [c[0] for c in _calls(events)] == ["ToolCall", "InvalidToolCall"]


def test_fresh_ids_never_take_a_call_elsewhere_before_an_item_at_its_place() -> None:
    # before (session 37's second fix): crm.f at output_index 0 took call_2 (crm.f at 1) as one
    # elsewhere before the crm.f at 1 claimed it at its place; that item was added: three calls
    # ran from a response of two, crm.f(a=1) twice
    events = [*_two_streamed("billing", "crm"), _final(_fresh("crm", "crm"))]
    assert _calls(events) == [("InvalidToolCall", "f", "call_1", None), ("ToolCall", "f", "call_2", {"a": 1})]


def _streamed_calls(*calls: Tuple[Optional[str], str]) -> List[Dict[str, Any]]:
    """f streamed once per (namespace, arguments), as call_1, call_2..."""
    events = [_created()]
    for i, (ns, args) in enumerate(calls):
        kw: Dict[str, Any] = {"id": f"fc_{i + 1}", "call_id": f"call_{i + 1}"}
        if ns is not None:
            kw["namespace"] = ns
        events += [{"type": "response.output_item.added", "output_index": i, "item": _fc("", "in_progress", **kw)},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "item_id": kw["id"],
                    "delta": args},
                   {"type": "response.output_item.done", "output_index": i, "item": _fc(args, **kw)}]
    return events


def test_fresh_ids_never_run_more_calls_than_the_final_response_holds() -> None:
    # before: billing.f(a=1) streamed last paired with no item (the crm.f(a=1) item could not be
    # it, its place taken) ran, and that item was added as a call the stream never carried: five
    # calls ran from a response of four
    a1, a2 = '{"a": 1}', '{"a": 2}'
    events = [*_streamed_calls(("crm", a2), ("billing", a1), ("crm", a2), ("billing", a1)),
              _final([_fc(a, id=f"fc_{9 - i}", call_id=f"call_{9 - i}", **({} if ns is None else {"namespace": ns}))
                      for i, (ns, a) in enumerate([(None, a1), ("crm", a1), ("crm", a2), ("crm", a2)])])]
    assert _calls(events) == [("ToolCall", "f", "call_1", {"a": 2}), ("ToolCall", "f", "call_2", {"a": 1}),
                              ("ToolCall", "f", "call_3", {"a": 2}), ("InvalidToolCall", "f", "call_4", None)]


# ---- 3. no arguments streamed: the final item's ------------------------------------------------

@pytest.mark.parametrize("ids", [{}, FRESH])
def test_a_call_streamed_without_arguments_takes_the_final_items(ids: Dict[str, Any]) -> None:
    # before: an InvalidToolCall (same ids; ``{}`` against the final's); openai-python's final: {"a": 1}
    events = [*_streamed("", deltas=False), _final([_fc('{"a": 1}', **ids)])]
    assert _calls(events) == [("ToolCall", "f", "call_1", {"a": 1})]


def test_a_call_streamed_with_empty_object_arguments_keeps_them() -> None:
    # ``{}`` streamed is given: the final's other arguments contradict them
    events = [*_streamed("{}"), _final([_fc('{"a": 1}')])]
    assert _calls(events) == [("InvalidToolCall", "f", "call_1", None)]


# ---- 4. a resumed stream that overlaps what was read, up to the same final event ---------------

@pytest.mark.parametrize("after", [1, 2])
def test_a_resumed_stream_overlapping_the_read_response_never_runs_its_call_twice(after: int) -> None:
    """``retrieve(id, stream=True, starting_after=N)`` (openai-python
    ``resources/responses/responses.py``) appended to what was read: the events after
    event N again, ending with the same response's final event (its ``id``, its output)."""
    events = [_created(), {"type": "response.in_progress", "response": {"id": "r1", "status": "in_progress",
                                                                         "output": []}},
              *_streamed('{"a": 1}')[1:], _final([_fc('{"a": 1}')])]
    calls = _calls([*events, *copy.deepcopy(events[after + 1:])])
    # before: [ToolCall call_1, ToolCall call_1], both runnable
    assert [c for c in calls if c[0] == "ToolCall"] == [("ToolCall", "f", "call_1", {"a": 1})]


def test_a_resumed_stream_overlapping_mid_response_never_runs_a_call_only_in_the_final_twice() -> None:
    """Resumed after the first call's ``output_item.done`` (``starting_after``): the second
    call streamed again, then the same final event; the first call is only in that final
    event's output, and is the call read before (revR2's F6 variant)."""
    def fc(n: int, args: str, status: str = "completed") -> Dict[str, Any]:
        return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": "f", "arguments": args,
                "status": status}
    events: List[Dict[str, Any]] = [_created()]
    for i, args in enumerate(('{"a": 1}', '{"b": 2}')):
        events += [{"type": "response.output_item.added", "output_index": i, "item": fc(i + 1, "", "in_progress")},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "item_id": f"fc_{i + 1}",
                    "delta": args},
                   {"type": "response.output_item.done", "output_index": i, "item": fc(i + 1, args)}]
    events.append(_final([fc(1, '{"a": 1}'), fc(2, '{"b": 2}')]))
    for n, e in enumerate(events):
        e["sequence_number"] = n
    calls = _calls([*events, *copy.deepcopy(events[4:])])
    # before: [ToolCall call_1, ToolCall call_2, ToolCall call_1, InvalidToolCall call_2]
    assert [c for c in calls if c[0] == "ToolCall"] == [("ToolCall", "f", "call_1", {"a": 1}),
                                                        ("ToolCall", "f", "call_2", {"b": 2})]
    assert len(calls) == 3


def test_a_resumed_stream_with_the_same_calls_other_arguments_runs_neither() -> None:
    events = [_created(), *_streamed('{"a": 1}')[1:], _final([_fc('{"a": 1}')])]
    again = [*_streamed('{"a": 2}')[1:], _final([_fc('{"a": 1}')])]
    assert [c[0] for c in _calls([*events, *again])] == ["InvalidToolCall", "InvalidToolCall"]


def test_a_second_response_under_another_id_keeps_its_own_call() -> None:
    second = {"type": "response.created", "response": {"id": "r2", "status": "in_progress", "output": []}}
    events = [_created(), *_streamed('{"a": 1}')[1:], _final([_fc('{"a": 1}')]), second,
              *_streamed('{"a": 1}')[1:],
              {"type": "response.completed", "response": {"id": "r2", "status": "completed",
                                                          "output": [_fc('{"a": 1}')]}}]
    assert [c[0] for c in _calls(events)] == ["ToolCall", "ToolCall"]


# ---- 5. a final event without output, then again with it -----------------------------------------

@pytest.mark.parametrize("first", [None, []])
def test_the_final_event_again_with_other_arguments_after_one_without_output(first: Optional[List[Any]]) -> None:
    """openai-python's ``ResponseStreamState`` recovers a final response without ``output``
    from the done items; the same final event again (its ``id``) holding the call's ids
    with other arguments is another call, as after ``"output": []``."""
    body: Dict[str, Any] = {"id": "r1", "status": "completed"}
    if first is not None:
        body["output"] = first
    events = [*_streamed('{"a": 1}'), {"type": "response.completed", "response": body},
              _final([_fc('{"a": 2}')])]
    # before (no output first): the streamed f({"a": 1}) ran
    assert _calls(events) == [("InvalidToolCall", "f", "call_1", None)]
    same = [*events[:-1], _final([_fc('{"a":1}')])]
    assert _calls(same) == [("ToolCall", "f", "call_1", {"a": 1})]


@pytest.mark.parametrize("ids", [{}, FRESH])
@pytest.mark.parametrize("final_ns", [{}, {"namespace": None}, {"namespace": ""}])
def test_a_final_item_leaving_out_the_namespace_is_the_call(ids: Dict[str, Any], final_ns: Dict[str, Any]) -> None:
    # openai-python ``ResponseFunctionToolCall.namespace: Optional[str] = None``: left out is
    # not given (a gateway re-serialising the final drops it); the call made invalid (revR2)
    events = [*_streamed('{"a": 1}', namespace="crm"), _final([_fc('{"a": 1}', **final_ns, **ids)])]
    assert _calls(events) == [("ToolCall", "f", "call_1", {"a": 1})]


@pytest.mark.parametrize("streamed, final", [
    ({**_sh(["ls"]), "type": "local_shell_call", "action": {"type": "exec", "command": ["ls"], "env": {}}},
     {**_sh(["ls"]), "type": "local_shell_call", "action": {"type": "exec", "command": ["ls"]}}),
    (_cu({"type": "click", "x": 1, "y": 2, "button": "left"}),
     {**_cu({"type": "click", "x": 1, "y": 2, "button": "left"}), "actions": []})])
def test_a_built_in_final_item_leaving_out_an_empty_member_asks_the_same_run(
        streamed: Dict[str, Any], final: Dict[str, Any]) -> None:
    # an empty object or list is none, as ``null`` is (Go's ``omitempty`` drops them); the
    # call was made invalid (revR2)
    assert [c[0] for c in _calls(_built_in(streamed, final), include_server=True)] == ["ToolCall"]
