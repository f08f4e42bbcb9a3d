"""What a provider refuses in a Chat-shaped or Responses message as it came
(``Refusals.message``): decoded and written back, such a message is written fresh,
noted (``rewritten``), never replayed as it came.

- OpenAI Chat (https://platform.openai.com/docs/api-reference/chat/create: a call's
  ``id``, ``type`` and ``function.arguments`` are strings, ``arguments`` "in JSON format"):
  a call whose ``id`` is null or missing ("Invalid type for 'messages[1].tool_calls[0].id':
  expected a string, but got null instead."), one whose ``arguments`` are no string (an
  object, null, missing), as a legacy ``function_call``'s (openai-python ``FunctionCall.arguments:
  Required[str]``). A call without a ``type`` (or null, or another word: ``"Function"``) goes as
  it came when nothing else is refused in it (no refusal of it is documented: the call writer
  keeps that shape, ``chat``); written fresh it is typed ``"function"`` (``typed``), but
  for Kimi's ``"builtin_function"`` (``CALL_TYPES``), kept. ``""`` and
  ``"null"`` ids are strings: they go as they came (Gemini's OpenAI-compatible endpoint
  replies with ``"id": ""`` and takes it back; no refusal of ``""`` is documented). An
  item of another ``type`` without a ``function`` object (GLM-4-AllTools' server items,
  ``chat_server``) is not judged.
  (A tool message without a ``tool_call_id`` is refused when read.)
- Mistral (mistral-common's validator, serving mode: a call id and a tool message's
  ``tool_call_id`` are 9 of a-z, A-Z, 0-9, "Tool call id has to be defined in serving
  mode."): a call or tool message whose id is none (null, missing, ``""``, ``"null"``:
  what mistralai's ``ToolCall`` and LlamaIndex write for a call that had none), and one
  whose ``arguments`` are neither text nor an object (null, missing: mistralai's
  ``FunctionCall.arguments: Union[Dict[str, Any], str]`` is required); OpenAI's legacy
  ``role: "function"`` answer (mistral-common's messages are system, user, assistant and
  tool ones), written fresh as the tool message answering its call.
- OpenAI Responses (openai-python ``ResponseFunctionToolCallParam``: ``arguments:
  Required[str]``): a ``function_call`` item whose ``arguments`` are no string.
- Responses and Mistral: a user message holding an image whose bytes show a type they do
  not take ("PNG, JPEG, WEBP, non-animated GIF": an SVG, a HEIC; ``_own_image.untaken_in``).
- Chat, Responses and Mistral: a user message holding an image whose data is no base64 (a
  character outside ASCII: no decoder reads it, the writer refuses it).
"""

from __future__ import annotations

from typing import AbstractSet, Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..._history_codec import APART
from ..._history_codec import LAST_ASSISTANT as LAST
from ..._types import ToolCall, ToolResult
from ...conversation._pairing import paired
from ...conversation._values import Message
from .._own_image import untaken_in

__all__ = ["CALL_TYPES", "answered_by_id", "chat_refused", "flagged", "legacy_call", "mistral_refused",
           "responses_refused", "typed"]

# The type words of a call Chat-compatible servers take back as they sent them: OpenAI's, and
# Moonshot's ``"builtin_function"`` (its ``$web_search`` guide: the reply's assistant message,
# ``"type": "builtin_function"``, is appended to the messages unchanged).
CALL_TYPES = frozenset({"function", "builtin_function"})
_NONE_IDS = (None, "", "null")  # Mistral: no id (``mistral.calls``)


def _calls(wire: Any) -> Any:
    """The ``tool_calls`` list of the assistant message *wire* (``()`` for another message)."""
    calls = wire.get("tool_calls") if wire.get("role") == "assistant" else None
    return calls if type(calls) is list else ()


def chat_refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """Why OpenAI refuses the Chat message *wire* as it came, else ``None``. A few lookups a
    message (``check_conversation`` and a same-dialect ``encode_conversation`` ask of each).
    A user message holding an image whose data is no base64 (``_own_image.untaken_in``: a
    character outside ASCII, which the writer refuses; the types Chat takes are its server's,
    not asked here). A ``role: "function"`` message answers a legacy ``function_call``
    (openai-python ``ChatCompletionFunctionMessageParam``): in a history written message by
    message (*state* ``APART``), after an assistant message that goes without one (*state*: the
    last one), it goes as the tool message answering the call (the writer's rule,
    ``chat_history_encode``), so it is not written as it came; in a history written back whole,
    while a call of the last assistant message's ``tool_calls`` waits for its tool message
    (OpenAI: "An assistant message with 'tool_calls' must be followed by tool messages
    responding to each 'tool_call_id'"), so it is not written whole."""
    role = wire.get("role") if type(wire) is dict else None
    if role == "tool":  # (kept for a role function message to come: the common case kept short)
        tools = state.get(_TOOLS)
        if type(tools) is list:
            tools.append(wire)
        elif tools is not None:  # counted since a role function message: the call it answers waits no more
            tools.answer(wire)
        return None
    if role == "user":
        content = wire.get("content")  # (text, the common case: no image)
        return untaken_in(content, "openai.chat") if type(content) is list else None
    if role != "assistant":
        if role != "function":
            return None
        if APART in state:
            return None if _after_legacy(state.get(LAST)) else _UNLEGACY
        return _UNANSWERED if _waiting(state) else None
    calls = wire.get("tool_calls")
    if type(calls) is list and calls:
        state[_WAITING], state[_TOOLS] = calls, []
    else:
        state[_WAITING] = state[_TOOLS] = None
    for c in calls if type(calls) is list else ():
        if type(c) is not dict:
            continue
        fn = c.get("function")  # (the common call first: a string id and argument text, whatever its type)
        if type(fn) is dict and type(fn.get("arguments")) is str and type(c.get("id")) is str:
            continue
        kind = c.get("type", "function")
        if kind != "function" and kind is not None and kind != "custom" and type(fn) is not dict:
            continue  # another server's item (GLM-4-AllTools': its object under the key of its type)
        if c.get("id") is None:
            return _fresh(state, "it holds a call whose id is null, which OpenAI refuses (\"Invalid type for "
                                 "'messages[N].tool_calls[0].id': expected a string, but got null instead.\")")
        if kind != "custom" and type(fn) is dict and type(fn.get("arguments")) is not str:
            got = type(fn["arguments"]).__name__ if "arguments" in fn else "none"
            return _fresh(state, f"it holds a call whose arguments are no JSON text ({got}), which OpenAI takes as "
                                 "a string only")
    legacy = state[LAST] = wire.get("function_call")  # (its ``role: "function"`` answer goes as it came)
    if type(legacy) is dict and type(legacy.get("arguments")) is not str:  # (``FunctionCall.arguments: Required[str]``)
        got = type(legacy["arguments"]).__name__ if "arguments" in legacy else "none"
        return (f"it holds a legacy function_call whose arguments are no JSON text ({got}), which OpenAI takes as a "
                "string only")  # (written fresh, it is one still: its answer goes as it came)
    return None


_UNLEGACY = ("it is a role function message, which answers a legacy function_call written as it came, and none is "
             "before it: it is written as the tool message answering its call (\"An assistant message with "
             "'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\")")


_WAITING = "tool_calls waiting"  # (*state*: the last assistant message's ``tool_calls``, and the tool messages since)
_TOOLS = "tool messages since"  # (a list of them until counted, ``_waiting``: a ``_Count``)
_UNANSWERED = ("it is a role function message, which answers a legacy function_call only, and a call of the "
               "assistant message before it waits for its tool message (\"An assistant message with 'tool_calls' "
               "must be followed by tool messages responding to each 'tool_call_id'\"): it is written as the tool "
               "message answering its call")


def _waiting(state: Dict[str, Any]) -> bool:
    """Whether a call of the last assistant message's ``tool_calls`` waits for a tool message:
    a tool message answers a call of its ``tool_call_id`` only, one each (a second one for a
    call, one of an id no call has or of an earlier turn's call leaves the others waiting:
    review revVllm7 C2); a call whose id is no string waits for good. Counted at the first role
    function message after them (the calls and the tool messages so far once), then as each
    tool message comes (``_answer``): linear."""
    calls, tools = state.get(_WAITING), state.get(_TOOLS)
    if not calls:
        return False
    if type(tools) is list:
        count = state[_TOOLS] = _Count(calls)
        for t in tools:
            count.answer(t)
        tools = count
    return tools is not None and tools.left > 0


class _Count:
    """The calls of a ``tool_calls`` list still waiting: ``left``, and per id how many."""

    __slots__ = ("left", "ids")

    def __init__(self, calls: List[Any]) -> None:
        self.left = len(calls)
        self.ids: Dict[str, int] = {}
        for c in calls:
            ident = c.get("id") if type(c) is dict else None
            if type(ident) is str:
                self.ids[ident] = self.ids.get(ident, 0) + 1

    def answer(self, wire: Dict[str, Any]) -> None:
        """The tool message *wire* answers a waiting call of its id."""
        ident = wire.get("tool_call_id")
        if type(ident) is str and self.ids.get(ident, 0) > 0:
            self.ids[ident] -= 1
            self.left -= 1


def _fresh(state: Dict[str, Any], said: str) -> str:
    """*said*, the assistant message refused for its ``tool_calls``: written fresh, it writes no
    legacy ``function_call`` (one beside ``tool_calls`` is no call of its own)."""
    state[LAST] = None
    return said


def _after_legacy(last: Any) -> bool:
    """Whether the last assistant message before a ``role: "function"`` one goes with a legacy
    ``function_call``: *last*, ``state[LAST]``, its ``function_call`` as it came (this rule's),
    or the assistant ``Message`` written fresh (``Refusals``), which writes one when its one call
    is flagged legacy (``chat_history_assistant``: one with an id too, unless a result carrying
    its id answers it; the ``role: "function"`` message after it, id-less, answers it)."""
    if type(last) is not Message:
        return last is not None
    calls = last.calls
    return len(calls) == 1 and type(calls[0]) is ToolCall and flagged(calls[0])


def flagged(c: Any) -> bool:
    """Whether the call or result *c* is flagged ``legacy``: it came as a legacy
    ``function_call`` (openai-python ``FunctionCall``: ``name`` and ``arguments``, no id) or
    its ``role: "function"`` answer."""
    own = c.provider_data.get("openai.chat")
    return type(own) is dict and bool(own.get("legacy"))


def legacy_call(c: ToolCall, at: Tuple[int, int], by_id: Callable[[], AbstractSet[Tuple[int, int]]]) -> bool:
    """Whether the call *c* (message and part *at*), its assistant message's only call, is
    written as a legacy ``function_call``: flagged ``legacy``, and without an id or answered by
    no result carrying its id but a legacy one (*by_id*: the calls one does answer,
    ``answered_by_id``, asked of a flagged call with an id only). Written
    fresh it stays one, its arguments JSON text (beside ``functions=`` OpenAI refuses tool
    messages: "messages with role 'tool' cannot be used when 'functions' are present",
    https://community.openai.com/t/1337151), so its ``role: "function"`` answer goes as it came;
    no id is made for it, and one it has (set by a caller, or a framework that numbers calls)
    goes unwritten, as its answer names none (an id-less one, or one flagged ``legacy``: it
    came as a ``role: "function"`` message). One a result carrying its id answers (not flagged)
    is a ``tool_calls`` call with its id, which that tool message answers."""
    return flagged(c) and (c.id is None or at not in by_id())


def answered_by_id(messages: Sequence[Message]) -> FrozenSet[Tuple[int, int]]:
    """``(message, part)`` of each call a result carrying its id answers (not flagged
    ``legacy``: one that came as a ``role: "function"`` message goes as one), paired as
    ``check_conversation`` pairs them (``_pairing.paired``, one pass)."""
    return frozenset((got[0], got[1]) for _i, _j, p, got in paired(messages)
                     if got is not None and type(p) is ToolResult and p.id is not None and not flagged(p))


def mistral_refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """Why Mistral refuses the message *wire* as it came, else ``None``: an id-less call or
    tool message, a call without arguments, an image of a type it does not take, OpenAI's
    legacy ``role: "function"`` answer (mistral-common's messages are system, user, assistant
    and tool ones: written fresh, it is the tool message answering its call)."""
    if type(wire) is not dict:
        return None
    if wire.get("role") == "function":
        return _NO_FUNCTION
    for c in _calls(wire):
        if type(c) is not dict:
            continue
        if c.get("id") in _NONE_IDS:
            return (f"it holds a call without an id ({c.get('id')!r}), which Mistral refuses (ids are 9 of a-z, A-Z, "
                    "0-9: \"Tool call id has to be defined in serving mode.\")")
        fn = c.get("function")
        if type(fn) is dict and type(fn.get("arguments")) not in (str, dict):
            got = type(fn["arguments"]).__name__ if "arguments" in fn else "none"
            return (f"it holds a call whose arguments are neither JSON text nor an object ({got}), which Mistral "
                    "refuses (FunctionCall.arguments: Union[Dict[str, Any], str])")
    if wire.get("role") == "user":  # an image of a type Mistral does not take
        return untaken_in(wire.get("content"), "mistral")
    if wire.get("role") == "tool" and wire.get("tool_call_id") in _NONE_IDS:
        return (f"it is a tool message without a tool_call_id ({wire.get('tool_call_id')!r}), which Mistral refuses "
                "(ids are 9 of a-z, A-Z, 0-9)")
    return None


_NO_FUNCTION = ("it is a role function message (OpenAI's legacy answer), which Mistral refuses: its messages are "
                "system, user, assistant and tool ones (mistral-common); it is written as the tool message answering "
                "its call")


def responses_refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """Why OpenAI refuses the Responses input item *wire* as it came, else ``None``."""
    if type(wire) is dict and wire.get("role") == "user":  # an image of a type OpenAI does not take
        return untaken_in(wire.get("content"), "openai.responses")
    if type(wire) is dict and wire.get("type") == "function_call" and type(wire.get("arguments")) is not str:
        got = type(wire["arguments"]).__name__ if "arguments" in wire else "none"
        return (f"it is a function_call whose arguments are no JSON text ({got}), which OpenAI takes as a string "
                "only")
    return None


def typed(item: Dict[str, Any]) -> Dict[str, Any]:
    """The call *item* written fresh to Chat, with ``"type": "function"`` after its ``id``
    where it has none, null or another word (``"Function"``; openai-python
    ``ChatCompletionMessageFunctionToolCallParam``: ``type: Required[Literal["function"]]``);
    a call written back as it came keeps its shape, and so does one of a word in
    ``CALL_TYPES`` (Kimi's ``"builtin_function"``)."""
    if "function" not in item or item.get("type") in CALL_TYPES:
        return item
    head = {"id": item["id"]} if "id" in item else {}
    return {**head, "type": "function", **{k: v for k, v in item.items() if k != "id" and k != "type"}}
