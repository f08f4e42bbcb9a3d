"""Anthropic Messages histories: ``{"system": ..., "messages": [...]}``.

Follows https://docs.claude.com/en/api/messages and
https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use (checked
2026-12-02): ``system`` is a string or text blocks; messages alternate ``user`` /
``assistant`` (consecutive same-role turns are combined); ``tool_result`` blocks sit
in the next user message and "must come FIRST in the content array"; ``thinking`` /
``redacted_thinking`` blocks go back unchanged, with their signature, to Anthropic,
and signed ``thinking`` to Bedrock as signed ``reasoningText`` and back ("``signature``
values are compatible across platforms (Claude APIs, Amazon Bedrock, and Vertex AI)":
https://platform.claude.com/docs/en/build-with-claude/extended-thinking); images are
``{"type": "image", "source": {"type": "base64" | "url", ...}}``.
"""

from __future__ import annotations

from operator import is_
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..._access import to_plain_near
from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, EncodeError, an
from ..._history_codec import Refusals
from ...conversation._values import Field, Media, Message, Other, Part, Reasoning, Text
from .._breakpoints import as_came, held_apart
from .._common import as_dict
from .._history_read import CallParts, block_text, finish_of, foreign, hints, kept, no_key, plain_view, texts
from .._history_write import (
    no_system,
    plan_turns,
    solid,
    system_parts,
    write_part,
    write_turns,
)
from .._image_types import image_media_type, no_base64
from .._prefill import ends_in_space
from .._tool_changes import adopt_changes
from .blank_text import blank_refused, blank_unsent
from .breakpoints import HOLDERS, check, hinted
from .fresh_text import FreshText
from .history_images import own_image, write_image
from .sniff import signed_thinking
from .tools import IMAGE_TYPES, NAME, relabelled

if TYPE_CHECKING:
    from ..._dialect import Dialect
    from ...conversation._writer import Writer

__all__ = ["HISTORY", "thinking"]

_ROLES = {"user": "user", "assistant": "assistant", "system": "system"}
_SERVER = frozenset({"server_tool_use", "mcp_tool_use"})


def _blocks(content: Any, loc: str, d: Dialect, finish: Optional[str] = None) -> Tuple[Tuple[Part, ...], Any]:
    """The parts of *content*, then *content* as JSON holds it where a block was read
    from an object (``response.content`` appended as the docs' tool loop does: SDK
    blocks in a message dict), a copy; ``None`` where none was."""
    if type(content) is str:
        return texts(content), None
    if type(content) is not list:
        raise DecodeError(f"Message content at {loc} must be text or a list of blocks", dialect=NAME, loc=loc)
    out: List[Part] = []
    calls = CallParts(d, finish, out)  # only the last call of a reply cut off may be cut
    plain: Optional[List[Any]] = None
    for i, b in enumerate(content):
        where = f"{loc}[{i}]"
        if type(b) is not dict:  # an SDK block, read where it is met
            b = as_dict(b, where, NAME, "a content block")
            plain = kept(plain, content, i, b)
        t = b.get("type")
        if type(t) is not str and t is not None:  # a foreign value (a str subclass): read as plain data
            b = to_plain_near(b, 1, where)
            t = b.get("type")
            plain = kept(plain, content, i, b)
        if t != "tool_use":  # any block after a call: the model went on past it (``_cut_last.goes_on``)
            calls.follow()
        if t == "text":
            out.extend(block_text(b, where, NAME))
        elif t == "tool_use":
            calls.call(b, where, (b.get("name"), b.get("id")))
        elif t == "tool_result":
            r = d.decode_result(b, where)
            out.append(r)
            inner = b.get("content")
            if type(inner) is list and not all(map(is_, r.content, inner)):  # its blocks, read from objects
                b = {**b, "content": r.content}
                plain = kept(plain, content, i, b)
        elif t in ("thinking", "redacted_thinking"):
            thinking = b.get("thinking")
            out.append(Reasoning(thinking if type(thinking) is str else "", NAME, b))
        elif t == "image" and type(b.get("source")) is dict and b["source"].get("type") in ("base64", "url"):
            src = b["source"]
            if src["type"] == "url" and type(src.get("url")) is str:
                out.append(Media("image", url=src["url"], dialect=NAME, extra=b))
            elif src["type"] == "base64" and type(src.get("data")) is str:  # (a label no string: none, ``_own``)
                mt = src.get("media_type")
                out.append(Media("image", media_type=mt if type(mt) is str else None, data=src["data"], dialect=NAME,
                                 extra=b))
            else:
                out.append(Other("image", NAME, b))
        else:  # (a tool Anthropic runs, ``_SERVER``: a call after the one held back, as ``decode_all`` reads it)
            calls.follow() if t in _SERVER else foreign(t, where, NAME)
            out.append(Other(t, NAME, b))
    return calls.close(), plain


def decode(data: Any, d: Dialect) -> List[Message]:
    out: List[Message] = []
    loc = "$"
    if type(data) is dict:
        if "system" in data and data["system"] is not None:
            parts, plain = _blocks(data["system"], "$.system", d)
            system = data["system"] if plain is None else plain
            out.append(Message("system", parts, wire=(NAME, Field("system", system), "system", parts)))
        msgs = data.get("messages")
        loc = "$.messages"
    else:
        msgs = data
    if type(msgs) is not list:
        raise DecodeError(f"An {NAME} history needs a list at {loc}", dialect=NAME, loc=loc)
    for i, m in enumerate(msgs):
        where = f"{loc}[{i}]"
        m = as_dict(m, where, NAME, "a message")
        wire_role = m.get("role")
        role = _ROLES.get(wire_role) if type(wire_role) is str else None
        if role is None:
            raise DecodeError(f"Message at {where} has role {m.get('role')!r}", dialect=NAME, loc=where + ".role")
        no_key(m, "tool_calls", where, NAME)
        parts, plain = _blocks(m.get("content"), where + ".content", d, finish_of(d, m))
        if m.get("type") == "message":  # a whole reply (``Message``): its turn is its role and content
            m = {"role": m["role"], "content": m.get("content") if plain is None else plain}
        elif plain is not None:  # SDK blocks in a message dict, read: the message as JSON holds it
            m = {**m, "content": plain}
        out.append(Message(role, parts, wire=(NAME, m, role, parts)))
    return out


def _block(p: Part, w: Writer, fresh: FreshText) -> Any:
    q = solid(p, w)  # no whitespace-only text: "text content blocks must contain non-whitespace text"
    if type(q) is Text:
        b = fresh.take(q, w.index)
        if b is not None:  # its own text block, as it came
            return b
    if type(q) is Media:
        own = own_image(q, w)  # its own image written otherwise than it came, else ``None``
        if own is not None:
            return own
    return None if q is None else write_part(q, w, NAME, lambda text: {"type": "text", "text": text}, write_image)


def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
    messages = adopt_changes(messages, w)  # the other's tool_addition / toolAddition blocks, as this one's
    system, turns = plan_turns(messages, w, system_roles=("system",), inline=INLINE)
    out: Dict[str, Any] = {}
    if system:
        first = system[0][1].original(w.own)
        if len(system) == 1 and isinstance(first, Field):
            out["system"] = first.value
        else:
            sp = _system(system, w)
            if sp:  # nothing left but blank text: no system ("must contain non-whitespace text")
                out["system"] = sp
            else:
                no_system(system, w)
    fixed = as_came(system, turns, w.own)  # the blocks written back as they came
    written: Dict[int, int] = {}  # id() of each block written fresh -> its message
    if system and type(out.get("system")) is list:
        written.update((id(b), system[0][0]) for b in out["system"] if id(b) not in fixed)
    fresh = FreshText(messages, turns, w.own)
    fresh.note_unsent(w)
    hint = [any(map(hinted, out["system"])) if written else False]  # a block written fresh holds a breakpoint

    def write(p: Part, w: Writer) -> Any:
        item = _block(p, w, fresh)
        if fixed:
            item = held_apart(item, fixed)
        if not hint[0] and type(item) is dict and (item.get("cache_control") is not None or item.get("type") in HOLDERS
                                                   and hinted(item)):
            hint[0] = True
        return item

    out["messages"] = write_turns(turns, w, "content", write, _head_blocks, prefill=True, written=written,
                                  fixed=fixed)
    if hint[0]:  # the breakpoints as they go out: at most 4, longer ttls first (those as they came stay)
        check(out, fixed, written, w)
    return out


def _system(system: List[Any], w: Writer) -> Any:
    """Several system messages as one ``system``: text joined by blank lines, or blocks
    when one of them came as blocks (kept as received: ``cache_control``, citations),
    holds an Anthropic block or several text parts (the field takes text blocks: its
    parts stay parts, never joined by characters nobody wrote)."""
    sp: List[Any] = []
    listed = False
    for i, m in system:
        orig = m.original(w.own)
        if isinstance(orig, Field) and type(orig.value) is list:
            sp.extend(orig.value)
            listed = True
        else:
            for j, p in enumerate(m.parts):  # the field takes text blocks only (SDK: ``Iterable[TextBlockParam]``)
                if type(p) is Other and p.dialect == NAME and p.data.get("type") != "text":
                    raise EncodeError(f"System message {i} holds {an(repr(p.type))} block, which the system field of "
                                      f"{NAME} does not take (text blocks only)", dialect=NAME,
                                      loc=f"$.messages[{i}].parts[{j}]")
            got = system_parts([(i, m)], w, no_blank=True)  # "system: text content blocks must contain
            # non-whitespace text" (experientiallabs/experiential#804)
            listed = listed or len(got) > 1
            sp.extend(got)
    if not listed and all(type(s) is str for s in sp):
        return "\n\n".join(sp)
    return [{"type": "text", "text": s} if type(s) is str else s for s in sp]


def _head_blocks(head: Any) -> List[Any]:
    return [{"type": "text", "text": head}] if type(head) is str else list(head or [])


def thinking(text: str, signature: str) -> Reasoning:
    """Anthropic reasoning: a ``thinking`` block with its signature."""
    return Reasoning(text, NAME, _write_thinking(text, signature))


def _read_thinking(b: Dict[str, Any]) -> Optional[Tuple[str, str]]:
    """``(thinking, signature)`` of a signed ``thinking`` block holding nothing else
    (``ThinkingBlockParam``: type, thinking, signature); ``redacted_thinking`` is not one."""
    if len(b) != 3 or b.get("type") != "thinking":
        return None
    text, sig = b.get("thinking"), b.get("signature")
    return (text, sig) if type(text) is str and type(sig) is str and sig else None


def _write_thinking(text: str, signature: str) -> Dict[str, Any]:
    return {"type": "thinking", "thinking": text, "signature": signature}


def detect(data: Any) -> bool:
    msgs = data.get("messages") if type(data) is dict else data
    if type(msgs) is not list:
        return False
    ours = False
    for m in msgs:
        if type(m) is not dict:
            m = plain_view(m)  # an SDK message in a body: what it holds tells as a dict would
            if type(m) is not dict:
                continue
        if m.get("role") == "tool" or "tool_calls" in m or "tool_plan" in m:
            return False  # Chat-shaped
        c = m.get("content")
        for b in c if type(c) is list else ():
            if type(b) is not dict:
                b = plain_view(b)  # an SDK block: what it holds tells as a dict would
                if type(b) is not dict:
                    continue
            if "type" not in b:
                return False  # Bedrock's blocks are keyed by kind
            kind = b["type"]
            if kind == "thinking":  # Anthropic's has a text and a signature
                if type(b.get("thinking")) is list:
                    return False  # Mistral's ThinkChunk: a list of chunks
                ours = ours or signed_thinking(b)
            elif type(kind) is str and (kind in _OURS or (kind == "image" and "source" in b)):
                ours = True
    return ours or (type(data) is dict and "system" in data and not _bedrock_like(data["system"]))


# (``compaction``: the block Anthropic's compaction returns, which the caller puts back at the front
# of its history: https://platform.claude.com/docs/en/build-with-claude/compaction)
_OURS = frozenset({"tool_use", "tool_result", "redacted_thinking", "document", "compaction", *_SERVER})


def _bedrock_like(system: Any) -> bool:
    return type(system) is list and any(type(b) is dict and "type" not in b for b in system)


# provider state: server tools' calls and results (https://docs.claude.com/en/docs/agents-and-tools/tool-use/
# web-search-tool and its siblings), MCP connector blocks, tool search additions
STATE = frozenset({
    "server_tool_use", "mcp_tool_use", "mcp_tool_result", "web_search_tool_result", "web_fetch_tool_result",
    "code_execution_tool_result", "bash_code_execution_tool_result", "text_editor_code_execution_tool_result",
    "tool_search_tool_result", "container_upload", "tool_addition", "tool_removal",
})
# the blocks only an in-line ``role: "system"`` message holds, never the top-level ``system`` (text blocks):
# the SDK's ``BetaSystemMessageParam.content`` (text, ``tool_addition``, ``tool_removal``); such a message
# written fresh stays in its place
INLINE = frozenset({"tool_addition", "tool_removal"})
# https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use: results
# "must come FIRST in the content array"; the wordings are the API's 400 errors
PAIRING = Pairing(
    alternating=True,
    results_first=True,
    missing="`tool_use` ids were found without `tool_result` blocks immediately after",
    orphan="unexpected `tool_use_id` found in `tool_result` blocks",
)


def _unsent(wire: Any) -> Tuple[str, ...]:
    """The ``cache_control`` and ``citations`` of a message's (or the system's) blocks."""
    return tuple(hints(wire.value if isinstance(wire, Field) else wire.get("content") if type(wire) is dict else None))


def _unsent_fresh(wire: Any) -> Tuple[str, ...]:
    """What of that a message written fresh to Anthropic goes without: the system's text
    blocks' (written fresh, its parts go as text: ``_system``); a message's text blocks are
    noted by the writer, which knows which of them it writes (``FreshText``), and the other
    blocks' parts keep the block (``tool_use``, ``tool_result``, ``thinking``, ``image``,
    ``document``...) and write it back with them. Its empty text blocks are read as no part,
    and the blank ones of its results are left out (``solid``): those and their
    ``cache_control`` go too (``blank_unsent``)."""
    if isinstance(wire, Field):
        return tuple(hints(wire.value, ("text",)))
    return tuple(blank_unsent(wire.get("content"))) if type(wire) is dict else ()


def _refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """``Refusals.message``: an image (in a tool result too) labelled other than its
    bytes show ("The image was specified using the image/png media type, but the image
    appears to be a image/jpeg image") or ``image/jpg`` (not in the ``media_type`` enum);
    an error result without content (``""``, ``[]`` or none: "content cannot be empty if
    `is_error` is true"), which the writer sends as "(no output)", as ``encode_result``
    refuses it; blank text Anthropic refuses (``blank_refused``), which the writer leaves
    out, noted (``solid``); a ``tool_use`` whose ``input`` is no object (JSON text, null,
    missing: "messages.1.content.0.tool_use.input: Input should be a valid dictionary"),
    which the writer writes as the object it decodes to (an unreadable one is an invalid
    call, which it refuses)."""
    said = blank_refused(wire, final)
    if said is not None:
        return said
    content = wire.get("content") if type(wire) is dict else None
    for b in content if type(content) is list else ():
        if type(b) is dict and b.get("type") == "tool_use" and type(b.get("input")) is not dict:
            return ("it holds a tool_use whose input is no object, which Anthropic refuses (\"tool_use.input: Input "
                    "should be a valid dictionary\")")
        inner = b.get("content") if type(b) is dict and b.get("type") == "tool_result" else None
        for x in (b, *inner) if type(inner) is list else (b,):
            src = x.get("source") if type(x) is dict and x.get("type") == "image" else None
            if type(src) is dict and no_base64(src.get("data")):
                return "it holds an image whose data is no base64 (a character outside ASCII), which Anthropic refuses"
            mt = relabelled(x)
            # (a source without data: the writer reads no image, sent as it came)
            label = src.get("media_type") if type(src) is dict and src.get("type") == "base64" and type(
                src.get("data")) is str else None
            if mt is None and type(label) is str and image_media_type(label) not in IMAGE_TYPES:
                return f"it holds an image labelled {label!r}, a media type Anthropic does not take"
            if mt is not None:
                label = x["source"].get("media_type")
                if type(label) is str and image_media_type(label) == mt:  # its type, named another way
                    return (f"it holds an image labelled {label!r}, a media type Anthropic does not take "
                            f"({', '.join(IMAGE_TYPES)})")
                return "it holds an image labelled other than its bytes show, which Anthropic refuses"
        if type(b) is dict and b.get("type") == "tool_result" and b.get("is_error") is True and inner in (None, "", []):
            return (f"it holds an error result without content ({b.get('tool_use_id')}), which Anthropic refuses "
                    "(\"content cannot be empty if `is_error` is true\")")
    return None


HISTORY = HistoryCodec(
    decode, encode, detect, frozenset({"system", "messages"}), state=STATE,
    pairing=PAIRING, unsent=_unsent, unsent_fresh=_unsent_fresh, thinking=(_read_thinking, _write_thinking),
    refusals=Refusals(_refused, prefill=ends_in_space), decodes_as=NAME,
)
