"""OpenAI Chat Completions streaming (``openai.chat``): ``chat.completion.chunk``.

Follows https://platform.openai.com/docs/api-reference/chat-streaming (checked
2026-11-30) and the openai-python types ``chat_completion_chunk``
(``ChoiceDeltaToolCall``: ``index`` required, ``id``/``type``/``function`` optional).

- ``choices[i].delta.tool_calls[]`` items are correlated per choice by ``id``, then
  ``index``, then the latest call (gateways omit or reuse ``index``, send every call
  on index 0 with distinct ids, send ``""`` ids on continuations (Qwen), repeat the
  name (Kimi K2), send parallel calls of one tool at one index without ids (told from
  Kimi's repeats by whether the text so far is a whole value: ``Core.delta``), or send
  the name in a later delta, or in pieces: ``Core.delta``). Parallel calls on distinct indexes that share one id
  (DeepSeek, Zhipu/GLM: HKUDS/nanobot#3943) stay apart: the index decides.
- A delta without ``index`` carrying its own id and name is a separate call (Mistral,
  Ollama ``/v1``, Gemini's OpenAI-compatible endpoint).
- ``delta.content`` is text, or a list of content chunks (mistralai ``DeltaMessage``:
  Magistral's ``text`` and ``thinking`` chunks): the text chunks are reply text.
  ``delta.refusal`` pieces are the refusal (``Accumulator.refusal``), never text.
- Chunks with ``choices: []`` (Azure's content-filter first chunk, the usage chunk)
  carry no calls. ``arguments`` given as an object (llama.cpp) is taken as its JSON text
  when it is the call's whole arguments; another value that is not text, or an object
  after text, makes the call invalid (``Calls.not_text``).
- A custom tool's call (``"type": "custom"``) streams its free-text ``custom.input`` in
  pieces (openai/openai-openapi#576): joined, the call is ``{"input": text}``; cut off
  when the stream ends before its choice's ``finish_reason`` (``Core.add_input``).
- Calls end at their choice's ``finish_reason`` or at the end of the stream; after a
  finish beside argument pieces, whole calls included (LiteLLM's Gemini iterator sends
  it on every chunk; a whole-looking ``{}`` may be followed by the real object), a piece
  that can only continue a call of the choice (its index, or none after a call without
  one; no id, its own or, for a call without one, a first id; its own name or none; the
  legacy ``function_call``'s, no name or its own) still goes on with it,
  and a head at an index without an open call starts one beside them; the usage chunk
  (``choices: []`` with ``usage``, the last) or ``[DONE]`` ends them
  (``chat_stream_feed.Feed._finished``).
- Legacy ``delta.function_call`` is one call per choice; its all-empty dummy adds
  nothing; in a choice with ``tool_calls`` it is their mirror (llama-cpp-python repeats
  every piece in both: nothing added) or an invalid call (``chat_stream_feed._legacy``).
- An ``index`` given as a digit string (a gateway quirk), or a float that is exactly an
  int (Together's SDK: ``ToolChoice.index: float``), is that int; another index that is
  not an int is refused (``chat_stream_pieces.call_index``).
- The id ``"null"`` is no id: mistralai's ``ToolCall`` fills it (and ``index=0``)
  where the wire has none, and its objects arrive here as ``mistral`` and as
  ``openai.chat`` (detected so); a named delta with it starts a new call.

``Handler.run`` is the hot loop over argument continuations; every other chunk goes to
the general reader, ``chat_stream_feed.Feed.feed``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable

from ..._errors import ToolwireError
from ...stream._call import NO_KEY
from ...stream._events import ArgsDelta, new_event
from .chat_stream_feed import Feed
from .chat_stream_pieces import ITEM
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
    if type(choices) is not list and type(choices) is not tuple:  # (a tuple: the list it stands for)
        return False
    if not choices:
        return "prompt_filter_results" in data or "usage" in data or obj == ""
    first = choices[0]
    return type(first) is dict and "delta" in first


class Handler(Feed):
    """Feeds Chat chunks into the shared core."""

    name = NAME

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: a chunk whose one choice carries only one argument
        continuation (no id, no name) for an open call (at its index; without an
        index, the call its choice started last), and no error beside it, is added
        here (the core's hot-path contract); other chunks go to ``feed``, chunks that
        are not dicts to *other*."""
        core = self.core
        feed = self.feed
        finished = self.finished  # (a continuation without an index after its choice's finish: ``feed``)
        open_calls = core.by_key
        all_calls = core.calls
        limit = core.max_bytes
        events = core.events if core.emit else None
        # builtins read once: a local is cheaper than a global, once per chunk
        dict_, str_, int_, type_, len_ = dict, str, int, type, len
        data: Any = None
        # the call the last continuation went to, at (``at_scope``, ``at_index``, two ints): valid
        # until ``feed`` runs (only ``feed`` starts, ends or moves calls), so a run of continuations
        # of one call looks it up once; ``at_index`` is ``NO_KEY`` while there is none
        at: Any = None
        at_scope: Any = None
        at_index: Any = NO_KEY
        try:
            for data in chunks:
                if type_(data) is not dict_:
                    other(data)
                    at_index = NO_KEY
                    continue
                try:  # a shape that does not fit (a missing key, a wrong type) goes to ``feed``
                    choices = data["choices"]
                    # one choice, and no error reported beside it (``feed`` fails the reply on one;
                    # vLLM's ``{"object": "error"}`` has no ``choices``)
                    if type_(choices) is list and "error" not in data:
                        (choice,) = choices  # one choice (another count: ValueError, to ``feed``)
                        delta = choice["delta"]
                        if len_(delta) == 1:  # OpenAI's continuation: ``tool_calls`` alone
                            calls = delta["tool_calls"]
                        elif (not delta.get("content") and delta.get("function_call") is None
                              and not delta.get("refusal")):
                            calls = delta.get("tool_calls")
                        else:
                            calls = None
                        if type_(calls) is list and not choice.get("finish_reason"):
                            (tc,) = calls
                            fn = tc["function"]
                            piece = fn["arguments"]
                            size = len_(tc)
                            if size == 2 and (len_(fn) == 1 or ("name" in fn and not fn["name"] and len_(fn) == 2)):
                                # OpenAI's continuation: ``index`` and ``function.arguments`` alone; Mistral's
                                # the same with ``"name": ""`` beside them (no ``index``: ``feed``)
                                index = tc["index"]
                            # (``arguments`` alone in ``function``: no name; nothing to keep beside the call)
                            elif (not tc.get("id")
                                    and (len_(fn) == 1 or (not fn.get("name") and FUNCTION_FIELDS.issuperset(fn)))
                                    and (size == 1 or ITEM.issuperset(tc))):  # (one key: ``function``; an extra
                                # beside it, no ``index``, is kept: ``plain``)
                                index = tc.get("index")
                            else:
                                raise LookupError
                            scope = choice.get("index", 0)
                            if type_(piece) is str_:
                                # (the very ints of the continuation before: its call, not looked up again)
                                if index is at_index and scope is at_scope:
                                    c = at
                                elif type_(index) is int_ and type_(scope) is int_:
                                    c = open_calls[(scope, index)]  # none open: ``feed`` starts one
                                    if c.held:  # its next piece may start another: ``feed``
                                        raise LookupError
                                    if not piece:  # (no fragment: the call is not stamped, nor kept)
                                        continue
                                    c.seen = core.tick = core.tick + 1  # (what arrived last: ``last_call``)
                                    if core.several:  # (and in its alternative: ``CutJudge.arrived``)
                                        core.arrived[scope] = c  # type: ignore[index]
                                    at, at_scope, at_index = c, scope, index
                                elif index is None and type_(scope) is int_:
                                    # no index: the call its scope started last, if open
                                    c = all_calls[-1]
                                    if c.scope != scope or c.done or scope in finished or c.held or c.server:
                                        raise LookupError  # ``feed`` decides
                                    if piece:
                                        c.seen = core.tick = core.tick + 1
                                        if core.several:
                                            core.arrived[scope] = c  # type: ignore[index]
                                        at_index = NO_KEY  # (the next piece of the call before: stamped)
                                else:
                                    raise TypeError
                                if not piece:
                                    continue
                                size = c.size + len_(piece)
                                if size <= limit:
                                    c.size = size
                                    c.parts.append(piece)
                                    if events is not None:
                                        events.append(new_event(ArgsDelta, (c.pos, c.id, piece, None, None)))
                                    continue
                except (LookupError, TypeError, AttributeError, ValueError):
                    pass
                at_index = NO_KEY
                feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

