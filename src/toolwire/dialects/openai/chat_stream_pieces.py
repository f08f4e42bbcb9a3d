"""The pieces of a Chat stream's tool-call delta (``openai.chat``), read for
``chat_stream_feed.Feed``: its index, whether it carries a call's own fields only
(else what it carries beside them is kept), a custom tool's input, an empty piece, a
legacy ``function_call`` piece, reasoning. Follows the openai-python types
``chat_completion_chunk`` (``ChoiceDeltaToolCall``; checked 2026-11-30).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from ..._args import parse_arguments
from ..._errors import ArgumentsError, DecodeError, excerpt
from ...stream._call import Call, add_kept, begins_value, nonempty_str, whole_text_value, whole_value
from ...stream._core import Core
from ...stream._fresh import NEW
from ...stream._twins import twin_rest
from .._common import wire_index
from .chat_response import reasoning_field
from .chat_stream_args import text_of, whole_text
from .chat_tools import FUNCTION_FIELDS

__all__ = ["ITEM", "call_index", "custom_input", "custom_piece", "empty_piece", "given_id", "head_again",
           "keep", "kept", "legacy_piece", "loose_args", "loose_owner", "name_rest", "other_again", "other_value",
           "plain", "reasons", "unread"]


# a delta's own fields; any other is kept as the one-shot decoder keeps it (``chat.decode_call``)
ITEM = frozenset({"index", "id", "type", "function", "custom"})


def plain(tc: Dict[str, Any], fn: Any) -> bool:
    """Whether the delta *tc* (its ``function`` *fn*) carries a call's own fields only (two keys
    may be ``function`` and ``extra_content``, no ``index``: Gemini's signature, kept; one key in
    ``function`` may be another than ``arguments``: ``{"thought_signature": …}``, kept)."""
    return ITEM.issuperset(tc) and (type(fn) is not dict or FUNCTION_FIELDS.issuperset(fn))


def loose_args(tc: Dict[str, Any]) -> bool:
    """Whether the delta *tc* carries ``arguments`` outside ``function`` with something in it
    (anything but ``null`` and ``""``)."""
    args = tc.get("arguments")
    return args is not None and args != ""


def given_id(ident: Any) -> Optional[str]:
    """A delta's ``id`` as the reader reads it: ``None`` for none, ``""``, one that is no
    text and mistralai's ``"null"`` (its ``ToolCall`` placeholder: the wire had no id)."""
    return ident if type(ident) is str and ident and ident != "null" else None


def loose_owner(core: Core, scope: int, tc: Dict[str, Any], finished: bool, loc: str) -> Optional[Call]:
    """The open call whose rest the delta *tc*, a top-level ``arguments`` (``loose_args``),
    may be, read as a nameless ``function`` piece with its index and id is read
    (``Keyed.delta``; *finished*: after its choice's finish, ``Feed._call``), or ``None``
    where that reading makes it no call's rest. No index (or one not read, *loc*): the call
    its id names, else the latest; a digit string is its int (``call_index``); an index no call
    has, the call its id names when that call came without one (an index-less stream's: review
    revServer3). No id (as
    ``given_id`` reads it), the call's own, or any for a call without one (it takes the
    first it sees) is its rest; another only where the call's text tells it is a call of its
    own (``Fresh.fresh_reading``: after a whole value, text beginning another). Where unsure
    (an id another call has, a piece held) the call is read as getting it: never run
    with a piece of its arguments missing (review revLead)."""
    at, ident = tc.get("index"), given_id(tc.get("id"))
    if at is not None and type(at) is not int:
        try:
            at = call_index(at, loc, core.dialect)
        except DecodeError:
            at = None
    if at is not None:
        c = core.by_key.get((scope, at))
        if c is None and ident is not None:  # (no call at the index: the call its id names, if it has none)
            c = core.ids.get((scope, ident))
            if c is not None and c.key is not None:  # (at another index: as a ``function`` piece, not its rest)
                c = None
    else:
        c = core.latest(scope)
        if finished and c is not None and c.key is not None:  # (the choice's calls end: ``Feed._call``)
            return None
        known = core.ids.get((scope, ident)) if ident is not None else None
        if known is not None and not finished:
            c = known
    if c is None or c.done or ident is None or ident == c.id or c.id is None:
        return None if c is None or c.done else c
    if (scope, ident) in core.ids or (core._fresh and scope in core._fresh):
        return c
    value = tc["arguments"]
    if type(value) is str:
        return None if core.fresh_reading(c, value) == NEW else c
    return c if core.takes_fresh(c, whole_text(value)) else None


def unread(tc: Dict[str, Any]) -> Optional[str]:
    """Why the delta *tc*, whose ``function`` is no object and which is no custom tool's
    or GLM-4-AllTools call's, is refused (an invalid call in its place, as ``decode_all``
    refuses the item whole), or ``None``: a top-level ``arguments`` with something in it
    (a flat call's shape, ``{"type", "arguments"}``: Groq's ``ExecutedTool`` keys, or a
    client's call without its ``function``), or an object under the key its ``type``
    names that is no call read here (GLM's tool definition ``{"type":
    "code_interpreter", "code_interpreter": {"sandbox": "auto"}}``, no ``input`` or
    ``outputs``). Dropped, their keys went to the call open before them (``keep``). Only
    ``null`` and ``""`` carry nothing: ``{}`` would be whole arguments, ``[]``, ``0`` and
    ``false`` are no text, and white space may be a piece of a string in the arguments.
    One with such ``arguments`` at the index of a call still open makes that call invalid
    (``Feed._call``: a piece of its arguments not read); a typed object there stands apart."""
    if loose_args(tc):
        return f"has 'arguments' outside 'function' (a call without its 'function'): {excerpt(tc)}"
    kind = tc.get("type")
    if type(kind) is str and kind != "function" and type(tc.get(kind)) is dict:
        return f"is a {kind!r} item that holds no call (no 'input' or 'outputs': a tool definition?): {excerpt(tc)}"
    return None


def kept(tc: Dict[str, Any], fn: Any, custom: bool, dialect: str) -> Optional[Dict[str, Any]]:
    """What a delta carries beside its call's fields, as provider data (``keep``), or ``None``."""
    extra = {k: v for k, v in tc.items() if k not in ITEM}
    fn_extra = {k: v for k, v in fn.items() if k not in FUNCTION_FIELDS} if type(fn) is dict else None
    if not (extra or fn_extra or custom):
        return None
    mine: Dict[str, Any] = {}
    if extra:
        mine["extra"] = extra
    if fn_extra:
        mine["function_extra"] = fn_extra
    if custom:
        mine["custom"] = True
    return {dialect: mine}


def keep(c: Call, tc: Dict[str, Any], fn: Any, custom: bool, dialect: str) -> None:
    """Keep what a delta carries beside its call's fields in *c*'s provider data, as
    ``decode`` keeps it for the same call whole (under ``extra`` / ``function_extra``:
    Gemini's ``extra_content.google.thought_signature``, which ``encode`` must write
    back); a custom tool's call is marked ``custom``. Later deltas add to it."""
    data = kept(tc, fn, custom, dialect)
    if data is not None:
        add_kept(c, data)


def custom_input(core: Core, c: Call, piece: Any) -> None:
    """A custom tool call's ``custom.input`` piece (free text: the pieces are joined, as
    the Responses reader joins ``custom_tool_call_input.delta``s, and the call's arguments
    are ``{"input": text}``, as ``decode`` reads the call whole: ``chat._decode_custom``);
    one that is not text makes the call invalid (never skipped)."""
    if piece is None or type(piece) is str:
        core.add_input(c, "input", piece)
    else:
        core.add_input(c, "input", None)
        core.fail(c, f"Custom tool input must be text, got {excerpt(piece)}")


def custom_piece(core: Core, c: Call, scope: int, index: Optional[int], ident: Optional[str], name: Optional[str],
                 piece: Any) -> Call:
    """A custom call's piece (``custom.input`` *piece*, *name* if it has one) at *c*, the call it
    went to (``Keyed.delta``), read by what came before at *c* (``CutJudge._input_pieces``: 4, its
    name; 1, then a piece with input without it, which a server naming every piece never sends;
    2, its head again after its input, read as such a server's; 8, its head again with no input
    after 1): a head after its input came, ``head_again``; a nameless piece after its head came
    again (the input went on there), the call sent again from its head, or another call? Neither
    runs. A piece with no input (none or ``""``) tells nothing: a head again so only tells with
    the input after it (Qwen3-max ends with an empty nameless piece; a function call's head
    again with ``""`` adds nothing). The input is added to the call it goes to, returned."""
    seen = core._input_pieces
    if seen is None:
        seen = core._input_pieces = {}
    flags = seen.get(c.pos, 0)
    if name is None:
        if flags & 4 and piece:  # (after its name: the name sent late, a head sent id-first, is no head again)
            if flags & 8:  # (its head again with nothing, then input: sent again from its head)
                c = _resent(core, c, scope, index, c.id, c.name)
                flags = 4
            elif flags & 2:
                core.fail(c, f"The custom tool call {c.name!r} (id {c.id!r}) got its head again after its input, "
                             "then a piece without its name: the call sent again from its head, or another call? "
                             "Not guessed; neither runs")
            seen[c.pos] = flags | 1
    else:
        if core.inputs and core.inputs.get(c.pos, (None, None))[1]:
            if (ident is None and c.id is None and piece and type(piece) is str and core._twins
                    and c.pos in core._twins and twin_rest(core, c, name, piece, flags & 16)):
                flags |= 16  # (an ended call's input going on, named, no id: ``judge_twin`` tells at its end)
            else:
                # (with nothing, where *c* is the call its index goes on with: what follows tells)
                empty = not piece and flags & 5 == 5 and c is (core.latest(scope) if index is None else
                                                              core.by_key.get((scope, index)))
                n = head_again(core, c, scope, index, ident, name, piece, flags & 5 == 5 and not empty)
                if n is not c:
                    c, flags = n, 0
                elif empty:
                    flags |= 8
                elif flags & 4 and c.error is None:
                    flags |= 2
        seen[c.pos] = flags | 4
    custom_input(core, c, piece)
    return c


def _resent(core: Core, c: Call, scope: int, index: Optional[int], ident: Optional[str], name: Optional[str]) -> Call:
    """*c* named again after pieces of its input without its name: a call of its own at its index
    (*c*'s input never doubled), both failed, returned."""
    n = core.new(None if index is None else (scope, index), scope, ident, name, False)
    error = (f"Tool calls {c.pos} and {n.pos} of this stream: the custom tool call {c.name!r} (id {c.id!r}) "
             "named again after pieces of its input without its name: the call sent again from its head, "
             "or another call? Not guessed; neither runs")
    core.fail(c, error)
    core.fail(n, error)
    return n


def head_again(core: Core, c: Call, scope: int, index: Optional[int], ident: Optional[str], name: str,
                piece: Any, nameless: bool = False) -> Call:
    """*c*, a custom call whose input came, named again (a second head): the whole input
    sent again (a gateway's re-emission: invalid, never run twice), or with no id on
    either, another call at the index; after a piece of *c*'s input without its name, that
    name come before it (*nameless*: no server naming every piece), under *c*'s id or none,
    *c* sent again from its head, or another call? Free text shows no end (no second JSON value
    tells, as for a function call re-sent so): neither runs, the head starting a call of its
    own (*c*'s input never doubled); else (a server that names every delta) *c*."""
    if type(piece) is str and len(piece) == c.size and piece == "".join(core.inputs[c.pos][1]):  # type: ignore[index]
        core.fail(c, f"The custom tool call {name!r} came again whole after its input: the same call sent "
                     "twice (a re-emission), which must not run twice")
        return c
    if ident is None and c.id is None:
        return core.new(None if index is None else (scope, index), scope, None, name, False)
    if nameless and (ident is None or ident == c.id):
        return _resent(core, c, scope, index, ident, name)
    return c

def empty_piece(tc: Dict[str, Any], fn: Any, ident: Any) -> bool:
    """Whether the delta *tc* (its ``function`` *fn*, its ``id`` *ident*) carries nothing
    of a call: a call's own fields only, no id (none, ``""``, mistralai's ``"null"``), and
    in ``function`` (if any) nothing but an empty name and empty arguments."""
    return (ITEM.issuperset(tc) and "custom" not in tc and ident in (None, "", "null")
            and (fn is None or (type(fn) is dict and FUNCTION_FIELDS.issuperset(fn))))


def name_rest(core: Core, c: Call, tc: Dict[str, Any], own: Any) -> bool:
    """Whether the named delta *tc* (no id of its own, or *c*'s: *own* tells whether it has
    one) after its choice's finish is read at *c*, the open call there, as before the
    finish: *c* has an id and no arguments (no text, no ``{}`` given whole), the delta no
    ``"type"`` (``null`` is none: the SDK chunk's ``model_dump()``; ``Keyed._named_again``
    joins its name to *c*'s, or, under *c*'s own id, tells neither reading: its rest, or
    another call reusing the id), or *c*'s own id, ``"type"`` and all (Kimi K2 through
    OpenRouter sends them on every piece, a piece of the name too: its head re-sent, the rest
    of its name, or another call reusing the id after one without arguments? Read as before
    the finish: neither runs, ``Keyed._unsure``; fix46-chat7 C3: ``get_w({})`` ran beside
    ``eather``). LiteLLM's streaming wrapper sends ``finish_reason`` on every chunk
    (BerriAI/litellm#2195): a name split over its chunks is one call's (openai-python's
    ``accumulate_delta`` joins them)."""
    return ((not own or tc.get("id") == c.id) and c.id is not None and not c.size and c.obj is None
            and (tc.get("type") is None or own) and not (core._named and c.pos in core._named))


def other_value(c: Call, ident: Any, name: Optional[str], text: Optional[str]) -> bool:
    """Whether a piece after its choice's finish with *c*'s own id and name brings another whole
    value than *c*'s (its text one whole value, *c*'s too; a value in pieces, Kimi K2's id and name
    on every fragment, is read as before: its pieces may be the call's re-sent; after ``{}``, the real
    object, the ``leading-empty-object`` repair): a second completion reusing the
    id (DeepSeek's ``call_0``), or the call re-sent changed? Not guessed (``other_again``), never
    run together into one call's arguments (the same text again is the call re-sent: one
    ``InvalidToolCall``, ``Keyed``)."""
    return (ident is not None and ident == c.id and name is not None and name == c.name and c.size > 0
            and c.error is None and c.full is None and c.obj is None and c.tree is None
            and bool(begins_value(text)) and whole_value(c) and whole_text_value(str(text))
            and "".join(c.parts).strip() not in ("{}", str(text).strip()))


def other_again(core: Core, c: Call, scope: int, index: Any, tc: Dict[str, Any], fn: Any, text: Optional[str],
                finish: Callable[[int], None]) -> None:
    """The piece *tc* (``function`` *fn*) that ``other_value`` told: *c* ends (*finish* its
    choice), then the piece is a call of its own, and both are invalid, each with its own
    arguments (nothing merged, nothing lost). *c* fails before it ends, so its ``CallDone`` says
    so (never a runnable call that ``close`` takes back: review revChat5)."""
    error = (f"Tool calls {c.pos} and {len(core.calls)} of this stream share the id {c.id!r} and the name "
             f"{c.name!r} after a finish, with other arguments: a second completion reusing the id, or the "
             "call re-sent changed? Not guessed")  # (the new call's position: the next one)
    try:  # (a text the arguments policy refuses keeps its own error: reviews revChat6, revLead45; this
        # path is rare, each call once; a text the policy repairs would run: it fails)
        parse_arguments("".join(c.parts), core.policy, f"$.calls[{c.pos}].arguments", core.dialect)
    except ArgumentsError:
        pass
    else:
        core.fail(c, error)
    finish(scope)
    n = core.delta(scope, index, c.id, c.name, text, tc.get("type") is not None, False, True)
    core.fail(n, error)
    if not plain(tc, fn):
        keep(n, tc, fn, False, core.dialect)


def call_index(index: Any, loc: str, dialect: str) -> int:
    """A tool-call ``index`` (at *loc*) that is not an int: a float that is exactly one
    (Together's SDK types ``ToolChoice.index`` as a float: its objects and their dumps carry
    ``0.0``) is that int, unambiguous; else as ``wire_index`` reads it (a digit string, or
    refused: ``1.5``, nan, inf, a bool)."""
    if type(index) is float and index.is_integer() and -_WHOLE <= index <= _WHOLE:
        return int(index)
    return wire_index(index, loc, dialect, "Tool call index")


# the largest float index read as an int: every integer up to it is a float exactly
_WHOLE = 2.0 ** 53


def legacy_piece(delta: Dict[str, Any]) -> Any:
    """*delta*'s legacy ``function_call`` when it carries a name or argument text (its
    all-empty dummy adds nothing: ``Feed._legacy``), else ``None``."""
    fc = delta.get("function_call")
    if type(fc) is not dict or not (nonempty_str(fc.get("name")) or text_of(fc.get("arguments"))):
        return None
    return fc


def reasons(delta: Dict[str, Any]) -> bool:
    """Whether *delta* carries reasoning in a channel of its own, as ``read_chat`` reads
    it whole (``reasoning_content`` / ``reasoning``, text or ``{"content": …}``; a
    ``thinking`` content chunk; OpenRouter ``reasoning_details``)."""
    r = reasoning_field(delta)
    if type(r) is dict:
        r = r.get("content")
    if type(r) is str and r:
        return True
    content = delta.get("content")
    if (type(content) is list or type(content) is tuple) and any(
            type(p) is dict and p.get("type") == "thinking" and p.get("thinking") for p in content):
        return True
    details = delta.get("reasoning_details")
    return type(details) is list and bool(details)
