"""The README's examples as typed code: ``mypy --strict`` checks this file (it is in
the project's mypy ``files``), and ``tests/test_readme_examples.py`` runs it and checks
that the README's agent loop is written here line for line.

Names the README leaves to the reader (``client``, ``run``, ``history``, ``send``...)
are parameters here.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List

import toolwire
from toolwire import response, retry, stream


def agent_turn(resp: Any, history: List[Dict[str, Any]], run: Callable[..., Any],
               ids: toolwire.IdMap) -> List[toolwire.ToolCall]:
    """One turn of the README's agent loop: any provider's reply, answered in openai.chat."""
    calls = toolwire.decode_all(resp)                   # the calls the client must run
    history.append(toolwire.encode_message(calls, "openai.chat", ids=ids))
    for call in calls:
        result = run(call.name, **call.args)
        history.append(toolwire.encode_result(          # answers its call, also one without an id
            toolwire.ToolResult(id=call.id, name=call.name, content=result), "openai.chat", ids=ids))
    return calls


def new_conversation() -> toolwire.IdMap:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")  # one per conversation
    return ids


def keep_invalid(resp: Any) -> List[str]:
    """``invalid="keep"``: calls and invalid calls, told apart by type."""
    out = []
    for c in toolwire.decode_all(resp, invalid="keep"):
        if isinstance(c, toolwire.InvalidToolCall):
            out.append(f"invalid {c.name}: {c.error}")
        else:
            out.append(f"call {c.name}({c.args})")
    return out


def streamed(chunks: Iterable[Any]) -> List[Any]:
    acc = stream.Accumulator()              # dialect detected from the first chunk
    for chunk in chunks:                    # dicts, SDK objects or raw SSE "data:" lines
        for event in acc.feed(chunk):       # CallStarted / ArgsDelta / CallDone
            del event
    calls = acc.close()                     # [ToolCall | InvalidToolCall], in order
    return calls


def structured(send: Callable[[Dict[str, Any]], Dict[str, Any]], request: Dict[str, Any], my_schema: Dict[str, Any],
               any_provider_response: Any) -> bool:
    resp = response.normalize(any_provider_response)   # text, reasoning, refusal, tool_calls, ...
    del resp
    result = retry.generate(send, request, my_schema, target="openai.chat", attempts=3)
    return result.ok


async def structured_async(send: Callable[[Dict[str, Any]], Dict[str, Any]], request: Dict[str, Any],
                           my_schema: Dict[str, Any]) -> Any:
    async def asend(req: Dict[str, Any]) -> Dict[str, Any]:
        return send(req)

    result = await retry.generate(asend, request, my_schema, target="openai.chat")
    return result.value


def text_turn(text: str) -> List[Any]:
    r = toolwire.decode_text(text, "text.hermes", finish_reason="stop")
    return list(r.tool_calls)


if __name__ == "__main__":  # offline: the agent loop on a Gemini reply (its call has no id)
    import json
    from pathlib import Path

    reply = json.loads((Path(__file__).parent / "payloads" / "gemini_response.json").read_text())
    history: List[Dict[str, Any]] = []
    agent_turn(reply, history, lambda name, **args: f"{name}: sunny in {args['city']}", new_conversation())
    for message in history:
        print(json.dumps(message))
