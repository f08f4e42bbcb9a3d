"""The error tree.

::

    ToolwireError
     ├── DecodeError (ValueError)          a payload could not be read
     │    ├── ArgumentsError               a call's arguments are not a JSON object
     │    └── SchemaError                  a JSON Schema toolwire cannot read or run safely
     ├── EncodeError (ValueError)          a value cannot be written in a dialect
     └── UnknownDialectError (LookupError) no dialect by that name

Every error carries the dialect id (or ``None``) and a ``$.path`` into the input.
Messages are one sentence: what is wrong, where, in which dialect, and what the
input looked like instead; they are short whatever the input (``short``): values are
excerpts, a ``$.path`` is said whole; only a message over ``MAX_MESSAGE`` characters has
its long paths elided in their middle, and then keeps its start and end (``loc`` keeps
the whole path).
"""

from __future__ import annotations

import re
from typing import Any, Dict, NoReturn, Optional

__all__ = [
    "ArgumentsError",
    "DecodeError",
    "EncodeError",
    "SchemaError",
    "ToolwireError",
    "UnknownDialectError",
    "an",
    "excerpt",
    "refuse_server",
    "short",
]

_EXCERPT = 60
MAX_MESSAGE = 400  # characters of an error message
_PATH_END = 24  # characters kept at each end of a long path in a message
_PATH = re.compile(r"\$[^\s,;]{60,}")  # a path over 60 characters; one class, no backtracking


def _elide(m: re.Match[str]) -> str:
    path = m.group()
    return f"{path[:_PATH_END]}…{path[-_PATH_END:]}"


def short(message: str) -> str:
    """*message* as it is when it has at most ``MAX_MESSAGE`` characters (its paths
    whole); else with its long paths elided in their middle, then cut to ``MAX_MESSAGE``
    characters (its start and its end kept)."""
    if len(message) <= MAX_MESSAGE:
        return message
    if "$" in message:
        message = _PATH.sub(_elide, message)
    if len(message) > MAX_MESSAGE:
        head = MAX_MESSAGE * 2 // 3
        message = f"{message[:head]} … {message[head + 3 - MAX_MESSAGE:]}"
    return message


def an(word: str, capital: bool = False) -> str:
    """*word* after its indefinite article, for messages naming a dialect, a role or a
    kind: "an openai.chat", "an 'image'", "an mcp", "a gemini", "a 'user'"."""
    bare = word.lstrip("'\"").lower()
    vowel = bare[:1] in ("a", "e", "i", "o", "u") and not bare.startswith(("us", "uni", "eu"))  # "a 'user'"
    article = "an" if vowel or bare.startswith("mcp") else "a"
    return f"{article.capitalize() if capital else article} {word}"


def excerpt(value: Any, limit: int = _EXCERPT) -> str:
    """A short, single-line ``repr`` of *value* for error messages (never raises)."""
    try:
        text = repr(value)
    except Exception:  # a foreign object whose __repr__ raises
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


class ToolwireError(Exception):
    """Base of every error toolwire raises."""

    #: the message as written, before ``short``: what a re-rooting (``_payload_paths.moved``)
    #: rewrites, so that a moved path is said whole and then shortened as any other
    _written: str

    def __init__(self, message: str, *, dialect: Optional[str] = None, loc: str = "$") -> None:
        written, message = message, short(message)
        super().__init__(message)
        self.message = message
        self.dialect = dialect
        self.loc = loc
        self._written = written

    def __reduce__(self) -> Any:  # keep keyword state through pickle (multiprocessing, dask)
        return (_rebuild, (type(self), self.message, self.dialect, self.loc))


def _rebuild(cls: type, message: str, dialect: Optional[str], loc: str) -> ToolwireError:
    err: ToolwireError = cls(message, dialect=dialect, loc=loc)
    return err


class DecodeError(ToolwireError, ValueError):
    """A payload (or part of it) could not be decoded."""


class ArgumentsError(DecodeError):
    """A call's arguments could not be made into a JSON object under the active policy.

    ``decode_all(..., invalid="keep")`` turns these, and any other ``DecodeError`` of
    one call item, into an ``InvalidToolCall``; ``provider_data``, where the dialect that
    read the item sets it, is what the item held beside its arguments (Gemini's
    signature on a Chat call), kept on that ``InvalidToolCall`` as on a valid call.
    """

    provider_data: Optional[Dict[str, Any]] = None

    def __init__(
        self,
        message: str,
        *,
        dialect: Optional[str] = None,
        loc: str = "$",
        raw: Optional[str] = None,
        truncated: bool = False,
    ) -> None:
        super().__init__(message, dialect=dialect, loc=loc)
        self.raw = raw
        self.truncated = truncated

    def __reduce__(self) -> Any:
        return (_rebuild_args, (self.message, self.dialect, self.loc, self.raw, self.truncated, self.provider_data))


def _rebuild_args(
    message: str, dialect: Optional[str], loc: str, raw: Optional[str], truncated: bool,
    provider_data: Optional[Dict[str, Any]] = None,
) -> ArgumentsError:
    out = ArgumentsError(message, dialect=dialect, loc=loc, raw=raw, truncated=truncated)
    if provider_data is not None:
        out.provider_data = provider_data
    return out


class SchemaError(DecodeError):
    """A caller's JSON Schema is malformed (``required: 5``, ``pattern: "("``), cycles
    without reaching a value, or uses a feature toolwire refuses to run (a pattern the
    linear regex engine cannot match, an embedded ``$id``); ``loc`` points into it."""


class EncodeError(ToolwireError, ValueError):
    """A value cannot be written in the requested dialect."""


class UnknownDialectError(ToolwireError, LookupError):
    """No dialect is registered under that name."""


def refuse_server(name: str, dialect: str) -> NoReturn:
    """The ``EncodeError`` for the call *name* that its provider runs itself
    (``ToolCall.server``): a dialect or text format without that provider's item would
    write it as a call for the client to run."""
    raise EncodeError(f"Call {name!r} is run by another provider; it cannot be replayed to {dialect}",
                      dialect=dialect)
