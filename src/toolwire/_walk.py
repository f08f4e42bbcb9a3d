"""Finding things in a payload: loading it, telling its dialect, opening containers.

``detect``/``explain`` name a payload's dialect from its shape; ``walk`` yields every
item of a message, response or conversation with its dialect, kind and ``$.path``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, List, Optional, Set, Tuple, Union

from ._access import _CALLS, _PLAIN, MAX_OBJECT_DEPTH, to_data
from ._args import TooLong, load_json, utf8
from ._builtin import default_registry, registry_of
from ._definitions import call_reading
from ._dialect import CALL, CALLS, OTHER, RESULT, TOOL, Choice, Dialect
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._foreign import foreign
from ._registry import Registry

__all__ = ["STRAY", "VALUE", "Detection", "detect", "explain", "walk"]

VALUE = "value"  # the kind of a ``ToolCall`` or ``InvalidToolCall`` given among the items
STRAY = "stray"  # the kind of another dialect's tool definition among a container's calls


def _load(x: Any, loc: str = "$", dialect: Any = None, registry: Optional[Registry] = None) -> Any:
    """Plain data from a value, JSON text or a foreign object. Blank UTF-8 bytes hold no
    value (``None``): ``decode_all`` reads them as it reads ``""``, no calls. Text that is
    not JSON is a ``DecodeError`` naming *dialect* (the caller's, a name or a ``Dialect``)."""
    t = type(x)
    if t is dict:
        return x
    if t is str or t is bytes or t is bytearray:
        text = x if t is str else utf8(x, f"Input at {loc}")
        if t is not str and not text.strip():  # (blank text never gets here from decode_all)
            return None
        try:
            return load_json(text)
        except ValueError as exc:
            what = "JSON text the parser cannot read" if isinstance(exc, TooLong) else "text but not JSON"
            raise DecodeError(f"Input at {loc} is {what} ({exc}): {excerpt(text)}", dialect=_name(dialect, registry),
                              loc=loc) from None
    return to_data(x, loc)


def _name(dialect: Any, registry: Optional[Registry]) -> Optional[str]:
    """The id of the dialect a caller named (an alias resolved), ``None`` for none or a
    name of no dialect (its own error is raised where the dialect is looked up)."""
    if dialect is None or isinstance(dialect, Dialect):
        return None if dialect is None else dialect.name
    try:
        return _registry(registry).get(dialect).name
    except (ToolwireError, TypeError):
        return None


def _registry(registry: Optional[Registry]) -> Registry:
    return default_registry() if registry is None else registry


def _dialect(name: Union[str, Dialect, None], registry: Optional[Registry]) -> Optional[Dialect]:
    if name is None or isinstance(name, Dialect):
        return name
    return _registry(registry).get(name)


def no_dialect(data: Any, registry: Optional[Registry]) -> str:
    """"matches no known dialect", and where a streaming dialect's ``stream_detect``
    claims *data*, that it is one of its stream chunks (a payload's decoder would find
    only fragments in it)."""
    if type(data) is dict:
        # the stream machinery loads on first use (``import toolwire`` stays light); this
        # is an error path
        from .stream._table import streams

        hit = streams(registry).detect(data)
        if hit is not None:
            return (f"matches no known dialect (it is {an(hit[0])} stream chunk: feed the whole stream to "
                    "toolwire.stream.accumulate)")
    return "matches no known dialect"


def _looks_like(data: Any, registry: Optional[Registry]) -> str:
    hit = _registry(registry).sniff(data)
    if hit is None:
        return "it " + no_dialect(data, registry)
    d, kind, reason = hit
    return f"it looks like {d.name} ({reason})"


def _safe_sniff(d: Dialect, data: Any) -> Optional[Tuple[str, str]]:
    try:
        return d.sniff(data)
    except Exception:  # a sniffer meeting a shape it did not foresee: not its dialect
        return None


def _sniff(
    data: Any, dialect: Optional[Dialect], registry: Optional[Registry], loc: str
) -> Tuple[Dialect, str]:
    if dialect is not None:
        hit = _safe_sniff(dialect, data)
        if hit is None:
            raise DecodeError(
                f"Input at {loc} is not {an(dialect.name)} payload: {_looks_like(data, registry)}; "
                f"got {excerpt(data)}",
                dialect=dialect.name,
                loc=loc,
            )
        return dialect, hit[0]
    found = _registry(registry).sniff(data)
    if found is None:
        raise DecodeError(f"Input at {loc} {no_dialect(data, registry)}: {excerpt(data)}", loc=loc)
    return found[0], found[1]


def element(x: Any, loc: str, registry: Optional[Registry]) -> Any:
    """Plain data for *x*, an element of a list of items: an SDK call object through
    its dialect's reader (``Dialect.sdk_calls``; a google-genai ``FunctionCall``'s dump
    alone is no part), anything else as ``to_data`` gives it."""
    t = type(x)
    if t is dict or t is list or t in _PLAIN:
        return x
    read = _registry(registry).object_plan(t)[0]
    if read is not None:
        try:
            plain = read[1](x)
        except Exception:  # an odd instance (built without validation): the generic walk
            plain = None
        if plain is not None:
            return plain
    return to_data(x, loc)


_KIND_WORDS = {TOOL: "tool definition", RESULT: "tool result", OTHER: "item without tool calls"}


Item = Tuple[Dialect, str, Any, str, Optional[str]]


def walk(
    data: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    registry: Optional[Registry] = None,
    loc: str = "$",
    top: bool = True,
    unreadable: Optional[Callable[[DecodeError], None]] = None,
) -> Iterator[Item]:
    """Every item in *data* with its dialect, kind, path and container finish reason.

    Containers (messages, responses, lists) are opened; items of the kinds
    ``call``, ``server``, ``tool``, ``result`` and ``other`` are yielded as found.
    An item inside a container that no dialect recognises (``5`` among the calls), or a
    list there (``_nested_list``), raises, or, given *unreadable*, is passed to it as its
    error in its place.
    A ``ToolCall`` or ``InvalidToolCall`` is yielded as it is, of the kind ``value``
    (its dialect: ``canonical``). An item of a container's calls that only another
    dialect claims, as a tool definition, is of the kind ``stray``.
    """
    d = _dialect(dialect, registry)
    explicit = d is not None
    # (item, its dialect, path, finish reason, top, depth, an item of a calls container)
    stack: List[Tuple[Any, Optional[Dialect], str, Optional[str], bool, int, bool]] = [
        (_load(data, loc, d) if top else data, d, loc, None, top, 0, False)
    ]
    while stack:
        cur, cd, cloc, finish, is_top, depth, kid = stack.pop()
        if depth > MAX_OBJECT_DEPTH:  # also what a list or message containing itself gives
            raise DecodeError(
                f"Containers at {cloc} are nested deeper than {MAX_OBJECT_DEPTH} (a cycle?)",
                dialect=None if cd is None else cd.name,
                loc=cloc,
            )
        if type(cur) is list:
            if kid and cd is not None:  # an item of a container's (``children``): none holds a list there
                nested = _nested_list(cd, cloc)
                if unreadable is None:
                    raise nested
                unreadable(nested)
                continue
            items: Any = [(element(el, f"{cloc}[{i}]", registry), f"{cloc}[{i}]") for i, el in enumerate(cur)]
            readers = (_registry(registry).list_items([el for el, _ in items]) if d is None
                       else (d.list_items,) if d.list_items else ())
            for read in readers:
                try:  # a dialect reads a list's items together (``Dialect.list_items``)
                    items = list(read(items))
                except (ToolwireError, MemoryError):
                    raise
                except Exception as exc:  # a third party's reader failing: name it
                    raise DecodeError(f"Cannot read the list at {cloc} ({type(exc).__name__}: {exc})",
                                      loc=cloc) from None
            stack.extend((el, cd, iloc, finish, False, depth + 1, False) for el, iloc in reversed(items))
            continue
        hit = None
        if not explicit and cd is not None:  # ``_safe_sniff``, inline: once per item
            try:
                hit = cd.sniff(cur)
            except Exception:  # a sniffer meeting a shape it did not foresee: not its dialect
                hit = None
        if hit is not None and cd is not None:
            dd, kind = cd, hit[0]
        else:  # the caller's dialect (strict), or detection afresh for items of a container
            try:
                dd, kind = _sniff(cur, d, registry, cloc)
            except DecodeError as exc:
                if isinstance(cur, _CALLS):  # toolwire's own call: as it is (no dialect claims a value)
                    yield _canonical(), VALUE, cur, cloc, finish
                    continue
                # an item of no dialect (not one of another dialect: that is refused)
                if unreadable is None or is_top or _registry(registry).sniff(cur) is not None:
                    raise
                unreadable(exc)
                continue
        if kind == TOOL and kid:
            # an item of a message's calls that its container's dialect reads like a tool definition
            # (a Chat ``tool_calls`` item without ``arguments`` and id): a call (none of its containers
            # holds definitions); one only another dialect claims (Gemini's bare ``{"name"}``) is no call
            # of the container's: reported at its path (read as that dialect's call, it fails elsewhere)
            kind = CALL if explicit or hit is not None else STRAY
        if kind == CALLS and dd.choices is not None:  # a response with several replies: the first only
            first = _first_choice(dd, cur, cloc)
            if first is not None:
                if not no_content(first[0]):
                    stack.append((to_data(first[0], first[1]), dd, first[1], first[2] or finish, False, depth + 1,
                                  False))
                continue
        if kind == CALLS:
            try:
                fin = dd.finish(cur) or finish
                kids = [
                    (child if type(child) is dict else to_data(child, kloc), dd, kloc, fin, False, depth + 1, True)
                    for child, kloc in dd.children(cur, cloc)
                ]
            except (ToolwireError, MemoryError):
                raise
            except Exception as exc:  # a dialect's own reader failing (a third party's): name it
                raise DecodeError(f"Cannot read the {dd.name} reply at {cloc} ({type(exc).__name__}: {exc})",
                                  dialect=dd.name, loc=cloc) from None
            stack.extend(reversed(kids))
        elif is_top and kind in (TOOL, RESULT):
            also = call_reading(cur, dd, cloc) if kind == TOOL else ""  # a definition that may be a call
            raise DecodeError(
                f"Input at {cloc} is {an(dd.name)} {_KIND_WORDS[kind]}, not tool calls{also}",
                dialect=dd.name,
                loc=cloc,
            )
        else:
            if kind == OTHER:  # not opened: a cycle inside would go unseen (and give ``[]``)
                _no_cycle(cur, cloc, depth)
            yield dd, kind, cur, cloc, finish


def _nested_list(d: Dialect, loc: str) -> DecodeError:
    """The error of a list met among the items a container of *d* holds (``tool_calls:
    [c1, [c3], c2]``): every documented container holds objects there, and reading the
    list's items as more of them (or an empty list as none) would change the reply
    unsaid. A list the caller gives is opened (``Dialect.list_items`` reads its items
    together: Gemini's nameless argument parts); one in a container is not."""
    return DecodeError(f"Item at {loc} is a list among the items of {an(d.name)} container, which are objects: not "
                       "read as more items", dialect=d.name, loc=loc)


def _canonical() -> Dialect:
    return default_registry().get("canonical")  # the dialect a canonical value is written in


def no_content(container: Any) -> bool:
    """Whether *container*, one alternative reply of several (``Dialect.choices``), is
    no content at all: ``None`` (Gemini leaves a blocked candidate's ``content`` out, an
    OpenAI-compatible server sends ``message: null`` beside ``finish_reason: "error"``),
    ``{}`` or a role alone. It holds no call; its finish reason still counts."""
    return container is None or (type(container) is dict and container.keys() <= _ROLE_ONLY)


_ROLE_ONLY = frozenset({"role"})


def _first_choice(d: Dialect, data: Any, loc: str) -> Optional[Choice]:
    """The first of several alternative replies in *data* (``Dialect.choices``), or
    ``None`` when it holds one or none (``decode_all(choice=)`` picks another)."""
    try:
        alts = d.choices(data, loc) if d.choices is not None and type(data) is dict else None
    except Exception:  # a shape the reader did not foresee: the container is read as it is
        return None
    return alts[0] if alts is not None and len(alts) > 1 else None


def _no_cycle(item: Any, loc: str, depth: int) -> None:
    """Raise when *item* contains itself (or is nested past the container limit).
    Each container is entered once (shared values too): linear in *item*."""
    t = type(item)
    if t is not dict and t is not list:
        return
    for value in item.values() if t is dict else item:
        tv = type(value)
        if tv is dict or tv is list:
            break
    else:
        return  # no container inside: nothing can hold the item
    _enter(item, set(), set(), depth, loc)


def _enter(value: Any, open_ids: Set[int], done: Set[int], level: int, loc: str) -> None:
    key = id(value)
    if key in open_ids or level > MAX_OBJECT_DEPTH:
        raise DecodeError(
            f"Item at {loc} contains itself or is nested deeper than {MAX_OBJECT_DEPTH} (a cycle?)", loc=loc
        )
    open_ids.add(key)
    for child in value.values() if type(value) is dict else value:
        t = type(child)
        if (t is dict or t is list) and id(child) not in done:
            _enter(child, open_ids, done, level + 1, loc)
    open_ids.discard(key)
    done.add(key)


class Detection(Tuple[str, str, str]):
    """``(dialect, kind, reason)`` as returned by ``explain``."""

    @property
    def dialect(self) -> str:
        return self[0]

    @property
    def kind(self) -> str:
        return self[1]

    @property
    def reason(self) -> str:
        return self[2]


def explain(item: Any, *, registry: Optional[Registry] = None) -> Detection:
    """Which dialect *item* is, what it is (call, calls, tool, result...) and why."""
    if registry is not None:
        registry_of(registry)
    try:
        data = _load(item)
        if type(data) is list:
            if not data:
                raise DecodeError("Input at $ is an empty list; nothing to detect")
            data = to_data(data[0], "$[0]")
        d, kind = _sniff(data, None, registry, "$")
        hit = _safe_sniff(d, data)
        assert hit is not None
        return Detection((d.name, kind, hit[1]))
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


def detect(item: Any, *, registry: Optional[Registry] = None) -> str:
    """The dialect id of *item*, from its shape alone (``explain`` says why)."""
    return explain(item, registry=registry).dialect
