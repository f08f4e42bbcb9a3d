"""A tool name ``NameMap`` made for the target comes back in the model's reply.

The model sees only the mapped name (``fs_read_<hash>`` for an MCP ``fs.read`` sent to
OpenAI, Anthropic, Bedrock or Mistral), so its reply calls that name, and the agent loop
of docs/conversations.md appends the reply to the history as it was decoded. The
history then holds the caller's name and its image for one tool: the image maps to
itself and ``original`` gives the caller's name, with the caller's map or a fresh one,
in either order; a target that takes both names (Gemini) still writes one name per
tool. Wire shapes: https://docs.anthropic.com/en/api/messages (``tool_use``,
``tool_result``), https://platform.openai.com/docs/api-reference/chat (``tool_calls``),
https://ai.google.dev/api/caching#FunctionCall (``functionCall`` / ``functionResponse``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import Conversation, IdMap, Message, NameMap, ToolCall, ToolResult
from toolwire.conversation import Text


def _names(target: str) -> NameMap:
    return NameMap(toolwire.get_dialect(target).names, dialect=target)


def _history() -> Conversation:
    return Conversation([Message("user", [Text("Read a.")]),
                         Message("assistant", [ToolCall("fs.read", {"p": "a"}, "c1")]),
                         Message("tool", [ToolResult("c1", "fs.read", "A")])])


def _reply(name: str) -> Dict[str, Any]:
    """An Anthropic Messages response calling *name* (the only name the model was shown)."""
    return {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "tool_use", "id": "toolu_01A", "name": name, "input": {"p": "b"}}],
            "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 9, "output_tokens": 9}}


def _loop_history(image: str) -> Conversation:
    """The history after the second turn of the docs' loop: the reply appended as decoded,
    and the results named as its calls are."""
    history = _history().append(*toolwire.decode_conversation([_reply(image)], "anthropic.messages").messages)
    calls = history.messages[-1].calls
    return history.append(Message("tool", [ToolResult(c.id, c.name, "B") for c in calls]))


def _call_names(target: str, fragment: Dict[str, Any]) -> List[Optional[str]]:
    key = "contents" if target == "gemini" else "messages"
    out: List[Optional[str]] = []
    for m in fragment[key]:
        if target == "openai.chat":
            out += [tc["function"]["name"] for tc in m.get("tool_calls") or []]
        elif target == "gemini":
            out += [p[k]["name"] for p in m["parts"] for k in ("functionCall", "functionResponse") if k in p]
        elif type(m["content"]) is list:
            out += [b["name"] for b in m["content"] if b.get("type") == "tool_use"]
    return out


def test_a_mapped_name_maps_to_itself() -> None:
    names = _names("openai.chat")
    image = names.map("fs.read")
    assert image != "fs.read"
    assert names.map(image) == image  # was: EncodeError "Tool names 'fs.read' and ... both become ..."
    assert names.original(image) == "fs.read"
    assert names.reverse() == {image: "fs.read"}


def test_the_image_first_then_the_callers_name_is_one_tool() -> None:
    image = _names("openai.chat").map("fs.read")
    names = _names("openai.chat")  # a fresh map (encode_conversation without names=) meets the image first
    assert names.map(image) == image
    assert names.map("fs.read") == image
    assert names.original(image) == "fs.read"
    assert names.reverse() == {image: "fs.read"}


@pytest.mark.parametrize("target", ["anthropic.messages", "openai.chat"])
@pytest.mark.parametrize("shared", [True, False], ids=["names=", "no names="])
def test_the_documented_loop_encodes_the_reply_calling_the_mapped_name(target: str, shared: bool) -> None:
    names = _names("anthropic.messages")
    ids = IdMap(toolwire.get_dialect("anthropic.messages").ids, dialect="anthropic.messages")
    toolwire.encode_conversation(_history(), "anthropic.messages", ids=ids, names=names if shared else None)
    history = _loop_history(names.map("fs.read"))
    mine = _names(target) if shared else None
    out = toolwire.encode_conversation(history, target, names=mine)  # was: EncodeError
    written = _call_names(target, out)
    assert len(written) == 2 and len(set(written)) == 1  # one tool, one name
    if mine is not None:
        assert mine.original(written[0]) == "fs.read"


@pytest.mark.parametrize("first", ["caller", "image"])
def test_a_target_taking_both_names_writes_one(first: str) -> None:
    """Gemini allows ``.``: ``fs.read`` and its image for another target are both valid
    there, but they name one tool, so both are written as one name."""
    image = _names("openai.chat").map("fs.read")
    caller = [Message("assistant", [ToolCall("fs.read", {"p": "a"}, "c1")]),
              Message("tool", [ToolResult("c1", "fs.read", "A")])]
    mapped = [Message("assistant", [ToolCall(image, {"p": "b"}, "c2")]),
              Message("tool", [ToolResult("c2", image, "B")])]
    turns = caller + mapped if first == "caller" else mapped + caller
    names = _names("gemini")
    out = toolwire.encode_conversation(Conversation([Message("user", [Text("Read.")]), *turns]), "gemini",
                                       names=names)
    written = _call_names("gemini", out)
    assert len(written) == 4 and len(set(written)) == 1
    assert names.original(written[0]) == "fs.read"
    declared = toolwire.convert(toolwire.Tool("fs.read", "Read a file", {"type": "object"}), "gemini", names=names)
    assert declared["name"] == written[0]  # the tool is declared under the name its calls carry


def test_convert_of_a_result_named_as_the_reply_named_it() -> None:
    names = _names("mistral")
    call = toolwire.convert(ToolCall("fs.read", {}, "abcdefghi"), to="mistral", names=names)
    image = call["function"]["name"]
    result = toolwire.convert(ToolResult("abcdefghi", image, "ok"), to="mistral", names=names)  # was: EncodeError
    assert result["name"] == image and names.original(image) == "fs.read"


def test_names_that_only_look_mapped_stay_apart() -> None:
    """A name ending in ``_`` and 8 letters or digits is another tool unless it is the
    image of a name the map holds."""
    names = _names("openai.chat")
    image = names.map("fs.read")
    assert names.map("report_20240101") == "report_20240101"
    other = names.map("fs.write")
    assert other != image and names.map("fs_read_" + image[-8:][::-1]) == "fs_read_" + image[-8:][::-1]
    assert names.original(other) == "fs.write" and names.original(image) == "fs.read"
    assert names.map("fs.write") == other and names.map(other) == other


def test_images_are_recognised_with_one_digest_per_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linear: each name is hashed at most twice (once to map it, once to recognise its
    image), however many names that look mapped come before or after it."""
    from toolwire import _names as module

    count = [0]
    real = module._digest_to

    def counted(text: str, rule: Any) -> str:
        count[0] += 1
        return real(text, rule)

    monkeypatch.setattr(module, "_digest_to", counted)
    for n in (50, 200):
        count[0] = 0
        names = _names("openai.chat")
        for i in range(n):  # valid names that look mapped, and dotted ones, interleaved
            names.map(f"tool{i}_{i:08d}")
            names.map(f"ns.tool{i}")
        assert count[0] <= 2 * 2 * n
