"""Open-model text tool-call formats: the front door.

Self-hosted open-weight models write tool calls into their output text, each family
in its own format. ``decode_text(text, dialect)`` reads one whole output;
``TextParser(dialect)`` reads it incrementally (any split, down to one character),
and its ``close()`` equals ``decode_text`` of the whole text; ``encode_text(calls,
dialect)`` renders calls the way the family's chat template does (history, few-shot).

=====================  ==================================================================
``text.hermes``        Hermes / Qwen2.5 / Qwen3 ``<tool_call>{json}</tool_call>``
``text.qwen3-xml``     Qwen3-Coder / Qwen3.5 ``<function=…><parameter=…>``
``text.llama``         Llama 3.x JSON (``parameters``, ``<|python_tag|>``), Llama 4 pythonic
``text.mistral``       ``[TOOL_CALLS]`` JSON array, ``name[CALL_ID]id[ARGS]{…}``, ``name[ARGS]{…}``
``text.deepseek``      DeepSeek V3, V3.1 special tokens; V3.2 / V4 / V4.1 DSML
``text.gemma``         Gemma 4 ``<|tool_call>call:NAME{…}<tool_call|>``
``text.glm``           GLM-4.5+ ``<tool_call>NAME<arg_key>…<arg_value>…``
``text.kimi``          Kimi K2 tool-call sections (``functions.NAME:IDX``), K3 XTML
``text.harmony``       gpt-oss Harmony channels, ``to=functions.NAME``, ``<|call|>``
``text.minimax``       MiniMax M2 ``<minimax:tool_call><invoke name=…>``, M1 JSON lines
``text.hunyuan``       Hunyuan Hy3 ``<tool_call>NAME<tool_sep><arg_key>…``, A13B JSON
``text.step``          Step 3 ``<steptml:invoke>``, Step 3.5 ``<function=…><parameter=…>``
``text.gigachat``      GigaChat 3 ``function call<|role_sep|>{json}``, GigaChat 3.5 GCML
``text.granite``       Granite 3.x ``<|tool_call|>[json]``, Granite 4 ``<tool_call>{json}``
``text.lfm2``          LFM2 ``<|tool_call_start|>[f(a=1)]<|tool_call_end|>``
``text.seed-oss``      Seed-OSS ``<seed:tool_call><function=…>``, ``<seed:think>``
``text.xlam``          xLAM: a JSON array of calls as the answer
``text.jamba``         Jamba ``<tool_calls>[json]</tool_calls>``
``text.internlm``      InternLM ``<|action_start|><|plugin|>{json}<|action_end|>``
``text.ernie``         ERNIE 4.5 ``<tool_call>{json}</tool_call>``, ``<response>``
``text.command-r``     Command R7B / A ``<|START_ACTION|>[json]<|END_ACTION|>``
``text.nemotron``      Nemotron Nano v2 ``<TOOLCALL>[json]</TOOLCALL>``
``text.apertus``       Apertus ``<|tools_prefix|>[{"NAME": {…}}]<|tools_suffix|>``
``text.firefunction``  FireFunction v2 ``functools[json]`` after the answer
``text.functionary``   Functionary v3.2 ``>>>NAME\\n{json}``, ``>>>all\\n`` answer
``text.longcat``       LongCat-Flash ``<longcat_tool_call>{json}</longcat_tool_call>``, Lite ``NAME<longcat_arg_key>…``
``text.olmo``          OLMo 3 ``<function_calls>f(a="x")\\ng()</function_calls>``
``text.functiongemma`` FunctionGemma ``<start_function_call>call:NAME{…}<end_function_call>``
``text.solar-open``    Solar Open ``<|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}``
``text.minicpm``       MiniCPM 5 ``<function name="NAME"><param name="KEY">value</param></function>``
``text.dots``          dots ``<dots_function_call><invoke name="NAME"><parameter name="KEY">…``
``text.solar-open2``   Solar Open 2 ``<|tool_call:start|>NAME`` ``<|tool_arg:start|>KEY<|tool_arg:value|>…``
``text.inkling``       Inkling ``<|message_model|>NAME<|content_invoke_tool_json|>{"name", "args"}``
``text.granite-20b-fc`` granite-20b-functioncalling ``<function_call> {"name", "arguments"}``
``text.muse-glimmer`` Muse Glimmer ``to=NAME<|message|><atem:function_calls><atem:invoke name="NAME">…``, ``to=self``
=====================  ==================================================================

What ``decode_text`` returns (``TextResult``): ``content`` (the answer, every marker
removed, outer whitespace stripped, ``None`` when empty), ``reasoning`` (thinking /
analysis text, same rules) and ``tool_calls`` (``ToolCall``; ``InvalidToolCall`` for a
call that cannot be made whole — its ``raw`` is the exact text of the call region,
markers included, so no text is lost). Ids are those the format carries (Kimi,
Mistral v3/v11, Command R) and ``None`` otherwise; servers invent them, toolwire does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._errors import DecodeError, UnknownDialectError, excerpt
from .._types import ToolCall
from ._core import TextParser
from ._events import CallEvent, ContentDelta, Event, ReasoningDelta, TextResult
from ._format import TextFormat
from ._table import format_named, formats

__all__ = [
    "TEXT_FORMATS",  # noqa: F822 (module __getattr__)
    "CallEvent",
    "ContentDelta",
    "Event",
    "ReasoningDelta",
    "TextFormat",
    "TextParser",
    "TextResult",
    "decode_text",
    "encode_text",
    "get_text_format",
]

def __getattr__(name: str) -> Any:  # PEP 562: TEXT_FORMATS without an eager import
    if name == "TEXT_FORMATS":
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_text_format(name: str | TextFormat) -> TextFormat:
    """The text format registered as *name* (``"text.hermes"``...)."""
    if isinstance(name, TextFormat):
        return name
    fmt: TextFormat = format_named(name)
    return fmt


def decode_text(
    text: Any,
    dialect: str | TextFormat,
    *,
    tools: Any = None,
    finish_reason: str | None = None,
    thinking: bool | None = None,
    prompt: str | None = None,
    **policy: Any,
) -> TextResult:
    """Read the content, reasoning and tool calls out of one model output.

    - ``tools``: tool definitions in any dialect toolwire knows (or ``Tool`` values);
      they type argument values that the format writes as text.
    - ``finish_reason``: ``length`` / ``max_tokens`` mark a call that ends with the
      text as truncated (an ``InvalidToolCall``), never as a whole call.
    - ``finish_reason`` ``stop`` / ``tool_calls``: the model ended its turn, so a call
      whose closing marker is a stop token engines strip (gpt-oss ``<|call|>``) is whole;
      ``tool_calls`` (``tool_use``, ``TOOL_CALL``) over text with no call of this format
      gives one nameless ``InvalidToolCall`` saying so.
    - ``prompt``: the rendered prompt (or its end): when it ends by opening the
      reasoning (``<think>``, ``[THINK]``...), the output starts inside it.
    - ``thinking``: say so directly instead (DeepSeek V3.1+ and Qwen3.5 thinking mode,
      Qwen3-Thinking-2507); a ``DecodeError`` when it contradicts ``prompt``.
    - Policy keywords (``repair``, ``allow_truncated``, ``max_bytes``, ``max_depth``,
      ``max_repair_bytes``) are those of ``decode``, for the calls' arguments;
      ``allow_truncated`` keeps the complete prefix of argument JSON cut off inside a
      call whose region closed (a region that never closes stays an ``InvalidToolCall``).
    """
    fmt = get_text_format(dialect)
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DecodeError(f"Text is not UTF-8: {exc}", dialect=fmt.name) from None
    if type(text) is not str:
        raise DecodeError(
            f"decode_text takes the model's output text, got {type(text).__name__} {excerpt(text)}",
            dialect=fmt.name,
        )
    return fmt.decode(text, tools=tools, finish_reason=finish_reason, thinking=thinking, prompt=prompt, **policy)


def encode_text(
    calls: ToolCall | Sequence[ToolCall],
    dialect: str | TextFormat,
    *,
    variant: str | None = None,
) -> str:
    """Render *calls* as the family's model output text (``variant``: see ``TextFormat.variants``).

    Without ``variant``, calls that were decoded from this format are written back in
    the variant they came in (recorded in their provider data), else in the family's
    default. No calls render as ``""``. A value the format cannot carry (a string containing the
    marker that would end it) raises ``EncodeError``.
    """
    fmt = get_text_format(dialect)
    if variant is not None and variant not in fmt.variants:
        raise UnknownDialectError(
            f"Unknown variant {excerpt(variant)} of {fmt.name}; known variants: "
            f"{', '.join(fmt.variants) or 'none'}",
            dialect=fmt.name,
        )
    items: list[ToolCall] = list(calls) if isinstance(calls, (list, tuple)) else [calls]  # type: ignore[list-item]
    if variant is None:  # calls decoded from this format: write them back in their own variant
        seen = {_variant_of(c, fmt.name) for c in items}
        if len(seen) == 1:
            only = seen.pop()
            variant = only if only in fmt.variants else None
    return fmt.encode(items, variant) if items else ""


def _variant_of(call: Any, dialect: str) -> str | None:
    data = getattr(call, "provider_data", None)
    scoped = data.get(dialect) if type(data) is dict else None
    v = scoped.get("variant") if type(scoped) is dict else None
    return v if type(v) is str else None
