"""The arguments policy as a value (``Policy``), the checks both tiers of argument
reading share (the strict parse, ``_args``, and the repairs, ``_repair``), and the two
finish-reason rules every reader of a reply applies to its calls (``cut_reason``,
``failed_reason``: ``decode_all``, the history readers), here where the dialects may
import them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from ._dialect import finish_lookup, finish_word, key_of
from ._errors import ArgumentsError, excerpt
from ._finish_reasons import CORE_CUT, NOT_DONE, UNFINISHED, core_word
from ._flags import check_flag

if TYPE_CHECKING:
    from ._dialect import Dialect

__all__ = ["DEFAULT_POLICY", "EMPTY", "NOT_DONE", "TRUNCATING", "UNFINISHED", "Parsed", "Policy",
           "TooLong", "check_flag", "cut_reason", "failed_reason", "finish_norm", "finish_text", "make_policy",
           "no_call", "not_done", "same_json", "too_long", "unfinished_no_call", "unfinished_policy", "unknown_policy"]

Parsed = Tuple[Dict[str, Any], Optional[str], Tuple[str, ...]]

EMPTY: Tuple[str, ...] = ("empty-arguments",)  # the repairs of an empty-equivalent
_NO_REPAIRS: Tuple[str, ...] = ()


def finish_text(reason: Any, what: str) -> Optional[str]:
    """*reason* as a finish reason: a string, ``None``, or an SDK's string enum (google-genai
    ``FinishReason.MAX_TOKENS``: its value; any ``str`` subclass: ``finish_word``); a
    ``TypeError`` naming *what* otherwise."""
    if reason is None or type(reason) is str:
        return reason
    word = finish_word(reason)
    if word is not None:
        return word
    raise TypeError(f"{what} must be a string or None, got {excerpt(reason)}")


@dataclass(frozen=True)
class Policy:
    """How strictly arguments are read. Pass its fields as keywords to ``decode``.

    - ``repair``: allow the lenient json-repair tier (single quotes, trailing commas,
      comments, Python literals, unquoted keys; never a changed value).
    - ``allow_truncated``: accept the complete prefix of a cut-off argument text (the
      values it closed), recorded as ``truncated``.
    - ``max_bytes``: longest argument text accepted, in characters (not UTF-8 bytes).
    - ``max_depth``: deepest nesting accepted.
    - ``max_repair_bytes``: longest text handed to json-repair (its worst case is
      super-linear; longer malformed text is refused instead).
    - ``finish_reason``: the reply's finish reason when known, in any dialect's words.
      A token limit or a full context window (``length``, ``max_tokens``,
      ``MAX_TOKENS``, ``model_context_window_exceeded``...) marks as truncated the calls
      whose arguments needed more than a strict parse or are empty (of a reply's calls,
      ``decode_all`` and streams judge its last so: the model wrote the others whole); a failed reply
      (``error``, ``MALFORMED_FUNCTION_CALL``...) or one stopped by a content filter or a
      refusal bars every call (README "Arguments policy").
    """

    repair: bool = True
    allow_truncated: bool = False
    max_bytes: int = 16 * 1024 * 1024
    max_depth: int = 200
    max_repair_bytes: int = 64 * 1024
    finish_reason: Optional[str] = None

    def __post_init__(self) -> None:
        """Checks each field: a truthy string (``allow_truncated="false"`` read from a
        config file) would run cut-off calls, a limit given as text would fail inside a
        decoder, looking like a fault of the payload."""
        check_flag("Policy repair", self.repair)
        check_flag("Policy allow_truncated", self.allow_truncated)
        for name in ("max_bytes", "max_depth", "max_repair_bytes"):
            value = getattr(self, name)
            if type(value) is not int:
                raise TypeError(f"Policy {name} must be an int, got {excerpt(value)}")
            if value < 0:
                raise ValueError(f"Policy {name} must be 0 or more, got {value}")
        object.__setattr__(self, "finish_reason", finish_text(self.finish_reason, "Policy finish_reason"))


DEFAULT_POLICY = Policy()
_FIELDS = frozenset(Policy.__dataclass_fields__)
# finish reasons that say the reply was cut off (every dialect's words for it, one table:
# ``CORE_CUT``): at the token limit, where the context window ran out (Mistral's
# ``model_length``, Anthropic's and Bedrock's ``model_context_window_exceeded``, Cohere's
# ``ERROR_LIMIT``), or before the reply finished at all (``NOT_DONE``, ``UNFINISHED``
# among them)
TRUNCATING = frozenset(CORE_CUT)
# the normalised finish reasons (``Dialect.finish_reasons`` values) of a reply cut off
CUT_OFF = frozenset({"length", "context_window"})
# the normalised finish reason of a reply its provider reports as failed: no call of it runs
FAILED = "error"
_WINDOW = frozenset(word for word, norm in CORE_CUT.items() if norm == "context_window")


def no_call(finish: str) -> str:
    """What is wrong with a reply that *finish* says called a tool and that holds none."""
    return f"The finish reason {finish!r} says the model called a tool, but the reply holds no tool call"


def failed_no_call(finish: str) -> str:
    """What is wrong with a reply reported as failed (*finish*) that holds no call."""
    return f"The reply is reported as failed ({finish!r}) and holds no tool call: any calls the model made are lost"


def unfinished_no_call(finish: Optional[str]) -> str:
    """What is wrong with a reply whose provider says it has not finished (*finish*: its
    own word for that, when it has one) and that holds no call."""
    said = f" ({finish!r})" if finish else ""
    return f"The reply has not finished{said} and holds no tool call: the calls the model makes are not in it"


def failed_call(dialect: str, loc: str, finish: str) -> str:
    """What is wrong with the call at *loc* of a reply *dialect* reports as failed (*finish*)."""
    return (f"Tool call at {loc} is in a reply that {dialect} reports as failed ({finish}): "
            "it must not run; decode the item itself to read it anyway")


class Unfinished(str):
    """``UNFINISHED`` (equal to it, and hashed so) as ``own_finish`` reads a caller's
    ``finish_reason`` keyword: *word*, the caller's own, said by ``stopped``."""

    word: str


def unfinished_said(word: str) -> str:
    """``UNFINISHED``, carrying the caller's *word* for it (``Unfinished``)."""
    out = Unfinished(UNFINISHED)
    out.word = word
    return out


def unfinished_policy(pol: Policy, word: str) -> Policy:
    """*pol* with its ``finish_reason`` read as ``UNFINISHED``, *word* (the caller's or
    the reply's own) kept for the errors (``unfinished_said``; set past ``Policy``'s
    check, which would make it a plain word)."""
    out = replace(pol, finish_reason=UNFINISHED)
    object.__setattr__(out, "finish_reason", unfinished_said(word))
    return out


class Unknown(str):
    """A reply's finish word that no dialect's ``finish_reasons`` nor the core's
    (``CORE_CUT``) knows (``_finish.known_word``), as the arguments policy gets it
    (``unknown_policy``): equal to
    the word, and in no ``TRUNCATING``. No proof that the reply finished (Portkey's
    gateway relays an Anthropic stream's error ``type`` as a Chat ``finish_reason``), so
    the last call's empty argument text is cut off (``empty``), never run as ``{}``; the
    rest is judged as under a normal finish."""


def unknown_policy(pol: Policy, word: str) -> Policy:
    """*pol* with its ``finish_reason`` *word* read as ``Unknown`` (set past ``Policy``'s
    check, which would make it a plain word)."""
    out = replace(pol, finish_reason=word)
    object.__setattr__(out, "finish_reason", Unknown(word))
    return out


def stopped(finish_reason: str) -> str:
    """Why a reply with this (truncating or ``Unknown``) finish reason stopped, for error
    messages (``UNFINISHED`` read from a caller's word: that word)."""
    if type(finish_reason) is Unknown:
        return f"the reply's finish reason ({finish_reason}) is none toolwire knows"
    if finish_reason in _WINDOW:
        return f"the reply stopped where its context window ran out ({finish_reason})"
    if finish_reason == "incomplete":  # Responses: the reply or the item says so, not why
        return "the reply is marked incomplete (incomplete)"
    if finish_reason in NOT_DONE:
        said = getattr(finish_reason, "word", None) if finish_reason == UNFINISHED else finish_reason
        return "the reply has not finished" + ("" if said is None else f" ({said})")
    return f"the reply stopped at its token limit ({finish_reason})"


def make_policy(policy: Dict[str, Any]) -> Policy:
    """A ``Policy`` from keyword arguments (``DEFAULT_POLICY`` when there are none)."""
    if not policy:
        return DEFAULT_POLICY
    unknown = set(policy) - _FIELDS
    if unknown:
        raise TypeError(f"unknown policy keyword(s): {', '.join(sorted(unknown))}")
    return replace(DEFAULT_POLICY, **policy)


def _from_json(text: str, **kw: Any) -> Any:
    """pydantic-core's ``from_json`` (imported on first use) raising only ``ValueError``
    (``TypeError`` on lone surrogates)."""
    from pydantic_core import from_json

    try:
        return from_json(text, allow_inf_nan=False, **kw)
    except TypeError as exc:
        raise ValueError(f"lone surrogate in the text ({exc})") from None


def empty(raw: Optional[str], policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    """An empty-equivalent (``None``, ``""``, whitespace, ``"null"``): ``{}``, recorded;
    under a token-limit finish reason the call was cut off before its arguments, so
    it is truncated (refused, or with ``allow_truncated`` recorded as such); so is empty
    argument text under a finish word no table knows (``Unknown``: no proof the reply
    finished; missing arguments, an object's ``None``, stay ``{}`` there)."""
    fr = policy.finish_reason
    if fr is None or (fr not in TRUNCATING and (type(fr) is not Unknown or type(raw) is not str)):
        return {}, raw, EMPTY
    if not policy.allow_truncated:
        raise ArgumentsError(
            f"Arguments at {loc} are empty and {stopped(fr)}: "
            f"the call {'may have been' if type(fr) is Unknown else 'was'} cut off; "
            "pass allow_truncated=True to accept it",
            dialect=dialect,
            loc=loc,
            raw=raw,
            truncated=True,
        )
    return {}, raw, (*EMPTY, "truncated")


def _not_object(parsed: Any, text: str, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    if parsed is None:
        return empty(text, policy, loc, dialect)
    if type(parsed) is str:
        inner = parsed.strip()
        if inner.startswith("{"):  # held to the outer text's rules: no NaN, the depth limit
            try:
                unwrapped = _from_json(inner)
            except ValueError:
                unwrapped = None
            if type(unwrapped) is dict:
                from ._repeats import check_repeats  # lazy: the double-encoded text alone pays

                check_repeats(inner, unwrapped, loc, dialect, raw=text)
                if policy.max_depth < 200:
                    _check_depth(unwrapped, policy, text, loc, dialect)
                return unwrapped, text, ("double-encoded",)
    raise ArgumentsError(
        f"Arguments at {loc} are JSON but not an object: {type(parsed).__name__} {excerpt(parsed)}",
        dialect=dialect,
        loc=loc,
        raw=text,
    )


class TooLong(ValueError):
    """Valid JSON the parser will not read: an integer of more than 4300 digits."""


_OUT_OF_RANGE = "number out of range"  # pydantic-core's words for such an integer


def too_long(reason: str) -> Optional[str]:
    """The parser's *reason* said plainly when it is an integer too long to read
    (pydantic-core calls it "number out of range"; RFC 8259 sets no digit limit)."""
    if not reason.startswith(_OUT_OF_RANGE):
        return None
    return f"an integer of more than 4300 digits{reason[len(_OUT_OF_RANGE):]}, longer than the parser reads"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_depth(value: Any, policy: Policy, text: str, loc: str, dialect: Optional[str]) -> None:
    stack = [(value, 1)]
    limit = policy.max_depth
    while stack:
        v, d = stack.pop()
        if d > limit:
            _too_deep(policy, text, loc, dialect)
        if type(v) is dict:
            stack.extend((x, d + 1) for x in v.values() if type(x) in (dict, list))
        elif type(v) is list:
            stack.extend((x, d + 1) for x in v if type(x) in (dict, list))


def _too_deep(policy: Policy, text: str, loc: str, dialect: Optional[str], parser: bool = False) -> Any:
    """Refuse *text* as too deep: past ``max_depth``, or (*parser*) past what the JSON
    parser reads (Python's recursion limit), which a larger ``max_depth`` cannot lift."""
    limit = "what the JSON parser reads (Python's recursion limit)" if parser else f"the limit of {policy.max_depth}"
    raise ArgumentsError(
        f"Arguments at {loc} are nested deeper than {limit}",
        dialect=dialect,
        loc=loc,
        raw=text[:200],
    )


def same_json(a: Any, b: Any) -> bool:
    """Whether *a* and *b* are the same JSON value: ``==`` with the kinds of scalars
    kept apart (``True``, ``1`` and ``1.0`` are three values in JSON, one in Python).
    Iterative: as deep as the values go."""
    pairs = [(a, b)]
    while pairs:
        x, y = pairs.pop()
        t = type(x)
        if t is not type(y):
            return False
        if t is dict:
            if len(x) != len(y):
                return False
            for k, v in x.items():
                if k not in y:
                    return False
                pairs.append((v, y[k]))
        elif t is list:
            if len(x) != len(y):
                return False
            pairs.extend(zip(x, y))
        elif x != y:
            return False
    return True


def cut_reason(d: Dialect, finish: Any) -> Optional[str]:
    """The finish reason the arguments policy gets when *finish* (a reply's, as *d*
    reads it) says the reply was cut off: itself when it is one of every dialect's words
    for that (``TRUNCATING``), ``"length"`` when *d*'s ``finish_reasons`` normalises it to
    ``length`` or ``context_window`` (a third-party dialect's own word, as in its
    streams), the core's spelling of one of its words in another case that *d*'s table
    lacks (``core_word``); else ``None``. A ``str`` subclass (an SDK's enum) is read as its word."""
    if type(finish) is not str:
        if finish is None:
            return None
        finish = finish_word(finish)
        if finish is None:
            return None
    if finish in TRUNCATING:
        return str(finish)  # a plain ``str`` here: no copy
    # ``finish_lookup``, its exact hit inline (asked per call)
    norm = d.finish_reasons.get(finish) or finish_lookup(d.finish_reasons, finish)
    if norm is not None:
        return "length" if norm in CUT_OFF else None
    return core_word(finish)  # the core's word in another case (``"timeout"``), as it spells it


def not_done(d: Dialect, finish: str) -> bool:
    """Whether the plain word *finish* says a reply read by *d* has not finished: one of
    *d*'s ``unfinished_reasons``, or any built-in's (``NOT_DONE``) that *d*'s table does
    not read otherwise (Cohere's ``TIMEOUT`` on a Chat-shaped reply), each in any case as
    ``finish_lookup`` reads a word. Whole replies, streams and the ``finish_reason=``
    keyword ask this one."""
    u = d.unfinished_reasons
    if u and (finish in u or finish.upper() in u or finish.lower() in u or key_of(d.finish_reasons, finish) in u):
        return True
    return core_word(finish) in NOT_DONE and finish_lookup(d.finish_reasons, finish) in (None, "other")


def finish_norm(d: Dialect, finish: Any) -> Tuple[Optional[str], Optional[str]]:
    """*finish* as its plain word (a ``str`` subclass, an SDK's enum, read as its word)
    and what *d*'s ``finish_reasons`` normalises it to; ``(None, None)`` for no word."""
    if type(finish) is not str:
        if finish is None:
            return None, None
        finish = finish_word(finish)
        if finish is None:
            return None, None
    return finish, d.finish_reasons.get(finish) or finish_lookup(d.finish_reasons, finish)


def failed_reason(d: Dialect, finish: Any) -> Optional[str]:
    """*finish* when *d*'s ``finish_reasons`` normalises it to ``error``: the provider
    reports the reply as failed (Gemini ``MALFORMED_FUNCTION_CALL``, Bedrock
    ``malformed_tool_use``, a Responses ``failed`` status...), so no call of it runs.
    A ``str`` subclass (an SDK's enum) is read, and given, as its plain word."""
    word, norm = finish_norm(d, finish)
    return word if norm == FAILED else None
