"""Registry entries for the text formats of open-weight models (``text.*``).

Text formats carry calls inside model output text, so they have no item shapes to
detect: ``decode_all(text, "text.hermes")`` and ``decode_text`` read them,
``encode_text`` writes them. Their tool definitions and results are rendered by each
model's chat template, not by toolwire, so those directions raise a clear error.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._errors import DecodeError, EncodeError
from .._ids import IdRule
from .._registry import Dialect, EncodeContext
from . import (
    text_deepseek,
    text_gemma,
    text_glm,
    text_harmony,
    text_hermes,
    text_kimi,
    text_llama,
    text_mistral,
    text_qwen3_xml,
)

__all__ = ["TEXT_DIALECTS"]


def _no_shape(data: Any) -> Optional[Tuple[str, str]]:
    return None


def _make(fmt: Any) -> Dialect:
    name: str = fmt.name

    def decode_item(item: Any, *rest: Any) -> Any:
        raise DecodeError(
            f"{name} calls live in model output text; use decode_text(text, {name!r})", dialect=name
        )

    def encode_item(value: Any, *rest: Any) -> Dict[str, Any]:
        raise EncodeError(
            f"{name} is a text format; use encode_text(calls, {name!r}) for calls, and the "
            "model's chat template for tool definitions and results",
            dialect=name,
        )

    def encode_call(call: Any, ctx: EncodeContext) -> Dict[str, Any]:
        return encode_item(call)

    return Dialect(
        name=name,
        keys=frozenset(),
        sniff=_no_shape,
        decode_call=decode_item,
        encode_call=encode_call,
        decode_tool=decode_item,
        encode_tool=encode_item,
        decode_result=decode_item,
        encode_result=encode_item,
        ids=IdRule(required=False),
        description=fmt.description or name,
        extra={"text": fmt},
    )


TEXT_DIALECTS: Tuple[Dialect, ...] = tuple(
    _make(m.FORMAT)
    for m in (
        text_hermes,
        text_qwen3_xml,
        text_llama,
        text_mistral,
        text_deepseek,
        text_gemma,
        text_glm,
        text_kimi,
        text_harmony,
    )
)
