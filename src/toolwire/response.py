"""Whole-response normaliser: text, reasoning, refusal, tool calls, finish reason, usage.

One record for every dialect that declares a response reader (``Dialect.response``, a
``ResponseReader``): built in, OpenAI Chat (and OpenAI-compatible servers: vLLM,
DeepSeek, Groq, OpenRouter, Ollama ``/v1``, Mistral), OpenAI Responses, Anthropic
Messages, Gemini, Bedrock Converse, Ollama ``/api/chat`` and Cohere v2; a registered
third-party dialect is read the same way. Each provider's reader, with the field
names it follows and their sources, lives in its package (``dialects/<provider>/
response.py``); its finish reasons are ``Dialect.finish_reasons``.

Finish reasons are normalised to one vocabulary (``FINISH_REASONS``), the raw value
kept: ``stop | length | tool_calls | content_filter | refusal | context_window | pause |
error | other``. An unknown value is ``other``, never ``stop`` (litellm maps unknown
values, Bedrock ``malformed_model_output`` included, to ``stop``, and Anthropic
``pause_turn`` to ``length``; both are wrong: ``reference/structured-output.md`` §F.3).

Inline ``<think>…</think>`` blocks in the text (servers without a reasoning parser,
Groq ``reasoning_format=raw``) are moved to ``reasoning`` for the dialects whose text can
carry a chat template's think block (``ResponseReader.inline_think``: OpenAI Chat and
compatible servers, Mistral, Ollama); a tag inside a JSON value of the text (in one of its
strings) or inside markdown code (a code span, a fenced block) is the answer's own and
stays. Tool calls come from the core
decoders (``decode_all(..., invalid="keep")``); Gemini reports ``STOP`` for a function
call, so calls turn ``stop`` into ``tool_calls``; a ``tool_calls`` or ``error`` finish
over a reply that holds no call gives the nameless ``InvalidToolCall`` by which
``decode_all`` says so. Unknown finish reasons are ``other``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Set, Tuple

from ._builtin import registry_of
from ._codec import decode_all
from ._collect import failure_words
from ._derived import derived
from ._dialect import CALLS, FINISH_REASONS, Dialect, ResponseReader, finish_lookup
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._finish_reasons import CORE_CUT, core_word, finish_name
from ._foreign import foreign
from ._policy import CUT_OFF
from ._registry import Registry, cacheable
from ._think import split_think
from ._usage import CountsShape, Usage

__all__ = ["FINISH_REASONS", "Response", "ResponseReader", "Usage", "normalize", "normalize_finish"]

# the dialect whose finish reasons a provider without its own table is read with:
# OpenAI-compatible servers send Chat's
_COMPATIBLE = "openai.chat"


@dataclass(frozen=True)
class Response:
    """One provider response in canonical form.

    ``finish_reason`` is one of ``stop, length, tool_calls, content_filter, refusal,
    context_window, pause, error, other`` (``None`` if the payload had none);
    ``raw_finish_reason`` is the provider's own value. ``truncated`` is true when the
    reply was cut off: the output token budget (``length``) or the context window
    (``context_window``) ran out, as for its tool calls. ``parsed`` is an already-parsed structured answer the
    payload carried (OpenAI ``message.parsed`` / a ``ParsedResponse``'s ``output_parsed``,
    Gemini ``parsed``).
    ``failure`` is what the provider said of a failed reply (``finish_reason ==
    "error"``: Gemini's ``finishMessage``, a Responses ``error``), in one line.
    ``unfinished`` is true when the provider says the reply did not finish (its
    ``ResponseReader.unfinished``, or a word its calls are cut off by that its table lacks,
    watsonx.ai's ``time_limit``); a reply with no finish field at all is not unfinished.
    ``commentary`` is text the provider labels as no part of the answer (its
    ``ResponseReader.commentary``: Responses ``phase: "commentary"`` messages, a preamble
    or status update), kept out of ``text``; ``""`` when there is none.
    """

    provider: str
    text: str = ""
    reasoning: str = ""
    refusal: Optional[str] = None
    tool_calls: Tuple[Any, ...] = ()
    invalid_tool_calls: Tuple[Any, ...] = ()
    finish_reason: Optional[str] = None
    raw_finish_reason: Optional[str] = None
    truncated: bool = False
    usage: Usage = field(default_factory=Usage)
    parsed: Any = None
    think_stripped: bool = False
    failure: Optional[str] = None
    unfinished: bool = False
    commentary: str = ""
    raw: Any = field(default=None, repr=False, compare=False)


class _Tables:
    """What ``normalize`` needs of a registry: its response readers in order, and
    finish-reason tables by dialect id and alias."""

    __slots__ = ("by_name", "finish", "readers", "refiners", "shapes")

    def __init__(self, dialects: Tuple[Dialect, ...]) -> None:
        # a reader several dialects share (Mistral reads its replies with Chat's) detects
        # for one of them: the first without a ``detect`` of its own (a dialect with one
        # refines another's shape), so a Chat reply stays openai.chat's; by name, each
        # dialect reads with it
        owner: Dict[int, Dialect] = {}
        for d in dialects:
            if d.response is not None:
                held = owner.get(id(d.response))
                if held is None or (held.detect is not None and d.detect is None):
                    owner[id(d.response)] = d
        self.readers: Tuple[Tuple[Dialect, ResponseReader], ...] = tuple(
            (d, d.response) for d in dialects if d.response is not None and owner[id(d.response)] is d
        )
        # reader -> the other dialects sharing it that have a ``detect`` of their own and
        # come before its owner, in detection order: a reply one of them claims is that
        # dialect's (a Mistral model's Chat reply is ``mistral``'s), as ``toolwire.detect``
        # names it
        self.refiners: Dict[int, Tuple[Dialect, ...]] = {}
        passed: Set[int] = set()  # the readers whose owner detection has passed
        for d in dialects:
            r = d.response
            if r is None:
                continue
            if owner[id(r)] is d:
                passed.add(id(r))
            elif d.detect is not None and id(r) not in passed:
                self.refiners[id(r)] = (*self.refiners.get(id(r), ()), d)
        # top-level key tuple -> the readers whose ``keys`` it meets (bounded cache)
        self.shapes: Dict[Tuple[Any, ...], Tuple[Tuple[Dialect, ResponseReader], ...]] = {}
        self.by_name: Dict[str, Tuple[Dialect, ResponseReader]] = {}
        self.finish: Dict[str, Mapping[str, str]] = {}
        for d in dialects:
            for n in (d.name, *d.aliases):
                if d.response is not None:
                    self.by_name.setdefault(n, (d, d.response))
                if d.finish_reasons:
                    self.finish.setdefault(n, d.finish_reasons)

    def candidates(self, data: Dict[str, Any]) -> Tuple[Tuple[Dialect, ResponseReader], ...]:
        """The readers to ask about *data*, in order: those whose ``keys`` it meets."""
        shape = tuple(data)
        found = self.shapes.get(shape)
        if found is None:
            found = tuple(
                (d, r) for d, r in self.readers if r.keys is None or any(k in r.keys for k in shape)
            )
            if cacheable(shape):  # bounded, in number and in size: hostile input must not grow it
                if len(self.shapes) >= 512:
                    self.shapes.clear()
                self.shapes[shape] = found
        return found


_NO_USAGE = Usage()


def normalize(resp: Any, *, provider: Optional[str] = None, registry: Optional[Registry] = None) -> Response:
    """Normalise one provider response (a dict, JSON text or an SDK object).

    *provider* forces a shape: a dialect with a response reader (``openai.chat``,
    ``openai.responses``, ``anthropic.messages``, ``gemini``, ``bedrock.converse``,
    ``ollama``, ``cohere.v2``, ``mistral`` or a registered third-party dialect); without it the
    shape is recognised from the payload, asking the dialects of *registry* (the
    default one when ``None``) in order. Raises ``DecodeError`` for anything that is
    not a response of a known shape, and for a named one that is another's or in
    which the named reader finds none of its fields (an empty ``Response`` would read
    as "the model said nothing").
    """
    if registry is not None:
        registry_of(registry)
    try:
        data = _plain(resp)
        if not isinstance(data, dict):
            raise DecodeError(f"Response must be a JSON object, got {excerpt(data)} at $")
        tables = derived(_Tables, registry)
        shape: Optional[Tuple[Dialect, ResponseReader]] = None
        unclaimed = False  # named, and its reader's detector declined: read, but it must yield something
        if provider is not None:
            shape = tables.by_name.get(provider)
            if shape is not None and not _claims(shape[1], data):  # named, but not its shape: another's?
                unclaimed = True
                other = next((d for d, r in tables.candidates(data) if d is not shape[0] and _claims(r, data)), None)
                if other is not None:
                    raise DecodeError(
                        f"Response is not {an(shape[0].name)} response: it looks like {other.name}; "
                        f"keys were {excerpt(sorted(data))} at $",
                        dialect=shape[0].name,
                    )
        else:
            shape = _detected(tables, data)
        if shape is None:
            if provider is not None:  # a name of no dialect: UnknownDialectError, not the reply's fault
                registry_of(registry).get(provider)
            what = f"for provider {provider!r}" if provider else "of any known provider"
            raise DecodeError(
                f"Response is not a response {what}; keys were {excerpt(sorted(data))} at $",
                dialect=provider,
            )
        dialect, reader = shape
        sid = dialect.name
        try:
            if data is not resp and reader.from_object is not None:  # an SDK object: what no dump holds
                data = {**data, **reader.from_object(resp)}
            text, reasoning, refusal, raw_finish, usage, parsed = reader.read(data)
            may_hold_calls = reader.may_hold_calls(data)
            commentary = "" if reader.commentary is None else reader.commentary(data)
        except CountsShape as exc:  # a usage of the wrong type: its path
            raise DecodeError(f"Response of {sid} is malformed: {exc}", dialect=sid, loc=exc.loc) from None
        except DecodeError as exc:  # a reader's error at a field's path: said in its dialect
            if exc.dialect is not None:
                raise
            raise type(exc)(exc.message, dialect=sid, loc=exc.loc) from None
        except (AttributeError, TypeError, KeyError, IndexError):  # a third party's reader, unforeseen data
            raise DecodeError(f"Response of {sid} is malformed at $: a field of it holds a value of the wrong type",
                              dialect=sid) from None
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:  # a third-party reader's own failure
            raise _reader_failed(sid, exc) from None
        if not isinstance(usage, Usage):  # a third-party reader's slip would reach the caller as Response.usage
            raise DecodeError(
                f"Response of {sid} is malformed: its reader gave usage {excerpt(usage)}, not a Usage at $", dialect=sid
            )
        if type(commentary) is not str:  # the same for Response.commentary
            raise DecodeError(
                f"Response of {sid} is malformed: its reader gave commentary {excerpt(commentary)}, not a str at $",
                dialect=sid,
            )
        text, reasoning, stripped = split_think(text, reasoning) if reader.inline_think else (text, reasoning, False)
        calls, invalid = _tool_calls(data, dialect, registry) if may_hold_calls else ([], [])
        if type(raw_finish) is not str:  # an SDK's string enum (a ``model_dump()``): kept as its plain word;
            raw_finish = finish_name(raw_finish)  # a number or other enum: its name or text, never None
        if unclaimed and not (text or reasoning or refusal or raw_finish or calls or invalid or parsed is not None
                              or usage != _NO_USAGE or commentary):
            # an empty Response would read as "the model said nothing"
            raise DecodeError(
                f"Response is not {an(sid)} response: it has none of its fields (text, calls, finish reason, "
                f"usage); keys were {excerpt(sorted(data))} at $",
                dialect=sid,
            )
        try:
            unfinished = reader.unfinished(data, raw_finish)
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:
            raise _reader_failed(sid, exc) from None
        finish = _normalize_finish(raw_finish, sid, tables) if raw_finish else None  # "" is no value (Snowflake)
        if finish == "other" and not unfinished and type(raw_finish) is str and \
                CORE_CUT.get(core_word(raw_finish) or "") == "other":
            # a word the core cuts calls off by (a time limit, cancelled) that the table
            # lacks (IBM watsonx.ai's ``time_limit`` on Chat): not finished, as its calls read
            unfinished = finish_lookup(_table(sid, tables), raw_finish) is None
        if calls and finish in ("stop", None) and not unfinished:  # (a reply still going on made no finish)
            finish = "tool_calls"
        elif (finish == "tool_calls" or finish == "error") and not calls and not invalid:
            # the provider says the model called a tool, or the reply failed: ``decode_all``
            # flags a reply that holds no call
            invalid = _tool_calls(data, dialect, registry)[1]
        if refusal is None and finish == "refusal":
            refusal = text or "refused"
        out = object.__new__(Response)  # same value as Response(...), without per-field __setattr__
        out.__dict__.update(
            provider=sid,
            text=text,
            reasoning=reasoning,
            refusal=refusal,
            tool_calls=tuple(calls),
            invalid_tool_calls=tuple(invalid),
            finish_reason=finish,
            raw_finish_reason=raw_finish,
            truncated=finish in CUT_OFF,  # the token budget or the context window: cut off either way
            usage=usage,
            parsed=parsed,
            think_stripped=stripped,
            failure=failure_words(dialect, data) if finish == "error" else None,
            raw=data,
            unfinished=unfinished,
            commentary=commentary,
        )
        return out
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


def _reader_failed(sid: str, exc: Exception) -> DecodeError:
    """What the reader of *sid* raised reading a response (its own failure, or an odd
    object of the caller's): the input could not be read, by that dialect."""
    return DecodeError(foreign(exc).message, dialect=sid, loc="$")


def normalize_finish(raw: Optional[str], provider: str, *, registry: Optional[Registry] = None) -> Optional[str]:
    """The normalised finish reason of *raw* for *provider* (a dialect id or alias,
    ``UnknownDialectError`` for any other name), from its ``Dialect.finish_reasons``; a
    registered dialect without a table is read with OpenAI Chat's (what
    OpenAI-compatible servers send). ``None`` stays ``None``; an unknown value is
    ``other``."""
    reg = registry_of(registry)
    tables = derived(_Tables, registry)
    if type(provider) is not str or provider not in tables.finish:
        reg.get(provider)  # neither an id nor an alias: never read with Chat's table
    if raw is None:
        return None
    return _normalize_finish(raw, provider, tables)


def _table(provider: str, tables: _Tables) -> Mapping[str, str]:
    return tables.finish.get(provider) or tables.finish.get(_COMPATIBLE) or {}


def _normalize_finish(raw: str, provider: str, tables: _Tables) -> str:
    """*raw* as *provider*'s table reads it; a word the table lacks that the core cuts
    calls off by (``CORE_CUT``: watsonx.ai's ``token_limit`` on Chat) as the core reads
    it, so ``truncated`` agrees with the calls; else ``other``."""
    return finish_lookup(_table(provider, tables), raw) or (type(raw) is str and CORE_CUT.get(core_word(raw) or "")) \
        or "other"


def _plain(resp: Any) -> Any:
    if isinstance(resp, (dict, list)):
        return resp
    if isinstance(resp, (str, bytes)):
        import json

        from ._json_ints import read_int
        from ._policy import TooLong

        try:
            return json.loads(resp, parse_int=read_int)  # the 4300-digit rule, whatever the interpreter's
        except TooLong as exc:
            raise DecodeError(f"Response text holds {exc}: {excerpt(resp)} at $") from None
        except ValueError:
            raise DecodeError(f"Response text is not JSON: {excerpt(resp)} at $") from None
        except RecursionError:
            raise DecodeError(f"Response text is nested too deeply to read: {excerpt(resp)} at $") from None
    try:
        from ._access import to_data
    except ImportError:  # pragma: no cover - the core module is always shipped
        return resp
    return to_data(resp)


def _detected(tables: _Tables, data: Dict[str, Any]) -> Optional[Tuple[Dialect, ResponseReader]]:
    """The first dialect whose response reader claims *data*, with that reader; of the
    dialects sharing that reader, the first whose own ``detect`` claims *data* as calls
    (``_Tables.refiners``), else the reader's owner."""
    found = next(((d, r) for d, r in tables.candidates(data) if _claims(r, data)), None)
    if found is not None:
        refiners = tables.refiners.get(id(found[1]))
        if refiners:
            for d in refiners:
                try:
                    hit = d.detect(data) if d.detect is not None else None
                except Exception:  # a detector that raises declines
                    hit = None
                if hit is not None and hit[0] == CALLS:
                    return d, found[1]
    return found


def response_dialect(data: Any, registry: Optional[Registry] = None) -> Optional[Dialect]:
    """The dialect whose whole response *data* (a dict) is, or ``None``: what
    ``normalize`` recognises without a *provider*."""
    if type(data) is not dict:
        return None
    found = _detected(derived(_Tables, registry), data)
    return None if found is None else found[0]


def _claims(reader: ResponseReader, data: Dict[str, Any]) -> bool:
    try:
        return bool(reader.detect(data))
    except Exception:  # a reader's detector that raises declines
        return False


def _tool_calls(data: Dict[str, Any], dialect: Dialect, registry: Optional[Registry]) -> Tuple[List[Any], List[Any]]:
    """The calls and the invalid calls of a reply: a call item that cannot be read is an
    ``InvalidToolCall`` beside the others (an item of no dialect too). When the calls
    cannot be read at all (a list of calls that is no list), one ``InvalidToolCall`` carries
    the error: a reply with calls never reads as one without."""
    from ._types import InvalidToolCall

    try:
        found = decode_all(data, dialect.name, invalid="keep", registry=registry)
    except ToolwireError as exc:
        try:
            found = decode_all(data, None, invalid="keep", registry=registry)
        except ToolwireError:
            return [], [InvalidToolCall(name=None, error=exc.message, loc=exc.loc)]

    calls = [c for c in found if not isinstance(c, InvalidToolCall)]
    bad = [c for c in found if isinstance(c, InvalidToolCall)]
    return calls, bad
