"""``retry.generate``: the plan of ``_plan.py`` run over a caller's ``send``, sync or
async (a generator drives both: the same steps, two thin drivers)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Coroutine, Dict, Generator, List, Optional, Tuple, TypeVar, Union, overload

from .._errors import EncodeError, ToolwireError, excerpt
from .._target import Target
from ._capabilities import Capabilities
from ._plan import PLAN_KNOBS, Outcome, Plan, Prepared, check_knobs, classify, plan, prepare
from ._requests import classify_error, rejection_detail

__all__ = ["Attempt", "Result", "generate"]


@dataclass(frozen=True)
class Attempt:
    """One round trip: what was sent, what the reply meant, what was planned."""

    request: Dict[str, Any]
    outcome: Outcome
    plan: Plan


@dataclass(frozen=True)
class Result:
    """The final value (``None`` unless ``ok``), the last outcome and every attempt."""

    ok: bool
    value: Any
    outcome: Outcome
    attempts: Tuple[Attempt, ...] = field(default_factory=tuple)


def _loop(prepared: Prepared, attempts: int, plan_kw: Dict[str, Any]) -> Generator[Dict[str, Any], Any, Result]:
    request, state = prepared.request, prepared.state
    log: List[Attempt] = []
    outcome = Outcome("empty")
    for _ in range(attempts):
        sent = request
        error, reply = yield sent
        if error is not None:
            kind = classify_error(error, state)  # only the target sent; never in prompt mode
            if kind not in ("schema_rejected",):
                raise error
            outcome = Outcome("schema_rejected", detail=rejection_detail(error, state))
        else:
            outcome = classify(reply, state)
        step = plan(sent, outcome, state, **plan_kw)
        log.append(Attempt(sent, outcome, step))
        if step.action != "retry" or step.request is None:
            break
        request, state = step.request, step.state
    return Result(outcome.kind == "ok", outcome.value, outcome, tuple(log))


_T = TypeVar("_T")


@overload
def generate(
    send: Callable[[Dict[str, Any]], Coroutine[Any, Any, _T]],
    request: Dict[str, Any],
    schema: Any,
    *,
    target: Union[str, Target],
    attempts: int = ...,
    mode: str = ...,
    model: Optional[str] = ...,
    capabilities: Optional[Capabilities] = ...,
    plan_options: Optional[Dict[str, Any]] = ...,
    **render_options: Any,
) -> Coroutine[Any, Any, Result]: ...


@overload
def generate(
    send: Callable[[Dict[str, Any]], _T],
    request: Dict[str, Any],
    schema: Any,
    *,
    target: Union[str, Target],
    attempts: int = ...,
    mode: str = ...,
    model: Optional[str] = ...,
    capabilities: Optional[Capabilities] = ...,
    plan_options: Optional[Dict[str, Any]] = ...,
    **render_options: Any,
) -> Result: ...


def generate(
    send: Callable[[Dict[str, Any]], Any],
    request: Dict[str, Any],
    schema: Any,
    *,
    target: Union[str, Target],
    attempts: int = 3,
    mode: str = "auto",
    model: Optional[str] = None,
    capabilities: Optional[Capabilities] = None,
    plan_options: Optional[Dict[str, Any]] = None,
    **render_options: Any,
) -> Union[Result, Awaitable[Result]]:
    """Run the plan over *send* (sync: the ``Result``; async: an awaitable of it, to
    ``await``). *send* is async when it is an ``async def`` function, a
    ``functools.partial`` of one, or an object whose ``__call__`` is ``async def``.
    Typed by overloads: an ``async def`` *send* gives ``Awaitable[Result]``.

    *send* takes the request dict and returns the provider's response (a dict or an SDK
    object). Transient errors and unclassified errors are re-raised; a classified
    schema rejection switches to prompt mode.
    """
    if type(attempts) is not int or attempts < 1:  # 0 made one attempt
        raise EncodeError(f"attempts must be an int of 1 or more, got {excerpt(attempts)}")
    knobs = _plan_options(plan_options)
    prepared = prepare(request, schema, target, mode=mode, model=model, capabilities=capabilities, **render_options)
    gen = _loop(prepared, attempts, knobs)
    if _is_async(send):
        return _drive_async(gen, send)
    return _drive_sync(gen, send)


def _is_async(send: Any) -> bool:
    """Whether *send* is an ``async def`` function, a ``functools.partial`` of one or an
    object whose ``__call__`` is one (a client instance)."""
    if inspect.iscoroutinefunction(send):
        return True
    return callable(send) and not inspect.isroutine(send) and inspect.iscoroutinefunction(type(send).__call__)


def _plan_options(options: Any) -> Dict[str, Any]:
    """*options* (``plan``'s keywords, or ``None``) checked before anything is sent: an
    unknown key or a bad value failed only at the first plan, after a request went."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise EncodeError(f"plan_options must be a dict or None, got {excerpt(options)}")
    names = [name for name, _ in PLAN_KNOBS]
    unknown = [k for k in options if k not in names]
    if unknown:
        raise EncodeError(f"plan_options takes {', '.join(names[:-1])} and {names[-1]}, got {excerpt(unknown[0])}")
    check_knobs(options)
    return dict(options)


def _drive_sync(gen: Generator[Dict[str, Any], Any, Result], send: Callable[[Dict[str, Any]], Any]) -> Result:
    try:
        req = next(gen)
        while True:
            try:
                reply = send(req)
            except ToolwireError:
                raise
            except Exception as exc:  # handed to the classifier; re-raised unless a rejection
                req = gen.send((exc, None))
                continue
            if inspect.isawaitable(reply):
                raise EncodeError("send returned an awaitable; pass an async function to generate")
            req = gen.send((None, reply))
    except StopIteration as stop:
        result: Result = stop.value
        return result


async def _drive_async(gen: Generator[Dict[str, Any], Any, Result], send: Callable[[Dict[str, Any]], Any]) -> Result:
    try:
        req = next(gen)
        while True:
            try:
                reply = await send(req)
            except ToolwireError:
                raise
            except Exception as exc:
                req = gen.send((exc, None))
                continue
            req = gen.send((None, reply))
    except StopIteration as stop:
        result: Result = stop.value
        return result
