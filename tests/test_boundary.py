"""Invariant 1 of DESIGN.md: only ``dialects/`` know a provider's field names.

Every string a module uses as a key (a subscript, ``.get``/``.pop``/``.setdefault``,
a dict literal's key, the left side of ``in``) is collected. A key that some dialect
module uses is a provider field name unless it is in the canonical vocabulary below;
no module outside ``dialects/`` may use one. Exempt, by design:

- ``schema/_requests.py``: the error envelopes of HTTP APIs and their SDKs' exceptions
  (``status``, ``body``, ``code``, ``message``), read once before every structured-output
  target is asked whether the error names its schema (each target's request fields sit
  in its provider's ``dialects/<provider>/structured.py``);
- ``_target.py``: the Chat-style defaults of a structured-output target (turns as
  ``{"role", "content"}`` in ``messages``, the system message), which a target of
  another shape replaces;
- ``text/``: the text formats of open models are dialects too (``text.*``), one module
  per family, each writing its own format's JSON keys.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Set

import toolwire

ROOT = Path(toolwire.__file__).parent
EXEMPT = ("schema/_requests.py", "_target.py", "text/")
# canonical and JSON Schema words, registry hooks, and our own record fields
CANONICAL = {
    "id", "name", "args", "type", "description", "properties", "provider_data", "content", "error",
    "truncated", "object", "text", "result", "key", "string", "custom_id", "reason", "detect",
    "objects", "containers", "peek", "encode_message", "stream",
    "interleave", "with_index", "\n", "<",
    # fields of our own values (ToolResult.is_error, Tool.parameters, Tool.strict, ToolCall.server,
    # ToolCall.raw and .repairs: the canonical dialect reads the values' dict forms)
    "is_error", "parameters", "strict", "server", "raw", "repairs",
    # InvalidToolCall.parsed (its dict form), and a Message's role (every history message holds
    # one: a dict with it and no body field is a message given alone, ``decode_conversation``)
    "parsed", "role",
    # a repair's name of our own (``ToolCall.repairs``), tested with ``in``
    "empty-arguments",
    # a ToolResult's JSON part, {"type": "json", "json": ...} (its text part: "text" above)
    "json",
    # JSON Schema keywords (a Tool's parameters, ToolCalls' schema, structured output),
    # OpenAPI's ``nullable``, the ``uri`` format, and a ``Profile.notes`` key
    "required", "additionalProperties", "anyOf", "null", "enum", "format", "title", "nullable", "uri",
    "recursion", "$ref", "$defs", "const", "minItems",
}


def _keys(path: Path) -> Set[str]:
    out: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        key = None
        if isinstance(node, ast.Subscript):
            key = node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr in ("get", "pop", "setdefault"):
                key = node.args[0]
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            key = node.left
        elif isinstance(node, ast.Dict):
            out.update(k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            out.add(key.value)
    return out


def _provider_keys() -> Set[str]:
    keys: Set[str] = set()
    for path in (ROOT / "dialects").rglob("*.py"):
        keys |= _keys(path)
    return keys - CANONICAL - set(toolwire.dialect_names())


def test_only_dialects_use_provider_field_names() -> None:
    provider = _provider_keys()
    assert {"tool_calls", "toolUse", "functionCall", "call_id", "partial_json"} <= provider  # the scan sees them
    leaks = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("dialects/") or rel.startswith(EXEMPT):
            continue
        found = _keys(path) & provider
        if found:
            leaks[rel] = sorted(found)
    assert leaks == {}
