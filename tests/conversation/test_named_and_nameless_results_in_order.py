"""Results with one shared id, some naming their tool and some not, answer the calls in
the order they arrive (docs/conversations.md: "each result then answers the earliest call
before it with its id still unanswered (and its name, if it names one)").

DeepSeek and GLM give the parallel calls of one reply one id; a Mistral tool message
carries ``name``, an OpenAI one none, so a history merged from both mixes them. Written to
Gemini each ``functionResponse.name`` must be its own call's ("Matches
[FunctionCall.name]", https://ai.google.dev/api/caching#FunctionResponse); the first
nameless output of h used to be sent as g's.
"""

from __future__ import annotations

from typing import List, Tuple

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, check_conversation, encode_conversation


def _conv(*results: ToolResult) -> Conversation:
    return Conversation([
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("h", {"n": 1}, "call_0"), ToolCall("g", {"n": 2}, "call_0"),
                              ToolCall("h", {"n": 3}, "call_0")]),
        Message("tool", list(results)),
    ])


def _gemini(conv: Conversation) -> List[Tuple[str, str]]:
    """(name, output) of each function response, in the order of the outputs (Gemini's
    are written in call order)."""
    out = encode_conversation(conv, "gemini")
    return sorted((p["functionResponse"]["name"], p["functionResponse"]["response"]["output"])
                  for c in out["contents"] for p in c["parts"] if "functionResponse" in p)


def test_nameless_results_before_a_named_one_answer_the_first_calls() -> None:
    conv = _conv(ToolResult("call_0", None, "out-h-1"), ToolResult("call_0", None, "out-g-2"),
                 ToolResult("call_0", "h", "out-h-3"))
    assert _gemini(conv) == sorted([("h", "out-h-1"), ("g", "out-g-2"), ("h", "out-h-3")])
    assert [p.kind for p in check_conversation(conv, "gemini")] == ["duplicate-id", "duplicate-id"]


def test_a_named_result_first_answers_the_first_call_of_its_tool() -> None:
    conv = _conv(ToolResult("call_0", "h", "out-h-1"), ToolResult("call_0", None, "out-g-2"),
                 ToolResult("call_0", None, "out-h-3"))
    assert _gemini(conv) == sorted([("h", "out-h-1"), ("g", "out-g-2"), ("h", "out-h-3")])


def test_a_nameless_result_passes_over_a_call_a_later_named_one_needs() -> None:
    # the two results answer h#1 and g; the named h must get the one h call answered
    conv = Conversation([
        Message("user", [Text("q")]),
        Message("assistant", [ToolCall("h", {"n": 1}, "call_0"), ToolCall("g", {"n": 2}, "call_0")]),
        Message("tool", [ToolResult("call_0", None, "out-g"), ToolResult("call_0", "h", "out-h")]),
    ])
    assert _gemini(conv) == [("g", "out-g"), ("h", "out-h")]  # sorted by name
    assert [p.kind for p in check_conversation(conv, "gemini")] == ["duplicate-id"]
