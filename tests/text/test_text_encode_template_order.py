"""encode_text renders calls as the family's chat template does (history, few-shot).

- Gemma 4 (google/gemma-4 chat template, copied as llama.cpp
  ``models/templates/gemma4.jinja``): ``for key, value in function['arguments'] |
  dictsort`` and ``format_argument`` iterate mappings with ``| dictsort`` too, so the
  keys are sorted at every level (Jinja's ``dictsort`` ignores case); lists keep order.
- LFM2.5 (llama.cpp ``models/templates/LFM2.5-8B-A1B.jinja``, ``format_arg_value``): a
  mapping argument is written ``arg_value | tojson``; other values ``| string``.
"""

from __future__ import annotations

from toolwire import ToolCall, decode_text, encode_text

Q = '<|"|>'


def test_gemma_sorts_argument_keys_at_every_level() -> None:
    call = ToolCall("book", {"to": "Paris", "from": "Lyon", "opts": {"seat": "A1", "class": "eco"}})
    assert encode_text(call, "text.gemma") == (
        f"<|tool_call>call:book{{from:{Q}Lyon{Q},opts:{{class:{Q}eco{Q},seat:{Q}A1{Q}}},to:{Q}Paris{Q}}}<tool_call|>"
    )


def test_gemma_sorts_keys_ignoring_case_and_keeps_list_order() -> None:
    call = ToolCall("f", {"Zed": 1, "alpha": [{"b": 2, "a": 1}, 3]})
    assert encode_text(call, "text.gemma") == "<|tool_call>call:f{alpha:[{a:1,b:2},3],Zed:1}<tool_call|>"
    assert decode_text(encode_text(call, "text.gemma"), "text.gemma").tool_calls == (call,)


def test_lfm2_writes_a_mapping_argument_as_json() -> None:
    call = ToolCall("f", {"o": {"k": True, "n": None, "s": "it's"}, "xs": [1, True, None], "s": "x"})
    text = encode_text(call, "text.lfm2")
    assert text == ("<|tool_call_start|>[f(o={\"k\": true, \"n\": null, \"s\": \"it's\"}, xs=[1, True, None], "
                    "s='x')]<|tool_call_end|>")
    assert decode_text(text, "text.lfm2").tool_calls == (call,)
