"""Sans-IO retry planning for structured output: the values, ``prepare``, ``classify``
and ``plan`` of ``toolwire.retry`` (whose docstring has the table of outcomes and the
next request each one gives).

The request edits (token-budget fields, correction turns) and the error classification
live in ``_requests.py``, through each target's fields; the loop over a caller's
``send`` in ``_generate.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Dict, Optional, Tuple, Union

from .._errors import EncodeError, excerpt
from .._flags import check_flag
from .._json_equality import same
from .._json_extract import answer_of, candidates, extract_json
from .._repeats import first_repeat
from .._target import Ask, Target, cleared, merged
from ..response import Response, normalize
from ._capabilities import Capabilities, choose_mode
from ._issues import repeat_issue
from ._prompt import prompt
from ._render import Rendered, render
from ._requests import (
    answer_index,
    budget_of,
    raise_budget,
    reply_blocks,
    requested_model,
    with_continuation,
    with_correction,
    with_resume_token,
    without_answer_tool,
    without_emptied,
    without_forced_answer,
)
from ._targets import get_target
from ._validate import ValidationIssue, compile_patterns

__all__ = ["OUTCOMES", "PLAN_KNOBS", "Outcome", "Plan", "Prepared", "State", "check_knobs", "classify", "plan",
           "prepare"]


OUTCOMES = ("ok", "invalid", "empty", "truncated", "refusal", "failed", "pause", "continuation", "tool_calls",
            "schema_rejected", "transient")


@dataclass(frozen=True)
class Outcome:
    """What a reply (or an error) means for structured output."""

    kind: str
    value: Any = None
    errors: Tuple[ValidationIssue, ...] = ()
    text: str = ""
    source: str = ""
    partial: bool = False
    response: Optional[Response] = None
    detail: str = ""


@dataclass(frozen=True)
class State:
    """What the planner carries between attempts (``target``: the canonical id, an alias
    such as ``vertex`` resolved by ``prepare``; ``spec``: the ``Target`` itself)."""

    target: str
    mode: str
    rendered: Optional[Rendered]
    schema: Any
    original: Dict[str, Any]
    empties: int = 0
    rejected: bool = False
    attempt: int = 1
    spec: Optional[Target] = field(default=None, compare=False, repr=False)
    #: the native rendering of a ``tool_answer`` target, whose answer tool a prompt-mode
    #: request must not carry (a request prepared natively before, given back)
    native: Optional[Rendered] = field(default=None, compare=False, repr=False)
    #: the text of the replies so far of one answer whose generation goes on (each stopped
    #: at Gemini's per-request token limit: ``continuation``), which the next reply's
    #: text follows; and the request without the continuation token, the next one's base
    partial: str = ""
    resumed: Optional[Dict[str, Any]] = field(default=None, compare=False, repr=False)

    @property
    def target_spec(self) -> Target:
        """The ``Target`` requests are edited for (looked up by id when not carried)."""
        return self.spec if self.spec is not None else get_target(self.target)

    def answer_tool_at(self) -> Optional[int]:
        """Where the answer tool sits among the tools of the request this state sends
        (native mode of a ``tool_answer`` target: after the caller's own), else ``None``."""
        if self.mode != "native" or not self.target_spec.tool_answer or self.rendered is None:
            return None
        return answer_index(_request_for(self), self.rendered.request)


@dataclass(frozen=True)
class Prepared:
    """The first request to send, its mode (``native`` or ``prompt``) and the state."""

    request: Dict[str, Any]
    mode: str
    state: State

    @property
    def rendered(self) -> Optional[Rendered]:
        return self.state.rendered


@dataclass(frozen=True)
class Plan:
    """``action``: ``done`` | ``retry`` | ``stop`` | ``raise``; ``request`` for ``retry``."""

    action: str
    request: Optional[Dict[str, Any]]
    state: State
    reason: str = ""


# -- preparing the first request ----------------------------------------------------------
def prepare(
    request: Dict[str, Any],
    schema: Any,
    target: Union[str, Target],
    *,
    mode: str = "auto",
    model: Optional[str] = None,
    capabilities: Optional[Capabilities] = None,
    unknown: str = "native",
    allow_lossy: bool = True,
    **render_options: Any,
) -> Prepared:
    """The first request for *schema* on *target*.

    ``mode="auto"``: native when the capability data does not say "no" for *model*
    (unknown follows *unknown*) and the schema renders without lint errors (limits,
    recursion, constructs the target cannot represent); otherwise prompt mode.
    ``"native"`` raises ``EncodeError`` when the schema cannot be rendered;
    ``"prompt"`` always injects the instruction. ``allow_lossy=False``: a wire schema
    that would not enforce everything (``Rendered.lossless`` false) means prompt mode
    under ``auto`` and an ``EncodeError`` under ``native``. A *request* that turns
    thinking on itself (the target's ``thinking``: Anthropic's ``thinking`` field) is
    rendered as with ``thinking=True`` (``anthropic.tool``'s forced tool choice, which
    the API refuses beside thinking, becomes ``auto``, reported). A schema holding a
    ``pattern`` the local check cannot run (look-around, a back-reference: the answer
    could never be checked) is a ``SchemaError`` here, before any request is sent.
    """
    if mode not in ("auto", "native", "prompt"):
        raise EncodeError(f"mode must be 'auto', 'native' or 'prompt', got {excerpt(mode)}")
    check_flag("allow_lossy", allow_lossy)  # "false" is truthy: a lossy schema went natively
    spec = get_target(target)  # an alias (``vertex``, ``bedrock``...) edits requests as its canonical id
    base = dict(request)
    if spec.thinking(base):  # the request thinks: a fragment that forces a tool would be refused
        render_options = dict(render_options, thinking=True)
    chosen = mode
    rendered: Optional[Rendered] = None
    if model is None:  # the model the request names
        model = requested_model(request)
    if mode == "auto" and model is not None:
        chosen = choose_mode(model, capabilities=capabilities, unknown=unknown, target=spec.id)
    elif mode == "auto":
        chosen = "native"
    if chosen == "native":
        strict_native = mode == "native"
        if strict_native and not allow_lossy:
            render_options = dict(render_options, on_lossy="raise")
        rendered = render(schema, spec, on_error="raise" if strict_native else "report", **render_options)
        if rendered.errors or (not allow_lossy and not rendered.lossless):
            chosen = "prompt"
    native = rendered
    if rendered is None or chosen == "prompt":
        if native is None and spec.tool_answer:
            native = _native_or_none(schema, spec, render_options)
        rendered = render(schema, "prompt")
    # every reply is checked against the original: a pattern the local check cannot run
    # (look-around, a back-reference) would raise on the first one, after a request was spent
    compile_patterns(rendered.schema)
    state = State(target=spec.id, mode=chosen, rendered=rendered, schema=schema, original=base, spec=spec,
                  native=native if spec.tool_answer else None)
    return Prepared(_request_for(state), chosen, state)


def _native_or_none(schema: Any, spec: Target, options: Dict[str, Any]) -> Optional[Rendered]:
    """The native rendering of *schema* (its answer tool), ``None`` when options refuse it."""
    try:
        return render(schema, spec, **dict(options, on_error="report", on_lossy="report"))
    except EncodeError:
        return None


def _request_for(state: State) -> Dict[str, Any]:
    """The request of *state*'s mode: the caller's, a format it already asks for
    (``Target.format_fields``) replaced by the fragment's in native mode and taken out in
    prompt mode (it would be refused as the schema was, or constrain the reply to
    another schema than the instruction's)."""
    spec = state.target_spec
    if state.mode == "native" and state.rendered is not None:
        fragment = spec.place(state.rendered.request, state.original)
        base = cleared(state.original, fragment, spec.format_fields)
        if spec.tool_answer:
            base = without_answer_tool(base, fragment, state.rendered.name, spec.id)
        out: Dict[str, Any] = merged(base, fragment)
        if state.rendered.headers:
            out["extra_headers"] = dict(out.get("extra_headers") or {}, **state.rendered.headers)
        return out
    text = state.rendered.instruction if state.rendered and state.rendered.instruction else prompt(state.schema)
    base = state.original
    if spec.format_fields:  # where the fragment would write: a stand-in's, placed as the request spells it
        stand_in = spec.place(spec.fragment(Ask("response", {}, False, None, False, {})).request, base)
        base = without_emptied(base, cleared(base, stand_in, spec.format_fields))
    if spec.tool_answer and state.native is not None:
        base = without_forced_answer(base, state.native.request, state.native.name, spec.id)
    return spec.instruction(base, text)


# -- classifying -------------------------------------------------------------------------
#: ``Outcome.detail``'s name for a call without one (``Response.invalid_tool_calls``)
_UNREAD = "a call that cannot be read"


def classify(reply: Any, state: State) -> Outcome:
    """The outcome of one reply (a response in any shape) under *state*."""
    resp = reply if isinstance(reply, Response) else normalize(reply)
    rendered = state.rendered
    assert rendered is not None
    if state.partial:  # the replies before stopped with generation not complete: one answer
        resp = replace(resp, text=state.partial + resp.text)
    if resp.refusal is not None or resp.finish_reason in ("refusal", "content_filter"):
        return Outcome("refusal", text=resp.refusal or resp.text, response=resp, detail=resp.raw_finish_reason or "")
    spec = state.target_spec
    if resp.unfinished and spec.resume is not None and not resp.tool_calls and not resp.invalid_tool_calls:
        token = spec.resume_token(resp.raw)  # Gemini ``CONTINUATION``: generation goes on with it
        if token is not None:
            return Outcome("continuation", token, text=resp.text, response=resp, detail=resp.raw_finish_reason or "")
    if resp.truncated or resp.finish_reason == "context_window":  # cut off: no value in it is the answer
        return Outcome("truncated", text=resp.text, partial=bool(resp.text.strip()), response=resp,
                       detail=resp.raw_finish_reason or "")
    if resp.unfinished:  # the provider says so: whatever came is no whole answer, even when it validates
        detail = resp.raw_finish_reason or "not done"
        if resp.raw_finish_reason == "incomplete":  # cut off, no reason given (Responses)
            return Outcome("truncated", text=resp.text, partial=bool(resp.text.strip()), response=resp, detail=detail)
        return Outcome("failed", text=resp.text, response=resp, detail=detail)
    if resp.finish_reason == "error":  # even text that validates: the provider says the output is broken
        return Outcome("failed", text=resp.text, response=resp, detail=resp.raw_finish_reason or "")
    if resp.finish_reason == "pause":  # Anthropic ``pause_turn``: the turn goes on when sent back
        return Outcome("pause", text=resp.text, response=resp, detail=resp.raw_finish_reason or "")

    def accept(value: Any) -> bool:
        return not rendered.validate(value)

    # 1. the structured-output tool call, 2. a call of the caller's own tools (the model
    # wants its result first: not an empty reply, and no answer beside it is taken, which
    # would drop the call; a call that cannot be read, nameless, counts too: ``normalize``
    # keeps it so that a reply with calls never reads as one without), 3. what the provider
    # parsed, 4. the text
    own = rendered.name if state.mode == "native" and state.target_spec.tool_answer else None
    called = [c.name for c in resp.tool_calls if c.name != own]
    # (not the reply-level note that a finish reason names calls the reply does not hold,
    # at ``$``: LocalAI and LiteLLM send "tool_calls" with a plain answer, and no call is lost)
    called += [c.name or _UNREAD for c in resp.invalid_tool_calls
               if c.name is not None and c.name != own or c.name is None and c.loc not in (None, "$")]
    if called:
        return Outcome("tool_calls", text=resp.text, response=resp, detail=", ".join(dict.fromkeys(called)))
    answers = [c.args for c in resp.tool_calls if c.name == own] if own is not None else []
    if answers:
        args = answers[0]
        if any(not same(other, args) for other in answers[1:]):  # which one? not guessed (JSON: true is not 1)
            said = f"the reply holds {len(answers)} different answers (calls of {own!r})"
            issue = ValidationIssue("", "answers", said)
            return Outcome("invalid", errors=(issue,), text=json.dumps(answers), source="tool_call", response=resp)
        errors = rendered.validate(args)
        if not errors:
            return Outcome("ok", rendered.decode(args), source="tool_call", response=resp)
        return Outcome("invalid", errors=tuple(errors), text=json.dumps(args), source="tool_call", response=resp)
    unread = next((c for c in resp.invalid_tool_calls if c.name == own), None) if own is not None else None
    if unread is not None:  # the answer tool called with an input that is no object: an answer to correct
        return Outcome("invalid", errors=(_unread_issue(unread.raw),), text=unread.raw or "", source="tool_call",
                       response=resp)
    if resp.parsed is not None and accept(resp.parsed):
        return Outcome("ok", rendered.decode(resp.parsed), text=resp.text, source="parsed", response=resp)
    text = resp.text
    if text.strip():
        cands = candidates(text)
        cand = answer_of(text, cands, accept)  # (one giving a key twice: invalid, no value before it stands in)
        if cand is not None and first_repeat(text[cand.start:cand.end], cand.value) is None:
            return Outcome("ok", rendered.decode(cand.value), text=text, source="content", response=resp)
        last = cand or (cands[-1] if cands else None)  # what is wrong with it, else with the last value
        problems = ([ValidationIssue("", "json", "the reply holds no JSON value")] if last is None else
                    repeat_issue(text[last.start:last.end], last.value) or rendered.validate(last.value))
        return Outcome("invalid", errors=tuple(problems), text=text, source="content", response=resp)
    if resp.reasoning.strip() and resp.finish_reason in ("stop", None):
        found, value, _ = extract_json(resp.reasoning, accept)
        if found:
            return Outcome("ok", rendered.decode(value), text=resp.reasoning, source="reasoning", response=resp)
    return Outcome("empty", response=resp, detail=resp.raw_finish_reason or "")


def _unread_issue(raw: Optional[str]) -> ValidationIssue:
    """What is wrong with an answer tool call's input that is no object: its text no JSON,
    or an object giving a key twice (``json``), or a JSON value of another type (``type``; an input that is no text, a
    list, has no ``raw``)."""
    if raw is not None:
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            return ValidationIssue("", "json", "the answer is not valid JSON")
        for issue in repeat_issue(raw, value):  # an object giving a key twice (``_args``: refused)
            return issue
    return ValidationIssue("", "type", "the answer must be a JSON object")


def _native_of(state: State) -> Optional[Rendered]:
    """The native rendering a switch to prompt mode keeps for its answer tool."""
    if state.native is not None or not state.target_spec.tool_answer:
        return state.native
    return state.rendered if state.mode == "native" else None


# -- planning ------------------------------------------------------------------------------
#: ``plan``'s keywords and the least value each takes: a factor below 2 would not raise
#: the budget, a cap or a count of empties below 1 means nothing
PLAN_KNOBS = (("factor", 2), ("cap", 1), ("switch_after", 1))


def check_knobs(knobs: Dict[str, Any]) -> None:
    """``EncodeError`` naming a knob of ``plan`` in *knobs* that is no int (a bool
    neither) or is below its least value: a float would be written as the token budget
    (``2500.0``), and a factor of 1 was taken as 2."""
    for name, least in PLAN_KNOBS:
        value = knobs.get(name, least)
        if type(value) is not int or value < least:
            raise EncodeError(f"{name} must be an int of {least} or more, got {excerpt(value)}")


def plan(
    request: Dict[str, Any],
    outcome: Outcome,
    state: State,
    *,
    factor: int = 4,
    cap: int = 65_536,
    switch_after: int = 2,
) -> Plan:
    """The next step after *outcome* of sending *request* under *state* (pure).

    *factor* multiplies the token budget of a truncated reply (an int of 2 or more),
    *cap* bounds it (1 or more); *switch_after* empty or failed replies in a row (1 or
    more) switch native mode to prompt mode. Anything else is an ``EncodeError``."""
    check_knobs({"factor": factor, "cap": cap, "switch_after": switch_after})
    kind = outcome.kind
    if state.resumed is not None:  # *request* carried a continuation token: the next one starts without
        request = state.resumed
    nxt = replace(state, attempt=state.attempt + 1, partial="", resumed=None)
    if kind == "continuation":
        resumed = with_resume_token(request, state.target_spec, outcome.value)
        if resumed is None:
            return Plan("stop", None, state, f"generation not complete ({outcome.detail}) and no way to go on")
        return Plan("retry", resumed, replace(nxt, empties=0, partial=outcome.text, resumed=request),
                    f"generation not complete ({outcome.detail}): the same request with its continuation token")
    if kind == "ok":
        return Plan("done", None, replace(state, empties=0), "ok")
    if kind == "refusal":
        return Plan("stop", None, state, "refusal")
    if kind == "pause":
        blocks = reply_blocks(outcome.response.raw) if outcome.response is not None else []
        resumed = with_continuation(request, state.target_spec, blocks) if blocks else None
        if resumed is None:
            return Plan("stop", None, state, f"paused turn ({outcome.detail}) with nothing to send back")
        return Plan("retry", resumed, replace(nxt, empties=0), f"paused turn ({outcome.detail}): sent back to continue")
    if kind == "tool_calls":
        return Plan("stop", None, state, f"the model called a tool ({outcome.detail}): run it, add its result and "
                                         "ask again")
    if kind == "transient":
        return Plan("raise", None, state, "transient error; the caller's transport decides")
    if kind in ("empty", "invalid", "truncated") and outcome.response is not None \
            and outcome.response.finish_reason == "context_window":
        # the reply ran out of context window: the same request, or one with a correction
        # turn (longer still), cannot fit either
        return Plan("stop", None, state, "the context window ran out: no retry fits")
    if kind == "schema_rejected":
        if state.mode == "prompt" or state.rejected:
            return Plan("stop", None, state, "schema rejected in prompt mode")
        moved = replace(nxt, mode="prompt", rejected=True, empties=0, rendered=render(state.schema, "prompt"),
                        native=_native_of(state))
        return Plan("retry", _request_for(moved), moved, "schema rejected: prompt mode")
    if kind == "empty" or kind == "failed":  # no answer: counted alike towards prompt mode
        empties = state.empties + 1
        if state.mode == "native" and empties >= switch_after:
            moved = replace(nxt, mode="prompt", empties=0, rendered=render(state.schema, "prompt"),
                            native=_native_of(state))
            return Plan("retry", _request_for(moved), moved,
                        f"{empties} replies in a row without an answer (empty or failed) in native mode: prompt mode")
        words = outcome.response.failure if outcome.response is not None else None
        said = "empty reply" if kind == "empty" else \
            f"the provider reports the reply as failed ({outcome.detail or 'error'}{': ' + words if words else ''})"
        if outcome.response is not None and outcome.response.unfinished and kind == "failed":
            said = f"the reply did not finish ({outcome.detail})"
        return Plan("retry", dict(request), replace(nxt, empties=empties), f"{said}: same request")
    if kind == "truncated":
        bumped = raise_budget(request, state.target_spec, factor, cap)
        if bumped is None and budget_of(request, state.target_spec) is None:
            return Plan("stop", None, state, "truncated without a token budget of its own: the provider's default "
                                             "(the model's maximum, or no limit) was in effect, no larger one is known")
        if bumped is None:
            return Plan("stop", None, state, f"truncated at the token cap ({cap})")
        return Plan("retry", bumped, replace(nxt, empties=0), "truncated: larger token budget")
    if kind == "invalid":
        tool_turn = None
        if outcome.source == "tool_call" and outcome.response is not None:
            calls = (*outcome.response.tool_calls, *outcome.response.invalid_tool_calls)  # an unread answer's too
            call_id = next((c.id for c in calls if c.id), None)
            tool_turn = (reply_blocks(outcome.response.raw), call_id)
        # the reply as it came, where it is the whole answer (not the tail of a continued one)
        raw = outcome.response.raw if outcome.response is not None and not state.partial else None
        fixed = with_correction(request, state.target_spec, outcome.text, outcome.errors, tool_turn, raw)
        return Plan("retry", fixed, replace(nxt, empties=0), "invalid: correction turn")
    raise EncodeError(f"Unknown outcome kind {kind!r}; expected one of {', '.join(OUTCOMES)}")
