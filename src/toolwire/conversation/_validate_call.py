"""``validate_call``: a call checked against the tools offered to the model.

The arguments are checked against the tool's original JSON Schema with the
structured-output validator (``toolwire.schema.validate``, Draft 2020-12). A name
that is not offered, or arguments that break the schema, give an ``InvalidToolCall``
whose ``error`` is short and fit to send back to the model as the tool's result.
A call names its tool by name and namespace (OpenAI Responses); a call in a namespace
of its own name names the top-level tool of that name when no namespace holds one,
as Responses' tool search calls a deferred function loaded on its own
(https://platform.openai.com/docs/guides/tools-tool-search).
``coerce=True`` first turns strings that spell a number or a boolean into the type
the schema asks for there (``"3"`` → ``3``, ``"true"`` → ``True``), recorded as the
repair ``"coerced-types"``; under ``anyOf`` / ``oneOf`` (pydantic's ``Optional[int]``)
into the value the branches that accept a coerced value agree on, and not at all when
they give different values.

Arguments built in code may hold what JSON text cannot be made of in Python (an
integer of over 4,300 digits): they are checked all the same, and an invalid call's
``raw`` is then ``None``.
"""

from __future__ import annotations

import json
import marshal
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

from .._builtin import default_registry
from .._codec import decode, decode_tool
from .._decode_tools import _wire_form
from .._dialect import Dialect
from .._errors import DecodeError, excerpt
from .._flags import check_flag
from .._json_ints import write_json
from .._json_values import LONG_INT, plainly_json
from .._path_steps import key_step
from .._payload_paths import moved, rerooted_text
from .._scope import scope_of
from .._types import InvalidToolCall, Tool, ToolCall, check_json_object, evolve, new_invalid

if TYPE_CHECKING:
    from ..schema._validate import ValidationIssue

__all__ = ["validate_call"]

_SHOWN = 5


def _decoded(t: Any, dialect: Optional[str], loc: str) -> Tool:
    """*t* decoded, an error's place re-rooted at *loc* (its place in the tools list)."""
    try:
        return decode_tool(t, dialect)
    except DecodeError as exc:
        raise _rerooted(exc, loc) from None


def _rerooted(exc: DecodeError, loc: str) -> DecodeError:
    """*exc* (of its class) said at its place in the tools list (*loc* its entry's)."""
    written = getattr(exc, "_written", exc.message)
    if exc.loc.startswith("$") and rerooted_text(written, "$", loc, exc.loc) == written:  # no path said: the entry's
        exc = type(exc)(f"Tool {loc}: {written}", dialect=exc.dialect, loc=exc.loc)
    return moved(exc, exc.dialect, {"$": loc})


def _entry(t: Any, loc: str, readers: List[Dialect]) -> List[Tuple[Tool, _Origin]]:
    """The tools one entry *t* of a tools list holds, each with where it was read: what a
    dialect's ``tool_entry`` reads in it (none for a provider-hosted tool, the tool a
    built-in entry the client runs offers, several for a Gemini entry of several
    declarations), else the one definition ``decode_tool`` reads. An SDK object (or JSON
    text) is read as the wire form ``decode_tool`` reads it as, so that its errors name the
    same places and dialect as that form's."""
    if type(t) is not dict:
        try:
            wire = _wire_form(t, None, None)
        except Exception:  # (its error is raised as decode_tool raises it, below)
            wire = None
        if type(wire) is dict:
            t = wire
    if type(t) is dict:
        for d in readers:
            assert d.tool_entry is not None
            try:  # (a built-in entry the client runs is read there: Responses ``shell``)
                held = d.tool_entry(t)
            except DecodeError as exc:
                raise _rerooted(exc, loc) from None
            if held is not None:
                return [(_decoded(definition, d.name, loc + path), (loc + path, definition, d.name))
                        for path, definition in held]
    return [(_decoded(t, None, loc), (loc, t, None))]


#: where a tool was read: its entry's path in the tools list, the entry (``None`` for a
#: ``Tool`` value) and the dialect named for it (``None``: detected)
_Origin = Tuple[str, Any, Optional[str]]


def _offered(tools: Iterable[Any]) -> Tuple[List[Tool], List[_Origin]]:
    """The client functions among *tools*, and where each was read: provider-hosted
    entries left out (a call to one is then an unknown tool), a Gemini entry of several
    declarations read as several tools; two of one name raise (a call could not say
    which it means)."""
    readers = [d for d in default_registry() if d.tool_entry is not None]
    out: List[Tool] = []
    origins: List[_Origin] = []
    seen: Dict[Tuple[Optional[str], str], int] = {}
    if isinstance(tools, (str, bytes, dict)) or not isinstance(tools, Iterable):
        raise DecodeError(f"The tools offered must be a list of tool definitions, got {type(tools).__name__} "
                          f"{excerpt(tools)}", loc="$")
    for i, t in enumerate(tools):
        loc = f"$[{i}]"
        got = [(t, (loc, None, None))] if isinstance(t, Tool) else _entry(t, loc, readers)
        for tool, origin in got:
            key = (_scope(tool.provider_data), tool.name)  # a Responses namespace's tools: by both
            if key in seen:
                raise DecodeError(
                    f"Tools {seen[key]} and {i} of the tools list are both named {_shown(*key)}: a call cannot "
                    "say which it means",
                    loc=loc,
                )
            seen[key] = i
            out.append(tool)
            origins.append(origin)
    return out, origins


def _schema_place(tool: Tool, origin: _Origin) -> Tuple[str, Optional[str]]:
    """The payload path of *tool*'s parameters and the dialect that read them: found in
    the entry by identity (a reader holds the schema it was given), a few levels down;
    for a ``Tool`` value, or a schema the reader converted, its field ``parameters``
    under the entry."""
    loc, entry, dialect = origin
    if entry is not None and dialect is None:
        from .._walk import _sniff  # an error path

        try:
            dialect = _sniff(entry, None, None, "$")[0].name
        except DecodeError:
            dialect = None
    level: List[Tuple[Any, str]] = [(entry, loc)] if type(entry) is dict else []
    for _ in range(4):  # the deepest wire place of a schema: ``toolSpec.inputSchema.json``
        below: List[Tuple[Any, str]] = []
        for node, at in level:
            for k, v in node.items():
                if v is tool.parameters:
                    return at + key_step(k), dialect
                if type(v) is dict and type(k) is str:
                    below.append((v, at + key_step(k)))
        level = below
    return loc + ".parameters", dialect


def _scope(provider_data: Any) -> Optional[str]:
    """The group a call or tool is named in beside its name (a Responses namespace)."""
    got = scope_of(provider_data)
    return None if got is None else got[1]


def _shown(scope: Optional[str], name: str) -> str:
    """The model-written name (and namespace), as an excerpt: the line goes back into the prompt."""
    return excerpt(name) if scope is None else f"{excerpt(name)} in {excerpt(scope)}"


def _provider_defined(tool: Tool) -> bool:
    """Whether a dialect names *tool* as one the provider defines (Anthropic's
    ``bash_20250124``, Bedrock's ``systemTool``): its schema is the provider's."""
    for d in default_registry():
        if d.builtin_tool is not None and d.name in tool.provider_data and d.builtin_tool(tool.provider_data[d.name]):
            return True
    return False


def _at(doc: Any, pointer: str) -> Any:
    from ..schema._util import array_index  # the schema package loads with the first schema

    for tok in pointer.split("/")[1:]:
        tok = tok.replace("~1", "/").replace("~0", "~")
        index = array_index(tok, len(doc)) if type(doc) is list else None
        if type(doc) is dict:
            doc = doc.get(tok)
        elif index is not None:
            doc = doc[index]
        else:
            return None
    return doc


def _coerced(text: str, types: List[str]) -> Any:
    """*text* as the first of *types* it spells, else the text itself."""
    s = text.strip()
    for t in types:
        if t == "boolean" and s in ("true", "false", "True", "False"):
            return s in ("true", "True")
        if t in ("integer", "number") and 0 < len(s) <= 400:
            try:
                v = json.loads(s)
            except ValueError:
                continue
            if type(v) is float and not math.isfinite(v):  # "NaN", "Infinity", "1e999": no JSON number
                continue
            if type(v) is int or (type(v) is float and t == "number"):
                return v
            if type(v) is float and v.is_integer() and t == "integer":
                return int(v)
    return text


def _types(want: Any) -> List[str]:
    return [want] if type(want) is str else [t for t in want or () if type(t) is str] if type(want) is list else []


def _branch_value(text: str, branches: Any, root: Any) -> Any:
    """*text* coerced for the ``anyOf`` / ``oneOf`` *branches*: the value each branch's
    type makes of it, kept when that branch accepts it; the one value they agree on,
    else *text*."""
    from ..schema._normalize import resolve_ref
    from ..schema._util import json_equal
    from ..schema._validate import _Checker

    if type(branches) is not list:
        return text
    found: List[Any] = []
    for branch in branches:
        node, hops = branch, 0
        while type(node) is dict and "type" not in node and type(node.get("$ref")) is str and hops < 8:
            node, hops = resolve_ref(root, node["$ref"]), hops + 1
        new = _coerced(text, _types(node.get("type")) if type(node) is dict else [])
        if new is not text and _Checker(root, False).valid(new, branch, "", ""):  # a checker per value: its
            found.append(new)  # answers are remembered by the value's id
    if found and all(type(f) is type(found[0]) and json_equal(f, found[0]) for f in found):
        return found[0]
    return text


def _copied(args: Dict[str, Any]) -> Dict[str, Any]:
    """*args* with its objects and arrays copied (without a walk through JSON text,
    which cannot print an integer of over 4,300 digits), iteratively."""
    out: Dict[str, Any] = {}
    stack: List[Tuple[Any, Any]] = [(args, out)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if type(src) is dict else enumerate(src)
        for k, v in items:
            if type(v) is dict or type(v) is list:
                v2: Any = {} if type(v) is dict else [None] * len(v)
                stack.append((v, v2))
                v = v2
            dst[k] = v
    return out


def _coerce(args: Any, issues: List[ValidationIssue], schema: Any) -> Any:
    changed = False
    out = _copied(args)
    for issue in issues:
        if issue.keyword not in ("type", "anyOf", "oneOf") or not issue.pointer:
            continue
        want = _at(schema, issue.schema_pointer)
        parent_ptr, _, last = issue.pointer.rpartition("/")
        parent = _at(out, parent_ptr) if parent_ptr else out
        key: Any = last.replace("~1", "/").replace("~0", "~")
        if type(parent) is list:
            key = int(key)
        elif type(parent) is not dict:
            continue
        value = parent[key]
        if type(value) is not str:
            continue
        new = _coerced(value, _types(want)) if issue.keyword == "type" else _branch_value(value, want, schema)
        if new is not value:
            parent[key] = new
            changed = True
    return out if changed else None


def _text(args: Any) -> Optional[str]:
    """*args* as JSON text (integers whole whatever the interpreter's digit limit), or
    ``None`` where they cannot be written (an integer of over 4,300 digits, too deep a
    nesting, a value that is not JSON: arguments built in code)."""
    try:
        return write_json(args, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        return None


def _parsed(args: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """A copy of *args*, the object the argument text of an invalid call was read as, where
    JSON can carry it (``InvalidToolCall.parsed``: an edit of the call's arguments after
    ``validate_call`` changes not what its history says the model sent); ``None`` for
    arguments that hold what no JSON text holds (``1e400`` read as infinity): those stay
    unwritable to object targets."""
    for v in args.values():  # the common case, one level of strings, bools and small ints: no walk
        t = type(v)
        if not (t is str or t is bool or v is None or (t is int and -LONG_INT < v < LONG_INT)):
            break
    else:
        if all(type(k) is str for k in args):  # (strings held as decoded: no lone surrogate in a valid call)
            return dict(args)
    if not plainly_json(args):  # (large values: passes that run no Python step per value)
        try:
            check_json_object(args, "$.args", "ToolCall args")
        except DecodeError:
            return None
    try:  # (a C pass; past its nesting limit, or a subclass it refuses, one by one)
        return marshal.loads(marshal.dumps(args))  # type: ignore[no-any-return]
    except ValueError:
        return _json_copy(args)


def _json_copy(args: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of the JSON object *args* at every depth, without recursion; a container
    held twice is copied once (linear)."""
    out = dict(args)
    seen: Dict[int, Any] = {id(args): out}
    todo: List[Any] = [out]
    while todo:
        x = todo.pop()
        for k, v in list(x.items() if type(x) is dict else enumerate(x)):
            if isinstance(v, (dict, list)):
                got = seen.get(id(v))
                if got is None:
                    got = seen[id(v)] = dict(v) if isinstance(v, dict) else list(v)
                    todo.append(got)
                x[k] = got
    return out


def validate_call(
    call: Any, tools: Iterable[Any], *, coerce: bool = False
) -> Union[ToolCall, InvalidToolCall]:
    """*call* if its tool is among *tools* (``Tool`` values or definitions in any
    dialect) and its arguments fit the tool's schema, else an ``InvalidToolCall``
    saying why in a line fit for the model; see the module docstring. ``coerce=True``:
    arguments that fit only once their strings are read as the schema's types
    (``"3"`` for an integer) come back converted, with the repair ``coerced-types``."""
    from ..schema._issues import KEPT, beyond  # the schema package loads on first use
    from ..schema._normalize import normalize
    from ..schema._validate import check

    check_flag("coerce", coerce)  # "false" is truthy: it coerced
    c: Any = call if isinstance(call, (ToolCall, InvalidToolCall)) else decode(call)
    if type(c) is InvalidToolCall:
        return c
    offered, origins = _offered(tools)
    scope = _scope(c.provider_data)  # a call names its tool's namespace beside its name
    tool: Optional[Tool] = next((t for t in offered if t.name == c.name and _scope(t.provider_data) == scope),
                                None)
    if tool is None and scope == c.name:  # Responses' tool search: a function loaded on its own
        tool = next((t for t in offered if t.name == c.name and _scope(t.provider_data) is None), None)
    raw = c.raw if c.raw is not None else _text(c.args)
    # raw is the argument text, read as it (``parsed``); not a provider's own call (run by it: never a client's)
    parsed = _parsed(c.args) if raw is not None and not c.server else None
    if tool is None:
        names = ", ".join(t.name if _scope(t.provider_data) is None else f"{_scope(t.provider_data)}.{t.name}"
                          for t in offered[:_SHOWN]) or "none"
        if len(offered) > _SHOWN:
            names += f" (and {len(offered) - _SHOWN} more)"
        return new_invalid(c.name, c.id, raw, f"Unknown tool {_shown(scope, c.name)}; the tools offered are: {names}.",
                           provider_data=c.provider_data, parsed=parsed)
    if tool.parameters is None:  # none declared: the function takes no arguments
        if not c.args or _provider_defined(tool):
            return c  # type: ignore[no-any-return]
        got = ", ".join(list(c.args)[:_SHOWN]) + (", ..." if len(c.args) > _SHOWN else "")
        return new_invalid(c.name, c.id, raw, f"Arguments of {c.name!r} do not match its schema: {c.name!r} takes "
                           f"no arguments; got {got}.", provider_data=c.provider_data, parsed=parsed)
    try:
        schema = normalize(tool.parameters)
        # (it compiles the patterns: one the engine cannot run raises; a coercion reads every issue)
        issues = check(c.args, schema, kept=None if coerce else KEPT)
    except DecodeError as exc:  # a malformed schema: said at its tool's place in the list, in its dialect
        where, dialect = _schema_place(tool, origins[next(i for i, t in enumerate(offered) if t is tool)])
        raise moved(exc, dialect, {"$": where}) from None
    if issues and coerce:
        fixed = _coerce(c.args, issues, schema)
        if fixed is not None:
            again = check(fixed, schema)
            if not again:
                done: ToolCall = evolve(c, args=fixed, raw=None, repairs=(*c.repairs, "coerced-types"))
                return done
            issues = again
    if not issues:
        return c  # type: ignore[no-any-return]
    listed, rest = beyond(issues, _SHOWN)
    shown = "; ".join(str(i) for i in listed)
    more = f" (and {rest} more)" if rest else ""
    return new_invalid(
        c.name, c.id, raw, f"Arguments of {c.name!r} do not match its schema: {shown}{more}.",
        provider_data=c.provider_data, parsed=parsed,
    )
