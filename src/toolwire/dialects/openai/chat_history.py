"""OpenAI Chat histories (``{"messages": [...]}``), and the Chat-shaped ones of
Mistral, Cohere v2 and Ollama (``chat_like``).

Follows https://platform.openai.com/docs/api-reference/chat/create (checked
2026-12-02): ``system`` / ``developer`` / ``user`` / ``assistant`` / ``tool``
messages; content is a string or a list of parts (``text``, ``image_url`` with an
http(s) or ``data:`` URL, ``input_audio``, ``file``); an assistant message carries
its calls in ``tool_calls`` and each call is answered by one ``tool`` message
(``tool_call_id``) right after it: "messages with role 'tool' must be a response to
a preceding message with 'tool_calls'". The deprecated ``function_call`` (no id)
is read as an id-less call answered by the ``role: "function"`` message; an
assistant's ``refusal`` (the field or a ``refusal`` content part) is its text.
Reasoning rides beside the content on some servers (``reasoning_content``: DeepSeek;
``reasoning``; ``reasoning_details``: OpenRouter; ``thinking``: Ollama,
https://github.com/ollama/ollama/blob/main/docs/api.md) or in ``thinking`` content
blocks (Mistral ``ThinkChunk``, Cohere v2), and goes back to the same dialect only.
Tool-only assistant content is the dialect's (``null``, absent, ``""``: its
``assistant_message`` field).
"""

from __future__ import annotations

import base64
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..._access import to_data
from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, EncodeError, an, excerpt
from ..._types import InvalidToolCall, ToolCall, ToolResult
from ...conversation._values import Media, Message, Other, Part, Reasoning, Text
from .._common import as_dict, scoped
from .._history import call_part, finish_of, foreign, image_url, no_detail, no_key, response_part, texts
from .._result_media import web
from .media import OPENAI_DETAILS, media_of, write_detail

if TYPE_CHECKING:
    from ..._dialect import Dialect
    from ...conversation._writer import Writer

__all__ = ["HISTORY", "chat_like", "read_images"]

_ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant", "tool": "tool",
          "function": "tool"}
# reasoning beside the content: DeepSeek, vLLM / OpenRouter, OpenRouter, Ollama
_REASONING = ("reasoning_content", "reasoning", "reasoning_details", "thinking")


RIGHT_AFTER = Pairing(right_after=True)  # tool messages right after the call's message


def chat_like(
    name: str,
    *,
    plan: Optional[str] = None,
    images: bool = False,
    bridge: Optional[str] = None,
    thinking: bool = False,
    pairing: Pairing = RIGHT_AFTER,
    details: Tuple[str, ...] = (),
) -> HistoryCodec:
    """The history codec of the Chat-shaped dialect *name*: *plan* names its text
    beside calls (Cohere ``tool_plan``), *images* whether messages carry an
    ``images`` list of base64 (Ollama), *bridge* the assistant text written between a
    tool message and a user message written fresh (Mistral answers "Unexpected role
    'user' after role 'tool'"; its clients write a short assistant turn there),
    *thinking* whether ``{"type": "thinking"}`` content blocks are its own reasoning
    (Mistral's ``ThinkChunk``, Cohere's thinking content), *pairing* where its tool
    messages go (right after the call's message), *details* the image ``detail`` values
    its ``image_url`` parts take (``openai.media``)."""
    if bridge is not None and not pairing.after_tool:  # what the history written back as it came meets
        pairing = replace(pairing, after_tool="Unexpected role '{role}' after role 'tool'")

    def content_parts(content: Any, loc: str, assistant: bool) -> Tuple[Part, ...]:
        if content is None or type(content) is str:
            return texts(content)
        if type(content) is not list:
            raise DecodeError(f"Message content at {loc} must be text, null or a list of parts", dialect=name, loc=loc)
        out: List[Part] = []
        for i, p in enumerate(content):
            p = as_dict(p, f"{loc}[{i}]", name, "a content part")
            t = p.get("type")
            if t == "text":  # beside it: cache_control (OpenRouter), a hint only
                out.extend(texts(p.get("text")))
            elif t == "image_url":
                iu = p.get("image_url")
                out.append(media_of(iu.get("url") if type(iu) is dict else iu, p, name))
            elif t == "thinking" and thinking:
                out.append(Reasoning(_thinking_text(p.get("thinking")), name, p))
            elif t == "refusal" and assistant:  # a refusal part is what the assistant said, as the field is
                if type(p.get("refusal")) is not str:
                    raise DecodeError(f"Refusal at {loc}[{i}].refusal must be text", dialect=name,
                                      loc=f"{loc}[{i}].refusal")
                out.extend(texts(p["refusal"]))
            else:
                foreign(t, f"{loc}[{i}]", name, ("openai.chat",))
                out.append(Other(t, name, p))  # type: ignore[arg-type]
        return tuple(out)

    def decode(data: Any, d: Dialect) -> List[Message]:
        loc = "$"
        msgs = data
        if type(data) is dict:
            msgs, loc = data.get("messages"), "$.messages"
        if type(msgs) is not list:
            raise DecodeError(f"{an(name, True)} history needs a list at {loc}", dialect=name, loc=loc)
        out: List[Message] = []
        for i, m in enumerate(msgs):
            where = f"{loc}[{i}]"
            m = as_dict(m, where, name, "a message")
            wire_role = m.get("role")
            role = _ROLES.get(wire_role) if type(wire_role) is str else None
            if role is None:
                response_part(m, where, name, "message", "finish_reason", "choice")
                raise DecodeError(f"Message at {where} has role {m.get('role')!r}", dialect=name, loc=where + ".role")
            no_key(m, "parts", where, name)
            parts: Tuple[Part, ...]
            if role == "tool":
                parts = (d.decode_result(m, where),)
            else:
                side = {k: m[k] for k in _REASONING if m.get(k) not in (None, "", [])}
                head: Tuple[Part, ...] = ()
                if side and role == "assistant":
                    text = next((v for v in side.values() if type(v) is str), "")
                    head = (Reasoning(text, name, side),)
                parts = head + content_parts(m.get("content"), where + ".content", role == "assistant")
                if role == "assistant":  # a refusal is what the assistant said (openai.chat: ``refusal``)
                    refusal = m.get("refusal")
                    if refusal is not None and type(refusal) is not str:
                        raise DecodeError(f"Refusal at {where}.refusal must be text", dialect=name,
                                          loc=where + ".refusal")
                    parts += texts(refusal)
                if plan is not None:
                    parts += texts(m.get(plan))
                if images and m.get("images") is not None:
                    b64 = read_images(m["images"], where + ".images", name)
                    parts += tuple(Media("image", data=b, dialect=name) for b in b64)
                    if b64 != m["images"]:  # the SDK's bytes: base64 on the wire, as written fresh
                        m = {**m, "images": b64}
                fin = finish_of(d, m) if role == "assistant" else None
                calls = m.get("tool_calls")
                if type(calls) is list and role == "assistant":
                    decoded = []  # one tuple at the end: adding to a tuple per call copied it (quadratic)
                    for j, tc in enumerate(calls):
                        tc = as_dict(tc, f"{where}.tool_calls[{j}]", name, "a tool call")
                        fn = tc.get("function")
                        peek = (fn.get("name") if type(fn) is dict else None, tc.get("id"))
                        decoded.append(call_part(d, tc, f"{where}.tool_calls[{j}]", peek, fin))
                    parts += tuple(decoded)
                legacy = m.get("function_call")
                if legacy is not None and role == "assistant":  # deprecated, no id: answered by role "function"
                    fc = as_dict(legacy, where + ".function_call", name, "a function call")
                    parts += (call_part(d, fc, where + ".function_call", (fc.get("name"), None), fin),)
            out.append(Message(role, parts, wire=(name, m, role, parts)))
        return out

    def user_part(p: Part, w: Writer) -> Any:
        t = type(p)
        if t is Text:
            return {"type": "text", "text": p.text}  # type: ignore[union-attr]
        if t is Media:
            m: Media = p  # type: ignore[assignment]
            if m.dialect == name and m.extra is not None:
                return m.extra
            if m.kind != "image":
                raise w.no_media(m, "only images are converted")
            if images:
                if m.data is None:
                    raise w.no_media(m, "Ollama takes images as base64 data only")
                no_detail(m, w)  # (Ollama's images have none)
                return ("images", m.data)
            if m.data is None and not web(m.url):
                raise w.no_media(m, "an image_url part takes an http(s) or data: URL")
            iu = {"url": image_url(m, w)}
            detail = write_detail(m, w, details) if details else None
            if detail is not None:
                iu["detail"] = detail
            return {"type": "image_url", "image_url": iu}
        if t is Reasoning:
            if p.dialect == name:  # type: ignore[union-attr]  # its fields ride on assistant messages only
                raise EncodeError(f"Message {w.index} is a user message holding reasoning", dialect=name)
            return w.reasoning(p)  # type: ignore[arg-type]
        return w.other(p)  # type: ignore[arg-type]

    def content_of(items: List[Any]) -> Any:
        if all(type(x) is dict and x.get("type") == "text" and len(x) == 2 for x in items):
            return "\n\n".join(x["text"] for x in items) if len(items) != 1 else items[0]["text"]
        return items

    def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
        builder = w.d.assistant_message
        assert builder is not None
        out: List[Dict[str, Any]] = []
        merged = _merge_assistants(messages, name)
        legacy = False  # a legacy ``function_call`` was written as decoded: its ``role: "function"`` answer too
        for i, m in merged:
            w.index = i
            orig = m.original(name)
            if orig is not None and (legacy or orig.get("role") != "function"):
                if m.role == "assistant":
                    legacy = orig.get("function_call") is not None
                out.append(orig)
                continue
            if m.role == "assistant":
                legacy = False
                msg = _assistant(m, w, builder)
                if msg is None:
                    w.note("dropped", f"Assistant message {i} holds nothing {name} can take and is left out")
                else:
                    out.append(msg)
                continue
            rest: List[Any] = []
            for p in m.parts:
                if type(p) is ToolResult:
                    if not legacy and p.id is None and scoped(p, name).get("legacy"):
                        # its call was written fresh, as a tool call with an id: a tool message answers it
                        p = p.replace(provider_data={k: v for k, v in p.provider_data.items() if k != name})
                    out.append(w.result(p))
                else:
                    item = user_part(p, w)
                    if item is not None:
                        rest.append(item)
            if not rest:
                if m.role == "system" or (m.role == "user" and not m.parts):
                    _bridge(out, m, i, w)
                    out.append({"role": m.role, "content": ""})
                continue
            imgs = [x[1] for x in rest if type(x) is tuple]
            rest = [x for x in rest if type(x) is not tuple]
            if m.role == "system" and not all(type(x) is dict and x.get("type") == "text" for x in rest):
                raise EncodeError(f"System message {i} holds more than text", dialect=name)
            um: Dict[str, Any] = {"role": "system" if m.role == "system" else "user", "content": content_of(rest)}
            if imgs:
                um["images"] = imgs
            _bridge(out, m, i, w)
            out.append(um)
        if not out:
            raise EncodeError(f"{an(name, True)} request needs at least one message", dialect=name)
        return {"messages": out}

    def _bridge(out: List[Dict[str, Any]], m: Message, i: int, w: Writer) -> None:
        """The *bridge* assistant message before user or system message *m* when a tool
        message comes right before it, noted."""
        if bridge is not None and out and out[-1].get("role") == "tool":
            out.append({"role": "assistant", "content": bridge})
            w.note("inserted", f"An assistant message {bridge!r} is written before {m.role} message {i}: "
                               f"{name} takes no {m.role} message right after a tool message")

    def _assistant(m: Message, w: Writer, builder: Any) -> Optional[Dict[str, Any]]:
        textp: List[str] = []
        content: List[Any] = []  # in order: texts and blocks (other parts, reasoning blocks)
        blocks = False
        items: List[Dict[str, Any]] = []
        side: Dict[str, Any] = {}
        for p in m.parts:
            t = type(p)
            if t is Text:
                textp.append(p.text)  # type: ignore[union-attr]
                content.append({"type": "text", "text": p.text})  # type: ignore[union-attr]
            elif t is ToolCall or t is InvalidToolCall:
                items.append(w.call(p))
            elif t is Reasoning:
                data = w.reasoning(p)  # type: ignore[arg-type]
                if type(data) is dict and "type" in data:  # a content block (Mistral, Cohere)
                    content.append(data)
                    blocks = True
                elif data is not None:  # fields beside the content
                    side.update(data)
            elif t is Media:
                raise w.no_media(p, "an assistant message holds no images")  # type: ignore[arg-type]
            else:
                data = w.other(p)  # type: ignore[arg-type]
                if data is not None:
                    content.append(data)
                    blocks = True
        if not content and not items:
            return None
        msg: Dict[str, Any] = builder(items, "\n\n".join(textp) if textp else None)
        if blocks:
            msg["content"] = content
        if side:
            msg = {"role": "assistant", **side, **{k: v for k, v in msg.items() if k != "role"}}
        return msg

    def detect(data: Any) -> bool:
        return name == "openai.chat" and (
            (type(data) is dict and type(data.get("messages")) is list)
            or (type(data) is list and all(type(m) is dict and "role" in m and "type" not in m for m in data))
        ) or (plan is not None and _has_key(data, plan))

    return HistoryCodec(decode, encode, detect, frozenset({"messages"}), pairing=pairing)


_IMAGE = ("value",)  # the one field of ``ollama.Image``


def read_images(images: Any, loc: str, name: str) -> List[str]:
    """Ollama's ``images`` as base64 text: a string is base64 (the wire's form), SDK
    ``bytes`` (raw, or an ``ollama.Image`` read as ``{"value": bytes}``) are encoded as
    its client encodes them; anything else (a file path object, a number) raises."""
    if type(images) is not list:
        raise DecodeError(f"Images at {loc} must be a list of base64 strings", dialect=name, loc=loc)
    out: List[str] = []
    for i, b in enumerate(images):
        if type(b) not in (str, bytes, dict) and hasattr(type(b), "model_fields"):
            b = to_data(b, f"{loc}[{i}]")  # an ``ollama.Image`` object in a dict message
        if type(b) is dict and tuple(b) == _IMAGE:  # ``ollama.Image``
            (b,) = b.values()
        if type(b) is bytes:
            b = base64.b64encode(b).decode("ascii")
        if type(b) is not str:
            raise DecodeError(f"Image at {loc}[{i}] must be base64 text or bytes, got {excerpt(b)}", dialect=name,
                              loc=f"{loc}[{i}]")
        out.append(b)
    return out


def _has_key(data: Any, key: str) -> bool:
    msgs = data.get("messages") if type(data) is dict else data
    return type(msgs) is list and any(type(m) is dict and key in m for m in msgs)


def _thinking_text(thinking: Any) -> str:
    """The readable text of a ``thinking`` block: a string (Cohere) or text chunks
    (Mistral's ``ThinkChunk``)."""
    if type(thinking) is str:
        return thinking
    if type(thinking) is list:
        return "".join(c["text"] for c in thinking if type(c) is dict and type(c.get("text")) is str)
    return ""


def _merge_assistants(messages: List[Message], name: str) -> List[Tuple[int, Message]]:
    """Consecutive assistant messages become one where they are written fresh, and
    always after one that holds calls: "An assistant message with 'tool_calls' must be
    followed by tool messages", not by another assistant message. One pass: the parts
    of a run are gathered and its message made once."""
    out: List[Tuple[int, Message]] = []
    run: List[Any] = []  # the parts of the run of assistant messages being merged, when it has several
    calls = False  # whether the last assistant message (or run) holds calls
    for i, m in enumerate(messages):
        if out and m.role == "assistant" and out[-1][1].role == "assistant":
            prev = out[-1][1]
            if calls or (m.original(name) is None and (run or prev.original(name) is None)):
                if not run:
                    run.extend(prev.parts)
                run.extend(m.parts)
                calls = calls or _has_calls(m)
                continue
        if run:
            out[-1] = (out[-1][0], Message("assistant", run))
            run = []
        out.append((i, m))
        calls = m.role == "assistant" and _has_calls(m)
    if run:
        out[-1] = (out[-1][0], Message("assistant", run))
    return out


def _has_calls(m: Message) -> bool:
    return any(type(p) is ToolCall or type(p) is InvalidToolCall for p in m.parts)


HISTORY = chat_like("openai.chat", details=OPENAI_DETAILS, pairing=Pairing(
    right_after=True,
    missing="An assistant message with 'tool_calls' must be followed by tool messages responding to each "
    "'tool_call_id'",
    orphan="messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
))
