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
  as received). An item of such a type without ``input`` or ``outputs`` (a request's tool
  definition, ``{"type": "code_interpreter", "code_interpreter": {"sandbox": "auto"}}``)
  and any other type stay refused: they may be the client's calls.
- Groq's compound systems (https://console.groq.com/docs/compound; the groq SDK's
  ``ChatCompletionMessage.executed_tools: List[ExecutedTool]`` and
  ``ChoiceDelta.executed_tools``, checked 2026-12-06) list the tools Groq ran in
  ``message.executed_tools``: ``{"index", "type", "arguments": "<JSON>", "output",
  "search_results", "code_results", "browser_results"}``. Each is a server call named by
  its ``type``, its arguments the object ``arguments`` holds (other text kept under
  ``"arguments"``), the item kept; it is no ``tool_calls`` item, so it is not written back
  as one (an ``EncodeError``).

Only ``decode_all(include_server=True)`` (and the accumulator's) report them; never runnable.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet

from ..._args import Policy, check_object
from ..._errors import EncodeError
from ..._types import ToolCall, new_call
from .._common import opt_str
from .chat_tools import NAME
from .responses_tools import server_args

__all__ = ["GLM_TYPES", "decode_server", "encode_server", "executed", "glm_call"]

#: the ``tool_calls`` item types of the tools GLM-4-AllTools runs itself
GLM_TYPES: FrozenSet[str] = frozenset({"web_browser", "code_interpreter", "drawing_tool", "web_search"})
_GLM_FIELDS = ("input", "outputs")  # what the object of a call (not a tool definition) holds
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


def decode_server(item: Dict[str, Any], policy: Policy, loc: str) -> ToolCall:
    """The server call of *item* (``glm_call`` or ``executed``)."""
    kind: str = item["type"]
    if glm_call(item):
        ident = opt_str(item.get("id"), loc + ".id", NAME)
        args = check_object(item[kind], policy, f"{loc}.{kind}", NAME)
        return new_call(kind, args, ident or None, None, {NAME: {"item": item}}, server=True)
    args = check_object(server_args(item, policy.max_bytes), policy, loc + ".arguments", NAME)
    return new_call(kind, args, None, None, {NAME: {"executed": item}}, server=True)


def encode_server(call: ToolCall, pd: Dict[str, Any]) -> Dict[str, Any]:
    """A server call read from a GLM item: that item, as received; one Groq ran is no
    ``tool_calls`` item: an ``EncodeError``."""
    if "executed" in pd:
        raise EncodeError(f"Call {call.name!r} is one Groq ran (message.executed_tools): it is no tool_calls item "
                          f"and is not written as one to {NAME}", dialect=NAME)
    return dict(pd["item"])
