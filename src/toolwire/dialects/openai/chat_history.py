"""OpenAI Chat histories (``{"messages": [...]}``), and the Chat-shaped ones of
Mistral, Cohere v2 and Ollama (``chat_like``): the history codec, read by
``chat_history_decode`` and written by ``chat_history_encode``.

Follows https://platform.openai.com/docs/api-reference/chat/create (checked
2026-12-02): a request body's ``messages``, or a bare list of ``role`` messages, is an
``openai.chat`` history unless a dialect refining the Chat shape (Mistral, Cohere v2,
Ollama) finds evidence of its own in it: its ``Dialect.detect`` (what ``detect`` asks)
claims the body, a message or a call of a message (``chat_like``'s *evidence*);
tool messages go right after the call's message: "messages with role 'tool' must be a
response to a preceding message with 'tool_calls'", and "An assistant message with
'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"
(``Pairing``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ..._bound import Bound
from ..._dialect import HistoryCodec, Pairing, Sniff
from ..._history_codec import Refusals
from ...conversation._order import order_as_is
from .._history_read import hints, plain_view
from ..gemini.compat_signature import compat_signed
from .chat_history_decode import apart_texts, decode_with, read_images
from .chat_history_encode import MISTRAL_ALONE, PREFIX_FLAG, encoder
from .chat_refused import chat_refused
from .chat_server import GLM_TYPES, ran_types
from .media import OPENAI_DETAILS

if TYPE_CHECKING:
    from ...conversation._values import Message
    from ...conversation._writer import Writer

__all__ = ["HISTORY", "chat_like", "read_images"]


RIGHT_AFTER = Pairing(right_after=True)  # tool messages right after the call's message
# mistral-common's answers to a history whose message 0 is an assistant message with calls
# (its validators skip message 0's calls: ``_validate_tool_calls_followed_by_tool_messages``)
MISTRAL_CALL_FIRST = ("Not the same number of function calls and responses (v11 tokenizers and later: Unexpected "
                      "tool call id {id} in tool results)")
# mistral-common 1.13.1 ``_validate_last_message`` (serving mode), as the hosted API answers
# (0xPlaygrounds/rig#708)
MISTRAL_LAST = "Expected last role User or Tool (or Assistant with prefix) for serving but got assistant"
# mistral-common 1.13.1 ``_validate_assistant_message``
MISTRAL_PREFIX_LAST = "Assistant message with prefix True must be last message"
CHAT_ONE_TEXT = ("servers speaking openai.chat (Groq, DeepSeek) take an assistant or system message's content as one "
                 "string")


def chat_like(
    name: str,
    *,
    plan: Optional[str] = None,
    images: bool = False,
    bridge: Optional[str] = None,
    thinking: bool = False,
    pairing: Pairing = RIGHT_AFTER,
    details: Tuple[str, ...] = (),
    evidence: Optional[Sniff] = None,
    ordered: Optional[str] = None,
    one_text: str = "",
    one_text_roles: Tuple[str, ...] = ("user", "assistant", "system"),
) -> HistoryCodec:
    """The history codec of the Chat-shaped dialect *name*: *plan* names its text
    beside calls (Cohere ``tool_plan``), *images* whether messages carry an
    ``images`` list of base64 (Ollama), *bridge* the assistant text written between a
    tool message and a user message written fresh (mistral-common before 1.11.1, and the
    servers that validate with it, answer "Unexpected role 'user' after role 'tool'"; its
    clients write a short assistant turn there; a system
    message written fresh after an assistant or tool message moves up to the leading
    ones: "Unexpected role 'system' after role 'assistant'", mistral-common's
    ``_validate_message_order``; a user message goes before a first message that is
    an assistant message with calls: ``MISTRAL_CALL_FIRST``; and a last message that is
    an assistant message of text is written as a prefix: ``MISTRAL_LAST``; a prefix
    written back as it came on a message that is not the last one goes without it:
    ``MISTRAL_PREFIX_LAST``),
    *thinking* whether ``{"type": "thinking"}`` content blocks are its own reasoning
    (Mistral's ``ThinkChunk``, Cohere's thinking content), *pairing* where its tool
    messages go (right after the call's message), *details* the image ``detail`` values
    its ``image_url`` parts take (``openai.media``), *evidence* the dialect's own
    ``Dialect.detect``: a Chat-shaped history is its when that claims the body, one of
    its messages or one of their calls (with none, only ``openai.chat`` claims one: any);
    *ordered*, where the dialect pairs tool messages with calls by position (Ollama: by
    ``tool_name`` only), why: a turn's tool messages are written in call order (``CallOrder``);
    *one_text*, where a message's ``content`` is one string (Ollama; Chat's assistant and
    system messages on the servers that speak it), why: the text parts of a message of
    *one_text_roles* are joined, noted (else they go as a list of text parts).
    What a message holds beside its parts, which it goes without when written fresh, is
    noted (``HistoryCodec.unsent``, ``_unsent``), whatever the dialect."""
    if bridge is not None and not pairing.after_tool:  # what the history written back as it came meets
        pairing = replace(pairing, after_tool="Unexpected role '{role}' after role 'tool'",
                          after_assistant="Unexpected role 'system' after role 'assistant'",
                          call_first=MISTRAL_CALL_FIRST, first_listed=True, last_assistant=MISTRAL_LAST,
                          prefix_last=MISTRAL_PREFIX_LAST, prefix_flag="prefix",
                          alone=MISTRAL_ALONE)

    # partials of module-level functions, not closures: a dialect derived from a built-in
    # one (``dataclasses.replace``) pickles by value with the standard ``pickle``
    detect = Bound(_detect, name, evidence)
    decode = Bound(decode_with, (name, plan, images, thinking))
    encode = Bound(_encode, (name, plan, images, bridge, details, bool(pairing.after_assistant),
                               bool(pairing.call_first and pairing.first_listed), pairing.last_assistant, ordered,
                               pairing.prefix_last, one_text, one_text_roles))
    read = frozenset(_READ | ({plan} if plan else set()) | ({"images", "tool_name"} if images else set()))
    return HistoryCodec(decode, encode, detect, frozenset({"messages"}), pairing=pairing,
                        as_is=Bound(order_as_is, pairing, name) if bridge is not None else None,
                        unsent=Bound(_unsent, read, False), unsent_fresh=Bound(_unsent, read, True),
                        texts=Bound(apart_texts, ("refusal", plan) if plan else ("refusal",)), decodes_as=name)


def _detect(name: str, evidence: Optional[Sniff], data: Any) -> bool:
    if not _chat_shaped(data):
        return False
    return name == "openai.chat" if evidence is None else _evidence(data, evidence)


# the codecs' functions, made once per set of ``chat_like`` arguments (in each process)
_ENCODERS: Dict[Tuple[Any, ...], Callable[[List[Message], Writer], Dict[str, Any]]] = {}


def _encode(key: Tuple[Any, ...], messages: List[Message], w: Writer) -> Dict[str, Any]:
    fn = _ENCODERS.get(key)
    if fn is None:
        name, plan, images, bridge, details, lift, opens, last, ordered, prefix_last, one_text, roles = key
        fn = _ENCODERS[key] = encoder(name, plan=plan, images=images, bridge=bridge, details=details, lift=lift,
                                      opens=opens, last=last, ordered=ordered, prefix_last=prefix_last,
                                      one_text=one_text, one_text_roles=roles)
    return fn(messages, w)


_SPEAKERS = frozenset({"system", "developer", "user", "assistant"})  # ``role: "function"``'s name is its tool's


# the message keys a Chat-shaped history reader reads (``chat_history_decode``, ``chat_results``), or notes
# below; a codec's ``tool_plan`` (Cohere) and Ollama's ``images`` and ``tool_name`` are added to its own
_READ = frozenset({"role", "content", "name", "tool_calls", "function_call", "tool_call_id", "refusal",
                   "reasoning_content", "reasoning", "reasoning_details", "thinking", "prefix", "citations",
                   "executed_tools"})


def _unsent(read: FrozenSet[str], own: bool, wire: Any) -> Tuple[str, ...]:
    """What the Chat-shaped message *wire* holds beside its parts, as phrases for the
    notes: a participant ``name`` (Chat: "An optional name for the participant"; a
    Mistral message's too), Mistral's ``prefix`` flag (the answer continues this
    assistant message: https://docs.mistral.ai/api/#tag/chat, ``AssistantMessage.prefix``),
    Cohere's ``citations`` of an assistant message, the ``cache_control`` of a content
    part (``hints``) and the ``id`` of a document in a tool message
    (https://docs.cohere.com/reference/chat: ``Document.id``, which citations point at)
    and the tools Groq ran (``executed_tools``: https://console.groq.com/docs/compound,
    provider state as other providers' server items are, read as server calls by
    ``decode_all``). Their canonical parts carry none of them. So, once per message, are
    the keys holding something that no reader of the dialect reads (*read*): Portkey's
    non-strict ``content_blocks`` holding Claude's thinking (its gateway's
    ``src/providers/anthropic/chatComplete.ts`` reads them back; not read here), any other;
    but a tool message's, which its result keeps for its own dialect (*own*: written fresh
    to it)."""
    if type(wire) is not dict:
        return ()
    out: List[str] = []
    role = wire.get("role")
    if role in _SPEAKERS and type(wire.get("name")) is str:
        out.append(f"The participant name {wire['name']!r}")
    if role == "assistant" and wire.get("prefix") is True:
        out.append(PREFIX_FLAG)
    cites = wire.get("citations")
    if type(cites) is list and cites:
        out.append(f"The list of citations ({len(cites)})")
    ran = wire.get("executed_tools")  # on any message but a tool one, as ``chat_sniff.children`` reads it
    if role != "tool" and (type(ran) is list or type(ran) is tuple) and ran:
        out.append(f"The list of the {len(ran)} tool{'' if len(ran) == 1 else 's'} the provider ran ({ran_types(ran)})")
    content = wire.get("content")
    out.extend(hints(content))  # OpenRouter's cache_control on a part
    if role == "tool" and type(content) is list:
        for p in content:
            doc = p.get("document") if type(p) is dict and p.get("type") == "document" else None
            if type(doc) is dict and type(doc.get("id")) is str:
                out.append(f"The document id {doc['id']!r}")
    if not read.issuperset(wire) and not (own and role == "tool"):  # (the common case: every key read)
        keys = [k for k, v in wire.items() if k not in read and not _empty(v)]
        if keys:
            named = ", ".join(repr(k) for k in keys)
            out.append(f"The key {named} (no part holds it)" if len(keys) == 1 else
                       f"Each of the keys {named} (no part holds them)")
    return tuple(out)


def _empty(v: Any) -> bool:
    """Whether *v* holds nothing (openai-python's dumped message: ``"audio": null``, ``"annotations": []``)."""
    return v is None or (type(v) is str or type(v) is list or type(v) is dict or type(v) is tuple) and not v


def _chat_shaped(data: Any) -> bool:
    """A request body with a ``messages`` list, or a bare list of ``role`` messages."""
    if type(data) is dict:
        return type(data.get("messages")) is list
    return type(data) is list and all(type(m) is dict and "role" in m and "type" not in m for m in data)


def _evidence(data: Any, claim: Sniff) -> bool:
    """Whether *claim* (a ``Dialect.detect``) claims the body *data*, one of its
    messages or a call in their ``tool_calls``: one pass over the history."""
    msgs = data
    if type(data) is dict:
        if claim(data) is not None:
            return True
        msgs = data["messages"]
    for m in msgs:
        if type(m) is not dict:
            m = plain_view(m)  # an SDK message in a body: what it holds tells as a dict would
            if type(m) is not dict:
                continue
        if claim(m) is not None:
            return True
        calls = m.get("tool_calls")
        for c in calls if type(calls) is list else ():
            if type(c) is not dict:
                c = plain_view(c)  # an SDK call object: what it holds tells as a dict would
            if type(c) is dict and claim(c) is not None:
                return True
    return False


# Gemini's thought signature rides on a call of its OpenAI-compatible endpoint
# (``extra_content.google.thought_signature``): written back here and to Gemini, noted
# where dropped (a native Gemini signature is not written here: ``chat.encode_call``)
# Chat is the dialect of every OpenAI-compatible server, and some take an assistant or
# system message's content as a string only (Groq: "'messages.N' : for 'role:assistant'
# the following must be satisfied[('messages.N.content' : value must be a string)]";
# DeepSeek documents ``content`` as a string for both); a user message's list of parts
# (the vision format) is taken everywhere: only those two roles' text parts are joined
HISTORY = replace(chat_like("openai.chat", details=OPENAI_DETAILS, one_text=CHAT_ONE_TEXT,
                            one_text_roles=("assistant", "system"), pairing=Pairing(
    right_after=True,
    missing="An assistant message with 'tool_calls' must be followed by tool messages responding to each "
    "'tool_call_id'",
    orphan="messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    unplaced="legacy",  # (a function_call's role function answer: OpenAI pairs tool messages only)
)), signed=compat_signed, refusals=Refusals(chat_refused, frozenset({"assistant", "user", "tool"})),
    state=GLM_TYPES)  # GLM-4-AllTools' server items: dropped, noted elsewhere
