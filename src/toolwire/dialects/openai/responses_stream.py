"""OpenAI Responses streaming (``openai.responses``): typed SSE events.

Follows https://platform.openai.com/docs/api-reference/responses-streaming (checked
2026-11-30) and the openai-python types ``response_output_item_added_event``,
``response_function_call_arguments_delta_event`` / ``_done_event``,
``response_output_item_done_event``.

- ``response.output_item.added`` (a ``function_call`` item) starts a call: ``call_id``
  is its id, the item ``id`` and other fields are kept as provider data.
- ``response.function_call_arguments.delta`` adds text; calls are keyed by
  ``output_index`` because some servers change ``item_id`` from event to event.
- ``response.function_call_arguments.done`` gives the whole text (it may lack
  ``name``; LM Studio sends it without any delta before it).
- ``response.output_item.done`` gives the final item (authoritative) and ends the call.
- ``custom_tool_call`` items stream ``response.custom_tool_call_input.delta``;
  their arguments are ``{"input": text}``. Provider-executed items are server calls;
  a ``tool_search_call`` with ``"execution": "client"`` is neither (as in
  ``openai_responses``).
- ``response.completed`` / ``.incomplete`` / ``.failed`` give the finish reason
  (the response status, or the incomplete reason such as ``max_output_tokens``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from ..._errors import ToolwireError, excerpt
from ..._types import ToolCall
from ...stream._core import Call, Core
from ...stream._events import ArgsDelta, new_event
from .responses_tools import server_args

__all__ = ["EVENTS", "NAME", "Handler", "detect", "encode"]

NAME = "openai.responses"
_SERVER = frozenset(
    {"web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call",
     "mcp_call", "mcp_list_tools", "tool_search_call", "computer_call", "local_shell_call"}
)
_CALL = frozenset({"function_call", "custom_tool_call"})
_PLAIN = frozenset({"type", "call_id", "name", "arguments", "input"})
# the event types ``feed`` reads (``run`` skips the others)
_FED = frozenset(
    {"response.function_call_arguments.delta", "response.function_call_arguments.done",
     "response.output_item.added", "response.output_item.done", "response.output_text.delta",
     "response.custom_tool_call_input.delta", "response.completed", "response.incomplete", "response.failed"}
)
#: Common event types of this stream (``detect`` accepts any ``response.*`` type)
EVENTS = _FED | {
    "response.created", "response.in_progress", "response.queued", "response.content_part.added",
    "response.content_part.done", "response.output_text.done", "response.reasoning_summary_part.added",
    "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done",
    "response.reasoning_summary_part.done",
}


def detect(data: Dict[str, Any]) -> bool:
    kind = data.get("type")
    return type(kind) is str and kind.startswith("response.")


def _str(value: Any) -> Optional[str]:
    return value if type(value) is str and value else None


def _extra(item: Dict[str, Any]) -> Optional[Dict[str, Dict[str, Any]]]:
    extra = item.copy()  # cheaper than a comprehension, in the same order
    for k in _PLAIN:
        if k in extra:
            del extra[k]
    if item["type"] == "custom_tool_call":
        extra["custom"] = True
    return {NAME: extra} if extra else None


class Handler:
    """Feeds Responses events into the shared core."""

    name = NAME

    def __init__(self, core: Core) -> None:
        self.core = core
        # custom tool input by call position: its pieces, and their length (``max_bytes`` holds)
        self.custom: Optional[Dict[Any, List[str]]] = None
        self.custom_size: Dict[Any, int] = {}

    def run(self, chunks: Iterable[Any], other: Callable[[Any], None]) -> None:
        """Feed every chunk: the events of plain function calls are handled here (the
        core's hot-path contract), other events by ``feed``, chunks that are not dicts
        by *other*, events that ``feed`` ignores not at all."""
        core = self.core
        open_calls = core.by_key
        limit = core.max_bytes
        events = core.events if core.emit else None
        data: Any = None
        # what an event asks of the code after the ``try``: reset there, not for every delta
        end: Optional[Call] = None  # end this call here
        start = False  # start a call here
        item_read = False  # an item event read: ``_added`` / ``_done`` take it
        try:
            for data in chunks:
                if type(data) is not dict:
                    other(data)
                    continue
                try:  # a shape that does not fit (a missing key, a wrong type) goes to ``feed``
                    kind = data["type"]
                    if kind == "response.function_call_arguments.delta":
                        piece = data["delta"]
                        index = data["output_index"]
                        if type(piece) is str:
                            if not piece:
                                continue  # ``feed`` ignores it too
                            c = open_calls[index]
                            size = c.size + len(piece)
                            # ``is``: the very int the call was opened with, not a bool or a float equal
                            # to it (CPython shares small ints; another index goes to ``feed``)
                            if size <= limit and c.key is index:
                                c.size = size
                                c.parts.append(piece)
                                if events is not None:
                                    events.append(new_event(ArgsDelta, (c.pos, c.id, piece, None, None)))
                                continue
                    elif kind == "response.function_call_arguments.done":
                        text = data["arguments"]
                        index = data["output_index"]
                        c = open_calls[index]
                        if (type(text) is str and c.key is index and c.name is not None and c.error is None
                                and len(text) == c.size):
                            c.full = text  # ``set_full`` when every character was seen
                            continue
                    elif kind == "response.output_item.done":
                        item = data["item"]
                        index = data["output_index"]
                        if type(item) is dict and type(index) is int:
                            item_read = True
                            end = open_calls.get(index)
                            if end is not None and item["type"] == "function_call":
                                # ``_done`` of a call that saw its whole text, with id and name
                                text = item["arguments"]
                                if not (type(text) is str and len(text) == end.size and end.error is None
                                        and end.tree is None and end.name is not None and end.id is not None):
                                    end = None
                                else:  # ``_extra``, inline: every field but these, in order
                                    extra = item.copy()
                                    del extra["type"], extra["call_id"], extra["name"], extra["arguments"]
                                    if "input" in extra:
                                        del extra["input"]
                            else:
                                end = None
                    elif kind == "response.output_item.added":
                        item = data["item"]
                        index = data["output_index"]
                        if type(item) is dict and type(index) is int:
                            item_read = True
                            if item["type"] == "function_call" and index not in open_calls:
                                ident, name = item["call_id"], item["name"]  # ``_added`` of a plain item
                                start = (type(ident) is str and ident != "" and type(name) is str and name != ""
                                         and item["arguments"] == "")
                    elif kind == "response.completed":
                        resp = data["response"]
                        if type(resp) is dict and type(resp.get("incomplete_details")) is not dict:
                            core.finish(resp.get("status") or "completed")  # ``feed``, without a reason
                            continue
                    elif kind not in _FED:
                        continue
                except (LookupError, TypeError):
                    end = None
                    start = item_read = False
                if end is not None:  # outside the ``try``: not a read
                    end.full = text
                    end.pd = {NAME: extra} if extra else None
                    end.ended = True
                    core.finalize(end)
                    end, item_read = None, False
                elif start:
                    core.new(index, None, ident, name, True)
                    start = item_read = False
                elif item_read:
                    (self._done if kind == "response.output_item.done" else self._added)(index, item)
                    item_read = False
                else:
                    self.feed(data)
        except ToolwireError:
            raise
        except Exception as exc:  # a chunk shape this handler did not foresee
            raise core.malformed(exc, data) from None

    def feed(self, data: Dict[str, Any]) -> None:
        kind = data.get("type")
        core = self.core
        key = data.get("output_index")
        if type(key) is not int:
            key = None
        if kind == "response.function_call_arguments.delta":
            delta = data.get("delta")
            if type(delta) is str and delta:
                core.add_at(key, delta)
        elif kind == "response.output_item.done":
            item = data.get("item")
            if type(item) is dict:
                self._done(key, item)
        elif kind == "response.function_call_arguments.done":
            c = self._call_at(key)
            if c.name is None:
                c.name = _str(data.get("name"))
            text = data.get("arguments")
            if type(text) is str:
                core.set_full(c, text)
        elif kind == "response.output_item.added":
            item = data.get("item")
            if type(item) is dict:
                self._added(key, item)
        elif kind == "response.output_text.delta":
            delta = data.get("delta")
            if type(delta) is str:
                core.text(delta)
        elif kind == "response.custom_tool_call_input.delta":
            delta = data.get("delta")
            if type(delta) is str:
                c = self._call_at(key)
                size = self.custom_size.get(c.pos, 0) + len(delta)
                self.custom_size[c.pos] = size
                if size > core.max_bytes:
                    core.fail(c, _over(core))
                    if self.custom is not None:
                        self.custom.pop(c.pos, None)
                elif c.error is None:
                    if self.custom is None:
                        self.custom = {}
                    self.custom.setdefault(c.pos, []).append(delta)
        elif kind in ("response.completed", "response.incomplete", "response.failed"):
            resp = data.get("response")
            status = resp.get("status") if type(resp) is dict else None
            reason = None
            if type(resp) is dict and type(resp.get("incomplete_details")) is dict:
                reason = resp["incomplete_details"].get("reason")
            core.finish(reason or status or kind[len("response."):])

    def _call_at(self, key: Optional[int]) -> Call:
        """The open call at *key* (the latest open one without a key), or a new one there."""
        core = self.core
        c = core.by_key.get(key) if key is not None else core.find(None)
        return core.open(key, None, None) if c is None else c

    def _added(self, key: Optional[int], item: Dict[str, Any]) -> None:
        if item.get("type") in _CALL:
            core = self.core
            ident, name = item.get("call_id"), item.get("name")
            c = core.open(key, ident if type(ident) is str and ident else None,
                          name if type(name) is str and name else None)  # provider data: from the final item
            text = item.get("arguments")
            if type(text) is str and text:
                core.add(c, text)

    def _done(self, key: Optional[int], item: Dict[str, Any]) -> None:
        core = self.core
        kind = item.get("type")
        if kind in _SERVER:
            if kind == "tool_search_call" and item.get("execution") == "client":
                return  # a search the client runs: neither a call nor a server call
            name = _str(item.get("name")) or (kind[:-5] if kind.endswith("_call") else kind)
            args = server_args(item)  # as ``responses.decode_call`` reads it
            # the whole item, as ``responses.decode_call`` keeps it: ``encode`` writes it back
            core.whole(name, args, _str(item.get("id")), server=True, provider_data={NAME: {"item": item}})
            return
        if kind not in _CALL:
            return
        c = core.by_key.get(key) if key is not None else core.find(None)
        if c is None:
            c = core.open(key, _str(item.get("call_id")), _str(item.get("name")))
        if c.name is None:
            c.name = _str(item.get("name"))
        if c.id is None:
            c.id = _str(item.get("call_id"))
        c.pd = _extra(item)
        if kind == "custom_tool_call":
            text = item.get("input")
            if text is None:  # the deltas carried it
                text = "".join(self.custom.pop(c.pos, ())) if self.custom is not None else ""
            elif type(text) is not str:  # never an empty input that runs
                core.fail(c, f"Custom tool input must be text, got {excerpt(text)}")
            elif len(text) > core.max_bytes:
                core.fail(c, _over(core))
            if c.error is not None:
                text = ""  # nothing of an input over the limit is kept
            c.parts = []
            c.full = None
            c.obj = {"input": text}
        else:
            text = item.get("arguments")
            if type(text) is str:
                core.set_full(c, text)
            elif type(text) is dict:
                c.parts = []
                c.obj = text
        c.ended = True
        core.finalize(c)

    def close(self) -> None:
        return None


def _over(core: Core) -> str:
    return f"Custom tool input is over the limit of {core.max_bytes} characters"


def encode(calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], **_: Any) -> List[Dict[str, Any]]:
    """Responses events carrying *calls*, one output item each."""
    events: List[Dict[str, Any]] = [{"type": "response.created", "response": {"status": "in_progress"}}]
    for i, call in enumerate(calls):
        item_id = f"fc_{i}"
        item: Dict[str, Any] = {"id": item_id, "type": "function_call", "status": "in_progress",
                                "arguments": "", "call_id": call.id, "name": call.name}
        events.append({"type": "response.output_item.added", "output_index": i, "item": item})
        for piece in fragments[i]:
            events.append({"type": "response.function_call_arguments.delta", "item_id": item_id,
                           "output_index": i, "delta": piece})
        text = "".join(fragments[i])
        events.append({"type": "response.function_call_arguments.done", "item_id": item_id,
                       "output_index": i, "arguments": text})
        done = dict(item, status="completed", arguments=text)
        events.append({"type": "response.output_item.done", "output_index": i, "item": done})
    events.append({"type": "response.completed", "response": {"status": "completed"}})
    return events

