"""Provider-run calls in the Chat stream (``openai.chat``): GLM-4-AllTools' tool items in
``delta.tool_calls`` and Groq's ``delta.executed_tools`` (shapes in ``chat_server``).

A GLM item's ``input`` comes in pieces under one id, without ``index``
(https://maas.aminer.cn/dev/howuse/glm4-toolkit, checked 2026-12-06:
``ChoiceDeltaToolCall(index=None, id='call_…', function=None, type='code_interpreter',
code_interpreter={'input': ' the'})``), then its ``outputs``: one server call per id and
type, its ``input`` joined once when its choice ends, its ``outputs`` in order. A Groq
item is whole; one given again at its ``index`` (its ``output`` added) replaces it.
Neither is the call an index-less argument piece goes on with (``Core.open(latest=False)``;
the hot loop of ``chat_stream`` passes such a piece to ``Feed`` when the last call is one).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ..._errors import excerpt
from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from .chat_tools import NAME
from .responses_tools import server_args

__all__ = ["Served"]


class Served:
    """The server calls of one Chat stream still taking pieces, by (choice, type, id) or
    (choice, ``executed_tools`` index)."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.open: Dict[Tuple[Any, Any, Any], Tuple[Call, List[str]]] = {}

    def glm(self, scope: Any, tc: Dict[str, Any]) -> None:
        """A piece of a GLM-4-AllTools server call (``chat_server.glm_call``)."""
        core = self.core
        kind: str = tc["type"]
        ident = nonempty_str(tc.get("id"))
        key = (scope, kind, ident)
        held = self.open.get(key)
        if held is None or held[0].done:
            body: Dict[str, Any] = {}
            item: Dict[str, Any] = {"id": ident, "type": kind, kind: body} if ident else {"type": kind, kind: body}
            c = core.open(None, ident, kind, scope=scope, server=True, provider_data={NAME: {"item": item}},
                          needs_end=False, latest=False)
            c.obj = body
            held = self.open[key] = (c, [])
        c, pieces = held
        if c.error is not None:
            return
        for k, v in tc[kind].items():
            if k == "input":
                if type(v) is not str:
                    core.fail(c, f"A piece of the {kind} input is not text: {excerpt(v)}")
                    return
                c.size += len(v)
                if c.size > core.max_bytes:
                    core.fail(c, f"The {kind} input is over the limit of {core.max_bytes} characters")
                    return
                pieces.append(v)
            elif k == "outputs":
                if type(v) is not list:
                    core.fail(c, f"The {kind} outputs are not a list: {excerpt(v)}")
                    return
                c.obj.setdefault("outputs", []).extend(v)
            else:
                c.obj[k] = v

    def executed(self, scope: Any, item: Dict[str, Any]) -> None:
        """A Groq ``executed_tools`` item (``chat_server.executed``)."""
        key = (scope, "executed_tools", item["index"])
        held = self.open.get(key)
        args = server_args(item, self.core.max_bytes)
        if held is None or held[0].done:
            c = self.core.open(None, None, item["type"], scope=scope, server=True, needs_end=False, latest=False)
            held = self.open[key] = (c, [])
        c = held[0]
        c.name = item["type"]
        c.obj = args
        c.pd = {NAME: {"executed": item}}

    def settle(self, scope: Any = None, every: bool = False) -> None:
        """The choice *scope* ended (or the stream, *every*): the input of each of its GLM
        calls joined, before the core finalizes them."""
        for key in [k for k in self.open if every or k[0] == scope]:
            c, pieces = self.open.pop(key)
            if pieces and not c.done and c.error is None:  # (``input`` first, as the item writes it)
                rest = dict(c.obj)
                c.obj.clear()
                c.obj["input"] = pieces[0] if len(pieces) == 1 else "".join(pieces)
                c.obj.update(rest)
