"""OpenAI Chat Completions streaming (``openai.chat``): ``chat.completion.chunk``.

Follows https://platform.openai.com/docs/api-reference/chat-streaming (checked
2026-11-30) and the openai-python types ``chat_completion_chunk``
(``ChoiceDeltaToolCall``: ``index`` required, ``id``/``type``/``function`` optional).

- ``choices[i].delta.tool_calls[]`` items are correlated per choice by ``id``, then
  ``index``, then the latest call (gateways omit or reuse ``index``, send every call
  on index 0 with distinct ids, send ``""`` ids on continuations (Qwen), repeat the
  name (Kimi K2), send parallel calls of one tool at one index without ids (told from
  Kimi's repeats by whether the text so far is a whole value: ``Core.delta``), or send
  the name in a later delta).
- A delta without ``index`` carrying its own id and name is a separate call (Mistral,
  Ollama ``/v1``, Gemini's OpenAI-compatible endpoint).
- ``delta.content`` is text, or a list of content chunks (mistralai ``DeltaMessage``:
  Magistral's ``text`` and ``thinking`` chunks): the text chunks are reply text.
- Chunks with ``choices: []`` (Azure's content-filter first chunk, the usage chunk)
  carry no calls. ``arguments`` given as an object (llama.cpp) is taken as its JSON text.
- Calls end at their choice's ``finish_reason`` or at the end of the stream.
- Legacy ``delta.function_call`` is one call per choice.
- An ``index`` given as a digit string (a gateway quirk) is the int it spells; another
  index that is not an int is refused (``_index``).
- The id ``"null"`` is no id: mistralai's ``ToolCall`` fills it (and ``index=0``)
  where the wire has none, and its objects arrive here as ``mistral`` and as
  ``openai.chat`` (detected so); a named delta with it starts a new call.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Iterable, Optional

from ..._errors import DecodeError, ToolwireError, excerpt
from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from ...stream._events import ArgsDelta, new_event
from .._common import describe_error
from .chat_tools import FUNCTION_FIELDS

__all__ = ["NAME", "SDK_EVENTS", "Handler", "detect"]

# openai ``client.chat.completions.stream()`` (``openai.lib.streaming.chat``):
# ``ChunkEvent(type="chunk", chunk=ChatCompletionChunk, snapshot=...)``, then events
# derived from that chunk (content, refusal, logprobs, tool-call arguments): skipped
SDK_EVENTS: Dict[str, str] = {
    "openai:ChunkEvent": "chunk",
    **{
        f"openai:{name}": ""
        for name in (
            "ContentDeltaEvent", "ContentDoneEvent", "RefusalDeltaEvent", "RefusalDoneEvent",
            "FunctionToolCallArgumentsDeltaEvent", "FunctionToolCallArgumentsDoneEvent",
            "LogprobsContentDeltaEvent", "LogprobsContentDoneEvent",
            "LogprobsRefusalDeltaEvent", "LogprobsRefusalDoneEvent",
        )
    },
}

NAME = "openai.chat"


def detect(data: Dict[str, Any]) -> bool:
    obj = data.get("object")
    if obj == "chat.completion.chunk":
        return True
    choices = data.get("choices")
    if type(choices) is not list:
        return False
    if not choices:
        return "prompt_filter_results" in data or "usage" in data or obj == ""
    first = choices[0]
    return type(first) is dict and "delta" in first


def _index(index: Any, loc: str, dialect: str) -> int:
    """A ``tool_calls[j].index`` (at *loc*) that is not an int: a digit string (a
    gateway quirk) is the int it spells, read losslessly (``"0"`` is 0; ``"01"``
    spells no index a provider writes); anything else is refused: read as no index,
    the fragments of parallel calls would glue into valid-looking wrong calls."""
    if type(index) is str and 0 < len(index) <= 18 and index.isascii() and index.isdigit() and (
            index[0] != "0" or index == "0"):
        return int(index)
    raise DecodeError(f"Tool call index at {loc} is neither an int nor a digit string: {excerpt(index)}",
                      dialect=dialect, loc=loc)


def _text(value: Any) -> Optional[str]:
    if value is None or type(value) is str:
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return str(value)


# the content chunks that are reply text (``chat_response.read_chat`` reads the same; thinking
# chunks are reasoning, which the accumulator does not gather)
_TEXT_PARTS = ("text", "output_text")

# a delta's own fields; any other is kept as the one-shot decoder keeps it (``chat.decode_call``)
_ITEM = frozenset({"index", "id", "type", "function", "custom"})


def _plain(tc: Dict[str, Any], fn: Any) -> bool:
    """Whether the delta *tc* (its ``function`` *fn*) carries a call's own fields only."""
    return ((len(tc) <= 2 or _ITEM.issuperset(tc))
            and (type(fn) is not dict or len(fn) <= 1 or FUNCTION_FIELDS.issuperset(fn)))


def _keep(c: Call, tc: Dict[str, Any], fn: Any, custom: bool, dialect: str) -> None:
    """Keep what a delta carries beside its call's fields in *c*'s provider data, as
    ``decode`` keeps it for the same call whole (under ``extra`` / ``function_extra``:
    Gemini's ``extra_content.google.thought_signature``, which ``encode`` must write
    back); a custom tool's call is marked ``custom``. Later deltas add to it."""
    extra = {k: v for k, v in tc.items() if k not in _ITEM}
    fn_extra = {k: v for k, v in fn.items() if k not in FUNCTION_FIELDS} if type(fn) is dict else None
    if not (extra or fn_extra or custom):
        return
    pd = c.pd
    if pd is None:
        pd = c.pd = {}
    mine = pd.get(dialect)
    if mine is None:
        mine = pd[dialect] = {}
    if extra:
        mine.setdefault("extra", {}).update(extra)
    if fn_extra:
        mine.setdefault("function_extra", {}).update(fn_extra)
    if custom:
        mine["custom"] = True


class Handler:
    """Feeds Chat chunks into the shared core."""

    name = NAME

    def __init__(self, core: Core) -> None:
        self.core = core

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: a chunk whose one choice carries only one argument
        continuation (no id, no name) for an open call (at its index; without an
        index, the call its choice started last), and no error beside it, is added
        here (the core's hot-path contract); other chunks go to ``feed``, chunks that
        are not dicts to *other*."""
        core = self.core
        feed = self.feed
        open_calls = core.by_key
        all_calls = core.calls
        limit = core.max_bytes
        events = core.events if core.emit else None
        data: Any = None
        # the call the last continuation went to, at (``at_scope``, ``at_index``): valid until
        # ``feed`` runs (only ``feed`` starts, ends or moves calls), so a run of continuations
        # of one call looks it up once
        at: Optional[Call] = None
        at_scope: Any = None
        at_index: Any = None
        try:
            for data in chunks:
                if type(data) is not dict:
                    other(data)
                    at = None
                    continue
                try:  # a shape that does not fit (a missing key, a wrong type) goes to ``feed``
                    choices = data["choices"]
                    # one choice, and no error reported beside it (``feed`` fails the reply on one;
                    # vLLM's ``{"object": "error"}`` has no ``choices``)
                    if type(choices) is list and len(choices) == 1 and "error" not in data:
                        choice = choices[0]
                        delta = choice["delta"]
                        if len(delta) == 1:  # OpenAI's continuation: ``tool_calls`` alone
                            calls = delta["tool_calls"]
                        elif not delta.get("content") and delta.get("function_call") is None:
                            calls = delta.get("tool_calls")
                        else:
                            calls = None
                        if type(calls) is list and len(calls) == 1 and not choice.get("finish_reason"):
                            tc = calls[0]
                            fn = tc["function"]
                            piece = fn["arguments"]
                            size = len(tc)
                            if size == 2 and len(fn) == 1:
                                # OpenAI's continuation: ``index`` and ``function.arguments`` alone
                                index = tc["index"]
                            # (``arguments`` alone in ``function``: no name; nothing to keep beside the call)
                            elif (not tc.get("id")
                                    and (len(fn) == 1 or (not fn.get("name") and FUNCTION_FIELDS.issuperset(fn)))
                                    and (size <= 2 or _ITEM.issuperset(tc))):
                                index = tc.get("index")
                            else:
                                raise LookupError
                            scope = choice.get("index", 0)
                            if type(piece) is str and type(scope) is int:
                                if type(index) is int:
                                    if index is at_index and scope is at_scope and at is not None:
                                        c = at
                                    else:
                                        c = at = open_calls[(scope, index)]  # none open: ``feed`` starts one
                                        at_scope, at_index = scope, index
                                elif index is None:  # no index: the call its scope started last, if open
                                    c = all_calls[-1]
                                    if c.scope != scope or c.done:
                                        raise LookupError  # ``feed`` decides
                                else:
                                    raise TypeError
                                if not piece:
                                    continue
                                size = c.size + len(piece)
                                if size <= limit:
                                    c.size = size
                                    c.parts.append(piece)
                                    if events is not None:
                                        events.append(new_event(ArgsDelta, (c.pos, c.id, piece, None, None)))
                                    continue
                except (LookupError, TypeError, AttributeError):
                    pass
                at = None
                feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

    def feed(self, data: Dict[str, Any]) -> None:
        core = self.core
        if data.get("error") or (data.get("object") == "error" and "choices" not in data):  # a failure reported
            core.error(describe_error(data.get("error") or data))
        choices = data.get("choices")
        if type(choices) is not list:
            # a container in the wrong shape may hold calls: refused, as decode_all refuses it
            # (a scalar holds none: skipped, as an odd value of an OpenAI-compatible server)
            if type(choices) is dict:
                raise TypeError("'choices' must be a list, got dict")
            return
        pos = -1
        for ch in choices:
            pos += 1
            if type(ch) is not dict:  # no choice (``None``, text): it keeps its position
                if type(ch) is list:
                    raise TypeError(f"choices[{pos}] must be an object, got list")
                continue
            scope = ch.get("index", pos)
            if type(scope) is not int:
                scope = pos
            if scope != core.first_choice:
                core.choice(scope)
            delta, field = ch.get("delta"), "delta"
            if type(delta) is not dict:
                if type(delta) is not list:
                    delta, field = ch.get("message"), "message"
                if type(delta) is list:  # a container in the wrong shape may hold calls: refused
                    raise TypeError(f"choices[{pos}].{field} must be an object, got list")
            if type(delta) is dict:
                calls = delta.get("tool_calls")
                if type(calls) is list:
                    for j, tc in enumerate(calls):
                        if type(tc) is dict:
                            self._call(scope, tc, pos, field, j)
                        else:
                            core.broken(tc, scope)
                elif type(calls) is dict:
                    raise TypeError(f"choices[{pos}].{field}.tool_calls must be a list, got dict")
                content = delta.get("content")
                if type(content) is str:
                    if not content:
                        pass
                    elif scope == core.first_choice:
                        core.text_parts.append(content)
                    else:  # another choice's text: never mixed with the first one's
                        core.other_text(scope, content)
                elif type(content) is list:  # content chunks (Mistral's Magistral: text and thinking)
                    for part in content:
                        if type(part) is dict and part.get("type") in _TEXT_PARTS:
                            piece = part.get("text")
                            if type(piece) is str:
                                core.text(piece, scope)
                fc = delta.get("function_call")
                if type(fc) is dict:
                    core.delta(scope, "function_call", None, nonempty_str(fc.get("name")), _text(fc.get("arguments")))
            reason = ch.get("finish_reason")
            if reason:
                if scope == core.first_choice:  # the stream's finish reason is the first choice's
                    core.finish(reason)
                core.choice_finish[scope] = str(reason)
                core.end_scope(scope)

    def _call(self, scope: int, tc: Dict[str, Any], pos: int, field: str, j: int) -> None:
        index = tc.get("index")
        if type(index) is not int and index is not None:
            index = _index(index, f"$.choices[{pos}].{field}.tool_calls[{j}].index", self.core.dialect)
        fn = tc.get("function")
        name = text = None
        custom = False
        if type(fn) is dict:
            name = fn.get("name")
            if type(name) is not str or not name:
                name = None
            text = fn.get("arguments")
            if type(text) is not str:
                text = _text(text)
        elif type(tc.get("custom")) is dict:  # custom tools: free text, delivered whole
            name = nonempty_str(tc["custom"].get("name"))
            text = _text({"input": tc["custom"].get("input", "")})
            custom = True
        ident = tc.get("id")
        core = self.core
        if type(ident) is not str or not ident:
            ident = None
        elif ident == "null":  # mistralai's ``ToolCall`` placeholder: the wire had no id
            if name is not None:  # ... nor, maybe, an index (it fills 0): a named delta starts a call
                c = core.new(None if index is None else (scope, index), scope, None, name, False)
                if text:
                    core.add(c, text)
                if custom or not _plain(tc, fn):
                    _keep(c, tc, fn, custom, core.dialect)
                    if custom:  # free text: a ``length`` finish cuts it off
                        core.mark_free_text(c)
                return
            ident = None
        c = core.delta(scope, index, ident, name, text)
        # (OpenAI's opening delta, told by its keys without a call: nothing beside the call's fields)
        if custom or not (len(tc) == 4 and "id" in tc and "type" in tc and "index" in tc and "function" in tc
                          and type(fn) is dict and len(fn) == 2 and "name" in fn and "arguments" in fn
                          ) and not _plain(tc, fn):
            _keep(c, tc, fn, custom, core.dialect)
            if custom:  # free text: a ``length`` finish cuts it off
                core.mark_free_text(c)

    def close(self) -> None:
        return None
