"""Reading OpenAI Chat histories, and the Chat-shaped ones of Mistral, Cohere v2 and
Ollama (``chat_history``): the messages of ``{"messages": [...]}`` or of a bare list, as
canonical parts (``decoder``).

Follows https://platform.openai.com/docs/api-reference/chat/create (checked
2026-12-02): ``system`` / ``developer`` / ``user`` / ``assistant`` / ``tool``
messages; content is a string or a list of parts (``text``, ``image_url`` with an
http(s) or ``data:`` URL, ``input_audio``, ``file``); an assistant message carries
its calls in ``tool_calls`` (an array, read as ``decode_all`` reads it:
``chat_sniff.message_calls``) and each call is answered by one ``tool`` message
(``tool_call_id``); no other message type has ``tool_calls``: a call on one is kept
where it stands, for ``check_conversation`` to report (``wrong-role``). The deprecated
``function_call`` (no id) is read as an id-less call answered by the ``role:
"function"`` message; an assistant's ``refusal`` (the
field or a ``refusal`` content part) is its text. Reasoning rides beside the content
on some servers (``reasoning_content``: DeepSeek; ``reasoning``;
``reasoning_details``: OpenRouter; ``thinking``: Ollama,
https://github.com/ollama/ollama/blob/main/docs/api.md) or in ``thinking`` content
blocks (Mistral ``ThinkChunk``, Cohere v2). Ollama's ``images`` are base64 text, or
the SDK's bytes (``read_images``). A GLM-4-AllTools server item in ``tool_calls``
(``chat_server.glm_call``) is an ``Other`` part, as other providers' server items are:
no call to answer, written back in ``tool_calls`` (``chat_history_encode``), dropped and
noted to other dialects.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from ..._access import to_data, to_plain_near
from ..._errors import DecodeError, an, excerpt
from ..._types import new_invalid
from ...conversation._values import Media, Message, Other, Part, Reasoning
from .._common import as_dict, name_of
from .._history_read import (
    CallParts,
    block_text,
    call_part,
    finish_of,
    foreign,
    kept,
    no_key,
    response_part,
    text_at,
    texts,
)
from .chat_server import glm_call
from .chat_sniff import message_calls, mirrors, not_a_mirror
from .chat_tools import NAME as CHAT
from .media import media_of

if TYPE_CHECKING:
    from ..._dialect import Dialect

__all__ = ["apart_texts", "decoder", "read_images"]

_ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant", "tool": "tool",
          "function": "tool"}
# reasoning beside the content: DeepSeek, vLLM / OpenRouter, OpenRouter, Ollama
_REASONING = ("reasoning_content", "reasoning", "reasoning_details", "thinking")


def decoder(
    name: str, *, plan: Optional[str], images: bool, thinking: bool
) -> Callable[[Any, Dialect], List[Message]]:
    """The ``decode`` of the Chat-shaped dialect *name*'s history codec (``chat_like``
    says what *plan*, *images* and *thinking* are)."""

    def content_parts(content: Any, loc: str, assistant: bool) -> Tuple[Tuple[Part, ...], Any]:
        """The parts of *content*, then *content* as JSON holds it where a part was read
        from an object (an SDK part in a message dict), a copy; ``None`` where none was."""
        if content is None or type(content) is str:
            return texts(content), None
        if type(content) is not list:
            raise DecodeError(f"Message content at {loc} must be text, null or a list of parts", dialect=name, loc=loc)
        out: List[Part] = []
        plain: Optional[List[Any]] = None
        for i, p in enumerate(content):
            if type(p) is not dict:  # an SDK part, read where it is met
                p = as_dict(p, f"{loc}[{i}]", name, "a content part")
                plain = kept(plain, content, i, p)
            t = p.get("type")
            if type(t) is not str and t is not None:  # a foreign value (a str subclass): read as plain data
                p = to_plain_near(p, 1, f"{loc}[{i}]")
                t = p.get("type")
                plain = kept(plain, content, i, p)
            if t == "text":  # beside it: cache_control (OpenRouter), a hint only
                out.extend(block_text(p, f"{loc}[{i}]", name))
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
                out.append(Other(t, name, p))
        return tuple(out), plain

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
                body, plain = content_parts(m.get("content"), where + ".content", role == "assistant")
                parts = head + body
                if plain is not None:  # SDK parts in a message dict, read: the message as JSON holds it
                    m = {**m, "content": plain}
                if role == "assistant":  # a refusal is what the assistant said (openai.chat: ``refusal``)
                    refusal = m.get("refusal")
                    if refusal is not None and type(refusal) is not str:
                        raise DecodeError(f"Refusal at {where}.refusal must be text", dialect=name,
                                          loc=where + ".refusal")
                    parts += texts(refusal)
                if plan is not None:  # Cohere's ``tool_plan``: text
                    parts += text_at(m.get(plan), f"{where}.{plan}", name)
                if images and m.get("images") is not None:
                    b64 = read_images(m["images"], where + ".images", name)
                    parts += tuple(Media("image", data=b, dialect=name) for b in b64)
                    if b64 != m["images"]:  # the SDK's bytes: base64 on the wire, as written fresh
                        m = {**m, "images": b64}
            # the calls, read as ``decode_all`` reads a message's (``message_calls``); on a message of
            # another role than the assistant's they stay where they stand, never dropped:
            # ``check_conversation`` reports them (``wrong-role``), as an Anthropic ``tool_use`` in a user message
            calls = m.get("tool_calls")
            legacy = m.get("function_call")
            if calls is not None or legacy is not None:
                fin = finish_of(d, m) if role == "assistant" else None
                if calls is not None:
                    calls = message_calls(calls, where, name)
                    decoded: List[Part] = []  # one tuple at the end: adding to a tuple per call copied it (quadratic)
                    held = CallParts(d, fin, decoded)  # only the last call of a reply cut off may be cut
                    wire_calls = None if type(calls) is list else list(calls)  # as JSON holds them (a tuple: a list)
                    for j, tc in enumerate(calls):
                        if type(tc) is not dict:  # an SDK call object, read where it is met
                            tc = as_dict(tc, f"{where}.tool_calls[{j}]", name, "a tool call")
                            wire_calls = kept(wire_calls, calls, j, tc)
                        fn = tc.get("function")
                        if fn is None and name == CHAT and glm_call(tc):  # a tool GLM-4-AllTools ran: as
                            held.follow()  # (a call after the one held back, as ``decode_all`` reads it)
                            decoded.append(Other(tc["type"], name, tc))  # other providers' (``chat_server``)
                            continue
                        peek = (fn.get("name") if type(fn) is dict else None, tc.get("id"))
                        held.call(tc, f"{where}.tool_calls[{j}]", peek)
                    parts += held.close()
                    if wire_calls is not None:
                        m = {**m, "tool_calls": wire_calls}
                if legacy is not None:  # deprecated, no id: answered by role "function"
                    fc = as_dict(legacy, where + ".function_call", name, "a function call")
                    if fc is not legacy:
                        m = {**m, "function_call": fc}
                    if not calls and (fc.get("name") or fc.get("arguments")):  # (the all-empty dummy of
                        # some servers, Snowflake Cortex's: no call, kept in the message as received)
                        parts += (call_part(d, fc, where + ".function_call", (fc.get("name"), None), fin),)
                    elif fc.get("name") and not mirrors(fc, m["tool_calls"]):
                        # beside tool_calls, repeating none: an invalid call, as ``decode_all`` keeps it (a
                        # mirror, or the all-empty dummy, is no call: kept in the message as received)
                        fname, args, floc = fc["name"], fc.get("arguments"), where + ".function_call"
                        if type(fname) is str and not fname.isascii():  # (a name UTF-8 cannot carry: raised)
                            name_of(fname, floc + ".name", name)
                        parts += (new_invalid(fname if type(fname) is str else None, None,
                                              args if type(args) is str else None,
                                              not_a_mirror(fname, args, floc), floc),)
            out.append(Message(role, parts, wire=(name, m, role, parts)))
        return out

    return decode


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


def _thinking_text(thinking: Any) -> str:
    """The readable text of a ``thinking`` block: a string (Cohere) or text chunks
    (Mistral's ``ThinkChunk``)."""
    if type(thinking) is str:
        return thinking
    if type(thinking) is list:
        return "".join(c["text"] for c in thinking if type(c) is dict and type(c.get("text")) is str)
    return ""


# the decoders, made once per set of ``chat_like`` arguments (in each process)
_DECODERS: Dict[Tuple[Any, ...], Callable[[Any, Dialect], List[Message]]] = {}


def decode_with(key: Tuple[Any, ...], x: Any, d: Dialect) -> List[Message]:
    """Decode *x* with the decoder of *key*'s ``chat_like`` arguments (made once)."""
    fn = _DECODERS.get(key)
    if fn is None:
        name, plan, images, thinking = key
        fn = _DECODERS[key] = decoder(name, plan=plan, images=images, thinking=thinking)
    return fn(x, d)


def apart_texts(fields: Tuple[str, ...], wire: Any) -> Tuple[str, ...]:
    """What the last text parts read from the assistant wire message *wire* stand for
    where they are apart from its reply (``HistoryCodec.texts``): its trailing refusal
    content parts with text (``{"type": "refusal", "refusal": ...}``: Chat's and
    Responses' alike), then those of *fields* it holds with text, read after its content
    (a Chat-shaped decoder's ``refusal`` field, Cohere v2's ``tool_plan``)."""
    if type(wire) is not dict:
        return ()
    out: List[str] = []
    content = wire.get("content")
    if type(content) is list:
        k = len(content)
        while k and type(content[k - 1]) is dict and content[k - 1].get("type") == "refusal":
            k -= 1
            if type(content[k].get("refusal")) is str and content[k]["refusal"]:
                out.append("refusal")
    return (*out, *(f for f in fields if type(wire.get(f)) is str and wire[f]))
