"""Fed stream chunks as plain dicts: dicts, JSON text, SSE ``data:`` lines, NDJSON,
bytes, SDK objects, or lists of these."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Mapping, Optional

from .._access import to_data
from .._args import load_json, utf8
from .._errors import DecodeError, excerpt

__all__ = ["derived_only", "plain_chunks"]

_SSE_SKIP = ("event:", "id:", "retry:", ":")


def plain_chunks(chunk: Any, wrappers: Mapping[str, str], depth: int = 0,
                 skipped: Optional[List[Any]] = None) -> Iterator[Dict[str, Any]]:
    """Plain dicts from one fed chunk: a dict, JSON text, SSE line(s), bytes, an SDK
    object, or a list of these. *wrappers* maps ``"package:QualName"`` of an SDK
    stream helper's event to the attribute holding its chunk (``""``: skip the event),
    the registry's ``Dialect.sdk_stream_events``. The first event skipped so is put in
    *skipped* (a stream of such events alone holds no chunk: ``derived_only``)."""
    if depth > 32:  # lists of lists of chunks: a list containing itself, say
        raise DecodeError("Stream chunk at $ is lists nested deeper than 32 (a cycle?)")
    t = type(chunk)
    if t is dict:
        yield chunk
    elif t is str or t is bytes or t is bytearray:
        text = chunk if t is str else utf8(chunk, "Stream chunk at $")
        yield from _text(text)
    elif chunk is None:
        return
    elif t is list or t is tuple:
        for el in chunk:
            yield from plain_chunks(el, wrappers, depth + 1, skipped)
    else:
        kind = wrappers.get(f"{t.__module__.partition('.')[0]}:{t.__qualname__}")
        if kind is not None:  # an SDK stream helper's event around the chunk
            if kind:
                yield from plain_chunks(_unwrap(chunk, kind), wrappers, depth + 1, skipped)
            elif skipped is not None and not skipped:
                skipped.append(chunk)  # an event derived from a chunk: skipped, noted
            return
        data = _object(chunk)
        if type(data) is dict:
            yield data
        elif type(data) is list:
            yield from plain_chunks(data, wrappers, depth + 1, skipped)
        else:
            raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(chunk)}")


def derived_only(skipped: List[Any], dialect: Optional[str]) -> None:
    """A stream that held no chunk, only events an SDK stream helper derives from its
    chunks (*skipped*, by ``plain_chunks``): refused (``[]`` would be a wrong answer
    that looks right: the calls were in the chunk events, not fed)."""
    if skipped:
        t = type(skipped[0])
        raise DecodeError(
            f"Stream chunks at $ are only events an SDK stream helper derives from its chunks "
            f"({t.__module__.partition('.')[0]} {t.__qualname__}...), and no chunk: feed every event the helper "
            "yields (its chunk events hold the stream)",
            dialect=dialect,
        )


def _unwrap(chunk: Any, attr: str) -> Any:
    try:
        inner = getattr(chunk, attr)
    except Exception:  # an odd instance
        raise DecodeError(f"Stream chunk at $ is an SDK stream event without its {attr!r}: {excerpt(chunk)}") from None
    if inner is None:
        raise DecodeError(f"Stream chunk at $ is an SDK stream event without its {attr!r}: {excerpt(chunk)}")
    return inner


def _object(chunk: Any) -> Any:
    """Plain data for an SDK object. ``to_data`` first; for objects it cannot read
    (values such as ``datetime`` in Anthropic and Vertex events) the object's own
    JSON-mode dump, by alias (camelCase for google-genai)."""
    try:
        return to_data(chunk, "$")
    except DecodeError:
        try:
            dump = getattr(chunk, "model_dump", None)
        except Exception:  # an object whose attribute access raises
            dump = None
        if not callable(dump):
            raise
        try:
            return dump(mode="json", by_alias=True, exclude_none=True)
        except Exception:
            pass
        raise


def _text(text: str) -> Iterator[Dict[str, Any]]:
    s = text.strip()
    if not s:
        return
    if s[0] in "{[":
        try:
            data = load_json(s)
        except ValueError:
            if "\n" not in s:
                raise DecodeError(f"Stream chunk at $ is text but not JSON: {excerpt(s)}") from None
        else:
            yield from _plain(data)
            return
    for raw in s.splitlines():
        line = raw.strip()
        if not line or line.startswith(_SSE_SKIP):
            continue
        if line.startswith("data:"):
            payload = line[5:].strip()
            if not payload or payload == "[DONE]":
                continue
        elif line[0] in "{[":
            payload = line  # NDJSON (Ollama) or saved raw chunks
        elif line == "[DONE]":
            continue
        else:
            raise DecodeError(
                f"Stream chunk at $ is text but neither JSON nor an SSE data line: {excerpt(line)}"
            )
        try:
            data = load_json(payload)
        except ValueError as exc:
            raise DecodeError(f"Stream data at $ is not JSON ({exc}): {excerpt(payload)}") from None
        yield from _plain(data)


def _plain(data: Any) -> Iterator[Dict[str, Any]]:
    if type(data) is dict:
        yield data
    elif type(data) is list:
        for el in data:
            if type(el) is dict:
                yield el
            elif el is not None:
                raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(el)}")
    elif data is not None:
        raise DecodeError(f"Stream chunk at $ is not an object: {excerpt(data)}")
