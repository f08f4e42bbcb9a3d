"""``encode_stream``: canonical calls written as a dialect's stream chunks/events.

For tests and fuzzers: the argument text is split as asked and, where the dialect
allows it, the fragments of parallel calls are interleaved. Each dialect's stream
module writes its own events; this module only splits and dispatches.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Sequence, Union

from .._args import encode_arguments
from .._builtin import default_registry
from .._errors import EncodeError, UnknownDialectError
from .._types import ToolCall
from ..dialects.anthropic import stream as anthropic_stream
from ..dialects.bedrock import stream as bedrock_stream
from ..dialects.cohere import stream as cohere_stream
from ..dialects.gemini import stream as gemini_stream
from ..dialects.mistral import stream as mistral_stream
from ..dialects.ollama import stream as ollama_stream
from ..dialects.openai import chat_stream as openai_chat_stream
from ..dialects.openai import responses_stream as openai_responses_stream

__all__ = ["Split", "encode_stream"]

_ENCODERS: Dict[str, Callable[..., List[Dict[str, Any]]]] = {
    openai_chat_stream.NAME: openai_chat_stream.encode,
    openai_responses_stream.NAME: openai_responses_stream.encode,
    anthropic_stream.NAME: anthropic_stream.encode,
    gemini_stream.NAME: gemini_stream.encode,
    bedrock_stream.NAME: bedrock_stream.encode,
    mistral_stream.NAME: mistral_stream.encode,
    cohere_stream.NAME: cohere_stream.encode,
    ollama_stream.NAME: ollama_stream.encode,
}


Split = Union[None, int, Callable[[str], Sequence[str]]]


def encode_stream(
    calls: Sequence[Any],
    dialect: str,
    *,
    split: Split = None,
    interleave: bool = False,
    **options: Any,
) -> List[Dict[str, Any]]:
    """The chunks/events of *dialect* that stream *calls* (``ToolCall``s or canonical
    ``{"name", "args", "id"}`` dicts).

    *split* cuts each call's argument text: ``None`` (one piece), a fragment size,
    or a function ``text -> pieces``. ``interleave=True`` round-robins the fragments
    of parallel calls where the dialect allows it (``openai.chat``, ``mistral`` with
    ``with_index=True``). Dialect options: ``gemini`` ``partial_args=True`` (Vertex
    streamed arguments), ``mistral`` ``with_index=True``, ``openai.chat``
    ``with_index=False`` / ``finish_reason=...``.
    """
    reg = default_registry()
    name = reg.get(dialect).name if dialect in reg else dialect
    enc = _ENCODERS.get(name)
    if enc is None:
        raise UnknownDialectError(
            f"Dialect {dialect!r} has no stream encoder; streaming dialects: {', '.join(_ENCODERS)}"
        )
    canon = [c if isinstance(c, ToolCall) else ToolCall._validate(c) for c in calls]
    cut = _splitter(split)
    fragments = [[p for p in cut(encode_arguments(c.args, c.raw)) if p] for c in canon]
    if name == gemini_stream.NAME:
        options["split"] = cut
    if interleave:
        options["interleave"] = True
    try:
        return enc(canon, fragments, **options)
    except TypeError as exc:
        raise EncodeError(f"Bad stream option for {name}: {exc}", dialect=name) from None


def _splitter(split: Split) -> Callable[[str], Sequence[str]]:
    if split is None:
        return lambda text: [text]
    if type(split) is int:
        size = split
        if size < 1:
            raise ValueError("split must be a positive fragment size")
        return lambda text: [text[i : i + size] for i in range(0, len(text), size)]
    if callable(split):
        return split
    raise TypeError("split must be None, a fragment size or a function")
