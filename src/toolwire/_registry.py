"""``Registry``: dialects by name, in detection precedence order, and the one decode
plan derived from their fields.

The plan is one table from a shape to the steps that decode it, built lazily and
cached per registry (bounded):

- a dict's shape is its top-level keys, in order, plus its ``type`` value when that
  is a string; its steps are the dialects that may claim it, in detection order,
  each with the claim to ask (``detect`` if declared, else ``sniff``): those whose
  ``keys`` it meets and whose ``gate`` lets it through. The first claim that hits
  names the dialect and the kind; a call then goes to that dialect's ``decode_call``.
- an SDK object's shape is its class (held weakly); its steps are the reader a dialect declared
  for that class (``sdk_calls``: one call; ``sdk_responses``: a response).

``decode`` runs it: front door (``_codec``) → this plan → the dialect's module.

Speed only: a shape may also have a one-step decoder (``add_fast``; the default
registry has one, Chat's plain item), used under the default policy while the
shape's claims are exactly the dialects it was written for; it answers what the
claims and ``decode_call`` would, or ``None`` (tests hold it to the plan). Their
tables and the methods that register them are ``_one_step.OneSteps``, mixed in.
The built-in dialects are one literal tuple (``dialects.BUILTIN``); nothing
registers itself on import. ``_builtin.default_registry()`` holds them;
``Registry.copy()`` gives callers their own to extend.
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, Iterator, List, Optional, Tuple, Union

from ._args import DEFAULT_POLICY
from ._dialect import CALL, CALLS, SERVER, Dialect, Sniff
from ._dialect_check import check_record
from ._errors import DecodeError, ToolwireError, UnknownDialectError, excerpt
from ._flags import check_flag
from ._foreign import foreign
from ._misplaced import publish
from ._one_step import Fast, OneSteps
from ._types import evolve

if TYPE_CHECKING:
    from ._args import Policy
    from ._types import ToolCall

__all__ = ["Registry", "cacheable", "decode_one", "sdk_class_name"]

Claims = Tuple[Tuple[Dialect, Sniff], ...]
# an SDK class: the dialect and reader of one call (``sdk_calls``), the reader of a response
ObjectPlan = Tuple[
    Optional[Tuple[Dialect, Callable[[Any], Any]]],
    Optional[Callable[[Any], Any]],
    Optional[Callable[[Any], Any]],
    Optional[Tuple[Dialect, Callable[[Any], Any]]],
]  # its call reader (and dialect), its response reader; speed only: a one-step decoder, a response's
# one-step reader of calls (and the dialect the plan must name)
_LIMIT = 2048  # shapes (and classes) remembered per registry: payloads with free-form keys stay bounded
_WIDE = 64  # a shape with more keys than this is planned each time, never remembered (hostile dicts)
_LONG = 2048  # ... and one whose keys (and type value) hold more characters than this


def cacheable(shape: Tuple[Any, ...]) -> bool:
    """Whether a shape (top-level keys, perhaps a ``type`` value) may key a cache:
    at most ``_WIDE`` keys holding at most ``_LONG`` characters. A hostile dict's
    shape is planned each time (in time linear in it), never held."""
    if len(shape) > _WIDE:
        return False
    size = 0
    for k in shape:
        if type(k) is str:
            size += len(k)
    return size <= _LONG


def sdk_class_name(cls: type) -> str:
    """The ``"package:QualName"`` an SDK class is declared under (``Dialect.sdk_calls``,
    ``sdk_responses``). A parametrised pydantic generic (openai's
    ``ParsedChatCompletion[W]``, whose module and name are its caller's, as
    ``__main__.ParsedChatCompletion[W]``) goes by its generic origin
    (``__pydantic_generic_metadata__["origin"]``): its readers are its origin's."""
    meta = getattr(cls, "__pydantic_generic_metadata__", None)
    origin = meta.get("origin") if type(meta) is dict else None
    if isinstance(origin, type):
        cls = origin
    return f"{cls.__module__.partition('.')[0]}:{cls.__qualname__}"


def decode_one(d: Dialect, data: Any, policy: Policy, loc: str, server: bool) -> ToolCall:
    """*d*'s ``decode_call`` of *data*; what it raises beyond toolwire's errors is a
    ``DecodeError`` (a malformed item the dialect did not foresee)."""
    try:
        call = d.decode_call(data, policy, loc)
    except ToolwireError:
        raise
    except Exception as exc:
        raise DecodeError(
            f"Malformed {d.name} tool call at {loc} ({type(exc).__name__}: {exc}): {excerpt(data)}",
            dialect=d.name,
            loc=loc,
        ) from None
    if server and not call.server:
        call = evolve(call, server=True)
    return call


class Registry(OneSteps):
    """Dialects by name, in detection precedence order. Safe to use from many threads.
    It pickles, copies and deep-copies as ``copy()``: the same dialects and one-step
    decoders, with a lock and plans of its own."""

    def __init__(self, dialects: Tuple[Dialect, ...] = ()) -> None:
        self._lock = threading.Lock()
        self._order: Tuple[Dialect, ...] = ()
        self._by_name: Dict[str, Dialect] = {}
        self._claims: Claims = ()
        self._history_keys: FrozenSet[str] = frozenset()  # the body fields a history is read from
        self._list_items: Tuple[Any, ...] = ()  # the dialects' (``keys``, ``list_items``), in order
        # shape (a key tuple) -> (Claims, Fast); id of an SDK class -> (a weak reference to it, its ObjectPlan)
        self._plans: Dict[Any, Any] = {}
        self._fast: Dict[Tuple[Any, ...], Tuple[Tuple[Dialect, ...], Fast]] = {}
        self._fast_named: Dict[str, Tuple[Dialect, Fast]] = {}  # the same decoders, by their dialect's name
        self._fast_objects: Dict[str, Tuple[Dialect, Callable[[Any], Any]]] = {}  # by SDK class name
        self._fast_calls: Dict[str, Tuple[Dialect, Callable[[Any], Any]]] = {}  # containers, by dialect name
        self._fast_responses: Dict[str, Tuple[Dialect, Callable[[Any], Any]]] = {}  # SDK responses, by class name
        for d in dialects:
            self.register(d)

    def register(self, dialect: Dialect, *, replace: bool = False, first: bool = False) -> None:
        """Add *dialect*; a taken name or alias raises ``ValueError`` unless ``replace``,
        and the replacement takes the place in detection order of the dialect it
        replaces. A record whose fields have the wrong types is a ``TypeError``, a value
        outside what a field takes (an empty name, a finish reason outside the
        vocabulary) a ``ValueError`` (``check_record``).

        ``first=True`` puts it ahead of the others in detection order (it moves there
        when it is registered already).
        """
        check_flag("replace", replace)  # "false" is truthy: it replaced
        check_flag("first", first)
        check_record(dialect)
        with self._lock:
            names = (dialect.name, *dialect.aliases)
            by_name = dict(self._by_name)
            order = list(self._order)
            gone: List[Dialect] = []  # the dialects it replaces
            for n in names:
                old = by_name.get(n)
                if old is not None and old is not dialect and all(old is not g for g in gone):
                    if not replace:
                        raise ValueError(f"dialect {n!r} is already registered")
                    gone.append(old)
            at = [i for i, d in enumerate(order) if d is dialect or any(d is g for g in gone)]
            order = [d for d in order if d is not dialect and all(d is not g for g in gone)]
            slot = 0 if first else at[0] if at else len(order)  # its place, or that of the first it replaces
            for k in [k for k, v in by_name.items() if any(v is g for g in gone)]:
                del by_name[k]
            for n in names:
                by_name[n] = dialect
            order.insert(slot, dialect)
            publish(dialect.argument_keys)  # before it decodes: its key refused in others' calls
            # publish whole new tables: readers never see a half-updated registry
            self._by_name = by_name
            self._order = tuple(order)
            self._history_keys = frozenset(k for d in order if d.history is not None for k in d.history.keys)
            self._claims = tuple((d, d.detect or d.sniff) for d in order)
            self._list_items = tuple((d.keys, d.list_items) for d in order if d.list_items is not None)
            self._plans = {}

    def get(self, name: str) -> Dialect:
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            # the wire dialects by name; the text formats (thirty-four, read with
            # ``decode_text``) only counted, so the list is never cut off
            known = ", ".join(d.name for d in self._order if d.text_module is None)
            texts = sum(d.text_module is not None for d in self._order)
            more = f"; and {texts} text formats (text.*; dialect_names() lists them)" if texts else ""
            raise UnknownDialectError(
                f"Unknown dialect {excerpt(name)}; known dialects: {known}{more}", dialect=None
            ) from None

    def names(self) -> List[str]:
        return [d.name for d in self._order]

    def history_keys(self) -> FrozenSet[str]:
        """The fields of a request body that some registered dialect reads its
        conversation history from (``messages``, ``contents``, ``system``...)."""
        return self._history_keys

    def list_items(self, items: List[Any]) -> List[Any]:
        """The ``list_items`` readers of the registered dialects (in order) that read
        the plain list *items* together: of a dialect that declares ``keys``, only
        when one of the dict items has one of them (its reader reads its own items)."""
        out = []
        for keys, read in self._list_items:
            for el in items if keys is not None else ():
                if type(el) is dict and not keys.isdisjoint(el):
                    break
            else:
                if keys is not None:
                    continue
            out.append(read)
        return out

    def __iter__(self) -> Iterator[Dialect]:
        return iter(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def copy(self) -> Registry:
        """A registry of its own with these dialects, in this order (and the same
        one-step decoders), to extend without touching this one."""
        return _restored(*self._state())

    def _state(self) -> Tuple[Any, ...]:
        """The dialects in order and the one-step tables, read together (under the lock:
        never half of a ``register``)."""
        with self._lock:
            return (self._order, self._fast, self._fast_named, self._fast_objects, self._fast_calls,
                    self._fast_responses)

    def __reduce__(self) -> Any:
        # pickled as what ``copy`` copies (a custom dialect by value, a built-in by name:
        # ``Dialect.__reduce__``); the lock and the plans are made afresh on loading
        return (_restored, self._state())

    def __copy__(self) -> Registry:
        return self.copy()

    def __deepcopy__(self, memo: Dict[int, Any]) -> Registry:  # the dialects are immutable records: shared
        return self.copy()

    def response_calls(self, fast: Tuple[Dialect, Callable[[Any], Any]], o: Any) -> Optional[List[ToolCall]]:
        """Speed only: the calls of the SDK response *o* read by its one-step reader
        (``add_fast_response``, from ``object_plan``), or ``None`` (then the general path)."""
        d, fn = fast
        try:
            got = fn(o)
            if got is None:
                return None
            top, calls = got
            hit = self.decode(top, DEFAULT_POLICY)
        except Exception:  # the general path decides (and reports)
            return None
        if type(hit) is tuple and hit[0] is d and hit[1] == CALLS:
            out: List[ToolCall] = calls
            return out
        return None

    def decode_as(self, d: Dialect, data: Dict[str, Any], policy: Policy) -> Union[ToolCall, Tuple[Dialect, str], None]:
        """``decode`` of the dict *data* named as *d*: its ``ToolCall`` when *d*
        claims a call; else *d* and the kind it claims, or ``None``."""
        if policy is DEFAULT_POLICY:
            found = self._fast_named.get(d.name)  # ``one_step``, inline
            if found is not None and found[0] is d:
                fast = found[1]
                try:
                    call: Optional[ToolCall] = fast(data)
                except Exception:  # the general path decides (and reports)
                    call = None
                if call is not None:
                    return call
        try:
            hit = d.sniff(data)
        except Exception:  # a sniffer meeting a shape it did not foresee: not its dialect
            return None
        if hit is None:
            return None
        if hit[0] == CALL or hit[0] == SERVER:
            return decode_one(d, data, policy, "$", hit[0] == SERVER)
        return d, hit[0]

    # --- the plan ---------------------------------------------------------------------

    def plan(self, data: Dict[str, Any]) -> Claims:
        """The dialects that may claim the dict *data*, in order, each with its claim."""
        kind = data.get("type")
        shape = (*data, kind if type(kind) is str else None)
        plans = self._plans  # the table of the state the plan is made from (``_remember``)
        try:
            claims: Claims = plans[shape][0]
        except KeyError:
            claims = self._remember(plans, shape, self._shape_plan(shape))[0]
        return claims

    def _shape_plan(self, shape: Tuple[Any, ...]) -> Tuple[Claims, Optional[Fast]]:
        claims = self._shape_claims(shape)
        fast = self._fast.get(shape)
        if fast is None or len(fast[0]) != len(claims) or any(a is not d for a, (d, _) in zip(fast[0], claims)):
            return claims, None
        return claims, fast[1]

    def _shape_claims(self, shape: Tuple[Any, ...]) -> Claims:
        keys, kind = shape[:-1], shape[-1]
        out = []
        for d, claim in self._claims:
            if d.keys is not None and d.keys.isdisjoint(keys):
                continue
            if d.gate is not None:
                try:
                    through = d.gate(keys, kind)
                except Exception as exc:  # a third-party gate's own failure: the input, read by that dialect
                    raise DecodeError(foreign(exc).message, dialect=d.name, loc="$") from None
                if not through:
                    continue
            out.append((d, claim))
        return tuple(out)

    @staticmethod
    def _remember(plans: Dict[Any, Any], key: Any, steps: Any) -> Any:
        """Keeps *steps* for *key* in *plans*: the table read before they were planned.
        ``register`` (and ``add_fast*``) publish the new state, then a new empty table:
        steps planned from a state that has since been replaced go to the table
        replaced with it, never into the new one (where they would answer for that
        shape after ``register`` returned)."""
        if type(key) is tuple and not cacheable(key):  # 2048 shapes of 100k keys (or 5 MB ones): gigabytes
            return steps
        if len(plans) >= _LIMIT:
            plans.clear()
        plans[key] = steps
        return steps

    def decode(self, data: Dict[str, Any], policy: Policy) -> Union[ToolCall, Tuple[Dialect, str], None]:
        """The plan run on the dict *data*: its ``ToolCall`` when the dialect that
        claims it first claims a call (or a provider-executed one); else that
        dialect and the kind it claimed; ``None`` when no dialect claims it."""
        kind = data.get("type")
        shape = (*data, kind if type(kind) is str else None)
        plans = self._plans  # ``plan``, its cache hit inline (a call layer is ~5% of a small decode)
        try:
            claims, fast = plans[shape]
        except KeyError:
            claims, fast = self._remember(plans, shape, self._shape_plan(shape))
        if fast is not None and policy is DEFAULT_POLICY:
            try:
                call: Optional[ToolCall] = fast(data)
            except Exception:  # the plan decides (and reports)
                call = None
            if call is not None:
                return call
        for d, claim in claims:
            try:
                hit = claim(data)
            except Exception:  # a claim meeting a shape it did not foresee declines
                continue
            if hit is not None:
                kind = hit[0]
                if kind == CALL:
                    try:
                        out: ToolCall = d.decode_call(data, policy, "$")
                        return out
                    except ToolwireError:
                        raise
                    except Exception:  # reported with its message by ``decode_one``
                        return decode_one(d, data, policy, "$", False)
                if kind == SERVER:
                    return decode_one(d, data, policy, "$", True)
                return d, kind
        return None

    def sniff(self, data: Any) -> Optional[Tuple[Dialect, str, str]]:
        """The first dialect (in order) that recognises *data*, with kind and reason."""
        claims = self.plan(data) if type(data) is dict else self._claims
        for d, claim in claims:
            try:
                hit = claim(data)
            except Exception:  # a third-party sniffer must not break detection
                hit = None
            if hit is not None:
                return d, hit[0], hit[1]
        return None

    def object_plan(self, cls: type) -> ObjectPlan:
        """The readers dialects declared for SDK objects of class *cls*: of one call
        (``sdk_calls``, with its dialect) and of a response (``sdk_responses``).
        A reader returns plain data, or ``None`` to let the generic object walk read
        that instance (extra fields, odd values)."""
        plans = self._plans  # the table of the state the plan is made from (``_remember``)
        held = plans.get(id(cls))  # (the class, held weakly: one made per request is freed; the plan)
        if held is not None and held[0]() is cls:  # (an id is reused only once its class is gone)
            found: ObjectPlan = held[1]
        else:
            name = sdk_class_name(cls)
            order = self._order
            call = next(((d, d.sdk_calls[name]) for d in order if name in d.sdk_calls), None)
            owner = next((d for d in order if name in d.sdk_responses), None)
            response = None if owner is None else owner.sdk_responses[name]
            fast = self._fast_objects.get(name)
            one = fast[1] if fast is not None and call is not None and call[0] is fast[0] else None
            reply = self._fast_responses.get(name)
            if reply is not None and reply[0] is not owner:
                reply = None  # another dialect's reader reads that class now
            found = (call, response, one, reply)
            self._remember(plans, id(cls), (weakref.ref(cls), found))
        return found


def _restored(order: Tuple[Dialect, ...], fast: Any, named: Any, objects: Any, calls: Any, responses: Any) -> Registry:
    """A new registry of *order* and the one-step tables (``Registry.copy``, unpickling)."""
    reg = Registry(order)
    # tables are replaced whole, never changed in place (``_one_step``): new dicts all the same
    reg._fast, reg._fast_named, reg._fast_objects = dict(fast), dict(named), dict(objects)
    reg._fast_calls, reg._fast_responses = dict(calls), dict(responses)
    return reg
