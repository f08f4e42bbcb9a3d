"""What the providers' history readers share (``*/history.py``): ``CallParts`` decodes a
message's call blocks (``call_part``) into ``ToolCall``s (or an ``InvalidToolCall`` when
its arguments are broken, cut off by the finish reason its message carries (``finish_of``:
only its last call may be), or in a reply the provider reports as failed, as
``decode_all(..., invalid="keep")`` reads them: a history is read whole, and a bad call
is a finding, not a reason to lose the rest); ``texts``,
``text_at`` and ``block_text`` give the parts of text (the last two refuse a value that
is no text at its path); ``foreign``, ``no_key`` and ``response_part``
refuse what is not a message of the reader's dialect. The writers' side is
``_history_write``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Container, Dict, List, Mapping, Optional, Tuple

from .._access import to_data
from .._args import DEFAULT_POLICY
from .._cut_last import whole_policy
from .._errors import ArgumentsError, DecodeError, an
from .._policy import cut_reason
from .._stopped import barred_call, barred_reason
from .._types import new_invalid
from ..conversation._values import Part, Text

if TYPE_CHECKING:
    from .._dialect import Dialect

__all__ = [
    "FOREIGN", "CallParts", "block_text", "call_part", "finish_of", "foreign", "hints", "kept", "no_key", "plain_view",
    "response_part", "text_at", "texts",
]


def finish_of(d: Dialect, m: Any) -> Optional[str]:
    """The finish reason the message *m* carries as *d* reads it on a reply (an
    Anthropic ``Message``'s ``stop_reason``), the one ``decode_all`` applies to its
    calls; ``None`` for a message without one (or a reader that fails on it)."""
    try:
        fin = d.finish(m) if type(m) is dict else None
    except Exception:  # a third party's reader: no reason read
        return None
    return fin if type(fin) is str else None


def call_part(
    d: Dialect, item: Any, loc: str, peek: Tuple[Any, Any], finish: Optional[str] = None, whole: bool = False
) -> Part:
    """The call block *item* of a message whose finish reason is *finish*, read as
    ``decode_all(..., invalid="keep")`` reads it: a call of a reply cut off at its
    token limit is checked as such unless *whole* (another call of the reply follows it:
    ``_cut_last.whole_policy``), one of a reply the provider reports as failed (or
    stopped by a content filter or a refusal) is invalid, and broken arguments give an
    ``InvalidToolCall`` with their text, path and ``truncated`` flag."""
    pol = DEFAULT_POLICY
    name, ident = peek
    name = name if type(name) is str and name else None
    ident = ident if type(ident) is str and ident else None
    if finish is not None:  # judged as ``decode_all`` judges a reply
        if barred_reason(d, finish) is not None:  # failed or stopped: none of its calls runs
            error = barred_call(d, loc, finish)
            try:
                call = d.decode_call(item, pol, loc)
            except ArgumentsError as exc:
                return new_invalid(name, ident, exc.raw, error, loc, False, exc.provider_data)
            return new_invalid(call.name, call.id, call.raw, error, loc, False, call.provider_data)
        cut = cut_reason(d, finish)
        if cut is not None:
            pol = replace(pol, finish_reason=cut)
            pol = whole_policy(pol) if whole else pol
    try:
        return d.decode_call(item, pol, loc)
    except ArgumentsError as exc:
        return new_invalid(name, ident, exc.raw, exc.message, exc.loc, exc.truncated, exc.provider_data)


class CallParts:
    """The parts (*out*) of one message whose finish reason is *finish*, its calls read
    by ``call_part`` as ``decode_all`` reads the calls of a reply (``_cut_last``): a
    model writes its calls one after another, so under a finish that may have cut the
    reply off each call is held back until the next call (``call``, or ``follow`` for a
    tool the provider runs) shows it whole; the last one (``close``) is judged under
    *finish*. Its place in *out* is kept, so the parts stay in the message's order."""

    __slots__ = ("d", "finish", "out", "held")

    def __init__(self, d: Dialect, finish: Optional[str], out: List[Part]) -> None:
        self.d = d
        self.finish = finish
        self.out = out
        self.held: Optional[Tuple[int, Any, str, Tuple[Any, Any]]] = None

    def call(self, item: Any, loc: str, peek: Tuple[Any, Any]) -> None:
        """The call block *item* at *loc* (*peek*: its name and id as far as they read)."""
        if self.held is not None:
            self.follow()
        if self.finish is None:
            self.out.append(call_part(self.d, item, loc, peek))
        else:
            self.held = (len(self.out), item, loc, peek)
            self.out.append(None)  # type: ignore[arg-type]  # (filled by ``follow`` or ``close``)

    def follow(self) -> None:
        """A call comes next: the call held back was whole."""
        held = self.held
        if held is not None:
            self.held = None
            self.out[held[0]] = call_part(self.d, held[1], held[2], held[3], self.finish, True)

    def close(self) -> Tuple[Part, ...]:
        """The message ends: the call held back was its last; its parts."""
        held = self.held
        if held is not None:
            self.held = None
            self.out[held[0]] = call_part(self.d, held[1], held[2], held[3], self.finish)
        return tuple(self.out)


# block and item types that belong to one dialect's wire only: met in another's
# history they mean the payload is of another dialect (never read as "other" parts,
# which would lose its calls)
FOREIGN = {
    "anthropic.messages": frozenset({"tool_use", "tool_result", "server_tool_use", "mcp_tool_use", "thinking",
                                     "redacted_thinking"}),
    "openai.responses": frozenset({"function_call", "function_call_output", "input_text", "output_text",
                                   "input_image", "input_file", "reasoning"}),
    "openai.chat": frozenset({"image_url", "input_audio"}),
}


def foreign(kind: Any, loc: str, dialect: str, own: Tuple[str, ...] = ()) -> None:
    """``DecodeError`` when a block of type *kind* belongs to another dialect's wire, or
    has no type or an empty one."""
    if type(kind) is not str:
        raise DecodeError(
            f"Content block at {loc} has no 'type', which every {dialect} block has", dialect=dialect, loc=loc
        )
    if not kind:  # names no kind: no block of a provider's has it (kept, it would be an ``Other`` of no type)
        raise DecodeError(f"Content block at {loc} has an empty 'type'", dialect=dialect, loc=f"{loc}.type")
    for other, kinds in FOREIGN.items():
        if other != dialect and other not in own and kind in kinds:
            raise DecodeError(
                f"Content block at {loc} has type {kind!r}, which is {other}'s, not {dialect}'s",
                dialect=dialect, loc=loc,
            )


def hints(blocks: Any, kinds: Optional[Container[str]] = None) -> List[str]:
    """What the content blocks *blocks* hold beside their parts, as phrases for a
    ``HistoryCodec.unsent``: text blocks' ``citations``
    (https://docs.claude.com/en/docs/build-with-claude/citations) and ``cache_control``,
    Anthropic's prompt-caching breakpoint, which OpenRouter takes on Chat content parts
    too (https://docs.claude.com/en/docs/build-with-claude/prompt-caching,
    https://openrouter.ai/docs/features/prompt-caching). No canonical part carries them.
    With *kinds*, only the blocks of those types count."""
    if type(blocks) is not list:
        return []
    cites = cached = 0
    for b in blocks:
        if type(b) is dict and (kinds is None or b.get("type") in kinds):
            if b.get("cache_control") is not None:
                cached += 1
            c = b.get("citations")
            if type(c) is list:
                cites += len(c)
    out = [f"The list of citations ({cites})"] if cites else []
    if cached:
        out.append(f"The cache_control on {cached} content block{'' if cached == 1 else 's'}")
    return out


def data_hints(provider_data: Mapping[str, Mapping[str, Any]], target: Optional[str]) -> List[str]:
    """What a result's provider data of a dialect other than *target* holds beside its
    parts, which only that dialect writes back, as ``hints`` phrases them: an Anthropic
    ``tool_result`` block's own ``cache_control``, the extra fields of Chat content parts
    (``part_extra``: OpenRouter's ``cache_control``); *target* ``None``: every dialect's.
    A history notes them at their message instead (``HistoryCodec.unsent`` reads the
    message's blocks)."""
    out: List[str] = []
    for name, pd in provider_data.items():
        if name == target:
            continue
        if pd.get("cache_control") is not None:
            out.append("The cache_control")
        extra = pd.get("part_extra")
        if type(extra) is list:
            held = [e for e in extra if type(e) is dict and e]
            if held:
                keys = ", ".join(sorted({k for e in held for k in e}))
                out.append(f"The {keys} on {len(held)} content part{'' if len(held) == 1 else 's'}")
    return out


def no_key(m: Any, key: str, loc: str, dialect: str) -> None:
    """``DecodeError`` when message *m* carries *key* (another dialect's field)."""
    if type(m) is dict and m.get(key) is not None:
        raise DecodeError(
            f"Message at {loc} has {key!r}, which {dialect} messages do not have", dialect=dialect, loc=f"{loc}.{key}"
        )


def response_part(m: Dict[str, Any], loc: str, dialect: str, member: str, finish: str, what: str) -> None:
    """``DecodeError`` when the history item *m* is a part of a response holding the
    message under *member* beside its *finish* reason (a Chat choice, a Gemini
    candidate): a history holds that message ("has role None" would not say so)."""
    if type(m.get(member)) is dict and finish in m:
        raise DecodeError(f"Item at {loc} is a response {what}, not a message: a history holds its {member!r}",
                          dialect=dialect, loc=loc)


def kept(plain: Optional[List[Any]], items: List[Any], i: int, value: Any) -> List[Any]:
    """The list *items* as JSON holds it, where its item *i* is *value*, read from an
    object (an SDK block in a message dict): *plain*, the copy made at an earlier such
    item, or a new copy (the caller's list is never changed)."""
    if plain is None:
        plain = list(items)
    plain[i] = value
    return plain


def plain_view(value: Any) -> Any:
    """*value*, not a dict, as plain data for a ``detect`` to look at (an SDK block in a
    message dict: the tool loop appends ``response.content``); ``None`` when it cannot
    be read (its reader then says where and why)."""
    try:
        return to_data(value)
    except DecodeError:
        return None


def texts(s: Any) -> Tuple[Part, ...]:
    return (Text(s),) if type(s) is str and s else ()


def text_at(s: Any, loc: str, dialect: str) -> Tuple[Part, ...]:
    """The parts of the text *s* read at *loc*: a string (or ``None``, absent); any other
    value (a number, an object, a list) is a ``DecodeError`` there, never left out unsaid."""
    if s is not None and type(s) is not str:
        raise DecodeError(f"Text at {loc} must be a string, got {an(type(s).__name__)}", dialect=dialect, loc=loc)
    return (Text(s),) if s else ()


def block_text(b: Dict[str, Any], loc: str, dialect: str) -> Tuple[Part, ...]:
    """The parts of the text block *b* (at *loc*): its ``text`` read as ``text_at`` reads it."""
    s = b.get("text")
    if s is not None and type(s) is not str:
        text_at(s, loc + ".text", dialect)  # raises
    return (Text(s),) if s else ()
