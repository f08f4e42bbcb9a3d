"""Bedrock Converse histories: ``{"system": [...], "messages": [...]}``.

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
and ``API_runtime_ContentBlock.html`` / ``API_runtime_ToolResultBlock.html`` (checked
2026-12-02): ``system`` is a list of ``{"text"}`` (and ``{"cachePoint"}``) blocks;
messages alternate ``user`` / ``assistant``; a ``system``-role message among them (botocore's
``ConversationRole``, checked 2026-12-05 in botocore 1.44.18) holds ``toolAddition`` /
``toolRemoval`` blocks ("Use within a ``system`` role message to make a tool available
without re-sending the full tool configuration"), which the ``system`` field does not take:
it is read in place and written back there, as Anthropic's in-line ``role: "system"``
message; a block is an object with one key:
``text``, ``image`` (``{"format": "png", "source": {"bytes": base64}}`` in JSON, raw
``bytes`` in boto3, read as base64; an ``s3Location`` source, no URL), ``toolUse``,
``toolResult`` (content ``{"json"}`` / ``{"text"}`` blocks, ``status: "error"``),
``reasoningContent`` (back to Bedrock only; signed ``reasoningText``, Claude's, also to
Anthropic as a ``thinking`` block: botocore's ``ReasoningTextBlock`` {text, signature}),
``document``, ``cachePoint``... Nova's provider-executed ``toolUse`` (``"type":
"server_tool_use"``) and its ``toolResult`` are kept as other parts.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, an, excerpt
from ..._history_codec import Refusals
from ...conversation._values import Field, Media, Message, Other, Part, Reasoning
from .._breakpoints import as_came, held_apart
from .._common import as_dict
from .._history_read import CallParts, block_text, finish_of, kept
from .._history_write import (
    FIRST_USER,
    image_type,
    no_system,
    plan_turns,
    renamed_type,
    solid,
    system_parts,
    user_turn_first,
    write_part,
    write_turns,
)
from .._image_types import checked_type, image_media_type, untaken
from .._prefill import ends_in_space
from .._tool_changes import adopt_changes
from .cache_points import check
from .document_names import distinct_in_messages
from .mixed_turns import mixed_as_is, note_mixed
from .refused import refused

if TYPE_CHECKING:
    from ..._dialect import Dialect
    from ...conversation._writer import Writer

__all__ = ["HISTORY"]

NAME = "bedrock.converse"
_FORMATS = {"png", "jpeg", "gif", "webp"}


def _blocks(content: Any, loc: str, d: Dialect, finish: Optional[str] = None) -> Tuple[Tuple[Part, ...], Any]:
    """The parts of *content*, then *content* as JSON holds it where a block was read
    from an object (not a dict), a copy; ``None`` where none was."""
    if type(content) is not list:
        raise DecodeError(f"Content at {loc} must be a list of blocks", dialect=NAME, loc=loc)
    out: List[Part] = []
    calls = CallParts(d, finish, out)  # only the last call of a reply cut off may be cut
    plain: Optional[List[Any]] = None
    for i, b in enumerate(content):
        where = f"{loc}[{i}]"
        if type(b) is not dict:  # an object, read where it is met
            b = as_dict(b, where, NAME, "a content block")
            plain = kept(plain, content, i, b)
        if "type" in b:  # Bedrock blocks are keyed by kind; a typed block is another dialect's
            raise DecodeError(f"Content block at {where} has a 'type' key, which {NAME} blocks do not have",
                              dialect=NAME, loc=where)
        key = next((k for k in b if k != "type"), None) if "text" not in b else "text"
        if type(key) is not str and key is not None:  # no JSON object has it
            raise DecodeError(f"Content block at {where} has a key that is not a string: {excerpt(key)}",
                              dialect=NAME, loc=where)
        if key != "toolUse":  # any block after a call: the model went on past it (``_cut_last.goes_on``)
            calls.follow()
        if key == "text":
            out.extend(block_text(b, where, NAME))
        elif key == "toolUse":
            tu = b.get("toolUse")
            if type(tu) is dict and tu.get("type") == "server_tool_use":
                calls.follow()  # (a call after the one held back, as ``decode_all`` reads it)
                out.append(Other("server_tool_use", NAME, b))
            else:
                peek = (tu.get("name"), tu.get("toolUseId")) if type(tu) is dict else (None, None)
                calls.call(b, where, peek)
        elif key == "toolResult":
            tr = b.get("toolResult")
            if type(tr) is dict and type(tr.get("type")) is str and tr["type"]:  # Nova's server-run tool's
                out.append(Other(tr["type"], NAME, b))
            else:
                out.append(d.decode_result(b, where))
        elif key == "reasoningContent":
            rc = b.get("reasoningContent")
            rt = rc.get("reasoningText") if type(rc) is dict else None
            text = rt.get("text") if type(rt) is dict else None
            out.append(Reasoning(text if type(text) is str else "", NAME, b))
        elif key == "image" and _image(b["image"]) is not None:
            mt, url, raw = _image(b["image"])
            out.append(Media("image", url=url, media_type=mt, data=raw, dialect=NAME, extra=b))
        else:
            out.append(Other(key or "unknown", NAME, b))
    return calls.close(), plain


def _image(img: Any) -> Any:
    """``(media type, url, base64 data)`` of an image block, or ``None``."""
    if type(img) is not dict or type(img.get("source")) is not dict or type(img.get("format")) is not str:
        return None
    src, mt = img["source"], f"image/{img['format']}"
    if type(src.get("bytes")) is str:
        return mt, None, src["bytes"]
    if type(src.get("bytes")) is bytes:  # boto3 takes and gives raw bytes; base64 in JSON (as in results)
        return mt, None, base64.b64encode(src["bytes"]).decode("ascii")
    s3 = src.get("s3Location")
    if type(s3) is dict and type(s3.get("uri")) is str:
        return mt, s3["uri"], None
    return None


def decode(data: Any, d: Dialect) -> List[Message]:
    out: List[Message] = []
    loc = "$"
    if type(data) is dict:
        system = data.get("system")
        if system:
            parts, plain = _blocks(system, "$.system", d)
            system = system if plain is None else plain
            out.append(Message("system", parts, wire=(NAME, Field("system", system), "system", parts)))
        msgs = data.get("messages")
        loc = "$.messages"
    else:
        msgs = data
    if type(msgs) is not list:
        raise DecodeError(f"{an(NAME, True)} history needs a list at {loc}", dialect=NAME, loc=loc)
    for i, m in enumerate(msgs):
        where = f"{loc}[{i}]"
        m = as_dict(m, where, NAME, "a message")
        role = m.get("role")
        if role not in ("user", "assistant", "system"):
            raise DecodeError(f"Message at {where} has role {role!r}", dialect=NAME, loc=where + ".role")
        parts, plain = _blocks(m.get("content"), where + ".content", d, finish_of(d, m))
        if plain is not None:  # blocks read from objects: the message as JSON holds it
            m = {**m, "content": plain}
        out.append(Message(role, parts, wire=(NAME, m, role, parts)))
    return out


def _write_image(m: Media, w: Writer) -> Any:
    if m.data is None:
        # (exactly ``s3://``, not ``of_scheme``: the API's ``S3Uri`` pattern is ``s3://[a-z0-9]...``)
        if (m.url or "").startswith("s3://"):
            return {"image": {"format": _format(m, w), "source": {"s3Location": {"uri": m.url}}}}
        raise w.no_media(m, "Bedrock takes image bytes or an S3 location, not a URL")
    return {"image": {"format": _format(m, w), "source": {"bytes": m.data}}}


def _block(p: Part, w: Writer) -> Any:
    q = solid(p, w)  # no blank text: "The text field in the ContentBlock object ... is blank"
    if type(q) is Media and q.dialect == NAME and q.kind == "image" and (
            q.data is not None and checked_type(q.media_type, q.data) != q.media_type
            or image_media_type(q.media_type) != q.media_type
            or (q.media_type or "").partition("/")[2] not in _FORMATS):
        # its own image whose bytes show another format, or of a format named another way (``jpg``) or not
        # taken (``svg+xml``: an enum): as they show, as Converse names it, or refused (``refused``)
        out = _write_image(q, w)
        renamed_type(q, f"image/{out['image']['format']}", w)
        return out
    return None if q is None else write_part(q, w, NAME, lambda text: {"text": text}, _write_image)


def _format(m: Media, w: Writer) -> str:
    mt = image_type(m, w, checked=True) if m.data is not None else image_media_type(m.media_type)
    fmt = mt.partition("/")[2] if type(mt) is str else ""
    if fmt not in _FORMATS:
        raise w.no_media(m, untaken(m.media_type, mt, "png, jpeg, gif, webp") if type(mt) is str and m.data is not None
                         else f"its type {mt!r} is not one of png, jpeg, gif, webp")
    return fmt


def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
    messages = adopt_changes(messages, w)  # the other's tool_addition / toolAddition blocks, as this one's
    system, turns = plan_turns(messages, w, system_roles=("system",), inline=INLINE)
    out: Dict[str, Any] = {}
    if system:
        first = system[0][1].original(w.own)
        if len(system) == 1 and isinstance(first, Field):
            out["system"] = first.value
        else:  # no blank text, as in a message (``_block``)
            sp = [{"text": s} if type(s) is str else s for s in system_parts(system, w, no_blank=True)]
            if sp:
                out["system"] = sp
            else:
                no_system(system, w)
    fixed = as_came(system, turns, w.own)  # the blocks written back as they came
    at: Dict[int, int] = {}  # id() of each top-level block written fresh -> the message it came from
    if system and type(out.get("system")) is list:
        at.update((id(b), system[0][0]) for b in out["system"] if id(b) not in fixed)

    def checked(msgs: List[Dict[str, Any]]) -> None:  # before the prefill trim: it may leave out the last message
        out["messages"] = msgs
        check(out, fixed, at, w)  # the cache checkpoints as they go out: at most 4, longer ttls first

    msgs = write_turns(turns, w, "content", (lambda p, w: held_apart(_block(p, w), fixed)) if fixed else _block,
                       prefill=True, written=at, fixed=fixed, check=checked)
    for t in turns:
        head = t.head.get("content") if type(t.head) is dict else None
        at.update((id(b), t.index) for b in (head if type(head) is list else ()))
    note_mixed(msgs, at, w, w.name)  # results beside other content: some models refuse it, noted
    distinct_in_messages(msgs, lambda b, old, new: _renamed(w, at.get(id(b)), old, new))
    if msgs[0].get("role") == "assistant":  # PAIRING.user_first; as LiteLLM's modify_params does
        user_turn_first(msgs, turns, w, {"role": "user", "content": [{"text": FIRST_USER}]},
                        "takes no conversation that starts with an assistant message")
    out["messages"] = msgs
    return out


def _renamed(w: Writer, index: Optional[int], old: str, new: str) -> None:
    if index is not None:
        w.index = index
    w.note("converted", f"The document named {old!r} in message {w.index} is named {new!r}: {NAME} refuses "
                        "two documents of one name (\"Messages can't contain duplicate document names\")")


def _read_reasoning(b: Dict[str, Any]) -> Optional[Tuple[str, str]]:
    """``(text, signature)`` of a ``reasoningContent`` block holding a signed ``reasoningText``
    and nothing else (``ReasoningTextBlock``: text, signature); ``redactedContent`` is not one."""
    rc = b.get("reasoningContent") if len(b) == 1 else None
    rt = rc.get("reasoningText") if type(rc) is dict and len(rc) == 1 else None
    if type(rt) is not dict or len(rt) != 2:
        return None
    text, sig = rt.get("text"), rt.get("signature")
    return (text, sig) if type(text) is str and type(sig) is str and sig else None


def _write_reasoning(text: str, signature: str) -> Dict[str, Any]:
    return {"reasoningContent": {"reasoningText": {"text": text, "signature": signature}}}


_OURS = frozenset({"toolUse", "toolResult", "reasoningContent", "cachePoint", "guardContent", "toolAddition",
                   "toolRemoval"})


def _as_is(messages: Sequence[Message], name: str) -> List[Tuple[str, int, str]]:
    """``HistoryCodec.as_is``: a user turn holding tool results and other content (``mixed-turn``)."""
    return mixed_as_is(messages, NAME, name)


def detect(data: Any) -> bool:
    msgs = data.get("messages") if type(data) is dict else data
    if type(data) is dict:
        system = data.get("system")
        if type(system) is list and any(type(b) is dict and "type" not in b for b in system):
            return True
    for m in msgs if type(msgs) is list else ():
        c = m.get("content") if type(m) is dict else None
        if type(c) is list:
            for b in c:
                if type(b) is dict and "type" not in b and (b.keys() & _OURS or "text" in b and len(b) == 1):
                    return True
    return False


# provider state: cache checkpoints, Nova's code interpreter call and result, changes to the tool set
STATE = frozenset({"cachePoint", "server_tool_use", "nova_code_interpreter_result", "toolAddition", "toolRemoval"})
# the blocks only a ``system``-role message holds, never the ``system`` field (``SystemContentBlock``: text,
# guardContent, cachePoint): a system message holding one, written fresh, stays in its place
INLINE = frozenset({"toolAddition", "toolRemoval"})
# the Converse API's ValidationException texts (tool results first, as for Anthropic)
PAIRING = Pairing(
    alternating=True,
    results_first=True,
    missing="Expected toolResult blocks for the following Ids: {id}",
    orphan="The number of toolResult blocks exceeds the number of toolUse blocks of previous turn",
    user_first="A conversation must start with a user message. Try again with a conversation that starts with a "
    "user message.",
    # two messages of one role in a row (langchain-ai/langchain-aws#130, microsoft/semantic-kernel#10277)
    same_role="A conversation must alternate between user and assistant roles. Make sure the conversation "
    "alternates between user and assistant roles and try again.",
)
HISTORY = HistoryCodec(
    decode, encode, detect, frozenset({"system", "messages"}), state=STATE,
    pairing=PAIRING, thinking=(_read_reasoning, _write_reasoning), as_is=_as_is,
    refusals=Refusals(refused, prefill=ends_in_space), decodes_as=NAME,
)
