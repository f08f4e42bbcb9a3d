"""Check a request fragment against the target SDK's own request types (test helper).

openai ``ChatCompletionMessageParam`` / ``ResponseInputParam``, anthropic
``MessageParam`` / ``TextBlockParam``, google-genai ``types.Content``, mistralai
``ChatCompletionRequestMessage``, cohere ``ChatMessageV2``, ollama ``Message``, and for
Bedrock (boto3 has no typed request classes) botocore's own parameter validator on
the ``Converse`` input shape of its service model.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Tuple, Union

from pydantic import TypeAdapter

from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Media,
    Other,
    Reasoning,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)
from toolwire.dialects.gemini.compat_signature import compat_signed
from toolwire.dialects.gemini.history import signed

_CACHE: Dict[str, Any] = {}

TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
           "cohere.v2", "ollama"]


def _force(x: Any) -> None:
    """Pydantic validates ``Iterable[...]`` fields lazily: walk everything once."""
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif type(v).__name__ == "ValidatorIterator":
            stack.extend(list(v))


def _adapter(key: str, make: Any) -> Any:
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def _strict(shape: Any, path: str, value: Any) -> List[str]:
    """What botocore's ParamValidator lets through and the service model refuses: a
    string not in its enum, longer than its max, or not matching its pattern (whole); a
    list longer than its max; a union holding not exactly one member."""
    out: List[str] = []
    stack = [(shape, path, value)]
    while stack:
        sh, p, v = stack.pop()
        t, md = sh.type_name, sh.metadata
        if t == "structure" and isinstance(v, dict) and not getattr(sh, "is_document_type", False):
            if md.get("union") and len(v) != 1:
                out.append(f"{p}: a union with {len(v)} members")
            stack.extend((sh.members[k], f"{p}.{k}", x) for k, x in v.items() if k in sh.members)
        elif t == "list" and isinstance(v, list):
            if "max" in md and len(v) > md["max"]:
                out.append(f"{p}: {len(v)} items > max {md['max']}")
            stack.extend((sh.member, f"{p}[{i}]", x) for i, x in enumerate(v))
        elif t == "map" and isinstance(v, dict):
            stack.extend((sh.value, f"{p}.{k}", x) for k, x in v.items())
        elif t == "string" and isinstance(v, str):
            if getattr(sh, "enum", None) and v not in sh.enum:
                out.append(f"{p}: {v!r} not in {sh.name}'s enum")
            if "max" in md and len(v) > md["max"]:
                out.append(f"{p}: {len(v)} characters > max {md['max']}")
            if "pattern" in md and not re.fullmatch(md["pattern"], v):
                out.append(f"{p}: {v!r} does not match {sh.name}'s pattern {md['pattern']}")
    return out


def check_fragment(dialect: str, frag: Dict[str, Any]) -> None:
    """Raises when *frag* is not what *dialect*'s SDK accepts as a request's history."""
    if dialect == "openai.chat":
        from openai.types.chat import ChatCompletionMessageParam

        assert set(frag) == {"messages"}
        _force(_adapter(dialect, lambda: TypeAdapter(List[ChatCompletionMessageParam])).validate_python(frag["messages"]))
    elif dialect == "openai.responses":
        from openai.types.responses import ResponseInputParam

        assert set(frag) <= {"input", "instructions"}
        assert isinstance(frag.get("instructions", ""), str)
        _force(_adapter(dialect, lambda: TypeAdapter(ResponseInputParam)).validate_python(frag["input"]))
    elif dialect == "anthropic.messages":
        from anthropic.types import MessageParam, TextBlockParam

        assert set(frag) <= {"messages", "system"}
        _force(_adapter(dialect, lambda: TypeAdapter(List[MessageParam])).validate_python(frag["messages"]))
        if "system" in frag:
            _force(_adapter("a.sys", lambda: TypeAdapter(Union[str, List[TextBlockParam]])).validate_python(frag["system"]))
    elif dialect == "gemini":
        from google.genai import types

        assert set(frag) <= {"contents", "systemInstruction", "system_instruction"}
        for c in frag["contents"]:
            types.Content.model_validate(c)
        for k in ("systemInstruction", "system_instruction"):
            if k in frag:
                types.Content.model_validate(frag[k])
    elif dialect == "bedrock.converse":
        try:
            import botocore.session as botocore_session
            from botocore.validate import ParamValidator
        except ImportError:  # without botocore: the ContentBlock union holds exactly one member
            for m in frag["messages"]:
                assert m["role"] in ("user", "assistant") and all(len(b) == 1 for b in m["content"]), m
            return

        def shape() -> Any:
            model = botocore_session.get_session().get_service_model("bedrock-runtime")
            return model.operation_model("Converse").input_shape

        report = ParamValidator().validate({"modelId": "m", **frag}, _adapter(dialect, shape))
        assert not report.has_errors(), report.generate_report()
        bad = _strict(_adapter(dialect, shape), "$", {"modelId": "m", **frag})
        assert not bad, bad
    elif dialect == "mistral":
        try:  # mistralai 2.x
            from mistralai.client.models import ChatCompletionRequestMessage
        except ImportError:  # mistralai 1.x (installed beside the oldest pydantic)
            from mistralai.models import Messages as ChatCompletionRequestMessage  # type: ignore[no-redef]

        assert set(frag) == {"messages"}
        ta = _adapter(dialect, lambda: TypeAdapter(List[ChatCompletionRequestMessage]))
        _force(ta.validate_python(frag["messages"]))
    elif dialect == "cohere.v2":
        import cohere

        assert set(frag) == {"messages"}
        _adapter(dialect, lambda: TypeAdapter(List[cohere.ChatMessageV2])).validate_python(frag["messages"])
    elif dialect == "ollama":
        import ollama

        assert set(frag) == {"messages"}
        for m in frag["messages"]:
            if "images" in m:  # the wire's base64 strings are what the SDK's Image serializes to
                m = {**m, "images": [ollama.Image(value=b) for b in m["images"]]}
            ollama.Message.model_validate(m)
    else:  # pragma: no cover
        raise AssertionError(f"no SDK type known for {dialect}")


def summary(conv: Conversation) -> List[Dict[str, Any]]:
    """The corpus README's summary of a history (one entry per message)."""
    out = []
    for m in conv.messages:
        parts = []
        for p in m.parts:
            t = type(p)
            if t is Text:
                parts.append("text")
            elif t in (ToolCall, InvalidToolCall):
                parts.append(f"tool_call:{p.id or 'null'}:{p.name}")  # type: ignore[union-attr]
            elif t is ToolResult:
                parts.append(f"tool_result:{p.id or 'null'}")  # type: ignore[union-attr]
            elif t is Reasoning:
                parts.append("reasoning")
            elif t is Media:
                parts.append("image")
            else:
                assert t is Other
                parts.append("other:" + p.type)  # type: ignore[union-attr]
        out.append({"role": m.role, "parts": parts})
    return out


def content(conv: Conversation) -> Tuple[List[str], List[Tuple[str, Any]], int]:
    """Texts (in order), calls (name, args) and the number of results."""
    texts = [p.text for m in conv.messages for p in m.parts if type(p) is Text]
    calls = [(c.name, c.args) for c in conv.calls]
    return texts, calls, len(conv.results)


def convert_checked(conv: Conversation, target: str) -> Any:
    """*conv* encoded for *target*: accepted by the target SDK's types, with the same
    calls, results, texts and pairing; or ``None`` after an ``EncodeError`` that
    names content without a documented equivalent in *target*."""
    report: List[Any] = []
    try:
        out = encode_conversation(conv, target, report=report)
    except EncodeError as exc:
        # only content with no documented equivalent in the target may stop a conversion
        kinds = {type(p) for m in conv.messages for p in m.parts}
        rich = any(
            isinstance(r.content, list) and any(x.get("type") not in ("text", "json") for x in r.content)
            for r in conv.results
        )
        assert Media in kinds or Other in kinds or rich, exc
        assert any(w in str(exc) for w in ("cannot", "no documented equivalent", "holds only", "holds text and")), exc
        return None
    check_fragment(target, out)
    back = decode_conversation(out, target)
    texts, calls, n_results = content(back)
    want_texts, want_calls, want_results = content(conv)
    assert calls == want_calls
    assert n_results == want_results
    joined = "\n\n".join(texts)
    assert [t for t in want_texts if t not in joined] == []  # merged texts are joined, never lost
    assert [p.kind for p in check_conversation(back)] == [p.kind for p in check_conversation(conv, target)]
    dropped = {p.kind for p in report}
    assert dropped <= {"reasoning-dropped", "dropped", "moved", "inserted", "converted", "mixed-turn"}
    assert ("mixed-turn" in dropped) <= (target == "bedrock.converse")
    reasoning = [p for m in conv.messages for p in m.parts if type(p) is Reasoning]
    carried = [(p.text, claude_signed(p)) for p in reasoning if target in CLAUDE and claude_signed(p)]
    # Gemini's call signatures go to native Gemini from either wire it serves; "openai.chat"
    # writes back only the ones its own calls came with
    has_reasoning = len(carried) < len(reasoning) or (target != "gemini" and any(
        signed(c) and not (target == "openai.chat" and compat_signed(c)) for c in conv.calls))
    assert ("reasoning-dropped" in dropped) == has_reasoning
    kept = [(p.text, claude_signed(p)) for m in back.messages for p in m.parts if type(p) is Reasoning]
    assert kept == carried or target not in CLAUDE
    return out


# https://platform.claude.com/docs/en/build-with-claude/extended-thinking: "signature values are compatible
# across platforms (Claude APIs, Amazon Bedrock, and Vertex AI)"
CLAUDE = ("anthropic.messages", "bedrock.converse")


def claude_signed(p: Reasoning) -> Any:
    """The signature of *p* when it is signed Claude thinking and nothing else: Anthropic's
    ``ThinkingBlockParam`` (type, thinking, signature), Bedrock's ``reasoningContent`` holding a
    ``ReasoningTextBlock`` (text, signature); else ``None``."""
    d = p.data or {}
    if p.dialect == "anthropic.messages" and set(d) == {"type", "thinking", "signature"} and d["type"] == "thinking":
        block = d
    elif p.dialect == "bedrock.converse" and set(d) == {"reasoningContent"}:
        rc = d["reasoningContent"]
        block = rc.get("reasoningText") if type(rc) is dict and set(rc) == {"reasoningText"} else None
        block = block if type(block) is dict and set(block) == {"text", "signature"} else None
    else:
        return None
    sig = block.get("signature") if block is not None else None
    return sig if type(sig) is str and sig else None
