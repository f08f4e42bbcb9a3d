"""Scaling of the entry points that read model output or a caller's schema, at n and 4n.

Run: ``python benchmarks/bench_scaling.py [--quick]``. Each row times one hostile input
of size n and of size 4n in the same run and prints the ratio: linear work gives ~4x,
quadratic ~16x (DESIGN.md invariant 8; issue #16). Inputs:

- DeepSeek DSML: an ``invoke`` tag followed by letters and no ``=`` (cut off);
- Llama: ``<|python_start|>``, spaces, then a quote (cut off);
- ``response.normalize``: ``"<think>"`` repeated, never closed;
- ``retry.classify`` / JSON extraction: three backticks and letters, no newline; n/100
  openers before a list that never closes (each was decoded to the end); ``{"a":[``
  repeated, nested past the recursion limit (each opener was decoded to that limit);
- ``schema.validate``: an array nested n deep against a recursive ``anyOf`` schema;
- text formats (#17): a DSML invoke and a Kimi K3 call with many parameters, plain
  Harmony text, a Qwen3-Coder call and an unclosed Gemma bare call fed one character
  at a time;
- ``pattern`` ``^(a+)+$`` against n ``a``s and a ``!`` (18.7 s at 28 on Python's ``re``),
  in ``schema.validate`` and a ``to_pydantic`` model;
- ``uniqueItems`` over n distinct items (8.5 s at 6,000 when compared pairwise);
- n definitions each an ``allOf`` of two ``$ref``s to the next, in ``schema.validate``
  (the one issue was copied per visit: 2^n copies);
- n definitions each using the next twice (2^n nodes expanded), rendered for
  ``gemini.openapi`` (which inlines them) and made a ``to_pydantic`` model;
- a Chat history whose one assistant message holds n calls (its parts tuple grew
  by a copy per call: 13x at 4n);
- an object of n properties, all required, rendered and limit-checked (each property
  looked up in the ``required`` list: 11-20x at 4n), an ``allOf`` of n one-property
  branches merged for rendering (properties and ``required`` copied per branch), and an
  ``allOf`` of two ``enum``s of n values (intersected pairwise: 16x at 4n);
- n ``required`` names beside a ``oneOf`` of n branches (the names copied into each
  branch, or made a set again per branch: 12-17x at 4n), and for ollama/vllm a chain
  of ``enum`` nodes each beside an ``allOf`` holding the next (each level's values
  checked against the whole chain below: 13x at 4n);
- n properties each a ``$ref`` to the one before (moved into ``$defs`` before the
  rewrite), and a pattern of n character classes rewritten to ECMA-262's ASCII meaning;
- ``to_pydantic`` of n property names that all become one Python identifier (each took
  its suffix by trying ``a_2``, ``a_3``... again) and of an ``anyOf`` of n ``const``
  branches (each type compared with all kept before it);

and every entry point on ordinary model output of size n (``ENTRY_CASES``): ``decode``
(arguments of n characters), ``decode_all`` (n calls), every stream dialect with
one-character deltas (n chunks; Gemini also as Vertex ``partialArgs``), the hostile
stream bookkeeping of issue #16 item 3, a Chat stream with the name on every
one-character delta and no id (Kimi K2: each repeat asks whether the text so far is a
whole value; the text is scanned once, not once per delta), every text format (``decode_text`` and a
``TextParser`` fed one character at a time), ``response.normalize``,
``retry.classify``, ``schema.validate`` and a ``to_pydantic`` model (n items).
``--memory`` adds the peak memory (``tracemalloc``) per input byte of the streams and
text parsers at 4n.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import sys
import time
import tracemalloc
from typing import Any, Callable, Dict, List, Tuple

import toolwire
from toolwire import schema
from toolwire._json_extract import extract_json
from toolwire.response import normalize
from toolwire.retry import classify, prepare
from toolwire.schema._pattern import ecma_to_rust  # the rewrite alone (validate caches its result)
from toolwire.stream import TextParser, accumulate, encode_stream, stream_dialects
from toolwire.text import decode_text, encode_text
from toolwire.text._pylit import python_literal

RECURSIVE = {"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]}


def _nest(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = [v]
    return v


def _deep_object(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = {"k" * 100: v}
    return v


NESTED_PATTERN = {"type": "string", "pattern": "^(a+)+$"}
PATTERN_MODEL = schema.to_pydantic({"type": "object", "properties": {"s": NESTED_PATTERN}})
UNIQUE = {"type": "array", "uniqueItems": True}
UNIQUE_MODEL = schema.to_pydantic({"type": "object", "properties": {"a": UNIQUE}})

def _doubling(n: int) -> Any:
    """n model-less definitions, each using the next twice: 2^n leaves when expanded."""
    defs: Any = {f"D{i}": {"anyOf": [{"$ref": f"#/$defs/D{i + 1}"}, {"type": "array", "items": {"$ref": f"#/$defs/D{i + 1}"}}]}
                 for i in range(n)}
    defs[f"D{n}"] = {"type": "string"}
    return {"type": "object", "properties": {"r": {"$ref": "#/$defs/D0"}}, "required": ["r"], "$defs": defs}


def _all_of_twice(n: int) -> Dict[str, Any]:
    """n definitions, each an ``allOf`` of two ``$ref``s to the next (2^n visits, and 2^n
    copies of the one issue, when a pair reached again repeats its issues)."""
    defs: Any = {f"D{i}": {"allOf": [{"$ref": f"#/$defs/D{i + 1}"}, {"$ref": f"#/$defs/D{i + 1}"}]} for i in range(n)}
    defs[f"D{n}"] = {"type": "integer"}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/D0"}}, "$defs": defs}


def _calls_history(n: int) -> Dict[str, Any]:
    calls = [{"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in range(n)]
    return {"messages": [{"role": "user", "content": "go"}, {"role": "assistant", "content": None, "tool_calls": calls}]}


def _wide(n: int, required: bool) -> Dict[str, Any]:
    names = [f"p{i}" for i in range(n)]
    out: Dict[str, Any] = {"type": "object", "properties": {k: {"type": "integer"} for k in names}}
    if required:
        out["required"] = names
    return out


def _all_of(n: int) -> Dict[str, Any]:
    return {"allOf": [{"properties": {f"p{i}": {"type": "integer"}}, "required": [f"p{i}"]} for i in range(n)]}


def _all_of_enums(n: int) -> Dict[str, Any]:
    """An ``allOf`` of two ``enum``s of n values each, objects among them (intersected by
    comparing each value with each of the other: 16x at 4n)."""
    values = [{"k": i} if i % 2 else i for i in range(n)]
    return {"type": "object", "properties": {"a": {"allOf": [{"enum": values}, {"enum": values[::-1]}]}}}


def _required_beside_branches(n: int) -> Dict[str, Any]:
    """An object requiring n names beside a ``oneOf`` of n object branches, each adding a
    property (the names were copied into each branch: 10.7 s and 421 MB at 4,000)."""
    return {"type": "object", "properties": {"a": {"type": "object", "required": [f"k{i}" for i in range(n)],
            "oneOf": [{"type": "object", "properties": {f"b{i}": {"type": "string"}}} for i in range(n)]}}}


def _values_chain(n: int) -> Dict[str, Any]:
    """An ``enum`` beside an ``allOf`` holding the next ``enum``..., n/10 deep, ten times
    (each level's values were checked against the whole chain below: 2.9 s at 1,200)."""
    def chain() -> Any:
        node: Any = {"type": "integer"}
        for _ in range(n // 10):
            node = {"enum": [1], "allOf": [node]}
        return node
    return {"type": "object", "properties": {f"p{i}": chain() for i in range(10)}}


def _refs_to_properties(n: int) -> Dict[str, Any]:
    """n properties, each a ``$ref`` to the one before it (targets outside ``$defs``)."""
    props: Dict[str, Any] = {"p0": {"type": "string"}}
    props.update({f"p{i}": {"$ref": f"#/properties/p{i - 1}"} for i in range(1, n)})
    return {"type": "object", "properties": props, "required": list(props)}


_NON_WORD = [chr(c) for c in range(0x21, 0x3000) if not (chr(c).isalnum() or chr(c) == "_") and chr(c).isprintable()]


def _one_identifier(n: int) -> Dict[str, Any]:
    """n property names that all become the Python identifier ``a`` (``a!``, ``a#``...)."""
    k = len(_NON_WORD)
    return {"type": "object", "properties": {f"a{_NON_WORD[i % k]}{_NON_WORD[i // k]}": {"type": "integer"}
                                             for i in range(n)}}


def _model(model: Any, value: Any) -> bool:
    try:
        model.model_validate(value)
    except ValueError:  # pydantic's ValidationError: a refusal is an answer too
        return False
    return True


STATE = prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]},
                {"type": "object", "properties": {"a": {"type": "integer"}}}, "openai.chat", mode="native").state


def _chat(text: str) -> Any:
    return {"choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}


CASES: List[Tuple[str, int, Callable[[int], Any], Callable[[Any], Any]]] = [
    ("text.deepseek DSML invoke + letters", 12_000,
     lambda n: "<｜DSML｜function_calls><｜DSML｜invoke " + "a" * n,
     lambda t: toolwire.decode_text(t, "text.deepseek", finish_reason="length")),
    ("text.llama <|python_start|> + spaces + quote", 16_000,
     lambda n: "<|python_start|>" + " " * n + "'",
     lambda t: toolwire.decode_text(t, "text.llama", finish_reason="length")),
    ("text.deepseek DSML invoke with n/40 parameters", 40_000,
     lambda n: "<｜DSML｜tool_calls><｜DSML｜invoke name=\"f\">" + "".join(
         f'<｜DSML｜parameter name="p{i}" string="true">v</｜DSML｜parameter>' for i in range(n // 40))
     + "</｜DSML｜invoke></｜DSML｜tool_calls>",
     lambda t: toolwire.decode_text(t, "text.deepseek")),
    ("text.kimi K3 call with n/50 arguments", 50_000,
     lambda n: "<|open|>tools<|sep|><|open|>call tool=\"f\" index=\"1\"<|sep|>" + "".join(
         f'<|open|>argument key="k{i}" type="string"<|sep|>v<|close|>argument<|sep|>' for i in range(n // 50))
     + "<|close|>call<|sep|><|close|>tools<|sep|>",
     lambda t: toolwire.decode_text(t, "text.kimi")),
    ("text.harmony plain text, one-character deltas", 20_000, lambda n: "word " * (n // 5),
     lambda t: _stream(t, "text.harmony")),
    ("text.qwen3-xml one call, one-character deltas", 20_000,
     lambda n: "<tool_call>\n<function=f>\n<parameter=a>\n" + "x\n" * (n // 2) + "</parameter>\n</function>\n</tool_call>",
     lambda t: _stream(t, "text.qwen3-xml")),
    ("text.gemma bare call:{ never closed", 20_000, lambda n: "<channel|>call:f{" + "a:[" * (n // 3),
     lambda t: _stream(t, "text.gemma")),
    ("response.normalize '<think>' x n", 8_000, lambda n: _chat("<think>" * n), normalize),
    ("retry.classify fence + letters", 32_000, lambda n: _chat("```" + "a" * n), lambda r: classify(r, STATE)),
    ("retry.classify n/100 openers, a list never closed", 20_000, lambda n: _chat("[" * (n // 100) + "1," * n),
     lambda r: classify(r, STATE)),
    ("extract_json, nested keys", 120_000, lambda n: '{"a":[' * (n // 6), extract_json),
    ("schema.validate recursive anyOf, n deep", 60, _nest, lambda v: schema.validate(v, RECURSIVE)),
    ("schema.validate pattern ^(a+)+$, 'a' x n + '!'", 25_000, lambda n: "a" * n + "!",
     lambda t: schema.validate(t, NESTED_PATTERN)),
    ("to_pydantic model pattern ^(a+)+$, 'a' x n + '!'", 25_000, lambda n: {"s": "a" * n + "!"},
     lambda v: _model(PATTERN_MODEL, v)),
    ("schema.validate uniqueItems, n distinct items", 6_000, lambda n: [[i, {"k": str(i)}] for i in range(n)],
     lambda v: schema.validate(v, UNIQUE)),
    ("schema.validate, n definitions each an allOf of two $refs to the next", 200, _all_of_twice,
     lambda sch: schema.validate({"a": "x"}, sch)),
    ("schema.render gemini.openapi, n definitions each used twice", 16, _doubling,
     lambda sch: schema.render(sch, "gemini.openapi", on_error="report")),
    ("to_pydantic, n definitions each used twice", 4, _doubling, schema.to_pydantic),
    ("to_pydantic model uniqueItems, n distinct items", 6_000, lambda n: {"a": [[i, {"k": str(i)}] for i in range(n)]},
     lambda v: _model(UNIQUE_MODEL, v)),
    ("ToolCall(args nested n deep, 100-char keys)", 4_000, _deep_object, lambda v: toolwire.ToolCall("f", v)),
    ("decode_conversation, one Chat message with n calls", 10_000, _calls_history,
     lambda body: toolwire.decode_conversation(body, "openai.chat")),
    ("schema.render openai.chat, n properties, all required", 4_000, lambda n: _wide(n, True),
     lambda sch: schema.render(sch, "openai.chat", on_error="report")),
    ("schema.check_limits, n properties, all required", 4_000, lambda n: _wide(n, True),
     lambda sch: schema.check_limits(sch, "openai.chat")),
    ("schema.render openai.chat, allOf of n one-property branches", 2_000, _all_of,
     lambda sch: schema.render(sch, "openai.chat", on_error="report")),
    ("schema.render openai.chat, allOf of two enums of n values", 2_000, _all_of_enums,
     lambda sch: schema.render(sch, "openai.chat", on_error="report")),
    *[(f"schema.render {t}, n required names beside n oneOf branches", 2_000, _required_beside_branches,
       lambda sch, t=t: schema.render(sch, t, on_error="report")) for t in ("openai.chat", "anthropic.tool", "ollama")],
    *[(f"schema.render {t}, enum beside an allOf holding the next, n/10 deep x 10", 300, _values_chain,
       lambda sch, t=t: schema.render(sch, t, on_error="report")) for t in ("ollama", "vllm")],
    ("schema.render openai.chat, n $refs to properties", 2_000, _refs_to_properties,
     lambda sch: schema.render(sch, "openai.chat", on_error="report")),
    ("to_pydantic, n property names of one identifier", 2_500, _one_identifier, schema.to_pydantic),
    ("to_pydantic, anyOf of n const branches", 4_000,
     lambda n: {"type": "object", "properties": {"a": {"anyOf": [{"const": f"v{i}"} for i in range(n)]}}},
     schema.to_pydantic),
    ("pattern of n chars of \\d \\w \\s classes, ECMA-262 rewrite", 200_000,
     lambda n: "^" + "[\\d\\w]\\s?" * (n // 8) + "$", ecma_to_rust),
    # the sixth hunt's text-format fixes (#17): Python literals typed by a schema, cut-off
    # blocks of many calls, DSML invokes searched for parameters, text held in <think>
    ("Python literal of n/36 dicts in a list", 360_000,
     lambda n: "[" + "{'k': 'v\\\\n', 'n': [1, 2.5, True]}, " * (n // 36) + "]", python_literal),
    ("text.jamba block of n/38 calls, the last cut off", 76_000,
     lambda n: "<tool_calls>[" + '{"name": "f", "arguments": {"a": 1}}, ' * (n // 38) + '{"name": "g", "arguments": {"b": "lo',
     lambda t: decode_text(t, "text.jamba", finish_reason="length")),
    ("text.lfm2 block of n/8 pythonic calls, the last cut off", 16_000,
     lambda n: "<|tool_call_start|>[" + "f(a=1), " * (n // 8) + 'g(b="lo',
     lambda t: decode_text(t, "text.lfm2", finish_reason="length")),
    ("text.deepseek n/40 DSML invokes without parameters, then one with", 160_000,
     lambda n: ("<｜DSML｜tool_calls>\n" + '<｜DSML｜invoke name="f">\n</｜DSML｜invoke>\n' * (n // 40)
                + '<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="b" string="true">x</｜DSML｜parameter>\n'
                "</｜DSML｜invoke>\n</｜DSML｜tool_calls>"), lambda t: decode_text(t, "text.deepseek")),
    ("text.qwen3-xml calls held in an open <think>, fed 3 characters at a time", 40_000,
     lambda n: "<think>a " + "<tool_call>\n<function=f>\n</function>\n</tool_call> x" * (n // 50),
     lambda t: _fed(t, "text.qwen3-xml", 3)),
    ("text.kimi section marker held in an open <think>, fed 3 characters at a time", 40_000,
     lambda n: "<think>a " + "<|tool_calls_section_begin|>y " * (n // 30), lambda t: _fed(t, "text.kimi", 3)),
    # held blocks each cut by its closing marker (the thirtieth session): a call region that
    # never ends, one inside a value that never closes, closed blocks held from their call
    ("text.command-r n/50 blocks: opener, held call marker, closer", 400_000,
     lambda n: "<|START_THINKING|><|START_ACTION|><|END_THINKING|>" * (n // 50),
     lambda t: decode_text(t, "text.command-r")),
    ("text.qwen3-xml n/52 blocks: held call, a value never closed, closer", 400_000,
     lambda n: "<think><tool_call><function=f><parameter=a></think>" * (n // 52),
     lambda t: decode_text(t, "text.qwen3-xml")),
    ("text.qwen3-xml n/61 closed blocks each held from its call", 400_000,
     lambda n: "<think><tool_call><function=f></function></tool_call></think>" * (n // 61),
     lambda t: decode_text(t, "text.qwen3-xml")),
]


def _fed(text: str, dialect: str, size: int) -> Any:
    p = TextParser(dialect)
    for i in range(0, len(text), size):
        p.feed(text[i : i + size])
    return p.close()


def _stream(text: str, dialect: str) -> Any:
    p = TextParser(dialect)
    for ch in text:
        p.feed(ch)
    return p.close("stop")


# --- every entry point on ordinary model output of size n ----------------------------------


def _call(n: int) -> toolwire.ToolCall:
    return toolwire.ToolCall(name="write_file", args={"path": "notes.txt", "text": "lorem ipsum " * (n // 12 + 1)},
                             id="call_0")


WHOLE_CALLS = ("gemini", "ollama")  # streams that deliver each call whole (no argument deltas)


def _one_char(dialect: str, **options: Any) -> Callable[[int], Any]:
    return lambda n: encode_stream([_call(n)], dialect, split=1, **options)


def _chat_index_less(n: int) -> List[Dict[str, Any]]:
    """Choice 1's call continued without index or id after n calls of choice 0."""
    def chunk(choice: int, tc: Dict[str, Any]) -> Dict[str, Any]:
        return {"object": "chat.completion.chunk", "choices": [{"index": choice, "delta": {"tool_calls": [tc]}}]}
    head = {"id": "call_x", "type": "function", "function": {"name": "f", "arguments": ""}}
    out = [chunk(1, head)]
    out += [chunk(0, {"index": i, "id": f"call_{i}", "function": {"name": "f", "arguments": "{}"}}) for i in range(n)]
    return out + [chunk(1, {"function": {"arguments": "{" if i == 0 else " "}}) for i in range(n)] + [
        chunk(1, {"function": {"arguments": "}"}})]


def _chat_name_every_delta(n: int) -> List[Dict[str, Any]]:
    """One call's arguments of n characters, one per delta, each delta with the name
    and no id (Kimi K2 through some OpenAI-compatible servers)."""
    return [{"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "type": "function", "function": {"name": "write_file", "arguments": ch}}]}}]}
        for ch in json.dumps(_call(n).args)]


def _one_line_in_pieces(n: int) -> List[bytes]:
    """An SSE body whose one call has arguments of n characters, in 16-byte pieces (a
    transport's ``iter_bytes()``): the unfinished line is kept, joined once."""
    body = b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in encode_stream([_call(n)], "openai.chat"))
    return [body[i:i + 16] for i in range(0, len(body), 16)]


def _chat_finish_per_chunk(n: int) -> List[Dict[str, Any]]:
    return [{"object": "chat.completion.chunk", "choices": [
        {"index": 0, "delta": {"tool_calls": [{"index": i, "id": f"call_{i}", "function": {"name": "f", "arguments": "{}"}}]}},
        {"index": 1, "delta": {}, "finish_reason": "stop"}]} for i in range(n)]


def _responses_done_again(n: int) -> List[Dict[str, Any]]:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}
    events = [{"type": "response.output_item.added", "output_index": 0, "item": item}]
    events += [{"type": "response.function_call_arguments.delta", "output_index": 0, "delta": " "}] * n
    return events + [{"type": "response.function_call_arguments.done", "output_index": 0, "arguments": "{}"}] * n


def _gemini_jumps(n: int) -> List[Dict[str, Any]]:
    def chunk(fc: Dict[str, Any]) -> Dict[str, Any]:
        return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": fc}]}, "index": 0}]}
    out = [chunk({"name": "f", "willContinue": True})]
    out += [chunk({"partialArgs": [{"jsonPath": f"$.a[{i * 10_000}]", "numberValue": 1}], "willContinue": True})
            for i in range(1, n + 1)]
    return out + [chunk({})]


def _feed_chars(fmt: str) -> Callable[[str], Any]:
    def run(text: str) -> Any:
        parser = TextParser(fmt)
        for ch in text:
            parser.feed(ch)
        return parser.close()
    return run


TEXT_FORMATS = ["text.hermes", "text.qwen3-xml", "text.llama", "text.mistral", "text.deepseek", "text.gemma",
                "text.glm", "text.kimi", "text.harmony", "text.longcat", "text.solar-open", "text.minicpm",
                "text.dots", "text.solar-open2",
                "text.inkling", "text.granite-20b-fc", "text.muse-glimmer"]
SCHEMA = {"type": "object", "properties": {"items": {"type": "array", "items": {
    "type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}, "required": ["id"]}}}}
MODEL = schema.to_pydantic(SCHEMA)
ITEMS_STATE = prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]}, SCHEMA, "openai.chat",
                      mode="native").state


def _items(n: int) -> Dict[str, Any]:
    return {"items": [{"id": i, "name": f"item {i}"} for i in range(n)]}


def _tool_calls(n: int) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}} for i in range(n)]}


#: (name, n, make input of size n, entry point, kind: "stream" / "text" rows get a memory figure)
ENTRY_CASES: List[Tuple[str, int, Callable[[int], Any], Callable[[Any], Any], str]] = [
    ("decode, arguments of n chars", 200_000,
     lambda n: {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": json.dumps(_call(n).args)}},
     toolwire.decode, ""),
    ("decode_all, n calls", 5_000, _tool_calls, toolwire.decode_all, ""),
    *[(f"stream {d}, 1-char deltas", 16_000, _one_char(d), lambda c, d=d: accumulate(c, d), "stream")
      for d in stream_dialects() if d not in WHOLE_CALLS],
    ("stream gemini partialArgs, 1-char pieces", 16_000, _one_char("gemini", partial_args=True),
     lambda c: accumulate(c, "gemini"), "stream"),
    *[(f"stream {d}, n whole calls", 4_000, lambda n, d=d: encode_stream([_call(40)] * n, d),
       lambda c, d=d: accumulate(c, d), "stream") for d in WHOLE_CALLS],
    ("stream openai.chat, deltas without index", 4_000, _chat_index_less, lambda c: accumulate(c, "openai.chat"), ""),
    ("stream openai.chat, the name on every 1-char delta (Kimi K2)", 16_000, _chat_name_every_delta,
     lambda c: accumulate(c, "openai.chat"), "stream"),
    ("stream openai.chat, finish_reason per chunk", 4_000, _chat_finish_per_chunk,
     lambda c: accumulate(c, "openai.chat"), ""),
    ("stream openai.responses, arguments.done again", 8_000, _responses_done_again,
     lambda c: accumulate(c, "openai.responses"), ""),
    ("stream gemini partialArgs index jumps", 400, _gemini_jumps, lambda c: accumulate(c, "gemini"), ""),
    ("stream bytes, one line of n chars in 16-byte pieces", 100_000, _one_line_in_pieces,
     lambda c: accumulate(c, "openai.chat"), ""),
    *[(f"decode_text {f}", 100_000, lambda n, f=f: encode_text([_call(n)], f),
       lambda t, f=f: toolwire.decode_text(t, f), "") for f in TEXT_FORMATS],
    *[(f"TextParser {f}, 1-char deltas", 16_000, lambda n, f=f: encode_text([_call(n)], f), _feed_chars(f), "text")
      for f in TEXT_FORMATS],
    ("response.normalize, text of n chars", 200_000, lambda n: _chat("lorem ipsum " * (n // 12)), normalize, ""),
    ("retry.classify, n items", 2_000, lambda n: _chat(json.dumps(_items(n))), lambda r: classify(r, ITEMS_STATE), ""),
    ("schema.validate, n items", 2_000, _items, lambda v: schema.validate(v, SCHEMA), ""),
    ("to_pydantic model, n items", 2_000, _items, MODEL.model_validate, ""),
]


def _peak_per_byte(fn: Callable[[Any], Any], arg: Any) -> float:
    size = len(json.dumps(arg, ensure_ascii=False)) if not isinstance(arg, str) else len(arg.encode())
    tracemalloc.start()
    with contextlib.suppress(toolwire.ToolwireError):
        fn(arg)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / size


CLOCK = time.perf_counter  # ``--cpu``: this process's CPU time (steadier on a shared machine)


def _time(fn: Callable[[Any], Any], arg: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        t = CLOCK()
        with contextlib.suppress(toolwire.ToolwireError):  # a refusal is an answer too
            fn(arg)
        best = min(best, CLOCK() - t)
    return best


def main(argv: Any = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--memory", action="store_true", help="peak memory per input byte of streams and text parsers")
    ap.add_argument("--only", default="", help="run the rows whose name contains this text")
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU clock, not the wall clock")
    a = ap.parse_args(argv)
    global CLOCK
    if a.cpu:
        CLOCK = time.process_time
    repeat = 1 if a.quick else 3
    print("| case | n | time at n | time at 4n | ratio |\n| --- | ---: | ---: | ---: | ---: |")
    worst = 0.0
    rows = [(name, n, make, fn, "") for name, n, make, fn in CASES] + ENTRY_CASES
    memory: List[Tuple[str, float]] = []
    for name, n, make, fn, kind in rows:
        if a.only not in name:
            continue
        big_input = make(4 * n)
        small, big = _time(fn, make(n), repeat), _time(fn, big_input, repeat)
        worst = max(worst, big / small)
        print(f"| {name} | {n:,} | {small * 1e3:.2f} ms | {big * 1e3:.2f} ms | {big / small:.1f}x |", flush=True)
        if a.memory and kind:
            memory.append((name, _peak_per_byte(fn, big_input)))
    print(f"\nworst ratio: {worst:.1f}x")
    if memory:
        print("\n| case (at 4n) | peak bytes per input byte |\n| --- | ---: |")
        for name, per in memory:
            print(f"| {name} | {per:.1f} |")
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    sys.exit(main())
