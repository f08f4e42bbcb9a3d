"""Request edits for the retry planner and error classification, through each
target's fields (``Target.budget``, ``turn``, ``instruction``, ``schema_error``...: the
provider documentation they follow sits with them in the provider's package).

Error shapes read: OpenAI ``error.{param, code}``, Anthropic ``error.{type,
message}``, Gemini ``error.{status, message}`` with the status inside ``error``, and
the SDKs' exceptions (``status_code``, google-genai's ``code``, botocore's
``ClientError.response``, Bedrock's ``ValidationException``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Tuple, Union

from .._errors import EncodeError, excerpt
from .._target import Target, field_of, merged, turns_field
from ._issues import KEPT, MORE, beyond
from ._normalize import iter_subschemas
from ._targets import get_target, targets
from ._validate import ValidationIssue

if TYPE_CHECKING:
    from ._plan import State

__all__ = ["answer_index", "budget_of", "classify_error", "correction", "inject_instruction", "merged", "place",
           "raise_budget", "rejection_detail", "reply_blocks", "requested_model", "with_continuation",
           "with_correction", "with_resume_token", "without_answer_tool", "without_emptied", "without_forced_answer"]


def _turns(value: Any, spec: Target) -> List[Any]:
    """The turns a request field holds, as a new list (the target's ``turns``); an
    ``EncodeError`` for a field no list of turns can be read from (``turns_field``)."""
    return spec.turns(turns_field(value, spec.history), spec.turn)


def requested_model(request: Dict[str, Any]) -> Optional[str]:
    """The model a request names (``model``: OpenAI, Anthropic, Mistral, Ollama, the
    google-genai SDK's ``generate_content(model=...)``; Bedrock's ``modelId``)."""
    for key in ("model", "modelId"):
        value = request.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def place(fragment: Dict[str, Any], request: Dict[str, Any], target: Union[str, Target]) -> Dict[str, Any]:
    """A rendered request *fragment* in the convention of *request* (the target's
    ``place``: only Gemini has several spellings)."""
    return get_target(target).place(fragment, request)


def inject_instruction(request: Dict[str, Any], text: str, target: Union[str, Target]) -> Dict[str, Any]:
    """A copy of *request* with *text* added where *target*'s API keeps its system prompt."""
    return get_target(target).instruction(request, text)


def classify_error(error: Any, target: Optional[Union[str, Target, State]] = None) -> str:
    """``schema_rejected``, ``transient`` or ``error`` for an exception or error payload.

    A rejection needs a client error status (400 or 422) *and* the ``schema_error`` of
    the target sent saying the error points at its schema (OpenAI ``param``/``code``;
    an error message naming the schema path for Anthropic, Gemini, Bedrock; Anthropic's
    fixed sentences for a schema too complex to compile). *target* is the one sent, and
    only it is asked: an error about another field of the request (the caller's own
    ``tools[0].function.parameters``) that another API's rule would take for its schema
    is no rejection. With no *target*, every target of the registry is asked.

    What each form of *target* knows:

    - the planner's ``State`` (``prepare(...).state``; ``generate`` gives it): the
      request sent. In prompt mode no schema was sent, so nothing is a rejection of
      it. For a target whose answer is a tool joined to the caller's (``tool_answer``:
      ``anthropic.tool``), an error naming a tool by its place (the target's
      ``error_tool``: Anthropic's ``tools.0.custom.input_schema: ...``) is a rejection
      only when that place is the answer tool's (``State.answer_tool_at``); an error
      naming the keys the engine does not implement (the target's ``error_keys``:
      vLLM's "Grammar error: Unimplemented keys: [...]", which vLLM also answers for
      the caller's own ``tools`` under ``tool_choice: "required"``) is a rejection
      only when the schema sent holds one of them as a keyword;
    - a target id or a ``Target``: its rule, not the request. A ``Target`` is the
      API's, fixed before any request: it holds neither the answer tool's name (the
      ``Ask``'s, given to ``render``) nor the caller's tools, and Anthropic's error
      names a tool by its place, not its name. So for a ``tool_answer`` target an
      error naming a tool *cannot be told* from one naming the caller's own: it is
      ``schema_rejected`` (taken for the answer tool's: prompt mode drops only that
      tool, so a wrong reading costs one request that fails alike; the other reading
      would give up the answer whenever the tool was the answer tool). Pass the
      ``State`` to know. An error naming no tool (a schema too complex to
      compile) reads as under a ``State``. An error naming only keys the render never
      sends (each one of the profile's ``refused``, always moved into the description)
      is no rejection;
    - ``None``: every target's rule, so the same tool error is ``schema_rejected`` too
      (which target was sent is not known either).

    408, 409, 429 and 5xx are transient, except a 5xx whose body the target's
    ``server_error`` reads as a refusal of its schema: Ollama answers a ``format`` it
    cannot turn into a grammar with HTTP 500 ``{"error": "invalid JSON schema in
    format"}`` (its ``llm/server.go`` ``Completion``; datalab-to/marker#984 shows the
    response), and the same request gets the same answer however often it is sent:
    that is ``error`` (a request error, never ``schema_rejected``: no 5xx is a
    rejection). The status is the SDK error's (``status_code``, google-genai's
    ``code``, botocore's ``response["ResponseMetadata"]["HTTPStatusCode"]``) or the
    payload's (Gemini's inside ``error``). Nothing is classified from bare substrings
    like ``"400"`` or ``"not supported"``.
    """
    status, body = _status_and_body(error)
    if status in (408, 409, 429):
        return "transient"
    err: Dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else body
    if isinstance(status, int) and status >= 500:
        return "error" if _names_schema(status, err, target, server=True) else "transient"
    if status not in (400, 422):
        return "error"
    return "schema_rejected" if _names_schema(status, err, target) else "error"


def _names_schema(
    status: int, err: Dict[str, Any], target: Optional[Union[str, Target, State]], server: bool = False
) -> bool:
    """Whether the target sent (every target, when not known) reads *err* as being about
    its schema (by its ``server_error`` rule for a 5xx: *server*); never under a
    ``State`` in prompt mode (no schema was sent)."""
    if target is None:
        return any(_rule(t, server)(status, err) and (server or _may_be_sent(t, err)) for t in targets().values())
    if isinstance(target, (str, Target)):
        spec = get_target(target)
        return _rule(spec, server)(status, err) and (server or _may_be_sent(spec, err))
    # the planner's State: the target it edits requests for, and whether a schema went
    if target.mode == "prompt":
        return False
    spec = target.target_spec
    if not _rule(spec, server)(status, err):
        return False
    if server:
        return True
    if spec.tool_answer:
        named = spec.error_tool(err)  # a tool of the request sent: the answer tool, or the caller's
        if named is not None and named != target.answer_tool_at():
            return False
    keys = spec.error_keys(err)  # keys the engine refused: of the schema sent, or of the caller's tools
    return keys is None or target.rendered is None or bool(keys & _keywords(target.rendered.wire_schema))


def _may_be_sent(spec: Target, err: Dict[str, Any]) -> bool:
    """Whether the keys a client error *err* says the engine refused (``error_keys``) may
    be in a schema rendered for *spec*: not when each is one the render always moves
    (``profile.refused``; then they came from another schema of the request)."""
    keys = spec.error_keys(err)
    return keys is None or not keys <= spec.profile.refused


def _keywords(schema: Any) -> FrozenSet[str]:
    """The keywords of every schema node of *schema* (not the names under ``properties``)."""
    return frozenset(k for _, node in iter_subschemas(schema) if isinstance(node, dict) for k in node)


def answer_index(request: Dict[str, Any], fragment: Dict[str, Any]) -> Optional[int]:
    """Where the answer tool *fragment* adds sits in the ``tools`` of *request* (joined
    after the caller's own), else ``None``."""
    tools = request.get("tools")
    ours = fragment.get("tools") or []
    if not isinstance(tools, list):
        return None
    return next((i for i, tool in enumerate(tools) if tool in ours), None)


def rejection_detail(error: Any, state: State) -> str:
    """What a schema rejection *error* says (its text), led by the answer tool's name and
    place (``$.tools[i]``) when the error names that tool (a ``tool_answer`` target, whose
    tool sits among the caller's)."""
    text = _text_of(error)
    spec = state.target_spec
    if not spec.tool_answer or state.rendered is None:
        return text
    _, body = _status_and_body(error)
    err: Dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else body
    named = spec.error_tool(err)
    if named is None or named != state.answer_tool_at():
        return text
    return f"the answer tool {state.rendered.name!r} at $.tools[{named}] was refused: {text}"


def _rule(spec: Target, server: bool) -> Callable[[int, Dict[str, Any]], bool]:
    return spec.server_error if server else spec.schema_error


def _status_and_body(error: Any) -> Tuple[Optional[int], Dict[str, Any]]:
    if isinstance(error, dict):
        raw_status = error.get("status") or error.get("status_code") or error.get("code")
        payload: Dict[str, Any] = error["body"] if isinstance(error.get("body"), dict) else error
        inner = payload.get("error")
        if raw_status is None and isinstance(inner, dict) and isinstance(inner.get("code"), int):
            raw_status = inner["code"]
        return (raw_status if isinstance(raw_status, int) else None), payload
    status: Optional[int] = None
    for attr in ("status_code", "status", "code", "http_status"):
        value = getattr(error, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            status = value
            break
    response = getattr(error, "response", None)
    body: Dict[str, Any] = {}
    if isinstance(response, dict):  # botocore's ClientError: {"Error": {"Code", "Message"}, "ResponseMetadata"}
        meta, err = response.get("ResponseMetadata"), response.get("Error")
        value = meta.get("HTTPStatusCode") if isinstance(meta, dict) else None
        if status is None and isinstance(value, int) and not isinstance(value, bool):
            status = value
        if isinstance(err, dict) and isinstance(err.get("Message"), str):
            body = {"message": err["Message"]}
    elif status is None and response is not None:
        value = getattr(response, "status_code", None)
        status = value if isinstance(value, int) else None
    if not body:
        for attr in ("body", "details", "response_json"):
            value = getattr(error, attr, None)
            if isinstance(value, dict):
                body = value
                break
    if not body:
        body = {"message": _text_of(error)}
    if status is None and type(error).__name__ == "ValidationException":
        status = 400
    return status, body


def _text_of(error: Any) -> str:
    """*error*'s text (``str``), or its short ``excerpt`` when that cannot be had (a
    value nested deeper than ``str`` reads, a ``__str__`` that raises)."""
    try:
        return str(error)
    except Exception:  # RecursionError too
        return excerpt(error)


def without_answer_tool(base: Any, fragment: Dict[str, Any], name: str, key: str) -> Any:
    """*base* without a tool that is the answer tool *fragment* adds (a request prepared
    before, given back: the tools are joined, and the API refuses two tools of one
    name); ``EncodeError`` for another tool of that name (the caller's own: replacing
    it would lose it)."""
    tools = base.get("tools") if isinstance(base, dict) else None
    if not isinstance(tools, list):
        return base
    ours = fragment.get("tools") or []
    kept = []
    for i, tool in enumerate(tools):
        if isinstance(tool, dict) and tool.get("name") == name:
            if tool not in ours:
                where = f"$.tools[{i}]"
                raise EncodeError(
                    f"Request already has a tool named {name!r} at {where}, the name of the answer tool {key} adds; "
                    "name the answer otherwise (name=...) or remove that tool",
                    dialect=key,
                    loc=where,
                )
            continue  # the same answer tool, from an earlier prepare: replaced, nothing lost
        kept.append(tool)
    return dict(base, tools=kept) if len(kept) != len(tools) else base


def without_forced_answer(base: Any, fragment: Dict[str, Any], name: str, key: str) -> Any:
    """*base* for prompt mode: without the answer tool *fragment* adds (a request prepared
    natively before, given back) and the ``tool_choice`` forcing it, which would make the
    reply that tool's call instead of the text answer; a ``tools`` list left empty goes
    too. ``EncodeError`` for a tool choice forcing another tool of that name (an answer
    tool of another schema, or the caller's own): its call would be the reply."""
    if not isinstance(base, dict):
        return base
    out = dict(base)
    tools, ours = out.get("tools"), fragment.get("tools") or []
    if isinstance(tools, list):
        kept = [t for t in tools if not (isinstance(t, dict) and t.get("name") == name and t in ours)]
        if len(kept) != len(tools):
            if kept:
                out["tools"] = kept
            else:
                del out["tools"]
    choice = out.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") == "tool" and choice.get("name") == name:
        if out.get("tools") is not tools:  # the tool it forces was ours
            del out["tool_choice"]
        elif isinstance(tools, list) and any(isinstance(t, dict) and t.get("name") == name for t in tools):
            raise EncodeError(
                f"Request forces the tool {name!r} at $.tool_choice, the name of the answer tool {key} adds, "
                "but prompt mode asks for the answer in text; remove that tool choice or that tool",
                dialect=key,
                loc="$.tool_choice",
            )
    return out if out != base else base


def without_emptied(before: Any, after: Any) -> Any:
    """*after* (a request *before* with fields taken out) without the objects that taking
    them out left empty (``text: {}``, vLLM's ``structured_outputs: {}``, which asks for
    no constraint); an object that was empty already stays."""
    if not isinstance(after, dict) or not isinstance(before, dict) or after is before:
        return after
    out = dict(after)
    for k, v in after.items():
        old = before.get(k)
        if isinstance(v, dict) and isinstance(old, dict) and v is not old:
            inner = without_emptied(old, v)
            if not inner and old:
                del out[k]
            else:
                out[k] = inner
    return out


def correction(errors: Tuple[ValidationIssue, ...]) -> str:
    """The correction message: each problem with its JSON Pointer and keyword (the first
    20, a pointer past 200 characters and a message past 300 cut in the middle; then how
    many more, at least, after a check that stopped listing at ``KEPT``)."""
    listed, rest = beyond(errors, 20)
    lines = [f"- at {_clip(e.pointer or '/', 60, 139)} ({e.keyword}): {_clip(e.message, 149, 150)}" for e in listed]
    more = f"\n- ... and {rest} more" if rest else ""
    if errors and errors[-1].keyword == MORE:
        more += f" (the check stops after the first {KEPT})"
    return (
        "Your previous answer does not match the required JSON Schema:\n"
        + "\n".join(lines)
        + more
        + "\nAnswer again with only the corrected JSON."
    )


def _clip(text: str, head: int, tail: int) -> str:
    """*text*, or its first *head* and last *tail* characters around a "…" when longer: a
    correction line stays short (a pointer under long keys, a long property name in its
    message ran to the size of the answer, per line)."""
    return text if len(text) <= head + tail + 1 else f"{text[:head]}…{text[-tail:]}"


def reply_blocks(raw: Any) -> List[Any]:
    """The content blocks of an Anthropic reply as it came (what its next turn sends back:
    a correction answering its tool call, a paused turn continued); ``[]`` when none."""
    blocks = raw.get("content") if isinstance(raw, dict) else None
    return blocks if isinstance(blocks, list) else []


def with_continuation(
    request: Dict[str, Any], target: Union[str, Target], blocks: List[Any]
) -> Optional[Dict[str, Any]]:
    """A copy of *request* with a paused assistant turn (its content *blocks*) appended
    (the target's ``continuation``: Anthropic's ``pause_turn``); ``None`` for a target
    without one."""
    spec = get_target(target)
    if spec.continuation is None:
        return None
    out = dict(request)
    out[spec.history] = _turns(out.get(spec.history), spec) + [spec.continuation(blocks)]
    return out


def with_resume_token(request: Dict[str, Any], target: Union[str, Target], token: Any) -> Optional[Dict[str, Any]]:
    """A copy of *request* carrying a reply's continuation *token* where the target's
    ``resume`` says (Gemini's ``continuationToken``: "pass it in a subsequent request to
    continue generation", the request otherwise the same); ``None`` for a target without one."""
    spec = get_target(target)
    if spec.resume is None:
        return None
    path, name = spec.resume(request)
    update: Dict[str, Any] = {name: token}
    for key in reversed(path):
        update = {key: update}
    out: Dict[str, Any] = merged(request, update)
    return out


def with_correction(
    request: Dict[str, Any],
    target: Union[str, Target],
    text: str,
    errors: Tuple[ValidationIssue, ...],
    tool_turn: Optional[Tuple[List[Any], Optional[str]]] = None,
    raw: Any = None,
) -> Dict[str, Any]:
    """A copy of *request* with the reply *text* and a correction turn appended, in the
    message shape of *target*. *tool_turn* (the assistant content blocks and the call id)
    answers a structured-output tool call with an error result instead, where the
    target has a ``tool_reply``. *raw*: the reply's payload, whose own turn (the
    target's ``reply_turn``: Gemini's, thought signatures kept) goes in place of the
    text's where it has one."""
    note = correction(errors)
    spec = get_target(target)
    out = dict(request)
    if spec.tool_reply is not None and tool_turn is not None:
        turns = spec.tool_reply(tool_turn[0], tool_turn[1], note)
    else:
        own = spec.reply_turn(raw) if spec.reply_turn is not None and raw is not None else None
        turns = [own if own is not None else spec.turn("assistant", text), spec.turn("user", note)]
    out[spec.history] = _turns(out.get(spec.history), spec) + turns
    return out


def budget_of(request: Dict[str, Any], target: Union[str, Target]) -> Optional[int]:
    """The token budget *request* sets for *target* (a positive whole number), or ``None``:
    none, unlimited (Ollama ``num_predict`` -1 or -2) or no count (a bool)."""
    path, name = get_target(target).budget(request)
    holder: Any = request
    for key in path:
        holder = field_of(holder, key)
    current = field_of(holder, name)
    return current if type(current) is int and current > 0 else None


def raise_budget(
    request: Dict[str, Any], target: Union[str, Target], factor: int, cap: int
) -> Optional[Dict[str, Any]]:
    """A copy of *request* with its token budget ×*factor* (capped at *cap*; both ints,
    ``plan`` checks them; an SDK config
    keeps its type), or ``None`` when no larger budget can be asked for: the budget is at
    *cap* already, or the request sets none (no positive whole number). A request without
    one runs at the provider's default, and for every target that is the model's maximum
    or no limit at all: OpenAI Chat and Responses have none (the model's output limit),
    Gemini's "varies by model, see ``Model.output_token_limit``", Bedrock's "is the
    maximum allowed value for the model", Ollama's ``num_predict`` is -1 ("infinite
    generation"; -2 "fill context",
    https://github.com/ollama/ollama/blob/main/docs/modelfile.md), vLLM's what the
    context leaves, and Anthropic's ``max_tokens`` is required. No number written
    there is known to be larger: it could lower the budget in effect."""
    current = budget_of(request, target)
    if current is None:
        return None
    path, name = get_target(target).budget(request)
    new = min(current * factor, cap)
    if new <= current:
        return None
    update: Dict[str, Any] = {name: new}
    for key in reversed(path):
        update = {key: update}
    out: Dict[str, Any] = merged(request, update)
    return out
