"""Gemini / Vertex AI streaming (``gemini``): ``streamGenerateContent`` chunks.

Follows https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
and https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(checked 2026-11-30), and the google-genai types ``FunctionCall`` / ``PartialArg``.

- Each chunk is a whole ``GenerateContentResponse``; a ``functionCall`` part with a
  ``name`` and no ``willContinue`` is a complete call (``args`` missing gives ``{}``).
  Parallel calls may come in one chunk or in several; they are appended. One without
  ``args`` (or with ``{}``) takes the ``args`` of a part without a ``name`` that follows
  it (wire-formats §4g, smallmain/vscode-unify-chat-provider#48), as ``decode_all``
  reads a whole reply (``nameless_args``); such a part that no call waits for is an
  invalid call in its place, as are a part that is no object and a ``name`` that is no
  string. A call's fields beside ``name``, ``args`` and ``id``, a missing ``args`` and an
  ``id`` of ``""`` are kept as ``decode_all`` keeps them (``{"gemini": {"call", "no_args",
  "id"}}``).
- Vertex streamed arguments (``streamFunctionCallArguments``): ``{"name",
  "willContinue": true}`` opens a call; ``partialArgs: [{"jsonPath", "stringValue" |
  "numberValue" | "boolValue" | "nullValue", "willContinue"}]`` fill values by JSON
  path (RFC 9535 ``$.a.b[0]`` / ``$['a b']``); a string keeps growing while its
  ``willContinue`` is true (``stringValue: ""`` closes it); a bare
  ``{"willContinue": true}`` separates array elements; a value-less ``$.a[]`` ends an
  array (``partial_args._ends_array``); a path whose value was complete is never set
  again (``_paths.set_path``); ``functionCall: {}`` (or
  ``partialArgs`` without ``willContinue``) ends the call. Continuations attach to the
  call last opened in their candidate (a name-only call's too: it then streams). A call
  left open at the end is cut off, and so is one that said more would follow but got no
  argument before the next call began, or that a whole call interrupted
  (``Handler._ended``); ``args`` beside streamed arguments (on the part that
  opens the call or a later one) and ``partialArgs`` that is no list make it invalid,
  never dropped. ``fragments`` reads the same parts kept in one ``Content`` with this handler.
- A candidate is named by its ``index`` (``sniff.numbers``: one without takes the lowest
  number its chunk leaves free, ``0`` as proto3 JSON leaves it out), as ``decode_all``
  and ``normalize`` name a whole response's; the stream's calls are the lowest's. Two
  candidates of one chunk with the same ``index`` are a ``DecodeError`` (never one
  reply made of both).
- ``thoughtSignature`` (a sibling of ``functionCall`` on the part; ``thought_signature``
  in snake_case, ``bytes`` in google-genai objects) and the part's other fields are
  kept as the non-streaming decoder keeps them (``{"gemini": {"part": {...}}}``, bytes
  as base64), so ``encode(call, "gemini")`` writes them back on the call's part
  (Gemini rejects a replayed call without its signature). With ``partialArgs`` the
  signature may come on any part of the call: the first one seen is kept.
  ``executableCode`` and ``toolCall`` parts are server calls, read as the one-shot decoder
  reads them (``sniff.server_call``: an SDK dump's ``None`` fields left out, its enums as
  their words, as for the call's part). ``finishReason`` is the finish reason
  (``MAX_TOKENS`` when cut off).
- camelCase (wire, SDK objects) and snake_case (``model_dump()``) names are both read.

``partialArgs`` values are set by ``partial_args.apply``; chunks are written by ``stream_encode``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._errors import excerpt
from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from ...stream._skipped import skipped
from ...stream._where import wrong_shape
from .._common import describe_error, wire_index
from .blank import blank_part
from .candidates import numbers
from .finish_numbers import reason_word
from .partial_args import apply, field
from .sniff import SERVER_KEYS, odd_fields, server_call, set_fields

__all__ = ["NAME", "Handler", "detect"]

NAME = "gemini"


def detect(data: Dict[str, Any]) -> bool:
    cands = data.get("candidates")
    return type(cands) is list or type(cands) is tuple or (
        "usageMetadata" in data and "choices" not in data and "type" not in data
    )


class Handler:
    """Feeds Gemini chunks into the shared core."""

    name = NAME
    # a stream ends with a ``finishReason`` (a blocked prompt: its ``blockReason``): one cut
    # before it is unfinished (``close``)
    ends = True

    def __init__(self, core: Core) -> None:
        self.core = core
        self.open: Dict[int, Call] = {}
        self.cands: Any = ()  # the candidates of the chunk being read (an error's path names a part in them)
        # an object given whole (no text) under a token-limit finish may be cut off, as in
        # this dialect's ``decode_all`` (``object_arguments``)
        core.whole_cut = True

    def feed(self, data: Dict[str, Any]) -> None:
        if data.get("error"):  # a Google API error (``{"code", "message", "status"}``) in the stream
            self.core.error(describe_error(data["error"]))
        cands = data.get("candidates")
        if type(cands) is not list:
            # a container in the wrong shape may hold calls: refused, as decode_all refuses it
            # (a scalar holds none: passed over); a tuple is the list it stands for
            if type(cands) is dict:
                raise wrong_shape("$.candidates", "a list", cands, NAME)
            if type(cands) is tuple:
                cands = list(cands)
            else:
                feedback = field(data, "promptFeedback", "prompt_feedback")
                if type(feedback) is dict:  # a blocked prompt: no candidate, its block reason the finish
                    block = field(feedback, "blockReason", "block_reason")
                    self.core.finish(block)
                    if block is not None and block != "":  # the refusal ``normalize`` gives (``response``)
                        self.core.refused(f"prompt blocked: {self.core.finish_reason}")
                else:  # another dialect's chunk with a call: refused, never passed over
                    skipped(self.core, data)
                return
        self.cands = cands
        nums = numbers(cands) if len(cands) > 1 else None  # (one candidate: its index, else 0)
        for pos, cand in enumerate(cands):
            if type(cand) is not dict:
                if type(cand) is list or type(cand) is tuple:
                    raise wrong_shape(f"$.candidates[{pos}]", "an object", cand, NAME)
                continue
            if nums is None:
                scope = cand.get("index", 0)
                if type(scope) is not int:  # (``None``: an SDK dump's unset index, the default 0)
                    scope = 0 if scope is None else wire_index(scope, f"$.candidates[{pos}].index", NAME,
                                                               "Candidate index")
            else:
                scope = nums[pos]
            if scope != self.core.first_choice:
                self.core.choice(scope)
            content = cand.get("content")
            if type(content) is list or type(content) is tuple:
                raise wrong_shape(f"$.candidates[{pos}].content", "an object", content, NAME)
            parts = content.get("parts") if type(content) is dict else None
            if type(parts) is dict:
                raise wrong_shape(f"$.candidates[{pos}].content.parts", "a list", parts, NAME)
            if type(parts) is list or type(parts) is tuple:  # (a tuple: the list it stands for)
                for part in parts:
                    if type(part) is dict:
                        self._part(scope, part)
                    else:  # never passed over: ``decode_all`` reports it too
                        self.core.broken(part, scope)
            reason = field(cand, "finishReason", "finish_reason")
            if reason is not None and type(reason) is not str:  # a proto enum number: its word
                reason = reason_word(reason)
            if scope == self.core.first_choice:  # the stream's finish reason is the first candidate's
                self.core.finish(reason)
            if reason:
                self.core.choice_finish[scope] = reason
                message = field(cand, "finishMessage", "finish_message")
                if type(message) is str and message:  # (for ``MALFORMED_FUNCTION_CALL``: the call written)
                    self.core.finish_words[scope] = describe_error(message)

    def _part(self, scope: int, part: Dict[str, Any]) -> None:
        fc = field(part, "functionCall", "function_call")
        if type(fc) is dict:
            self._call(scope, fc, part)
            return
        if fc is not None:  # (``None`` is how SDK dumps write an absent field)
            self.core.broken(fc, scope)
            return
        if not blank_part(part):  # the model went on past the calls before it (an empty text part: the
            self.core.went_on(scope)  # last chunk may carry one whatever the model did, ``goes_on``)
        text = part.get("text")
        if type(text) is str and not part.get("thought"):
            self.core.text(text, scope)
            return
        for key in SERVER_KEYS:  # code execution, a built-in tool: as the one-shot decoder reads them
            body = part.get(key)
            if body is None:
                continue
            if type(body) is not dict:  # never passed over: the one-shot decoder refuses it too
                self.core.broken(body, scope)
                return
            odd = odd_fields(key, body)
            if odd:  # (refused by the one-shot decoder too)
                self.core.broken(body, scope, f"{odd}")
                return
            name, args, ident, item = server_call(part, key, body)
            self.core.whole(name, args, nonempty_str(ident), scope=scope, server=True,
                            provider_data={NAME: {"item": item}})
            return

    def _where(self, part: Dict[str, Any], fc: Dict[str, Any]) -> str:
        """The path of the call *fc* of *part* in its chunk, as ``decode_all`` gives it
        (the candidate's and the part's places in their lists, the key as sent): found
        where it is needed, so the chunks read without an error pay nothing for it."""
        key = "functionCall" if part.get("functionCall") is fc else "function_call"
        for pos, cand in enumerate(self.cands):
            content = cand.get("content") if type(cand) is dict else None
            parts = content.get("parts") if type(content) is dict else None
            for j, q in enumerate(parts if type(parts) is list or type(parts) is tuple else ()):
                if q is part:
                    return f"$.candidates[{pos}].content.parts[{j}].{key}"
        return f"$.candidates[*].content.parts[*].{key}"  # (never: the part is one of the chunk's)

    def _ended(self, cur: Call, whole: bool = False) -> None:
        """The open call *cur* is over: a call part came before its end. Streamed (its
        parts said more would follow: ``FunctionCall.willContinue``) with no argument
        come, it is cut off, never ``{}`` (a chunk lost; ``nameless_args._empty`` reads a
        whole reply so); with some, cut off too when the part is a *whole* call: one no
        part continues, so nameless parts after it may still be *cur*'s (the AI SDK reads
        them so): never run with part of its arguments."""
        if cur.needs_end and cur.name is not None:
            if not cur.size and cur.tree is None and cur.obj is None:
                self.core.fail(cur, "The next call began before any argument of this call came (its parts said "
                                    "more would follow): cut off", True)
            elif whole:
                self.core.fail(cur, "A whole call came before this call's end (its parts said more would "
                                    "follow): cut off", True)
        self.core.end(cur)

    def _call(self, scope: int, fc: Dict[str, Any], part: Dict[str, Any]) -> None:
        core = self.core
        name = nonempty_str(fc.get("name"))
        if name is None and fc.get("name") is not None and fc["name"] != "":  # a name, but no text: no call's
            if scope in self.open:  # arguments (``decode_all`` reads it so): the open call is over, as
                # by a named part: cut off by a whole one when its parts said more would follow
                whole = field(fc, "willContinue", "will_continue") is not True and \
                    field(fc, "partialArgs", "partial_args") is None
                self._ended(self.open.pop(scope), whole)
            core.broken(fc, scope, f"has a name that is not a string: {excerpt(fc['name'])}")
            return
        partial = field(fc, "partialArgs", "partial_args")
        cont = field(fc, "willContinue", "will_continue") is True
        pd = _part_data(part) if len(part) > 1 or "function_call" in part else None
        cur = self.open.get(scope)
        args = fc.get("args")
        if name is not None:
            whole = not cont and partial is None
            if cur is not None:  # a new call while one is open: the open one is over
                self._ended(cur, whole)
                del self.open[scope]
            if whole:
                if fc.get("id") == "":  # kept as the one-shot decoder keeps it, to be written back
                    pd = _add(pd, "id", "")
                # the call's other fields (``willContinue: false`` too), as ``decode_all`` keeps them: counted
                # first (a set of the keys, or a copy walking the arguments, cost every call ~1%)
                if len(fc) > 1 + ("args" in fc) + ("id" in fc):
                    extra = set_fields({k: v for k, v in fc.items() if k not in _CALL_FIELDS})
                    if extra:
                        pd = _add(pd, "call", extra)
                # no arguments, or ``{}``: they may follow in a part without a name (§4g): it waits
                if args is None or (not args and isinstance(args, dict)):
                    self.open[scope] = c = core.open(None, nonempty_str(fc.get("id")), name, scope=scope,
                                                     provider_data=pd if "args" in fc else _add(pd, "no_args", True),
                                                     needs_end=False)
                    if not args:  # ``arguments`` (no field of FunctionCall) or another's: {} would lose them
                        core.misplaced(c, fc, "args", self._where(part, fc))
                    return
                core.whole(name, args, nonempty_str(fc.get("id")), scope=scope, provider_data=pd)
                return
            cur = core.open(None, nonempty_str(fc.get("id")), name, scope=scope, provider_data=pd)
            self.open[scope] = cur
            if args is not None and args != {}:  # beside arguments streamed in partialArgs: never dropped
                core.fail(cur, f"A functionCall part carries arguments {excerpt(args)} beside arguments "
                               "streamed in partialArgs")
        elif cur is None:
            if partial is None:
                if args is not None and args != {}:  # never dropped: whose arguments? not guessed
                    core.broken(fc, scope, "is a functionCall part without a name, with arguments no call "
                                           f"waits for: {excerpt(args)}")
                return  # else a stray terminator or separator
            cur = core.open(None, None, None, scope=scope, provider_data=pd)
            self.open[scope] = cur
        else:
            kept = dict(cur.pd[NAME]) if cur.pd else {}  # a name-only call's ``no_args`` and ``""`` id stay
            if partial is not None and not cur.needs_end:  # ... unless its arguments stream: a streamed call,
                cur.needs_end = True  # cut off when no part ends it (``fragments.pack`` reads it so)
                for k in ("no_args", "id", "call"):
                    kept.pop(k, None)
            if args is not None and args != {}:
                if not cur.needs_end and cur.obj is None and partial is None:  # the name-only call's (§4g)
                    cur.obj = args
                    cur.seen = core.tick = core.tick + 1  # (what arrived last: ``CutJudge.last_call``)
                    if core.several:
                        core.arrived[scope] = cur  # type: ignore[index]
                    kept.pop("no_args", None)
                else:  # beside arguments streamed in partialArgs: never read, never dropped
                    core.fail(cur, f"A functionCall part without a name carries arguments {excerpt(args)} while "
                                   "this call's arguments stream in partialArgs")
            bare = "part" not in kept and "snake" not in kept  # no fields beside the call kept yet
            if pd is not None and (bare or (_signed(pd) and not _signed(cur.pd))):
                kept.pop("part", None)  # the signature on a later part of the call (the first one seen is kept)
                kept.pop("snake", None)
                kept.update(pd[NAME])
            cur.pd = {NAME: kept} if kept else None
        if partial is not None:
            if cur.obj is not None:  # a name-only call's arguments came whole: never mixed, never dropped
                core.fail(cur, "Arguments streamed in partialArgs follow the whole arguments of a functionCall "
                               f"part without a name: {excerpt(cur.obj)}")
            apply(core, cur, partial)
        if not cont:
            core.end(cur)
            del self.open[scope]

    def close(self) -> None:
        for c in self.open.values():  # a name-only call no part without a name followed: whole, no arguments
            if not c.needs_end:
                self.core.end(c)
        self.open.clear()


_CALL_FIELDS = frozenset({"name", "args", "id"})


def _signed(data: Optional[Dict[str, Dict[str, Any]]]) -> bool:
    """Whether provider data kept by ``_part_data`` holds a thought signature (``model_dump()``
    gives ``"thought_signature": None`` on every part)."""
    part = (data[NAME].get("part") or {}) if data else {}
    return part.get("thoughtSignature") is not None or part.get("thought_signature") is not None


def _add(pd: Optional[Dict[str, Dict[str, Any]]], key: str, value: Any) -> Dict[str, Dict[str, Any]]:
    """*pd* with *key* set in this dialect's provider data."""
    return {NAME: {**(pd[NAME] if pd else {}), key: value}}


def _part_data(part: Dict[str, Any]) -> Optional[Dict[str, Dict[str, Any]]]:
    """The part's fields beside the call (and a snake_case spelling), as the
    non-streaming decoder keeps them."""
    kept = set_fields(part, "functionCall" if "functionCall" in part else "function_call")
    pd: Dict[str, Any] = {"snake": True} if "functionCall" not in part else {}
    if kept:
        pd["part"] = kept
    return {NAME: pd} if pd else None
