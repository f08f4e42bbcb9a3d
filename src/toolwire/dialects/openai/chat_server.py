"""Provider-run ("server") tool calls in OpenAI-compatible Chat replies (``openai.chat``).

- Zhipu GLM-4-AllTools (https://docs.bigmodel.cn/api-reference, model ``glm-4-alltools``;
  https://maas.aminer.cn/dev/howuse/glm4-toolkit; the zhipuai SDK's
  ``types/assistant/message/tools``: ``CodeInterpreterToolBlock``, ``WebBrowserToolBlock``,
  ``DrawingToolBlock``; checked 2026-12-06) writes the tools Zhipu runs into ``tool_calls``
  beside ``function`` calls: an item of type ``web_browser``, ``code_interpreter``,
  ``drawing_tool`` or ``web_search`` with an object under the key of its type that holds
  the model's ``input`` (the code, the query, the prompt) or the tool's ``outputs``
  (``[{"type": "logs", "logs"}]``, ``[{"title", "link", "content"}]``, ``[{"image"}]``),
  ``{"id", "type": "code_interpreter", "code_interpreter": {"input": "..."}}``; streams send
  the ``input`` in pieces under one id, without ``index``, then the ``outputs``. Each is a
  server call named by its type, its arguments that object, the item kept (written back
  as received). Items of one type and one id are one call, as in a stream: the ``input``
  texts joined, the ``outputs`` lists added, other keys the later one's (``merged``;
  written back as one item). An ``input`` that is no text or ``outputs`` that are no list
  are refused, as in a stream. An item of such a type without ``input`` or ``outputs``
  (a request's tool definition, ``{"type": "code_interpreter", "code_interpreter":
  {"sandbox": "auto"}}``) and any other type stay refused: they may be the client's calls.
- Groq's compound systems (https://console.groq.com/docs/compound; the groq SDK's
  ``ChatCompletionMessage.executed_tools: List[ExecutedTool]`` and
  ``ChoiceDelta.executed_tools``, checked 2026-12-06) list the tools Groq ran in
  ``message.executed_tools``: ``{"index", "type", "arguments": "<JSON>", "output",
  "search_results", "code_results", "browser_results"}``. Each is a server call named by
  its ``type``, its arguments the object ``arguments`` holds (other text kept under
  ``"arguments"``), the item kept; it is no ``tool_calls`` item, so it is not written back
  as one (an ``EncodeError``). Only an item of a message's ``executed_tools`` is read so
  (``chat_sniff.children`` gives it wrapped: ``Ran``): a flat ``{"index", "type", "arguments"}``
  in ``tool_calls`` or given alone may be a client's call without its ``function`` (refused,
  as before Groq's items were read), and Mistral, Cohere v2 and Ollama do not read them.

Only ``decode_all(include_server=True)`` (and the accumulator's) report them; never runnable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..._access import to_data
from ..._args import Policy, check_object
from ..._errors import DecodeError, EncodeError, excerpt
from ..._types import ToolCall, new_call
from .._common import opt_str
from .chat_tools import NAME
from .responses_tools import server_args

__all__ = ["GLM_TYPES", "Ran", "as_data", "decode_ran", "decode_server", "encode_server", "executed", "glm_call",
           "groq_ran", "merged", "ran", "ran_types", "wrap"]


class Ran:
    """An item of a message's ``executed_tools`` as ``chat_sniff.children`` hands it on, in
    the one-key dict ``{"executed_tools": Ran(item)}`` (``wrap``; the walk passes objects
    as dicts): no JSON value is a ``Ran``, so only an item read there is a tool Groq ran
    (``ran``), never a flat call of the same keys given in ``tool_calls`` or alone."""

    __slots__ = ("item",)

    def __init__(self, item: Any) -> None:
        self.item = item

    def __repr__(self) -> str:
        return f"Ran({self.item!r})"


_KEY = "executed_tools"  # (the field the item was read from)


def wrap(item: Any) -> Dict[str, Any]:
    """The dict ``chat_sniff.children`` gives for the ``executed_tools`` item *item*."""
    return {_KEY: Ran(item)}


def ran(data: Dict[str, Any]) -> Optional[Ran]:
    """The ``Ran`` the dict *data* wraps (``wrap``), else ``None``."""
    w = data.get(_KEY)
    return w if type(w) is Ran else None


#: the ``tool_calls`` item types of the tools GLM-4-AllTools runs itself
GLM_TYPES: FrozenSet[str] = frozenset({"web_browser", "code_interpreter", "drawing_tool", "web_search"})
_GLM_FIELDS = ("input", "outputs")  # what the object of a call (not a tool definition) holds
_WANT = {"input": str, "outputs": list}  # their types (a stream's pieces: ``chat_stream_server``)
# keys that name a call the client runs: never on a Groq ``ExecutedTool`` (groq SDK
# ``types/chat/chat_completion_message.py``: ``index``, ``type``, ``arguments``, ``output``,
# ``search_results``, ``code_results``, ``browser_results``; a field Groq adds later is kept)
_CLIENT_KEYS = ("function", "name", "id", "call_id", "custom", "tool_call_id")


def glm_call(item: Dict[str, Any]) -> bool:
    """Whether the dict *item* is a GLM-4-AllTools server call: its ``type`` one of
    ``GLM_TYPES``, an object under that key holding ``input`` or ``outputs``, no
    ``function`` (``null`` aside)."""
    kind = item.get("type")
    if type(kind) is not str or kind not in GLM_TYPES or item.get("function") is not None:
        return False
    body = item.get(kind)
    return type(body) is dict and any(k in body for k in _GLM_FIELDS)


def executed(item: Dict[str, Any]) -> bool:
    """Whether the dict *item* is a Groq ``executed_tools`` item: an int ``index``, a text
    ``type`` and ``arguments`` present, and no key that names a call (nameless: no client's)."""
    return (type(item.get("index")) is int and type(item.get("type")) is str and "arguments" in item
            and not any(k in item for k in _CLIENT_KEYS))


def groq_ran(value: Any) -> bool:
    """Whether *value*, a message's ``executed_tools``, lists a tool Groq ran: a list (or a
    tuple) holding an ``executed`` item. Only then is the message Chat's (Anthropic's and
    Responses' sniffers decline it); ``True``, a text, an object or an app's own record
    (``[{"tool_name", "input", "output"}]``) under that key leave it to the dialect it
    looks like (review revServer: such Anthropic messages were refused). Read as the Chat
    reader reads it (``chat_sniff.children``): a list subclass too, an item of another mapping
    type or an SDK object as its data (review revServer2: those went to Anthropic, their
    calls dropped). Items of one class are read alike: when the first of a class (not a plain
    dict: every one of those is looked at) is no Groq item, the others of it are read only where
    they show an ``arguments`` (``_shows_arguments``; Groq's SDK gives every item as its
    ``ExecutedTool``; an app's own 32,000 records were each read in every sniff of the
    message, 0.75 s: review revLead)."""
    if not isinstance(value, (list, tuple)):
        return False
    other: Dict[type, bool] = {}  # the classes whose first item is no Groq item -> pydantic's?
    for item in value:
        kind = type(item)
        if kind is dict:
            if executed(item):
                return True
            continue
        pydantic = other.get(kind)
        if pydantic is None or _shows_arguments(item, pydantic):
            data = as_data(item)
            if type(data) is dict and executed(data):
                return True
            if pydantic is None:
                other[kind] = hasattr(kind, "__pydantic_fields__")
    return False


def _shows_arguments(item: Any, pydantic: bool) -> bool:
    """Whether *item* (no plain dict) shows an ``arguments``: a key of a mapping, an attribute,
    an extra of a *pydantic* model; or cannot be looked at so (no attributes, or it raises):
    then it is read. (A field aliased ``arguments``, or one a dump method gives, shows none.)"""
    try:
        if isinstance(item, Mapping):
            return "arguments" in item
        return "arguments" in vars(item) or (pydantic and "arguments" in (item.__pydantic_extra__ or ()))
    except Exception:  # (``vars`` of a value without ``__dict__``, a mapping that raises)
        return True


def as_data(item: Any, loc: str = "$") -> Any:
    """The ``executed_tools`` item *item* as the Chat reader reads it: plain data where
    ``to_data`` reads it (a mapping, an SDK object), else as it is (``chat_sniff.children``
    wraps it: ``decode_ran`` refuses it as no Groq item; review revLead: a ``set`` said
    "Cannot read a set value", without the dialect)."""
    if type(item) is dict:
        return item
    try:
        return to_data(item, loc)
    except DecodeError:
        return item


def merged(items: List[Any]) -> Optional[Dict[int, Optional[Dict[str, Any]]]]:
    """The GLM items of *items* (a message's ``tool_calls``) that share a type and an id
    (not empty) as one, at the first one's place (the others ``None``: left out), as a
    stream joins them (``chat_stream_server``); ``None`` when no two do. Linear: the
    ``input`` texts are joined once, the ``outputs`` lists extended in place."""
    first: Dict[Tuple[str, str], int] = {}
    out: Optional[Dict[int, Optional[Dict[str, Any]]]] = None
    texts: Dict[int, List[str]] = {}  # the input pieces of each merged call, joined at the end
    for i, tc in enumerate(items):
        if type(tc) is not dict or tc.get("function") is not None or not glm_call(tc):
            continue
        ident = tc.get("id")
        if type(ident) is not str or not ident:
            continue
        kind = tc["type"]
        at = first.setdefault((kind, ident), i)
        if at == i:
            continue
        if out is None:
            out = {}
        held = out.get(at)
        if held is None:
            body = dict(items[at][kind])
            if type(body.get("outputs")) is list:
                body["outputs"] = list(body["outputs"])
            if type(body.get("input")) is str:
                texts[at] = [body["input"]]
            held = out[at] = {"id": ident, "type": kind, kind: body}
        _join(held[kind], tc[kind], texts, at)
        out[i] = None
    for at, pieces in texts.items():  # (only where *out* holds the merged call)
        held = out[at]  # type: ignore[index]
        held[held["type"]]["input"] = "".join(pieces)  # type: ignore[index]
    return out


def _join(body: Dict[str, Any], more: Dict[str, Any], texts: Dict[int, List[str]], at: int) -> None:
    """*more* (a GLM item's object) added to *body* (the call at *at*), as a stream adds a
    piece: ``input`` texts gathered in *texts*, ``outputs`` lists added, another key the
    later one's; an ``input`` or ``outputs`` of another type is kept (either one) for
    ``decode_server`` to refuse."""
    for k, v in more.items():
        if k != "input" and k != "outputs" or k not in body:
            body[k] = list(v) if k == "outputs" and type(v) is list else v
            if k == "input" and type(v) is str:
                texts[at] = [v]
        elif k == "input" and type(body[k]) is str:
            if type(v) is str:
                texts[at].append(v)
            else:
                body[k] = v
                texts.pop(at, None)
        elif k == "outputs" and type(body[k]) is list:
            if type(v) is list:
                body[k].extend(v)
            else:
                body[k] = v


def decode_server(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    """The server call of the GLM item *item* (``glm_call``): an ``input`` that is no text
    or ``outputs`` that are no list refused, as a stream refuses them."""
    kind: str = item["type"]
    ident = opt_str(item.get("id"), loc + ".id", NAME)
    body = item[kind]
    for k, want in _WANT.items():
        if k in body and type(body[k]) is not want:
            raise DecodeError(f"The {kind} {k} at {loc}.{kind}.{k} must be {'text' if want is str else 'a list'}, "
                              f"got {excerpt(body[k])}", dialect=NAME, loc=f"{loc}.{kind}.{k}")
    args = check_object(body, policy, f"{loc}.{kind}", NAME)
    return new_call(kind, args, ident or None, None, {NAME: {"item": item}}, server=True)


def decode_ran(item: Any, policy: Policy, loc: str) -> ToolCall:
    """The server call of *item*, an item of a message's ``executed_tools`` (``Ran.item``); one
    that is not ``executed`` (it names a call) is refused: not guessed whose it is."""
    if type(item) is not dict or not executed(item):
        raise DecodeError(f"Item at {loc} is not a Groq executed_tools item (index, type, arguments; no name or "
                          f"id): {excerpt(item)}", dialect=NAME, loc=loc)
    args = check_object(server_args(item, policy.max_bytes), policy, loc + ".arguments", NAME)
    return new_call(item["type"], args, None, None, {NAME: {"executed": item}}, server=True)


def ran_types(items: Sequence[Any]) -> str:
    """The words for a message's ``executed_tools`` *items* in a note of what a history
    written for another provider goes without (``chat_history._unsent``): the ``type``
    of the first few (``executed_tools: 'search', 'python'``)."""
    shown = []
    for item in items[:_SHOWN]:  # (an SDK ``ExecutedTool`` in a message dict: its attribute)
        kind = item.get("type") if isinstance(item, dict) else getattr(item, "type", None)
        shown.append(repr(kind) if type(kind) is str else "?")
    more = f" and {len(items) - _SHOWN} more" if len(items) > _SHOWN else ""
    return f"executed_tools: {', '.join(shown)}{more}"


_SHOWN = 5  # the tool types a note names


def encode_server(call: ToolCall, pd: Dict[str, Any]) -> Dict[str, Any]:
    """A server call read from a GLM item: that item, as received; one Groq ran is no
    ``tool_calls`` item: an ``EncodeError``."""
    if "executed" in pd:
        raise EncodeError(f"Call {call.name!r} is one Groq ran (message.executed_tools): it is no tool_calls item "
                          f"and is not written as one to {NAME}", dialect=NAME)
    return dict(pd["item"])
