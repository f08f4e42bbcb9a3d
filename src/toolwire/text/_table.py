"""Registry entries for the text formats of open-weight models (``text.*``).

Text formats carry calls inside model output text, so they have no item shapes to
detect: ``decode_all(text, "text.hermes")`` and ``decode_text`` read them,
``encode_text`` writes them. Their tool definitions and results are rendered by each
model's chat template, not by toolwire, so those directions raise a clear error.

The format modules (parsers and writers) load on first use: the registry holds only
each format's name, module and description (a test checks them against the modules).
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, Optional, Tuple

from .._bound import Bound
from .._dialect import Dialect
from .._errors import DecodeError, EncodeError, UnknownDialectError, excerpt
from .._ids import IdRule

__all__ = ["ARG_KEYS", "TEXT_DIALECTS", "format_named", "formats", "text_format"]

#: where a text format's JSON call object holds its arguments (Llama, InternLM, Command R:
#: ``parameters``); the records declare them (``Dialect.argument_keys``)
ARG_KEYS = ("arguments", "parameters")

# name, module in this package, description (the module's FORMAT has the same two)
_TABLE = (
    ("text.hermes", "hermes", "Hermes / Qwen2.5 / Qwen3: <tool_call>{json}</tool_call>, <think> reasoning"),
    ("text.qwen3-xml", "qwen3_xml", "Qwen3-Coder / Qwen3.5: <tool_call><function=NAME><parameter=KEY>value"),
    ("text.llama", "llama", "Llama 3.x JSON (parameters), <|python_tag|>, Llama 4 pythonic [f(a=1)]"),
    ("text.mistral", "mistral", "Mistral: [TOOL_CALLS] JSON array, name[CALL_ID]id[ARGS]{…}, name[ARGS]{…}"),
    ("text.deepseek", "deepseek", "DeepSeek V3 / V3.1 <｜tool▁call▁begin｜>…, V3.2 / V4 DSML invoke/parameter"),
    ("text.gemma", "gemma", 'Gemma 4: <|tool_call>call:NAME{key:<|"|>text<|"|>,n:1}<tool_call|>'),
    ("text.glm", "glm", "GLM-4.5+: <tool_call>NAME<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>"),
    ("text.kimi", "kimi", "Kimi K2: <|tool_calls_section_begin|> … functions.NAME:IDX … {json}"),
    (
        "text.harmony",
        "harmony",
        "gpt-oss Harmony: analysis/commentary/final channels, to=functions.NAME, <|call|>",
    ),
    ("text.minimax", "minimax", 'MiniMax M2: <minimax:tool_call><invoke name="NAME"><parameter name="KEY">value; '
     'M3: ]<]minimax[>[<tool_call> nested elements'),
    (
        "text.hunyuan",
        "hunyuan",
        "Hunyuan: Hy3 <tool_calls><tool_call>NAME<tool_sep><arg_key>… (HY V4: no <tool_sep>), A13B [json]",
    ),
    (
        "text.step",
        "step",
        "Step 3 <｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke>, Step 3.5 <function=NAME>",
    ),
    (
        "text.gigachat",
        "gigachat",
        'GigaChat 3: function call<|role_sep|>{"name", "arguments"}; GigaChat 3.5 GCML invoke/parameter',
    ),
    (
        "text.granite",
        "granite",
        "Granite: <|tool_call|>[json] (3.0), <tool_call>[json] (3.1+), <tool_call>{json}</tool_call> (4)",
    ),
    ("text.lfm2", "lfm2", "LFM2: <|tool_call_start|>[name(arg='v')]<|tool_call_end|> (pythonic or a JSON array)"),
    (
        "text.seed-oss",
        "seed_oss",
        "Seed-OSS: <seed:tool_call><function=NAME><parameter=KEY>value, <seed:think> reasoning",
    ),
    (
        "text.xlam",
        "xlam",
        'xLAM: a JSON array [{"name", "arguments"}] as the answer (also fenced, <tool_call>, [TOOL_CALLS])',
    ),
    ("text.jamba", "jamba", 'Jamba: <tool_calls>[{"name", "arguments"}]</tool_calls>'),
    ("text.internlm", "internlm", 'InternLM: <|action_start|><|plugin|>{"name", "parameters"}<|action_end|>'),
    ("text.ernie", "ernie", "ERNIE 4.5: <tool_call>{json}</tool_call>, </think> reasoning, <response> tags"),
    (
        "text.command-r",
        "command_r",
        "Command R7B / A: <|START_ACTION|>[{\"tool_call_id\", \"tool_name\", \"parameters\"}], "
        "<|START_THINKING|>; Command R / R+: Action: ```json [...]```",
    ),
    ("text.nemotron", "nemotron", 'Nemotron Nano v2: <TOOLCALL>[{"name", "arguments"}]</TOOLCALL>, <think> reasoning'),
    (
        "text.apertus",
        "apertus",
        'Apertus: <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>, <|inner_prefix|> reasoning',
    ),
    ("text.firefunction", "firefunction", 'FireFunction v2: functools[{"name", "arguments"}] after the answer text'),
    ("text.functionary", "functionary", "Functionary v3.2: >>>NAME\\n{json}, >>>all\\ntext (the prompt ends with >>>)"),
    (
        "text.longcat",
        "longcat",
        "LongCat-Flash: <longcat_tool_call>{json}</longcat_tool_call> (Lite: NAME<longcat_arg_key>…), "
        "<longcat_think> reasoning",
    ),
    (
        "text.olmo",
        "olmo",
        "OLMo 3: <function_calls>name(key=json)\\n…</function_calls> (pythonic lines), <think> reasoning",
    ),
    (
        "text.functiongemma",
        "functiongemma",
        "FunctionGemma: <start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>",
    ),
    (
        "text.solar-open",
        "solar_open",
        "Solar Open: <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>, "
        "<|think|> reasoning",
    ),
    (
        "text.minicpm",
        "minicpm",
        'MiniCPM 5: <function name="NAME"><param name="KEY">value</param></function>, CDATA values, <think>',
    ),
    (
        "text.dots",
        "dots",
        'dots: <dots_function_call><invoke name="NAME"><parameter name="KEY">value, or {json}; <think>',
    ),
    (
        "text.solar-open2",
        "solar_open2",
        "Solar Open 2: <|tool_call:start|>NAME\\n<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>, "
        "<|think:start|> reasoning",
    ),
    (
        "text.inkling",
        "inkling",
        'Inkling: <|message_model|>NAME<|content_invoke_tool_json|>{"name", "args"}<|end_message|>, '
        "<|content_thinking|> blocks",
    ),
    (
        "text.granite-20b-fc",
        "granite_20b_fc",
        'granite-20b-functioncalling: <function_call> {"name", "arguments"}, one object per call',
    ),
    (
        "text.muse-glimmer",
        "muse_glimmer",
        "Muse Glimmer: to=self / to=user / to=TOOL messages, <|eom|>, "
        '<atem:function_calls><atem:invoke name="NAME"><atem:parameter name="KEY">',
    ),
)


def text_format(dialect: Dialect) -> Any:
    """The ``TextFormat`` of a ``text.*`` dialect (its module is imported now)."""
    return importlib.import_module(f".{dialect.text_module}", __package__).FORMAT


def _no_shape(data: Any) -> Optional[Tuple[str, str]]:
    return None


def _refuse_decode(name: str, item: Any, *rest: Any) -> Any:
    raise DecodeError(f"{name} calls live in model output text; use decode_text(text, {name!r})", dialect=name)


def _refuse_encode(name: str, value: Any, *rest: Any) -> Dict[str, Any]:
    raise EncodeError(
        f"{name} is a text format; use encode_text(calls, {name!r}) for calls, and the "
        "model's chat template for tool definitions and results",
        dialect=name,
    )


def _make(name: str, module: str, description: str) -> Dialect:
    # partials of module-level functions, not closures: a record derived from this one
    # (``dataclasses.replace``) pickles by value with the standard ``pickle``
    decode_item, encode_item = Bound(_refuse_decode, name), Bound(_refuse_encode, name)
    return Dialect(
        name=name,
        keys=frozenset(),
        sniff=_no_shape,
        decode_call=decode_item,
        encode_call=encode_item,
        decode_tool=decode_item,
        encode_tool=encode_item,
        decode_result=decode_item,
        encode_result=encode_item,
        ids=IdRule(required=False),
        description=description,
        text_module=module,
        argument_keys=ARG_KEYS,
    )


TEXT_DIALECTS: Tuple[Dialect, ...] = tuple(_make(*row) for row in _TABLE)


_BY_NAME: Dict[str, Any] = {}


def formats() -> Tuple[Any, ...]:
    """The built-in ``TextFormat``s, in table order (their modules are imported now)."""
    global _BY_NAME
    out = tuple(text_format(d) for d in TEXT_DIALECTS)
    if not _BY_NAME:
        _BY_NAME = {f.name: f for f in out}  # published whole: other threads never see it half-filled
    return out


def format_named(name: Any) -> Any:
    """The ``TextFormat`` registered as *name* (``"text.hermes"``...)."""
    if not _BY_NAME:
        formats()
    fmt = _BY_NAME.get(name) if type(name) is str else None
    if fmt is None:
        # counted, not listed: a list of every name would pass the 400-character cap on
        # messages and be cut off in the middle of a name (as the API dialects' message)
        raise UnknownDialectError(
            f"Unknown text dialect {excerpt(name)}; {len(_BY_NAME)} text dialects are known "
            f"(text.hermes, text.llama, text.mistral, …; dialect_names() lists them)",
            dialect=None,
        )
    return fmt
