"""toolwire: every LLM tool-call wire shape, decoded into one canonical value and back."""

from typing import TYPE_CHECKING, Any

from ._args import Policy
from ._builtin import default_registry, dialect_names, get_dialect, register_dialect
from ._codec import Detection, ToolCalls, decode, decode_all, decode_result, decode_tool, detect, explain
from ._convert import convert, encode_message
from ._dialect import Dialect
from ._encode import encode, encode_result, encode_tool
from ._errors import ArgumentsError, DecodeError, EncodeError, SchemaError, ToolwireError, UnknownDialectError
from ._ids import IdMap, IdRule
from ._names import NameMap, map_name
from ._registry import Registry
from ._types import InvalidToolCall, Tool, ToolCall, ToolResult
from .conversation import (
    Conversation,
    Message,
    Problem,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
    validate_call,
)

if TYPE_CHECKING:
    from .text._api import TextResult, decode_text, encode_text

__version__ = "0.2.0.dev0"

_LAZY = {"TextResult", "decode_text", "encode_text"}  # the text formats load on first use


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from .text import _api as _text

        return getattr(_text, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> Any:
    return sorted({*globals(), *_LAZY})

__all__ = [
    "ArgumentsError",
    "Conversation",
    "DecodeError",
    "Detection",
    "Dialect",
    "EncodeError",
    "IdMap",
    "IdRule",
    "InvalidToolCall",
    "Message",
    "NameMap",
    "Policy",
    "Problem",
    "Registry",
    "SchemaError",
    "TextResult",
    "Tool",
    "ToolCall",
    "ToolCalls",
    "ToolResult",
    "ToolwireError",
    "UnknownDialectError",
    "__version__",
    "check_conversation",
    "convert",
    "decode",
    "decode_all",
    "decode_conversation",
    "decode_result",
    "decode_text",
    "decode_tool",
    "default_registry",
    "detect",
    "dialect_names",
    "encode",
    "encode_conversation",
    "encode_message",
    "encode_result",
    "encode_text",
    "encode_tool",
    "explain",
    "fix_conversation",
    "get_dialect",
    "map_name",
    "register_dialect",
    "validate_call",
]
