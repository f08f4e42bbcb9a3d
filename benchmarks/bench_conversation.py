"""The conversation rows' input and hand-written baselines (``run.py``'s conversation
section; ``callgrind_count.py``'s conversation cases): a 121-message Chat request body
built from the example ChatCompletion (examples/payloads), not read from any corpus."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

HERE = Path(__file__).resolve().parent


def chat_history(rounds: int = 30) -> Dict[str, Any]:
    """A Chat request body of 1 + 4 x *rounds* messages (121 by default): a system message,
    then per round a user question, the example ChatCompletion's assistant message (two
    calls, ids made unique per round) and a tool message for each call."""
    reply = json.loads((HERE.parent / "examples/payloads/openai_chat_response.json").read_text())
    message = reply["choices"][0]["message"]
    messages: List[Dict[str, Any]] = [{"role": "system", "content": "You are a weather and time bot."}]
    for r in range(rounds):
        calls = [dict(c, id=f"{c['id']}_{r}") for c in message["tool_calls"]]
        messages.append({"role": "user", "content": f"Weather and time in Lisbon, round {r}?"})
        messages.append(dict(message, tool_calls=calls))
        messages.extend({"role": "tool", "tool_call_id": c["id"], "content": f"result {r} of {c['function']['name']}"}
                        for c in calls)
    return {"messages": messages}


def base_check(body: Dict[str, Any]) -> List[Tuple[str, Any]]:
    """Hand-written pairing check: each tool message answers a waiting call id of an earlier
    assistant message (no turns, no names, no id-less results, no provider rules)."""
    waiting: Dict[Any, int] = {}
    problems: List[Tuple[str, Any]] = []
    for i, m in enumerate(body["messages"]):
        if m["role"] == "assistant":
            for c in m.get("tool_calls") or ():
                waiting[c["id"]] = i
        elif m["role"] == "tool" and waiting.pop(m["tool_call_id"], None) is None:
            problems.append(("orphan-result", i))
    return problems + [("missing-result", i) for i in waiting.values()]


def base_fix(body: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Hand-written fix: tool messages of no waiting call left out, an error tool message
    after the turn of each call left unanswered."""
    out: List[Dict[str, Any]] = []
    waiting: Dict[Any, None] = {}
    for m in body["messages"]:
        if m["role"] == "tool":
            if m["tool_call_id"] in waiting:
                del waiting[m["tool_call_id"]]
                out.append(m)
            continue
        if waiting:
            out.extend({"role": "tool", "tool_call_id": k, "content": "Error: not run."} for k in waiting)
            waiting.clear()
        out.append(m)
        if m["role"] == "assistant":
            waiting.update((c["id"], None) for c in m.get("tool_calls") or ())
    out.extend({"role": "tool", "tool_call_id": k, "content": "Error: not run."} for k in waiting)
    return out


def base_to_anthropic(body: Dict[str, Any]) -> Dict[str, Any]:
    """Hand-written Chat -> Anthropic history: system text lifted, calls as ``tool_use``
    blocks, tool messages as ``tool_result`` blocks of one user message per run."""
    system: List[str] = []
    out: List[Dict[str, Any]] = []
    for m in body["messages"]:
        role = m["role"]
        if role == "system":
            system.append(m["content"])
        elif role == "assistant":
            blocks: List[Dict[str, Any]] = [{"type": "text", "text": m["content"]}] if m.get("content") else []
            blocks.extend({"type": "tool_use", "id": c["id"], "name": c["function"]["name"],
                           "input": json.loads(c["function"]["arguments"] or "{}")} for c in m.get("tool_calls") or ())
            out.append({"role": "assistant", "content": blocks})
        else:
            block = ({"type": "tool_result", "tool_use_id": m["tool_call_id"], "content": m["content"]}
                     if role == "tool" else {"type": "text", "text": m["content"]})
            if out and out[-1]["role"] == "user":
                out[-1]["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
    return {"system": "\n\n".join(system), "messages": out}
