"""Where in a stream an error is: the chunk's place before the path inside it.

A reader speaks of the chunk it reads (``$.choices[0].delta``); the front doors know
which chunk that was and put its place first (``$[2].choices[0].delta``, ``$[2][1]...``
for the second event of a text chunk), in ``loc`` and in the message alike
(docs/streaming.md, "Errors"). Built only when an error is raised: the reading pays
nothing for it.
"""

from __future__ import annotations

from typing import Optional

from .._errors import DecodeError

__all__ = ["at_chunk", "wrong_shape"]

_PLACED = "_stream_placed"  # an error placed once already (by the reader of a text chunk)


def at_chunk(exc: DecodeError, step: str) -> DecodeError:
    """*exc* at the chunk *step* (``"[2]"``, ``"[2][1]"``): its ``loc`` ``$rest`` is
    ``${step}rest``, and so is the place its message names (said once when it named
    none). An error placed already, or at ``$.calls[i]`` (the stream's i-th call, as
    it ended: ``Results``), is given back as it is."""
    if getattr(exc, _PLACED, False) or exc.loc.startswith("$.calls["):
        return exc
    loc = exc.loc
    new = "$" + step + loc[1:] if loc[:1] == "$" else loc
    message = _replaced(getattr(exc, "_written", exc.message), loc, new)  # as written: ``short`` anew
    out = type(exc)(message, dialect=exc.dialect, loc=new)
    for k, v in vars(exc).items():  # what a subclass or a reader adds (``foreign``...), as it was
        if k not in ("message", "dialect", "loc", "_written"):
            setattr(out, k, v)
    setattr(out, _PLACED, True)
    return out


def _replaced(message: str, loc: str, new: str) -> str:
    """*message* (as written, before ``_errors.short``) with its first `` at {loc}`` (the
    whole path, not a longer one that begins with it) naming *new*; the place added when
    it names none."""
    said = f" at {loc}"
    start = message.find(said)
    while start >= 0:
        end = start + len(said)
        if end == len(message) or message[end] not in ".[":
            return message[:start] + f" at {new}" + message[end:]
        start = message.find(said, end)
    return f"{message} (at {new})"


def wrong_shape(loc: str, want: str, value: object, dialect: Optional[str]) -> DecodeError:
    """A container of a chunk in the wrong shape (*want*: ``"an object"``, ``"a list"``),
    which may hold calls: refused, as ``decode_all`` refuses it."""
    return DecodeError(f"Expected {want} at {loc}, got {type(value).__name__}: a container in the wrong shape "
                       "may hold calls", dialect=dialect, loc=loc)
