"""The value strategies of ``toolwire.strategies``: JSON values, arguments, and the
canonical ``ToolCall``, ``Tool`` and ``ToolResult`` values a dialect accepts (its
name and id rules); payloads and streams are built from them in ``strategies``.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Tuple, Union

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._builtin import get_dialect
from ._dialect import Dialect
from ._encode import encode_result
from ._errors import ToolwireError, excerpt
from ._ids import IdRule
from ._types import Tool, ToolCall, ToolResult

__all__ = [
    "arguments", "check_calls", "check_count", "check_flag", "check_strategy", "decoded_result", "dialect_of",
    "dialects_of", "json_values", "names_of", "tool_calls", "tool_results", "tools", "_TEXT",
]

_TEXT = st.characters(codec="utf-8")  # what UTF-8 JSON can carry (no lone surrogates)
_NAME = r"[a-zA-Z_][a-zA-Z0-9_]{0,40}"  # a tool name most dialects accept


# -- the knobs, checked when a strategy is built (hypothesis would fail at draw time,
# far from the call, or not at all) ----------------------------------------------------


def check_count(name: str, value: Any, least: int) -> None:
    """A ``TypeError`` unless *value* is an ``int`` (not a ``bool``), a ``ValueError``
    if it is below *least*."""
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < least:
        raise ValueError(f"{name} must be {least} or more, got {value}")


def check_flag(name: str, value: Any, none: bool = False) -> None:
    """A ``TypeError`` unless *value* is ``True`` or ``False`` (or ``None`` where allowed)."""
    if not (value is True or value is False or (none and value is None)):
        raise TypeError(f"{name} must be {'True, False or None' if none else 'True or False'}, got {value!r}")


def check_strategy(name: str, value: Any) -> None:
    """A ``TypeError`` unless *value* is a hypothesis strategy (or ``None``)."""
    if value is not None and not isinstance(value, SearchStrategy):
        raise TypeError(f"{name} must be a hypothesis strategy (st.just(...) for one value), got {value!r}")


def check_calls(min_calls: Any, max_calls: Any) -> None:
    """``min_calls`` and ``max_calls``: ints, ``0 <= min_calls <= max_calls``."""
    for knob, v in (("min_calls", min_calls), ("max_calls", max_calls)):
        if type(v) is not int:  # "1" failed at the comparison, 1.5 at draw time
            raise TypeError(f"{knob} must be an int, got {v!r}")
    if not 0 <= min_calls <= max_calls:
        raise ValueError(f"min_calls must be 0 or more and at most max_calls ({max_calls}), got {min_calls}")


def names_of(knob: str, value: Any) -> Tuple[str, ...]:
    """*value* as a tuple of strings: one string, or a sequence of them (a ``TypeError``
    for anything else: an int failed deep inside, a dict gave its keys)."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise TypeError(f"{knob} must be a string or a list of strings, got {value!r}")


DialectArg = Union[str, Dialect, None]


def dialect_of(value: Any) -> Optional[Dialect]:
    """The ``dialect`` knob of the value strategies: ``None`` (any dialect), a dialect
    id or alias of the default registry (an unknown one: ``UnknownDialectError``), or
    a ``Dialect`` (a registered one or not); a ``TypeError`` for anything else."""
    if value is None:
        return None
    if isinstance(value, (str, Dialect)):
        return _one(value)
    raise TypeError(f"dialect must be a dialect id, a Dialect or None, got {excerpt(value)}")


def dialects_of(value: Any) -> Tuple[Dialect, ...]:
    """The ``dialect`` knob of ``payloads`` and ``streams``: one dialect as
    ``dialect_of`` takes it, or a list of them (a ``TypeError`` for anything else:
    an int failed deep inside, a dict gave its keys)."""
    if isinstance(value, (str, Dialect)):
        return (_one(value),)
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, Dialect)) for v in value):
        return tuple(_one(v) for v in value)
    raise TypeError(f"dialect must be a dialect id, a Dialect or a list of them, got {excerpt(value)}")


def _one(value: Union[str, Dialect]) -> Dialect:
    return value if isinstance(value, Dialect) else get_dialect(value)


def json_values(*, max_leaves: int = 12, max_size: int = 4) -> SearchStrategy[Any]:
    """Any JSON value that survives a JSON round trip unchanged (no NaN, no lone surrogates).

    >>> json_values(max_leaves=3).example()  # doctest: +SKIP
    {'a': [1, None]}
    """
    check_count("max_leaves", max_leaves, 1)
    check_count("max_size", max_size, 0)
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
    check_count("max_keys", max_keys, 0)
    check_count("max_leaves", max_leaves, 1)
    return st.dictionaries(st.text(_TEXT, max_size=12), json_values(max_leaves=max_leaves), max_size=max_keys)


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


#: Ids a decoder reads as no id: mistralai's SDK writes ``"null"`` for a call sent
#: without one, and the Chat decoder (and so Cohere's and Ollama's shapes, which detection
#: may read as Chat) takes it for that placeholder. Valid for every rule, never drawn.
_NO_ID = frozenset({"null"})


#: Ids providers send beside those a dialect's ``IdRule`` makes (``_made``), drawn too:
#: Gemini 3's 8 lowercase alphanumerics (corpus ``gemini/pai-gemini-3-*``: ``"7lr99y60"``,
#: ``"93z4z1x3"``); Cohere's tool name, ``_`` and 12 lowercase alphanumerics
#: (reference wire-formats.md §7b, vercel/ai ``packages/cohere`` fixtures: ``weather_e8p4pn45zt0t``;
#: corpus ``cohere-v2``: ``get_weather_3p2j6ce4gxxx``), whose regex here is the part after the name.
_SENT = {"gemini": (r"[a-z0-9]{8}", False), "cohere.v2": (r"_[a-z0-9]{12}", True)}


def _sent(d: Optional[Dialect], named: bool) -> Optional[SearchStrategy[str]]:
    """The provider's own id shape for *d* (``_SENT``): the whole id, or (*named*) the
    part after the call's name; ``None`` when it has none of that kind."""
    shape = _SENT.get(d.name) if d is not None else None
    if shape is None or shape[1] is not named:
        return None
    return st.from_regex(shape[0], fullmatch=True)


def _ids(d: Optional[Dialect]) -> SearchStrategy[str]:
    return _any_ids(d).filter(lambda s: s not in _NO_ID)


def _any_ids(d: Optional[Dialect]) -> SearchStrategy[str]:
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
    made = st.from_regex(_made(rule), fullmatch=True).filter(rule.valid)
    sent = _sent(d, named=False)
    return made | valid if sent is None else made | sent.filter(rule.valid) | valid


def tool_calls(
    dialect: DialectArg = None,
    *,
    ids: Optional[bool] = None,
    names: Optional[SearchStrategy[str]] = None,
    args: Optional[SearchStrategy[Dict[str, Any]]] = None,
) -> SearchStrategy[ToolCall]:
    """Canonical ``ToolCall`` values that *dialect* can carry (any dialect when ``None``).

    ``ids``: ``True`` always an id valid for the dialect, ``False`` never, ``None`` either
    (an id-less call in a dialect that needs ids is written with one made up: ``payloads``
    and ``streams`` expect that id). Never ``"null"``: decoders read it as no id (the
    placeholder mistralai's SDK writes). ``names`` / ``args`` replace the name and
    argument strategies.

    >>> tool_calls("anthropic.messages", ids=True).example()  # doctest: +SKIP
    ToolCall(name='get_weather', args={'': None}, id='toolu_01...')
    """
    check_flag("ids", ids, none=True)
    check_strategy("names", names)
    check_strategy("args", args)
    d = dialect_of(dialect)
    ident: SearchStrategy[Optional[str]] = _ids(d)
    if ids is None:
        ident = st.none() | ident
    elif not ids:
        ident = st.none()
    name = _names(d) if names is None else names
    args = arguments() if args is None else args
    after = _sent(d, named=True) if ids is not False else None
    if after is None or d is None:
        return st.builds(ToolCall, name=name, args=args, id=ident)
    return _named_ids(name, args, ident, after, d.ids)


@st.composite
def _named_ids(draw: Any, name: SearchStrategy[str], args: SearchStrategy[Dict[str, Any]],
               ident: SearchStrategy[Optional[str]], after: SearchStrategy[str], rule: IdRule) -> ToolCall:
    """A call whose id is sometimes the provider's own shape built on its name (Cohere's
    ``<name>_`` + 12 characters: ``_SENT``), where *rule* takes it."""
    n = draw(name)
    i = draw(ident)
    if i is not None and draw(st.booleans()):
        own = n + draw(after)
        if rule.valid(own):
            i = own
    return ToolCall(n, draw(args), i)


def tools(dialect: DialectArg = None) -> SearchStrategy[Tool]:
    """Tool definitions (name, description, a JSON Schema object of string/number/... properties).

    >>> tools("gemini").example()  # doctest: +SKIP
    Tool(name='f', parameters={'type': 'object', 'properties': {}})
    """
    d = dialect_of(dialect)
    prop = st.sampled_from(("string", "integer", "number", "boolean")).map(lambda t: {"type": t})
    props = st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True), prop, max_size=4)
    params = props.map(lambda p: {"type": "object", "properties": p})
    # no "" description: Bedrock leaves an empty one out (``toolSpec.description`` has a
    # minimum length of 1), so it would not come back
    return st.builds(Tool, name=_names(d), description=st.none() | st.text(_TEXT, min_size=1, max_size=60),
                     parameters=params, strict=st.just(_unset_strict(d)))


def _unset_strict(d: Optional[Dialect]) -> Optional[bool]:
    """The ``strict`` a tool without one comes back with from *d*'s wire: ``None``, or
    the default its encoder writes for it (Responses: ``false``, as every other dialect
    reads an unset one), asked of the encoder and decoder."""
    if d is None:
        return None
    try:
        return d.decode_tool(d.encode_tool(Tool("f")), "$").strict
    except Exception:  # a third party's codec that takes no such tool: unset
        return None


def tool_results(dialect: DialectArg = None) -> SearchStrategy[ToolResult]:
    """Tool results: the call's id (valid for *dialect*), the tool name and text content.
    With a dialect named, also results without an id, without a name or without both
    where its encoder writes them (Ollama and MCP: either or neither; Gemini: no id); with
    none, always both (what every dialect writes). Never blank text (only whitespace)
    for a dialect whose encoder refuses it (Anthropic and Bedrock: their APIs refuse
    blank text blocks).

    >>> tool_results("openai.chat").example()  # doctest: +SKIP
    ToolResult(id='call_x', name='f', content='22 C')
    """
    d = dialect_of(dialect)
    content = st.text(_TEXT, min_size=1, max_size=60)
    if d is None:
        return st.builds(ToolResult, id=_ids(d), name=_names(d), content=content)
    if not _takes_blank(d):
        content = content.filter(lambda s: not s.isspace())
    # (id?, name?) pairs the encoder writes; both first (what hypothesis shrinks towards)
    shapes = [s for s in ((True, True), (False, True), (True, False), (False, False))
              if s == (True, True) or _writes(d, "x", *s)]
    ids, names = _ids(d), _names(d)
    return st.sampled_from(shapes).flatmap(lambda s: st.builds(
        ToolResult, id=ids if s[0] else st.none(), name=names if s[1] else st.none(), content=content))


def _takes_blank(d: Dialect) -> bool:
    """Whether *d*'s encoder writes a result of blank text, asked beside the same result
    with text, so that a probe the encoder refuses for another reason leaves blank text in."""
    return _writes(d, " ") or not _writes(d, "x")


def _writes(d: Dialect, text: str, with_id: bool = True, with_name: bool = True) -> bool:
    """Whether *d*'s encoder writes a result of *text*, with or without an id and a
    name (it refuses what its API refuses: blank text for Anthropic and Bedrock, no
    id where the call's is needed, no name for Gemini)."""
    rule = d.ids
    ident = rule.prefix + rule.alphabet[0] * rule.length if with_id else None
    name = ("f" if d.names is None or d.names.fullmatch("f") else "get_weather") if with_name else None
    try:
        encode_result(ToolResult(ident, name, text), d)
    except ToolwireError:
        return False
    return True


def decoded_result(d: Dialect, result: ToolResult) -> ToolResult:
    """*result* as ``decode_result`` reads it back from *d*'s wire (its
    ``result_read_back``)."""
    return result if d.result_read_back is None else d.result_read_back(result)
