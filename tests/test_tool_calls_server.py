"""``ToolCalls`` leaves out the calls a provider runs itself, whatever their neighbours.

README: ``decode_all`` returns the calls the client must run; calls a provider executes
(``server=True``: Anthropic ``server_tool_use``, Gemini code execution...) are
"returned only when asked for" (``include_server=True``), and ``ToolCalls`` has no such
knob. Before, ``ToolCalls([srv])`` kept the server call (the fast path for a list of
``ToolCall`` values) while ``ToolCalls([srv, {...}])`` dropped it (``decode_all``).
"""

from __future__ import annotations

from typing import List

import pydantic
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import ToolCall, ToolCalls

SRV = ToolCall("web_search", {"q": "x"}, "srvtoolu_1", server=True)
G = ToolCall("g", {})


def test_a_server_call_alone_is_left_out() -> None:
    assert ToolCalls([SRV]) == []
    assert ToolCalls((SRV,)) == []
    assert ToolCalls(iter([SRV])) == []


def test_the_same_beside_a_call_value_or_a_dict() -> None:
    assert ToolCalls([SRV, G]) == [G]
    assert ToolCalls([SRV, {"name": "g", "args": {}}]) == [G]
    assert ToolCalls([SRV, G]) == toolwire.decode_all([SRV, G])


def test_the_pydantic_field_too() -> None:
    class Reply(pydantic.BaseModel):
        calls: ToolCalls

    assert Reply.model_validate({"calls": [SRV]}).calls == []
    given_list = ToolCalls([G])
    given_list.append(SRV)  # a list method adds anything
    assert Reply.model_validate({"calls": given_list}).calls == [G]


calls = st.lists(
    st.builds(ToolCall, st.sampled_from(["f", "g", "web_search"]), st.just({}),
              st.one_of(st.none(), st.sampled_from(["c1", "c2"])), server=st.booleans()),
    max_size=4,
)


@given(calls)
@example([SRV])
@example([SRV, G])
def test_the_fast_path_agrees_with_decode_all(values: List[ToolCall]) -> None:
    expected = [c for c in values if not c.server]
    assert ToolCalls(values) == expected
    assert ToolCalls(values) == toolwire.decode_all(values)
    assert ToolCalls([*values, {"name": "h", "args": {}}]) == [*expected, ToolCall("h")]
    assert [c.server for c in ToolCalls(values)] == [False] * len(expected)


def test_a_server_call_in_the_dict_form_too() -> None:
    assert ToolCalls([SRV.as_dict()]) == []
    assert ToolCalls([SRV.as_dict(), G.as_dict()]) == [G]
