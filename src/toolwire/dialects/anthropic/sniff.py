"""What ``anthropic.messages`` claims and what its containers hold (see ``messages``).

Follows https://docs.claude.com/en/api/messages (checked 2026-11-30) and
https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool (checked
2026-12-01): the claims on a payload's keys and ``type`` (``gate``, ``sniff``: content
blocks by type, ``Message``, messages, requests, tool definitions and versioned server
tool types; ``named`` adds what the dialect claims once named), the content blocks a
message or request holds (``children``) and the ``stop_reason`` (``finish``). A message
of typed blocks of which none is another dialect's part is claimed whatever the types
(one this version does not know, such as ``compaction``, which
https://platform.claude.com/docs/en/build-with-claude/compaction returns for the history's
front, is passed over when read), and so is one holding a call or result block that lost
its ``type`` (reading it raises there).
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, Optional, Tuple

from ..._access import to_data
from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL
from ..._errors import DecodeError, an, excerpt
from ..._policy import UNFINISHED
from .._common import as_dict, as_list
from .._history_read import foreign
from .._reply_fields import typeless
from ..openai.chat_server import groq_ran
from .tools import NAME, OTHER_BLOCKS

__all__ = ["NOT_OURS", "SERVER_BLOCKS", "TOP_KEYS", "children", "finish", "gate", "signed_thinking", "sniff"]

SERVER_BLOCKS = frozenset({"server_tool_use", "mcp_tool_use"})
_STRONG = frozenset({"tool_use", "tool_result", "thinking", "redacted_thinking", *SERVER_BLOCKS})
NOT_OURS = frozenset({"tool_calls", "function_call", "tool_call_id", "parts", "refusal", "tool_plan"})
_VERSIONED = re.compile(r"[a-z][a-z0-9_]*_\d{8}")  # web_search_20250305, tool_search_tool_bm25_20251119


_KINDS: Dict[str, str] = {
    "tool_use": CALL,
    "server_tool_use": SERVER,
    "mcp_tool_use": SERVER,
    "tool_result": RESULT,
    **{t: OTHER for t in OTHER_BLOCKS},
}
_REASONS = {t: (k, f"a content block of type {t!r}") for t, k in _KINDS.items()}
TOP_KEYS = frozenset({"type", "input_schema", "role", "messages"})


def _block_kind(t: Any) -> Optional[str]:
    if type(t) is not str:
        return None
    kind = _KINDS.get(t)
    if kind is None and t.endswith("_tool_result"):
        return OTHER
    return kind


def signed_thinking(b: Dict[str, Any]) -> bool:
    """Whether the ``thinking`` block *b* has Anthropic's shape: its text a string beside
    its ``signature`` (``ThinkingBlockParam``: both required). Mistral's ``ThinkChunk``
    holds a list of chunks under ``thinking``, Cohere's thinking content no signature."""
    return type(b.get("thinking")) is str and type(b.get("signature")) is str


def _strong(content: Any) -> bool:
    if type(content) is not list:
        return False
    for b in content:
        if type(b) is dict:
            t = b.get("type")
            if type(t) is str and (t in _STRONG or t.endswith("_tool_result")) and (
                t != "thinking" or signed_thinking(b)
            ):
                return True
    return False


def _chunks(b: Any) -> bool:
    """A ``thinking`` block holding a list of chunks: Mistral's ``ThinkChunk``, never Anthropic's."""
    return b.get("type") == "thinking" and type(b.get("thinking")) is list


def _one_block(content: Any) -> bool:
    """A content that is one call, result or thinking block where a list of them belongs."""
    return type(content) is dict and _strong([content])


def _plain(content: Any) -> bool:
    """Text, or a list of typed Anthropic blocks: a message any Anthropic reader takes."""
    if type(content) is str:
        return True
    return type(content) is list and all(type(b) is dict and _block_kind(b.get("type")) and not _chunks(b)
                                         for b in content)


# the parts of other dialects' messages, never an Anthropic block: Chat's (image_url,
# input_audio, file, refusal: https://platform.openai.com/docs/api-reference/chat/create),
# a Responses message item's (input_text, output_text, input_image, input_file, refusal:
# .../responses/create), Mistral's (document_url, reference: https://docs.mistral.ai/api),
# and calls that are items or Chat calls (``_call_part`` of openai.responses names them)
_ELSEWHERE = frozenset({
    "image_url", "input_audio", "file", "refusal", "input_text", "output_text", "input_image", "input_file",
    "document_url", "reference", "function_call", "function_call_output", "custom_tool_call",
    "custom_tool_call_output", "function", "custom", "reasoning",
})
# a block without ``type`` holding these is a tool_use or tool_result that lost it (no
# other dialect's message has such a block: Bedrock's are keyed by kind, ``toolUse``...)
_CALL_KEYS = frozenset({"input", "tool_use_id"})


def _ours(content: Any) -> bool:
    """A list of typed blocks none of which is another dialect's (``_ELSEWHERE``, a Mistral
    ``ThinkChunk``): unknown types are Anthropic blocks of a later API version, passed
    over when read; or a block that lost its ``type`` among them (``_CALL_KEYS``: reading
    raises at it, as "no calls" would drop a call)."""
    if type(content) is not list:
        return False
    for b in content:
        if type(b) is not dict:
            return False
        t = b.get("type")
        if type(t) is str:
            if t in _ELSEWHERE or _chunks(b):
                return False
        elif t is not None or _CALL_KEYS.isdisjoint(b):
            return False
    return True


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """A necessary condition of ``sniff`` on the top-level keys and ``type`` value."""
    if kind is None:  # no "type", or not a string (then only a message with our blocks: ``_odd_type``)
        if TOP_KEYS.isdisjoint(keys):
            return False
        if "role" in keys and not NOT_OURS.isdisjoint(keys):  # another dialect's message...
            return "messages" in keys or ("input_schema" in keys and "name" in keys)  # ...unless role is null
        return True
    return (
        kind in _REASONS
        or kind == "message"
        or kind.endswith("_tool_result")
        or ("name" in keys and ("input_schema" in keys or _VERSIONED.fullmatch(kind) is not None))
        or ("role" in keys and "content" in keys)  # a message whose ``type`` is not "message": ``_odd_type``
    )


_ROLES = ("user", "assistant")
_STRONG_REASONS = {r: (CALLS, f"{an(repr(r))} message with tool_use/tool_result/thinking blocks") for r in _ROLES}
_PLAIN_REASONS = {
    r: (CALLS, f"{an(repr(r))} message of text only (Anthropic and Chat messages look alike)") for r in _ROLES
}
_OURS_REASONS = {r: (CALLS, f"{an(repr(r))} message of typed blocks, none of another dialect's") for r in _ROLES}
_ONE_BLOCK = {
    r: (CALLS, f"{an(repr(r))} message whose content is one tool_use/tool_result/thinking block, not a list")
    for r in _ROLES
}
_MESSAGE_STOP = (CALLS, "type 'message' with 'stop_reason' (an Anthropic Message)")
_MESSAGE_USAGE = (CALLS, "type 'message' with 'usage' (an Anthropic Message)")
_MESSAGE_BLOCKS = (CALLS, "type 'message' with tool_use/tool_result/thinking blocks (an Anthropic Message)")


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or data.keys().isdisjoint(TOP_KEYS):
        return None
    t = data.get("type")
    if t is not None:
        if type(t) is not str:
            return _odd_type(data)
        hit = _REASONS.get(t)
        if hit is not None:
            return hit
        if t.endswith("_tool_result"):
            return OTHER, f"a content block of type {t!r}"
        if t == "message":
            if "stop_reason" in data:
                return _MESSAGE_STOP
            if "usage" in data:
                return _MESSAGE_USAGE
            content = data.get("content")
            if _strong(content):
                return _MESSAGE_BLOCKS
            if _one_block(content):
                return _ONE_BLOCK["assistant"]
            return None
        if "name" in data and ("input_schema" in data or _VERSIONED.fullmatch(t)):
            return TOOL, "a tool definition with 'input_schema' or a versioned server tool type"
        return _odd_type(data)
    if "input_schema" in data and "name" in data:
        return TOOL, "'name' and 'input_schema' (an Anthropic tool definition)"
    role = data.get("role")
    if role is not None:
        if role not in _ROLES or not NOT_OURS.isdisjoint(data.keys()) or (
                "executed_tools" in data and groq_ran(data["executed_tools"])):
            return None  # (the tools Groq ran: a Chat message's, https://console.groq.com/docs/compound)
        content = data.get("content")
        known = "user" if role == "user" else "assistant"  # role may be an equal str subclass
        if _strong(content):
            return _STRONG_REASONS[known]
        if _plain(content):
            return _PLAIN_REASONS[known]
        if _one_block(content):  # claimed so that decoding refuses it: "no calls" would hide one
            return _ONE_BLOCK[known]
        if _ours(content):
            return _OURS_REASONS[known]
        return None
    messages = data.get("messages")
    if type(messages) is list and "toolConfig" not in data and "inferenceConfig" not in data:
        why = _request_signal(data, messages)
        if why:
            return CALLS, f"'messages' with {why} (an Anthropic request)"
    return None


def _odd_type(data: Dict[str, Any]) -> Optional[Tuple[str, str]]:
    """A message of tool_use/tool_result/thinking blocks whose ``type`` is not
    ``"message"`` (a wrapper's ``"Message"``, a number): claimed so that decoding
    refuses it (``children``); no other dialect reads such blocks, and "no calls" would
    hide them."""
    if data.get("role") in _ROLES and _strong(data.get("content")) and NOT_OURS.isdisjoint(data.keys()):
        return CALLS, f"a message with tool_use/tool_result/thinking blocks whose 'type' is {excerpt(data['type'])}"
    return None


def _request_signal(data: Dict[str, Any], messages: Any) -> str:
    system = data.get("system")
    first = system[0] if type(system) is list and system else None
    if type(system) is str or (type(first) is dict and "type" in first):
        return "a top-level 'system'"
    tools = data.get("tools")
    if type(tools) is list and any(type(x) is dict and "input_schema" in x for x in tools):
        return "'input_schema' tools"
    if any(type(m) is dict and _strong(m.get("content")) for m in messages):
        return "tool_use/tool_result/thinking blocks"
    if any(type(m) is dict and _compacted(m.get("content")) for m in messages):
        return "a 'compaction' block"
    return ""


def _compacted(content: Any) -> bool:
    """Whether a message's *content* holds a ``compaction`` block (the front of a
    compacted history: no other dialect has it)."""
    return type(content) is list and any(type(b) is dict and b.get("type") == "compaction" for b in content)


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    if "messages" in data and "content" not in data:
        for i, m in enumerate(as_list(data["messages"], loc + ".messages", NAME)):
            mloc = f"{loc}.messages[{i}]"
            content = as_dict(m, mloc, NAME, "a message").get("content")
            if content is not None and type(content) is not str:
                yield from _blocks(content, mloc + ".content")
        return
    content = data.get("content")
    t = data.get("type")
    if t is not None and t != "message" and "role" in data:  # ``_odd_type``
        raise DecodeError(f"Message at {loc} has 'type' {excerpt(t)}; an {NAME} message's type is 'message'",
                          dialect=NAME, loc=loc + ".type")
    if content is not None and type(content) is not str:
        yield from _blocks(content, loc + ".content")


def _blocks(content: Any, loc: str) -> Iterator[Tuple[Any, str]]:
    if type(content) is dict:  # one block where a list belongs: read as no blocks it would hide a call
        raise DecodeError(
            f"Message content at {loc} must be text or a list of blocks, got one block of type "
            f"{content.get('type')!r}",
            dialect=NAME,
            loc=loc,
        )
    for j, block in enumerate(as_list(content, loc, NAME)):
        bloc = f"{loc}[{j}]"
        b = to_data(block, bloc)
        if type(b) is not dict:
            yield b, bloc  # (a non-object is reported by the walk)
            continue
        t = b.get("type")
        if type(t) is not str:  # never passed over: a typeless block may be a call
            raise typeless(b, bloc, NAME)
        if _block_kind(t) is not None:
            yield b, bloc
        elif t == "function" and type(b.get("function")) is dict:  # a Chat tool call among the blocks
            raise DecodeError(
                f"Content block at {bloc} is an openai.chat tool call, not an {NAME} block", dialect=NAME, loc=bloc
            )
        else:  # an unknown type is passed over (a block of a later API version), another dialect's is not
            foreign(t, bloc, NAME)


def finish(data: Dict[str, Any]) -> Optional[str]:
    """``stop_reason``; ``unfinished`` (``UNFINISHED``) for a ``Message`` whose
    ``stop_reason`` is ``null``: a snapshot of a reply still streaming (``message_start``'s
    message, the SDK stream's ``current_message_snapshot``), its ``input`` a placeholder or
    partly parsed. A message without the key (a history's turn) is finished."""
    reason = data.get("stop_reason")
    if type(reason) is str:
        return reason
    if reason is None and "stop_reason" in data and data.get("type") == "message":
        return UNFINISHED
    return None
