"""The value strategies of ``toolwire.strategies``: JSON values, arguments, and the
canonical ``ToolCall``, ``Tool`` and ``ToolResult`` values a dialect accepts (its
name and id rules); payloads and streams are built from them in ``strategies``.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Union

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._builtin import get_dialect
from ._dialect import Dialect
from ._ids import IdRule
from ._types import Tool, ToolCall, ToolResult

__all__ = ["arguments", "decoded_result", "json_values", "tool_calls", "tool_results", "tools", "_TEXT"]

_TEXT = st.characters(codec="utf-8")  # what UTF-8 JSON can carry (no lone surrogates)
_NAME = r"[a-zA-Z_][a-zA-Z0-9_]{0,40}"  # a tool name most dialects accept


def json_values(*, max_leaves: int = 12, max_size: int = 4) -> SearchStrategy[Any]:
    """Any JSON value that survives a JSON round trip unchanged (no NaN, no lone surrogates).

    >>> json_values(max_leaves=3).example()  # doctest: +SKIP
    {'a': [1, None]}
    """
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**63)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(_TEXT, max_size=20)
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=max_size) | st.dictionaries(st.text(_TEXT, max_size=8), inner,
                                                                           max_size=max_size),
        max_leaves=max_leaves,
    )


def arguments(*, max_keys: int = 5, max_leaves: int = 12) -> SearchStrategy[Dict[str, Any]]:
    """A tool call's arguments: a JSON object.

    >>> arguments(max_keys=2).example()  # doctest: +SKIP
    {'city': 'Paris'}
    """
    return st.dictionaries(st.text(_TEXT, max_size=12), json_values(max_leaves=max_leaves), max_size=max_keys)


def _dialect(name: Union[str, Dialect, None]) -> Optional[Dialect]:
    return name if name is None or isinstance(name, Dialect) else get_dialect(name)


_NAME_SAMPLES = ("a", "Z", "_", "get_weather", "_" + "a9Z" * 13 + "b")  # of _NAME's range, its longest too


def _names(d: Optional[Dialect]) -> SearchStrategy[str]:
    """Tool names *d* allows: its ``names`` pattern's, and the common ones
    (``_NAME``) where that pattern takes them (held to it by a filter)."""
    common = st.from_regex(_NAME, fullmatch=True)
    if d is None:
        return common
    pattern = d.names
    if pattern is not None:
        own = st.from_regex(pattern, fullmatch=True)
        if all(pattern.fullmatch(n) for n in _NAME_SAMPLES):
            return common.filter(lambda n: pattern.fullmatch(n) is not None) | own
        return own
    return common | st.text(_TEXT, min_size=1, max_size=30)


def _made(rule: IdRule) -> str:
    """A regex of the ids *rule* makes (``prefix`` + ``length`` characters of its
    alphabet), the providers' own shape for the built-ins (``call_`` + 24, ``toolu_``
    + 24, Mistral's 9 alphanumerics, Ollama's ``call_`` + 8)."""
    return f"{re.escape(rule.prefix)}[{''.join(re.escape(c) for c in rule.alphabet)}]{{{rule.length}}}"


def _ids(d: Optional[Dialect]) -> SearchStrategy[str]:
    if d is None:
        return st.from_regex(r"call_[a-zA-Z0-9]{1,24}", fullmatch=True)
    rule = d.ids
    if rule.pattern is not None:
        valid = st.from_regex(rule.pattern, fullmatch=True)
    else:
        valid = st.text(_TEXT, min_size=1, max_size=rule.max_len or 40).filter(lambda s: s.strip() == s)
    if rule.max_len is not None:
        limit = rule.max_len
        valid = valid.filter(lambda s: 0 < len(s) <= limit)
    return st.from_regex(_made(rule), fullmatch=True).filter(rule.valid) | valid


def tool_calls(
    dialect: Union[str, Dialect, None] = None,
    *,
    ids: Optional[bool] = None,
    names: Optional[SearchStrategy[str]] = None,
    args: Optional[SearchStrategy[Dict[str, Any]]] = None,
) -> SearchStrategy[ToolCall]:
    """Canonical ``ToolCall`` values that *dialect* can carry (any dialect when ``None``).

    ``ids``: ``True`` always an id valid for the dialect, ``False`` never, ``None`` either.
    ``names`` / ``args`` replace the name and argument strategies.

    >>> tool_calls("anthropic.messages", ids=True).example()  # doctest: +SKIP
    ToolCall(name='get_weather', args={'': None}, id='toolu_01...', repairs=(), server=False)
    """
    d = _dialect(dialect)
    ident: SearchStrategy[Optional[str]] = _ids(d)
    if ids is None:
        ident = st.none() | ident
    elif not ids:
        ident = st.none()
    name = _names(d) if names is None else names
    return st.builds(ToolCall, name=name, args=arguments() if args is None else args, id=ident)


def tools(dialect: Union[str, Dialect, None] = None) -> SearchStrategy[Tool]:
    """Tool definitions (name, description, a JSON Schema object of string/number/... properties).

    >>> tools("gemini").example()  # doctest: +SKIP
    Tool(name='f', description=None, parameters={'type': 'object', 'properties': {}}, strict=None)
    """
    d = _dialect(dialect)
    prop = st.sampled_from(("string", "integer", "number", "boolean")).map(lambda t: {"type": t})
    props = st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True), prop, max_size=4)
    params = props.map(lambda p: {"type": "object", "properties": p})
    # no "" description: Bedrock leaves an empty one out (``toolSpec.description`` has a
    # minimum length of 1), so it would not come back
    return st.builds(Tool, name=_names(d), description=st.none() | st.text(_TEXT, min_size=1, max_size=60),
                     parameters=params)


def tool_results(dialect: Union[str, Dialect, None] = None) -> SearchStrategy[ToolResult]:
    """Tool results: the call's id (valid for *dialect*), the tool name and text content.

    >>> tool_results("openai.chat").example()  # doctest: +SKIP
    ToolResult(id='call_x', name='f', content='22 C', is_error=False)
    """
    d = _dialect(dialect)
    return st.builds(ToolResult, id=_ids(d), name=_names(d), content=st.text(_TEXT, min_size=1, max_size=60))


def decoded_result(d: Dialect, result: ToolResult) -> ToolResult:
    """*result* as ``decode_result`` reads it back from *d*'s wire (its
    ``result_read_back``)."""
    return result if d.result_read_back is None else d.result_read_back(result)
