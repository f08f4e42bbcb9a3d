"""The general reader of the Chat stream (``openai.chat``): one chunk at a time.

Follows https://platform.openai.com/docs/api-reference/chat-streaming (checked
2026-11-30) and the openai-python types ``chat_completion_chunk``
(``ChoiceDeltaToolCall``). ``Feed.feed`` reads any chunk (the rules are in
``chat_stream``): each choice's tool-call deltas (``_call``), text (of an audio
reply, ``content`` null: its ``delta.audio.transcript`` pieces, openai-python
``ChoiceDeltaAudio.transcript``), refusal (``ChoiceDelta.refusal``), legacy
``function_call`` and finish reason;
``chat_stream.Handler`` adds the hot loop over argument continuations and hands every
other chunk here.
"""

from __future__ import annotations

from typing import Any, Dict, Set

from ..._errors import DecodeError, excerpt
from ...stream._call import nonempty_str
from ...stream._core import Core
from ...stream._fresh import NEW
from ...stream._skipped import skipped
from ...stream._twins import ended_twin, input_again
from ...stream._where import wrong_shape
from .._common import describe_error, wire_index
from .chat_server import executed, glm_call
from .chat_sniff import not_a_mirror, refuse_messages
from .chat_stream_args import text_of, whole_text
from .chat_stream_pieces import (
    call_index,
    custom_input,
    custom_piece,
    empty_piece,
    given_id,
    keep,
    kept,
    legacy_piece,
    loose_args,
    loose_owner,
    name_rest,
    other_again,
    other_value,
    plain,
    reasons,
    unread,
)
from .chat_stream_server import Served

__all__ = ["Feed"]


# the key of a choice's legacy ``function_call`` (one call per choice) among its indexed calls
LEGACY = "function_call"

# the content chunks that are reply text (``chat_response.read_chat`` reads the same; thinking
# chunks are reasoning, which the accumulator does not gather)
_TEXT_PARTS = ("text", "output_text")


class Feed:
    """Feeds Chat chunks into the shared core, one ``feed`` call each."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.tooled: Set[Any] = set()  # the choices (scopes) whose deltas carried tool_calls
        # the choices whose finish_reason came while their calls may go on (``_finished``)
        self.finished: Set[Any] = set()
        self.served = Served(core)  # provider-run calls still taking pieces (``chat_stream_server``)

    def _finished(self, scope: Any, told: bool = True) -> None:
        """The choice *scope* finished, and nothing goes on with its calls: they end
        (``Core.end_scope``). A finish in a chunk without tool-call pieces (OpenAI's: an
        empty delta) ends them at once; one beside pieces, whole calls or not, only
        marks its choice (``finished``) until a later chunk of the choice carries no piece
        that can only continue one of its calls (``_call``), a chunk with ``choices: []``
        and ``usage`` (the usage chunk: openai ``stream_options.include_usage``, the last
        chunk), ``[DONE]``, or the stream ends: LiteLLM's Gemini iterator puts
        ``finish_reason`` on every chunk, the argument pieces after it included
        (BerriAI/litellm#2195, open-webui/open-webui#16377), and openai-python's
        ``ChatCompletionStreamState`` keeps adding them. Not *told*: a piece that cannot
        continue them ends them (a finish on every chunk, read as without it: no id-less call
        ended there is one a later head may send again, ``Keyed._ended_at``); a finish beside a
        delta of no pieces ends them as the stream's (a role or text there: review revChat9 R1)."""
        self.finished.discard(scope)
        if self.served.open:
            self.served.settle(scope)
        self.core.end_scope(scope, told)

    def close(self) -> None:
        """The end of the stream: the calls of the choices that finished end there."""
        if self.served.open:
            self.served.settle(every=True)
        for scope in sorted(self.finished):
            self._finished(scope)

    def stream_done(self) -> None:
        """SSE ``data: [DONE]``, the Chat stream's last line (OpenAI's chat-streaming
        reference): nothing comes after it; the choices that finished end there."""
        self.close()

    def _tooled(self, scope: Any) -> None:
        """The first ``tool_calls`` of the choice *scope*: a legacy call it started is
        no call to run beside them (``_legacy``)."""
        self.tooled.add(scope)
        c = self.core.by_key.get((scope, LEGACY))
        if c is not None and not c.done:
            self.core.fail(c, f"The legacy function_call of choice {scope} came before tool_calls in the same "
                              "choice: a reply carries its calls in one of the two; not guessed which to run")

    def _legacy(self, scope: Any, fc: Dict[str, Any], calls: Any, pos: int, field: str) -> None:
        """A delta's deprecated ``function_call`` *fc* (one call per choice). The
        all-empty dummy adds nothing (as ``chat_sniff.children`` skips it whole); in a
        choice with ``tool_calls``, one repeating a tool-call delta of its chunk (the same
        argument piece, and the same name or none) is that call's legacy mirror
        (llama-cpp-python writes every piece in both) and adds nothing; any other is
        no call to run: an invalid one (``not_a_mirror``)."""
        value = fc.get("arguments")
        name, text = nonempty_str(fc.get("name")), text_of(value)
        if name is None and not text:
            return
        core = self.core
        if scope not in self.tooled:
            if scope in self.finished:
                # after the choice's finish, as for ``tool_calls`` (``_call``): the rest of the
                # choice's open legacy call when it has no name or the call's own; else it ends
                c = core.by_key.get((scope, LEGACY))
                if c is None or c.done or (name is not None and name != c.name):
                    self._finished(scope, False)
            if value is None or type(value) is str:
                call = core.delta(scope, LEGACY, None, name, text)
                if not value:  # none (or ``""``): under another key they are refused
                    core.misplaced(call, fc, "arguments", f"$.choices[{pos}].{field}.function_call")
            else:
                whole = whole_text(value)
                core.not_text(core.delta(scope, LEGACY, None, name, whole), value, whole)
            return
        if type(calls) is list:
            for tc in calls:
                fn = tc.get("function") if type(tc) is dict else None
                if type(fn) is not dict or (text_of(fn.get("arguments")) or None) != (text or None):
                    continue
                their = nonempty_str(fn.get("name"))
                if name is None or name == their:
                    return
                if their is None and type(tc.get("index")) is int:
                    c = core.by_key.get((scope, tc["index"]))
                    if c is not None and c.name == name:
                        return
        c = core.delta(scope, LEGACY, None, name, text)
        core.fail(c, not_a_mirror(name, text, f"$.choices[{pos}].{field}.function_call"))

    def feed(self, data: Dict[str, Any]) -> None:
        core = self.core
        if data.get("error") or (data.get("object") == "error" and "choices" not in data):  # a failure reported
            core.error(describe_error(data.get("error") or data))
        choices = data.get("choices")
        if type(choices) is not list:
            # a container in the wrong shape may hold calls: refused, as decode_all refuses it
            # (a scalar holds none: skipped, as an odd value of an OpenAI-compatible server);
            # a tuple is the list it stands for (``decode_all`` reads it so)
            if type(choices) is dict:
                raise wrong_shape("$.choices", "a list", choices, core.dialect)
            if type(choices) is not tuple:
                skipped(core, data)  # another dialect's chunk with a call: refused, never passed over
                return
        if not choices and self.finished and data.get("usage") is not None:
            # ``choices: []`` with ``usage`` after a finish: the usage chunk (openai
            # ``stream_options.include_usage``: the last chunk before ``[DONE]``); no piece
            # comes after it (vLLM's last piece comes beside its finish): every pending
            # choice ends here (without ``usage``: a gateway's metadata chunk, which may
            # come between pieces, BerriAI/litellm#27928)
            self.close()
        pos = -1
        for ch in choices:
            pos += 1
            if type(ch) is not dict:  # no choice (``None``, text): it keeps its position
                if type(ch) is list or type(ch) is tuple:
                    raise wrong_shape(f"$.choices[{pos}]", "an object", ch, core.dialect)
                continue
            scope = ch.get("index", pos)
            if type(scope) is not int:  # (``None``: an SDK dump's unset index, its position)
                scope = pos if scope is None else wire_index(scope, f"$.choices[{pos}].index", core.dialect,
                                                             "Choice index")
            if scope != core.first_choice:
                core.choice(scope)
            delta, field = ch.get("delta"), "delta"
            pieces = delta.get("tool_calls") if type(delta) is dict else None  # tool-call pieces here
            if not pieces or (type(pieces) is not list and type(pieces) is not tuple):
                pieces = None
                if type(delta) is dict and scope not in self.tooled:  # or a piece of a legacy call
                    pieces = legacy_piece(delta)
            if pieces is None and scope in self.finished:
                self._finished(scope)  # nothing goes on with its calls
            if type(delta) is not dict:
                if type(delta) is not list and type(delta) is not tuple:
                    delta, field = ch.get("message"), "message"
                if type(delta) is list or type(delta) is tuple:  # a container in the wrong shape may hold calls
                    raise wrong_shape(f"$.choices[{pos}].{field}", "an object", delta, core.dialect)
                if delta is None:  # a whole choice of ``messages``: refused, as ``decode_all`` refuses it
                    refuse_messages(ch, f"$.choices[{pos}]", core.dialect)
            if type(delta) is dict:
                calls = delta.get("tool_calls")
                if type(calls) is tuple:  # the list it stands for, as ``decode_all`` reads it
                    calls = list(calls)
                if type(calls) is list:
                    if scope not in self.tooled and calls:
                        self._tooled(scope)
                    for j, tc in enumerate(calls):
                        if type(tc) is dict:
                            self._call(scope, tc, pos, field, j)
                        else:
                            if scope in self.finished:
                                self._finished(scope, False)
                            core.broken(tc, scope)
                elif type(calls) is dict:  # an object may hold calls: refused, as ``decode_all`` refuses it
                    raise wrong_shape(f"$.choices[{pos}].{field}.tool_calls", "a list", calls, core.dialect)
                if "executed_tools" in delta:  # the tools Groq ran: server calls
                    self._executed(scope, delta["executed_tools"], pos, field)
                content = delta.get("content")
                if type(content) is str:
                    if not content:
                        pass
                    elif scope == core.first_choice:
                        core.text_parts.append(content)
                    else:  # another choice's text: never mixed with the first one's
                        core.other_text(scope, content)
                elif content is None:  # an audio reply's text is its transcript, as ``read_chat`` reads it whole
                    audio = delta.get("audio")
                    if type(audio) is dict:
                        piece = audio.get("transcript")
                        if type(piece) is str:
                            core.text(piece, scope)
                elif type(content) is list or type(content) is tuple:  # content chunks (Magistral: text, thinking)
                    for k, part in enumerate(content):
                        if type(part) is not dict:  # as ``normalize`` reads it whole: never passed over
                            at = f"$.choices[{pos}].{field}.content[{k}]"
                            raise DecodeError(f"Expected an object at {at}, got {type(part).__name__} {excerpt(part)}",
                                              dialect=core.dialect, loc=at)
                        if part.get("type") in _TEXT_PARTS:
                            piece = part.get("text")
                            if type(piece) is str:
                                core.text(piece, scope)
                # (a delta of calls alone, most of a call stream's, holds no reasoning: not looked at)
                if not core.reasoned and scope == core.first_choice and not (calls and len(delta) == 1) \
                        and reasons(delta):
                    core.reasoned = True
                refusal = delta.get("refusal")  # openai-python ``ChoiceDelta.refusal``
                if type(refusal) is str and refusal:
                    core.refused(refusal, scope)
                fc = delta.get("function_call")
                if type(fc) is dict:
                    self._legacy(scope, fc, calls, pos, field)
            reason = ch.get("finish_reason")
            if reason:
                if scope == core.first_choice:  # the stream's finish reason is the first choice's
                    core.finish(reason)
                core.choice_finish[scope] = str(reason)
                if pieces is not None:
                    # beside pieces (LiteLLM's; Mistral's whole calls, with or without index): its calls
                    # end when a later chunk shows none goes on. A call that looks whole may still get
                    # its rest: ``{}`` before the real object, white space, its head repeated with ``""``
                    self.finished.add(scope)
                else:  # in a chunk of its own (OpenAI's: an empty delta): they end here
                    self._finished(scope)

    def _executed(self, scope: int, items: Any, pos: int, field: str) -> None:
        """A delta's Groq ``executed_tools`` (``chat_server.executed``); anything else there is
        an invalid call in its place, as ``decode_all`` refuses it."""
        if items is None:
            return
        if type(items) is not list and type(items) is not tuple:
            raise wrong_shape(f"$.choices[{pos}].{field}.executed_tools", "a list", items, self.core.dialect)
        for item in items:
            if type(item) is dict and executed(item):
                self.served.executed(scope, item)
            else:
                self.core.broken(item, scope, f"is not a Groq executed_tools item: {excerpt(item)}")

    def _call(self, scope: int, tc: Dict[str, Any], pos: int, field: str, j: int) -> None:
        fn = tc.get("function")
        if type(fn) is not dict and type(tc.get("custom")) is not dict:
            if glm_call(tc):  # a tool GLM-4-AllTools runs: a server call
                self.served.glm(scope, tc)
                return
            why = unread(tc)  # a body under a key no call is read from: refused, never dropped
            if why is not None:
                # a piece of an open call's arguments, unread (it must not run): ``loose_owner``
                c = loose_owner(self.core, scope, tc, scope in self.finished,
                                f"$.choices[{pos}].{field}.tool_calls[{j}].index") if loose_args(tc) else None
                if c is not None:
                    self.core.fail(c, f"The tool call at $.calls[{c.pos}] got a piece that {why}")
                    return
                if scope in self.finished:
                    self._finished(scope, False)
                self.core.broken(tc, scope, why)
                return
        index = tc.get("index")
        if type(index) is not int and index is not None:
            index = call_index(index, f"$.choices[{pos}].{field}.tool_calls[{j}].index", self.core.dialect)
        name = text = value = piece = None
        custom = False
        if type(fn) is dict:
            name = fn.get("name")
            if type(name) is not str or not name:
                name = None
            text = fn.get("arguments")
            if type(text) is not str and text is not None:  # not text: ``Calls.not_text`` judges it
                value = text
                text = whole_text(value)
        elif type(tc.get("custom")) is dict:  # custom tools: free text, in pieces (``custom_input``)
            name = nonempty_str(tc["custom"].get("name"))
            piece = tc["custom"].get("input")
            custom = True
        ident, core = tc.get("id"), self.core
        typed = name is not None and tc.get("type") is not None  # (``null``: the SDK chunk's ``model_dump()``)
        plain_args = value is None and not custom  # (arguments text or none: ``Keyed.delta``'s *plain*)
        held = core._fresh
        if held and scope in held:  # a nameless piece under a fresh id held (``Fresh``): this one tells
            given = given_id(ident)
            at, count = None if index is None else (scope, index), len(core.calls)
            data = kept(tc, fn, custom, core.dialect) if custom or not plain(tc, fn) else None
            if core.fresh_piece(scope, at, given, name, text, plain_args, value, typed, data) is not None:
                return  # (the held piece's text, and what it carries beside: with it, to the call it goes to)
            if ident == "null" and name is not None:
                # Mistral's ``"null"`` (no id) with the name that made the held piece a call: that call's
                c = core.by_key.get(at) if at is not None else core.latest(scope)
                if c is not None and c.pos >= count and c.name is None and not c.done:
                    ident = None
        if scope in self.finished:
            # after the choice's finish, only a piece that can be nothing but the rest of a call of
            # the choice goes on with it: that call's index (none, for a call started without one: the
            # call the choice started last, as mistralai's ``ToolCall.index`` defaults to 0), no id
            # (``""``, ``"null"``) or its own, no name or, beside its own id, its own (a gateway repeating
            # both on every delta); and a head (a name) at an index where the choice has no open call
            # starts a call beside them (parallel heads in chunks of their own; the index decides, as
            # without a finish); a nameless piece with an id no call has is that call's rest within its
            # value, or may be (held: GLM-4's fresh id on every piece, ``Core.fresh_reading``); a name for
            # the nameless call there (its own id or none) names it (a head sent id-first); another name
            # before its text, no id of its own, is its name's rest (``name_rest``: LiteLLM's split names)
            if index is not None:
                c = core.by_key.get((scope, index))
            else:
                c = core.latest(scope)
                if c is not None and c.key is not None:  # an indexed call: a piece without one is no part of it
                    c = None
            own = given_id(ident) is not None
            if c is not None and not c.done and value is None and other_value(c, ident, name, text):
                # (its call ends, failed first: the piece is a call of its own, ``other_again``)
                return other_again(core, c, scope, index, tc, fn, text, self._finished)
            elif c is None or c.done:
                if name is None or index is None:
                    self._finished(scope, False)
            elif (own and ident != c.id and (c.id is not None or index is None) and (
                    name is not None or (scope, ident) in core.ids or core.fresh_reading(c, text) == NEW)) or (
                    name is not None and c.name is not None and name != c.name and not name_rest(core, c, tc, own)):
                # (its own name without an id, or the first id at a call without one: ``Core.delta`` decides)
                self._finished(scope, False)
        if name is None and not text and value is None and not custom and empty_piece(tc, fn, ident):
            # an empty piece (no id, no name, no argument text) where no call is open: it adds nothing
            # (openai-python's ``ChatCompletionStreamState`` neither), never a nameless call (a phantom)
            c = core.by_key.get((scope, index)) if index is not None else core.latest(scope)
            if c is None or c.done:
                return
        if given_id(ident) is None:  # (mistralai's ``ToolCall`` placeholder ``"null"``: the wire had no id
            if ident == "null" and name is not None:  # ... nor, maybe, an index (it fills 0): a named one starts a call
                c = core.new(None if index is None else (scope, index), scope, None, name, False)
                ended_twin(core, c, scope)  # (a head of a call that ended there: the call again?)
                if text:
                    core.add(c, text)
                elif type(fn) is dict and (text is None or len(fn) > 1 + ("name" in fn)):  # none, or ``""``
                    # beside another key: under another key they are refused
                    core.misplaced(c, fn, "arguments", f"$.choices[{pos}].{field}.tool_calls[{j}].function")
                if value is not None:
                    core.not_text(c, value, text)
                if custom:
                    custom_input(core, c, piece)
                if custom or not plain(tc, fn):
                    keep(c, tc, fn, custom, core.dialect)
                return
            ident = None
        if value is not None:  # (arguments not text: never held under a fresh id, ``Fresh``)
            c = core.delta(scope, index, ident, name, text, typed, custom, False)
            core.not_text(c, value, text)
        else:
            again = input_again(core, scope, index, ident, name, piece) if custom else None
            c = core.delta(scope, index, ident, name, text, typed, custom, plain_args)
            if not text and type(fn) is dict and (text is None or len(fn) > 1 + ("name" in fn)):
                core.misplaced(c, fn, "arguments", f"$.choices[{pos}].{field}.tool_calls[{j}].function")  # (as above)
        if custom:
            c = custom_piece(core, c, scope, index, ident, name, piece)
            if again:  # (its call again, or a second completion's beginning so: neither runs, revChat7)
                core.fail(c, again)
        # (OpenAI's opening delta, told by its keys without a call: nothing beside the call's fields)
        if custom or not (len(tc) == 4 and "id" in tc and "type" in tc and "index" in tc and "function" in tc
                          and type(fn) is dict and len(fn) == 2 and "name" in fn and "arguments" in fn
                          ) and not plain(tc, fn):
            if c.held is True and ident is not None and core.hold_kept(scope, index, ident, c,
                                                                       kept(tc, fn, custom, core.dialect)):
                return  # (a piece held under a fresh id: what it carries goes with its text, ``Fresh``)
            keep(c, tc, fn, custom, core.dialect)
